/** Arabic presentation forms and Latin ligatures (`ﻟﻌﺮﺑﻴﺔ`, `ﬁ`): what PDF text layers hold and no one types */
const PRESENTATION_FORMS = /[\ufb00-\ufdff\ufe70-\ufefe]+/g;
/** direction embeddings and isolates pdftotext puts around right-to-left lines: invisible, and in the way of search */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Page text as every reader hands it on: line ends as `\n`, no blanks at the end of a line, runs of blank lines down to
 * one, nothing around the whole; presentation forms as the letters they show, no direction controls. Line breaks
 * inside the text stay: chunking and the answerer's sentences use them.
 */
export function tidyText(text: string): string {
  return text
    .replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'))
    .replace(DIRECTION_CONTROLS, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
