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
    next_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: 'the `nextToken` of the previous call (from the page after its last)',
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
      page_number: Type.Integer({ description: 'pages count from 1' }),
      pageNumber: Type.Integer({ description: 'the same as page_number (kept for earlier clients)' }),
      text: Type.String(),
      ocr: Type.Boolean({ description: 'read by OCR from an image of the page' }),
    }),
  ),
  nextToken: Type.Union([Type.String(), Type.Null()], {
    description: 'pass as `next_token` for the following pages; null when this call read up to the last page or `to`',
  }),
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
      const { document, pages, nextToken } = await deps.documents.pages({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        documentId: request.params.documentId,
        from: request.query.from,
        ...(request.query.to !== undefined ? { to: request.query.to } : {}),
        ...(request.query.next_token !== undefined ? { nextToken: request.query.next_token } : {}),
      });
      return {
        documentId: document.id,
        filename: document.filename,
        pageCount: document.pageCount,
        pages: pages.map((page) => ({ page_number: page.pageNumber, ...page })),
        nextToken,
      };
    },
  );
}
