/**
 * Who is calling. Every variant is handled by every policy in `policies.ts` (the lint rule for exhaustive switches
 * holds that line), so adding a kind of caller is a change to the policies, never to a route or a repository.
 */
export type Principal = ApiKeyPrincipal | SessionTokenPrincipal | UserPrincipal | SubcontractorPrincipal;

/** The callers of the partner API: a partner's key, or a session token made from one. */
export type PartnerPrincipal = ApiKeyPrincipal | SessionTokenPrincipal;

/**
 * A key reaches either every building owner of its partner (present and future) or only the owners and buildings
 * granted to it.
 */
export type KeyScope =
  | { kind: 'partner' }
  | {
      kind: 'grants';
      /** whole building owners */
      ownerIds: ReadonlySet<string>;
      /** individual buildings, with the owner each belongs to */
      buildings: ReadonlyMap<string, string>;
    };

/** A partner's API key (`x-api-key`, or as a bearer token). */
export interface ApiKeyPrincipal {
  kind: 'api_key';
  apiKeyId: string;
  partnerId: string;
  scope: KeyScope;
}

/** A short-lived, read-only view of a key, narrowed to one building owner, that client-side code may hold. */
export interface SessionTokenPrincipal {
  kind: 'session_token';
  /** the key the token was made from; the token never reaches further than it */
  apiKeyId: string;
  partnerId: string;
  scope: KeyScope;
  /** the one owner the token is for */
  ownerId: string;
}

/**
 * A signed-in person (the application's users): by the session cookie the sign-in sets, or by a personal API key
 * (`fk_user_...`) that acts as its user. Platform administrators act as ADMIN in every customer.
 */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  platformAdmin: boolean;
  /**
   * how the person proved who they are; writes by cookie need the Origin check, writes by key or OAuth token (a bearer
   * credential no other site can make a browser send) do not
   */
  via:
    | { kind: 'cookie'; sessionId: string }
    | { kind: 'personal_key'; keyId: string }
    /** an OAuth access token the embedded provider issued to an assistant (an MCP client) the person allowed */
    | { kind: 'oauth'; clientId: string };
}

/** The subcontractor portal's token: issued for one project and one subcontractor, expiring, revocable. */
export interface SubcontractorPrincipal {
  kind: 'subcontractor';
  tokenId: string;
  projectId: string;
  subcontractorId: string;
}

/**
 * Where a request came in: a REST route, or the MCP endpoint (with the calls it makes inside the service on its
 * caller's behalf, which carry the same credential and the same limits).
 */
export type Surface = 'rest' | 'mcp';

/**
 * What a credential may be used for, whoever it acts as: decided once, by `reachOf` in `policies.ts`, from the kind of
 * principal and how it was proven. The policies apply it; no route or service looks at `via` to decide.
 */
export interface CredentialReach {
  /** the surfaces that accept the credential at all (elsewhere it is 401) */
  surfaces: ReadonlySet<Surface>;
  /**
   * the credential may hand out access: create or revoke personal keys, invite people, change roles, issue portal
   * tokens, change the person's account (an assistant's token and a partner's session token never may)
   */
  managesAccess: boolean;
}
