import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentWithUrlsSchema, presentDocumentWithUrls } from '../../../presenters/documents.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'One document with signed download and preview URLs (valid 1 hour) and its classification evidence',
  params: DocumentParams,
  response: withProblems({ 200: DocumentWithUrlsSchema }),
};

export function registerGetDocumentRoute(app: App, deps: { documents: DocumentsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId',
    { schema },
    async (request) =>
      presentDocumentWithUrls(
        await deps.documents.get({
          principal: principalOf(request),
          ownerId: request.params.buildingOwnerId,
          buildingId: request.params.buildingId,
          documentId: request.params.documentId,
        }),
      ),
  );
}
