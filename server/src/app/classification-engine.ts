import {
  applyCorrection,
  classifyDocument,
  correctionFeatures,
  createOwnerModel,
  isKnownInformationType,
  isValidBuildingCategory,
  parseOwnerModel,
  type OwnerModel,
} from '../domain/classification/index.js';
import type { ClassificationEngine } from '../domain/documents/classifier.service.js';

/** a stored model that cannot be read is treated as no model: the rules still classify */
function readModel(stored: unknown): OwnerModel | null {
  if (stored === null || stored === undefined) return null;
  try {
    return parseOwnerModel(stored);
  } catch {
    return null;
  }
}

/** The rule engine and owner-model learning of src/domain/classification, bound to the classifier service. */
export const classificationEngine: ClassificationEngine = {
  classify: (input, stored) => classifyDocument(input, { ownerModel: readModel(stored) }),
  isValidBuildingCategory,
  isKnownInformationType,
  learn: (stored, correction) => applyCorrection(readModel(stored) ?? createOwnerModel(), correction),
  features: (input) => correctionFeatures(input),
};
