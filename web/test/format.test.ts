import { describe, expect, it } from 'vitest';
import { formatsFor, localeFor } from '../src/format.js';

describe("values in the person's locale", () => {
  it("takes the browser's region where it speaks the app's language", () => {
    expect(localeFor('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(localeFor('en', ['nb-NO'])).toBe('en-GB');
    expect(localeFor('nb', ['en-US'])).toBe('nb-NO');
  });

  it('writes dates day first in en-GB and in Norwegian, month first in en-US, one format per kind', () => {
    const moment = new Date(2026, 10, 28, 6, 56);
    expect(formatsFor('en', ['en-GB']).date(moment)).toBe('28 Nov 2026');
    expect(formatsFor('en', ['en-GB']).dateTime(moment)).toBe('28 Nov 2026, 06:56');
    expect(formatsFor('en', ['en-US']).date(moment)).toBe('Nov 28, 2026');
    expect(formatsFor('nb', []).date(moment)).toBe('28. nov. 2026');
  });

  it('writes file sizes with short units, never "byte"', () => {
    const en = formatsFor('en', ['en-GB']);
    expect(en.fileSize(700)).toBe('700\u00a0B');
    expect(en.fileSize(88)).toBe('88\u00a0B');
    expect(en.fileSize(35_500)).toBe('36\u00a0kB');
    expect(en.fileSize(2_100_000)).toBe('2.1\u00a0MB');
    expect(formatsFor('nb', []).fileSize(2_100_000)).toBe('2,1\u00a0MB');
  });

  it('writes numbers the way the reader does', () => {
    expect(formatsFor('nb', []).number(12345)).toBe('12\u00a0345');
    expect(formatsFor('en', ['en-GB']).number(12345)).toBe('12,345');
  });
});
