import { createPublicKey, type JsonWebKey } from 'node:crypto';
import type * as Jose from 'jose';
import type { JWK } from 'oidc-provider';
import type { OAuthTokenVerifier } from '../../domain/access/access.service.js';

/**
 * Checks the JWT access tokens the embedded provider issues for a resource (the MCP server): RS256 with the
 * provider's own key, its issuer, the resource as audience, `at+jwt` as type (RFC 9068, so an ID token is never taken
 * for one) and not expired. jose is loaded with the first token.
 */
export function createAccessTokenVerifier(params: {
  issuer: string;
  audience: string;
  signingKey: JWK;
  /** whether the grant a token was issued under still stands (a token without one is refused) */
  isGrantLive?: (grantId: string) => Promise<boolean>;
}): OAuthTokenVerifier {
  // the public half of the provider's signing key
  const publicKey = createPublicKey({ key: params.signingKey as JsonWebKey, format: 'jwk' });
  let jose: Promise<typeof Jose> | undefined;
  return async (token) => {
    const { jwtVerify } = await (jose ??= import('jose'));
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: params.issuer,
        audience: params.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'client_id'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string') return null;
      if (params.isGrantLive) {
        const grantId = payload.grant_id;
        if (typeof grantId !== 'string' || !(await params.isGrantLive(grantId))) return null;
      }
      return { userId: payload.sub, clientId: payload.client_id };
    } catch {
      return null;
    }
  };
}
