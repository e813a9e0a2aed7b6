import { AppError, invalidField, notFound } from '../shared/errors.js';

export function projectNotFound(): AppError {
  return notFound('project');
}

/** a handover sets HANDED_OVER; an update only archives a project or makes it active again */
export function statusNotSettable(status: string): AppError {
  return invalidField('/status', `cannot be set to ${status} by an update (only ACTIVE or ARCHIVED)`);
}

/** a handed-over project belongs to its building owner now: the contractor reads it and no longer changes it */
export function projectHandedOver(): AppError {
  return new AppError({
    code: 'project.handed_over',
    kind: 'conflict',
    message: 'The project was handed over to its building owner and is read-only',
  });
}
