import { Type } from '@sinclair/typebox';
import type { UploadsService } from '../../../../domain/uploads/uploads.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['documents'],
  summary: 'Register a document and get a URL to PUT its bytes to',
  description:
    'A filename holding a path ("VVS/Ventilasjon/FDV aggregat 1.pdf") keeps the path in originalPath. PUT the file to ' +
    'uploadUrl with its Content-Type; processing starts when the bytes arrive.',
  params: BuildingParams,
  body: Type.Object(
    {
      filename: Type.String({ minLength: 1, maxLength: 2000 }),
      originalCreatedAt: Type.Optional(Type.String({ format: 'date-time' })),
      serialNumber: Type.Optional(Type.String({ maxLength: 1000 })),
      replacesDocumentId: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description:
            'a live document of the same building this file is a new version of: once uploaded, it supersedes that ' +
            'document (404 for an unknown id, 409 when that document is already superseded)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: Type.Object({ documentId: Type.String(), uploadUrl: Type.String() }) }),
};

export function registerRequestUploadRoute(app: App, deps: { uploads: UploadsService }): void {
  app.put('/building_owners/:buildingOwnerId/buildings/:buildingId/documents', { schema }, async (request) =>
    deps.uploads.requestUpload({
      principal: principalOf(request),
      target: { kind: 'building', ownerId: request.params.buildingOwnerId, buildingId: request.params.buildingId },
      filename: request.body.filename,
      ...(request.body.originalCreatedAt ? { originalCreatedAt: new Date(request.body.originalCreatedAt) } : {}),
      ...(request.body.serialNumber !== undefined ? { serialNumber: request.body.serialNumber } : {}),
      ...(request.body.replacesDocumentId !== undefined ? { replacesDocumentId: request.body.replacesDocumentId } : {}),
    }),
  );
}
