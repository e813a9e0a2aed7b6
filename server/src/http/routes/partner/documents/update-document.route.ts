import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentSchema, presentDocument } from '../../../presenters/documents.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'Update metadata; a category set here is never overwritten by reprocessing',
  params: DocumentParams,
  body: Type.Object(
    {
      filename: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      buildingCategory: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'NS 3451 code or MSC' })),
      originalCreatedAt: Type.Optional(Type.String({ format: 'date-time' })),
      serialNumber: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
      informationType: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 500,
          description: 'primary information type id; put first in informationTypes (added when missing)',
        }),
      ),
      drawingNumber: Type.Optional(
        Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
          description: "a person's drawing number: kept by reprocessing; the revision chains follow it",
        }),
      ),
      drawingRevision: Type.Optional(
        Type.Union([Type.String({ maxLength: 50 }), Type.Null()], {
          description: "a person's revision: kept by reprocessing; the revision chains follow it",
        }),
      ),
      informationTypes: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
          maxItems: 100,
          description:
            "all information type ids, primary first; a person's types are never overwritten by reprocessing",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: DocumentSchema }),
};

export function registerUpdateDocumentRoute(app: App, deps: { documents: DocumentsService }): void {
  app.patch(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId',
    { schema },
    async (request) => {
      const { body } = request;
      return presentDocument(
        await deps.documents.update({
          principal: principalOf(request),
          ownerId: request.params.buildingOwnerId,
          buildingId: request.params.buildingId,
          documentId: request.params.documentId,
          patch: {
            ...(body.filename !== undefined ? { filename: body.filename } : {}),
            ...(body.buildingCategory !== undefined ? { buildingCategory: body.buildingCategory } : {}),
            ...(body.originalCreatedAt !== undefined ? { originalCreatedAt: new Date(body.originalCreatedAt) } : {}),
            ...(body.serialNumber !== undefined ? { serialNumber: body.serialNumber } : {}),
            ...(body.informationType !== undefined ? { informationType: body.informationType } : {}),
            ...(body.informationTypes !== undefined ? { informationTypes: body.informationTypes } : {}),
            ...(body.drawingNumber !== undefined ? { drawingNumber: body.drawingNumber } : {}),
            ...(body.drawingRevision !== undefined ? { drawingRevision: body.drawingRevision } : {}),
          },
        }),
      );
    },
  );
}
