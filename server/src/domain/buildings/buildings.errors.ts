import { invalidField, type AppError } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { buildingNotFound } from '../access/access.errors.js';

/** Building failures; codes are part of the API. */

export function invalidPrivateFolder(index: number): AppError {
  return invalidField(`/privateFolders/${index}`, 'is not a folder path');
}
