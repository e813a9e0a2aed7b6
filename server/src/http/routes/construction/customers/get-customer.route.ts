import { Type } from '@sinclair/typebox';
import type { PeopleService } from '../../../../domain/people/people.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentCustomer } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { CustomerSchema, PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

/** One customer the caller has a role in; any other is not there (404). */
export function registerGetCustomerRoute(app: App, deps: { people: PeopleService }): void {
  app.get(
    '/construction/customers/:customerId',
    {
      schema: {
        tags: ['construction'],
        summary: 'One customer',
        security: PERSON_SECURITY,
        params: Type.Object({ customerId: Uuid('customer id') }),
        response: withProblems({ 200: CustomerSchema }, [400, 401, 404]),
      },
    },
    async (request) =>
      presentCustomer(
        await deps.people.getCustomer({ principal: principalOf(request), customerId: request.params.customerId }),
      ),
  );
}
