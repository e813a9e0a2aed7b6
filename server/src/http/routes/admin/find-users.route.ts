import { Type } from '@sinclair/typebox';
import type { UsersService } from '../../../domain/people/users.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';

/** The user with an e-mail (case-insensitive), for the CLI's `--email`: a list of zero or one. */
export function registerFindUsersRoute(app: App, deps: { users: UsersService }): void {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find a user by e-mail',
        security: [{ adminToken: [] }],
        querystring: Type.Object(
          { email: Type.String({ minLength: 1, maxLength: 320 }) },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Object({ users: Type.Array(Type.Object({ id: Type.String(), email: Type.String() })) }) },
          [400, 401],
        ),
      },
    },
    async (request) => {
      const user = await deps.users.findUserByEmail(request.query.email);
      return { users: user ? [{ id: user.id, email: user.email }] : [] };
    },
  );
}
