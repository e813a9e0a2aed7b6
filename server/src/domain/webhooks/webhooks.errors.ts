import { invalidField, notFound, type AppError } from '../shared/errors.js';

export function webhookNotFound(): AppError {
  return notFound('webhook');
}

/** a URL a webhook may not have (not https, or a host that resolves to an address inside a private network) */
export function webhookUrlRefused(reason: string): AppError {
  return invalidField('/url', reason);
}

export function webhookEventsInvalid(reason: string): AppError {
  return invalidField('/events', reason);
}
