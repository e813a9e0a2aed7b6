/** a file's size the way people read it, in their locale: 28 byte, 0,9 kB, 35,5 kB, 2,1 MB */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1000
      ? [bytes, 'byte']
      : bytes < 1_000_000
        ? [bytes / 1000, 'kilobyte']
        : bytes < 1_000_000_000
          ? [bytes / 1_000_000, 'megabyte']
          : [bytes / 1_000_000_000, 'gigabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: value < 10 ? 1 : 0 }).format(
    value,
  );
}
