import type { Classification, ClassificationInput, Correction } from '../classification/classification.types.js';
import type { ClassificationOutcome, DocumentClassifier } from '../pipeline/ports.js';
import type { ExtractedPage, FileKind } from '../pipeline/extraction.types.js';
import type { DocumentRecord } from './document.js';

/** The rule engine and the per-owner learning model (src/domain/classification), as this service needs them. */
export interface ClassificationEngine {
  classify(input: ClassificationInput, ownerModel: unknown): Classification;
  isValidBuildingCategory(code: string): boolean;
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
    update: (model: unknown) => unknown;
  }): Promise<void>;
  loadPages(params: { documentId: string; maxChars: number }): Promise<ExtractedPage[]>;
}

export interface ClassifierService extends DocumentClassifier {
  isValidBuildingCategory(code: string): boolean;
  learnCategory(params: { document: DocumentRecord; buildingCategory: string }): Promise<void>;
}

function inputOf(document: DocumentRecord, pages: ExtractedPage[]): ClassificationInput {
  return {
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
}): ClassifierService {
  const { engine, repository } = deps;
  return {
    async classify({ document, pages }): Promise<ClassificationOutcome> {
      const model = await repository.loadOwnerModel(document.ownerId);
      return engine.classify(inputOf(document, pages), model);
    },
    isValidBuildingCategory: (code) => engine.isValidBuildingCategory(code),
    async learnCategory({ document, buildingCategory }) {
      const pages = await repository.loadPages({ documentId: document.id, maxChars: 20_000 });
      const correction: Correction = {
        field: 'buildingCategory',
        value: buildingCategory,
        features: engine.features(inputOf(document, pages)),
        previousValue: (document.classification?.buildingCategory?.value as string | null | undefined) ?? null,
      };
      await repository.recordCorrection({
        ownerId: document.ownerId,
        documentId: document.id,
        correction,
        update: (model) => engine.learn(model, correction),
      });
    },
  };
}
