import type { FastifyInstance } from 'fastify';
import type { EmbeddedProviderLoader } from '../../../integrations/oidc/embedded-provider-keys.js';

/**
 * The embedded OpenID provider under `/oidc`, outside Fastify's body parsing: its requests reach oidc-provider's own
 * handler untouched (the token endpoint and the logout form read their bodies themselves). The login page is served
 * by interaction.route.ts, a more specific route.
 */
export async function registerEmbeddedProviderMount(
  app: FastifyInstance,
  deps: { provider: EmbeddedProviderLoader; publicUrl: string; trustProxy: boolean },
) {
  const publicUrl = new URL(deps.publicUrl);
  // the provider writes every URL it hands out (discovery, registration, redirects) from the public URL, never from
  // the request's Host: a forged Host cannot poison a cache or send an assistant elsewhere. Every request that reaches
  // the provider (this mount, and the login and consent pages of interaction.route.ts) is told so first.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/oidc/')) asFromThePublicUrl(request.raw.headers, publicUrl, deps.trustProxy);
  });
  let handler: Promise<ReturnType<Awaited<ReturnType<EmbeddedProviderLoader>>['callback']>> | undefined;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // leave the body stream unread
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/oidc/*', { schema: { hide: true } }, async (request, reply) => {
      const handle = await (handler ??= deps.provider().then((provider) => provider.callback()));
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // no cache keeps any of the provider's answers (the rule security-headers.ts applies to every other route, whose
      // hook a hijacked reply skips): the metadata, and the token and revocation endpoints' answers, whose own
      // no-store oidc-provider sets on some routes only (not on revocation)
      reply.raw.setHeader('cache-control', 'no-store');
      // oidc-provider knows it is mounted at its issuer's path and works out the mount from originalUrl
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
      void handle(raw, reply.raw);
    });
  });
}

/**
 * The headers oidc-provider (which trusts forwarded headers) reads its own address from, set to the public URL's; the
 * client address is the forwarded one only when the operator trusts a proxy.
 */
export function asFromThePublicUrl(
  headers: Record<string, string | string[] | undefined>,
  publicUrl: URL,
  trustProxy: boolean,
): void {
  headers.host = publicUrl.host;
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  if (!trustProxy) delete headers['x-forwarded-for'];
}
