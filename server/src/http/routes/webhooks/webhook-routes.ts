import { Type, type TObject } from '@sinclair/typebox';
import {
  MAX_PENDING_TESTS,
  MAX_WEBHOOKS_PER_OWNER,
  type WebhooksService,
} from '../../../domain/webhooks/webhooks.service.js';
import type { App } from '../../app-types.js';
import { principalOf } from '../../plugins/partner-auth.js';
import {
  CreatedWebhookSchema,
  DeliverySchema,
  EventTypes,
  presentWebhook,
  presentWebhookDelivery,
  WebhookDescription,
  WebhookIdParam,
  WebhookSchema,
  WebhookUrl,
} from '../../presenters/webhooks.presenter.js';
import { SuccessSchema, withProblems } from '../../schemas/common.js';

/**
 * The webhook routes, the same shapes for partners (`/webhooks`, an API key) and customers
 * (`/construction/customers/{customerId}/webhooks`, a person with ADMIN): registration, listing, change, deletion, a
 * test event and the delivery log. Who may call is decided by the service through domain/access.
 */
export function registerWebhookRoutes(
  app: App,
  deps: { webhooks: WebhooksService },
  options: {
    base: string;
    /** the path parameters of `base` (the customer id), as a schema */
    params: TObject;
    eventTypes: readonly string[];
    tags: string[];
    security?: Record<string, string[]>[];
    /** the customer a route is under, from its parameters (undefined: partner routes) */
    customerOf: (params: Record<string, string>) => string | undefined;
  },
): void {
  const { base, eventTypes, customerOf } = options;
  const common = { tags: options.tags, ...(options.security ? { security: options.security } : {}) };
  const itemParams = Type.Object({ ...options.params.properties, webhookId: WebhookIdParam });
  const caller = (request: { params: unknown }) => {
    const customerId = customerOf(request.params as Record<string, string>);
    return customerId === undefined ? {} : { customerId };
  };

  app.post(
    base,
    {
      schema: {
        ...common,
        summary: 'Register a webhook: the secret of its signatures is in this answer only',
        description: `A partner (all its keys together) or a customer has at most ${MAX_WEBHOOKS_PER_OWNER} webhooks: 409 \`webhook.limit_reached\` past that.`,
        params: options.params,
        body: Type.Object(
          {
            url: WebhookUrl,
            events: EventTypes(eventTypes),
            description: Type.Optional(WebhookDescription),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: CreatedWebhookSchema }, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { webhook, secret } = await deps.webhooks.create({
        principal: principalOf(request),
        ...caller(request),
        input: { url: body.url, events: body.events, description: body.description ?? null },
      });
      return reply.status(201).send({ ...presentWebhook(webhook), secret });
    },
  );

  app.get(
    base,
    {
      schema: {
        ...common,
        summary: 'Webhooks (without their secrets)',
        params: options.params,
        response: withProblems({ 200: Type.Object({ webhooks: Type.Array(WebhookSchema) }) }),
      },
    },
    async (request) => {
      const webhooks = await deps.webhooks.list({ principal: principalOf(request), ...caller(request) });
      return { webhooks: webhooks.map(presentWebhook) };
    },
  );

  app.get(
    `${base}/:webhookId`,
    {
      schema: {
        ...common,
        summary: 'One webhook',
        params: itemParams,
        response: withProblems({ 200: WebhookSchema }),
      },
    },
    async (request) => {
      const { webhookId } = request.params;
      return presentWebhook(
        await deps.webhooks.get({ principal: principalOf(request), ...caller(request), webhookId }),
      );
    },
  );

  app.patch(
    `${base}/:webhookId`,
    {
      schema: {
        ...common,
        summary: 'Change a webhook: its URL, events, description, or whether it is enabled',
        params: itemParams,
        body: Type.Object(
          {
            url: Type.Optional(WebhookUrl),
            events: Type.Optional(EventTypes(eventTypes)),
            description: Type.Optional(WebhookDescription),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: WebhookSchema }),
      },
    },
    async (request) => {
      const { webhookId } = request.params;
      const body = request.body;
      const webhook = await deps.webhooks.update({
        principal: principalOf(request),
        ...caller(request),
        webhookId,
        patch: {
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: body.events } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        },
      });
      return presentWebhook(webhook);
    },
  );

  app.delete(
    `${base}/:webhookId`,
    {
      schema: {
        ...common,
        summary: 'Delete a webhook: nothing more is sent to it',
        params: itemParams,
        response: withProblems({ 200: SuccessSchema }),
      },
    },
    async (request) => {
      const { webhookId } = request.params;
      await deps.webhooks.remove({ principal: principalOf(request), ...caller(request), webhookId });
      return { success: true as const };
    },
  );

  app.post(
    `${base}/:webhookId/test`,
    {
      schema: {
        ...common,
        summary: 'Send a webhook.test event to this webhook',
        description: `At most ${MAX_PENDING_TESTS} test deliveries of a webhook wait at once: 429 \`webhook.too_many_tests\` with Retry-After past that.`,
        params: itemParams,
        response: withProblems({ 202: Type.Object({ eventId: Type.String() }) }),
      },
    },
    async (request, reply) => {
      const { webhookId } = request.params;
      const { eventId } = await deps.webhooks.test({ principal: principalOf(request), ...caller(request), webhookId });
      return reply.status(202).send({ eventId });
    },
  );

  app.get(
    `${base}/:webhookId/deliveries`,
    {
      schema: {
        ...common,
        summary: "A webhook's deliveries, newest first, with each one's status and attempts",
        params: itemParams,
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
            next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems({
          200: Type.Object({
            deliveries: Type.Array(DeliverySchema),
            nextToken: Type.Union([Type.String(), Type.Null()]),
          }),
        }),
      },
    },
    async (request) => {
      const { webhookId } = request.params;
      const query = request.query;
      const page = await deps.webhooks.deliveries({
        principal: principalOf(request),
        ...caller(request),
        webhookId,
        limit: query.limit,
        nextToken: query.next_token,
      });
      return { deliveries: page.deliveries.map(presentWebhookDelivery), nextToken: page.nextToken };
    },
  );
}
