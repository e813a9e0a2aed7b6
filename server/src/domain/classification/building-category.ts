/**
 * Picks the NS 3451 code from weighted signals. 2-digit codes compete directly (with half the weight of main-part
 * signals such as a "VVS" folder added to every code of that part); the winner goes deeper only while one 3- or
 * 4-digit child carries most of its support, and falls back to the part's "general" code (20, 30, 40 ...) when two
 * codes of the part are about equally supported, as in a description covering both power and lighting.
 */
import type { Signal } from './filename-conventions.js';
import { ns3451Entry } from './reference-data.js';
import { confidenceOf } from './scoreboard.js';

export interface CategoryDecision {
  code: string;
  confidence: number;
  evidence: string[];
}

/** Too little support for any code: the document is filed as MSC rather than guessed into a part. */
const MIN_SCORE = 1.5;
/** Share of main-part ("VVS", "Elektro") support every 2-digit code of that part receives. */
const MAIN_SHARE = 0.5;
/** A runner-up of the same part this close to the winner means the document spans the part. */
const SPAN_RATIO = 0.75;

export function decideBuildingCategory(
  signals: readonly Signal[],
  options?: {
    /** the runner-up's share of the winner's support from which the document spans both (default SPAN_RATIO) */
    spanRatio?: number;
    /** a general winner with one specific part close behind is that part (not for drawings: a general arrangement is general) */
    preferSpecific?: boolean;
  },
): CategoryDecision {
  const level1 = new Map<string, number>();
  const twoDigit = new Map<string, number>();
  for (const s of signals) {
    if (s.value.length === 1) level1.set(s.value, (level1.get(s.value) ?? 0) + s.weight);
    else twoDigit.set(s.value.slice(0, 2), (twoDigit.get(s.value.slice(0, 2)) ?? 0) + s.weight);
  }
  const candidates = new Map<string, number>();
  for (const [code, score] of twoDigit) candidates.set(code, score + MAIN_SHARE * (level1.get(code[0]!) ?? 0));
  for (const [main, score] of level1) {
    const general = `${main}0`;
    if (![...twoDigit.keys()].some((c) => c.startsWith(main))) candidates.set(general, score);
  }
  const ranked = [...candidates.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const best = ranked[0];
  if (!best || best[1] < MIN_SCORE) {
    return {
      code: 'MSC',
      confidence: best ? 0.4 : 0.6,
      evidence: best ? ['too little evidence for any NS 3451 part'] : ['no NS 3451 evidence'],
    };
  }
  let [code, score] = best;
  const main = code[0]!;
  const spanRatio = options?.spanRatio ?? SPAN_RATIO;
  // The main part's general code (70 from an "Utomhus" folder, 30 from "VVS") is no second part the document spans:
  // a general winner with one specific part close behind is that part; with two, the document spans them.
  // (Not where the general code is the genre's or the discipline's own statement: a building physics memo is about the
  // building as a whole, whatever part its text mentions.)
  const stated = signals.some(
    (s) => s.value === code && /^(?:discipline |information type|a room schedule|a greenhouse)/.test(s.evidence),
  );
  if (options?.preferSpecific && code.endsWith('0') && !stated) {
    const close = ranked.filter(([c, s]) => c[0] === main && !c.endsWith('0') && s >= spanRatio * score);
    if (close.length === 1) [code, score] = close[0]!;
  }
  const sameMainRunnerUp = ranked.find(([c]) => c !== code && c[0] === main && !c.endsWith('0'));
  const confidence = confidenceOf(score, ranked[1]?.[1] ?? 0);
  const spans =
    sameMainRunnerUp !== undefined && sameMainRunnerUp[1] >= spanRatio * score && ns3451Entry(`${main}0`) !== undefined;
  if (spans) {
    code = `${main}0`;
  } else {
    // Deeper while one child holds most of the support.
    const own = twoDigit.get(code) ?? 0;
    score = own;
    for (const [length, share, floor] of [
      [3, 0.4, 2.5],
      [4, 0.6, 3],
    ] as const) {
      const children = new Map<string, number>();
      for (const s of signals) {
        if (s.value.length >= length && s.value.startsWith(code)) {
          const child = s.value.slice(0, length);
          children.set(child, (children.get(child) ?? 0) + s.weight);
        }
      }
      const [child] = [...children.entries()].sort((a, b) => b[1] - a[1]);
      if (!child || child[1] < Math.max(floor, share * score) || !ns3451Entry(child[0])) break;
      code = child[0];
      score = child[1];
    }
  }

  const prefix = code.slice(0, 2);
  const support = signals
    .filter((s) => (spans ? s.value[0] === main : s.value.startsWith(prefix) || s.value === main))
    .sort((a, b) => b.weight - a.weight);
  const evidence = [...new Set(support.map((s) => s.evidence))].slice(0, 6);
  if (spans)
    evidence.unshift(`evidence spans ${best[0]} and ${sameMainRunnerUp?.[0] ?? '?'}: filed under the general ${code}`);
  return { code, confidence: spans ? Math.min(confidence, 0.6) : confidence, evidence };
}
