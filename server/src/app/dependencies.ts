import { sql } from 'kysely';
import { DEFAULT_CONCURRENCY } from '../config/parts/concurrency.config.js';
import { DEFAULT_HTTP_TIMEOUTS } from '../config/parts/http.config.js';
import type {
  ConcurrencyConfig,
  ExtractConfig,
  HttpConfig,
  LlmConfig,
  MailConfig,
  SignInConfig,
  StorageProviderConfig,
  StorageConfig,
  UploadsConfig,
  WorkerConfig,
} from '../config/config.js';
import type { BlobStore } from '../domain/documents/blob-store.js';
import type { ClassifierService } from '../domain/documents/classifier.service.js';
import { assembleJobHandlers } from '../domain/jobs/job-handlers.js';
import type { JobHandlers } from '../domain/jobs/jobs.js';
import type { FileTools } from '../domain/pipeline/ports.js';
import { systemClock, type Clock } from '../domain/shared/clock.js';
import { randomSecret } from '../domain/shared/ids.js';
import { createPageTokenCodec } from '../domain/shared/page-token.js';
import type { HttpServices } from '../http/app-types.js';
import type { EmbeddedProviderLoader } from '../integrations/oidc/embedded-provider-keys.js';
import { createBlobStore, createUrlSigner, type UrlSigner } from '../storage/blobs/index.js';
import { openDatabase, type Database, type DatabaseTarget } from '../storage/db/database.js';
import { migrateToLatest } from '../storage/db/migrations/index.js';
import { getOrCreateSetting } from '../storage/db/repositories/settings.repository.js';
import {
  createPgBossQueue,
  type JobLogger,
  type PgBossQueue,
  type QueueSettings,
} from '../storage/queue/pg-boss.queue.js';
import { recordJobOutcome, renderMetrics } from './metrics.js';
import { joinServices, type AppModule } from './modules/app-module.js';
import { createAnswersModule } from './modules/answers.module.js';
import { createBusyModule } from './modules/busy.module.js';
import { createDocumentsModule } from './modules/documents.module.js';
import { createPartnerModule } from './modules/partner.module.js';
import { createPipelineModule } from './modules/pipeline.module.js';
import { createReportsModule } from './modules/reports.module.js';
import { createSearchModule } from './modules/search.module.js';
import { createPeopleModule } from './modules/people.module.js';
import { createProjectsModule } from './modules/projects.module.js';
import { createMailModule, DEFAULT_MAIL } from './modules/mail.module.js';
import { createMembersModule } from './modules/members.module.js';
import { createPlatformAdminModule } from './modules/platform-admin.module.js';
import { createSignInModule, DEFAULT_SIGN_IN } from './modules/sign-in.module.js';
import { createDeliveriesModule } from './modules/deliveries.module.js';
import { createNamingModule } from './modules/naming.module.js';
import { createZipModule } from './modules/zip.module.js';
import { createHandoverModule } from './modules/handover.module.js';
import { createDrawingsModule } from './modules/drawings.module.js';
import { createStorageProviderModule } from './modules/storage-provider.module.js';
import { createMaintenanceModule } from './modules/maintenance.module.js';
import { DEFAULT_REMINDERS_CRON } from '../config/parts/worker.config.js';
import { createAuditLog } from '../storage/db/repositories/audit.repository.js';
import { createWebhookOutbox } from '../storage/db/repositories/webhooks.repository.js';
import { createWebhooksModule, DEFAULT_WEBHOOKS, type WebhookSettings } from './modules/webhooks.module.js';

/** a vocabulary asked for by a change is read this long after it: the changes of a few seconds share one reading */
const VOCABULARY_REFRESH_AFTER_SECONDS = 2;

/** Every service a caller of the composition root reaches: what the HTTP layer needs, and the CLI uses. */
export type Services = HttpServices;

/**
 * What the composition root reads from the configuration, in the configuration's own types: a loaded Config is one.
 * Tests and benchmarks write it by hand, with in-memory files and quicker queues.
 */
