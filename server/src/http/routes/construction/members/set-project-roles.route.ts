import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { ProjectRolesBody, UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, RoleSchema, Uuid } from '../../../schemas/people.js';

/** A person's roles in several projects of the customer, all or nothing (ADMIN of the customer). */
export function registerSetProjectRolesRoute(app: App, deps: { members: MembersService }): void {
  app.put(
    '/construction/customers/:customerId/idp/users/:userId/projects/roles',
    {
      schema: {
        tags: ['construction'],
        summary: "Set a user's roles across projects",
        security: PERSON_SECURITY,
        params: Type.Object({ customerId: Uuid('customer id'), userId: UserId }),
        body: ProjectRolesBody,
        response: withProblems(
          {
            200: Type.Object({
              userId: Type.String(),
              roles: Type.Array(Type.Object({ projectId: Type.String(), role: RoleSchema })),
            }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) =>
      deps.members.setProjectRoles({
        principal: principalOf(request),
        ...request.params,
        roles: request.body.roles,
        clientAddress: request.ip,
      }),
  );
}
