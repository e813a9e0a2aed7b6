import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { StorageConfig } from '../config/parts/storage.config.js';
import { buildServer } from '../http/server.js';
import { databaseTargetOf, type Database } from '../storage/db/database.js';
import { resolveAdminToken } from './admin-token.js';
import { createFirstAdministrator } from './first-admin.js';
import { METRICS_CONTENT_TYPE, recordHttpRequest } from './metrics.js';
import { createDependencies, type Dependencies } from './dependencies.js';
import { VERSION } from './version.js';

export interface RunningService {
  app: FastifyInstance | null;
  dependencies: Dependencies;
  stop(): Promise<void>;
}

/** Starts the API and/or the workers of one process. */
export async function startService(params: {
  config: Config;
  logger: Logger;
  api: boolean;
  workers: boolean;
  /** the database, when the caller began opening it already (main.ts does, while the rest of the service loads) */
  database?: Promise<Database>;
}): Promise<RunningService> {
  const { config, logger } = params;
  const dependencies = await createDependencies({
    database: params.database ? await params.database : databaseTargetOf(config),
    settings: config,
    onQueueError: (error) => logger.error({ err: error }, 'job queue error'),
    logger: logger.child({ component: 'jobs' }),
  });
  let app: FastifyInstance | null = null;
  try {
    if (params.api) {
      const admin = await resolveAdminToken({ configured: config.adminToken, dataDir: config.dataDir });
      if (admin.source === 'file') {
        logger.info(
          { path: admin.path },
          admin.created ? 'operator token created (read it from this file)' : 'operator token read from file',
        );
        if (admin.created) {
          logger.info('first start: `npx byggdok demo` makes a building with example documents to search and ask');
        }
      }
      if (!config.signIn.oidc) {
        const file = await createFirstAdministrator({ users: dependencies.services.users, dataDir: config.dataDir });
        if (file)
          logger.info({ path: file }, 'first platform administrator created (read its password from this file)');
      }
      app = await buildServer({
        services: dependencies.services,
        embeddedProvider: dependencies.embeddedProvider,
        localBlobs: dependencies.localUrlSigner
          ? { signer: dependencies.localUrlSigner, blobs: dependencies.blobs }
          : null,
        logger,
        isReady: () => dependencies.isReady(),
        metrics: {
          render: () => dependencies.renderMetrics(),
          contentType: METRICS_CONTENT_TYPE,
          public: config.metricsPublic,
          recordRequest: recordHttpRequest,
        },
        options: {
          publicUrl: config.http.publicUrl,
          bodyLimitBytes: config.http.bodyLimitBytes,
          trustProxy: config.http.trustProxy,
          timeouts: config.http.timeouts,
          adminToken: admin.token,
          rateLimit: config.rateLimit,
          redisUrl: config.redisUrl,
          version: VERSION,
          s3EventsToken: config.storage.kind === 's3' ? config.storage.eventsToken : null,
          fileOrigins: fileOriginsOf(config.storage),
          mcpAllowedOrigins: [...config.signIn.allowedRedirectOrigins, ...(config.signIn.mcpAllowedOrigins ?? [])],
        },
      });
      await app.listen({ port: config.http.port, host: config.http.host });
      // the big owners' segments, loaded now rather than by their first searches (answered by SQL meanwhile)
      const warming = performance.now();
      void dependencies.warmSearch().then(
        (owners) => {
          if (owners.length > 0) {
            logger.info(
              { owners: owners.length, ms: Math.round(performance.now() - warming) },
              'search segments loaded',
            );
          }
        },
        (error: unknown) => logger.warn({ err: error }, 'search segments not loaded at start'),
      );
    }
    // after the API answers: jobs wait in the database meanwhile, and the first polls would only delay the first answer
    if (params.workers) {
      await dependencies.startWorkers();
      logger.info({ concurrency: config.worker.concurrency }, 'workers started');
    }
  } catch (error) {
    await app?.close();
    await dependencies.close();
    throw error;
  }
  return {
    app,
    dependencies,
    async stop() {
      const t0 = Date.now();
      await app?.close();
      params.logger.info({ ms: Date.now() - t0 }, 'http server closed');
      await dependencies.close();
      params.logger.info({ ms: Date.now() - t0 }, 'stopped');
    },
  };
}

/** the origins of signed file URLs with S3: its endpoint, or AWS's (bucket.s3.region.amazonaws.com and the like) */
export function fileOriginsOf(storage: StorageConfig): string[] {
  if (storage.kind !== 's3') return [];
  return storage.endpoint
    ? [new URL(storage.endpoint).origin, `*.${new URL(storage.endpoint).host}`]
    : ['https://*.amazonaws.com'];
}
