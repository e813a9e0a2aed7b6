import type { AccessService } from '../../domain/access/access.service.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import type { Clock } from '../../domain/shared/clock.js';
import { createStorageProviderService } from '../../domain/storage-provider/storage-provider.service.js';
import type { UploadsService } from '../../domain/uploads/uploads.service.js';
import type { StorageProviderConfig } from '../../config/config.js';
import { createOAuthStorageProvider } from '../../integrations/storage-provider/oauth-storage-provider.js';
import { createTokenCipher } from '../../integrations/storage-provider/token-cipher.js';
import { createStorageProviderRepository } from '../../storage/db/repositories/storage-provider.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import type { Db } from './app-module.js';

/** A person's connection to a file-storage provider and folder imports from it (off unless configured). */
export function createStorageProviderModule(deps: {
  db: Db;
  access: AccessService;
  queue: PgBossQueue;
  clock: Clock;
  settings: StorageProviderConfig | null;
  publicUrl: string;
  allowedRedirectOrigins: string[];
  uploads: Pick<UploadsService, 'ingest'>;
}) {
  const storageProvider = createStorageProviderService({
    client: deps.settings ? createOAuthStorageProvider(deps.settings) : null,
    cipher: deps.settings ? createTokenCipher(deps.settings.tokenKey) : null,
    repository: createStorageProviderRepository(deps.db),
    access: deps.access,
    queue: deps.queue,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    allowedRedirectOrigins: deps.allowedRedirectOrigins,
    ingest: (params) => deps.uploads.ingest(params),
  });
  return {
    services: { storageProvider },
    jobs: {
      handlers: {
        'storage_provider.import': ({ importId }, job) =>
          storageProvider.runImport(importId, { lastAttempt: job.lastAttempt }),
      },
    } satisfies JobContribution,
  };
}
