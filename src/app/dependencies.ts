import { sql } from 'kysely';
import { createAccessService, type AccessService } from '../domain/access/access.service.js';
import { createAdminService, type AdminService } from '../domain/admin/admin.service.js';
import { createBuildingsService, type BuildingsService } from '../domain/buildings/buildings.service.js';
import type { BlobStore } from '../domain/documents/blob-store.js';
import { createDocumentsService, type DocumentsService } from '../domain/documents/documents.service.js';
import { createOwnersService, type OwnersService } from '../domain/owners/owners.service.js';
import { classifyDocument } from '../domain/pipeline/classify-document.js';
import type { JobHandlers } from '../domain/pipeline/jobs.js';
import type { FileTools } from '../domain/pipeline/ports.js';
import { processDocument } from '../domain/pipeline/process-document.js';
import { createReprocessService, type ReprocessService } from '../domain/pipeline/reprocess.service.js';
import { createSessionsService, type SessionsService } from '../domain/sessions/sessions.service.js';
import { randomSecret } from '../domain/shared/ids.js';
import { createPageTokenCodec } from '../domain/shared/page-token.js';
import { createFileTools } from '../integrations/extract/index.js';
import { createLazyOcr } from '../integrations/ocr/lazy-ocr.js';
import { createBlobStore, createUrlSigner, type UrlSigner } from '../storage/blobs/index.js';
import { openDatabase, type Database, type DatabaseTarget } from '../storage/db/database.js';
import { migrateToLatest } from '../storage/db/migrations/index.js';
import { createAccessRepository } from '../storage/db/repositories/access.repository.js';
import { createAdminRepository } from '../storage/db/repositories/admin.repository.js';
import { createBuildingsRepository } from '../storage/db/repositories/buildings.repository.js';
import { createDocumentsRepository } from '../storage/db/repositories/documents.repository.js';
import { createOwnersRepository } from '../storage/db/repositories/owners.repository.js';
import { createPipelineRepository } from '../storage/db/repositories/pipeline.repository.js';
import { createReprocessRepository } from '../storage/db/repositories/reprocess.repository.js';
import { createSessionsRepository } from '../storage/db/repositories/sessions.repository.js';
import { getOrCreateSetting } from '../storage/db/repositories/settings.repository.js';
import {
  createPgBossQueue,
  defaultQueueSettings,
  type PgBossQueue,
  type QueueSettings,
} from '../storage/queue/pg-boss.queue.js';
import { createClassifierService, type ClassifierService } from '../domain/documents/classification.service.js';
import { createClassifierRepository } from '../storage/db/repositories/classifier.repository.js';
import { classificationEngine } from './classification-engine.js';
import { createSearchService, type SearchService } from '../domain/search/search.service.js';
import { createPostgresSearchProvider } from '../storage/search/postgres-search.provider.js';
import { createReportsService, type ReportsService } from '../domain/reports/reports.service.js';
import { createReportEvidenceSource, createReportsRepository } from '../storage/db/repositories/reports.repository.js';
import { createAnswersService, type AnswersService } from '../domain/answers/answers.service.js';
import { createAskRepository } from '../storage/db/repositories/ask.repository.js';
import { createBuiltinAnswerer } from '../domain/answers/builtin.answerer.js';
import { createLlmAnswerer } from '../domain/answers/llm.answerer.js';
import { createChatModel, type LlmSettings } from '../integrations/llm/llm.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  access: AccessService;
  admin: AdminService;
  owners: OwnersService;
  buildings: BuildingsService;
  sessions: SessionsService;
  documents: DocumentsService;
  reprocess: ReprocessService;
  search: SearchService;
  reports: ReportsService;
  answers: AnswersService;
}

export type StorageSettings =
  | { kind: 'fs'; root: string }
  | { kind: 'memory' }
  | { kind: 's3'; bucket: string; region: string | null; endpoint: string | null; forcePathStyle: boolean };

export interface AppSettings {
  publicUrl: string;
  storage: StorageSettings;
  maxUploadBytes: number;
  queue: Partial<QueueSettings>;
  libreOfficePath: string | null;
  /** how long a generate-report request waits for its job before answering 202 (default 30 s) */
  reportWaitMs?: number;
  /** who writes answers: the built-in answerer (default) or a language model */
  llm?: LlmSettings;
}

