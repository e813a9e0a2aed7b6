/**
 * The events byggdok pushes (decisions.md, "Webhooks"): partner events about building owners' buildings and documents,
 * customer events about construction projects. Data is spelled as the decisions spell it (snake_case), exactly.
 */
export const PARTNER_EVENT_TYPES = [
  'document.processed',
  'document.failed',
  'document.deleted',
  'building.created',
  'building.deleted',
  'report.generated',
  'webhook.test',
] as const;

export const CUSTOMER_EVENT_TYPES = [
  'delivery.updated',
  'delivery.approved',
  'delivery.declined',
  'subcontractor.uploaded',
  'project.handed_over',
  'webhook.test',
] as const;

export type PartnerEventType = (typeof PARTNER_EVENT_TYPES)[number];
export type CustomerEventType = (typeof CUSTOMER_EVENT_TYPES)[number];
export type WebhookEventType = PartnerEventType | CustomerEventType;

/** whose endpoints an event goes to: a partner's (by the building owner) or a customer's (by the project) */
export type WebhookAudience = 'partner' | 'customer';

/**
 * One event as the place it happens raises it, inside its transaction (see WebhookOutbox). The subject says whose
 * endpoints may receive it: a building owner (and building) for partners, a project for customers.
 */
export type WebhookEventInput =
  | {
      type: 'document.processed' | 'document.failed';
      subject: { ownerId: string; buildingId: string };
      data: {
        building_owner_id: string;
        building_id: string;
        document_id: string;
        filename: string;
        status: Record<string, unknown>;
        reason?: string;
      };
    }
  | {
      type: 'document.deleted';
      subject: { ownerId: string; buildingId: string };
      data: { building_owner_id: string; building_id: string; document_id: string };
    }
  | {
      type: 'building.created' | 'building.deleted';
      subject: { ownerId: string; buildingId: string };
      data: { building_owner_id: string; building_id: string };
    }
  | {
      type: 'report.generated';
      subject: { ownerId: string; buildingId: string };
      data: { building_owner_id: string; building_id: string; country: string; version: number | string };
    }
  | { type: 'delivery.updated'; subject: { projectId: string }; data: { project_id: string; delivery_id: string } }
  | {
      type: 'delivery.approved' | 'delivery.declined';
      subject: { projectId: string };
      data: { project_id: string; delivery_id: string; information_type: string; comment: string | null };
    }
  | {
      type: 'subcontractor.uploaded';
      subject: { projectId: string };
      data: { project_id: string; subcontractor_id: string; document_id: string };
    }
  | {
      type: 'project.handed_over';
      subject: { projectId: string };
      data: { project_id: string; building_owner_id: string };
    };

/**
 * Writes events in the caller's transaction and, in the same transaction, one delivery and one job per endpoint that
 * receives it: an event is never sent for a change that rolled back, and never lost for one that committed.
 * `transaction` is the storage layer's transaction handle (opaque here).
 */
export interface WebhookOutbox<T = unknown> {
  record(transaction: T, events: readonly WebhookEventInput[]): Promise<void>;
}

/** The body every delivery of an event carries, byte for byte. */
export function webhookBody(params: { type: string; at: Date; data: object }): string {
  return JSON.stringify({ type: params.type, timestamp: params.at.toISOString(), data: params.data });
}
