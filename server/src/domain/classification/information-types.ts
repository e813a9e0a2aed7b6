/**
 * Decides the information types: the primary one (what the document is) and every type it also serves. Drawings are
 * typed by what kind of drawing they are; other documents by their strongest genre cue.
 */
import type { FileKind } from '../pipeline/extraction.types.js';
import type { Signal } from './filename-conventions.js';
import { Scoreboard, confidenceOf } from './scoreboard.js';

export interface InformationTypeDecision {
  primary: string | null;
  all: string[];
  confidence: number;
  evidence: string[];
  /** evidence per type in `all`, for the informationTypes evidence entry */
  allEvidence: string[];
}

/** Types that only a drawing can be; never the primary type of a text document. */
const DRAWING_ONLY = new Set(['drawing', 'as_built_drawing', 'schematic_diagram']);

/**
 * Umbrella types: present in many documents' text without being what the document is ("heis" in a lift data sheet,
 * "rapport" in a commissioning report), so they yield to a specific type when both are present.
 */
const UMBRELLA_FACTOR: Record<string, number> = {
  lift_documents: 0.75,
  report: 0.7,
  description: 0.85,
  certificate: 0.85,
  om_instructions: 0.9,
  photo_documentation: 0.9,
  model: 0.8,
};

/** Files that hold a model whatever their kind was detected as: IFC in its forms, and the authoring and review tools'. */
export const MODEL_EXTENSIONS = new Set(['ifc', 'ifczip', 'ifcxml', 'rvt', 'nwd', 'nwc', 'nwf', 'smc', 'pln', 'bimx']);

export function decideInformationTypes(args: {
  signals: readonly Signal[];
  fileKind: FileKind;
  /** the file name's extension, lower case */
  extension?: string;
  isDrawing: boolean;
  asBuilt: boolean;
  isSchema: boolean;
}): InformationTypeDecision {
  const board = new Scoreboard();
  for (const s of args.signals) board.add(s.value, s.weight, s.evidence);

  if (args.fileKind === 'ifc') board.add('model', 10, 'IFC file (BIM model)');
  else if (args.extension && MODEL_EXTENSIONS.has(args.extension))
    board.add('model', 10, `.${args.extension} file (BIM model)`);
  // an e-mail is correspondence about a document, not the document: its subject's "warranty" is no warranty
  if (args.fileKind === 'msg' || args.fileKind === 'eml')
    return {
      primary: null,
      all: [],
      confidence: 0.8,
      evidence: ['an e-mail: correspondence, of no information type'],
      allEvidence: [],
    };

  if (args.isDrawing) {
    const all = ['drawing'];
    const evidence: string[] = [];
    let primary = 'drawing';
    if (args.isSchema) {
      all.unshift('schematic_diagram');
      primary = 'schematic_diagram';
      evidence.push('schematic diagram');
    }
    if (args.asBuilt) {
      all.unshift('as_built_drawing');
      primary = 'as_built_drawing';
      evidence.unshift('as-built drawing');
    }
    // A fire drawing (branntegning, fire strategy plan) is the fire strategy's, when its name says so: notes on an
    // ordinary drawing often mention fire requirements.
    const fireByName = args.signals
      .filter((s) => s.value === 'fire_strategy' && !s.evidence.startsWith('text'))
      .reduce((sum, s) => sum + s.weight, 0);
    if (fireByName >= 3) {
      // an as-built drawing stays as-built first; the fire strategy is its second type
      all.splice(args.asBuilt ? 1 : 0, 0, 'fire_strategy');
      if (!args.asBuilt) {
        primary = 'fire_strategy';
        evidence.unshift(...board.evidenceOf('fire_strategy').slice(0, 2));
      }
    }
    if (board.score('evacuation_plan') >= 3) {
      all.unshift('evacuation_plan');
      primary = 'evacuation_plan';
      evidence.unshift(...board.evidenceOf('evacuation_plan').slice(0, 2));
    }
    for (const c of board.ranked()) {
      if (c.score >= 3 && !all.includes(c.value) && !DRAWING_ONLY.has(c.value) && c.value !== 'model')
        all.push(c.value);
    }
    return {
      primary,
      all,
      confidence: 0.9,
      evidence: evidence.length ? evidence : ['a drawing'],
      allEvidence: evidence,
    };
  }

  if (args.fileKind === 'image') {
    const documented = board.score('photo_documentation') >= 2;
    const primary = documented ? 'photo_documentation' : 'photo';
    const evidence = documented ? board.evidenceOf('photo_documentation').slice(0, 4) : ['image file'];
    return {
      primary,
      all: documented ? ['photo_documentation', 'photo'] : ['photo'],
      confidence: documented ? 0.8 : 0.6,
      evidence,
      allEvidence: evidence,
    };
  }

  const ranked = board
    .ranked()
    .filter((c) => !DRAWING_ONLY.has(c.value))
    .map((c) => ({ ...c, rank: c.score * (UMBRELLA_FACTOR[c.value] ?? 1) }))
    .sort((a, b) => b.rank - a.rank);
  const [top, second] = ranked;
  if (!top || top.score < 1.2)
    return { primary: null, all: [], confidence: 0.3, evidence: ['no information type evidence'], allEvidence: [] };
  const all = ranked
    .filter((c) => c.score >= Math.max(1.5, 0.3 * top.score))
    .slice(0, 4)
    .map((c) => c.value);
  if (!all.includes(top.value)) all.unshift(top.value);
  const allEvidence = ranked
    .filter((c) => all.includes(c.value))
    .flatMap((c) => c.evidence.slice(0, 2).map((e) => `${c.value}: ${e}`));
  return {
    primary: top.value,
    all,
    confidence: confidenceOf(top.rank, second?.rank ?? 0),
    evidence: top.evidence.slice(0, 6),
    allEvidence,
  };
}
