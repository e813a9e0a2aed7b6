import { WORD_FORM_PAIRS } from './data/word-forms.generated.js';
import { englishStem, stem } from './text-analysis.js';

/**
 * Words a question and a document use for the same thing, in English and Norwegian building documentation: "first
 * released" for "initial release", "installert" for "montert". Each group's words match one another partly (see
 * SYNONYM_MATCH), never as well as the word itself.
 */
const GROUPS = [
  'first initial original earliest',
  'built constructed erected',
  'installed fitted mounted',
  'replaced exchanged',
  'inspected checked tested examined',
  'supplied delivered provided',
  'manufacturer producer maker',
  'owner proprietor',
  'started began commenced',
  'finished completed',
  'bygget oppført',
  'montert installert',
  'byttet skiftet erstattet',
  'kontrollert sjekket testet inspisert',
  'levert leverandør',
  'produsent fabrikant',
  'ferdig fullført ferdigstilt',
];

/** how well a word of the same group matches: below a stem match, above a compound's head */
export const SYNONYM_MATCH = 0.8;

/** stem -> the stems of its group's other words, in both languages' analyses */
const BY_STEM = new Map<string, Set<string>>();
for (const group of GROUPS) {
  const stems = group.split(' ').flatMap((word) => [stem(word), englishStem(word)]);
  for (const s of stems) {
    const others = BY_STEM.get(s) ?? new Set<string>();
    for (const other of stems) if (other !== s) others.add(other);
    BY_STEM.set(s, others);
  }
}

export function areSynonyms(a: string, b: string): boolean {
  return BY_STEM.get(a)?.has(b) ?? false;
}

/**
 * English words naming one thing in two parts of speech, or an irregular form and its base ("death" for "die",
 * "born" for "bear", "children" for "child"; from WordNet, see data/generate-word-forms.ts): they match a little less
 * than a synonym, and only in English text.
 */
export const WORD_FORM_MATCH = 0.7;

/** English stem -> the English stems of its other forms */
const FORMS = new Map<string, Set<string>>();
for (const line of WORD_FORM_PAIRS.split('\n')) {
  const [a, b] = line.split(' ');
  if (!a || !b) continue;
  FORMS.set(a, (FORMS.get(a) ?? new Set<string>()).add(b));
  FORMS.set(b, (FORMS.get(b) ?? new Set<string>()).add(a));
}

export function areWordForms(a: string, b: string): boolean {
  return FORMS.get(a)?.has(b) ?? false;
}
