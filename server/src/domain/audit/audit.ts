/**
 * The audit log: who did what to what, when, from where. Sign-ins (and failed ones), invitations, role changes,
 * personal keys created and revoked, project deletions and admin e-mail are recorded; later features add document
 * actions. Events name their actor and target by id and in words, and outlive what they name.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  /** a person allowed an assistant (an OAuth client of the MCP server) to act as them, or declined */
  'auth.assistant_allowed',
  'auth.assistant_declined',
  /** an assistant's connection ended by the person (disconnect) */
  'auth.assistant_disconnected',
  /** an assistant ended its own connection: it revoked its token at the embedded provider (RFC 7009) */
  'auth.assistant_revoked',
  /** too many failed sign-ins: an account or a client address is refused for a while */
  'auth.locked_out',
  /** a one-time link that sets a password was mailed (an invitation, a forgotten password) */
  'auth.password_link_sent',
  /** the person set their own password (a link, the first sign-in, or their account page) */
  'auth.password_changed',
  /** the person signed out their other sessions */
  'auth.other_sessions_ended',
  /** the person changed their name or e-mail */
  'user.profile_changed',
  'user.created',
  'user.invited',
  'user.role_changed',
  'user.project_roles_changed',
  'user.deactivated',
  'user.activated',
  'user.removed',
  'user.password_set',
  'api_key.created',
  'api_key.revoked',
  /** a personal key was used (recorded on its first use, then at most once a day) */
  'api_key.used',
  'customer.created',
  'project.created',
  'project.updated',
  'project.archived',
  'project.handed_over',
  'project.deleted',
  'admin.email_sent',
  'subcontractor.created',
  'subcontractor.updated',
  'subcontractor.removed',
  'subcontractor_token.created',
  'subcontractor_token.revoked',
  'delivery.created',
  'delivery.updated',
  'delivery.deleted',
  'delivery.copied',
  'delivery.approval_changed',
  'delivery.email_sent',
  'delivery.reminder_sent',
  'documents.renamed',
  'documents.rename_undone',
  'documents.bulk_updated',
  'document.uploaded',
  'document.updated',
  'document.archived',
  /** a deleted document took confirmed or edited maintenance tasks with it */
  'maintenance.tasks_removed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditActor =
  | { kind: 'user'; userId: string; label: string }
  | { kind: 'operator' }
  | { kind: 'subcontractor'; label: string }
  /** nobody known: a failed sign-in, labelled with what was presented (an e-mail, an issuer) */
  | { kind: 'anonymous'; label: string | null }
  | { kind: 'system' };

export interface AuditEvent {
  /** the customer whose log shows it; null for events of a person across customers (a sign-in) */
  customerId: string | null;
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  details?: Record<string, unknown>;
  clientAddress?: string | null;
}

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
}

/**
 * An event of a person's own credential (a personal key created, used, revoked): kept once without a customer (the
 * person's history) and once in the log of every customer the person belongs to, so each customer's ADMIN sees it.
 */
export async function recordForPerson(
  audit: AuditLog,
  customerIds: readonly string[],
  event: Omit<AuditEvent, 'customerId'>,
): Promise<void> {
  for (const customerId of [null, ...new Set(customerIds)]) await audit.record({ ...event, customerId });
}

/**
 * Each personal key a new password ended, as when it is revoked on the account page: in the person's history and in
 * every customer log of theirs (the person's own change, a reset link, the operator's password).
 */
export async function recordKeysEndedWithPassword(
  audit: AuditLog,
  params: {
    customerIds: readonly string[];
    keys: readonly { id: string; name: string; prefix: string }[];
    actor: AuditActor;
    clientAddress: string | null;
  },
): Promise<void> {
  for (const key of params.keys) {
    await recordForPerson(audit, params.customerIds, {
      actor: params.actor,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id },
      details: { name: key.name, prefix: key.prefix, withNewPassword: true },
      clientAddress: params.clientAddress,
    });
  }
}
