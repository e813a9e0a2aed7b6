import { notFound, type AppError } from '../shared/errors.js';

/** Building owner failures; codes are part of the API. */

/** also what a caller gets for an archived owner */
export function ownerNotFound(): AppError {
  return notFound('building_owner');
}
