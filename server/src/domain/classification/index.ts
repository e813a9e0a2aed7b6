/** Public surface of document classification; the rest of the folder is its implementation. */
export type {
  Classification,
  ClassificationInput,
  ClassificationPage,
  CorrectableField,
  Correction,
  DrawingType,
  FieldEvidence,
  Market,
} from './classification.types.js';
export { classifyDocument, type ClassifyOptions } from './classify.js';
export { codeSignal, signalCodeExamples, type CodedSignal, type SignalParams } from './signal-codes.js';
export {
  applyCorrection,
  correctionCount,
  correctionFeatures,
  createCorrection,
  createOwnerModel,
  loadOwnerModel,
  parseOwnerModel,
  serializeOwnerModel,
  suggestFromOwnerModel,
  type LearnedSuggestion,
  type OwnerModel,
  type OwnerModelExample,
} from './owner-model.js';
export {
  buildingCategoryName,
  informationTypeEntries,
  isKnownInformationType,
  isValidBuildingCategory,
} from './reference-data.js';
