import { invalidField, type AppError } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { customerNotFound } from '../access/access.errors.js';

export function linkedOwnerNotFound(): AppError {
  return invalidField('/buildingOwnerId', 'is not a building owner of the document platform');
}
