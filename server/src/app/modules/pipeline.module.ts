import { createClassifierService, type ClassifierService } from '../../domain/documents/classifier.service.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import { classifyDocument } from '../../domain/pipeline/classify-document.js';
import type { FileTools } from '../../domain/pipeline/ports.js';
import { processDocument } from '../../domain/pipeline/process-document.js';
import { createExplainService } from '../../domain/pipeline/explain.service.js';
import { createReprocessService } from '../../domain/pipeline/reprocess.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { ExtractConfig, LlmConfig } from '../../config/config.js';
import { createLlmClassificationReviewer } from '../../domain/classification/llm-review.js';
import { createChatModel } from '../../integrations/llm/llm.js';
import { createFileTools } from '../../integrations/extract/index.js';
import { createSandboxedFileTools } from '../../integrations/extract/sandbox/sandboxed-file-tools.js';
import { recordSandboxKill } from '../metrics.js';
import { createLazyOcr } from '../../integrations/ocr/lazy-ocr.js';
import { createClassifierRepository } from '../../storage/db/repositories/classifier.repository.js';
import { createPipelineRepository } from '../../storage/db/repositories/pipeline.repository.js';
import { createExplainRepository } from '../../storage/db/repositories/explain.repository.js';
import { createReprocessRepository } from '../../storage/db/repositories/reprocess.repository.js';
import type { JobLogger, PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import { classificationEngine } from '../classification-engine.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import type { Db, Outbox } from './app-module.js';

/**
 * The document pipeline: extraction (document.process) and classification (document.classify) jobs, the
 * classifier other modules ask about categories, and the operator's reprocessing.
 */
export function createPipelineModule(deps: {
  db: Db;
  /** where webhook events are written, in the transaction of the change (none: no events) */
  outbox?: Outbox;
  queue: PgBossQueue;
  blobs: BlobStore;
  clock: Clock;
  libreOfficePath: string | null;
  /**
   * Limits of the extraction sandbox: with them every file is parsed in a child process killed when it exceeds them
   * (serve, worker); without them in this process (unit tests that need no isolation).
   */
  extract?: ExtractConfig & { poolSize: number };
  /** where sandbox kills are logged */
  logger?: JobLogger;
  /** replaceable in tests (a file tool that fails on purpose, say) */
  fileTools?: FileTools;
  classifier?: ClassifierService;
  /** with a model configured, documents the rules are unsure of are shown to it (llm-review.ts) */
  llm?: LlmConfig;
}) {
  const { db, queue, blobs, clock } = deps;
  // started on the first scanned page, stopped at shutdown
  const ocr = createLazyOcr();
  const sandbox =
    !deps.fileTools && deps.extract
      ? createSandboxedFileTools({
          limits: {
            timeoutMs: deps.extract.timeoutSeconds * 1000,
            pageTimeoutMs: deps.extract.pageTimeoutSeconds * 1000,
            memoryMb: deps.extract.memoryMb,
            imageMaxPixels: deps.extract.imageMaxPixels,
          },
          tools: { libreOfficePath: deps.libreOfficePath },
          poolSize: deps.extract.poolSize,
          onKill: ({ method, reason }) => {
            deps.logger?.warn({ call: method, reason }, 'extraction sandbox killed');
            recordSandboxKill(killKind(reason));
          },
        })
      : null;
  const tools = deps.fileTools ?? sandbox ?? createFileTools({ ocr, libreOfficePath: deps.libreOfficePath });
  const repository = createPipelineRepository({ db, queue, ...(deps.outbox ? { outbox: deps.outbox } : {}) });
  const classifier =
    deps.classifier ??
    createClassifierService({
      engine: classificationEngine,
      repository: createClassifierRepository({ db, pages: repository }),
      reviewer:
        deps.llm && deps.llm.provider !== 'builtin'
          ? createLlmClassificationReviewer({ model: createChatModel(deps.llm), timeoutMs: deps.llm.timeoutMs })
          : null,
    });
  return {
    services: {
      reprocess: createReprocessService({ repository: createReprocessRepository({ db, queue }) }),
      explain: createExplainService({ repository: createExplainRepository({ db }) }),
    },
    classifier,
    jobs: {
      handlers: {
        'document.process': ({ documentId }, job) =>
          processDocument(documentId, {
            repository,
            blobs,
            tools,
            clock,
            lastAttempt: job.lastAttempt,
            signal: job.signal,
            ...(deps.logger ? { log: deps.logger } : {}),
          }),
        'document.classify': ({ documentId }) => classifyDocument(documentId, { repository, classifier, clock }),
      },
    } satisfies JobContribution,
    close: async () => {
      await sandbox?.close();
      await ocr.close();
    },
  };
}

/** a few fixed metric labels, never the reason's words (they carry page numbers and sizes) */
function killKind(reason: string): string {
  if (/needed more than/.test(reason)) return 'memory';
  if (/^page \d+/.test(reason)) return 'page_time';
  if (/stopped after/.test(reason)) return 'time';
  return 'aborted';
}
