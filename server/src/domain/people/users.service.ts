import { recordKeysEndedWithPassword, type AuditActor, type AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { generatePassword, type PasswordHasher } from '../shared/passwords.js';
import { userAlreadyExists, userNotFound } from './users.errors.js';

export interface UsersRepository {
  countUsers(): Promise<number>;
  /** false when the e-mail (any case) is taken */
  insertUser(params: {
    id: string;
    email: string;
    name: string;
    platformAdmin: boolean;
    passwordHash: string | null;
    /** the password was generated: it works once, then the person chooses their own */
    mustChangePassword?: boolean;
    now: Date;
  }): Promise<boolean>;
  /** the user with this e-mail, whatever its case */
  findUserByEmail(email: string): Promise<{ id: string; email: string } | null>;
  /**
   * null when there is no such user; the person's sessions, assistants and password links end with the old
   * password (and their live personal keys when asked: those revoked), and a generated password no longer needs
   * changing
   */
  setPasswordHash(params: {
    userId: string;
    passwordHash: string;
    now: Date;
    revokeApiKeys: boolean;
  }): Promise<{ revokedKeys: { id: string; name: string; prefix: string }[] } | null>;
  /** the customers the person belongs to, whose logs show their keys */
  customerIdsOfPerson(userId: string): Promise<string[]>;
  /**
   * Deactivates (ending every session and refusing every personal key from now on) or activates again; an invited
   * user who has never signed in stays invited. Null when there is no such user.
   */
  setStatus(params: {
    userId: string;
    status: 'active' | 'deactivated';
    now: Date;
  }): Promise<{ id: string; email: string; status: 'invited' | 'active' | 'deactivated' } | null>;
}

/**
 * Users the operator manages (the admin API and `byggdok admin user ...`): known users who may sign in, with a
 * local account of the embedded provider when they have a password, and the first platform administrator.
 */
export function createUsersService(deps: {
  repository: UsersRepository;
  audit: AuditLog;
  clock: Clock;
  hasher: PasswordHasher;
}) {
  const { repository, audit, clock } = deps;

  async function createUser(params: {
    email: string;
    name: string;
    password?: string;
    platformAdmin?: boolean;
    mustChangePassword?: boolean;
    actor: AuditActor;
  }): Promise<{ id: string; email: string }> {
    const id = newId.user();
    const email = params.email.trim();
    const inserted = await repository.insertUser({
      id,
      email,
      name: params.name.trim(),
      platformAdmin: params.platformAdmin ?? false,
      passwordHash: params.password ? await deps.hasher.hash(params.password) : null,
      mustChangePassword: params.mustChangePassword ?? false,
      now: clock.now(),
    });
    if (!inserted) throw userAlreadyExists();
    await audit.record({
      customerId: null,
      actor: params.actor,
      action: 'user.created',
      target: { type: 'user', id },
      details: { email, platformAdmin: params.platformAdmin ?? false, localAccount: Boolean(params.password) },
    });
    return { id, email };
  }

  /**
   * The operator sets a person's password (a person who lost theirs, or an account someone else may have held): every
   * session and assistant ends, and every personal key that works too when `revokeApiKeys` (each in the logs).
   */
  async function setPassword(params: {
    userId: string;
    password: string;
    revokeApiKeys?: boolean;
    actor: AuditActor;
  }): Promise<{ revokedApiKeys: number }> {
    const passwordHash = await deps.hasher.hash(params.password);
    const revokeApiKeys = params.revokeApiKeys ?? false;
    const updated = await repository.setPasswordHash({
      userId: params.userId,
      passwordHash,
      now: clock.now(),
      revokeApiKeys,
    });
    if (!updated) throw userNotFound();
    await audit.record({
      customerId: null,
      actor: params.actor,
      action: 'user.password_set',
      target: { type: 'user', id: params.userId },
      ...(revokeApiKeys ? { details: { revokedApiKeys: updated.revokedKeys.length } } : {}),
    });
    if (updated.revokedKeys.length > 0) {
      await recordKeysEndedWithPassword(audit, {
        customerIds: await repository.customerIdsOfPerson(params.userId),
        keys: updated.revokedKeys,
        actor: params.actor,
        clientAddress: null,
      });
    }
    return { revokedApiKeys: updated.revokedKeys.length };
  }

  /** The operator deactivates a person everywhere (they sign in no more; sessions and keys end at once), or undoes it. */
  async function setStatus(params: { userId: string; status: 'active' | 'deactivated'; actor: AuditActor }) {
    const user = await repository.setStatus({ userId: params.userId, status: params.status, now: clock.now() });
    if (!user) throw userNotFound();
    await audit.record({
      customerId: null,
      actor: params.actor,
      action: params.status === 'deactivated' ? 'user.deactivated' : 'user.activated',
      target: { type: 'user', id: params.userId },
      details: { email: user.email },
    });
    return user;
  }

  /**
   * On a first start with nobody known: a platform administrator with a generated password, so the embedded sign-in
   * can be used at once. Returns its credentials (to be written where only the operator reads them), or null.
   */
  async function createFirstAdministrator(params: {
    email: string;
  }): Promise<{ id: string; email: string; password: string } | null> {
    if ((await repository.countUsers()) > 0) return null;
    const password = generatePassword();
    try {
      const user = await createUser({
        email: params.email,
        name: 'Administrator',
        password,
        platformAdmin: true,
        // the generated password works once: the first sign-in asks for the person's own
        mustChangePassword: true,
        actor: { kind: 'system' },
      });
      return { ...user, password };
    } catch {
      // another process created it a moment ago
      return null;
    }
  }

  return {
    createUser,
    setPassword,
    setStatus,
    createFirstAdministrator,
    findUserByEmail: (email: string) => repository.findUserByEmail(email),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
