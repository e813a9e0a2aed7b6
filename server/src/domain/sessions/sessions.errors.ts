import { forbidden, unauthorized, type AppError } from '../shared/errors.js';

/** Session token failures (the partner API's read-only tokens); codes are part of the API. */

export function invalidSessionToken(): AppError {
  return unauthorized('auth.invalid_token', 'The session token is not valid');
}

export function sessionTokenExpired(): AppError {
  return unauthorized('auth.token_expired', 'The session token has expired');
}

/** a session token tried an operation that writes */
export function readOnlyToken(): AppError {
  return forbidden('auth.read_only_token', 'A session token can only read; use an API key for this operation');
}

export function sessionTokenCannotCreateSessions(): AppError {
  return forbidden('auth.read_only_token', 'A session token cannot create session tokens; use an API key');
}