export interface Dependencies {
  database: Database;
  services: Services;
  blobs: BlobStore;
  /** verifies the signed URLs of the embedded file storage (null with S3, which signs its own) */
  localUrlSigner: UrlSigner | null;
  queue: PgBossQueue;
  /** the job handlers a worker runs */
  jobHandlers: JobHandlers;
  /** runs the workers in this process (serve and worker modes) */
  startWorkers(): Promise<void>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The composition root: the one place where repositories, services and adapters are made and wired. Services receive
 * only what they use.
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
}): Promise<Dependencies> {
  const database = 'db' in params.database ? params.database : await openDatabase(params.database);
  const { settings } = params;
  const clock = params.clock ?? systemClock;
  const queue = createPgBossQueue({
    executor: database,
    settings: settings.queue,
    ...(database.listen ? { listen: database.listen } : {}),
    ...(params.onQueueError ? { onError: params.onQueueError } : {}),
  });
  const ocr = createLazyOcr();
  try {
    if (params.migrate !== false) await migrateToLatest(database.db);
    await queue.start();
    const { db } = database;
    const signingSecret = await getOrCreateSetting({ db, key: 'signing_secret', create: () => randomSecret(48) });
    const pageTokens = createPageTokenCodec(signingSecret);
    const localUrlSigner =
      settings.storage.kind === 's3'
        ? null
        : createUrlSigner({ secret: `blob-url:${signingSecret}`, publicUrl: settings.publicUrl });
    const blobs = createBlobStore(
      settings.storage.kind === 's3'
        ? {
            kind: 's3',
            bucket: settings.storage.bucket,
            ...(settings.storage.region ? { region: settings.storage.region } : {}),
            ...(settings.storage.endpoint ? { endpoint: settings.storage.endpoint } : {}),
            forcePathStyle: settings.storage.forcePathStyle,
          }
        : settings.storage.kind === 'fs'
          ? { kind: 'fs', root: settings.storage.root, signer: localUrlSigner as UrlSigner }
          : { kind: 'memory', signer: localUrlSigner as UrlSigner },
    );

    const access = createAccessService({ repository: createAccessRepository(db), clock });
    const pipelineRepository = createPipelineRepository({ db, queue });
    const classifier =
      params.classifier ??
      createClassifierService({
        engine: classificationEngine,
        repository: createClassifierRepository({ db, pages: pipelineRepository }),
      });
    const documents = createDocumentsService({
      repository: createDocumentsRepository({ db, queue }),
      access,
      blobs,
      pageTokens,
      clock,
      maxUploadBytes: settings.maxUploadBytes,
      isValidBuildingCategory: (code) => classifier.isValidBuildingCategory(code),
      onCategoryCorrected: (correction) => classifier.learnCategory(correction),
    });
    const askRepository = createAskRepository(db);
    const searchProvider = createPostgresSearchProvider({ db });
    const services: Services = {
      access,
      admin: createAdminService({ repository: createAdminRepository(db), clock }),
      owners: createOwnersService({ repository: createOwnersRepository(db), access, pageTokens, clock }),
      buildings: createBuildingsService({ repository: createBuildingsRepository(db), access, pageTokens, clock }),
      sessions: createSessionsService({ repository: createSessionsRepository(db), access, clock }),
      documents,
      reprocess: createReprocessService({ repository: createReprocessRepository({ db, queue }) }),
      search: createSearchService({ access, provider: searchProvider }),
      reports: createReportsService({
        repository: createReportsRepository({ db, queue }),
        evidence: createReportEvidenceSource({ db, chunks: searchProvider }),
        access,
        clock,
        ...(settings.reportWaitMs !== undefined ? { waitMs: settings.reportWaitMs } : {}),
      }),
      answers: createAnswersService({
        access,
        repository: askRepository,
        retriever: searchProvider,
        reader: askRepository,
        answerer:
          settings.llm && settings.llm.provider !== 'builtin'
            ? createLlmAnswerer({ model: createChatModel(settings.llm) })
            : createBuiltinAnswerer(),
        clock,
      }),
    };

    const fileTools = params.fileTools ?? createFileTools({ ocr, libreOfficePath: settings.libreOfficePath });
    const retryLimit = settings.queue.retryLimit ?? defaultQueueSettings.retryLimit;
    const jobHandlers: JobHandlers = {
      'document.process': ({ documentId }, job) =>
        processDocument(documentId, {
          repository: pipelineRepository,
          blobs,
          tools: fileTools,
          clock,
          lastAttempt: job.attempt > retryLimit,
          signal: job.signal,
        }),
      'document.classify': ({ documentId }) =>
        classifyDocument(documentId, { repository: pipelineRepository, classifier, clock }),
      'uploads.poll': async () => {
        await documents.pollPendingUploads();
      },
      'report.generate': ({ reportId }, job) =>
        services.reports.runGeneration(reportId, { lastAttempt: job.attempt > retryLimit }),
    };

    return {
      database,
      services,
      blobs,
      localUrlSigner,
      queue,
      jobHandlers,
      async startWorkers() {
        await queue.work(jobHandlers);
        // object storage receives uploads directly: look for arrivals every minute (S3 events make it immediate)
        if (settings.storage.kind === 's3') await queue.schedule('uploads.poll', '* * * * *');
      },
      isReady: async () => {
        await sql`select 1`.execute(db);
        return true;
      },
      async close() {
        await queue.stop();
        await ocr.close();
        await database.close();
      },
    };
  } catch (error) {
    await queue.stop().catch(() => undefined);
    await database.close();
    throw error;
  }
}
