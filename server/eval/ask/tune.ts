/**
 * Fits the built-in answerer's numbers (src/domain/answers/builtin-tuning.ts) on the tuning half of the NorQuAD set
 * and on nothing else. Every tuning question is retrieved once in the same 10,000-document building eval:ask uses;
 * then a coordinate search, starting from neutral values (every weight 0.5), tries one number at a time and keeps a
 * change only when it raises the objective: right passage first + gold answer contained + "not found" when the
 * question's own passage is hidden (each share counts the same, so the answerer is not rewarded for guessing), and
 * keeps the first two above a floor (FLOOR).
 *
 *   npx tsx eval/ask/tune.ts [--file path.json] [--documents 10000] [--rounds 4] [--check [--set "name=value;..."]]
 *
 * Prints the fitted numbers to paste into builtin-tuning.ts. The held-out half is not read here at all.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { AnswerOutcome } from '../../src/domain/answers/answerer.js';
import { createBuiltinAnswerer } from '../../src/domain/answers/builtin.answerer.js';
import { tuningFor, type BuiltinTuning } from '../../src/domain/answers/builtin-tuning.js';
import { CitationBook } from '../../src/domain/answers/citations.js';
import type { AskRepository, Passage, PassageScope, ReadableDocument } from '../../src/domain/answers/ports.js';
import { createAskRepository } from '../../src/storage/db/repositories/ask.repository.js';
import {
  DEFAULT_SET,
  ENGLISH_SETS,
  normalize,
  openEvalBuilding,
  type EvalQuestion,
  type EvalSet,
} from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `--lang en` fits the English numbers on SQuAD 2.0 train questions; otherwise the Norwegian ones on NorQuAD */
const english = (argValue('--lang') ?? argValue('--language')) === 'en';
const fileArgument = argValue('--file');
// English: the train file alone, every passage of it tuning; the dev file (eval:ask's held-out set) is never loaded
const sets: EvalSet[] = fileArgument
  ? [{ file: path.resolve(fileArgument), ...(english ? { split: 'tuning' as const } : {}) }]
  : english
    ? ENGLISH_SETS.filter((set) => set.split === 'tuning')
    : [{ file: DEFAULT_SET }];
const totalDocuments = Number(argValue('--documents') ?? (english ? 3_000 : 10_000));
/** every n-th tuning question only, to fit faster on a large set */
const every = Number(argValue('--every') ?? 1);
const rounds = Number(argValue('--rounds') ?? 4);
/**
 * `--check`: only score the numbers in builtin-tuning.ts on the tuning half, and each variant of them given as
 * `--set "name=value,name=value;name=value"` (variants separated by ";")
 */
const check = process.argv.includes('--check');
const variants: [string, string][][] = [
  [],
  ...(argValue('--set') ?? '')
    .split(';')
    .filter((variant) => variant.includes('='))
    .map((variant) => variant.split(',').map((pair) => pair.split('=') as [string, string])),
];

const NEUTRAL: BuiltinTuning = {
  weights: { coverage: 0.5, local: 0.5, window: 0.5, document: 0.5, retrieval: 0.5, type: 0.5, proximity: 0.5 },
  rerank: { retrieval: 1, frequency: 0, pairs: 0, sentence: 0, window: 0, names: 0, typed: 0 },
  rerankPool: 1,
  minCoverage: 0.3,
  minContextCoverage: 0.6,
  minRelativeScore: 0,
  minQueryShare: 0,
  maxUnmatchedShare: 1,
  minDocumentCoverage: 0,
  minLocalCoverage: 0,
  minTypeEvidence: 0,
  supportRatio: 0.8,
};

/**
 * The fit may not buy "not found" answers with right ones: below these shares on the tuning half a change is refused.
 * They sit above the targets (0.85 and 0.60) so that the held-out half, which can come out lower, still meets
 * them. A first fit with a right-passage floor of 0.88 came out at 0.882 on the tuning half and 0.840 held out, so the
 * floor is 0.90: about two standard errors of a share measured on ~240 questions above the target.
 */
const FLOOR = { rightFirst: 0.9, goldContained: 0.65 };
/**
 * English starts far below those floors, so they are relative: a change may cost at most this much of either share
 * against the starting numbers, and may answer "not found" to at most MAX_NOT_FOUND of the answerable questions (the
 * issue's limit is 0.10; the margin is for the held-out set).
 */
const ENGLISH_SLACK = 0.01;
const MAX_NOT_FOUND = 0.08;

type WeightName = keyof BuiltinTuning['weights'];
type Knob = {
  name: string;
  values: (current: number) => number[];
  get(t: BuiltinTuning): number;
  set(t: BuiltinTuning, v: number): BuiltinTuning;
};

