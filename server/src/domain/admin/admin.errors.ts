import { invalid, notFound, type AppError, type FieldProblem } from '../shared/errors.js';

/** Operator failures; codes are part of the API. An unknown building owner is the owners' `ownerNotFound`. */

export function partnerNotFound(): AppError {
  return notFound('partner');
}

export function apiKeyNotFound(): AppError {
  return notFound('api_key');
}

export function grantsOutsidePartner(problems: FieldProblem[]): AppError {
  return invalid(
    'request.invalid',
    'The key may only be limited to building owners and buildings this partner already has access to',
    problems,
  );
}
