import * as client from 'openid-client';
import type { RelyingParty, VerifiedIdentity } from '../../domain/signin/ports.js';
import { invalidIdToken, providerUnreachable } from '../../domain/signin/sign-in.errors.js';

const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

/**
 * The service as an OpenID relying party (openid-client 6): discovery on first use (retried after a failure, so a
 * provider that starts later is found), authorization code with PKCE S256, state and nonce. openid-client checks the
 * ID token's issuer, audience, nonce and expiry itself; its signature against the provider's JWKS only after
 * `enableNonRepudiationChecks`, which is why that is switched on here.
 */
export function createOpenIdRelyingParty(params: {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** plain http to the provider (a loopback issuer in development and tests, or the embedded provider itself) */
  allowInsecure: boolean;
}): RelyingParty {
  let configuration: Promise<client.Configuration> | null = null;

  function configure(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        new URL(params.issuer),
        params.clientId,
        undefined,
        params.clientSecret ? client.ClientSecretBasic(params.clientSecret) : client.None(),
        {
          execute: params.allowInsecure ? [client.allowInsecureRequests] : [],
          timeout: TIMEOUT_SECONDS,
        },
      )
      .then((config) => {
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        configuration = null;
        throw providerUnreachable(error);
      });
    return configuration;
  }

  return {
    issuer: params.issuer,

    async startAuthorization({ redirectUri, loginHint }) {
      const config = await configure();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finishAuthorization({ callbackUrl, state, nonce, codeVerifier }): Promise<VerifiedIdentity> {
      const config = await configure();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw isNetworkFailure(error) ? providerUnreachable(error) : invalidIdToken(error);
      }
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw invalidIdToken(new Error('no ID token'));
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Entra ID sends no email_verified; its optional claim xms_edov says the domain owner verified the address
        emailVerified: claims.email_verified === true || claims.xms_edov === true,
        name: typeof claims.name === 'string' ? claims.name : null,
        idToken: tokens.id_token,
      };
    },

    async endSessionUrl({ idTokenHint, postLogoutRedirectUri }) {
      const config = await configure();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: params.clientId,
      }).href;
    },
  };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}
