import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AccessService } from '../../../domain/access/access.service.js';
import type { SubcontractorPrincipal } from '../../../domain/access/principal.js';
import type { ConstructionDocumentsService } from '../../../domain/deliveries/construction-documents.service.js';
import type { DeliveriesService } from '../../../domain/deliveries/deliveries.service.js';
import type { App } from '../../app-types.js';
import {
  presentConstructionDocument,
  presentDelivery,
  presentSignedUrl,
  presentSubcontractor,
} from '../../presenters/deliveries.presenter.js';
import { presentProjectRecord } from '../../presenters/projects.presenter.js';
import { PageQuery, SuccessSchema, Timestamp, withProblems } from '../../schemas/common.js';
import {
  ConstructionDocumentPatchSchema,
  ConstructionDocumentSchema,
  DeliveryListSchema,
  SignedUrlSchema,
  StrictUuid,
  SubcontractorSchema,
  SUBCONTRACTOR_SECURITY,
  UploadRequestBody,
} from '../../schemas/deliveries.js';
import { Uuid } from '../../schemas/people.js';

declare module 'fastify' {
  interface FastifyRequest {
    subcontractor: SubcontractorPrincipal | null;
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>` */
export function subcontractorTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match?.[1]) return match[1];
  return /^\S+$/.test(header) ? header : null;
}

const PlainIds = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 200, description: 'project id' }),
  subcontractorId: Type.String({ minLength: 1, maxLength: 200, description: 'subcontractor id' }),
});
const UuidIds = Type.Object({ projectId: Uuid('project id'), subcontractorId: Uuid('subcontractor id') });
const StrictDocumentIds = Type.Object({
  projectId: StrictUuid('project id'),
  subcontractorId: StrictUuid('subcontractor id'),
  documentId: StrictUuid('document id'),
});

const PortalProjectSchema = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  customerName: Type.String(),
  projectNumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  plannedHandoverDate: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  buildings: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/**
 * The subcontractor portal: every route needs the subcontractor token of the project and subcontractor in its path
 * (401 without a usable token; 404 for ids outside its reach), and shows and changes only that subcontractor's own
 * deliveries and documents. Registered in a scope of its own: neither the session cookie nor an API key counts here,
 * and the token counts nowhere else.
 */
export function registerPortalRoutes(
  app: App,
  deps: { access: AccessService; deliveries: DeliveriesService; constructionDocuments: ConstructionDocumentsService },
): void {
  const { access, deliveries, constructionDocuments: documents } = deps;
  app.decorateRequest('subcontractor', null);
  app.addHook('onRequest', async (request) => {
    request.subcontractor = await access.authenticateSubcontractor(subcontractorTokenOf(request));
  });

  /** the token's principal, once the path's project and subcontractor are the token's own */
  function portal(request: FastifyRequest & { params: { projectId: string; subcontractorId: string } }) {
    const principal = request.subcontractor;
    if (!principal) return access.authenticateSubcontractor(null);
    return access.authorizePortal({
      principal,
      projectId: request.params.projectId.toLowerCase(),
      subcontractorId: request.params.subcontractorId.toLowerCase(),
    });
  }

  const schema = { tags: ['portal'], security: SUBCONTRACTOR_SECURITY };
  const refusals = [400, 401, 404] as const;

  app.get(
    '/construction/public/delivery/:projectId/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: "The subcontractor's deliveries in the project, with their progress",
        params: UuidIds,
        response: withProblems({ 200: DeliveryListSchema }, [...refusals]),
      },
    },
    async (request) => {
      const own = await deliveries.listForSubcontractor(await portal(request));
      return { deliveries: own.map(presentDelivery) };
    },
  );

  app.get(
    '/construction/public/project/:projectId/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: 'The project: name, customer, dates and the buildings to upload into',
        params: UuidIds,
        response: withProblems({ 200: PortalProjectSchema }, [...refusals]),
      },
    },
    async (request) => {
      const project = await deliveries.portalProject(await portal(request));
      return { ...presentProjectRecord(project), customerName: project.customerName };
    },
  );

  app.get(
    '/construction/public/subcontractor/:projectId/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: "The subcontractor's own record",
        params: UuidIds,
        response: withProblems({ 200: SubcontractorSchema }, [...refusals]),
      },
    },
    async (request) => presentSubcontractor(await deliveries.portalSubcontractor(await portal(request))),
  );

  app.post(
    '/construction/public/upload/:projectId/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: 'Register an upload; PUT the bytes to uploadUrl',
        description:
          'The same two-step upload as the partner API: the file goes through extraction, classification and search. ' +
          'deliveryId and informationType say which delivery and information type the file answers.',
        params: PlainIds,
        body: UploadRequestBody,
        response: withProblems({ 200: Type.Object({ documentId: Type.String(), uploadUrl: Type.String() }) }, [
          ...refusals,
          409,
        ]),
      },
    },
    async (request) => {
      const body = request.body;
      return documents.portalUpload({
        principal: await portal(request),
        buildingId: body.buildingId,
        filename: body.filename,
        ...(body.deliveryId !== undefined ? { deliveryId: body.deliveryId.toLowerCase() } : {}),
        ...(body.informationType !== undefined ? { informationType: body.informationType } : {}),
        ...(body.uploadedBy !== undefined ? { uploadedBy: body.uploadedBy } : {}),
        ...(body.replacesDocumentId !== undefined ? { replacesDocumentId: body.replacesDocumentId.toLowerCase() } : {}),
        clientAddress: request.ip,
      });
    },
  );

  app.get(
    '/construction/public/documents/:projectId/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: 'The subcontractor’s own documents in the project, oldest first',
        params: PlainIds,
        querystring: PageQuery({ limit: 100 }),
        response: withProblems(
          {
            200: Type.Object({
              documents: Type.Array(ConstructionDocumentSchema),
              nextToken: Type.Union([Type.String(), Type.Null()]),
            }),
          },
          [...refusals],
        ),
      },
    },
    async (request) => {
      const page = await documents.portalList({
        principal: await portal(request),
        limit: request.query.limit,
        nextToken: request.query.next_token,
      });
      return { documents: page.items.map(presentConstructionDocument), nextToken: page.nextToken };
    },
  );

  app.get(
    '/construction/public/documents/:projectId/:subcontractorId/:documentId',
    {
      schema: {
        ...schema,
        summary: 'One of the subcontractor’s own documents',
        params: Type.Object({ ...PlainIds.properties, documentId: Uuid('document id') }),
        response: withProblems({ 200: ConstructionDocumentSchema }, [...refusals]),
      },
    },
    async (request) =>
      presentConstructionDocument(
        await documents.portalGet({
          principal: await portal(request),
          documentId: request.params.documentId.toLowerCase(),
        }),
      ),
  );

  app.put(
    '/construction/public/documents/:projectId/:subcontractorId/:documentId',
    {
      schema: {
        ...schema,
        summary: "Change the metadata of one of the subcontractor's own documents",
        description:
          'progressStatus: a subcontractor moves its documents between IN_PROGRESS and READY_TO_REVIEW. A file a newer ' +
          'version has replaced (supersededBy set) is final: 409 `document.superseded`.',
        params: StrictDocumentIds,
        body: ConstructionDocumentPatchSchema,
        response: withProblems({ 200: ConstructionDocumentSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      presentConstructionDocument(
        await documents.portalUpdate({
          principal: await portal(request),
          documentId: request.params.documentId.toLowerCase(),
          patch: request.body,
          clientAddress: request.ip,
        }),
      ),
  );

  app.delete(
    '/construction/public/documents/:projectId/:subcontractorId/:documentId',
    {
      schema: {
        ...schema,
        summary: "Delete (archive) one of the subcontractor's own documents",
        description: 'A file a newer version has replaced (supersededBy set) is final: 409 `document.superseded`.',
        params: Type.Object({ ...PlainIds.properties, documentId: Uuid('document id') }),
        querystring: Type.Object(
          { updatedBy: Type.Optional(Type.String({ maxLength: 255, description: 'who deleted it, for the history' })) },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: SuccessSchema }, [...refusals, 409]),
      },
    },
    async (request) => {
      await documents.portalArchive({
        principal: await portal(request),
        documentId: request.params.documentId.toLowerCase(),
        updatedBy: request.query.updatedBy ?? null,
        clientAddress: request.ip,
      });
      return { success: true as const };
    },
  );

  app.get(
    '/construction/public/documents/:projectId/:subcontractorId/:documentId/get-signed-url',
    {
      schema: {
        ...schema,
        summary: "A signed URL of one of the subcontractor's own files (15 minutes)",
        description: 'useGeneratedFile=true gives the generated PDF preview; false, the original file.',
        params: StrictDocumentIds,
        querystring: Type.Object({ useGeneratedFile: Type.Boolean() }, { additionalProperties: false }),
        response: withProblems({ 200: SignedUrlSchema }, [...refusals]),
      },
    },
    async (request) =>
      presentSignedUrl(
        await documents.portalSignedUrl({
          principal: await portal(request),
          documentId: request.params.documentId.toLowerCase(),
          useGeneratedFile: request.query.useGeneratedFile,
        }),
      ),
  );
}