export interface AppSettings {
  http: Pick<HttpConfig, 'publicUrl'> & Partial<Pick<HttpConfig, 'trustProxy' | 'timeouts'>>;
  /** the OpenID provider and session lifetimes; the embedded provider and defaults when absent */
  signIn?: SignInConfig;
  /** the file-storage provider people connect; none when absent */
  storageProvider?: StorageProviderConfig | null;
  /** SMTP or the outbox folder; an outbox in the temporary folder when absent */
  mail?: MailConfig;
  storage: StorageConfig | { kind: 'memory' };
  uploads: UploadsConfig;
  worker: WorkerConfig;
  /** the extraction sandbox's limits; without them files are parsed in this process (tests) */
  extract?: ExtractConfig;
  llm: LlmConfig;
  /** asks and zip downloads one credential may run at once (BYGGDOK_ASK_CONCURRENCY ...); the defaults when absent */
  concurrency?: ConcurrencyConfig;
  /** queue timings finer than the configuration offers */
  queue?: Partial<Pick<QueueSettings, 'pollingIntervalSeconds' | 'retryDelaySeconds' | 'maintenanceIntervalSeconds'>>;
  /** webhooks: private targets, retry schedule, the key secrets are sealed with; a key of this process when absent */
  webhooks?: WebhookSettings;
  /** how long a generate-report request waits for its job before answering 202 (default 30 s) */
  reports?: { waitMs: number };
  /**
   * scrypt's N for new local passwords (2^15 when absent). Tests sign in hundreds of times and use 2^10: each hash
   * carries its own cost, so checking one is the same code at any cost.
   */
  passwordCost?: number;
}

