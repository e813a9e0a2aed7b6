import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentMemberListItem } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { MemberListItemSchema } from '../../../schemas/members.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { CustomerParams } from '../../../schemas/projects.js';

/** The customer's people with their role, status and last sign-in (OWNER or more). */
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
}
