import { userOf } from '../access/people-policies.js';
import { reachOf } from '../access/policies.js';
import type { Principal, UserPrincipal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { invalidField, notFound } from '../shared/errors.js';
import { randomSecret } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';
import type { PasswordsService } from './passwords.service.js';
import { notForAssistants } from './sign-in.errors.js';

export interface AccountSessionRecord {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  clientAddress: string | null;
  userAgent: string | null;
}

export interface ConnectedAssistantRecord {
  grantId: string;
  clientId: string;
  clientName: string | null;
  redirectUris: string[];
  connectedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface AccountRepository {
  /** the person's sessions that still work (not ended, not past their end or idle timeout), newest use first */
  liveSessions(params: { userId: string; now: Date; idleSince: Date }): Promise<AccountSessionRecord[]>;
  /**
   * ends sessions of the person (all but `keep`, or only `only`), with the assistants allowed from them, and every
   * sign-in of the person at the embedded provider (this browser's too), without which a browser needs the password
   */
  endSessions(params: { userId: string; now: Date; keep?: string; only?: string }): Promise<number>;
  assistants(params: { userId: string; now: Date }): Promise<ConnectedAssistantRecord[]>;
  /** false when the person has no such assistant */
  disconnectAssistant(params: { userId: string; grantId: string }): Promise<boolean>;
  /** the name the person chose (a provider's name no longer replaces it); the previous name */
  setName(params: { userId: string; name: string; now: Date }): Promise<{ previous: string; email: string } | null>;
  /** the person's e-mail, for the audit log */
  emailOf(userId: string): Promise<string>;
  /** gives a live session of the person a new token (its old one stops working); its end, or null when it is over */
  renewSessionToken(params: { userId: string; sessionId: string; tokenHash: string }): Promise<Date | null>;
}

/**
 * A person's own account (the account page): their name, their password (changed with the current one), their
 * sessions with device and last use ("sign out everywhere else"), and the assistants they connected ("disconnect").
 * Only the person acts here: by the session cookie or their personal key, never by an assistant's token.
 */
export function createAccountService(deps: {
  repository: AccountRepository;
  passwords: PasswordsService;
  audit: AuditLog;
  clock: Clock;
  /** how long a session lasts without a request */
  idleTimeoutMs: number;
}) {
  const { repository, audit, clock } = deps;

  function personOf(principal: Principal): UserPrincipal & { sessionId: string | null } {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    const person = decision.grant;
    if (!reachOf(person).managesAccess) throw notForAssistants();
    return { ...person, sessionId: person.via.kind === 'cookie' ? person.via.sessionId : null };
  }

  async function listSessions(principal: Principal) {
    const person = personOf(principal);
    const now = clock.now();
    const sessions = await repository.liveSessions({
      userId: person.userId,
      now,
      idleSince: new Date(now.getTime() - deps.idleTimeoutMs),
    });
    return sessions.map((session) => ({ ...session, current: session.id === person.sessionId }));
  }

  async function endOtherSessions(params: { principal: Principal; clientAddress: string | null }) {
    const person = personOf(params.principal);
    const ended = await repository.endSessions({
      userId: person.userId,
      now: clock.now(),
      ...(person.sessionId ? { keep: person.sessionId } : {}),
    });
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: person.userId, label: await repository.emailOf(person.userId) },
      action: 'auth.other_sessions_ended',
      target: { type: 'user', id: person.userId },
      details: { ended },
      clientAddress: params.clientAddress,
    });
    return { ended };
  }

  async function endSession(params: { principal: Principal; sessionId: string; clientAddress: string | null }) {
    const person = personOf(params.principal);
    const ended = await repository.endSessions({ userId: person.userId, now: clock.now(), only: params.sessionId });
    if (ended === 0) throw notFound('session');
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: person.userId, label: await repository.emailOf(person.userId) },
      action: 'auth.other_sessions_ended',
      target: { type: 'user', id: person.userId },
      details: { ended, sessionId: params.sessionId },
      clientAddress: params.clientAddress,
    });
  }

  async function listAssistants(principal: Principal) {
    const person = personOf(principal);
    return repository.assistants({ userId: person.userId, now: clock.now() });
  }

  async function disconnectAssistant(params: { principal: Principal; grantId: string; clientAddress: string | null }) {
    const person = personOf(params.principal);
    if (!(await repository.disconnectAssistant({ userId: person.userId, grantId: params.grantId }))) {
      throw notFound('assistant');
    }
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: person.userId, label: await repository.emailOf(person.userId) },
      action: 'auth.assistant_disconnected',
      target: { type: 'user', id: person.userId },
      details: { grantId: params.grantId },
      clientAddress: params.clientAddress,
    });
  }

  async function setName(params: { principal: Principal; name: string; clientAddress: string | null }) {
    const person = personOf(params.principal);
    const name = params.name.trim();
    if (!name) throw invalidField('/name', 'must not be blank');
    const changed = await repository.setName({ userId: person.userId, name, now: clock.now() });
    if (!changed) throw notFound('user');
    if (changed.previous !== name) {
      await audit.record({
        customerId: null,
        actor: { kind: 'user', userId: person.userId, label: changed.email },
        action: 'user.profile_changed',
        target: { type: 'user', id: person.userId },
        details: { name, previousName: changed.previous },
        clientAddress: params.clientAddress,
      });
    }
  }

  /**
   * A new password with the current one. The session in use stays, under a new token for the cookie (answered here):
   * a copy of the old one, taken from this very browser, ends with the old password like every other session. With
   * `revokeApiKeys` every personal key of the person ends too (a key made by whoever held the account; also the one
   * this request is made with).
   */
  async function changePassword(params: {
    principal: Principal;
    currentPassword: string;
    newPassword: string;
    revokeApiKeys?: boolean | undefined;
    clientAddress: string | null;
  }): Promise<{ sessionToken: string; expiresAt: Date } | null> {
    const person = personOf(params.principal);
    await deps.passwords.changePassword({
      userId: person.userId,
      keepSessionId: person.sessionId,
      currentPassword: params.currentPassword,
      password: params.newPassword,
      revokeApiKeys: params.revokeApiKeys,
      clientAddress: params.clientAddress,
    });
    if (!person.sessionId) return null;
    const sessionToken = randomSecret();
    const expiresAt = await repository.renewSessionToken({
      userId: person.userId,
      sessionId: person.sessionId,
      tokenHash: hashSecret(sessionToken),
    });
    return expiresAt ? { sessionToken, expiresAt } : null;
  }

  return { listSessions, endOtherSessions, endSession, listAssistants, disconnectAssistant, setName, changePassword };
}

export type AccountService = ReturnType<typeof createAccountService>;
