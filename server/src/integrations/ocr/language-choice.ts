/**
 * Which Tesseract languages read a page. Buildings carry no country in the partner spec, so the page tells: its script
 * (from the same orientation detection that turns it upright) picks the languages of that script, and on a Latin page
 * a first reading in Norwegian and English shows by its most common words whether it is Swedish, Danish, German,
 * Polish or French, which is then read again in that language, so its letters (ä, ö, ß, ą, ł, é ...) come out right.
 */

/**
 * The languages of a script other than Latin, in the order they are tried, as far as they are installed; the first is
 * the one named when none is (`OCR language not installed: hin`). Script names as Tesseract's orientation detection
 * reports them.
 */
const SCRIPT_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  Cyrillic: ['rus', 'ukr', 'bul', 'srp'],
  Han: ['chi_sim', 'chi_tra'],
  Japanese: ['jpn'],
  Katakana: ['jpn'],
  Hiragana: ['jpn'],
  Hangul: ['kor'],
  Korean: ['kor'],
  Greek: ['ell'],
  Arabic: ['ara', 'fas', 'urd'],
  Hebrew: ['heb'],
  Devanagari: ['hin', 'mar', 'nep', 'san'],
  Bengali: ['ben', 'asm'],
  Tamil: ['tam'],
  Telugu: ['tel'],
  Kannada: ['kan'],
  Malayalam: ['mal'],
  Gujarati: ['guj'],
  Gurmukhi: ['pan'],
  Oriya: ['ori'],
  Thai: ['tha'],
  Lao: ['lao'],
  Khmer: ['khm'],
  Myanmar: ['mya'],
  Sinhala: ['sin'],
  Tibetan: ['bod'],
  Georgian: ['kat'],
  Armenian: ['hye'],
  Ethiopic: ['amh'],
};

/** below this confidence the script Tesseract names is a guess */
const MIN_SCRIPT_CONFIDENCE = 1;

/** the script Tesseract's `--psm 0` report names, when it is sure enough */
export function scriptFromOsd(report: string): string | null {
  const script = /^Script:\s*(\w+)/m.exec(report)?.[1];
  const confidence = Number(/^Script confidence:\s*([\d.]+)/m.exec(report)?.[1] ?? 0);
  return script && confidence >= MIN_SCRIPT_CONFIDENCE ? script : null;
}

/** the script of tesseract.js's orientation detection, when it is sure enough */
export function scriptFromDetection(detection: {
  script?: string | null;
  script_confidence?: number | null;
}): string | null {
  const { script, script_confidence: confidence } = detection;
  return script && (confidence ?? 0) >= MIN_SCRIPT_CONFIDENCE ? script : null;
}

/** the installed languages for a page in this script, with English for the codes and names in it; null for Latin */
export function languagesForScript(script: string | null, installed: readonly string[]): string[] | null {
  const candidates = script ? SCRIPT_LANGUAGES[script] : undefined;
  const available = candidates?.filter((language) => installed.includes(language)) ?? [];
  return available.length ? [...available, ...(installed.includes('eng') ? ['eng'] : [])] : null;
}

/**
 * Below this script confidence a page is not given up on for want of its script's languages: it is read in Norwegian
 * and English as before. Tesseract's detection calls a few lines of large bold English "Cyrillic" at 7.8, while real
 * Hindi and Hebrew pages score 29 and 67.
 */
const MIN_MISSING_CONFIDENCE = 10;

/** the script confidence of Tesseract's `--psm 0` report (0 when absent) */
export function scriptConfidenceFromOsd(report: string): number {
  return Number(/^Script confidence:\s*([\d.]+)/m.exec(report)?.[1] ?? 0);
}

/**
 * The languages a page in this script needs when none of them is installed (reading it in Norwegian and English would
 * only give mojibake); empty when the script is Latin, unknown, not sure enough, or has a language installed.
 */
export function missingLanguagesForScript(
  script: string | null,
  installed: readonly string[],
  confidence: number,
): readonly string[] {
  if (confidence < MIN_MISSING_CONFIDENCE) return [];
  const candidates = script ? SCRIPT_LANGUAGES[script] : undefined;
  if (!candidates || candidates.some((language) => installed.includes(language))) return [];
  return candidates;
}

/**
 * Words common in one language's running text and rare in the others' (Norwegian and Danish share most of theirs, so
 * each has its own spellings here). Letters OCR tends to lose are given both ways.
 */
const MARKERS: Readonly<Record<string, ReadonlySet<string>>> = {
  nor: new Set(['etter', 'noen', 'mye', 'hva', 'ble', 'mellom', 'av', 'skal', 'være', 'vaere']),
  dan: new Set(['af', 'efter', 'nogle', 'meget', 'hvad', 'blev', 'mellem', 'skal', 'være']),
  swe: new Set(['och', 'att', 'inte', 'är', 'ar', 'från', 'fran', 'även', 'enligt', 'detta', 'ska', 'vid']),
  deu: new Set(['und', 'der', 'die', 'das', 'mit', 'ist', 'nicht', 'von', 'für', 'fur', 'werden', 'auf', 'eine']),
  pol: new Set(['się', 'sie', 'nie', 'jest', 'że', 'ze', 'dla', 'oraz', 'przez', 'lub', 'są', 'być', 'na', 'do']),
  fra: new Set(['les', 'des', 'est', 'une', 'dans', 'pour', 'que', 'qui', 'sur', 'avec', 'pas', 'aux', 'sont', 'ces']),
  eng: new Set(['the', 'and', 'of', 'is', 'with', 'are', 'this', 'that', 'shall', 'be', 'for']),
};

/** a language must have at least this many marker words, and this many times those of Norwegian and of English */
const MIN_MARKERS = 4;
const MIN_LEAD = 2;

/**
 * The language other than Norwegian and English that a page read in those two is written in, or null when it is
 * Norwegian, English, too short to tell, or not clearly one of the others.
 */
export function otherLatinLanguage(text: string): string | null {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    for (const [language, markers] of Object.entries(MARKERS)) {
      if (markers.has(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  const home = Math.max(counts.get('nor') ?? 0, counts.get('eng') ?? 0);
  let best: string | null = null;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (language === 'nor' || language === 'eng' || count <= bestCount) continue;
    best = language;
    bestCount = count;
  }
  return best && bestCount >= MIN_MARKERS && bestCount >= MIN_LEAD * home ? best : null;
}
