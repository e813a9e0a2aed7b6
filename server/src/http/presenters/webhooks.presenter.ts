import { Type } from '@sinclair/typebox';
import type { DeliveryRecord, WebhookRecord } from '../../domain/webhooks/webhooks.service.js';

export const WebhookIdParam = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'webhook id (UUID)',
});

/** the event types of one API, as the body's enum */
export function EventTypes(types: readonly string[]) {
  return Type.Array(Type.Union(types.map((type) => Type.Literal(type))), {
    minItems: 1,
    maxItems: 20,
    description: 'the event types sent to this URL',
  });
}

export const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'https URL events are POSTed to; hosts inside private networks are refused',
});
export const WebhookDescription = Type.Union([Type.String({ maxLength: 500 }), Type.Null()]);

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const CreatedWebhookSchema = Type.Object({
  ...WebhookSchema.properties,
  secret: Type.String({
    description: '`whsec_` + base64 of 32 random bytes: the key of the signatures, shown only here',
  }),
});

export const DeliverySchema = Type.Object({
  id: Type.String(),
  eventId: Type.String({ description: 'the webhook-id header: the same on every attempt' }),
  type: Type.String(),
  attempt: Type.Integer({ description: 'attempts made so far' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export function presentWebhook(webhook: WebhookRecord) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    enabled: webhook.enabled,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

export function presentWebhookDelivery(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type,
    attempt: delivery.attempt,
    status: delivery.status,
    responseStatus: delivery.responseStatus,
    error: delivery.error,
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
  };
}
