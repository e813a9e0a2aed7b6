import { Type } from '@sinclair/typebox';
import { MAX_PAGES_PER_READ, type DocumentsService } from '../../../../domain/documents/documents.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { DocumentParams } from '../../../schemas/documents.js';

const Query = Type.Object(
  {
    from: Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: 'the first page (1-based)' }),
    to: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: `the last page, included (at most ${MAX_PAGES_PER_READ} pages from \`from\`)`,
      }),
    ),
  },
  { additionalProperties: false },
);

const PagesSchema = Type.Object({
  documentId: Type.String(),
  filename: Type.String(),
  pageCount: Type.Union([Type.Integer(), Type.Null()], {
    description: 'pages of the document; null before processing',
  }),
  pages: Type.Array(
    Type.Object({
      pageNumber: Type.Integer(),
      text: Type.String(),
      ocr: Type.Boolean({ description: 'read by OCR from an image of the page' }),
    }),
  ),
});

const schema = {
  tags: ['documents'],
  summary: `The extracted text of a document's pages, ${MAX_PAGES_PER_READ} at most per call (for quoting and citing by page)`,
  params: DocumentParams,
  querystring: Query,
  response: withProblems({ 200: PagesSchema }),
};

export function registerDocumentPagesRoute(app: App, deps: { documents: DocumentsService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId/pages',
    { schema },
    async (request) => {
      const { document, pages } = await deps.documents.pages({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        documentId: request.params.documentId,
        from: request.query.from,
        ...(request.query.to !== undefined ? { to: request.query.to } : {}),
      });
      return { documentId: document.id, filename: document.filename, pageCount: document.pageCount, pages };
    },
  );
}
