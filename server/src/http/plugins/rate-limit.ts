import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import { clientNetworkOf } from '../../domain/shared/ip-addresses.js';

/**
 * Per-credential limits, for proven credentials only: a request whose credential is missing, unknown or refused counts
 * against its client address, so that made-up keys do not each get a fresh bucket. With REDIS_URL the counters are
 * shared by every API process; without it each process counts for itself.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: {
    max: number;
    windowMs: number;
    redisUrl: string | null;
    /** the bucket of the request's credential when the service accepts it, else null */
    provenCredential: (request: FastifyRequest) => Promise<string | null>;
  },
): Promise<void> {
  // connected before the first request; while it is away later, requests are let through rather than refused
  // ioredis is loaded only when a Redis is configured
  const redis: RedisClient | undefined = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'rate-limit store (Redis) error'));
    await redis.connect().catch((error: unknown) => {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`);
    });
  }
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    // applied below as a root hook: route-level hooks would run after authentication, and unknown keys, the ones
    // worth throttling, would never be counted
    global: false,
    max: options.max,
    timeWindow: options.windowMs,
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'byggdok-rl:', skipOnError: true } : {}),
    keyGenerator: async (request: FastifyRequest) => {
      const proven = await options.provenCredential(request);
      // an IPv6 client as its /64, which one holder usually has whole
      return proven ? `c:${proven}` : `ip:${clientNetworkOf(request.ip)}`;
    },
    errorResponseBuilder: (_request, context) => {
      const error = new Error(
        `Rate limit exceeded: ${context.max} requests per ${context.after}; retry later`,
      ) as Error & {
        statusCode: number;
      };
      error.statusCode = 429;
      return error;
    },
  });
  app.addHook(
    'onRequest',
    app.rateLimit({
      allowList: (request: FastifyRequest) => UNLIMITED.test(request.url),
    }),
  );
}

/** health probes and documentation are never limited */
const UNLIMITED = /^\/(healthz|readyz|openapi\.json|docs)(\/|\?|$)/;
