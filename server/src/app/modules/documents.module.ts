import type { AccessService } from '../../domain/access/access.service.js';
import type { Principal } from '../../domain/access/principal.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import type { ClassifierService } from '../../domain/documents/classifier.service.js';
import { disciplineEntries } from '../../domain/classification/reference-data.js';
import { yazlWriter } from '../../integrations/zip/yazl-writer.js';
import { createDocumentsService } from '../../domain/documents/documents.service.js';
import { jobDone, jobSkipped, type JobContribution } from '../../domain/jobs/jobs.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import { createUploadsService } from '../../domain/uploads/uploads.service.js';
import { createDocumentsRepository } from '../../storage/db/repositories/documents.repository.js';
import { createUploadsRepository } from '../../storage/db/repositories/uploads.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import type { Db, Outbox } from './app-module.js';

/** Documents of the partner API, their uploads, and the job that finds uploads which arrived in object storage. */
export function createDocumentsModule(deps: {
  db: Db;
  /** where webhook events are written, in the transaction of the change (none: no events) */
  outbox?: Outbox;
  queue: PgBossQueue;
  blobs: BlobStore;
  clock: Clock;
  pageTokens: PageTokenCodec;
  access: AccessService;
  classifier: ClassifierService;
  maxUploadBytes: number;
  /** how long an upload attempt's claim holds (the HTTP request timeout) */
  uploadClaimSeconds: number;
  /** object storage receives uploads directly: look for arrivals every minute (S3 events make it immediate) */
  pollForUploads: boolean;
  /** a document was deleted: what depends on it (its maintenance tasks) goes with it */
  onDocumentArchived?: (params: {
    principal: Principal;
    document: { id: string; ownerId: string; filename: string };
  }) => Promise<void>;
}) {
  const { classifier } = deps;
  const documents = createDocumentsService({
    repository: createDocumentsRepository({ db: deps.db, ...(deps.outbox ? { outbox: deps.outbox } : {}) }),
    access: deps.access,
    blobs: deps.blobs,
    pageTokens: deps.pageTokens,
    clock: deps.clock,
    isValidBuildingCategory: (code) => classifier.isValidBuildingCategory(code),
    onCategoryCorrected: (correction) => classifier.learnCategory(correction),
    isKnownInformationType: (id) => classifier.isKnownInformationType(id),
    onInformationTypesCorrected: (correction) => classifier.learnInformationTypes(correction),
    onManyCorrected: (corrections) => classifier.learnMany(corrections),
    corrections: (documentId) => classifier.corrections(documentId),
    isKnownDiscipline: (code) => disciplineEntries().has(code),
    zipWriter: yazlWriter,
    ...(deps.onDocumentArchived ? { onArchived: deps.onDocumentArchived } : {}),
  });
  const uploads = createUploadsService({
    repository: createUploadsRepository({
      db: deps.db,
      queue: deps.queue,
      ...(deps.outbox ? { outbox: deps.outbox } : {}),
    }),
    access: deps.access,
    blobs: deps.blobs,
    clock: deps.clock,
    maxUploadBytes: deps.maxUploadBytes,
    claimSeconds: deps.uploadClaimSeconds,
  });
  return {
    services: { documents, uploads },
    jobs: {
      handlers: {
        'uploads.poll': async () => {
          const arrived = await uploads.pollPendingUploads();
          return arrived > 0 ? jobDone() : jobSkipped('no pending upload has arrived');
        },
        'uploads.sweep': async () => {
          const archived = await uploads.sweepAbandonedUploads();
          return archived > 0 ? jobDone() : jobSkipped('no upload URL expired unused');
        },
      },
      schedules: [
        ...(deps.pollForUploads ? [{ name: 'uploads.poll' as const, cron: '* * * * *' }] : []),
        { name: 'uploads.sweep', cron: '23 * * * *' },
      ],
    } satisfies JobContribution,
  };
}
