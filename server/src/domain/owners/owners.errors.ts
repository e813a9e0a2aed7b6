/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { ownerNotFound } from '../access/access.errors.js';

/** Building owner failures; codes are part of the API. */
