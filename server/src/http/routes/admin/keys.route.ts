import { Type } from '@sinclair/typebox';
import type { AdminService } from '../../../domain/admin/admin.service.js';
import type { App } from '../../app-types.js';
import { ApiKeySchema, presentApiKey } from '../../presenters/admin.presenter.js';
import { Id, withProblems } from '../../schemas/common.js';

const security = [{ adminToken: [] }];
const IdList = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 10_000 });

export function registerKeyAdminRoutes(app: App, deps: { admin: AdminService }): void {
  app.post(
    '/admin/partners/:partnerId/keys',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an API key (shown once). Without grants it reaches every building owner of the partner.',
        security,
        params: Type.Object({ partnerId: Id('partner id') }),
        body: Type.Optional(
          Type.Object(
            {
              name: Type.Optional(Type.String({ maxLength: 200 })),
              buildingOwnerIds: Type.Optional(IdList),
              buildingIds: Type.Optional(IdList),
              environment: Type.Optional(Type.Union([Type.Literal('live'), Type.Literal('test')])),
            },
            { additionalProperties: false },
          ),
        ),
        response: withProblems(
          {
            201: Type.Object({
              id: Type.String(),
              key: Type.String({ description: 'fk_live_... — shown only in this response' }),
              partnerId: Type.String(),
              buildingOwnerIds: Type.Array(Type.String()),
              buildingIds: Type.Array(Type.String()),
              createdAt: Type.String({ format: 'date-time' }),
            }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const key = await deps.admin.createKey({
        partnerId: request.params.partnerId,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.buildingOwnerIds ? { buildingOwnerIds: body.buildingOwnerIds } : {}),
        ...(body.buildingIds ? { buildingIds: body.buildingIds } : {}),
        ...(body.environment ? { environment: body.environment } : {}),
      });
      return reply.status(201).send({
        id: key.id,
        key: key.key,
        partnerId: key.partnerId,
        buildingOwnerIds: key.buildingOwnerIds,
        buildingIds: key.buildingIds,
        createdAt: key.createdAt.toISOString(),
      });
    },
  );

  app.get(
    '/admin/partners/:partnerId/keys',
    {
      schema: {
        tags: ['admin'],
        summary: "A partner's keys (never the keys themselves)",
        security,
        params: Type.Object({ partnerId: Id('partner id') }),
        response: withProblems({ 200: Type.Object({ keys: Type.Array(ApiKeySchema) }) }, [401, 404]),
      },
    },
    async (request) => ({ keys: (await deps.admin.listKeys(request.params.partnerId)).map(presentApiKey) }),
  );

  app.delete(
    '/admin/keys/:keyId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a key; it and its session tokens stop working at once',
        security,
        params: Type.Object({ keyId: Id('key id') }),
        response: withProblems({ 204: Type.Null() }, [401, 404]),
      },
    },
    async (request, reply) => {
      await deps.admin.revokeKey(request.params.keyId);
      return reply.status(204).send(null);
    },
  );
}
