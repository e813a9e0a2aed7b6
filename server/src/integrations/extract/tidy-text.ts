/**
 * Page text as every reader hands it on: line ends as `\n`, no blanks at the end of a line, runs of blank lines down to
 * one, nothing around the whole. Line breaks inside the text stay: chunking and the answerer's sentences use them.
 */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
