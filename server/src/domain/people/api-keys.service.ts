import { userOf } from '../access/people-policies.js';
import type { Principal } from '../access/principal.js';
import { generateUserKey, userKeyPrefix } from '../access/user-keys.js';
import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { invalidField, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';

export interface PersonalKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiKeysRepository {
  insert(key: PersonalKeyRecord & { userId: string; keyHash: string }): Promise<void>;
  /** the user's keys, newest first (revoked ones too, marked) */
  list(userId: string): Promise<PersonalKeyRecord[]>;
  /** false when the user has no such live key */
  revoke(params: { userId: string; keyId: string; at: Date }): Promise<boolean>;
  userLabel(userId: string): Promise<string>;
}

/** the longest a personal key may live */
const MAX_LIFETIME_MS = 2 * 366 * 24 * 3600_000;

/**
 * Personal API keys for scripts: a key acts as its user everywhere the session cookie does, is shown once, stored
 * hashed, revocable at once, and ends with the user.
 */
export function createApiKeysService(deps: { repository: ApiKeysRepository; audit: AuditLog; clock: Clock }) {
  const { repository, audit, clock } = deps;

  function userIdOf(principal: Principal): string {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    return decision.grant.userId;
  }

  async function actorOf(userId: string) {
    return { kind: 'user' as const, userId, label: await repository.userLabel(userId) };
  }

  async function create(params: {
    principal: Principal;
    name: string;
    expiresAt: Date | null;
    clientAddress: string | null;
  }) {
    const userId = userIdOf(params.principal);
    const now = clock.now();
    if (params.expiresAt && params.expiresAt.getTime() <= now.getTime()) {
      throw invalidField('/expiresAt', 'must be in the future');
    }
    if (params.expiresAt && params.expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS) {
      throw invalidField('/expiresAt', 'must be at most two years away');
    }
    const key = generateUserKey();
    const record: PersonalKeyRecord = {
      id: newId.userApiKey(),
      name: params.name.trim(),
      prefix: userKeyPrefix(key),
      createdAt: now,
      expiresAt: params.expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    };
    await repository.insert({ ...record, userId, keyHash: hashSecret(key) });
    await audit.record({
      customerId: null,
      actor: await actorOf(userId),
      action: 'api_key.created',
      target: { type: 'api_key', id: record.id },
      details: { name: record.name, prefix: record.prefix, expiresAt: record.expiresAt?.toISOString() ?? null },
      clientAddress: params.clientAddress,
    });
    return { ...record, key };
  }

  async function list(principal: Principal) {
    return repository.list(userIdOf(principal));
  }

  async function revoke(params: { principal: Principal; keyId: string; clientAddress: string | null }) {
    const userId = userIdOf(params.principal);
    if (!(await repository.revoke({ userId, keyId: params.keyId, at: clock.now() }))) throw notFound('api_key');
    await audit.record({
      customerId: null,
      actor: await actorOf(userId),
      action: 'api_key.revoked',
      target: { type: 'api_key', id: params.keyId },
      clientAddress: params.clientAddress,
    });
  }

  return { create, list, revoke };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
