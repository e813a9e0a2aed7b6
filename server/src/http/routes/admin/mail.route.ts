import { Type } from '@sinclair/typebox';
import type { MailService } from '../../../domain/mail/mail.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';

const Status = Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]);

/** Outgoing mail, newest first: what was sent, what waits, and what failed with its error (`byggdok admin outbox`). */
export function registerMailAdminRoute(app: App, deps: { mail: MailService }): void {
  app.get(
    '/admin/mail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail and its delivery',
        security: [{ adminToken: [] }],
        querystring: Type.Object(
          {
            status: Type.Optional(Status),
            limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({
              messages: Type.Array(
                Type.Object({
                  id: Type.String(),
                  kind: Type.String(),
                  to: Type.Array(Type.String()),
                  subject: Type.String(),
                  status: Status,
                  attempts: Type.Integer(),
                  lastError: Type.Union([Type.String(), Type.Null()]),
                  deliveryRef: Type.Union([Type.String(), Type.Null()]),
                  createdAt: Type.String({ format: 'date-time' }),
                  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                }),
              ),
            }),
          },
          [400, 401],
        ),
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const messages = await deps.mail.list({ limit, ...(status ? { status } : {}) });
      return {
        messages: messages.map((message) => ({
          id: message.id,
          kind: message.kind,
          to: message.to,
          subject: message.subject,
          status: message.status,
          attempts: message.attempts,
          lastError: message.lastError,
          deliveryRef: message.deliveryRef,
          createdAt: message.createdAt.toISOString(),
          sentAt: message.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
}
