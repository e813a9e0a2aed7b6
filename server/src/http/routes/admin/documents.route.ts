import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../domain/documents/documents.service.js';
import type { ReprocessService } from '../../../domain/pipeline/reprocess.service.js';
import type { App } from '../../app-types.js';
import { presentDocument, DocumentSchema } from '../../presenters/documents.presenter.js';
import { Id, withProblems } from '../../schemas/common.js';

const security = [{ adminToken: [] }];

export function registerDocumentAdminRoutes(
  app: App,
  deps: { documents: DocumentsService; reprocess: ReprocessService },
): void {
  app.post(
    '/admin/documents/:documentId/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Restore an archived (deleted) document',
        security,
        params: Type.Object({ documentId: Id('document id') }),
        response: withProblems({ 200: DocumentSchema }, [401, 404]),
      },
    },
    async (request) => presentDocument(await deps.documents.restore(request.params.documentId)),
  );

  app.post(
    '/admin/reprocess',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run the processing pipeline again for one document, one building, or every document',
        security,
        body: Type.Union([
          Type.Object({ documentId: Id('document id') }, { additionalProperties: false }),
          Type.Object({ buildingId: Id('building id') }, { additionalProperties: false }),
          Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
        ]),
        response: withProblems({ 202: Type.Object({ enqueued: Type.Integer() }) }, [400, 401, 404]),
      },
    },
    async (request, reply) => reply.status(202).send(await deps.reprocess.reprocess(request.body)),
  );
}
