import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { SuccessSchema, withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'Archive a document: it leaves lists, search, answers and counts; the operator can restore it',
  params: DocumentParams,
  response: withProblems({ 200: SuccessSchema }),
};

export function registerDeleteDocumentRoute(app: App, deps: { documents: DocumentsService }): void {
  app.delete(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId',
    { schema },
    async (request) => {
      await deps.documents.archive({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        documentId: request.params.documentId,
      });
      return { success: true as const };
    },
  );
}
