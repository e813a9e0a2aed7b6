import { Type } from '@sinclair/typebox';
import type { CustomersService } from '../../../domain/customers/customers.service.js';
import type { App } from '../../app-types.js';
import { presentCustomer } from '../../presenters/people.presenter.js';
import { Id, withProblems } from '../../schemas/common.js';
import { CustomerSchema } from '../../schemas/people.js';

/**
 * The operator's customers: create one (linked to a building owner or not) with its first administrators, each
 * invited by e-mail as ADMIN; list them all. The operator is nobody's member: `role` is null here.
 */
export function registerCustomerAdminRoutes(app: App, deps: { customers: CustomersService }): void {
  app.post(
    '/admin/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a customer and invite its first administrators',
        security: [{ adminToken: [] }],
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'not blank' }),
            buildingOwnerId: Type.Optional(Type.Union([Id('building owner of the document platform'), Type.Null()])),
            adminEmails: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 320 }), { maxItems: 50 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 201: CustomerSchema }, [400, 401]),
      },
    },
    async (request, reply) => {
      const customer = await deps.customers.createCustomer({
        name: request.body.name,
        buildingOwnerId: request.body.buildingOwnerId ?? null,
        adminEmails: request.body.adminEmails ?? [],
      });
      return reply.code(201).send(presentCustomer({ ...customer, role: null }));
    },
  );

  app.get(
    '/admin/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every customer',
        security: [{ adminToken: [] }],
        response: withProblems({ 200: Type.Object({ customers: Type.Array(CustomerSchema) }) }, [401]),
      },
    },
    async () => ({
      customers: (await deps.customers.listCustomers()).map((customer) => presentCustomer({ ...customer, role: null })),
    }),
  );
}
