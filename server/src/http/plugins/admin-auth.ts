import type { FastifyInstance } from 'fastify';
import { invalidAdminToken, missingAdminToken } from '../../domain/access/access.errors.js';
import { hashSecret, safeEqual } from '../../domain/shared/secrets.js';

/**
 * Every route in this scope needs `Authorization: Bearer <admin token>`. Its answers (a new key shown once, people's
 * addresses, the outbox, metrics) say no Cache-Control of their own, so no cache keeps them (security-headers.ts).
 */
export function registerAdminAuthentication(app: FastifyInstance, adminToken: string): void {
  // compare hashes so the comparison takes the same time whatever the length of what was sent
  const expected = hashSecret(adminToken);
  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw missingAdminToken();
    if (!safeEqual(hashSecret(match[1]), expected)) throw invalidAdminToken();
  });
}
