import { Type } from '@sinclair/typebox';
import type { PeopleService } from '../../../../domain/people/people.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentCustomer } from '../../../presenters/people.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { CustomerSchema, PERSON_SECURITY } from '../../../schemas/people.js';

/** The customers in which the caller has any role (platform administrators: every customer). */
export function registerListCustomersRoute(app: App, deps: { people: PeopleService }): void {
  app.get(
    '/construction/customers/',
    {
      schema: {
        tags: ['construction'],
        summary: 'Customers accessible to the user',
        security: PERSON_SECURITY,
        response: withProblems({ 200: Type.Object({ customers: Type.Array(CustomerSchema) }) }, [401]),
      },
    },
    async (request) => ({ customers: (await deps.people.listCustomers(principalOf(request))).map(presentCustomer) }),
  );
}
