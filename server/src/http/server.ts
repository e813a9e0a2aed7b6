import { registerWebApp, webAppRoot } from './routes/web/web-app.route.js';
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { EmbeddedProviderLoader } from '../integrations/oidc/embedded-provider-keys.js';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../config/parts/http.config.js';

import type { HttpServices } from './app-types.js';
import { registerAdminAuthentication } from './plugins/admin-auth.js';
import { registerErrorHandling, sendProblem } from './plugins/errors.js';
import { answerClientError, registerInputGuard } from './plugins/input-guard.js';
import { registerOpenApi } from './plugins/openapi.js';
import { provenCredentialOf, registerPartnerAuthentication } from './plugins/partner-auth.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerRequestMetrics, RequestLogController, type RecordRequest } from './plugins/request-observer.js';
import { applyApiSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.js';
import { lazySerializerFactory } from './plugins/lazy-compile.js';
import { registerValidation } from './plugins/validation.js';
import type { BlobStore } from '../domain/documents/blob-store.js';
import type { UrlSigner } from '../storage/blobs/url-signer.js';
import { registerDocumentAdminRoutes } from './routes/admin/documents.route.js';
import { registerExplainDocumentRoute } from './routes/admin/explain-document.route.js';
import { registerKeyAdminRoutes } from './routes/admin/keys.route.js';
import { registerLocalBlobRoutes } from './routes/blobs/local-blobs.route.js';
import { registerS3EventsRoute } from './routes/blobs/s3-events.route.js';
import { registerPartnerAdminRoutes } from './routes/admin/partners.route.js';
import { registerHealthRoutes } from './routes/health.route.js';
import { EMBEDDED_ISSUER_PATH, mcpResourceOf } from '../app/modules/sign-in.module.js';
import { registerMcpRoute } from './routes/mcp/mcp.route.js';
import { registerMetricsRoute, type MetricsEndpoint } from './routes/metrics.route.js';
import { registerPartnerRoutes } from './routes/partner/index.js';
import { registerCreateUserRoute } from './routes/admin/create-user.route.js';
import { registerCustomerAdminRoutes } from './routes/admin/customers.route.js';
import { registerHandoverAdminRoute } from './routes/admin/handover.route.js';
import { registerMailAdminRoute } from './routes/admin/mail.route.js';
import { registerFindUsersRoute } from './routes/admin/find-users.route.js';
import { registerSetUserPasswordRoute } from './routes/admin/set-user-password.route.js';
import { registerSetUserStatusRoute } from './routes/admin/set-user-status.route.js';
import { registerSignInRoutes } from './routes/auth/index.js';
import { registerApplicationRoutes } from './routes/construction/index.js';
import { registerPortalRoutes } from './routes/public/portal.routes.js';
import { registerEmbeddedProviderMount } from './routes/oidc/embedded-provider.route.js';
import { registerInteractionRoutes } from './routes/oidc/interaction.route.js';
import { registerCookieCsrfCheck } from './plugins/csrf.js';

export interface ServerOptions {
  publicUrl: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  adminToken: string;
  rateLimit: { enabled: boolean; max: number; windowMs: number };
  redisUrl: string | null;
  version: string;
  /** shared secret of S3 event notifications; null: the endpoint is not served */
  s3EventsToken: string | null;
  /** where signed file URLs point when that is not this origin (the S3 endpoint): the web app uploads and previews there */
  fileOrigins?: string[];
  /** origins besides the public URL's whose browser pages may call /mcp (APP_ALLOWED_REDIRECTS, MCP_ALLOWED_ORIGINS) */
  mcpAllowedOrigins?: string[];
  /** bounds on slow clients (a slow upload body); the defaults of the configuration when absent */
  timeouts?: HttpTimeouts;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Ids are at most 200 characters; a longer path segment is answered 414 before routing. */
const MAX_PARAM_LENGTH = 500;

export async function buildServer(params: {
  services: HttpServices;
  /** the embedded file storage's signed URLs are served by this process (null with S3) */
  localBlobs: { signer: UrlSigner; blobs: BlobStore } | null;
  options: ServerOptions;
  logger: FastifyBaseLogger;
  isReady: () => Promise<boolean>;
  /** null: no /metrics and no request metrics */
  metrics?: (MetricsEndpoint & { recordRequest: RecordRequest }) | null;
  /** the embedded OpenID provider, served under /oidc (absent or null: an outside provider is configured) */
  embeddedProvider?: EmbeddedProviderLoader | null;
  /** the web app's build folder; default web/dist of the workspace, null for none */
  webRoot?: string | null;
}): Promise<FastifyInstance> {
  const { services, options } = params;
  const timeouts = options.timeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const app = Fastify({
    // a body that trickles in cannot hold a request (and the upload it claimed) open for ever: Node closes a request
    // not received in full within requestTimeout, and a connection idle for connectionTimeout
    requestTimeout: timeouts.requestSeconds * 1000,
    connectionTimeout: timeouts.idleSeconds * 1000,
    loggerInstance: params.logger,
    // health checks and status polls are logged at debug
    logController: new RequestLogController(),
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    requestIdHeader: false,
    // a caller's request id is kept when it is sane, so logs can be joined across systems
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // errors Fastify raises before routing (a malformed URL, a path segment beyond maxParamLength, a bad content
    // type header) get the same problem+json; these replies run no hooks, so they are given the API's headers here
    frameworkErrors: (error, request, reply) => {
      applyApiSecurityHeaders(reply.header('x-request-id', request.id));
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void sendProblem(reply, {
          status: 414,
          code: 'request.url_too_long',
          detail: `A path segment is longer than ${MAX_PARAM_LENGTH} characters`,
        });
        return;
      }
      void sendProblem(reply, {
        status: error.statusCode ?? 400,
        code: error.code === 'FST_ERR_BAD_URL' ? 'request.invalid_url' : 'request.invalid',
        detail: error.message,
      });
    },
    // what Node's HTTP parser refuses (request line and headers beyond 16 KiB, bytes that are not HTTP)
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Node refuses a headers timeout longer than the request timeout
  app.server.headersTimeout = Math.min(timeouts.headersSeconds, timeouts.requestSeconds) * 1000;

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  if (params.metrics) registerRequestMetrics(app, params.metrics.recordRequest);
  registerValidation(app);
  registerErrorHandling(app);
  registerFormBodiesAsJson(app);
  // before every route, so that the prefix table of security-headers.ts sees each one as it is added
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, fileOrigins: options.fileOrigins ?? [] });
  await registerOpenApi(app, { publicUrl: options.publicUrl, version: options.version });
  if (options.rateLimit.enabled) {
    await registerRateLimit(app, {
      ...options.rateLimit,
      redisUrl: options.redisUrl,
      provenCredential: (request) => provenCredentialOf(request, services.access),
    });
  }
  // after the rate limit, so that refused hostile input still counts against the caller
  registerInputGuard(app);
  // before every route: a write the session cookie authenticates must come from the service's own origin
  registerCookieCsrfCheck(app, { publicUrl: options.publicUrl });

  registerHealthRoutes(app, { isReady: params.isReady });
  // assistants: the partner API's reads (and two marked writes) as MCP tools, on the same credentials
  registerMcpRoute(app, {
    access: services.access,
    documents: services.documents,
    version: options.version,
    allowedOrigins: [new URL(options.publicUrl).origin, ...(options.mcpAllowedOrigins ?? [])],
    // with the embedded provider, assistants may also sign a person in (OAuth 2.1) to get a token for /mcp
    oauth: params.embeddedProvider
      ? { issuer: `${options.publicUrl}${EMBEDDED_ISSUER_PATH}`, resource: mcpResourceOf(options.publicUrl) }
      : null,
  });
  if (params.metrics) await registerMetricsRoute(app, { metrics: params.metrics, adminToken: options.adminToken });

  // partner routes answer under /v1 and without it; the OpenAPI document shows the /v1 form once
  for (const prefix of ['/v1', '']) {
    await app.register(
      async (scope) => {
        if (prefix === '') scope.addHook('onRoute', (route) => void (route.schema = { ...route.schema, hide: true }));
        registerPartnerAuthentication(scope, services.access);
        registerPartnerRoutes(scope, services);
      },
      { prefix },
    );
  }

  await app.register(async (scope) => {
    registerAdminAuthentication(scope, options.adminToken);
    registerPartnerAdminRoutes(scope, services);
    registerKeyAdminRoutes(scope, services);
    registerDocumentAdminRoutes(scope, services);
    registerExplainDocumentRoute(scope, services);
    registerCreateUserRoute(scope, services);
    registerFindUsersRoute(scope, services);
    registerSetUserPasswordRoute(scope, services);
    registerSetUserStatusRoute(scope, services);
    registerCustomerAdminRoutes(scope, services);
    registerHandoverAdminRoute(scope, services);
    registerMailAdminRoute(scope, services);
  });

  // the sign-in cookies are Secure when the public URL is https
  const cookies = { secure: new URL(options.publicUrl).protocol === 'https:' };
  // the application's routes for people: every request authenticated (session cookie or personal key) first
  await app.register(async (scope) => {
    registerPartnerAuthentication(scope, services.access);
    registerApplicationRoutes(scope, services, { cookies });
  });

  // the subcontractor portal: the subcontractor token only, in a scope of its own
  await app.register(async (scope) => {
    registerPortalRoutes(scope, services);
  });

  registerSignInRoutes(app, {
    signIn: services.signIn,
    passwords: services.passwords,
    cookies,
    publicUrl: options.publicUrl,
  });
  if (params.embeddedProvider) {
    await registerEmbeddedProviderMount(app, {
      provider: params.embeddedProvider,
      publicUrl: options.publicUrl,
      trustProxy: options.trustProxy,
    });
    registerInteractionRoutes(app, {
      provider: params.embeddedProvider,
      signIn: services.signIn,
      passwords: services.passwords,
      publicUrl: options.publicUrl,
    });
  }

  await registerWebApp(app, { root: params.webRoot === undefined ? webAppRoot() : params.webRoot });

  if (params.localBlobs) {
    await registerLocalBlobRoutes(app, {
      ...params.localBlobs,
      uploads: services.uploads,
      stillServed: async (key) => (await services.documents.servesFile(key)) || services.zips.servesArchive(key),
    });
  }
  if (options.s3EventsToken)
    registerS3EventsRoute(app, { uploads: services.uploads, eventsToken: options.s3EventsToken });

  return app;
}

/**
 * `curl -d '{"name":"x"}'` sends JSON labelled as a form. Such bodies are read as JSON when they are JSON, and as a
 * form otherwise, so the quick-start commands work as written.
 */
function registerFormBodiesAsJson(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          Object.assign(new Error('The body is not valid JSON'), {
            statusCode: 400,
            code: 'FST_ERR_CTP_INVALID_JSON_BODY',
          }),
        );
      }
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
}
