/**
 * Decides the discipline from explicit codes, names and words, with the building category as a fallback, and renders
 * it in the market's vocabulary: Norwegian codes, or the ISO 19650 role letter for UK-style material.
 */
import type { Market } from './classification.types.js';
import type { Iso19650Name, Signal } from './filename-conventions.js';
import { Scoreboard, confidenceOf } from './scoreboard.js';

export interface DisciplineDecision {
  value: string | null;
  confidence: number;
  evidence: string[];
  /** the Norwegian code behind the value (same as value for Norwegian material) */
  norwegian: string | null;
}

/**
 * Which discipline designs a building part (the convention the eval labels follow too). Lifts, dock levellers, book
 * sorters and the rest of 6x are equipment no designer draws: no discipline.
 */
export function disciplineForCategory(code: string): string | null {
  if (code === 'MSC') return null;
  const two = code.slice(0, 2);
  if (two === '21' || two === '22') return 'RIB';
  if (code.startsWith('2')) return 'ARK';
  if (code.startsWith('3') || two === '73' || code.startsWith('783')) return 'RIV';
  if (code.startsWith('4') || code.startsWith('5') || two === '74' || two === '75') return 'RIE';
  if (code.startsWith('784') || code.startsWith('785')) return 'RIE';
  if (code.startsWith('6')) return null;
  if (code.startsWith('7')) return 'LARK';
  return null;
}

/** Norwegian discipline -> UK role letter, for UK material without a role in its name. */
function ukRoleFor(discipline: string, category: string): string | null {
  switch (discipline) {
    case 'ARK':
      return 'A';
    case 'IARK':
      return 'I';
    case 'LARK':
      return 'L';
    case 'RIB':
    case 'RIByg':
      return 'S';
    case 'RIV':
    case 'RIVA':
      // external drainage and water are the civil engineer's in UK practice
      if (category.startsWith('73')) return 'C';
      return category.startsWith('31') || category.startsWith('33') ? 'P' : 'M';
    case 'RIE':
    case 'RIT':
    case 'RIAut':
      return 'E';
    case 'RIG':
      return 'C';
    default:
      return 'Y';
  }
}

/** The UK role letters of ISO 19650-2's National Annex. */
const UK_ROLES = new Set('ABCDEFGHIKLMPQSTWXYZ'.split(''));

/** "M-501 Ventilation Layout", "P101 Soil and Waste": the role letter a UK drawing number opens a name with. */
export function nameRoleLetter(stem: string): string | null {
  const m = /^([A-Z])[-_ ]?\d{2,4}(?=$|[-_ .])/.exec(stem.trim());
  return m && UK_ROLES.has(m[1]!) ? m[1]! : null;
}

/** How a category becomes discipline evidence: weaker than any explicit code, stronger than a stray word. */
const CATEGORY_WEIGHT = 3.5;

export function decideDiscipline(args: {
  signals: readonly Signal[];
  category: { code: string; confidence: number };
  market: Market;
  /** the caller said which market the building is in; then an ISO 19650 name does not make it UK */
  marketGiven?: boolean;
  iso: Iso19650Name | null;
  /** the UK role letter a drawing number in the name opens with ("M-501 Ventilation Layout"), if any */
  nameRole?: string | null;
}): DisciplineDecision {
  const board = new Scoreboard();
  for (const s of args.signals) board.add(s.value, s.weight, s.evidence);
  const fromCategory = disciplineForCategory(args.category.code);
  if (fromCategory) {
    board.add(
      fromCategory,
      CATEGORY_WEIGHT * Math.max(0.5, args.category.confidence),
      `building category ${args.category.code}`,
    );
  }
  const [top, second] = board.ranked();
  const isoRole = args.iso && /^[A-Z]{1,2}$/.test(args.iso.role) && !(args.marketGiven && args.market === 'NO');
  // the name states its originator's role: that is the discipline even when nothing else speaks for one
  if (isoRole && args.iso && (!top || top.score < 1.2))
    return {
      value: args.iso.role,
      confidence: 0.8,
      evidence: [`ISO 19650 role "${args.iso.role}"`],
      norwegian: null,
    };
  if (!top || top.score < 1.2)
    return { value: null, confidence: 0.5, evidence: ['no discipline evidence'], norwegian: null };
  const confidence = confidenceOf(top.score, second?.score ?? 0);
  const evidence = top.evidence.slice(0, 6);
  if (args.iso && /^[A-Z]{1,2}$/.test(args.iso.role) && !(args.marketGiven && args.market === 'NO')) {
    return {
      value: args.iso.role,
      confidence: Math.max(confidence, 0.9),
      evidence: [`ISO 19650 role "${args.iso.role}"`, ...evidence],
      norwegian: top.value,
    };
  }
  // UK material: a role letter the name opens with is kept (issue 50's convention), as an ISO 19650 role is
  if (args.market === 'UK' && args.nameRole && UK_ROLES.has(args.nameRole))
    return {
      value: args.nameRole,
      confidence: Math.max(confidence, 0.8),
      evidence: [`name opens with the role letter "${args.nameRole}"`, ...evidence],
      norwegian: top.value,
    };
  if (args.market === 'UK') {
    const role = ukRoleFor(top.value, args.category.code);
    return {
      value: role,
      confidence,
      evidence: [`UK material: ${top.value} as role "${role ?? '?'}"`, ...evidence],
      norwegian: top.value,
    };
  }
  return { value: top.value, confidence, evidence, norwegian: top.value };
}
