import { fastifyHelmet, type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type Directives = NonNullable<NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean>>['directives']>;

/** What every JSON response says: load nothing, never be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers that differ by URL prefix; a route gets the longest prefix that matches it, the API policy otherwise.
 */
function headerPolicies(publicUrl: string, fileOrigins: string[]): Array<{ prefix: string; helmet: HelmetOptions }> {
  const publicOrigin = new URL(publicUrl).origin;
  return [
    {
      // Swagger UI: its own scripts and styles; "Try it out" calls the public URL, which may be another origin
      prefix: '/docs',
      helmet: {
        contentSecurityPolicy: csp({
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          connectSrc: ["'self'", publicOrigin],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
        }),
        xFrameOptions: { action: 'sameorigin' },
      },
    },
    {
      // the web app: its own hashed scripts and styles only, calls to this origin, previews from the blob routes
      prefix: '/app',
      helmet: {
        contentSecurityPolicy: csp({
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          // uploads and PDF previews go to the signed file URLs: this origin, or the S3 endpoint
          connectSrc: ["'self'", ...fileOrigins],
          fontSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          frameSrc: ["'self'", ...fileOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        }),
        // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with its own writes, and the
        // cross-site check refuses them; other sites still get no Referer
        referrerPolicy: { policy: 'same-origin' as const },
      },
    },
    ...['/auth/', '/oidc/'].map((prefix) => ({
      // the sign-in pages (why a sign-in stopped, the embedded provider's login form): their own inline styles, no
      // script (but for the provider's sign-out page, which adds its own script's hash: embedded-provider.ts); forms
      // post to this origin
      prefix,
      helmet: {
        contentSecurityPolicy: csp({
          defaultSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          styleSrc: ["'unsafe-inline'"],
        }),
        // the login form posts to this origin; under no-referrer a browser would send `Origin: null` with it
        referrerPolicy: { policy: 'same-origin' as const },
      },
    })),
    {
      // the set-password page: like the other sign-in pages, plus its one script of this origin (it reads the link's
      // token from the fragment, which never reaches the server) and that script's one call
      prefix: '/auth/set-password',
      helmet: {
        contentSecurityPolicy: csp({
          defaultSrc: ["'none'"],
          baseUri: ["'none'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'unsafe-inline'"],
        }),
        // as on the other sign-in pages: under no-referrer a browser sends `Origin: null` with the page's own posts
        // (a Referer never carries the fragment, where the token is)
        referrerPolicy: { policy: 'same-origin' as const },
      },
    },
    {
      // Users' files (signed URLs of the embedded store). `sandbox` gives whatever a browser renders an opaque origin
      // and no script, whatever the bytes are; no default-src, which breaks browsers' built-in PDF viewers. The
      // preview may be framed by the web app or a partner's page, and fetched cross-origin like an S3 URL.
      prefix: '/blobs/',
      helmet: {
        contentSecurityPolicy: csp({
          defaultSrc: fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
          sandbox: [],
        }),
        xFrameOptions: false,
        crossOriginResourcePolicy: { policy: 'cross-origin' },
      },
    },
  ];
}

/**
 * The usual security headers on every response (@fastify/helmet): a CSP, nosniff, Referrer-Policy, frame
 * protection, and HSTS only when the public URL is https (a plain-http installation must not pin itself to https).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; fileOrigins: string[] },
): Promise<void> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: csp({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] }),
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const policies = headerPolicies(options.publicUrl, options.fileOrigins).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  );
  // an answer that does not say how it may be kept is kept by nobody: the API's answers carry tenants' documents and,
  // some of them, credentials shown once (a new key, a portal token, a webhook's secret), which a browser's disk cache,
  // a shared proxy or a CDN must not hold. What may be kept says so itself (the web app's files, signed file links,
  // drawing views with their ETag); the API documentation's static files are left to the browser
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !request.url.startsWith('/docs'))
      void reply.header('cache-control', 'no-store');
    return payload;
  });
  // routes registered later (in any plugin) are matched against the prefix table once, when they are added
  app.addHook('onRoute', (route) => {
    const policy = policies.find(
      ({ prefix }) => route.url === prefix.replace(/\/$/, '') || route.url.startsWith(prefix),
    );
    if (policy) route.config = { ...route.config, helmet: policy.helmet } as typeof route.config;
  });
}

/**
 * Responses Fastify sends without running hooks (a URL it cannot decode or route) still get the API's headers.
 */
export function applyApiSecurityHeaders(reply: FastifyReply): void {
  void reply
    .header('content-security-policy', API_CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer');
}

function csp(directives: Directives): HelmetOptions['contentSecurityPolicy'] {
  return { useDefaults: false, directives };
}
