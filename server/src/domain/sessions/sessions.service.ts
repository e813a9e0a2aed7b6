import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { newId, randomSecret } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';
import type { Clock } from '../shared/clock.js';

export interface SessionsRepository {
  insert(session: {
    id: string;
    tokenHash: string;
    apiKeyId: string;
    ownerId: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
}

export const SESSION_TOKEN_PREFIX = 'ft_';

/**
 * A server exchanges its key for a short-lived, read-only token that client-side code may hold. The token is scoped to
 * one building owner and never reaches further than the key that made it.
 */
export function createSessionsService(deps: { repository: SessionsRepository; access: AccessService; clock: Clock }) {
  async function create(params: {
    principal: Principal;
    ownerId: string;
    expiresInSeconds: number;
  }): Promise<{ token: string; expiresAt: Date }> {
    const grant = await deps.access.authorizeSession({ principal: params.principal, ownerId: params.ownerId });
    const token = `${SESSION_TOKEN_PREFIX}${randomSecret()}`;
    const createdAt = deps.clock.now();
    const expiresAt = new Date(createdAt.getTime() + params.expiresInSeconds * 1000);
    await deps.repository.insert({
      id: newId.session(),
      tokenHash: hashSecret(token),
      apiKeyId: grant.apiKeyId,
      ownerId: grant.ownerId,
      createdAt,
      expiresAt,
    });
    return { token, expiresAt };
  }

  return { create };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
