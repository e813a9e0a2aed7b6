import type { FastifyRequest } from 'fastify';
import { invalidEventsToken } from '../../domain/access/access.errors.js';
import { hashSecret, safeEqual } from '../../domain/shared/secrets.js';

/**
 * The guard of object storage's event notifications: the shared secret in `x-byggdok-events-token`. A pre-handler
 * (after body validation, as the check has always run), so a route states its credential in its options.
 */
export function eventsTokenGuard(eventsToken: string): (request: FastifyRequest) => Promise<void> {
  // compare hashes so the comparison takes the same time whatever the length of what was sent
  const expected = hashSecret(eventsToken);
  return async (request) => {
    const token = request.headers['x-byggdok-events-token'];
    if (typeof token !== 'string' || !safeEqual(hashSecret(token), expected)) throw invalidEventsToken();
  };
}
