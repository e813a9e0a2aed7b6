import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { PageTokenCodec } from '../shared/page-token.js';
import type { AuditAction, AuditActor } from './audit.js';

export interface AuditRecord {
  id: string;
  occurredAt: Date;
  actor: {
    kind: AuditActor['kind'];
    userId: string | null;
    label: string | null;
    /** a person's name when the event happened (null: none given) */
    name: string | null;
  };
  action: string;
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  clientAddress: string | null;
}

export interface AuditFilter {
  userId?: string | undefined;
  action?: AuditAction | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** one project's events: about it, its deliveries, subcontractors and documents */
  projectId?: string | undefined;
}

export interface AuditReader {
  /** newest first, after the cursor */
  page(params: {
    customerId: string;
    filter: AuditFilter;
    after: { occurredAt: Date; id: string } | null;
    limit: number;
  }): Promise<AuditRecord[]>;
}

/**
 * A customer's audit log for its administrators, newest first, filtered by person, action and time; one project's
 * part of it for those who manage the project's people (OWNER in the project).
 */
export function createAuditLogService(deps: {
  reader: AuditReader;
  access: AccessService;
  pageTokens: PageTokenCodec;
}) {
  const { reader, access, pageTokens } = deps;

  async function list(params: {
    principal: Principal;
    customerId: string;
    filter: AuditFilter;
    limit: number;
    nextToken?: string | undefined;
  }): Promise<{ events: AuditRecord[]; nextToken: string | null }> {
    const grant = params.filter.projectId
      ? await access.authorizeProject({
          principal: params.principal,
          customerId: params.customerId,
          projectId: params.filter.projectId,
          need: 'manage_members',
        })
      : await access.authorizeCustomer({ ...params, need: 'administer' });
    // the token belongs to this customer's log with these filters
    const context = `audit:${grant.customerId}:${JSON.stringify(params.filter)}`;
    const cursor = params.nextToken ? pageTokens.decode(context, params.nextToken) : null;
    const rows = await reader.page({
      customerId: grant.customerId,
      filter: params.filter,
      after: cursor ? { occurredAt: new Date(cursor.value), id: cursor.id } : null,
      limit: params.limit + 1,
    });
    const events = rows.slice(0, params.limit);
    const last = events.at(-1);
    return {
      events,
      nextToken:
        rows.length > params.limit && last
          ? pageTokens.encode(context, { value: last.occurredAt.toISOString(), id: last.id })
          : null,
    };
  }

  return { list };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
