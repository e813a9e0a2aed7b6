import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { isAppError } from '../shared/errors.js';
import { newId, randomSecret } from '../shared/ids.js';
import type { PasswordHasher } from '../shared/passwords.js';
import { hashSecret } from '../shared/secrets.js';
import { safeRedirect } from './redirects.js';
import type { RelyingParty, SignInRepository, SignInUser, VerifiedIdentity } from './ports.js';
import {
  accountLinkedElsewhere,
  emailNotVerified,
  notInvited,
  otherBrowser,
  providerRefused,
  unknownSignInState,
  userDeactivated,
} from './sign-in.errors.js';
import type { SignInThrottle, ThrottledTry } from './sign-in-throttle.js';

/** how long a person has on the provider's pages before the sign-in must start again */
const ATTEMPT_LIFETIME_MS = 15 * 60_000;

export interface SignInSettings {
  publicUrl: string;
  allowedRedirectOrigins: string[];
  /** absolute lifetime of a session */
  sessionMaxAgeMs: number;
}

/**
 * Signing in with OpenID Connect (authorization code, PKCE, state and nonce), against the configured provider or the
 * embedded one: the attempt is kept server-side (state hashed), the callback links the verified identity to an
 * invited user and opens a server-side session whose token only the cookie holds. Every sign-in, and every failed
 * one, is audited.
 */
