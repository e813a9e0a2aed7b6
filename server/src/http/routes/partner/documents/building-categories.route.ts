import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentSchema, presentDocument } from '../../../presenters/documents.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';
import { LatestRevisionsQuery } from '../../../schemas/documents.js';

export function registerBuildingCategoryRoutes(app: App, deps: { documents: DocumentsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/building_category',
    {
      schema: {
        tags: ['documents'],
        summary: 'Number of documents per NS 3451 building category',
        params: BuildingParams,
        response: withProblems({ 200: Type.Object({ categoryCount: Type.Record(Type.String(), Type.Integer()) }) }),
      },
    },
    async (request) => ({
      categoryCount: await deps.documents.categoryCounts({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
      }),
    }),
  );

  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/building_category/:buildingCategory',
    {
      schema: {
        tags: ['documents'],
        summary: 'Documents of one building category, paged with next_token',
        params: Type.Composite([
          BuildingParams,
          Type.Object({ buildingCategory: Type.String({ minLength: 1, maxLength: 10 }) }),
        ]),
        querystring: Type.Object(
          {
            next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
            limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
            latest_revisions: LatestRevisionsQuery,
          },
          { additionalProperties: false },
        ),
        response: withProblems({
          200: Type.Object({
            documents: Type.Array(DocumentSchema),
            nextToken: Type.Union([Type.String(), Type.Null()]),
          }),
        }),
      },
    },
    async (request) => {
      const page = await deps.documents.list({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        category: request.params.buildingCategory,
        limit: request.query.limit,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        latestRevisions: request.query.latest_revisions,
        ...(request.query.next_token ? { nextToken: request.query.next_token } : {}),
      });
      return { documents: page.items.map(presentDocument), nextToken: page.nextToken };
    },
  );
}
