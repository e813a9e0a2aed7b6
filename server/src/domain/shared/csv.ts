/**
 * One CSV cell as RFC 4180 quotes it, written so a spreadsheet shows it as text: a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return would run as a formula (a file named `=WEBSERVICE(...).pdf` in a manifest), so it
 * gets a leading `'`. Every CSV the service writes (zip manifests, the maintenance plan) uses this.
 *
 * A spreadsheet whose list separator is `;` (Excel in Norway and most of Europe) reads a line of this file as one
 * cell and starts a new cell at every `;` and a new row at every line break, quotes or not (a quote counts only at
 * the start of a cell); LibreOffice's import may split on tabs too. So a formula character after a `;`, a tab or a
 * line break inside the text (spaces and quotes between them aside) gets its `'` as well: `Plan;=HYPERLINK(...)` is
 * written `Plan;'=HYPERLINK(...)`.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const guarded = (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/([;\t\r\n][\s"]*)([=+\-@])/g, "$1'$2");
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
