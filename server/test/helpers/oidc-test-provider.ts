/**
 * A company's OpenID provider for the sign-in tests, run in its own process:
 *   node --import tsx oidc-test-provider.ts   (env CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, POST_LOGOUT_REDIRECT_URI)
 * It prints `LISTENING <port>` once it serves at http://127.0.0.1:<port> (the issuer). The test scripts who signs in
 * next with `POST /control` `{ sub, email, emailVerified, name?, deny?, idToken? }`: the interaction then signs that person in
 * without a page (or refuses with access_denied), and `idToken: "forged" | "expired"` makes the token endpoint hand
 * out an ID token signed with a key the provider never published, or one that expired an hour ago.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { newRsaPrivateJwk } from '../../src/integrations/oidc/embedded-provider-keys.js';

interface Scripted {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  deny?: boolean;
  idToken?: 'forged' | 'expired';
}

let next: Scripted | null = null;
/** what the next token response does to its ID token */
let tokenMode: Scripted['idToken'];
const accounts = new Map<string, Scripted>();

function newKey(kid: string): JWK {
  return { ...(newRsaPrivateJwk() as JWK), kid, alg: 'RS256', use: 'sig' };
}
const kid = randomUUID();
const signingKey = newKey(kid);
// same kid, other key: what a forger would try
const forgerKey = newKey(kid);

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: process.env.CLIENT_ID ?? 'byggdok-test',
        client_secret: process.env.CLIENT_SECRET ?? 'test-secret-0123456789',
        redirect_uris: [process.env.REDIRECT_URI ?? 'http://127.0.0.1/auth/callback'],
        post_logout_redirect_uris: [process.env.POST_LOGOUT_REDIRECT_URI ?? 'http://127.0.0.1/'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      return account
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              email_verified: account.emailVerified,
              ...(account.name ? { name: account.name } : {}),
            }),
          }
        : undefined;
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  // the token endpoint's answer, spoiled on request
  provider.use(async (ctx, nextMiddleware) => {
    await nextMiddleware();
    const mode = ctx.path === '/token' && ctx.status === 200 ? tokenMode : undefined;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!mode || !body?.id_token) return;
    tokenMode = undefined;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    const key = await importJWK(mode === 'forged' ? forgerKey : signingKey, 'RS256');
    body.id_token = await new SignJWT(mode === 'expired' ? { ...claims, iat: now - 7200, exp: now - 3600 } : claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  });

  const handle = provider.callback();
  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      if (url.pathname === '/control' && request.method === 'POST') {
        next = JSON.parse(await readBody(request)) as Scripted;
        accounts.set(next.sub, next);
        response.writeHead(204).end();
        return;
      }
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
      if (interaction) {
        const person = next;
        if (!person) {
          response.writeHead(500).end('no scripted user');
          return;
        }
        tokenMode = person.idToken;
        const result = person.deny
          ? { error: 'access_denied', error_description: 'The person said no' }
          : { login: { accountId: person.sub } };
        await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
        return;
      }
      await handle(request, response);
    })().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  console.log(`LISTENING ${port}`);
});