export interface Dependencies {
  database: Database;
  services: Services;
  blobs: BlobStore;
  /** verifies the signed URLs of the embedded file storage (null with S3, which signs its own) */
  localUrlSigner: UrlSigner | null;
  /** the embedded OpenID provider, served under /oidc (null when an outside provider is configured) */
  embeddedProvider: EmbeddedProviderLoader | null;
  queue: PgBossQueue;
  /** the job handlers a worker runs, one per job, from every module */
  jobHandlers: JobHandlers;
  /** runs the workers in this process (serve and worker modes) */
  startWorkers(): Promise<void>;
  /** loads the big owners' search segments into this process (an API's, after it listens); the owners loaded */
  warmSearch(): Promise<string[]>;
  isReady(): Promise<boolean>;
  /** this process's Prometheus text: counters, and queue and pool gauges read now */
  renderMetrics(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The composition root: the shared infrastructure (database, queue, file storage, clock) made once, then one module
 * per area, each building its repositories and services and contributing its jobs. Adding an area is one module
 * file and one line below. Services receive only what they use.
 */
export async function createDependencies(params: {
  database: DatabaseTarget | Database;
  settings: AppSettings;
  clock?: Clock;
  migrate?: boolean;
  /** replaceable in tests (a file tool that fails on purpose, say) */
  fileTools?: FileTools;
  classifier?: ClassifierService;
  onQueueError?: (error: Error) => void;
  /** where job starts, outcomes and failures are logged */
  logger?: JobLogger;
}): Promise<Dependencies> {
  const database = 'db' in params.database ? params.database : await openDatabase(params.database);
  const { settings } = params;
  const clock = params.clock ?? systemClock;
  const queue = createPgBossQueue({
    executor: database,
    settings: {
      concurrency: settings.worker.concurrency,
      expireInSeconds: settings.worker.jobExpireSeconds,
      retryLimit: settings.worker.retryLimit,
      ...settings.queue,
    },
    ...(database.listen ? { listen: database.listen } : {}),
    ...(params.onQueueError ? { onError: params.onQueueError } : {}),
    ...(params.logger ? { logger: params.logger } : {}),
    onJobFinished: recordJobOutcome,
  });
  const modules: AppModule<object>[] = [];
  const close = async () => {
    await queue.stop();
    for (const module of modules) await module.close?.();
  };
  try {
    if (params.migrate !== false) await migrateToLatest(database.db);
    await queue.start();
    const { db } = database;
    const signingSecret = await getOrCreateSetting({ db, key: 'signing_secret', create: () => randomSecret(48) });
    const pageTokens = createPageTokenCodec(signingSecret);
    const { blobs, localUrlSigner } = await createFileStorage({ settings, signingSecret });

    const signInSettings = settings.signIn ?? DEFAULT_SIGN_IN;
    const mail = createMailModule({ db, queue, clock, mail: settings.mail ?? DEFAULT_MAIL });
    const signIn = await createSignInModule({
      mailer: mail.services.mailer,
      db,
      clock,
      audit: createAuditLog(db),
      publicUrl: settings.http.publicUrl,
      trustProxy: settings.http.trustProxy ?? false,
      signIn: signInSettings,
      ...(settings.passwordCost ? { passwordCost: settings.passwordCost } : {}),
    });
    const outbox = createWebhookOutbox({ queue });
    // a change that took words from a building's readers has the workers read its vocabulary within seconds (the
    // minute's round reads it otherwise); one job waits at a time, and what it reads is every building marked by then
    const refreshVocabularies = () =>
      queue
        .enqueue('search.vocabulary', {}, { startAfterSeconds: VOCABULARY_REFRESH_AFTER_SECONDS })
        .catch(() => undefined);
    const partner = createPartnerModule({
      db,
      outbox,
      refreshVocabularies,
      clock,
      pageTokens,
      userSessions: { idleTimeoutMs: signInSettings.sessionIdleMinutes * 60_000 },
      verifyOAuthToken: signIn.verifyOAuthToken,
    });
    const { access } = partner.services;
    const busy = createBusyModule({ db, limits: settings.concurrency ?? DEFAULT_CONCURRENCY });
    const webhooks = createWebhooksModule({
      db,
      queue,
      access,
      slots: busy.slots,
      clock,
      settings: settings.webhooks ?? DEFAULT_WEBHOOKS,
      mailer: mail.services.mailer,
      publicUrl: settings.http.publicUrl,
    });
    const pipeline = createPipelineModule({
      db,
      outbox,
      queue,
      blobs,
      clock,
      libreOfficePath: settings.worker.libreOfficePath,
      ...(settings.extract ? { extract: { ...settings.extract, poolSize: settings.worker.concurrency } } : {}),
      ...(params.logger ? { logger: params.logger } : {}),
      ...(params.fileTools ? { fileTools: params.fileTools } : {}),
      ...(params.classifier ? { classifier: params.classifier } : {}),
      llm: settings.llm,
    });
    const search = createSearchModule({
      db,
      engine: database.engine,
      access,
      ...(settings.worker.searchSegmentMinDocuments !== undefined
        ? { segmentMinDocuments: settings.worker.searchSegmentMinDocuments }
        : {}),
    });
    const audit = createAuditLog(db);
    const maintenance = createMaintenanceModule({
      db,
      access,
      clock,
      pageTokens,
      audit,
      llm: settings.llm,
      publicUrl: settings.http.publicUrl,
    });
    const documents = createDocumentsModule({
      db,
      outbox,
      queue,
      blobs,
      clock,
      pageTokens,
      access,
      classifier: pipeline.classifier,
      maxUploadBytes: settings.uploads.maxBytes,
      // an upload's claim lasts as long as the request that holds it may
      uploadClaimSeconds: (settings.http.timeouts ?? DEFAULT_HTTP_TIMEOUTS).requestSeconds,
      pollForUploads: settings.storage.kind === 's3',
      onDocumentArchived: async (archived) => {
        await maintenance.services.maintenance.documentArchived(archived);
        await refreshVocabularies();
      },
    });
    const reports = createReportsModule({
      db,
      outbox,
      queue,
      access,
      clock,
      chunks: search.chunks,
      waitMs: settings.reports?.waitMs,
    });
    // every area, once; the ones above are named because others use what they offer
    const areas = [
      partner,
      signIn,
      createPeopleModule({ db, access }),
      createProjectsModule({ db, access }),
      mail,
      createMembersModule({
        db,
        access,
        audit,
        mailer: mail.services.mailer,
        invitationAccess: signIn.services.passwords.invitationAccess,
        clock,
        pageTokens,
        publicUrl: settings.http.publicUrl,
      }),
      createPlatformAdminModule({ db, access, audit, mailer: mail.services.mailer, blobs }),
      pipeline,
      documents,
      createDeliveriesModule({
        db,
        outbox,
        refreshVocabularies,
        access,
        audit,
        mailer: mail.services.mailer,
        clock,
        publicUrl: settings.http.publicUrl,
        blobs,
        uploads: documents.services.uploads,
        classifier: pipeline.classifier,
        pageTokens,
        remindersCron:
          settings.worker.remindersCron === undefined ? DEFAULT_REMINDERS_CRON : settings.worker.remindersCron,
      }),
      createNamingModule({ db, access, audit, clock }),
      createZipModule({ db, access, blobs, queue, clock }),
      createDrawingsModule({ db, access, blobs }),
      createStorageProviderModule({
        db,
        access,
        queue,
        clock,
        settings: settings.storageProvider ?? null,
        publicUrl: settings.http.publicUrl,
        allowedRedirectOrigins: signInSettings.allowedRedirectOrigins,
        uploads: documents.services.uploads,
      }),
      search,
      createAnswersModule({ db, access, clock, llm: settings.llm, chunks: search.chunks }),
      busy,
      reports,
      maintenance,
      createHandoverModule({ db, access, audit, clock, reports: reports.services.reports, blobs, outbox }),
      webhooks,
    ] as const;
    modules.push(...areas);

    const services: Services = joinServices(areas);
    const jobs = modules.flatMap((module) => (module.jobs ? [module.jobs] : []));
    // checked here, at start-up: every job has exactly one handler
    const jobHandlers = assembleJobHandlers(jobs);

    const dependencies: Dependencies = {
      database,
      services,
      blobs,
      localUrlSigner,
      embeddedProvider: signIn.embeddedProvider,
      queue,
      jobHandlers,
      async startWorkers() {
        // the table as it is now: tests may wrap a handler after createDependencies
        await queue.work(dependencies.jobHandlers);
        for (const schedule of jobs.flatMap((contribution) => contribution.schedules ?? [])) {
          await queue.schedule(schedule.name, schedule.cron);
        }
      },
      warmSearch: () => search.warm(),
      isReady: async () => {
        await sql`select 1`.execute(db);
        return true;
      },
      renderMetrics: () =>
        renderMetrics({
          queueStats: () => queue.stats(),
          poolStats: () => database.poolStats(),
          webhookStats: webhooks.stats,
        }),
      async close() {
        await close();
        await database.close();
      },
    };
    return dependencies;
  } catch (error) {
    await close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/** The file storage and, for the embedded kinds, the signer of the URLs this process serves them under. */
async function createFileStorage(params: { settings: AppSettings; signingSecret: string }): Promise<{
  blobs: BlobStore;
  localUrlSigner: UrlSigner | null;
}> {
  const { storage, http } = params.settings;
  if (storage.kind === 's3') {
    const blobs = await createBlobStore({
      kind: 's3',
      bucket: storage.bucket,
      ...(storage.region ? { region: storage.region } : {}),
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      forcePathStyle: storage.forcePathStyle,
    });
    return { blobs, localUrlSigner: null };
  }
  const signer = createUrlSigner({ secret: `blob-url:${params.signingSecret}`, publicUrl: http.publicUrl });
  const blobs =
    storage.kind === 'fs'
      ? await createBlobStore({ kind: 'fs', root: storage.root, signer })
      : await createBlobStore({ kind: 'memory', signer });
  return { blobs, localUrlSigner: signer };
}
