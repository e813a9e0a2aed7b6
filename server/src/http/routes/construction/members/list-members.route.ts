import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentMemberListItem } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { MemberListItemSchema } from '../../../schemas/members.js';
import { PERSON_SECURITY, RoleSchema } from '../../../schemas/people.js';
import { CustomerParams, ProjectParams } from '../../../schemas/projects.js';

const ProjectMemberSchema = Type.Object({
  ...MemberListItemSchema.properties,
  role: RoleSchema,
  customerRole: RoleSchema,
  projectRole: Type.Union([RoleSchema, Type.Null()], { description: 'set for this project (null: the customer role)' }),
});

/**
 * The customer's people with their role, status and last sign-in (OWNER or more); per project, the role each acts
 * with there (OWNER or more in the project).
 */
export function registerListMembersRoute(app: App, deps: { members: MembersService }): void {
  app.get(
    '/construction/customers/:customerId/idp/users',
    {
      schema: {
        tags: ['construction'],
        summary: 'Users of a customer',
        security: PERSON_SECURITY,
        params: CustomerParams,
        response: withProblems({ 200: Type.Object({ users: Type.Array(MemberListItemSchema) }) }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const members = await deps.members.listMembers({
        principal: principalOf(request),
        customerId: request.params.customerId,
      });
      return { users: members.map(presentMemberListItem) };
    },
  );

  app.get(
    '/construction/customers/:customerId/projects/:projectId/idp/users',
    {
      schema: {
        tags: ['construction'],
        summary: 'Users of a customer with their role in one project',
        security: PERSON_SECURITY,
        params: ProjectParams,
        response: withProblems({ 200: Type.Object({ users: Type.Array(ProjectMemberSchema) }) }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const members = await deps.members.listProjectMembers({ principal: principalOf(request), ...request.params });
      return {
        users: members.map((member) => ({
          ...presentMemberListItem(member),
          customerRole: member.customerRole,
          projectRole: member.projectRole,
        })),
      };
    },
  );
}
