import { forbidden, notFound, unauthorized } from '../shared/errors.js';
import { hashSecret } from '../shared/secrets.js';
import { isReadOnly, reachOfOwner, type KeyScope, type OwnerReach, type Principal } from './principal.js';
import type { Clock } from '../shared/clock.js';

export interface ApiKeyRecord {
  id: string;
  partnerId: string;
  wholePartner: boolean;
  revoked: boolean;
  ownerIds: string[];
  buildings: { buildingId: string; ownerId: string }[];
}

export interface SessionRecord {
  apiKeyId: string;
  buildingOwnerId: string;
  expiresAt: Date;
}

export interface AccessRepository {
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  findApiKeyById(id: string): Promise<ApiKeyRecord | null>;
  findSessionByHash(tokenHash: string): Promise<SessionRecord | null>;
  /** live (not archived) owner, and whether the partner reaches it */
  findOwnerForPartner(params: { ownerId: string; partnerId: string }): Promise<{ reachable: boolean } | null>;
  /** live building with its owner */
  findBuilding(buildingId: string): Promise<{ id: string; ownerId: string } | null>;
}

/** What an operation needs. "manage" is whole-owner access (rename/delete an owner, create a building). */
export type OwnerNeed = 'read' | 'manage';
export type BuildingNeed = 'read' | 'write';

export interface OwnerAccess {
  ownerId: string;
  reach: Exclude<OwnerReach, { kind: 'none' }>;
}

/**
 * Every authorisation decision of the partner API is made here, once per request, before any handler runs.
 * 401: no or invalid credential. 404: the owner or building does not exist (or is archived). 403: it exists, but this
 * credential does not reach it, or the credential is read-only and the operation writes.
 */
export function createAccessService(deps: { repository: AccessRepository; clock: Clock }) {
  const { repository, clock } = deps;

  function scopeOf(key: ApiKeyRecord): KeyScope {
    if (key.wholePartner) return { kind: 'partner' };
    return {
      kind: 'grants',
      ownerIds: new Set(key.ownerIds),
      buildings: new Map(key.buildings.map((b) => [b.buildingId, b.ownerId])),
    };
  }

  async function authenticateApiKey(rawKey: string): Promise<Principal> {
    const key = await repository.findApiKeyByHash(hashSecret(rawKey));
    if (!key || key.revoked) throw unauthorized('auth.invalid_key', 'The API key is not valid');
    return { kind: 'api_key', apiKeyId: key.id, partnerId: key.partnerId, scope: scopeOf(key), sessionOwnerId: null };
  }

  async function authenticateSession(rawToken: string): Promise<Principal> {
    const session = await repository.findSessionByHash(hashSecret(rawToken));
    if (!session) throw unauthorized('auth.invalid_token', 'The session token is not valid');
    if (session.expiresAt.getTime() <= clock.now().getTime()) {
      throw unauthorized('auth.token_expired', 'The session token has expired');
    }
    // a revoked key ends its tokens at once
    const key = await repository.findApiKeyById(session.apiKeyId);
    if (!key || key.revoked) throw unauthorized('auth.invalid_token', 'The session token is not valid');
    return {
      kind: 'session',
      apiKeyId: key.id,
      partnerId: key.partnerId,
      scope: scopeOf(key),
      sessionOwnerId: session.buildingOwnerId,
    };
  }

  function requireWritable(principal: Principal): void {
    if (isReadOnly(principal)) {
      throw forbidden('auth.read_only_token', 'A session token can only read; use an API key for this operation');
    }
  }

  async function authorizeOwner(params: {
    principal: Principal;
    ownerId: string;
    need: OwnerNeed;
  }): Promise<OwnerAccess> {
    const { principal, ownerId, need } = params;
    const owner = await repository.findOwnerForPartner({ ownerId, partnerId: principal.partnerId });
    if (!owner) throw notFound('building_owner');
    const reach = owner.reachable ? reachOfOwner(principal, ownerId) : ({ kind: 'none' } as const);
    if (reach.kind === 'none') {
      throw forbidden('auth.forbidden', 'This credential has no access to this building owner');
    }
    if (need === 'manage') {
      requireWritable(principal);
      if (reach.kind !== 'whole') {
        throw forbidden('auth.owner_access_required', 'This operation needs access to the whole building owner');
      }
    }
    return { ownerId, reach };
  }

  async function authorizeBuilding(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    need: BuildingNeed;
  }): Promise<OwnerAccess> {
    const { principal, ownerId, buildingId, need } = params;
    const access = await authorizeOwner({ principal, ownerId, need: 'read' });
    const building = await repository.findBuilding(buildingId);
    if (!building || building.ownerId !== ownerId) throw notFound('building');
    if (access.reach.kind === 'buildings' && !access.reach.buildingIds.includes(buildingId)) {
      throw forbidden('auth.forbidden', 'This credential has no access to this building');
    }
    if (need === 'write') requireWritable(principal);
    return access;
  }

  return { authenticateApiKey, authenticateSession, authorizeOwner, authorizeBuilding, requireWritable };
}

export type AccessService = ReturnType<typeof createAccessService>;
