import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createRenamingService } from '../../domain/naming/renaming.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import { createRenamingRepository } from '../../storage/db/repositories/renaming.repository.js';
import type { Db } from './app-module.js';

/** Bulk renaming of a project's documents by its naming convention, with undo. */
export function createNamingModule(deps: { db: Db; access: AccessService; audit: AuditLog; clock: Clock }) {
  return {
    services: {
      renaming: createRenamingService({
        repository: createRenamingRepository(deps.db),
        access: deps.access,
        audit: deps.audit,
        clock: deps.clock,
      }),
    },
  };
}
