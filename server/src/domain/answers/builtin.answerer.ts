import type { AnswerLanguage } from './answer.types.js';
import {
  MODE_BUDGETS,
  textIncrements,
  type AnswerContext,
  type Answerer,
  type AnswererEvent,
  type AnswerOutcome,
} from './answerer.js';
import { tuningFor, type BuiltinTuning } from './builtin-tuning.js';
import { suggestFollowUps } from './follow-ups.js';
import { languageEvidence } from '../shared/text-language.js';
import { PHRASES } from './language.js';
import { retrieveReranked } from './passage-reranker.js';
import type { Passage } from './ports.js';
import { analyseQuestion, TYPED_ANSWERS, type AnalysedQuestion } from './question.js';
import { refusalEvidence, refusalReason } from './refusal-evidence.js';
import { matchDegree, rankSentences, type RankedSentence } from './sentence-ranker.js';
import { collapseWhitespace, tokenize } from './text-analysis.js';

/** attached documents are always context; their sentences win close calls */
const ATTACHED_BONUS = 0.15;
/** documents cited earlier in the thread stay likely */
const EARLIER_CITED_BONUS = 0.05;

/**
 * The answerer that needs no model: retrieve passages, pick the sentences that answer, and write them as a short
 * answer with a citation after each. Deterministic, and fast enough to answer while the client waits.
 */
export function createBuiltinAnswerer(options: { tuning?: BuiltinTuning } = {}): Answerer {
  return {
    repeatsEarlierAnswers: false,
    async *answer(context: AnswerContext): AsyncGenerator<AnswererEvent, AnswerOutcome> {
      const { language, mode, tools } = context;
      const tuning = options.tuning ?? tuningFor(language);
      const phrases = PHRASES[language];
      const budget = MODE_BUDGETS[mode];
      const question = analyseQuestion({
        question: context.question,
        history: context.history.map((t) => t.query),
        language: context.language,
      });

      const label = phrases.searching(collapseWhitespace(context.question).slice(0, 120));
      yield { type: 'action', state: 'started', value: label, result: null };
      // the index returns more passages than are read; their text decides which are
      const retrieved = await retrieveReranked({ tools, question, limit: budget.passages, tuning });
      let pool: Passage[] = retrieved;
      if (context.attachedDocumentIds.length > 0) {
        yield { type: 'action', state: 'started', value: phrases.readingAttached, result: null };
        const attached = await tools.readPassages({
          documentIds: context.attachedDocumentIds,
          limitPerDocument: mode === 'deep' ? 400 : 200,
        });
        pool = mergePassages(retrieved, attached);
        yield {
          type: 'action',
          state: 'completed',
          value: phrases.readingAttached,
          result: `${new Set(attached.map((p) => p.documentId)).size} documents`,
        };
      }
      context.signal.throwIfAborted();
      yield {
        type: 'action',
        state: 'completed',
        value: label,
        result: phrases.passagesFound(retrieved.length, new Set(retrieved.map((p) => p.documentId)).size),
      };

      const preferred = new Map<string, number>();
      for (const turn of context.history)
        for (const id of turn.citedDocumentIds) preferred.set(id, EARLIER_CITED_BONUS);
      for (const id of context.attachedDocumentIds) preferred.set(id, ATTACHED_BONUS);
      const ranked = rankSentences({
        question,
        passages: pool,
        options: { preferredDocuments: preferred, weights: tuning.weights },
      });
      // a question for a drawing number, TFM tag or serial number is answered by the sentence holding the one the
      // service extracted from a document the question is about, however few of its words that line holds
      const identified =
        question.type === 'code'
          ? ranked.find((s) => s.typeEvidence === 1 && s.contextCoverage >= tuning.minContextCoverage)
          : undefined;
      const refusal = identified || !ranked[0] ? null : whyNotAnswer({ ranked, pool, question, tuning });
      const chosen = identified
        ? [identified]
        : ranked[0] && refusal === null
          ? chooseSentences({ ranked, maxSentences: budget.sentences, question, tuning })
          : [];

      if (mode !== 'fast') {
        const thinking = explain({ question, ranked, chosen, refusal, passages: pool.length });
        if (thinking) yield { type: 'thinking', text: thinking };
      }

      let answer = chosen.length > 0 ? await compose({ chosen, context }) : '';
      if (answer === '') answer = phrases.notFound;
      for (const piece of textIncrements(answer)) yield { type: 'text', text: piece };

      const citedDocumentIds = context.citations.citations().map((c) => c.documentId);
      return {
        answer,
        followUpSuggestions: suggestFollowUps({
          passages: pool,
          citedDocumentIds,
          askedQuestions: [context.question, ...context.history.map((t) => t.query)],
          language,
        }),
      };
    },
  };
}

