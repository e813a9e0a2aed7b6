/** What the sign-in needs from an OpenID provider, as the relying party sees it (integrations/oidc implements it). */
export interface RelyingParty {
  /** the provider's issuer identifier */
  issuer: string;
  /** a new authorization request (code flow, PKCE S256): where to send the browser, and what to keep */
  startAuthorization(params: {
    redirectUri: string;
    loginHint?: string;
  }): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }>;
  /**
   * Exchanges the code of the callback URL and verifies the ID token (signature against the provider's keys,
   * issuer, audience, nonce, expiry). Throws the sign-in errors of sign-in.errors.ts.
   */
  finishAuthorization(params: {
    callbackUrl: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<VerifiedIdentity>;
  /** the provider's end-session URL, or null when it has none */
  endSessionUrl(params: { idTokenHint: string | null; postLogoutRedirectUri: string }): Promise<string | null>;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  idToken: string;
}

export type UserStatus = 'invited' | 'active' | 'deactivated';

export interface SignInUser {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  platformAdmin: boolean;
  passwordHash: string | null;
  /** the generated first password: it works once, then the person chooses their own */
  mustChangePassword: boolean;
}

export interface SignInAttempt {
  nonce: string;
  codeVerifier: string;
  redirectUri: string | null;
  /** sha256 of the cookie of the browser that started it; null for attempts made before that cookie existed */
  browserHash: string | null;
}

export interface UserSessionRecord {
  id: string;
  userId: string;
  issuer: string | null;
  idToken: string | null;
}

export interface SignInRepository {
  createAttempt(params: {
    stateHash: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    loginHint: string | null;
    browserHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<void>;
  /** marks the attempt used and returns it; null when unknown, used before or expired */
  consumeAttempt(params: { stateHash: string; now: Date }): Promise<SignInAttempt | null>;
  findUserByEmail(email: string): Promise<SignInUser | null>;
  findUserById(userId: string): Promise<SignInUser | null>;
  findUserByIdentity(params: { issuer: string; subject: string }): Promise<SignInUser | null>;
  linkIdentity(params: { issuer: string; subject: string; userId: string; email: string | null }): Promise<void>;
  /** whether the user is already linked to an identity of this issuer (whose subject differs from `subject`) */
  hasOtherIdentity(params: { userId: string; issuer: string; subject: string }): Promise<boolean>;
  /**
   * invited -> active, last sign-in now, identity last used now; the provider's name becomes the user's unless the
   * person chose their own
   */
  recordSignIn(params: {
    userId: string;
    issuer: string;
    subject: string;
    name: string | null;
    now: Date;
  }): Promise<void>;
  createSession(params: {
    id: string;
    tokenHash: string;
    userId: string;
    issuer: string;
    /** null for a session opened by a password link (no provider took part) */
    idToken: string | null;
    now: Date;
    expiresAt: Date;
    clientAddress: string | null;
    userAgent: string | null;
  }): Promise<void>;
  findLiveSession(params: { tokenHash: string }): Promise<UserSessionRecord | null>;
  /**
   * ends the session, the assistants allowed from it, and the embedded provider's sign-ins of the person (in every
   * browser: one would give the next /auth/login a session without the password)
   */
  endSession(params: { id: string; userId: string; now: Date }): Promise<void>;
  /** an assistant allowed from a browser signed in to the app as the same person: it ends with that session */
  linkAssistantToSession(params: { grantId: string; sessionTokenHash: string; userId: string }): Promise<void>;
}
