import { invalidField, notFound, type AppError } from '../shared/errors.js';

/** Maintenance plan failures; codes are part of the API. */

/** no such task in this building (or owner): another owner's task is not there either */
export function maintenanceTaskNotFound(): AppError {
  return notFound('maintenance_task');
}

export function invalidBuildingCategoryOfTask(): AppError {
  return invalidField('/buildingCategory', 'must be an NS 3451 code (e.g. "36" or "361")');
}

export function invalidStartDate(): AppError {
  return invalidField('/start', 'must be a date (YYYY-MM-DD)');
}
