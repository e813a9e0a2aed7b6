import type { AnswerType } from './question.js';
import type { Token } from './text-analysis.js';

/**
 * How strongly a sentence holds something of the kind the question asks for (0..1), counting only what the question
 * did not already say: "Når åpnet bygget?" is not answered by a sentence whose only date is the one in the question.
 */
export function answerTypeEvidence(params: {
  type: AnswerType;
  tokens: readonly Token[];
  text: string;
  questionWords: ReadonlySet<string>;
  /** identifiers the service extracted from the sentence's document (drawing number, TFM tag, serial number) */
  identifiers?: readonly string[];
}): number {
  const { type, tokens, text, questionWords } = params;
  const novel = tokens.filter((t) => !questionWords.has(t.word));
  switch (type) {
    case 'date':
      return dateEvidence(novel, text);
    case 'number':
      return numberEvidence(novel);
    case 'person':
      return personEvidence(tokens, questionWords);
    case 'name':
      return novelNames(tokens, questionWords).length > 0 ? 1 : 0;
    case 'place':
      return placeEvidence(tokens, questionWords);
    case 'reason':
      return REASON.test(text) ? 1 : 0;
    case 'manner':
      return MANNER.test(text) ? 1 : MANNER_WEAK.test(text) ? 0.5 : 0;
    case 'code':
      return codeEvidence(text, params.identifiers ?? []);
    case 'other':
      return 0;
  }
}

const MONTHS = new Set(
  `januar februar mars april mai juni juli august september oktober november desember jan feb mar apr jun jul aug sep
   sept okt nov des january february march may june july october december`.split(/\s+/),
);
const WEEKDAYS = new Set(
  `mandag tirsdag onsdag torsdag fredag lørdag søndag tysdag laurdag sundag monday tuesday wednesday thursday friday
   saturday sunday`.split(/\s+/),
);
const RELATIVE_TIME = new Set(
  `i dag i går i morgen i fjor i år i vår i høst i sommer i vinter i helgen i natt i kveld i morges i forfjor
   today yesterday tomorrow`.split(/\n/),
);
const TIME_WORDS =
  /\b(?:i (?:dag|går|morgen|fjor|forfjor|helgen|natt|kveld|morges|vår|høst|sommer|vinter)|(?:klokken|klokka|kl\.?)\s*\d|i \d{1,2}(?:[.:]\d{2})?-tiden|\d+\s+(?:minutter|minutters|sekunder|timer|timers|dager|døgn|uker|måneder|år)\b|(?:tidligst|senest|innen|etter|før)\s+(?:\d|neste|mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag)|(?:neste|forrige|sist[ea]?|førre) (?:uke|veke|måned|månad|år|helg)|århundre\w*|tiår\w*|kl\.\s*\d|klokken \d|today|yesterday|tomorrow|last (?:week|month|year)|century)\b/iu;

function dateEvidence(novel: readonly Token[], text: string): number {
  if (novel.some((t) => /^(1[0-9]{3}|20[0-9]{2})$/.test(t.word) || /^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(t.word)))
    return 1;
  if (novel.some((t) => MONTHS.has(t.word))) return 1;
  if (novel.some((t) => WEEKDAYS.has(t.word))) return 0.8;
  if (TIME_WORDS.test(text) || [...RELATIVE_TIME].some((phrase) => text.toLowerCase().includes(phrase))) return 0.6;
  if (novel.some((t) => /^(?:\d{2,4}-tallet|\d{2}-årene)$/.test(t.word))) return 0.8;
  return 0;
}

const NUMBER_WORDS = new Set(
  `to tre fire fem seks sju syv åtte ni ti elleve tolv tretten fjorten femten seksten sytten atten nitten tjue tjuefem
   tretti førti femti seksti sytti åtti nitti hundre hundrevis tusen tusenvis million millioner milliard milliarder
   halvparten dobbelt dobbelte prosent two three four five six seven eight nine ten eleven twelve twenty thirty forty
   fifty hundred thousand million millions billion percent half double dusin`.split(/\s+/),
);

function numberEvidence(novel: readonly Token[]): number {
  if (novel.some((t) => /\p{N}/u.test(t.word))) return 1;
  if (novel.some((t) => NUMBER_WORDS.has(t.word))) return 0.7;
  return 0;
}

