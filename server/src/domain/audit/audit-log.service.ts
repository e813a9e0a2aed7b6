import type { AccessService } from '../access/access.service.js';
import { userOf } from '../access/people-policies.js';
import { reachOf } from '../access/policies.js';
import type { Principal } from '../access/principal.js';
import type { PageTokenCodec } from '../shared/page-token.js';
import { notForAssistants } from '../signin/sign-in.errors.js';
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
  /**
   * A person's own events, kept without a customer: what they did, what was done to their account (the operator's
   * password, a deactivation), and the failed sign-ins and lock-outs of their e-mail address; newest first
   */
  personalPage(params: {
    userId: string;
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
    return paged({
      context: `audit:${grant.customerId}:${JSON.stringify(params.filter)}`,
      ...params,
      read: (after, limit) => reader.page({ customerId: grant.customerId, filter: params.filter, after, limit }),
    });
  }

  /**
   * The person's own history (their account page): sign-ins and sign-outs, failed tries of their address, password
   * changes, personal keys, assistants allowed and ended, the operator's changes to their account. Only the person,
   * by the cookie or a personal key: an assistant's token reads nothing of it.
   */
  async function history(params: { principal: Principal; limit: number; nextToken?: string | undefined }) {
    const decision = userOf(params.principal);
    if (!decision.allowed) throw decision.error;
    const person = decision.grant;
    if (!reachOf(person).managesAccess) throw notForAssistants();
    return paged({
      context: `history:${person.userId}`,
      ...params,
      read: (after, limit) => reader.personalPage({ userId: person.userId, after, limit }),
    });
  }

  /** a page of events newest first, and the token of the next (bound to `context`: one list's token opens no other) */
  async function paged(params: {
    context: string;
    limit: number;
    nextToken?: string | undefined;
    read: (after: { occurredAt: Date; id: string } | null, limit: number) => Promise<AuditRecord[]>;
  }): Promise<{ events: AuditRecord[]; nextToken: string | null }> {
    const cursor = params.nextToken ? pageTokens.decode(params.context, params.nextToken) : null;
    const rows = await params.read(
      cursor ? { occurredAt: new Date(cursor.value), id: cursor.id } : null,
      params.limit + 1,
    );
    const events = rows.slice(0, params.limit);
    const last = events.at(-1);
    return {
      events,
      nextToken:
        rows.length > params.limit && last
          ? pageTokens.encode(params.context, { value: last.occurredAt.toISOString(), id: last.id })
          : null,
    };
  }

  return { list, history };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
