import type {
  Classification,
  ClassificationInput,
  CorrectableField,
  Correction,
  Market,
} from '../classification/classification.types.js';
import type { ClassificationReviewer } from '../classification/llm-review.js';
import type { ClassificationOutcome, DocumentClassifier } from '../pipeline/ports.js';
import type { ExtractedPage, FileKind } from '../pipeline/extraction.types.js';
import type { DocumentRecord } from './document.js';

/** The rule engine and the per-owner learning model (src/domain/classification), as this service needs them. */
export interface ClassificationEngine {
  classify(input: ClassificationInput, ownerModel: unknown): Classification;
  isValidBuildingCategory(code: string): boolean;
  isKnownInformationType(id: string): boolean;
  /** the owner's model with one more correction learned (a new JSON-serialisable value) */
  learn(ownerModel: unknown, correction: Correction): unknown;
  /** tokens of a document that a correction remembers */
  features(input: ClassificationInput): string[];
}

export interface ClassifierRepository {
  loadOwnerModel(ownerId: string): Promise<unknown>;
  /**
   * records the correction and updates the owner's model under a row lock, so corrections made at the same time in
   * different processes are all learned
   */
  recordCorrection(params: {
    ownerId: string;
    documentId: string;
    correction: Correction;
    /** the person who made it; null for a partner's key */
    correctedByUserId: string | null;
    update: (model: unknown) => unknown;
  }): Promise<void>;
  /** many corrections of one owner's documents at once: every one recorded, the model updated once with them all */
  recordCorrections(params: {
    ownerId: string;
    corrections: { documentId: string; correction: Correction; correctedByUserId: string | null }[];
    update: (model: unknown) => unknown;
  }): Promise<void>;
  /** the newest correction of each field of a document: when, and the name of the person who made it (if any) */
  corrections(documentId: string): Promise<FieldCorrection[]>;
  loadPages(params: { documentId: string; maxChars: number }): Promise<ExtractedPage[]>;
  /** the disciplines the building's other classified documents were given, with how many have each */
  buildingDisciplines(params: { buildingId: string; exceptDocumentId: string }): Promise<Map<string, number>>;
}

/** A building's documents decide its market once this many carry a discipline ... */
const MARKET_MIN_DOCUMENTS = 3;
/** ... and this share of them speak one market's codes. */
const MARKET_MIN_SHARE = 0.7;

/**
 * The market a building's classified documents already speak: UK role letters or Norwegian codes. A building's
 * disciplines are then given in one code system, whatever the language of a single data sheet. Null while the
 * building has too few classified documents, or they are mixed.
 */
export function buildingMarket(disciplines: Map<string, number>): Market | null {
  let uk = 0;
  let no = 0;
  for (const [code, n] of disciplines) {
    if (/^[A-Z]$/.test(code)) uk += n;
    else no += n;
  }
  const total = uk + no;
  if (total < MARKET_MIN_DOCUMENTS) return null;
  if (uk / total >= MARKET_MIN_SHARE) return 'UK';
  if (no / total >= MARKET_MIN_SHARE) return 'NO';
  return null;
}

/** a field of a document a person corrected: when, and by whom (their name, or e-mail without one) */
export interface FieldCorrection {
  field: string;
  correctedAt: Date;
  correctedBy: string | null;
}

/** who corrects: the signed-in person's id, or null (a partner's key, a delivery's review) */
type By = { correctedByUserId?: string | null };

export interface ClassifierService extends DocumentClassifier {
  isValidBuildingCategory(code: string): boolean;
  learnCategory(params: { document: DocumentRecord; buildingCategory: string } & By): Promise<void>;
  learnInformationTypes(params: { document: DocumentRecord; informationTypes: string[] } & By): Promise<void>;
  /**
   * one person's change of many documents (a bulk change): each document's correction is recorded and learned, as
   * one correction at a time would be, with one update of the owner's model per owner
   */
  learnMany(params: {
    corrections: { document: DocumentRecord; field: CorrectableField; value: string | string[] }[];
    correctedByUserId: string | null;
  }): Promise<void>;
  isKnownInformationType(id: string): boolean;
  corrections(documentId: string): Promise<FieldCorrection[]>;
}

