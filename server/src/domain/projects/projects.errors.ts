import { invalidField, type AppError } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { projectArchived, projectHandedOver, projectNotFound } from '../access/access.errors.js';

/** a handover sets HANDED_OVER; an update only archives a project or makes it active again */
export function statusNotSettable(status: string): AppError {
  return invalidField('/status', `cannot be set to ${status} by an update (only ACTIVE or ARCHIVED)`);
}
