import { Type } from '@sinclair/typebox';
import type { OwnersService } from '../../../../domain/owners/owners.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { Name, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['building owners'],
  summary: 'Create a building owner (needs a key that reaches the whole partner)',
  body: Type.Object({ name: Name }, { additionalProperties: false }),
  response: withProblems({ 201: Type.Object({ id: Type.String() }) }, [400, 401, 403, 429]),
};

export function registerCreateOwnerRoute(app: App, deps: { owners: OwnersService }): void {
  app.post('/building_owners', { schema }, async (request, reply) => {
    const owner = await deps.owners.create({ principal: principalOf(request), name: request.body.name.trim() });
    return reply.status(201).send({ id: owner.id });
  });
}
