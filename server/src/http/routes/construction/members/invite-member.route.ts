import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentMember } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { InvitationBody, MemberSchema } from '../../../schemas/members.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { CustomerParams } from '../../../schemas/projects.js';

/**
 * Invites a person by e-mail with a role (OWNER or more, never above one's own role; a customer-wide role, below
 * ADMIN, never above one's role in any project of the customer): one user per e-mail, an invitation mail in the
 * chosen language. 201 for a new member, 200 when the e-mail already was one (role updated, mail sent again).
 */
export function registerInviteMemberRoute(app: App, deps: { members: MembersService }): void {
  app.post(
    '/construction/customers/:customerId/idp/users',
    {
      schema: {
        tags: ['construction'],
        summary: 'Invite a user with a role',
        security: PERSON_SECURITY,
        params: CustomerParams,
        body: InvitationBody,
        response: withProblems({ 200: MemberSchema, 201: MemberSchema }, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request, reply) => {
      const { member, existed } = await deps.members.invite({
        principal: principalOf(request),
        customerId: request.params.customerId,
        invitation: request.body,
        clientAddress: request.ip,
      });
      return reply.code(existed ? 200 : 201).send(presentMember(member));
    },
  );
}
