import type { TextLanguage } from '../shared/text-language.js';
import { contentTokens, englishStem, isStopWord, stem, tokenize, type Token } from './text-analysis.js';

/** What kind of thing answers a question: "Hvem" wants a person, "Når" a date, "Hvor mange" a number ... */
export type AnswerType =
  | 'person'
  | 'name'
  | 'date'
  | 'number'
  | 'place'
  | 'reason'
  | 'manner'
  /** an identifier: a drawing number, a TFM tag, a serial number, an NS 3451 code */
  | 'code'
  | 'other';

export interface QuestionTerm {
  word: string;
  /** in the question's language */
  stem: string;
  /** its stem in the other language's analysis, where it differs: what a passage in that language is matched by */
  otherStem?: string;
  /** 1 for the question asked; less for words carried over from earlier turns of the thread */
  emphasis: number;
}

export interface AnalysedQuestion {
  text: string;
  /** the language it is asked in, where known: its terms' stems are that language's */
  language?: TextLanguage;
  type: AnswerType;
  terms: QuestionTerm[];
  /** every word of the question, lower-case: an answer must bring something the question did not already say */
  words: ReadonlySet<string>;
  /**
   * "Hvilket kuldemedium bruker VP01?": the noun after a Norwegian interrogative determiner names what is asked for
   * (Norwegian writes the whole noun as one word, so it is that word); the term of the question it is
   */
  focus?: QuestionTerm;
}

/** hvilken/hvilket/hvilke/kva for (ein/ei/eit) and the word after it */
const DETERMINER_FOCUS = /\b(?:hvilken|hvilket|hvilke|kva\s+for(?:\s+(?:ein|ei|eit|nokre))?)\s+([\p{L}\p{M}]+)/u;

interface TypeRule {
  type: AnswerType;
  pattern: RegExp;
}

// Checked in order on the lower-cased question; the first match decides. Words the pattern consumed are not content.
const TYPE_RULES: TypeRule[] = [
  {
    type: 'code',
    pattern:
      /\b(?:(?:drawing|dwg|tegnings?)\s*(?:number|no|nr|nummer|id)|tegningsnummer\w*|tfm(?:[- ](?:code|kode|tag|nummer|number))?|(?:serial|article|product|part|model)\s*(?:number|no)|serienummer\w*|artikkelnummer\w*|varenummer\w*|produktnummer\w*|nobb(?:[- ]?(?:nummer|number))?|ns\s*3451(?:[- ]?(?:code|kode))?|(?:building part|bygningsdel)s?\s*(?:code|kode|nummer|number))\b/u,
  },
  { type: 'person', pattern: /\b(hvem|kven|who|whom|whose)\b/u },
  {
    type: 'date',
    pattern:
      /\b(?:(?:i|på|in|on)\s+)?(?:hvilket|hvilken|hvilke|kva|kva for eit?|which|what)\s+(år|årstall|årstal|dato|datoen|dag|dagen|måned|måneden|månad|tidspunkt|tid|tiår|århundre|year|date|day|month|time|decade|century)\b/u,
  },
  { type: 'date', pattern: /^(?:\S+\s+){0,2}(når|when)\b/u },
  {
    type: 'number',
    pattern:
      /\b(hvor|kor|how)\s+(mange|mye|mykje|lang|lange|langt|lenge|høy|høyt|høg|høgt|stor|store|stort|gammel|gamle|dyr|dyrt|bred|breid|tung|tungt|tjukk|tykk|mange prosent|ofte|many|much|long|old|tall|high|big|large|far|heavy|wide|often)\b/u,
  },
  {
    type: 'number',
    pattern: /\b(hvilken|hvilket|kva for|which|what)\s+(alder|antall|tal|nummer|beløp|pris|age|number|amount|price)\b/u,
  },
  {
    type: 'place',
    pattern:
      /\b(?:(?:i|på|fra|frå|til|in|at|from|to)\s+)?(?:hvilket|hvilken|hvilke|kva for|which|what)\s+(land|by|byen|sted|stad|fylke|kommune|område|region|bydel|gate|adresse|country|city|town|place|county|area|address)\b/u,
  },
  { type: 'place', pattern: /^(?:\S+\s+){0,2}(hvor|kvar|where|hvorfra|kvarfrå)\b/u },
  {
    type: 'name',
    pattern:
      /\b(?:(?:hva|kva|what)\s+(?:heter|het|kalles|kallast|is the name of|was the name of)|(?:hvilken|hvilket|hvilke|kva for eit?|which|what)\s+(?:klubb\w*|lag(?:et)?|parti\w*|selskap\w*|firma\w*|bedrift\w*|organisasjon\w*|band\w*|film\w*|bok(?:en)?|avis\w*|kanal\w*|skole\w*|universitet\w*|sykehus\w*|bank\w*|merke\w*|produsent\w*|leverandør\w*|entreprenør\w*|firma|club|team|company|party|organi[sz]ation|brand|manufacturer|supplier|contractor))\b/u,
  },
  {
    type: 'reason',
    pattern: /\b(hvorfor|kvifor|korfor|why)\b|\bhva (?:er|var) (?:grunnen|årsaken)\b|\bhva skyldes\b/u,
  },
  { type: 'manner', pattern: /\b(hvordan|korleis|how)\b/u },
];

