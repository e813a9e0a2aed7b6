/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export {
  invalidSessionToken,
  sessionTokenExpired,
  readOnlyToken,
  sessionTokenCannotCreateSessions,
} from '../access/access.errors.js';

/** Session token failures (the partner API's read-only tokens); codes are part of the API. */
