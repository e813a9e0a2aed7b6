import { sessionExpired, invalidApiKey } from '../access/access.errors.js';
import { userOf } from '../access/people-policies.js';
import { accessManagementPolicy } from '../access/policies.js';
import type { Principal } from '../access/principal.js';
import { generateUserKey, userKeyPrefix } from '../access/user-keys.js';
import { recordForPerson, type AuditLog } from '../audit/audit.js';
import type { Mailer } from '../mail/mailer.js';
import { mailLocaleOf } from '../signin/passwords.service.js';
import type { Clock } from '../shared/clock.js';
import { invalidField, isAppError, notFound } from '../shared/errors.js';
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

/** the credential a request proved its person with, which must still stand when what it makes is stored */
export type ProvingCredential = { kind: 'session'; sessionId: string } | { kind: 'personal_key'; keyId: string };

export interface ApiKeysRepository {
  /**
   * Stores the key unless the credential that asked for it has ended meanwhile (false): after the person's row, which
   * a new password locks until everything it ends has ended, so a key is either seen by that change or refused.
   */
  insert(key: PersonalKeyRecord & { userId: string; keyHash: string; provenBy: ProvingCredential }): Promise<boolean>;
  /** the user's keys, newest first (revoked ones too, marked) */
  list(userId: string): Promise<PersonalKeyRecord[]>;
  /** false when the user has no such live key */
  revoke(params: { userId: string; keyId: string; at: Date }): Promise<boolean>;
  userLabel(userId: string): Promise<string>;
  /** where the person is mailed, and in which language (their stored locale), or null when they are gone */
  mailAddressOf(userId: string): Promise<{ email: string; locale: string } | null>;
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
 * using and revoking one is recorded in the log of every customer the person belongs to. Each new key is mailed to
 * its person at once (never the key itself): whoever held their session for a moment could make one, and it would
 * outlive a password change unless the person asks for their keys to end with it.
 */
export function createApiKeysService(deps: {
  repository: ApiKeysRepository;
  audit: AuditLog;
  clock: Clock;
  mailer: Mailer;
  /** the web app's account page with the person's keys (where one is revoked), linked from the mail */
  keysUrl: string;
}) {
  const { repository, audit, clock, mailer } = deps;

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

  /** the session or personal key the person proved themselves with (an assistant's token makes no key) */
  function provingCredentialOf(principal: Principal): ProvingCredential {
    if (principal.kind === 'user' && principal.via.kind === 'cookie') {
      return { kind: 'session', sessionId: principal.via.sessionId };
    }
    if (principal.kind === 'user' && principal.via.kind === 'personal_key') {
      return { kind: 'personal_key', keyId: principal.via.keyId };
    }
    throw invalidApiKey();
  }

  async function actorOf(userId: string) {
    return { kind: 'user' as const, userId, label: await repository.userLabel(userId) };
  }

  /**
   * Tells the person of a key made on their account. The key stands whatever becomes of the mail: past
   * RECIPIENT_LIMITS.api_key_created a day the mail is left out (the person has had that many that day), and a mail
   * that could not be stored is handed to `failed` (the caller logs it).
   */
  async function mailOwner(params: {
    userId: string;
    record: PersonalKeyRecord;
    clientAddress: string | null;
    failed: ((error: unknown) => void) | undefined;
  }) {
    const { record } = params;
    try {
      const to = await repository.mailAddressOf(params.userId);
      if (!to) return;
      await mailer.send({
        to: [to.email],
        limited: true,
        onceKey: `api_key.created:${record.id}`,
        template: {
          kind: 'api_key_created',
          locale: mailLocaleOf(to.locale),
          keyName: record.name,
          createdAt: record.createdAt,
          expiresAt: record.expiresAt,
          clientAddress: params.clientAddress,
          keysUrl: deps.keysUrl,
        },
      });
    } catch (error) {
      if (isAppError(error) && error.code === 'mail.too_many') return;
      params.failed?.(error);
    }
  }

  async function create(params: {
    principal: Principal;
    name: string;
    expiresAt: Date | null;
    clientAddress: string | null;
    /** the mail to the person could not be stored (the key is made all the same) */
    onMailFailed?: (error: unknown) => void;
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
    const provenBy = provingCredentialOf(params.principal);
    // a new password that ended this session or key while the request was on its way: the key is not made
    if (!(await repository.insert({ ...record, userId, keyHash: hashSecret(key), provenBy }))) {
      throw provenBy.kind === 'session' ? sessionExpired() : invalidApiKey();
    }
    await recordForPerson(audit, await repository.customerIdsOfPerson(userId), {
      actor: await actorOf(userId),
      action: 'api_key.created',
      target: { type: 'api_key', id: record.id },
      details: { name: record.name, prefix: record.prefix, expiresAt: record.expiresAt?.toISOString() ?? null },
      clientAddress: params.clientAddress,
    });
    await mailOwner({ userId, record, clientAddress: params.clientAddress, failed: params.onMailFailed });
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
