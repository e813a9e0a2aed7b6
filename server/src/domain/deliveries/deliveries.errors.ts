import type { AppError } from '../shared/errors.js';
import { invalidField, notFound, unauthorized } from '../shared/errors.js';

export function deliveryNotFound(): AppError {
  return notFound('delivery');
}

export function subcontractorNotFound(): AppError {
  return notFound('subcontractor');
}

export function subcontractorTokenNotFound(): AppError {
  return notFound('subcontractor_token', 'Token not found');
}

/** unknown, expired or revoked: the portal link no longer works */
export function invalidSubcontractorToken(): AppError {
  return unauthorized(
    'auth.invalid_subcontractor_token',
    'The link is not valid any more (expired or revoked); ask the contractor for a new one',
  );
}

export function missingSubcontractorToken(): AppError {
  return unauthorized(
    'auth.missing_subcontractor_token',
    'Send the subcontractor token as Authorization: <token> or Authorization: Bearer <token>',
  );
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

export function informationTypeNotExpected(): AppError {
  return invalidField('/informationType', 'is not an information type this delivery expects');
}

export function otherCustomer(): AppError {
  return invalidField('/toProjectId', 'must be a project of the same customer');
}
