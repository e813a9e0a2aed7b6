import { defineConfigPart } from '../config-part.js';

export interface HttpConfig {
  port: number;
  host: string;
  /** base of every URL the service hands out (upload, download, preview) */
  publicUrl: string;
  /** request bodies above this are refused with 413 (JSON bodies; uploads have their own limit) */
  bodyLimitBytes: number;
  trustProxy: boolean;
}

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
      },
    };
  },
});
