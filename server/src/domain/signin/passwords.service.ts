import { recordKeysEndedWithPassword, type AuditActor, type AuditLog } from '../audit/audit.js';
import { MAIL_LOCALES, type InvitationAccess, type MailLocale, type Mailer } from '../mail/mailer.js';
import type { Clock } from '../shared/clock.js';
import { isAppError } from '../shared/errors.js';
import { newId, randomSecret } from '../shared/ids.js';
import type { PasswordHasher } from '../shared/passwords.js';
import { hashSecret } from '../shared/secrets.js';
import { PASSWORD_PROBLEM_TEXT, passwordProblems } from './password-rules.js';
import {
  emailTaken,
  noLocalPasswords,
  passwordLinkNotValid,
  passwordRejected,
  userDeactivated,
  wrongCurrentPassword,
} from './sign-in.errors.js';
import type { SignInThrottle, ThrottledTry } from './sign-in-throttle.js';

export type PasswordLinkPurpose = 'invitation' | 'reset' | 'first_sign_in';

/** how long each kind of link works */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  invitation: 7 * 24 * 3_600_000,
  reset: 3_600_000,
  first_sign_in: 3_600_000,
};

export interface PasswordAccount {
  id: string;
  email: string;
  name: string;
  locale: string;
  status: 'invited' | 'active' | 'deactivated';
  passwordHash: string | null;
  mustChangePassword: boolean;
}

export interface PasswordLinkRecord {
  id: string;
  purpose: PasswordLinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  account: PasswordAccount;
}

/** a personal API key a new password revoked, for the audit log */
export interface RevokedPersonalKey {
  id: string;
  name: string;
  prefix: string;
}

/** a password link to store: only its token's hash */
export interface NewPasswordLink {
  id: string;
  tokenHash: string;
  userId: string;
  purpose: PasswordLinkPurpose;
  now: Date;
  expiresAt: Date;
}

export interface PasswordsRepository {
  insertLink(params: NewPasswordLink): Promise<void>;
  /**
   * the same, unless the person has a link of this purpose that still works (unused, not expired); decided under a
   * lock on the person, so that requests at the same time make one link at most. Whether it was made.
   */
  insertLinkUnlessOneWorks(params: NewPasswordLink): Promise<boolean>;
  findLink(tokenHash: string): Promise<PasswordLinkRecord | null>;
  findAccount(userId: string): Promise<PasswordAccount | null>;
  findAccountByEmail(email: string): Promise<PasswordAccount | null>;
  /**
   * In one transaction: uses the link (when one is named; 'link_used' and nothing changed when it was used or expired
   * meanwhile), changes the e-mail (when one is given; 'email_taken' when another user has it), sets the password hash,
   * marks every other link of the person used, and ends every session of theirs but `keepSessionId`, with their
   * assistants' grants, refresh tokens and sign-ins at the embedded provider; with `revokeApiKeys`, every personal key
   * of theirs that still works too (the keys revoked; none otherwise, or when nothing changed).
   */
  replacePassword(params: {
    userId: string;
    passwordHash: string;
    now: Date;
    linkId: string | null;
    keepSessionId: string | null;
    newEmail: string | null;
    revokeApiKeys: boolean;
  }): Promise<{ outcome: 'done' | 'link_used' | 'email_taken'; revokedKeys: RevokedPersonalKey[] }>;
  /** how many personal keys of the person still work (neither revoked nor expired at `now`) */
  countLiveKeys(params: { userId: string; now: Date }): Promise<number>;
  /** the customers the person belongs to, whose logs show their keys */
  customerIdsOfPerson(userId: string): Promise<string[]>;
  /** the generated first password stops working (the person is choosing their own) */
  retireGeneratedPassword(userId: string): Promise<void>;
}

/** what the service needs of the sign-in: a session for a person who just proved who they are with a link */
export interface SessionOpener {
  openPasswordSession(params: {
    userId: string;
    clientAddress: string | null;
    userAgent: string | null;
    method: PasswordLinkPurpose;
  }): Promise<{ sessionToken: string; expiresAt: Date }>;
}

/**
 * Passwords of the embedded sign-in, chosen by the people themselves: one-time links (`<public URL>/auth/set-password
 * #token=...`, the token only in the fragment) sent with an invitation (7 days) or on request (forgot password,
 * 1 hour), the first administrator's own password at first sign-in, and a change on the account page (which needs the
 * current one). Setting a password ends the person's other sessions, their assistants' grants and refresh tokens, and
 * every other link; their personal API keys only when they ask (scripts using them would stop). Requests about links
 * are slowed per client address; a forgot-password request answers the same whether or not the address is known. With
 * an outside provider there are no local passwords at all.
 */
