import { Type } from '@sinclair/typebox';
import type { ApiKeysService, PersonalKeyRecord } from '../../../domain/people/api-keys.service.js';
import type { App } from '../../app-types.js';
import { principalOf } from '../../plugins/partner-auth.js';
import { withProblems } from '../../schemas/common.js';
import { PERSON_SECURITY } from '../../schemas/people.js';

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const KeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Time,
  lastUsedAt: Time,
  revokedAt: Time,
});

function presentKey(key: PersonalKeyRecord) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** Personal API keys of the signed-in person: create (the key shown once), list, revoke. */
export function registerApiKeyRoutes(app: App, deps: { apiKeys: ApiKeysService }): void {
  app.post(
    '/auth/api-keys',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Create a personal API key (shown only in this answer)',
        security: PERSON_SECURITY,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'not blank' }),
            expiresAt: Type.Optional(
              Type.String({
                format: 'date-time',
                description: 'in the future, at most 365 days away; 90 days from now when absent',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            201: Type.Object({ ...KeySchema.properties, key: Type.String({ description: 'fk_user_...; only here' }) }),
          },
          [400, 401],
        ),
      },
    },
    async (request, reply) => {
      const created = await deps.apiKeys.create({
        principal: principalOf(request),
        name: request.body.name,
        expiresAt: request.body.expiresAt ? new Date(request.body.expiresAt) : null,
        clientAddress: request.ip,
        onMailFailed: (error) =>
          request.log.warn({ err: error }, 'personal API key made; its mail to the person failed'),
      });
      return reply.code(201).send({ ...presentKey(created), key: created.key });
    },
  );

  app.get(
    '/auth/api-keys',
    {
      schema: {
        tags: ['sign-in'],
        summary: "The caller's personal API keys (never the keys themselves)",
        security: PERSON_SECURITY,
        response: withProblems({ 200: Type.Object({ keys: Type.Array(KeySchema) }) }, [401]),
      },
    },
    async (request) => ({ keys: (await deps.apiKeys.list(principalOf(request))).map(presentKey) }),
  );

  app.delete(
    '/auth/api-keys/:id',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Revoke a personal API key: it stops working at once',
        security: PERSON_SECURITY,
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: withProblems({ 204: Type.Null() }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      await deps.apiKeys.revoke({
        principal: principalOf(request),
        keyId: request.params.id,
        clientAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
}
