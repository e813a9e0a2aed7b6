import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string; version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'byggdok API',
        version: options.version,
        description:
          'Building documentation platform: building owners, buildings, documents, search, questions and deficiency ' +
          'reports (partner API, under /v1 and without it), and the operator admin API. Errors are application/problem+json.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          sessionToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'session token (ft_...) from POST .../sessions',
          },
          adminToken: { type: 'http', scheme: 'bearer', description: 'operator token (BYGGDOK_ADMIN_TOKEN)' },
          subcontractorToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'the subcontractor token (sct_...) of the portal link, as "<token>" or "Bearer <token>"; the public routes only',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'byggdok_session',
            description: 'the session cookie set by /auth/callback (a personal key fk_user_... in x-api-key works too)',
          },
        },
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      // the badge would send our document's URL to validator.swagger.io, which the CSP of /docs does not allow
      validatorUrl: null,
    },
  });
}