/** Question kinds whose answer can be recognised in a sentence (a date, a number, a name ...). */
export const TYPED_ANSWERS: ReadonlySet<AnswerType> = new Set<AnswerType>([
  'date',
  'number',
  'person',
  'name',
  'place',
  'code',
]);

export function answerTypeOf(question: string): { type: AnswerType; consumed: Set<string> } {
  const lower = question.normalize('NFC').toLowerCase().trim();
  for (const rule of TYPE_RULES) {
    const match = rule.pattern.exec(lower);
    if (match) {
      const consumed = new Set(tokenize(match[0]).map((t) => t.word));
      return { type: rule.type, consumed };
    }
  }
  return { type: 'other', consumed: new Set() };
}

/** Follow-up questions lean on the thread: few own content words, or a pronoun pointing back. */
const ANAPHORA = new Set(
  'den det denne dette de dei disse desse han hun ho dem deim der dit it its they them this that these those he she there'.split(
    ' ',
  ),
);

/** "VAR", "NVE", "FDV": upper-case words count even when the lower-case form is a stop word ("var"). */
function acronyms(question: string) {
  return tokenize(question).filter((t) => {
    const raw = question.slice(t.start, t.end);
    return raw.length >= 2 && raw === raw.toUpperCase() && /\p{Lu}/u.test(raw) && isStopWord(t.word);
  });
}

export function analyseQuestion(params: {
  question: string;
  history?: readonly string[];
  /** the language it is asked in: its words' stems are that language's, with the other's beside them */
  language?: TextLanguage;
}): AnalysedQuestion {
  const { question, language } = params;
  const { type, consumed } = answerTypeOf(question);
  const seen = new Set<string>();
  const terms: QuestionTerm[] = [];
  const termOf = (token: Token, emphasis: number): QuestionTerm => {
    const otherStem = language === 'en' ? stem(token.word) : englishStem(token.word);
    return { word: token.word, stem: token.stem, ...(otherStem !== token.stem ? { otherStem } : {}), emphasis };
  };
  for (const token of [...contentTokens(question, language), ...acronyms(question)]) {
    if (consumed.has(token.word) || seen.has(token.stem)) continue;
    seen.add(token.stem);
    terms.push(termOf(token, 1));
  }
  const allWords = tokenize(question).map((t) => t.word);
  const leansOnThread = terms.length < 3 || allWords.some((w) => ANAPHORA.has(w));
  if (leansOnThread) {
    // the most recent earlier question first; its words count for less than the question asked now
    const earlier = [...(params.history ?? [])].reverse().slice(0, 2);
    earlier.forEach((text, index) => {
      const { consumed: earlierConsumed } = answerTypeOf(text);
      for (const token of contentTokens(text, language)) {
        if (earlierConsumed.has(token.word) || seen.has(token.stem)) continue;
        seen.add(token.stem);
        terms.push(termOf(token, index === 0 ? 0.4 : 0.25));
      }
    });
  }
  const focusWord = DETERMINER_FOCUS.exec(question.normalize('NFC').toLowerCase())?.[1];
  const focus = focusWord === undefined ? undefined : terms.find((t) => t.word === focusWord && t.emphasis === 1);
  return {
    text: question,
    ...(language ? { language } : {}),
    type,
    terms,
    words: new Set(allWords),
    ...(focus ? { focus } : {}),
  };
}
