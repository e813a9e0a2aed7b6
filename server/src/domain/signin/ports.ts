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
}

export interface SignInAttempt {
  nonce: string;
  codeVerifier: string;
  redirectUri: string | null;
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
    expiresAt: Date;
    now: Date;
  }): Promise<void>;
  /** marks the attempt used and returns it; null when unknown, used before or expired */
  consumeAttempt(params: { stateHash: string; now: Date }): Promise<SignInAttempt | null>;
  findUserByEmail(email: string): Promise<SignInUser | null>;
  findUserById(userId: string): Promise<SignInUser | null>;
  findUserByIdentity(params: { issuer: string; subject: string }): Promise<SignInUser | null>;
  linkIdentity(params: { issuer: string; subject: string; userId: string; email: string | null }): Promise<void>;
  /** invited -> active, last sign-in now, identity last used now */
  recordSignIn(params: { userId: string; issuer: string; subject: string; now: Date }): Promise<void>;
  createSession(params: {
    id: string;
    tokenHash: string;
    userId: string;
    issuer: string;
    idToken: string;
    now: Date;
    expiresAt: Date;
    clientAddress: string | null;
  }): Promise<void>;
  findLiveSession(params: { tokenHash: string }): Promise<UserSessionRecord | null>;
  endSession(params: { id: string; now: Date }): Promise<void>;
}