const weightKnob = (name: WeightName): Knob => ({
  name: `weights.${name}`,
  values: (current) => [0, 0.15, 0.3, 0.5, 0.75, 1].filter((v) => v !== current),
  get: (t) => t.weights[name],
  set: (t, v) => ({ ...t, weights: { ...t.weights, [name]: v } }),
});
type ThresholdName = Exclude<keyof BuiltinTuning, 'weights' | 'rerank' | 'refusal'>;
const thresholdKnob = (name: ThresholdName, grid: number[]): Knob => ({
  name,
  values: (current) => grid.filter((v) => v !== current),
  get: (t) => t[name],
  set: (t, v) => ({ ...t, [name]: v }),
});

const KNOBS: Knob[] = [
  ...(['coverage', 'local', 'window', 'document', 'retrieval', 'type', 'proximity'] as const).map(weightKnob),
  thresholdKnob('minCoverage', [0.2, 0.25, 0.3, 0.35, 0.4, 0.5]),
  thresholdKnob('minContextCoverage', [0.5, 0.6, 0.7, 0.8, 1.01]),
  thresholdKnob('minRelativeScore', [0, 0.25, 0.3, 0.35, 0.4, 0.45]),
  thresholdKnob('minQueryShare', [0, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5]),
  thresholdKnob('maxUnmatchedShare', [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1]),
  thresholdKnob('minDocumentCoverage', [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]),
  thresholdKnob('minLocalCoverage', [0, 0.2, 0.3, 0.4, 0.5, 0.6]),
  thresholdKnob('minTypeEvidence', [0, 0.3, 0.5, 0.7]),
  thresholdKnob('supportRatio', [0.7, 0.8, 0.9]),
];

interface Scores {
  rightFirst: number;
  goldContained: number;
  /** Norwegian: the question's own passage hidden */
  notFoundWhenHidden: number;
  /** English: SQuAD 2.0's unanswerable questions, and the answerable ones (which should not get it) */
  notFoundUnanswerable: number;
  notFoundAnswerable: number;
  objective: number;
}

/** Repository calls a citation makes, remembered: the tuning run asks the same few pages thousands of times. */
function rememberingRepository(repository: AskRepository): AskRepository {
  const documents = new Map<string, Promise<ReadableDocument[]>>();
  const pages = new Map<string, Promise<Map<string, string>>>();
  return {
    ...repository,
    readableDocuments(params) {
      const key = params.documentIds.join(',');
      if (!documents.has(key)) documents.set(key, repository.readableDocuments(params));
      return documents.get(key) as Promise<ReadableDocument[]>;
    },
    pageTexts(list) {
      const key = list.map((p) => `${p.documentId}:${p.pageNumber}`).join(',');
      if (!pages.has(key)) pages.set(key, repository.pageTexts(list));
      return pages.get(key) as Promise<Map<string, string>>;
    },
  };
}

