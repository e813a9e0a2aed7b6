import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import { createPlatformAdminService } from '../../domain/platform/platform-admin.service.js';
import { createPlatformAdminRepository } from '../../storage/db/repositories/platform-admin.repository.js';
import type { Db } from './app-module.js';

/** What platform administrators do in the application: admin e-mail and permanent project deletion. */
export function createPlatformAdminModule(deps: {
  db: Db;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  blobs: BlobStore;
}) {
  return {
    services: {
      platformAdmin: createPlatformAdminService({
        repository: createPlatformAdminRepository(deps.db),
        access: deps.access,
        audit: deps.audit,
        mailer: deps.mailer,
        blobs: deps.blobs,
      }),
    },
  };
}
