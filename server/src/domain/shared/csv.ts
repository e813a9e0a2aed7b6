/**
 * One CSV cell as RFC 4180 quotes it, written so a spreadsheet shows it as text: a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return would run as a formula (a file named `=WEBSERVICE(...).pdf` in a manifest), so it
 * gets a leading `'`. Every CSV the service writes (zip manifests, the maintenance plan) uses this.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