export function createPasswordsService(deps: {
  repository: PasswordsRepository;
  throttle: SignInThrottle;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  sessions: SessionOpener;
  hasher: PasswordHasher;
  publicUrl: string;
  /** false with an outside provider: invitations say to sign in there, and no link is ever made */
  localPasswords: boolean;
}) {
  const { repository, throttle, mailer, audit, clock, publicUrl } = deps;

  const setPasswordUrl = (token: string) => `${publicUrl}/auth/set-password#token=${token}`;
  const loginUrl = (email: string) => `${publicUrl}/auth/login?email=${encodeURIComponent(email)}`;
  const forgotUrl = (email: string) => `${publicUrl}/auth/forgot-password?email=${encodeURIComponent(email)}`;

  function requireLocal() {
    if (!deps.localPasswords) throw noLocalPasswords();
  }

  async function issueLink(userId: string, purpose: PasswordLinkPurpose) {
    const token = randomSecret();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
    await repository.insertLink({ id: newId.uuid(), tokenHash: hashSecret(token), userId, purpose, now, expiresAt });
    return { token, url: setPasswordUrl(token), expiresAt };
  }

  /** a forgot-password link, but only when none of the person's still works; null when one does */
  async function issueResetLinkUnlessOneWorks(userId: string) {
    const token = randomSecret();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS.reset);
    const link = { id: newId.uuid(), tokenHash: hashSecret(token), userId, purpose: 'reset' as const, now, expiresAt };
    return (await repository.insertLinkUnlessOneWorks(link)) ? { url: setPasswordUrl(token) } : null;
  }

  /**
   * How an invited person gets in, for their invitation mail: a link to choose a password when they have no way to
   * sign in yet, otherwise the sign-in page (with the forgot-password page when they have a password).
   */
  async function invitationAccess(params: { userId: string; email: string }): Promise<InvitationAccess> {
    if (!deps.localPasswords) return { kind: 'sign_in', url: loginUrl(params.email), forgotPasswordUrl: null };
    const account = await repository.findAccount(params.userId);
    if (account?.passwordHash) {
      return { kind: 'sign_in', url: loginUrl(params.email), forgotPasswordUrl: forgotUrl(params.email) };
    }
    const { url } = await issueLink(params.userId, 'invitation');
    return { kind: 'set_password', url, validDays: LINK_LIFETIME_MS.invitation / (24 * 3_600_000) };
  }

  function stateOf(link: PasswordLinkRecord | null): 'valid' | 'used' | 'expired' | 'unknown' {
    if (!link || link.account.status === 'deactivated') return 'unknown';
    if (link.usedAt) return 'used';
    return link.expiresAt.getTime() <= clock.now().getTime() ? 'expired' : 'valid';
  }

  /** a link that does not work counts against its client address, like a wrong password */
  async function validLink(params: { token: string; clientAddress: string | null }) {
    const attempt = await throttle.begin({ action: 'link', email: null, address: params.clientAddress });
    const link = params.token ? await repository.findLink(hashSecret(params.token)) : null;
    const state = stateOf(link);
    if (state !== 'valid' || !link) {
      await attempt.failed();
      throw passwordLinkNotValid(state === 'valid' ? 'unknown' : state);
    }
    await attempt.succeeded();
    return link;
  }

  /**
   * what the set-password page shows before anything is typed: whose the link is and how many of their personal keys
   * still work (to offer revoking them; only to whoever holds a working link), or why it does not work
   */
  async function describeLink(params: { token: string; clientAddress: string | null }) {
    requireLocal();
    const link = await validLink(params);
    const personalApiKeys = await repository.countLiveKeys({ userId: link.account.id, now: clock.now() });
    return { email: link.account.email, purpose: link.purpose, expiresAt: link.expiresAt, personalApiKeys };
  }

  function checkRules(params: { password: string; repeated: string | undefined; email: string }) {
    const problems = passwordProblems(params);
    if (problems.length === 0) return;
    throw passwordRejected(
      problems.map((problem) => ({
        path: problem === 'not_repeated' ? '/passwordRepeat' : '/password',
        message: PASSWORD_PROBLEM_TEXT[problem],
      })),
    );
  }

  async function replace(params: {
    account: PasswordAccount;
    password: string;
    linkId: string | null;
    keepSessionId: string | null;
    newEmail: string | null;
    /** the person asked for their personal API keys to end with the old password */
    revokeApiKeys: boolean;
    via: PasswordLinkPurpose | 'account';
    actor: AuditActor;
    clientAddress: string | null;
  }) {
    const now = clock.now();
    const { outcome, revokedKeys } = await repository.replacePassword({
      userId: params.account.id,
      passwordHash: await deps.hasher.hash(params.password),
      now,
      linkId: params.linkId,
      keepSessionId: params.keepSessionId,
      newEmail: params.newEmail,
      revokeApiKeys: params.revokeApiKeys,
    });
    if (outcome === 'link_used') throw passwordLinkNotValid('used');
    if (outcome === 'email_taken') throw emailTaken();
    await audit.record({
      customerId: null,
      actor: params.actor,
      action: 'auth.password_changed',
      target: { type: 'user', id: params.account.id },
      details: {
        via: params.via,
        ...(params.newEmail && params.newEmail !== params.account.email
          ? { previousEmail: params.account.email, email: params.newEmail }
          : {}),
        ...(params.revokeApiKeys ? { revokedApiKeys: revokedKeys.length } : {}),
      },
      clientAddress: params.clientAddress,
    });
    if (revokedKeys.length === 0) return;
    await recordKeysEndedWithPassword(audit, {
      customerIds: await repository.customerIdsOfPerson(params.account.id),
      keys: revokedKeys,
      actor: params.actor,
      clientAddress: params.clientAddress,
    });
  }

  /**
   * The set-password page's form: a working link and an acceptable password (twice) set it, end everything else of
   * the person (their personal API keys when they ask), and sign them in here.
   */
  async function setPasswordWithLink(params: {
    token: string;
    password: string;
    repeated?: string | undefined;
    revokeApiKeys?: boolean | undefined;
    clientAddress: string | null;
    userAgent: string | null;
  }): Promise<{ sessionToken: string; expiresAt: Date; userId: string }> {
    requireLocal();
    const link = await validLink(params);
    const { account } = link;
    checkRules({ password: params.password, repeated: params.repeated, email: account.email });
    await replace({
      account,
      password: params.password,
      linkId: link.id,
      keepSessionId: null,
      newEmail: null,
      revokeApiKeys: params.revokeApiKeys ?? false,
      via: link.purpose,
      actor: { kind: 'user', userId: account.id, label: account.email },
      clientAddress: params.clientAddress,
    });
    const session = await deps.sessions.openPasswordSession({
      userId: account.id,
      clientAddress: params.clientAddress,
      userAgent: params.userAgent,
      method: link.purpose,
    });
    return { ...session, userId: account.id };
  }

  /**
   * Forgot password: mails a new one-time link (1 hour) to the person with this e-mail, or the person whose link this
   * was (a used or expired one), if they may sign in here. Answers nothing either way; every request counts against
   * the client address, and one person gets at most as many mails in the window as an account has tries, and
   * RECIPIENT_LIMITS.password_link a day. Past those, another only when none of their links works any more (used or
   * expired): anyone may ask, so anyone may use up the day's links, but the person then still has a working link in
   * the newest mail or gets one by asking, and a stranger asking on gets one mail an hour at most.
   */
  async function requestLink(params: {
    email?: string | undefined;
    token?: string | undefined;
    clientAddress: string | null;
  }): Promise<void> {
    requireLocal();
    // every request counts
    await (await throttle.begin({ action: 'link', email: null, address: params.clientAddress })).failed();
    const account = params.token
      ? ((await repository.findLink(hashSecret(params.token)))?.account ?? null)
      : params.email
        ? await repository.findAccountByEmail(params.email.trim())
        : null;
    if (!account || account.status === 'deactivated') return;
    // RECIPIENT_LIMITS.password_link a day to one account, whoever asks; past them, one working link at a time (a
    // stranger who used them up must not lock the person out until the next day); the answer stays the same
    const pastDay = (await mailer.waitFor({ to: account.email, kind: 'password_link' })).seconds > 0;
    let url: string;
    if (pastDay) {
      const link = await issueResetLinkUnlessOneWorks(account.id);
      if (!link) return;
      url = link.url;
    } else {
      let mail: ThrottledTry;
      try {
        mail = await throttle.begin({ action: 'link', email: account.email, address: null });
      } catch {
        // this person has had enough mails for now (each still works for an hour); the answer stays the same
        return;
      }
      // every mail counts
      await mail.failed();
      ({ url } = await issueLink(account.id, 'reset'));
    }
    try {
      await mailer.send({
        to: [account.email],
        // past the day's links this one is not held to them (one working link at a time holds it)
        limited: !pastDay,
        template: {
          kind: 'password_link',
          locale: mailLocaleOf(account.locale),
          url,
          validMinutes: LINK_LIFETIME_MS.reset / 60_000,
        },
      });
    } catch (error) {
      // a request at the same time took the day's last mail: this link is never sent, and the answer stays the same
      if (isAppError(error) && error.code === 'mail.too_many') return;
      throw error;
    }
    await audit.record({
      customerId: null,
      actor: { kind: 'anonymous', label: null },
      action: 'auth.password_link_sent',
      target: { type: 'user', id: account.id },
      details: { purpose: 'reset', email: account.email },
      clientAddress: params.clientAddress,
    });
  }

  /**
   * The first administrator's generated password was right: it works this once. It stops working now, and the link
   * returned (kept in the page, never mailed) lets them choose their own password and e-mail.
   */
  async function startFirstSignIn(userId: string): Promise<{ token: string; email: string }> {
    requireLocal();
    const account = await repository.findAccount(userId);
    if (!account) throw passwordLinkNotValid('unknown');
    if (account.mustChangePassword) await repository.retireGeneratedPassword(userId);
    const { token } = await issueLink(userId, 'first_sign_in');
    return { token, email: account.email };
  }

  /**
   * The first administrator's own password (and, if they like, their own e-mail instead of admin@byggdok.local).
   * Answers the person's id, to finish their sign-in.
   */
  async function finishFirstSignIn(params: {
    token: string;
    password: string;
    repeated?: string | undefined;
    email: string;
    clientAddress: string | null;
  }): Promise<string> {
    requireLocal();
    const link = await validLink(params);
    if (link.purpose !== 'first_sign_in') throw passwordLinkNotValid('unknown');
    const email = params.email.trim();
    checkRules({ password: params.password, repeated: params.repeated, email });
    await replace({
      account: link.account,
      password: params.password,
      linkId: link.id,
      keepSessionId: null,
      newEmail: email.toLowerCase() === link.account.email.toLowerCase() ? null : email,
      revokeApiKeys: false,
      via: 'first_sign_in',
      actor: { kind: 'user', userId: link.account.id, label: email },
      clientAddress: params.clientAddress,
    });
    return link.account.id;
  }

  /**
   * A change on the account page: the current password first (its failures are counted like sign-ins), then the new
   * one; every other session of the person ends, the one in use stays; their personal API keys end when they ask.
   */
  async function changePassword(params: {
    userId: string;
    keepSessionId: string | null;
    currentPassword: string;
    password: string;
    repeated?: string | undefined;
    revokeApiKeys?: boolean | undefined;
    clientAddress: string | null;
  }): Promise<void> {
    requireLocal();
    const account = await repository.findAccount(params.userId);
    if (!account) throw passwordLinkNotValid('unknown');
    if (account.status === 'deactivated') throw userDeactivated();
    // counted before the password is looked at, so that tries at the same time see each other (sign-in-throttle.ts)
    const attempt = await throttle.begin({ action: 'sign_in', email: account.email, address: params.clientAddress });
    const right = account.passwordHash ? await deps.hasher.verify(params.currentPassword, account.passwordHash) : false;
    if (!right) {
      await attempt.failed();
      throw wrongCurrentPassword();
    }
    await attempt.succeeded();
    checkRules({ password: params.password, repeated: params.repeated, email: account.email });
    await replace({
      account,
      password: params.password,
      linkId: null,
      keepSessionId: params.keepSessionId,
      newEmail: null,
      revokeApiKeys: params.revokeApiKeys ?? false,
      via: 'account',
      actor: { kind: 'user', userId: account.id, label: account.email },
      clientAddress: params.clientAddress,
    });
  }

  return {
    invitationAccess,
    describeLink,
    setPasswordWithLink,
    requestLink,
    startFirstSignIn,
    finishFirstSignIn,
    changePassword,
    localPasswords: deps.localPasswords,
  };
}

/** a person's stored locale as a mail language (English for anything else) */
export function mailLocaleOf(locale: string): MailLocale {
  const lower = locale.toLowerCase();
  if (/^(nb|nn|no)\b/.test(lower)) return 'no';
  return (MAIL_LOCALES as readonly string[]).includes(lower) ? (lower as MailLocale) : 'en';
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
