import type { AccessService } from '../../domain/access/access.service.js';
import { createProjectsService } from '../../domain/projects/projects.service.js';
import { createAuditLog } from '../../storage/db/repositories/audit.repository.js';
import { createProjectsRepository } from '../../storage/db/repositories/projects.repository.js';
import type { Db } from './app-module.js';

/** Construction projects of a customer and their buildings. */
export function createProjectsModule(deps: { db: Db; access: AccessService }) {
  return {
    services: {
      projects: createProjectsService({
        repository: createProjectsRepository(deps.db),
        access: deps.access,
        audit: createAuditLog(deps.db),
      }),
    },
  };
}
