import { userOf } from '../access/people-policies.js';
import { accessManagementPolicy } from '../access/policies.js';
import type { Principal } from '../access/principal.js';
import { generateUserKey, userKeyPrefix } from '../access/user-keys.js';
import { recordForPerson, type AuditLog } from '../audit/audit.js';
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
  /** the customers the person belongs to, whose logs show their keys */
  customerIdsOfPerson(userId: string): Promise<string[]>;
}

const DAY_MS = 24 * 3600_000;
/** the longest a personal key may live */
export const PERSONAL_KEY_MAX_LIFETIME_DAYS = 365;
/** how long a key lives when its creator names no end */
export const PERSONAL_KEY_DEFAULT_LIFETIME_DAYS = 90;

/**
 * Personal API keys for scripts: a key acts as its user everywhere the session cookie does, is shown once, stored
 * hashed, revocable at once, ends with the user and after a year at most (90 days when no end is given). Only the
 * person's own proof (session cookie or personal key) creates or revokes one, never an assistant's token; creating,
 * using and revoking one is recorded in the log of every customer the person belongs to.
 */
export function createApiKeysService(deps: { repository: ApiKeysRepository; audit: AuditLog; clock: Clock }) {
  const { repository, audit, clock } = deps;

  function userIdOf(principal: Principal): string {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    return decision.grant.userId;
  }

  /** a person whose credential hands out access (403 for an assistant's token) */
  function managerOf(principal: Principal): string {
    const userId = userIdOf(principal);
    const reach = accessManagementPolicy({ principal });
    if (!reach.allowed) throw reach.error;
    return userId;
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
    const userId = managerOf(params.principal);
    const now = clock.now();
    if (params.expiresAt && params.expiresAt.getTime() <= now.getTime()) {
      throw invalidField('/expiresAt', 'must be in the future');
    }
    if (params.expiresAt && params.expiresAt.getTime() - now.getTime() > PERSONAL_KEY_MAX_LIFETIME_DAYS * DAY_MS) {
      throw invalidField('/expiresAt', `must be at most ${PERSONAL_KEY_MAX_LIFETIME_DAYS} days away`);
    }
    const expiresAt = params.expiresAt ?? new Date(now.getTime() + PERSONAL_KEY_DEFAULT_LIFETIME_DAYS * DAY_MS);
    const key = generateUserKey();
    const record: PersonalKeyRecord = {
      id: newId.userApiKey(),
      name: params.name.trim(),
      prefix: userKeyPrefix(key),
      createdAt: now,
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    };
    await repository.insert({ ...record, userId, keyHash: hashSecret(key) });
    await recordForPerson(audit, await repository.customerIdsOfPerson(userId), {
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
    const userId = managerOf(params.principal);
    if (!(await repository.revoke({ userId, keyId: params.keyId, at: clock.now() }))) throw notFound('api_key');
    await recordForPerson(audit, await repository.customerIdsOfPerson(userId), {
      actor: await actorOf(userId),
      action: 'api_key.revoked',
      target: { type: 'api_key', id: params.keyId },
      clientAddress: params.clientAddress,
    });
  }

  return { create, list, revoke };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
