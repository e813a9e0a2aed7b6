import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentSchema, presentDocument } from '../../../presenters/documents.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';
import { LatestRevisionsQuery } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'Documents of a building, newest first by default',
  params: BuildingParams,
  querystring: Type.Object(
    {
      limit: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
      next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      sort_by: Type.Union([Type.Literal('createdAt'), Type.Literal('updatedAt')], { default: 'createdAt' }),
      sort_order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
      updated_since: Type.Optional(Type.String({ format: 'date-time', description: 'requires sort_by=updatedAt' })),
      latest_revisions: LatestRevisionsQuery,
    },
    { additionalProperties: false },
  ),
  response: withProblems({
    200: Type.Object({ documents: Type.Array(DocumentSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
  }),
};

export function registerListDocumentsRoute(app: App, deps: { documents: DocumentsService }): void {
  app.get('/building_owners/:buildingOwnerId/buildings/:buildingId/documents', { schema }, async (request) => {
    const { query } = request;
    const page = await deps.documents.list({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.params.buildingId,
      limit: query.limit,
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      ...(query.next_token ? { nextToken: query.next_token } : {}),
      ...(query.updated_since ? { updatedSince: new Date(query.updated_since) } : {}),
      latestRevisions: query.latest_revisions,
    });
    return { documents: page.items.map(presentDocument), nextToken: page.nextToken };
  });
}
