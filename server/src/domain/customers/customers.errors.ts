import { invalidField, notFound, type AppError } from '../shared/errors.js';

export function customerNotFound(): AppError {
  return notFound('customer');
}

export function linkedOwnerNotFound(): AppError {
  return invalidField('/buildingOwnerId', 'is not a building owner of the document platform');
}
