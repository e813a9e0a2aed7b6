import type { AccessService } from '../../domain/access/access.service.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import type { ClassifierService } from '../../domain/documents/classification.service.js';
import { createDocumentsService } from '../../domain/documents/documents.service.js';
import { jobDone, jobSkipped, type JobContribution } from '../../domain/jobs/jobs.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import { createDocumentsRepository } from '../../storage/db/repositories/documents.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import type { Db } from './app-module.js';

/** Documents of the partner API, their uploads, and the job that finds uploads which arrived in object storage. */
export function createDocumentsModule(deps: {
  db: Db;
  queue: PgBossQueue;
  blobs: BlobStore;
  clock: Clock;
  pageTokens: PageTokenCodec;
  access: AccessService;
  classifier: ClassifierService;
  maxUploadBytes: number;
  /** object storage receives uploads directly: look for arrivals every minute (S3 events make it immediate) */
  pollForUploads: boolean;
}) {
  const { classifier } = deps;
  const documents = createDocumentsService({
    repository: createDocumentsRepository({ db: deps.db, queue: deps.queue }),
    access: deps.access,
    blobs: deps.blobs,
    pageTokens: deps.pageTokens,
    clock: deps.clock,
    maxUploadBytes: deps.maxUploadBytes,
    isValidBuildingCategory: (code) => classifier.isValidBuildingCategory(code),
    onCategoryCorrected: (correction) => classifier.learnCategory(correction),
  });
  return {
    services: { documents },
    jobs: {
      handlers: {
        'uploads.poll': async () => {
          const arrived = await documents.pollPendingUploads();
          return arrived > 0 ? jobDone() : jobSkipped('no pending upload has arrived');
        },
      },
      schedules: deps.pollForUploads ? [{ name: 'uploads.poll', cron: '* * * * *' }] : [],
    } satisfies JobContribution,
  };
}