function mergePassages(first: readonly Passage[], second: readonly Passage[]): Passage[] {
  const seen = new Set(first.map((p) => p.chunkId));
  return [...first, ...second.filter((p) => !seen.has(p.chunkId))];
}

/**
 * The best sentence, and in the deeper modes the next ones that hold up nearly as well and add something: a word of
 * the question the first did not hold, or the answer the question asks for.
 */
function chooseSentences(params: {
  ranked: readonly RankedSentence[];
  maxSentences: number;
  question: AnalysedQuestion;
  tuning: BuiltinTuning;
}): RankedSentence[] {
  const { minCoverage, supportRatio } = params.tuning;
  const type = params.question.type;
  const [best] = params.ranked;
  if (!best) return [];
  const chosen = [best];
  const isNew = (candidate: RankedSentence): boolean =>
    !chosen.some(
      (c) =>
        c.passage.documentId === candidate.passage.documentId &&
        collapseWhitespace(c.text) === collapseWhitespace(candidate.text),
    );
  // "Når ..." answered by a sentence without any date: the sentence of the same document that holds one comes next
  if (TYPED_ANSWERS.has(type) && best.typeEvidence < 0.5 && params.maxSentences > 1) {
    const bearer = params.ranked.find(
      (c) =>
        c.passage.documentId === best.passage.documentId &&
        c.typeEvidence >= 0.6 &&
        // a code stands alone on its line in a title block or a table: it holds none of the question's words
        (c.coverage > 0 || type === 'code') &&
        isNew(c),
    );
    if (bearer) chosen.push(bearer);
  }
  // "Hvilket kuldemedium ...?" answered by a sentence that names the subject but not what is asked: the sentence of
  // the same document that names it ("Kuldemediet er R32.") comes next
  const focus = params.question.focus;
  const namesFocus = (c: RankedSentence) =>
    matchDegree(
      focus!,
      tokenize(c.text, c.passage.language),
      (c.passage.language === 'en') !== (params.question.language === 'en'),
      c.passage.language === 'en',
    ) >= 0.6;
  if (focus && chosen.length < params.maxSentences && !namesFocus(best)) {
    const bearer = params.ranked.find(
      (c) => c.passage.documentId === best.passage.documentId && c.coverage > 0 && namesFocus(c) && isNew(c),
    );
    if (bearer) chosen.push(bearer);
  }
  for (const candidate of params.ranked.slice(1, 12)) {
    if (chosen.length >= params.maxSentences) break;
    if (candidate.score < best.score * supportRatio || candidate.coverage < minCoverage || !isNew(candidate)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/**
 * Why the best sentence does not answer the question but only shares some of its words, or null when it answers: it
 * must hold enough of the question's weighted words (or its surroundings must) and score well enough overall; the
 * question's words that no readable document holds must not carry too much of its weight; and the sentence's document
 * must match enough of that weight. A question whose name or rare word stands in no document is most likely about
 * something these documents do not hold.
 */
export function whyNotAnswer(params: {
  ranked: readonly RankedSentence[];
  pool: readonly Passage[];
  question: AnalysedQuestion;
  tuning: BuiltinTuning;
}): string | null {
  const { tuning } = params;
  const best = params.ranked[0];
  if (!best) return 'no sentence holds any of its words';
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  const covered =
    best.coverage >= tuning.minCoverage || (best.coverage > 0 && best.contextCoverage >= tuning.minContextCoverage);
  if (!covered) return `its best sentence holds only ${percent(best.coverage)} of the question's weighted words`;
  const weightSum = Object.values(tuning.weights).reduce((sum, w) => sum + w, 0);
  const relativeScore = weightSum > 0 ? best.score / weightSum : 1;
  if (relativeScore < tuning.minRelativeScore) return `its best sentence scores only ${percent(relativeScore)}`;
  if (best.contextCoverage < tuning.minDocumentCoverage) {
    const missing = percent(1 - best.contextCoverage);
    return `${best.passage.filename} lacks words carrying ${missing} of the question's weight`;
  }
  if (best.localCoverage < tuning.minLocalCoverage) {
    return (
      `its best sentence holds only ${percent(best.localCoverage)} of the words that single out what is asked ` +
      `(weighted by how rare they are in ${best.passage.filename})`
    );
  }
  const type = params.question.type;
  if (TYPED_ANSWERS.has(type) && best.typeEvidence < tuning.minTypeEvidence) {
    return `the question asks for a ${type}, and its best sentence holds none`;
  }
  // words carried over from earlier turns are retrieved too, and lower the share without saying anything
  if (params.question.terms.some((t) => t.emphasis < 1)) return null;
  const unmatchedShare = Math.max(0, ...params.pool.map((p) => p.queryUnmatchedShare ?? 0));
  if (unmatchedShare > tuning.maxUnmatchedShare) {
    return `words carrying ${percent(unmatchedShare)} of the question's weight stand in no document`;
  }
  const documentShare = Math.max(
    0,
    ...params.pool.filter((p) => p.documentId === best.passage.documentId).map((p) => p.queryShare ?? 1),
  );
  if (documentShare < tuning.minQueryShare) {
    return `${best.passage.filename} matches only ${percent(documentShare)} of the question's telling words`;
  }
  // the model knows only sentences in the language it was fitted on (a cross-language match scores lower)
  if (!tuning.refusal || best.passage.language !== tuning.refusal.passageLanguage) return null;
  const evidence = refusalEvidence({
    question: params.question,
    ranked: params.ranked,
    pool: params.pool,
    weights: tuning.weights,
  });
  return refusalReason(tuning.refusal, evidence);
}

/** The chosen sentences as they read, each followed by the marker of its verified citation. */
async function compose(params: { chosen: readonly RankedSentence[]; context: AnswerContext }): Promise<string> {
  const { chosen, context } = params;
  const parts: string[] = [];
  await context.citations.prepare(chosen.map((sentence) => sentence.passage));
  for (const sentence of chosen) {
    const citation = await context.citations.cite({
      passage: sentence.passage,
      start: sentence.start,
      end: sentence.end,
    });
    if (!citation) continue;
    parts.push(withMarker(collapseWhitespace(sentence.text), citation.number));
  }
  if (parts.length === 0) return '';
  const quoted = parts.join(' ');
  const intro = needsIntro(context.language, chosen) ? `${PHRASES[context.language].quotedIntro} ` : '';
  return `${intro}${quoted}`;
}

/** "Bygget ble ferdig i 1998." -> "Bygget ble ferdig i 1998 [1]." */
function withMarker(sentence: string, number: number): string {
  const match = /^(.*?)([.!?…:;]+["'»”’)]*)$/su.exec(sentence);
  if (match?.[1] && match[2]) return `${match[1]} [${number}]${match[2]}`;
  return `${sentence} [${number}]`;
}

/** Quoted sentences in another language than the one asked for are introduced in the asked one. */
function needsIntro(language: AnswerLanguage, chosen: readonly RankedSentence[]): boolean {
  const english = (l: AnswerLanguage) => l === 'en';
  return chosen.some((s) => {
    // a sentence too short to tell ("Billboard Hot 100 chart") is in its passage's language, if that is known
    const own = languageEvidence(s.text);
    const written = own.markers >= 2 ? own.language : s.passage.language;
    return written !== undefined && english(written) !== english(language);
  });
}

function explain(params: {
  question: AnalysedQuestion;
  ranked: readonly RankedSentence[];
  chosen: readonly RankedSentence[];
  refusal: string | null;
  passages: number;
}): string | null {
  const { question, chosen } = params;
  const kind = question.type === 'other' ? 'a fact' : `a ${question.type}`;
  const [best] = chosen;
  if (!best) {
    const why = params.refusal ? `: ${params.refusal}` : '';
    return `The question asks for ${kind}. None of the ${params.passages} passages read answers it${why}.`;
  }
  const page = best.passage.pageNumber > 0 ? `, page ${best.passage.pageNumber}` : '';
  return (
    `The question asks for ${kind}. The best of ${params.ranked.length} sentences from ${params.passages} passages is in ` +
    `${best.passage.filename}${page}; it holds ${Math.round(best.coverage * 100)} % of the question's weighted words` +
    (question.type !== 'other' ? ` and ${best.typeEvidence > 0 ? 'has' : 'lacks'} ${kind}.` : '.')
  );
}