export function createSignInService(deps: {
  repository: SignInRepository;
  relyingParty: RelyingParty;
  audit: AuditLog;
  clock: Clock;
  throttle: SignInThrottle;
  passwords: PasswordHasher;
  settings: SignInSettings;
}) {
  const { repository, relyingParty, audit, clock, throttle, settings } = deps;
  const callbackUri = `${settings.publicUrl}/auth/callback`;
  const redirectTarget = (requested: string | undefined) =>
    safeRedirect({ requested, publicUrl: settings.publicUrl, allowedOrigins: settings.allowedRedirectOrigins });

  async function failed(params: { label: string | null; reason: string; clientAddress: string | null }) {
    await audit.record({
      customerId: null,
      actor: { kind: 'anonymous', label: params.label },
      action: 'auth.sign_in_failed',
      details: { reason: params.reason, issuer: relyingParty.issuer },
      clientAddress: params.clientAddress,
    });
  }

  /**
   * Starts a sign-in: the provider's authorization URL. With `email`, a person who is not invited (or was deactivated)
   * is stopped here, before the provider's page (application-api.md), and the e-mail is passed on as login_hint.
   * That answer tells whether an address is invited, so each address found uninvited counts as a failed try of the
   * client address (sign-in-throttle.ts, with the password tries): past the limit every start with an address is
   * refused alike (429), invited or not, until the window moves on. An invited address is not counted.
   * `browserSecret` is the value of this browser's sign-in cookie: the callback must bring the same one back.
   */
  async function startSignIn(params: {
    redirectUri?: string;
    email?: string;
    browserSecret: string;
    clientAddress: string | null;
  }): Promise<{ url: string }> {
    const email = params.email?.trim() || undefined;
    if (email) {
      const attempt = await throttle.begin({ action: 'sign_in', email: null, address: params.clientAddress });
      const user = await repository.findUserByEmail(email);
      if (!user || user.status === 'deactivated') {
        await attempt.failed();
        await failed({ label: email, reason: 'not_invited', clientAddress: params.clientAddress });
        throw notInvited();
      }
      await attempt.succeeded();
    }
    const request = await relyingParty.startAuthorization({
      redirectUri: callbackUri,
      ...(email ? { loginHint: email } : {}),
    });
    const now = clock.now();
    await repository.createAttempt({
      stateHash: hashSecret(request.state),
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirectUri: redirectTarget(params.redirectUri),
      loginHint: email ?? null,
      browserHash: hashSecret(params.browserSecret),
      expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      now,
    });
    return { url: request.url };
  }

  /**
   * The user a verified identity signs in as: the one linked to it (issuer and subject), or on a first sign-in the
   * invited user with its verified e-mail, who is linked to it from then on. A second account at the same provider
   * with the same e-mail never takes over a person already linked to another account there.
   */
  async function userOf(identity: { issuer: string; subject: string; email: string | null; emailVerified: boolean }) {
    const linked = await repository.findUserByIdentity(identity);
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) throw emailNotVerified();
    const invited = await repository.findUserByEmail(identity.email);
    if (!invited) throw notInvited();
    if (invited.status === 'deactivated') throw notInvited(userDeactivated());
    if (await repository.hasOtherIdentity({ userId: invited.id, issuer: identity.issuer, subject: identity.subject })) {
      throw accountLinkedElsewhere();
    }
    await repository.linkIdentity({ ...identity, userId: invited.id });
    return invited;
  }

  /**
   * The provider's answer at /auth/callback (its query parameters): the state must name an open attempt of this
   * service, used once. Returns the new session's token (for the cookie only) and where to send the browser.
   */
  async function finishSignIn(params: {
    query: Record<string, string>;
    /** this browser's sign-in cookie: it must be the one of the browser that started the attempt */
    browserSecret: string | null;
    clientAddress: string | null;
    userAgent: string | null;
  }): Promise<{ sessionToken: string; expiresAt: Date; redirectTo: string; issuer: string; user: SignInUser }> {
    const { query, clientAddress } = params;
    const attempt = query.state
      ? await repository.consumeAttempt({ stateHash: hashSecret(query.state), now: clock.now() })
      : null;
    /** who the provider said signed in, once it has said it: a refusal after that names their verified address */
    let identity: VerifiedIdentity | null = null;
    try {
      if (!attempt || !query.state) throw unknownSignInState();
      // login CSRF: someone else's callback URL opened in this browser signs nobody in (and is used up)
      if (!attempt.browserHash || !params.browserSecret || hashSecret(params.browserSecret) !== attempt.browserHash) {
        throw otherBrowser();
      }
      if (query.error) throw providerRefused({ error: query.error, description: query.error_description ?? null });
      identity = await relyingParty.finishAuthorization({
        callbackUrl: `${callbackUri}?${new URLSearchParams(query).toString()}`,
        state: query.state,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
      });
      const user = await userOf(identity);
      if (user.status === 'deactivated') throw notInvited(userDeactivated());
      const { sessionToken, expiresAt } = await openSession({
        user,
        issuer: identity.issuer,
        subject: identity.subject,
        name: identity.name,
        idToken: identity.idToken,
        clientAddress,
        userAgent: params.userAgent,
        method: 'oidc',
      });
      return {
        sessionToken,
        expiresAt,
        redirectTo: attempt.redirectUri ?? redirectTarget(undefined),
        issuer: identity.issuer,
        user,
      };
    } catch (error) {
      // a deactivated person is refused as not invited; the audit log keeps which it was. The try is labelled with the
      // address only when the provider verified it (another account at the provider holding the person's address is
      // then in the person's history); an address nobody proved names no one, so nobody's history can be filled by it
      if (isAppError(error)) {
        const label = identity?.emailVerified && identity.email ? identity.email : null;
        await failed({ label, reason: isAppError(error.cause) ? error.cause.code : error.code, clientAddress });
      }
      throw error;
    }
  }

  /** the sign-in itself: the user recorded as signed in, a new session whose token only the cookie holds, audited */
  async function openSession(params: {
    user: { id: string; email: string };
    issuer: string;
    subject: string;
    name: string | null;
    idToken: string | null;
    clientAddress: string | null;
    userAgent: string | null;
    method: string;
  }): Promise<{ sessionToken: string; expiresAt: Date }> {
    const { user } = params;
    const now = clock.now();
    await repository.recordSignIn({
      userId: user.id,
      issuer: params.issuer,
      subject: params.subject,
      name: params.name,
      now,
    });
    const sessionToken = randomSecret();
    const expiresAt = new Date(now.getTime() + settings.sessionMaxAgeMs);
    const sessionId = newId.userSession();
    await repository.createSession({
      id: sessionId,
      tokenHash: hashSecret(sessionToken),
      userId: user.id,
      issuer: params.issuer,
      idToken: params.idToken,
      now,
      expiresAt,
      clientAddress: params.clientAddress,
      userAgent: params.userAgent?.slice(0, 500) ?? null,
    });
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: user.id, label: user.email },
      action: 'auth.sign_in',
      target: { type: 'user', id: user.id },
      details: { issuer: params.issuer, sessionId, method: params.method },
      clientAddress: params.clientAddress,
    });
    return { sessionToken, expiresAt };
  }

  /**
   * A person who just set their password through a link is signed in at once, as a local account of the embedded
   * provider (no provider session takes part, so signing out needs no provider page).
   */
  async function openPasswordSession(params: {
    userId: string;
    clientAddress: string | null;
    userAgent: string | null;
    method: string;
  }): Promise<{ sessionToken: string; expiresAt: Date }> {
    const user = await repository.findUserById(params.userId);
    if (!user || user.status === 'deactivated') throw userDeactivated();
    await repository.linkIdentity({
      issuer: relyingParty.issuer,
      subject: user.id,
      userId: user.id,
      email: user.email,
    });
    return openSession({
      user,
      issuer: relyingParty.issuer,
      subject: user.id,
      name: null,
      idToken: null,
      clientAddress: params.clientAddress,
      userAgent: params.userAgent,
      method: `password_link:${params.method}`,
    });
  }

  /**
   * Ends the cookie's session (if any), and the embedded provider's sign-ins of the person with it, and says where to
   * go: the provider's end-session endpoint with the ID token hint when it has one (an outside provider's sign-in ends
   * only there), else `redirectUri` (same allow-list as sign-in).
   */
  async function signOut(params: {
    sessionToken: string | null;
    redirectUri?: string;
    clientAddress: string | null;
  }): Promise<{ redirectTo: string }> {
    const fallback = redirectTarget(params.redirectUri);
    const session = params.sessionToken
      ? await repository.findLiveSession({ tokenHash: hashSecret(params.sessionToken) })
      : null;
    if (!session) return { redirectTo: fallback };
    await repository.endSession({ id: session.id, userId: session.userId, now: clock.now() });
    const user = await repository.findUserById(session.userId);
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: session.userId, label: user?.email ?? session.userId },
      action: 'auth.sign_out',
      target: { type: 'user', id: session.userId },
      details: { sessionId: session.id },
      clientAddress: params.clientAddress,
    });
    // a session a password link opened has no sign-in at the provider to end
    if (!session.idToken) return { redirectTo: fallback };
    const endSession = await relyingParty
      .endSessionUrl({ idTokenHint: session.idToken, postLogoutRedirectUri: `${settings.publicUrl}/` })
      // logging out here is what matters; a provider that cannot be reached now does not stop it
      .catch(() => null);
    return { redirectTo: endSession ?? fallback };
  }

  /**
   * A local account of the embedded provider: its user id when the password is right and the user may sign in, and
   * whether it is the generated first password (which works this once: the person must choose their own now).
   * Failures are counted per account and per client address (sign-in-throttle.ts): once either is locked, tries are
   * refused (tooManyAttempts) without a look at the password, and an unknown e-mail is locked like a known one. A try
   * is counted before its password is looked at (and taken back when right), so tries at the same time see each other.
   */
  async function verifyLocalAccount(params: {
    email: string;
    password: string;
    clientAddress: string | null;
  }): Promise<{ userId: string; mustChangePassword: boolean } | null> {
    const email = params.email.trim();
    let attempt: ThrottledTry;
    try {
      attempt = await throttle.begin({ action: 'sign_in', email, address: params.clientAddress });
    } catch (error) {
      await failed({ label: email, reason: 'locked_out', clientAddress: params.clientAddress });
      throw error;
    }
    const user = await repository.findUserByEmail(email);
    // a hash is computed either way, so a wrong address takes as long as a wrong password
    const ok = await deps.passwords.verify(params.password, user?.passwordHash);
    if (ok && user?.passwordHash && user.status !== 'deactivated') {
      await attempt.succeeded();
      await throttle.succeed({ email });
      return { userId: user.id, mustChangePassword: user.mustChangePassword };
    }
    await attempt.failed();
    await failed({ label: email, reason: 'wrong_password', clientAddress: params.clientAddress });
    return null;
  }

  /** who a provider account is (its e-mail and name), for the consent page; null once deactivated */
  async function accountOf(userId: string): Promise<{ email: string; name: string } | null> {
    const user = await repository.findUserById(userId);
    return user && user.status !== 'deactivated' ? { email: user.email, name: user.name } : null;
  }

  /**
   * A person's answer on the consent page, kept in the audit log. An assistant allowed from a browser signed in to the
   * app as the same person (`sessionToken`: the app's cookie) ends when that session is signed out.
   */
  async function recordAssistantConsent(params: {
    userId: string;
    client: { id: string; name: string | null };
    allowed: boolean;
    grantId: string | null;
    sessionToken: string | null;
    clientAddress: string | null;
  }): Promise<void> {
    if (params.allowed && params.grantId && params.sessionToken) {
      await repository.linkAssistantToSession({
        grantId: params.grantId,
        sessionTokenHash: hashSecret(params.sessionToken),
        userId: params.userId,
      });
    }
    await recordAssistantEvent(params.allowed ? 'auth.assistant_allowed' : 'auth.assistant_declined', params);
  }

  /** what the person did with an assistant, in their own history: the person acting, the assistant named */
  async function recordAssistantEvent(
    action: 'auth.assistant_allowed' | 'auth.assistant_declined' | 'auth.assistant_revoked',
    params: { userId: string; client: { id: string; name: string | null }; clientAddress: string | null },
  ): Promise<void> {
    const user = await repository.findUserById(params.userId);
    await audit.record({
      customerId: null,
      actor: { kind: 'user', userId: params.userId, label: user?.email ?? params.userId },
      action,
      target: { type: 'user', id: params.userId },
      details: { clientId: params.client.id, clientName: params.client.name },
      clientAddress: params.clientAddress,
    });
  }

  /**
   * An assistant ended its own connection (it revoked its token at the provider, RFC 7009): kept in the person's
   * history beside the consent that began it, so the end of a connection is never silent.
   */
  async function recordAssistantRevoked(params: {
    userId: string;
    client: { id: string; name: string | null };
    clientAddress: string | null;
  }): Promise<void> {
    await recordAssistantEvent('auth.assistant_revoked', params);
  }

  return {
    startSignIn,
    finishSignIn,
    signOut,
    openPasswordSession,
    verifyLocalAccount,
    accountOf,
    recordAssistantConsent,
    recordAssistantRevoked,
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
