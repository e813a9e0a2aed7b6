import { Type } from '@sinclair/typebox';
import type { BuildingsService } from '../../../../domain/buildings/buildings.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { Name, OwnerParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['buildings'],
  summary: 'Create a building (needs whole-owner access); answers with the new id as a bare JSON string',
  params: OwnerParams,
  body: Type.Object({ name: Name }, { additionalProperties: false }),
  response: withProblems({
    200: Type.String({ description: 'the new building id, a UUID (v7); ids issued before as "bld_..." keep working' }),
  }),
};

export function registerCreateBuildingRoute(app: App, deps: { buildings: BuildingsService }): void {
  app.put('/building_owners/:buildingOwnerId/buildings', { schema }, async (request, reply) => {
    const id = await deps.buildings.create({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      name: request.body.name.trim(),
    });
    // a bare JSON string (the id), as the public reference answers; Fastify sends strings as they are
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(id));
  });
}
