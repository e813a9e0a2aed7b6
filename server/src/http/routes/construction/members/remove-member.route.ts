import { Type } from '@sinclair/typebox';
import type { MembersService } from '../../../../domain/people/members.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { UserId } from '../../../schemas/members.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

/**
 * Takes a person out of the customer with their project roles (ADMIN of the customer; never someone who outranks the
 * caller, never the last ADMIN). Their account stays: other customers may have them.
 */
export function registerRemoveMemberRoute(app: App, deps: { members: MembersService }): void {
  app.delete(
    '/construction/customers/:customerId/idp/users/:userId',
    {
      schema: {
        tags: ['construction'],
        summary: 'Remove a user from the customer',
        security: PERSON_SECURITY,
        params: Type.Object({ customerId: Uuid('customer id'), userId: UserId }),
        response: withProblems({ 200: Type.Object({ success: Type.Literal(true) }) }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await deps.members.removeMember({
        principal: principalOf(request),
        ...request.params,
        clientAddress: request.ip,
      });
      return { success: true as const };
    },
  );
}
