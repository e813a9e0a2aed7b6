import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';

/*
 * What the sign-in module needs at start, apart from the provider itself: oidc-provider (a large module) is loaded
 * only when the embedded provider first answers a request.
 */

/** the scope of an access token for the MCP server: the person's own access, through the tools */
export const MCP_SCOPE = 'mcp';

/**
 * How long an assistant's access token for the MCP server lives: one value, used by the provider and stated by the
 * protected-resource metadata, the consent page and the README ("one hour").
 */
export const ASSISTANT_ACCESS_TOKEN_SECONDS = 3600;

/**
 * How long an assistant's refresh token lives unused. It is rotated on every use (the new one again valid this long,
 * the old one used up: sent again, it ends the whole grant), so an assistant in use stays connected, and one left
 * unused for a month asks the person again.
 */
export const ASSISTANT_REFRESH_TOKEN_IDLE_SECONDS = 30 * 24 * 3600;

/**
 * How long what a person allowed an assistant (its grant) lasts at most, however often it is used: no refresh token
 * reaches past it, and its access tokens die with it, so the assistant must ask the person again. It bounds what a
 * stolen refresh token is worth to a thief who keeps it fresher than the assistant does.
 */
export const ASSISTANT_GRANT_SECONDS = 90 * 24 * 3600;

/** the embedded provider's own client: the service signing in against itself */
export const EMBEDDED_CLIENT_ID = 'byggdok';

export interface EmbeddedAccount {
  email: string;
  name: string;
}

export interface EmbeddedProviderSecrets {
  /** the RSA private key (JWK) ID tokens are signed with */
  signingKey: JWK;
  cookieKeys: string[];
  clientSecret: string;
}

/**
 * A new RSA private key as a JWK. Generated as PEM and read back, not exported from the key object the generator
 * returns: on Node 20 that export holds the key's lock while it allocates, and a garbage collection at that moment
 * frees the finished generator job, whose destructor waits for the same lock, so the process hangs for good (no
 * signal handled: a first start under memory pressure hung so in CI). The key read back from PEM has a lock of its own.
 */
export function newRsaPrivateJwk(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return createPrivateKey(privateKey).export({ format: 'jwk' });
}

/** a new RS256 signing key, once per installation (kept in the settings table) */
export function generateSigningKey(): JWK {
  return { ...newRsaPrivateJwk(), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The embedded provider, made on its first request (oidc-provider is a large module a start should not wait for, and
 * a process that is never asked to sign anyone in never loads it).
 */
export type EmbeddedProviderLoader = () => Promise<Provider>;
