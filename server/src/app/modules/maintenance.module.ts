import type { LlmConfig } from '../../config/config.js';
import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import { createLlmTaskProposer } from '../../domain/maintenance/llm-proposer.js';
import { createMaintenanceService } from '../../domain/maintenance/maintenance.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import { createChatModel } from '../../integrations/llm/llm.js';
import { createMaintenanceRepository } from '../../storage/db/repositories/maintenance.repository.js';
import type { Db } from './app-module.js';

/**
 * The maintenance plan: tasks found in documents by the maintenance.extract job (the stage after classification),
 * with a model's verified proposals when one is configured, and the tasks people confirm, edit and add.
 */
export function createMaintenanceModule(deps: {
  db: Db;
  access: AccessService;
  clock: Clock;
  pageTokens: PageTokenCodec;
  audit: AuditLog;
  llm: LlmConfig;
  publicUrl: string;
}) {
  const maintenance = createMaintenanceService({
    repository: createMaintenanceRepository({ db: deps.db }),
    access: deps.access,
    clock: deps.clock,
    pageTokens: deps.pageTokens,
    audit: deps.audit,
    proposer:
      deps.llm.provider === 'builtin'
        ? null
        : createLlmTaskProposer({ model: createChatModel(deps.llm), timeoutMs: deps.llm.timeoutMs }),
    domain: new URL(deps.publicUrl).host || 'byggdok',
  });
  return {
    services: { maintenance },
    jobs: {
      handlers: { 'maintenance.extract': ({ documentId }) => maintenance.extractDocument(documentId) },
    } satisfies JobContribution,
  };
}
