import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { ProjectRoleBody, UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, RoleSchema, Uuid } from '../../../schemas/people.js';

/** A person's role in one project, overriding their customer role (OWNER or more in the project). */
export function registerSetProjectRoleRoute(app: App, deps: { members: MembersService }): void {
  app.put(
    '/construction/customers/:customerId/projects/:projectId/idp/users/:userId/role',
    {
      schema: {
        tags: ['construction'],
        summary: "Set a user's role in a project",
        security: PERSON_SECURITY,
        params: Type.Object({ customerId: Uuid('customer id'), projectId: Uuid('project id'), userId: UserId }),
        body: ProjectRoleBody,
        response: withProblems(
          { 200: Type.Object({ userId: Type.String(), projectId: Type.String(), role: RoleSchema }) },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) =>
      deps.members.setProjectRole({
        principal: principalOf(request),
        ...request.params,
        role: request.body.role,
        clientAddress: request.ip,
      }),
  );
}