const NOT_NAMES = new Set([...MONTHS, ...WEEKDAYS]);
const PERSON_ROLES =
  /\b(?:direktør\w*|leder\w*|sjef\w*|minister\w*|professor\w*|forsker\w*|ordfører\w*|president\w*|talsperson\w*|talsmann|talskvinne|ekspert\w*|trener\w*|rådgiver\w*|politiker\w*|forfatter\w*|kunstner\w*|grunnlegger\w*|eier\w*|arkitekt\w*|ingeniør\w*|prosjektleder\w*|daglig leder|chief|director|manager|minister|professor|president|architect|engineer|founder)\b/iu;
const ATTRIBUTION = /\b(?:sier|sa|seier|forteller|fortalde|uttaler|skriver|ifølge|ifølgje|says|said|according to)\b/iu;

/** Capitalised words that are not the sentence's first word: names, mostly. */
function novelNames(tokens: readonly Token[], questionWords: ReadonlySet<string>): Token[] {
  return tokens.filter(
    (t, index) =>
      index > 0 && t.capitalised && !questionWords.has(t.word) && !NOT_NAMES.has(t.word) && !/\p{N}/u.test(t.word),
  );
}

function personEvidence(tokens: readonly Token[], questionWords: ReadonlySet<string>): number {
  const names = novelNames(tokens, questionWords);
  const text = tokens.map((t) => t.word).join(' ');
  let score = 0;
  const adjacentPair = names.some((t, i) => {
    const next = names[i + 1];
    return next !== undefined && tokens.indexOf(next) === tokens.indexOf(t) + 1;
  });
  if (adjacentPair) score = 1;
  else if (names.length > 0) score = 0.6;
  if (PERSON_ROLES.test(text)) score = Math.min(1, score + 0.3);
  if (ATTRIBUTION.test(text) && names.length > 0) score = Math.min(1, score + 0.2);
  return score;
}

const PLACE_PREPOSITIONS = new Set('i på fra frå til ved utenfor utanfor nær mot in at from near to'.split(' '));
const PLACE_NOUNS =
  /\b(?:kommune\w*|fylke\w*|by(?:en)?|sted\w*|stad\w*|gate\w*|vei(?:en)?|land(?:et)?|region\w*|bydel\w*|nord|sør|øst|vest|country|city|town|street)\b/iu;

function placeEvidence(tokens: readonly Token[], questionWords: ReadonlySet<string>): number {
  const names = new Set(novelNames(tokens, questionWords));
  const afterPreposition = tokens.some((t, i) => {
    const before = tokens[i - 1];
    return names.has(t) && before !== undefined && PLACE_PREPOSITIONS.has(before.word);
  });
  if (afterPreposition) return 1;
  const text = tokens.map((t) => t.word).join(' ');
  if (names.size > 0) return PLACE_NOUNS.test(text) ? 0.7 : 0.4;
  return PLACE_NOUNS.test(text) ? 0.3 : 0;
}

const REASON =
  /\b(?:fordi|på grunn av|grunnet|ettersom|derfor|difor|skyldes|skuldast|årsaken|grunnen|for å|slik at|sånn at|ettersom|because|due to|in order to|so that|as a result|since)\b/iu;
const MANNER = /\b(?:ved å|ved hjelp av|gjennom å|gjennom|via|med hjelp|by using|by means of|through)\b/iu;
const MANNER_WEAK = /\b(?:ved|med|by|with|using)\b/iu;

/** "ARK-A-20-001", "=360.001-RB01", "SN 4711-0815", "NS 3451 360": letters and digits joined, or digit groups */
const CODE =
  /(?:^|[\s(:])(?:=?\d{3}(?:\.\d{3})+(?:-[\p{L}\d]+)*|[\p{L}]{1,6}[-_.]?(?:[\p{L}]{1,3}[-_.])?\d{2,}(?:[-_.][\p{L}\d]+)*|\d{4,}(?:[-_/]\d+)+)(?=$|[\s,.;:)])/u;

/** A sentence that holds an identifier of its document, as the service extracted it, is the answer; any code is a fair guess. */
function codeEvidence(text: string, identifiers: readonly string[]): number {
  const folded = text.toLowerCase();
  if (identifiers.some((id) => id.length >= 3 && folded.includes(id.toLowerCase()))) return 1;
  return CODE.test(text) ? 0.6 : 0;
}
