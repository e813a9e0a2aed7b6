import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createAuditLogService } from '../../domain/audit/audit-log.service.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import { createAuditReader } from '../../storage/db/repositories/audit.repository.js';
import { createCustomersService } from '../../domain/customers/customers.service.js';
import type { InvitationAccess, Mailer } from '../../domain/mail/mailer.js';
import { createMembersService } from '../../domain/people/members.service.js';
import { createApiKeysService } from '../../domain/people/api-keys.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import { createApiKeysRepository } from '../../storage/db/repositories/api-keys.repository.js';
import { createCustomersRepository } from '../../storage/db/repositories/customers.repository.js';
import { createMembersRepository } from '../../storage/db/repositories/members.repository.js';
import type { Db } from './app-module.js';

/** A customer's people (invitations, roles), the operator's customers, and everyone's personal API keys. */
export function createMembersModule(deps: {
  db: Db;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  invitationAccess: (user: { userId: string; email: string }) => Promise<InvitationAccess>;
  clock: Clock;
  pageTokens: PageTokenCodec;
  /** the service's public origin, for the links in mails */
  publicUrl: string;
}) {
  const members = createMembersService({
    repository: createMembersRepository(deps.db),
    access: deps.access,
    audit: deps.audit,
    mailer: deps.mailer,
    invitationAccess: deps.invitationAccess,
  });
  const customers = createCustomersService({
    repository: createCustomersRepository(deps.db),
    members,
    audit: deps.audit,
  });
  const apiKeys = createApiKeysService({
    repository: createApiKeysRepository(deps.db),
    audit: deps.audit,
    clock: deps.clock,
    mailer: deps.mailer,
    // the web app's account page, on its keys tab (web/src/pages/AccountPage.tsx)
    keysUrl: `${deps.publicUrl}/app/account?tab=keys`,
  });
  const auditLog = createAuditLogService({
    reader: createAuditReader(deps.db),
    access: deps.access,
    pageTokens: deps.pageTokens,
  });
  return { services: { members, customers, apiKeys, auditLog } };
}
