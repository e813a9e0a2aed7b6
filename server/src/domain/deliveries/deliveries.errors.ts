import { AppError } from '../shared/errors.js';
import { invalidField, notFound } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export {
  invalidSubcontractorToken,
  missingSubcontractorToken,
  subcontractorNotFound,
} from '../access/access.errors.js';

export function deliveryNotFound(): AppError {
  return notFound('delivery');
}

/** the change was asked of the delivery as the caller read it (If-Match), and someone has changed it since */
export function deliveryChanged(): AppError {
  return new AppError({
    code: 'delivery.changed',
    kind: 'precondition_failed',
    message:
      'The delivery was changed by someone else since you loaded it; load it again, check their change, and decide again',
  });
}

export function subcontractorTokenNotFound(): AppError {
  return notFound('subcontractor_token', 'Token not found');
}

/** the body names a subcontractor the project does not have */
export function unknownSubcontractor(path: string): AppError {
  return invalidField(path, 'is not a subcontractor of this project');
}

export function notAProjectBuilding(): AppError {
  return invalidField('/buildingId', 'is not a building of this project');
}

export function deliveryNotInReach(): AppError {
  return invalidField('/deliveryId', "is not one of this subcontractor's deliveries in the project");
}

/**
 * the portal's new version of a file names one the subcontractor cannot replace: not its own, in another project or
 * building, deleted, not yet uploaded, under a private folder, or of another delivery than the upload answers
 */
export function replacedDocumentNotInReach(reason: 'reach' | 'building' | 'delivery'): AppError {
  const message = {
    reach: "is not one of this subcontractor's uploaded files in the project",
    building: 'is a file in another building than the upload',
    delivery: 'is a file of another delivery than the upload answers',
  }[reason];
  return invalidField('/replacesDocumentId', message);
}

export function informationTypeNotExpected(): AppError {
  return invalidField('/informationType', 'is not an information type this delivery expects');
}

export function otherCustomer(): AppError {
  return invalidField('/toProjectId', 'must be a project of the same customer');
}

/** a file a newer version has replaced is final: the code the partner API uses for acting on a superseded document */
export function documentSuperseded(): AppError {
  return new AppError({
    code: 'document.superseded',
    kind: 'conflict',
    message:
      'This file has been replaced by a newer version and can no longer be changed or deleted; change the newest version',
  });
}
