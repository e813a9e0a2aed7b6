import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '../../../../domain/audit/audit.js';
import type { AuditLogService, AuditRecord } from '../../../../domain/audit/audit-log.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { CustomerParams } from '../../../schemas/projects.js';

export const EventSchema = Type.Object({
  id: Type.String(),
  occurredAt: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    kind: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    label: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()], { description: "a person's name when it happened" }),
  }),
  action: Type.String(),
  target: Type.Union([Type.Object({ type: Type.String(), id: Type.String() }), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
  clientAddress: Type.Union([Type.String(), Type.Null()]),
});

export function presentEvent(event: AuditRecord) {
  return { ...event, occurredAt: event.occurredAt.toISOString() };
}

/** The customer's audit log, newest first, by person, action and time (ADMIN of the customer). */
export function registerAuditRoute(app: App, deps: { auditLog: AuditLogService }): void {
  app.get(
    '/construction/customers/:customerId/audit',
    {
      schema: {
        tags: ['construction'],
        summary: 'Audit log of a customer',
        security: PERSON_SECURITY,
        params: CustomerParams,
        querystring: Type.Object(
          {
            userId: Type.Optional(UserId),
            projectId: Type.Optional(
              Uuid('only this project: its own events and those of its deliveries, subcontractors and documents'),
            ),
            action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action)))),
            from: Type.Optional(Type.String({ format: 'date-time', description: 'at or after' })),
            to: Type.Optional(Type.String({ format: 'date-time', description: 'before' })),
            limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
            next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({ events: Type.Array(EventSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const { userId, projectId, action, from, to, limit, next_token: nextToken } = request.query;
      const page = await deps.auditLog.list({
        principal: principalOf(request),
        customerId: request.params.customerId,
        filter: {
          ...(userId ? { userId } : {}),
          ...(projectId ? { projectId: projectId.toLowerCase() } : {}),
          ...(action ? { action } : {}),
          ...(from ? { from: new Date(from) } : {}),
          ...(to ? { to: new Date(to) } : {}),
        },
        limit,
        nextToken,
      });
      return { events: page.events.map(presentEvent), nextToken: page.nextToken };
    },
  );
}
