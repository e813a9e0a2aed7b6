import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentStatusSchema, presentDocumentStatus } from '../../../presenters/documents.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'Document processing status',
  params: DocumentParams,
  response: withProblems({ 200: DocumentStatusSchema }),
};

export function registerDocumentStatusRoute(app: App, deps: { documents: DocumentsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId/status',
    { schema },
    async (request) =>
      presentDocumentStatus(
        await deps.documents.status({
          principal: principalOf(request),
          ownerId: request.params.buildingOwnerId,
          buildingId: request.params.buildingId,
          documentId: request.params.documentId,
        }),
      ),
  );
}
