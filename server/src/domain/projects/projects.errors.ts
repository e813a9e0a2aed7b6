import { notFound, type AppError } from '../shared/errors.js';

export function projectNotFound(): AppError {
  return notFound('project');
}
