import type { FastifyInstance } from 'fastify';
import type { EmbeddedProviderLoader } from '../../../integrations/oidc/embedded-provider-keys.js';

/**
 * The embedded OpenID provider under `/oidc`, outside Fastify's body parsing: its requests reach oidc-provider's own
 * handler untouched (the token endpoint and the logout form read their bodies themselves). The login page is served
 * by interaction.route.ts, a more specific route.
 */
export async function registerEmbeddedProviderMount(app: FastifyInstance, deps: { provider: EmbeddedProviderLoader }) {
  let handler: Promise<ReturnType<Awaited<ReturnType<EmbeddedProviderLoader>>['callback']>> | undefined;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // leave the body stream unread
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/oidc/*', { schema: { hide: true } }, async (request, reply) => {
      const handle = await (handler ??= deps.provider().then((provider) => provider.callback()));
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // oidc-provider knows it is mounted at its issuer's path and works out the mount from originalUrl
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
      void handle(raw, reply.raw);
    });
  });
}
