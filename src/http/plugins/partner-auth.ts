import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessService } from '../../domain/access/access.service.js';
import type { Principal } from '../../domain/access/principal.js';
import { unauthorized } from '../../domain/shared/errors.js';
import { SESSION_TOKEN_PREFIX } from '../../domain/sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The credential a request carries: an API key in `x-api-key`, or a bearer token (session token or API key). */
export function credentialOf(request: FastifyRequest): { kind: 'key' | 'session'; secret: string } | null {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key && key.trim() !== '') return { kind: 'key', secret: key.trim() };
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match?.[1]) return { kind: match[1].startsWith(SESSION_TOKEN_PREFIX) ? 'session' : 'key', secret: match[1] };
  return null;
}

/** Every route registered inside this plugin's scope needs a partner credential. */
export function registerPartnerAuthentication(app: FastifyInstance, access: AccessService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const credential = credentialOf(request);
    if (!credential) {
      throw unauthorized(
        'auth.missing_key',
        'Send an API key in the x-api-key header, or a session token as a bearer token',
      );
    }
    request.principal =
      credential.kind === 'session'
        ? await access.authenticateSession(credential.secret)
        : await access.authenticateApiKey(credential.secret);
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('auth.missing_key', 'Authentication required');
  return request.principal;
}
