import { Type, type Static } from '@sinclair/typebox';
import type { RenamingService } from '../../../../domain/naming/renaming.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { ProjectParams } from '../../../schemas/projects.js';

const Flags = Type.Object(
  {
    useLocationCode: Type.Optional(Type.Boolean({ description: 'building_floor_room after the project number' })),
    useInformationType: Type.Optional(Type.Boolean({ description: 'the information type after the category' })),
    useTFMCode: Type.Optional(Type.Boolean({ description: 'the TFM code before the number' })),
  },
  { additionalProperties: false },
);

const NamingItem = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  newFilename: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

const UpdateSchema = Type.Object({
  renamed: Type.Integer(),
  changeSetId: Type.Union([Type.String(), Type.Null()], {
    description: 'undo this rename with POST .../update-filenames/{changeSetId}/undo (null when nothing was renamed)',
  }),
  documents: Type.Array(NamingItem),
});

function flagsOf(query: Static<typeof Flags>, body: Static<typeof Flags> | undefined) {
  return {
    useLocationCode: query.useLocationCode ?? body?.useLocationCode ?? false,
    useInformationType: query.useInformationType ?? body?.useInformationType ?? false,
    useTFMCode: query.useTFMCode ?? body?.useTFMCode ?? false,
  };
}

/**
 * Bulk renaming by the project's naming convention: a preview (READ_ACCESS) changes nothing, the update
 * (WRITE_ACCESS) applies exactly the names the preview shows for the same flags and state, and undo gives back the
 * names one update replaced.
 */
export function registerFilenameRoutes(app: App, deps: { renaming: RenamingService }): void {
  const base = '/construction/customers/:customerId/projects/:projectId';
  const schema = { tags: ['construction'], security: PERSON_SECURITY };

  app.get(
    `${base}/preview-filenames`,
    {
      schema: {
        ...schema,
        summary: 'Preview new filenames by the naming convention (nothing changes)',
        params: ProjectParams,
        querystring: Flags,
        response: withProblems(
          { 200: Type.Object({ pattern: Type.String(), documents: Type.Array(NamingItem) }) },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) =>
      deps.renaming.preview({
        principal: principalOf(request),
        ...request.params,
        flags: flagsOf(request.query, undefined),
      }),
  );

  app.post(
    `${base}/update-filenames`,
    {
      schema: {
        ...schema,
        summary: 'Rename every eligible document as the preview shows',
        description: 'Flags as query parameters (a JSON body with the same members is accepted too).',
        params: ProjectParams,
        querystring: Flags,
        body: Type.Optional(Flags),
        response: withProblems({ 200: UpdateSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      deps.renaming.update({
        principal: principalOf(request),
        ...request.params,
        flags: flagsOf(request.query, request.body),
        clientAddress: request.ip,
      }),
  );

  app.post(
    `${base}/update-filenames/:changeSetId/undo`,
    {
      schema: {
        ...schema,
        summary: 'Undo one rename: the names it replaced come back where its names are still in place',
        params: Type.Object({ ...ProjectParams.properties, changeSetId: Uuid('the changeSetId of the rename') }),
        response: withProblems({ 200: UpdateSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      deps.renaming.undo({
        principal: principalOf(request),
        ...request.params,
        changeSetId: request.params.changeSetId.toLowerCase(),
        clientAddress: request.ip,
      }),
  );
}
