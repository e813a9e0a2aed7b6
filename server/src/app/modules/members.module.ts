import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createCustomersService } from '../../domain/customers/customers.service.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import { createMembersService } from '../../domain/people/members.service.js';
import { createCustomersRepository } from '../../storage/db/repositories/customers.repository.js';
import { createMembersRepository } from '../../storage/db/repositories/members.repository.js';
import type { Db } from './app-module.js';

/** A customer's people (invitations, roles) and the operator's customers. */
export function createMembersModule(deps: {
  db: Db;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  publicUrl: string;
}) {
  const members = createMembersService({
    repository: createMembersRepository(deps.db),
    access: deps.access,
    audit: deps.audit,
    mailer: deps.mailer,
    // the service's own sign-in, with the e-mail as hint: an outside provider shows its page for that account
    signInUrl: (email) => {
      const url = new URL('/auth/login', deps.publicUrl);
      url.searchParams.set('email', email);
      return url.toString();
    },
  });
  const customers = createCustomersService({
    repository: createCustomersRepository(deps.db),
    members,
    audit: deps.audit,
  });
  return { services: { members, customers } };
}
