import { Type } from '@sinclair/typebox';
import type { AdminService } from '../../../domain/admin/admin.service.js';
import type { App } from '../../app-types.js';
import { PartnerSchema, presentPartner } from '../../presenters/admin.presenter.js';
import { Id, Name, withProblems } from '../../schemas/common.js';

const security = [{ adminToken: [] }];

export function registerPartnerAdminRoutes(app: App, deps: { admin: AdminService }): void {
  app.post(
    '/admin/partners',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a partner organisation',
        security,
        body: Type.Object({ name: Name }, { additionalProperties: false }),
        response: withProblems({ 201: PartnerSchema }, [400, 401]),
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentPartner(await deps.admin.createPartner({ name: request.body.name.trim() }))),
  );

  app.get(
    '/admin/partners',
    {
      schema: {
        tags: ['admin'],
        summary: 'Partner organisations',
        security,
        response: withProblems({ 200: Type.Object({ partners: Type.Array(PartnerSchema) }) }, [401]),
      },
    },
    async () => ({ partners: (await deps.admin.listPartners()).map(presentPartner) }),
  );

  app.put(
    '/admin/partners/:partnerId/building_owners/:buildingOwnerId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a partner an existing building owner',
        security,
        params: Type.Object({ partnerId: Id('partner id'), buildingOwnerId: Id('building owner id') }),
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      await deps.admin.grantOwner({ partnerId: request.params.partnerId, ownerId: request.params.buildingOwnerId });
      return reply.status(204).send(null);
    },
  );
}
