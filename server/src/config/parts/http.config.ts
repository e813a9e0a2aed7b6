import { defineConfigPart } from '../config-part.js';

export interface HttpConfig {
  port: number;
  host: string;
  /** base of every URL the service hands out (upload, download, preview) */
  publicUrl: string;
  /** request bodies above this are refused with 413 (JSON bodies; uploads have their own limit) */
  bodyLimitBytes: number;
  trustProxy: boolean;
  timeouts: HttpTimeouts;
}

/**
 * How long a client may take, so that a slow body cannot hold a request (an upload's claim) open for ever: the
 * request line and headers, the whole request (body included; uploads are bodies, so this bounds an upload's
 * transfer time), and a connection on which no byte moves either way.
 */
export interface HttpTimeouts {
  headersSeconds: number;
  requestSeconds: number;
  idleSeconds: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersSeconds: 30, requestSeconds: 3600, idleSeconds: 120 };

export const httpConfig = defineConfigPart({
  variables: [
    { name: 'PORT', default: '`8080`', description: 'HTTP port' },
    { name: 'HOST', default: '`0.0.0.0`', description: 'interface to listen on' },
    {
      name: 'BYGGDOK_PUBLIC_URL',
      default: '`http://localhost:$PORT`',
      description: 'base of every URL the service hands out (uploads, downloads, previews)',
    },
    {
      name: 'BYGGDOK_BODY_LIMIT_BYTES',
      default: '`1048576`',
      description: 'largest JSON request body (413 beyond it)',
    },
    {
      name: 'BYGGDOK_TRUST_PROXY',
      default: '`false`',
      description: 'trust `X-Forwarded-*` from a reverse proxy (client address for rate limits)',
    },
    {
      name: 'BYGGDOK_HTTP_HEADERS_TIMEOUT_SECONDS',
      default: '`30`',
      description: 'a request whose line and headers take longer is closed',
    },
    {
      name: 'BYGGDOK_HTTP_REQUEST_TIMEOUT_SECONDS',
      default: '`3600`',
      description:
        'a request whose body (an upload to embedded storage) takes longer is closed (408) and the upload may be tried again',
    },
    {
      name: 'BYGGDOK_HTTP_IDLE_TIMEOUT_SECONDS',
      default: '`120`',
      description:
        'a connection on which nothing moves for this long is closed (a stalled upload ends here); that includes a ' +
        'request the service is still working on, so keep it above the longest a request waits for its first byte of answer',
    },
  ],
  read(env): { http: HttpConfig } {
    const port = env.int('PORT', { default: 8080, min: 0, max: 65535 });
    const publicUrl = env.url('BYGGDOK_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
    return {
      http: {
        port,
        host: env.string('HOST') ?? '0.0.0.0',
        publicUrl: publicUrl.replace(/\/+$/, ''),
        bodyLimitBytes: env.int('BYGGDOK_BODY_LIMIT_BYTES', { default: 1_048_576, min: 1024, max: 104_857_600 }),
        trustProxy: env.boolean('BYGGDOK_TRUST_PROXY', false),
        timeouts: {
          headersSeconds: env.int('BYGGDOK_HTTP_HEADERS_TIMEOUT_SECONDS', {
            default: DEFAULT_HTTP_TIMEOUTS.headersSeconds,
            min: 1,
            max: 600,
          }),
          requestSeconds: env.int('BYGGDOK_HTTP_REQUEST_TIMEOUT_SECONDS', {
            default: DEFAULT_HTTP_TIMEOUTS.requestSeconds,
            min: 10,
            max: 7 * 24 * 3600,
          }),
          idleSeconds: env.int('BYGGDOK_HTTP_IDLE_TIMEOUT_SECONDS', {
            default: DEFAULT_HTTP_TIMEOUTS.idleSeconds,
            min: 1,
            max: 3600,
          }),
        },
      },
    };
  },
});
