import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentMemberListItem } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { MemberListItemSchema, ProjectRoleBody, UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

/**
 * A person's role in the whole customer, changed in place: no invitation, no mail. By the invitation's rules (OWNER or
 * more, never above one's own role; below ADMIN, never above one's role in any project of the customer), never for
 * someone who outranks the caller, never one's own role (403 `role.own`), never the last ADMIN (409).
 */
export function registerSetCustomerRoleRoute(app: App, deps: { members: MembersService }): void {
  app.put(
    '/construction/customers/:customerId/idp/users/:userId/role',
    {
      schema: {
        tags: ['construction'],
        summary: "Change a user's role in the customer",
        security: PERSON_SECURITY,
        params: Type.Object({ customerId: Uuid('customer id'), userId: UserId }),
        body: ProjectRoleBody,
        response: withProblems({ 200: MemberListItemSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      presentMemberListItem(
        await deps.members.changeCustomerRole({
          principal: principalOf(request),
          ...request.params,
          role: request.body.role,
          clientAddress: request.ip,
        }),
      ),
  );
}
