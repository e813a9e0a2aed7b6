/** Splitting names and text into the pieces the signal detectors look at. */

export interface PathParts {
  /** folders from the top, without the filename */
  folders: string[];
  filename: string;
  /** filename without extension */
  stem: string;
  /** lower-case extension without the dot */
  extension: string;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD_CHAR.test(c);
}

/** Folders and filename of an upload; originalPath may or may not end with the filename, and may use backslashes. */
export function splitPath(filename: string, originalPath?: string | null): PathParts {
  const segments = (originalPath ?? '')
    .split(/[\\/]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const last = segments[segments.length - 1];
  if (last !== undefined && (last === filename || /\.[A-Za-z0-9]{1,5}$/.test(last))) segments.pop();
  const dot = filename.lastIndexOf('.');
  const hasExtension = dot > 0 && filename.length - dot <= 6;
  return {
    folders: segments,
    filename,
    stem: hasExtension ? filename.slice(0, dot) : filename,
    extension: hasExtension ? filename.slice(dot + 1).toLowerCase() : '',
  };
}

/**
 * Lower-cases and flattens separators so phrase patterns see "ventilasjon plan" whether the source said
 * "Ventilasjon_plan", "Ventilasjon  plan" or split it over two lines. CamelCase names ("SinglePoleSwitch_ProductData")
 * are split first because the words inside are the only cue such names carry.
 */
export function normalizeForMatching(text: string, options?: { splitCamelCase?: boolean }): string {
  let t = text;
  // Split before a capitalised word only: "SinglePole" -> "Single Pole", but "DoP" and "RIByFy" stay whole.
  if (options?.splitCamelCase)
    t = t.replace(/(\p{Ll})(\p{Lu}\p{Ll})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll}{2,})/gu, '$1 $2');
  return t
    .normalize('NFC')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
}

/** Lower-case word tokens (letters and digits), e.g. for the owner model. */
export function wordTokens(text: string): string[] {
  return normalizeForMatching(text, { splitCamelCase: true }).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Raw (case-kept) tokens split on separators, for code-like tokens such as "RIV", "RIBr", "SB". */
export function rawTokens(text: string): string[] {
  return text.split(/[\s_\-.,;:()[\]{}+=/\\&]+/).filter((t) => t !== '');
}