async function main(): Promise<void> {
  const building = await openEvalBuilding({ sets, totalDocuments, databaseUrl: undefined });
  try {
    const askRepository = createAskRepository(building.deps.database.db);
    const repository = rememberingRepository(askRepository);
    const scope: PassageScope = { ownerId: building.ownerId, buildingIds: [building.buildingId] };
    // Norwegian: the answerable ones (NorQuAD has no other), each also asked with its passage hidden; English: SQuAD
    // 2.0's answerable and unanswerable questions, as written
    const tuning = building.questions.filter((q, i) => q.split === 'tuning' && i % every === 0);
    const answerable = tuning.filter((q): q is typeof q & { gold: string } => q.gold !== null);
    const unanswerable = tuning.filter((q) => q.gold === null);
    const language = english ? 'en' : 'nb';
    const retrieved = new Map<EvalQuestion, Passage[]>();
    const retrievedHidden = new Map<EvalQuestion, Passage[]>();
    const hideFolder = async (folder: string | null): Promise<void> => {
      const { principal, ownerId, buildingId } = building;
      await building.deps.services.buildings.update({
        principal,
        ownerId,
        buildingId,
        privateFolders: folder ? [folder] : [],
      });
    };

    const answer = async (
      params: BuiltinTuning,
      q: EvalQuestion,
      hide: boolean,
    ): Promise<{ outcome: AnswerOutcome; citations: CitationBook }> => {
      const citations = new CitationBook({ repository, scope });
      const events = createBuiltinAnswerer({ tuning: params }).answer({
        question: q.question,
        language,
        mode: 'balanced',
        history: [],
        attachedDocumentIds: [],
        citations,
        signal: new AbortController().signal,
        tools: {
          retrieve: async ({ query, limit }) => {
            const cache = hide ? retrievedHidden : retrieved;
            let passages = cache.get(q);
            if (!passages) {
              // hidden: the question's own passage in a private folder, so the building does not hold the answer
              if (hide) await hideFolder(q.folder);
              passages = await building.deps.services.search.retrieveChunks({ ...scope, query, limit });
              if (hide) await hideFolder(null);
              cache.set(q, passages);
            }
            return passages;
          },
          readPassages: async () => [],
          readPage: async () => [],
          categoryCounts: async () => [],
        },
      });
      for (;;) {
        const next = await events.next();
        if (next.done) return { outcome: next.value, citations };
      }
    };

    const score = async (params: BuiltinTuning): Promise<Scores> => {
      let rightFirst = 0;
      let goldContained = 0;
      let notFoundWhenHidden = 0;
      let notFoundAnswerable = 0;
      let notFoundUnanswerable = 0;
      for (const q of answerable) {
        const shown = await answer(params, q, false);
        const first = shown.citations.citations()[0];
        if (first?.documentId === q.documentId) rightFirst += 1;
        if (first === undefined) notFoundAnswerable += 1;
        if (normalize(shown.outcome.answer).includes(normalize(q.gold))) goldContained += 1;
        if (english) continue;
        const hidden = await answer(params, q, true);
        if (hidden.citations.citations().length === 0) notFoundWhenHidden += 1;
      }
      for (const q of unanswerable) {
        const shown = await answer(params, q, false);
        if (shown.citations.citations().length === 0) notFoundUnanswerable += 1;
      }
      const n = Math.max(1, answerable.length);
      const scores = {
        rightFirst: rightFirst / n,
        goldContained: goldContained / n,
        notFoundWhenHidden: english ? 0 : notFoundWhenHidden / n,
        notFoundAnswerable: notFoundAnswerable / n,
        notFoundUnanswerable: notFoundUnanswerable / Math.max(1, unanswerable.length),
      };
      const refused = english ? scores.notFoundUnanswerable : scores.notFoundWhenHidden;
      return { ...scores, objective: scores.rightFirst + scores.goldContained + refused };
    };

    const show = (label: string, s: Scores) =>
      console.log(
        `${label.padEnd(34)} right first ${(s.rightFirst * 100).toFixed(1)} %, gold ${(s.goldContained * 100).toFixed(1)} %, ` +
          (english
            ? `not found: unanswerable ${(s.notFoundUnanswerable * 100).toFixed(1)} %, answerable ` +
              `${(s.notFoundAnswerable * 100).toFixed(1)} %`
            : `not found when hidden ${(s.notFoundWhenHidden * 100).toFixed(1)} %`) +
          `  (objective ${s.objective.toFixed(3)})`,
      );

    if (check) {
      for (const values of variants) {
        let params = tuningFor(language);
        for (const [name, value] of values) {
          const knob = KNOBS.find((k) => k.name === name);
          if (!knob) throw new Error(`unknown number ${name}: ${KNOBS.map((k) => k.name).join(', ')}`);
          params = knob.set(params, Number(value));
        }
        show(`builtin-tuning.ts ${values.map((v) => v.join('=')).join(', ')}`, await score(params));
      }
      return;
    }
    const started = performance.now();
    // English starts from its own numbers (first fitted from the Norwegian ones, the same answerer in another
    // language; the passage rerank's weights come from fit-rerank.ts); Norwegian from neutral numbers
    let best = english ? tuningFor('en') : NEUTRAL;
    let bestScores = await score(best);
    const start = bestScores;
    show(
      `${english ? 'English numbers' : 'neutral'} start (${answerable.length} + ${unanswerable.length} questions)`,
      bestScores,
    );
    const allowed = (candidate: Scores): boolean =>
      english
        ? candidate.rightFirst >= start.rightFirst - ENGLISH_SLACK &&
          candidate.goldContained >= start.goldContained - ENGLISH_SLACK &&
          candidate.notFoundAnswerable <= Math.max(MAX_NOT_FOUND, start.notFoundAnswerable)
        : candidate.rightFirst >= FLOOR.rightFirst && candidate.goldContained >= FLOOR.goldContained;
    for (let round = 1; round <= rounds; round += 1) {
      let improved = false;
      for (const knob of KNOBS) {
        for (const value of knob.values(knob.get(best))) {
          const candidate = knob.set(best, value);
          const candidateScores = await score(candidate);
          if (allowed(candidateScores) && candidateScores.objective > bestScores.objective + 1e-9) {
            best = candidate;
            bestScores = candidateScores;
            improved = true;
            show(`round ${round}: ${knob.name} = ${value}`, bestScores);
          }
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        console.log(`  ${knob.name} stays ${knob.get(best)} (${seconds} s)`);
      }
      console.log(`round ${round} done after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      if (!improved) break;
    }
    console.log(`fitted in ${((performance.now() - started) / 1000).toFixed(0)} s:`);
    console.log(JSON.stringify(best, null, 2));
  } finally {
    await building.close();
  }
}

await main();
