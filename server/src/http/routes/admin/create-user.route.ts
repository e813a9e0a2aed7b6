import { Type } from '@sinclair/typebox';
import type { UsersService } from '../../../domain/people/users.service.js';
import type { App } from '../../app-types.js';
import { Name, withProblems } from '../../schemas/common.js';
import { Password } from './user-schemas.js';

/** A known user who may sign in (invited); with a password also a local account of the embedded provider. */
export function registerCreateUserRoute(app: App, deps: { users: UsersService }): void {
  app.post(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a user who may sign in; with a password also a local account of the embedded sign-in',
        security: [{ adminToken: [] }],
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: 320 }),
            name: Type.String({ ...Name, maxLength: 200 }),
            password: Type.Optional(Password),
            platformAdmin: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: Type.Object({ id: Type.String(), email: Type.String() }) }, [400, 401, 409]),
      },
    },
    async (request, reply) => {
      const { email, name, password, platformAdmin } = request.body;
      const user = await deps.users.createUser({
        email,
        name,
        ...(password !== undefined ? { password } : {}),
        ...(platformAdmin !== undefined ? { platformAdmin } : {}),
        actor: { kind: 'operator' },
      });
      return reply.status(201).send(user);
    },
  );
}
