import { Type } from '@sinclair/typebox';
import type { PlatformAdminService } from '../../../../domain/platform/platform-admin.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

/** A message to the people of a customer, of a project, or to users by id (platform administrators only). */
export function registerAdminEmailRoute(app: App, deps: { platformAdmin: PlatformAdminService }): void {
  app.post(
    '/construction/admin/email',
    {
      schema: {
        tags: ['construction'],
        summary: 'Send an administrative e-mail',
        security: PERSON_SECURITY,
        body: Type.Object(
          {
            customerId: Type.Optional(Uuid('customer whose people get the message')),
            projectId: Type.Optional(Uuid('project whose people get the message')),
            userIds: Type.Optional(Type.Array(UserId, { minItems: 1, maxItems: 1000 })),
            subject: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
            text: Type.String({ minLength: 1, maxLength: 20_000, pattern: '\\S' }),
            html: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
          },
          { additionalProperties: false, description: 'exactly one of customerId, projectId, userIds' },
        ),
        response: withProblems({ 202: Type.Object({ sent: Type.Integer() }) }, [400, 401, 403]),
      },
    },
    async (request, reply) => {
      const { subject, text, html, ...audience } = request.body;
      const result = await deps.platformAdmin.sendEmail({
        principal: principalOf(request),
        audience,
        subject,
        text,
        html: html ?? null,
        clientAddress: request.ip,
      });
      return reply.code(202).send(result);
    },
  );
}
