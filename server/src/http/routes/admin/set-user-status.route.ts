import { Type } from '@sinclair/typebox';
import type { UsersService } from '../../../domain/people/users.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';
import { UserId } from './user-schemas.js';

/**
 * Deactivates a person everywhere (their sessions end and their personal keys stop working at once; they cannot sign
 * in), or activates them again. A customer's ADMIN removes someone from one customer instead.
 */
export function registerSetUserStatusRoute(app: App, deps: { users: UsersService }): void {
  app.put(
    '/admin/users/:userId/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deactivate a user everywhere, or activate them again',
        security: [{ adminToken: [] }],
        params: Type.Object({ userId: UserId }, { additionalProperties: false }),
        body: Type.Object(
          { status: Type.Union([Type.Literal('active'), Type.Literal('deactivated')]) },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({
              id: Type.String(),
              email: Type.String(),
              status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('deactivated')]),
            }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request) =>
      deps.users.setStatus({ userId: request.params.userId, status: request.body.status, actor: { kind: 'operator' } }),
  );
}
