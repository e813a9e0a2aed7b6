import { invalidField, notFound, type AppError } from '../shared/errors.js';

/** Building failures; codes are part of the API. */

/** also what a caller gets for an archived building, or a building of another owner than the path names */
export function buildingNotFound(): AppError {
  return notFound('building');
}

export function invalidPrivateFolder(index: number): AppError {
  return invalidField(`/privateFolders/${index}`, 'is not a folder path');
}
