import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../src/api.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { problemText } from '../src/problems.js';

describe('a refused call in words', () => {
  beforeAll(async () => {
    await setupI18n();
  });

  it("words the problem's code in the person's language, never the server's English detail", async () => {
    await changeLanguage('nb');
    const refused = new ApiFailure(403, 'This operation needs the WRITE_ACCESS role or more', 'auth.role_required');
    const text = problemText(i18next.t, refused);
    expect(text).toMatch(/Rollen din gir ikke lov/);
    expect(text).not.toMatch(/WRITE_ACCESS|operation/);
    await changeLanguage('en');
    expect(problemText(i18next.t, refused)).toMatch(/Your role does not allow this/);
  });

  it('falls back to the status, then to the detail', async () => {
    await changeLanguage('nb');
    expect(problemText(i18next.t, new ApiFailure(409, 'Conflict', 'something.new'))).toMatch(/kolliderer/);
    expect(problemText(i18next.t, new ApiFailure(418, 'I am a teapot', 'tea.pot'))).toBe(
      'Noe gikk galt: I am a teapot',
    );
  });

  it('names the fields of an invalid form', async () => {
    await changeLanguage('en');
    const invalid = new ApiFailure(400, 'name is required', 'request.invalid', ['name']);
    expect(problemText(i18next.t, invalid)).toBe('Check these fields: name.');
  });
});
