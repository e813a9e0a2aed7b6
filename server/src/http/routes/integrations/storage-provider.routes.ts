import { Type } from '@sinclair/typebox';
import type { StorageProviderService } from '../../../domain/storage-provider/storage-provider.service.js';
import { isAppError } from '../../../domain/shared/errors.js';
import type { App } from '../../app-types.js';
import { sendStorageProviderFailure } from '../../pages/storage-provider-pages.js';
import { principalOf } from '../../plugins/partner-auth.js';
import { SuccessSchema, withProblems } from '../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../schemas/people.js';

const schema = { tags: ['integrations'], security: PERSON_SECURITY };

const ImportSchema = Type.Object({
  id: Type.String(),
  status: Type.Union(['queued', 'running', 'done', 'failed'].map((s) => Type.Literal(s))),
  buildingId: Type.String(),
  folderPath: Type.String(),
  files: Type.Integer({ description: 'files found in the folder and its subfolders' }),
  imported: Type.Integer(),
  skipped: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
  documentIds: Type.Array(Type.String()),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/**
 * The signed-in person's connection to the configured file-storage provider (OAuth 2): start, the provider's
 * callback, the connection's state, disconnecting, and importing a folder into a project's building.
 */
export function registerStorageProviderRoutes(app: App, deps: { storageProvider: StorageProviderService }): void {
  const service = deps.storageProvider;

  app.get(
    '/integrations/storage-provider/oauth/start',
    {
      schema: {
        ...schema,
        summary: 'Send the browser to the storage provider to connect it',
        querystring: Type.Object(
          { redirectUri: Type.Optional(Type.String({ maxLength: 2000, description: 'where to come back to' })) },
          { additionalProperties: false },
        ),
        response: withProblems({ 302: Type.Null() }, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      const { url } = await service.start({
        principal: principalOf(request),
        ...(request.query.redirectUri ? { redirectUri: request.query.redirectUri } : {}),
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/integrations/storage-provider/oauth/callback',
    {
      schema: {
        ...schema,
        summary: 'Where the storage provider sends the browser back (code and state, or error)',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })),
          state: Type.Optional(Type.String({ maxLength: 512 })),
          error: Type.Optional(Type.String({ maxLength: 256 })),
          error_description: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
        response: withProblems({ 302: Type.Null() }, [400, 401, 404, 502]),
      },
    },
    async (request, reply) => {
      try {
        const { redirectTo } = await service.callback({
          principal: principalOf(request),
          query: request.query,
          callbackUrl: new URL(request.url, 'http://callback.invalid').href,
        });
        return reply.redirect(redirectTo, 302);
      } catch (error) {
        if (isAppError(error) && error.kind === 'invalid' && error.code.startsWith('storage_provider.')) {
          return sendStorageProviderFailure(request, reply, error);
        }
        throw error;
      }
    },
  );

  app.get(
    '/integrations/storage-provider',
    {
      schema: {
        ...schema,
        summary: 'Whether the signed-in person has connected the storage provider',
        response: withProblems(
          {
            200: Type.Object({
              connected: Type.Boolean(),
              scope: Type.Union([Type.String(), Type.Null()]),
              connectedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
            }),
          },
          [401, 404],
        ),
      },
    },
    async (request) => {
      const status = await service.status({ principal: principalOf(request) });
      return { ...status, connectedAt: status.connectedAt?.toISOString() ?? null };
    },
  );

  app.delete(
    '/integrations/storage-provider',
    {
      schema: {
        ...schema,
        summary: 'Forget the connection (its refresh token is deleted)',
        response: withProblems({ 200: SuccessSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      await service.disconnect({ principal: principalOf(request) });
      return { success: true as const };
    },
  );

  app.post(
    '/integrations/storage-provider/import',
    {
      schema: {
        ...schema,
        summary: 'Import a folder (and its subfolders) of the connected provider into a project building',
        body: Type.Object(
          {
            buildingId: Uuid('building of a construction project (WRITE_ACCESS)'),
            folderPath: Type.String({ maxLength: 1000, description: 'the folder at the provider, `/` for the root' }),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 202: ImportSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const record = await service.requestImport({ principal: principalOf(request), ...request.body });
      return reply.code(202).send(presentImport(record));
    },
  );

  app.get(
    '/integrations/storage-provider/import/:importId',
    {
      schema: {
        ...schema,
        summary: 'How far an import has come',
        params: Type.Object({ importId: Uuid('import id') }),
        response: withProblems({ 200: ImportSchema }, [400, 401, 404]),
      },
    },
    async (request) =>
      presentImport(await service.getImport({ principal: principalOf(request), importId: request.params.importId })),
  );
}

function presentImport(record: Awaited<ReturnType<StorageProviderService['getImport']>>) {
  return {
    id: record.id,
    status: record.status,
    buildingId: record.buildingId,
    folderPath: record.folderPath,
    files: record.files,
    imported: record.imported,
    skipped: record.skipped,
    documentIds: record.documentIds,
    error: record.error,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}