function inputOf(document: DocumentRecord, pages: ExtractedPage[], market?: Market | null): ClassificationInput {
  return {
    ...(market ? { market } : {}),
    filename: document.filename,
    originalPath: document.originalPath,
    title: document.title,
    pages: pages.map((p) => ({
      pageNumber: p.pageNumber,
      text: p.text,
      ...(p.widthMm !== undefined ? { widthMm: p.widthMm } : {}),
      ...(p.heightMm !== undefined ? { heightMm: p.heightMm } : {}),
    })),
    fileKind: (document.fileKind ?? 'unknown') as FileKind,
  };
}

/** Classification with the owner's learned corrections on top of the rules; corrections are recorded, never lost. */
export function createClassifierService(deps: {
  engine: ClassificationEngine;
  repository: ClassifierRepository;
  /** a language model that reviews the fields the rules are unsure of (only with LLM_PROVIDER set) */
  reviewer?: ClassificationReviewer | null;
}): ClassifierService {
  const { engine, repository } = deps;
  return {
    async classify({ document, pages }): Promise<ClassificationOutcome> {
      const [model, disciplines] = await Promise.all([
        repository.loadOwnerModel(document.ownerId),
        repository.buildingDisciplines({ buildingId: document.buildingId, exceptDocumentId: document.id }),
      ]);
      const input = inputOf(document, pages, buildingMarket(disciplines));
      const classification = engine.classify(input, model);
      return deps.reviewer ? deps.reviewer.review(input, classification) : classification;
    },
    isValidBuildingCategory: (code) => engine.isValidBuildingCategory(code),
    isKnownInformationType: (id) => engine.isKnownInformationType(id),
    corrections: (documentId) => repository.corrections(documentId),
    learnCategory: ({ document, buildingCategory, correctedByUserId }) =>
      learn(document, 'buildingCategory', buildingCategory, correctedByUserId ?? null),
    async learnMany({ corrections, correctedByUserId }) {
      const byOwner = new Map<
        string,
        { documentId: string; correction: Correction; correctedByUserId: string | null }[]
      >();
      for (const { document, field, value } of corrections) {
        const learned = field === 'informationTypes' ? known(value as string[]) : value;
        if (Array.isArray(learned) && learned.length === 0) continue;
        const correction = await correctionOf(document, field, learned);
        const list = byOwner.get(document.ownerId) ?? [];
        list.push({ documentId: document.id, correction, correctedByUserId });
        byOwner.set(document.ownerId, list);
      }
      for (const [ownerId, list] of byOwner) {
        await repository.recordCorrections({
          ownerId,
          corrections: list,
          update: (model) => list.reduce((m, { correction }) => engine.learn(m, correction), model),
        });
      }
    },
    async learnInformationTypes({ document, informationTypes, correctedByUserId }) {
      const types = known(informationTypes);
      if (types.length === 0) return;
      await learn(document, 'informationTypes', types, correctedByUserId ?? null);
    },
  };

  /** a project's own type names (the construction side allows them) teach the catalogue's classifier nothing */
  function known(informationTypes: string[]): string[] {
    return informationTypes.filter((id) => engine.isKnownInformationType(id));
  }

  /** a correction of the document's field, with the document's features and what the classifier had said */
  async function correctionOf(document: DocumentRecord, field: CorrectableField, value: string | string[]) {
    const pages = await repository.loadPages({ documentId: document.id, maxChars: 20_000 });
    const previous = document.classification?.[field]?.value;
    return {
      field,
      value,
      features: engine.features(inputOf(document, pages)),
      previousValue: (previous as string | string[] | null | undefined) ?? null,
    } satisfies Correction;
  }

  /** records a person's correction and teaches the owner's model the document's features with it */
  async function learn(
    document: DocumentRecord,
    field: Correction['field'],
    value: string | string[],
    correctedByUserId: string | null,
  ): Promise<void> {
    const correction = await correctionOf(document, field, value);
    await repository.recordCorrection({
      ownerId: document.ownerId,
      documentId: document.id,
      correction,
      correctedByUserId,
      update: (model) => engine.learn(model, correction),
    });
  }
}
