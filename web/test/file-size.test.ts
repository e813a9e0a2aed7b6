import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../src/file-size.js';

describe('file sizes', () => {
  it('shows a tiny file in bytes rather than as 0 KB, and larger ones in the unit that fits', () => {
    expect(formatFileSize(28, 'en')).toBe('28 byte');
    expect(formatFileSize(900, 'en')).toBe('900 byte');
    expect(formatFileSize(35_500, 'en')).toBe('36 kB');
    expect(formatFileSize(2_100_000, 'en')).toBe('2.1 MB');
  });

  it('writes the number the way the reader does', () => {
    expect(formatFileSize(2_100_000, 'nb')).toBe('2,1 MB');
  });
});
