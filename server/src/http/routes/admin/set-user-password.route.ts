import { Type } from '@sinclair/typebox';
import type { UsersService } from '../../../domain/people/users.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';
import { Password, UserId } from './user-schemas.js';

/**
 * Sets (or resets) the password of a user's local account of the embedded sign-in: their sessions and assistants end,
 * and their personal API keys too when asked.
 */
export function registerSetUserPasswordRoute(app: App, deps: { users: UsersService }): void {
  app.put(
    '/admin/users/:userId/password',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a user's password for the embedded sign-in",
        security: [{ adminToken: [] }],
        params: Type.Object({ userId: UserId }, { additionalProperties: false }),
        body: Type.Object(
          {
            password: Password,
            revokeApiKeys: Type.Optional(
              Type.Boolean({
                description:
                  "also revoke every personal API key of the person that still works (one an intruder made with the old password would go on working); each is in the audit log. Default false, so the person's integrations do not stop by surprise",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 204: Type.Null() }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      await deps.users.setPassword({
        userId: request.params.userId,
        password: request.body.password,
        revokeApiKeys: request.body.revokeApiKeys ?? false,
        actor: { kind: 'operator' },
      });
      return reply.status(204).send(null);
    },
  );
}
