import { defineConfigPart } from '../config-part.js';

export interface RateLimitConfig {
  enabled: boolean;
  /** requests per window per credential */
  max: number;
  windowMs: number;
}

export const rateLimitConfig = defineConfigPart({
  variables: [
    { name: 'RATE_LIMIT_ENABLED', default: '`true`', description: 'per-credential rate limiting' },
    {
      name: 'RATE_LIMIT_MAX',
      default: '`600`',
      description:
        'requests per window per partner key (its session tokens included), person, or subcontractor; per client address for a request without a proven credential',
    },
    { name: 'RATE_LIMIT_WINDOW_MS', default: '`60000`', description: 'rate-limit window' },
    {
      name: 'REDIS_URL',
      default: 'unset',
      description: 'shared rate-limit counters when several API processes run (`redis://...`)',
    },
  ],
  read(env): { rateLimit: RateLimitConfig; redisUrl: string | null } {
    return {
      rateLimit: {
        enabled: env.boolean('RATE_LIMIT_ENABLED', true),
        max: env.int('RATE_LIMIT_MAX', { default: 600, min: 1, max: 1_000_000 }),
        windowMs: env.int('RATE_LIMIT_WINDOW_MS', { default: 60_000, min: 1000, max: 86_400_000 }),
      },
      // optional shared rate-limit store when several API processes run
      redisUrl: env.url('REDIS_URL', ['redis:', 'rediss:']) ?? null,
    };
  },
});
