import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { DocumentSchema, presentDocument } from '../../../presenters/documents.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const schema = {
  tags: ['documents'],
  summary: 'The whole chain of versions and drawing revisions the document belongs to, newest first',
  description:
    'From any member of the chain; a document with no other version answers a list of itself. The same access as ' +
    'reading the document.',
  params: DocumentParams,
  response: withProblems({ 200: Type.Object({ versions: Type.Array(DocumentSchema) }) }),
};

export function registerDocumentVersionsRoute(app: App, deps: { documents: DocumentsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId/versions',
    { schema },
    async (request) => {
      const versions = await deps.documents.versions({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        documentId: request.params.documentId,
      });
      return { versions: versions.map(presentDocument) };
    },
  );
}
