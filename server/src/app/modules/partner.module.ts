import {
  createAccessService,
  type OAuthTokenVerifier,
  type UserSessionSettings,
} from '../../domain/access/access.service.js';
import { createAdminService } from '../../domain/admin/admin.service.js';
import { createBuildingsService } from '../../domain/buildings/buildings.service.js';
import { createOwnersService } from '../../domain/owners/owners.service.js';
import { createSessionsService } from '../../domain/sessions/sessions.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import { createAccessRepository } from '../../storage/db/repositories/access.repository.js';
import { createAuditLog } from '../../storage/db/repositories/audit.repository.js';
import { createAdminRepository } from '../../storage/db/repositories/admin.repository.js';
import { createBuildingsRepository } from '../../storage/db/repositories/buildings.repository.js';
import { createOwnersRepository } from '../../storage/db/repositories/owners.repository.js';
import { createSessionsRepository } from '../../storage/db/repositories/sessions.repository.js';
import type { Db, Outbox } from './app-module.js';
import type { VocabularyRefresh } from '../../domain/search/vocabulary-refresh.js';

/**
 * Who may call (access), the operator's partners and keys (admin), and the partner API's owners, buildings and
 * sessions.
 */
export function createPartnerModule(deps: {
  db: Db;
  clock: Clock;
  pageTokens: PageTokenCodec;
  userSessions?: UserSessionSettings;
  verifyOAuthToken?: OAuthTokenVerifier | null;
  /** where webhook events are written, in the transaction of the change (none: no events) */
  outbox?: Outbox;
  /** a folder made private may take words from a building's readers: the workers read its vocabulary again soon */
  refreshVocabularies?: VocabularyRefresh;
}) {
  const { db, clock, pageTokens } = deps;
  const access = createAccessService({
    repository: createAccessRepository(db),
    clock,
    verifyOAuthToken: deps.verifyOAuthToken ?? null,
    audit: createAuditLog(db),
    ...(deps.userSessions ? { userSessions: deps.userSessions } : {}),
  });
  return {
    services: {
      access,
      admin: createAdminService({ repository: createAdminRepository(db), clock }),
      owners: createOwnersService({ repository: createOwnersRepository(db), access, pageTokens, clock }),
      buildings: createBuildingsService({
        repository: createBuildingsRepository(db, deps.outbox),
        access,
        pageTokens,
        clock,
        ...(deps.refreshVocabularies ? { refreshVocabularies: deps.refreshVocabularies } : {}),
      }),
      sessions: createSessionsService({ repository: createSessionsRepository(db), access, clock }),
    },
  };
}
