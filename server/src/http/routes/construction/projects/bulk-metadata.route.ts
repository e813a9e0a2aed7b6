import { Type, type TSchema } from '@sinclair/typebox';
import type { ConstructionDocumentsService } from '../../../../domain/deliveries/construction-documents.service.js';
import { BULK_LIMIT } from '../../../../domain/deliveries/construction-documents.service.js';
import { PROGRESS_STATUSES } from '../../../../domain/deliveries/progress.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { ProjectParams } from '../../../schemas/projects.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const BulkBody = Type.Object(
  {
    documentIds: Type.Optional(Type.Array(Uuid('document id'), { minItems: 1, maxItems: BULK_LIMIT })),
    filter: Type.Optional(
      Type.Object(
        {
          deliveryId: Type.Optional(Uuid('delivery')),
          subcontractorId: Type.Optional(Uuid('subcontractor')),
          buildingCategory: Type.Optional(Type.String({ maxLength: 16 })),
          informationType: Type.Optional(Type.String({ maxLength: 255 })),
          progressStatus: Type.Optional(Type.Union(PROGRESS_STATUSES.map((status) => Type.Literal(status)))),
        },
        { additionalProperties: false, description: 'instead of documentIds: every document that matches' },
      ),
    ),
    buildingCategory: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    informationTypes: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 }))),
  },
  { additionalProperties: false },
);

/**
 * Building category and/or information types on many documents at once (WRITE_ACCESS): each document says what
 * changed or why it was refused; the history and audit log keep every change.
 */
export function registerBulkMetadataRoute(
  app: App,
  deps: { constructionDocuments: ConstructionDocumentsService },
): void {
  app.post(
    '/construction/customers/:customerId/projects/:projectId/bulk-update-metadata',
    {
      schema: {
        tags: ['construction'],
        summary: 'Set the building category and/or information types of many documents',
        security: PERSON_SECURITY,
        params: ProjectParams,
        body: BulkBody,
        response: withProblems(
          {
            200: Type.Object({
              documents: Type.Array(
                Type.Object({
                  id: Type.String(),
                  changed: Type.Array(Type.String()),
                  error: Type.Union([Type.String(), Type.Null()]),
                }),
              ),
            }),
          },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request) => {
      const { documentIds, filter, buildingCategory, informationTypes } = request.body;
      const documents = await deps.constructionDocuments.bulkUpdateMetadata({
        principal: principalOf(request),
        ...request.params,
        ...(documentIds ? { documentIds } : {}),
        ...(filter ? { filter } : {}),
        ...(buildingCategory !== undefined ? { buildingCategory } : {}),
        ...(informationTypes !== undefined ? { informationTypes } : {}),
        clientAddress: request.ip,
      });
      return { documents };
    },
  );
}
