import { AppError, invalidField, notFound } from '../shared/errors.js';

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

/** a partner or customer with as many webhooks as it may have: one must be deleted before another is registered */
export function webhookLimitReached(params: { owner: 'partner' | 'customer'; max: number }): AppError {
  return new AppError({
    code: 'webhook.limit_reached',
    kind: 'conflict',
    message: `A ${params.owner} may have at most ${params.max} webhooks; delete one to register another`,
  });
}

/** a webhook with as many test events waiting to be delivered as it may have: another once one of them has gone */
export function webhookTestsPending(params: { max: number; retryAfterSeconds: number }): AppError {
  return new AppError({
    code: 'webhook.too_many_tests',
    kind: 'too_many_requests',
    message: `${params.max} test events to this webhook are still waiting to be delivered; send another once one has been`,
    retryAfterSeconds: params.retryAfterSeconds,
  });
}
