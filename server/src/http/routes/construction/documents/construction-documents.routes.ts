import { Type } from '@sinclair/typebox';
import type { ConstructionDocumentsService } from '../../../../domain/deliveries/construction-documents.service.js';
import { PROGRESS_STATUSES } from '../../../../domain/deliveries/progress.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  presentConstructionDocument,
  presentHistory,
  presentSignedUrl,
} from '../../../presenters/deliveries.presenter.js';
import { PageQuery, SuccessSchema, withProblems } from '../../../schemas/common.js';
import {
  BatchBody,
  ConstructionDocumentPatchSchema,
  ConstructionDocumentSchema,
  HistorySchema,
  SignedUrlSchema,
} from '../../../schemas/deliveries.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

const DocumentParams = Type.Object({ documentId: Uuid('document id') });

const ListQuery = Type.Object(
  {
    ...PageQuery({ limit: 100 }).properties,
    deliveryId: Type.Optional(Uuid('only documents answering this delivery')),
    subcontractorId: Type.Optional(Uuid('only documents this subcontractor uploaded')),
    buildingCategory: Type.Optional(Type.String({ maxLength: 16, description: 'NS 3451 category' })),
    informationType: Type.Optional(Type.String({ maxLength: 255 })),
    progressStatus: Type.Optional(Type.Union(PROGRESS_STATUSES.map((status) => Type.Literal(status)))),
  },
  { additionalProperties: false },
);

/**
 * A project's documents for its members: READ_ACCESS reads them, their history and their files; WRITE_ACCESS changes
 * metadata (one, or 1 to 500 at once, all or nothing) and deletes (archives). Every change is kept in the document's
 * history and the customer's audit log.
 */
export function registerConstructionDocumentRoutes(
  app: App,
  deps: { constructionDocuments: ConstructionDocumentsService },
): void {
  const schema = { tags: ['construction'], security: PERSON_SECURITY };
  const documents = deps.constructionDocuments;

  // before /:documentId, which would otherwise take "batch" for an id
  app.put(
    '/construction/documents/batch',
    {
      schema: {
        ...schema,
        summary: 'Change the metadata of 1 to 500 documents, all or nothing',
        description: 'One failing item changes nothing; the 400 lists every failing item by index and field.',
        body: BatchBody,
        response: withProblems(
          { 200: Type.Object({ documents: Type.Array(ConstructionDocumentSchema) }) },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request) => {
      const changed = await documents.batch({
        principal: principalOf(request),
        items: request.body.documents.map((item) => ({ id: item.id.toLowerCase(), patch: item })),
        clientAddress: request.ip,
      });
      return { documents: changed.map(presentConstructionDocument) };
    },
  );

  app.get(
    '/construction/documents/project/:projectId',
    {
      schema: {
        ...schema,
        summary: "A project's documents, oldest first, paged and filtered",
        params: Type.Object({ projectId: Uuid('project id') }),
        querystring: ListQuery,
        response: withProblems(
          {
            200: Type.Object({
              documents: Type.Array(ConstructionDocumentSchema),
              nextToken: Type.Union([Type.String(), Type.Null()]),
            }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const { limit, next_token: nextToken, ...filters } = request.query;
      const page = await documents.list({
        principal: principalOf(request),
        filter: {
          projectId: request.params.projectId.toLowerCase(),
          ...(filters.deliveryId ? { deliveryId: filters.deliveryId.toLowerCase() } : {}),
          ...(filters.subcontractorId ? { subcontractorId: filters.subcontractorId.toLowerCase() } : {}),
          ...(filters.buildingCategory ? { buildingCategory: filters.buildingCategory } : {}),
          ...(filters.informationType ? { informationType: filters.informationType } : {}),
          ...(filters.progressStatus ? { progressStatus: filters.progressStatus } : {}),
        },
        limit,
        nextToken,
      });
      return { documents: page.items.map(presentConstructionDocument), nextToken: page.nextToken };
    },
  );

  app.get(
    '/construction/documents/:documentId',
    {
      schema: {
        ...schema,
        summary: 'A document of a project',
        params: DocumentParams,
        response: withProblems({ 200: ConstructionDocumentSchema }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      presentConstructionDocument(
        await documents.get({ principal: principalOf(request), documentId: request.params.documentId.toLowerCase() }),
      ),
  );

  app.put(
    '/construction/documents/:documentId',
    {
      schema: {
        ...schema,
        summary: "Change a document's metadata",
        params: DocumentParams,
        body: ConstructionDocumentPatchSchema,
        response: withProblems({ 200: ConstructionDocumentSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      presentConstructionDocument(
        await documents.update({
          principal: principalOf(request),
          documentId: request.params.documentId.toLowerCase(),
          patch: request.body,
          clientAddress: request.ip,
        }),
      ),
  );

  app.delete(
    '/construction/documents/:documentId',
    {
      schema: {
        ...schema,
        summary: 'Delete (archive) a document',
        params: DocumentParams,
        response: withProblems({ 200: SuccessSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await documents.archive({
        principal: principalOf(request),
        documentId: request.params.documentId.toLowerCase(),
        clientAddress: request.ip,
      });
      return { success: true as const };
    },
  );

  app.get(
    '/construction/documents/:documentId/get-signed-url',
    {
      schema: {
        ...schema,
        summary: "A signed URL of the document's file (15 minutes)",
        description: 'useGeneratedFile=true gives the generated PDF preview; false or absent, the original file.',
        params: DocumentParams,
        querystring: Type.Object({ useGeneratedFile: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        response: withProblems({ 200: SignedUrlSchema }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      presentSignedUrl(
        await documents.signedUrl({
          principal: principalOf(request),
          documentId: request.params.documentId.toLowerCase(),
          useGeneratedFile: request.query.useGeneratedFile ?? false,
        }),
      ),
  );

  app.get(
    '/construction/documents/:documentId/history',
    {
      schema: {
        ...schema,
        summary: "A document's history: every change of its metadata, who and when, old and new value",
        params: DocumentParams,
        response: withProblems({ 200: HistorySchema }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      presentHistory(
        await documents.history({
          principal: principalOf(request),
          documentId: request.params.documentId.toLowerCase(),
        }),
      ),
  );
}
