import { notFound, type AppError } from '../shared/errors.js';

export function customerNotFound(): AppError {
  return notFound('customer');
}
