import type { AccessService } from '../../domain/access/access.service.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import type { Clock } from '../../domain/shared/clock.js';
import { createZipService } from '../../domain/zip/zip.service.js';
import { yazlWriter } from '../../integrations/zip/yazl-writer.js';
import { createZipRepository } from '../../storage/db/repositories/zip.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import type { Db } from './app-module.js';

/** Zip archives of a building's files, streamed by a job from the blob store into it. */
export function createZipModule(deps: {
  db: Db;
  access: AccessService;
  blobs: BlobStore;
  queue: PgBossQueue;
  clock: Clock;
}) {
  const zips = createZipService({
    repository: createZipRepository(deps.db),
    access: deps.access,
    blobs: deps.blobs,
    queue: deps.queue,
    clock: deps.clock,
    writer: yazlWriter,
  });
  return {
    services: { zips },
    jobs: { handlers: { 'zip.build': ({ zipId }) => zips.build(zipId) } } satisfies JobContribution,
  };
}
