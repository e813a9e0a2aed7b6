import type { AnswerLanguage } from './answer.types.js';
import { PHRASES } from './language.js';
import type { Passage } from './ports.js';
import { contentTokens, isStopWord, tokenize } from './text-analysis.js';

/**
 * Two or three follow-up questions the documents can answer: each names a subject that stands in the passages just
 * read (a name, or a word that stands out there), so asking it finds those passages again. Deterministic.
 */
export function suggestFollowUps(params: {
  passages: readonly Passage[];
  /** passages of the documents the answer cited come first */
  citedDocumentIds: readonly string[];
  askedQuestions: readonly string[];
  language: AnswerLanguage;
}): string[] {
  const { language } = params;
  const phrases = PHRASES[language];
  const asked = new Set(params.askedQuestions.flatMap((q) => tokenize(q).map((t) => t.stem)));
  const cited = new Set(params.citedDocumentIds);
  const ordered = [...params.passages].sort(
    (a, b) => Number(cited.has(b.documentId)) - Number(cited.has(a.documentId)) || b.score - a.score,
  );
  const top = ordered.slice(0, 6);
  if (top.length === 0) return [];

  const names = rankNames(top, asked);
  const topics = rankTopics(top, params.passages, asked).filter((word) => nounLike(word, language));
  const sections = headingsOf(top, asked);
  const suggestions: string[] = [];
  const used = new Set<string>();
  const add = (subject: string | undefined, make: (s: string) => string): void => {
    if (!subject || suggestions.length >= 3) return;
    const key = subject.toLowerCase();
    if ([...used].some((u) => u.includes(key) || key.includes(u))) return;
    used.add(key);
    suggestions.push(make(subject));
  };
  // a heading of a cited passage is the subject its writer gave it; then names; then the nouns that stand out there
  add(sections[0], phrases.followUpSection);
  add(names[0], phrases.followUpAbout);
  add(topics[0], phrases.followUpAbout);
  add(sections[1], phrases.followUpSection);
  add(topics[1], phrases.followUpAbout);
  add(names[1], phrases.followUpAbout);
  add(topics[2], phrases.followUpAbout);
  return suggestions.slice(0, 3);
}

/** Runs of two or more capitalised words inside sentences: people, organisations, places. */
function rankNames(passages: readonly Passage[], asked: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>();
  for (const passage of passages) {
    const tokens = tokenize(passage.text);
    for (let i = 1; i < tokens.length; i += 1) {
      const run: typeof tokens = [];
      let j = i;
      while (j < tokens.length && tokens[j]?.capitalised && run.length < 4) {
        const token = tokens[j];
        const previous = tokens[j - 1];
        // a run stops at punctuation: the words must be adjacent in the text
        if (!token || (run.length > 0 && previous && passage.text.slice(previous.end, token.start).trim() !== ''))
          break;
        run.push(token);
        j += 1;
      }
      const before = tokens[i - 1];
      const startsSentence = before ? /[.!?:\n]\s*$/.test(passage.text.slice(before.end, tokens[i]?.start)) : true;
      if (run.length >= 2 && !startsSentence && !run.some((t) => asked.has(t.stem) || isStopWord(t.word))) {
        const first = run[0];
        const last = run.at(-1);
        if (first && last) {
          const name = passage.text.slice(first.start, last.end);
          counts.set(name, (counts.get(name) ?? 0) + 1);
        }
      }
      i = Math.max(i, j - 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

/** Words frequent in the passages read but rare across everything retrieved: what those passages are about. */
function rankTopics(top: readonly Passage[], pool: readonly Passage[], asked: ReadonlySet<string>): string[] {
  const documentFrequency = new Map<string, number>();
  for (const passage of pool) {
    for (const stem of new Set(contentTokens(passage.text).map((t) => t.stem))) {
      documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
    }
  }
  const scores = new Map<string, { word: string; score: number }>();
  for (const passage of top) {
    for (const token of contentTokens(passage.text)) {
      if (token.word.length < 6 || token.capitalised || /\p{N}/u.test(token.word) || asked.has(token.stem)) continue;
      const idf = Math.log(1 + pool.length / (documentFrequency.get(token.stem) ?? 1));
      const entry = scores.get(token.stem) ?? { word: token.word, score: 0 };
      entry.score += idf;
      scores.set(token.stem, entry);
    }
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.word.localeCompare(b.word)).map((e) => e.word);
}

/**
 * Whether a word can be a question's subject: verbs and adjectives read as nonsense there ("What do the documents say
 * about kontrolleres?"), so the endings they take are left out (a plural noun in -er is lost with them; a subject
 * is still found among the rest).
 */
export function nounLike(word: string, language: AnswerLanguage): boolean {
  if (language === 'en') return !/(ed|ing|es|ly|ize|ise|ous|ive|ful|able|ible|ical)$/.test(word);
  return !/(es|er|te|de|ert|ende|ere|lig|lige|ige|isk|iske|ene?s)$/.test(word);
}

/**
 * Headings in the passages: a short line of its own, starting with a capital letter and ending without a full stop
 * ("Filterbytte", "Drift og vedlikehold"), not one the question already names. A row of a table (its cells joined by
 * tabs: "Komponent Fabrikat Plassering") and a file's name or path written at the top of a page
 * ("RIV/FDV aggregat.pdf") are no section anyone would ask about.
 */
const FILE_NAME = /[/\\]|\.[a-z][a-z0-9]{1,4}$/i;

function headingsOf(passages: readonly Passage[], asked: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const passage of passages) {
    for (const raw of passage.text.split(/\n/)) {
      if (raw.trim().includes('\t') || FILE_NAME.test(raw.trim())) continue;
      const line = raw
        .trim()
        .replace(/^[\d.]+\s+/, '')
        .replace(/:$/, '');
      const words = tokenize(line);
      if (words.length < 1 || words.length > 5 || line.length < 5 || line.length > 50) continue;
      if (!/^\p{Lu}/u.test(line) || /[.!?;,]$/.test(line) || /\p{N}/u.test(line)) continue;
      if (words.every((t) => isStopWord(t.word) || asked.has(t.stem))) continue;
      if (!found.includes(line)) found.push(line);
    }
  }
  return found;
}
