import { Type } from '@sinclair/typebox';
import type { BusyLimit } from '../../../../domain/access/busy-limit.js';
import type { AccessService } from '../../../../domain/access/access.service.js';
import { BULK_DOCUMENTS_LIMIT, type DocumentsService } from '../../../../domain/documents/documents.service.js';
import { invalidField } from '../../../../domain/shared/errors.js';
import type { App } from '../../../app-types.js';
import { credentialOf, principalOf, surfaceOf } from '../../../plugins/partner-auth.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const DocumentId = Type.String({ minLength: 1, maxLength: 100 });
const DocumentIds = Type.Array(DocumentId, {
  minItems: 1,
  maxItems: BULK_DOCUMENTS_LIMIT,
  description: `1 to ${BULK_DOCUMENTS_LIMIT} document ids of this building`,
});

/**
 * A browser's plain form sends the ids as one comma-separated field (so the download streams straight to disk);
 * JSON clients send an array. Both are held to the same limits, each naming `/documentIds`.
 */
function idsOf(value: string[] | string): string[] {
  const ids = Array.isArray(value)
    ? value
    : value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
  if (ids.length === 0) throw invalidField('/documentIds', 'must name at least 1 document');
  if (ids.length > BULK_DOCUMENTS_LIMIT)
    throw invalidField('/documentIds', `must name at most ${BULK_DOCUMENTS_LIMIT} documents`);
  if (ids.some((id) => id.length > 100)) throw invalidField('/documentIds', 'holds an id longer than 100 characters');
  return ids;
}

/**
 * Work on many documents of a building at once: download them as one zip (READ_ACCESS) and set their category,
 * discipline and/or information types (WRITE_ACCESS). Every id is checked before anything happens: one that is not a
 * visible document of the building (another owner's, under a private folder, deleted, never there) refuses the
 * request alike, naming its place in the list (`/documentIds/3`).
 */
export function registerBulkDocumentRoutes(
  app: App,
  deps: { documents: DocumentsService; zipLimit: BusyLimit; access: AccessService },
): void {
  app.post(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/zip',
    {
      schema: {
        tags: ['documents'],
        summary: 'Download many documents of the building as one zip, streamed as it is written',
        description:
          'The files keep their upload folders; a manifest.csv (path, size, documentId) comes last. The whole list ' +
          'is checked before the first byte: a failure is a problem, never a broken zip. `check=true` answers the ' +
          'check alone (200 { count, filename }), for a page that reports errors before starting a download. A form ' +
          'post (application/x-www-form-urlencoded) may send documentIds as one comma-separated field. A credential ' +
          'may have a few downloads streaming at once (2 by default); one more is refused with 429 `zip.busy` and ' +
          'Retry-After.',
        params: BuildingParams,
        querystring: Type.Object(
          { check: Type.Optional(Type.Boolean({ description: 'true: check the request, send no zip' })) },
          { additionalProperties: false },
        ),
        body: Type.Object(
          {
            documentIds: Type.Union([
              DocumentIds,
              Type.String({ minLength: 1, maxLength: 600_000, description: 'comma-separated (a form post)' }),
            ]),
          },
          { additionalProperties: false },
        ),
        response: withProblems({
          200: Type.Union([
            Type.Object({ count: Type.Integer(), filename: Type.String() }),
            Type.String({ format: 'binary', description: 'the zip (application/zip)' }),
          ]),
        }),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const documentIds = idsOf(request.body.documentIds);
      const check = request.query.check === true;
      // a download holds one of its credential's slots (BYGGDOK_ZIP_STREAMS) from before its stream is made until
      // the stream closes: sent, failed, or destroyed when the client goes away; a check holds none
      const slot = check ? null : await deps.zipLimit.take(principal);
      let zip;
      try {
        zip = await deps.documents.zip({
          principal,
          ownerId: request.params.buildingOwnerId,
          buildingId: request.params.buildingId,
          documentIds,
          // a slow download asks again, as it reaches each file, whether its credential still holds: a key revoked, a
          // session token expired or a grant taken back meanwhile sends no more files
          recheck: () => deps.access.authenticate(credentialOf(request), { surface: surfaceOf(request) }),
        });
      } catch (error) {
        await slot?.release();
        throw error;
      }
      if (slot === null) {
        zip.stream.destroy();
        return { count: zip.count, filename: zip.filename };
      }
      const release = () => void slot.release();
      zip.stream.once('close', release);
      reply.raw.once('close', release);
      void zip.leftOut.then((leftOut) => {
        // once per download, naming every file the zip could not include (each is listed in MANGLER-MISSING.txt)
        if (leftOut.length > 0) request.log.warn({ leftOut }, `zip: ${leftOut.length} file(s) could not be included`);
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-document-count', String(zip.count))
        .send(zip.stream);
    },
  );

  app.post(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/documents/bulk-update-metadata',
    {
      schema: {
        tags: ['documents'],
        summary: 'Set the category, discipline and/or information types of many documents of the building at once',
        description:
          "Each value is a person's correction (kept by reprocessing, learnt by the owner's classifier). All values " +
          'and ids are checked first; then every document changes, or none. Answers per document what changed.',
        params: BuildingParams,
        body: Type.Object(
          {
            documentIds: DocumentIds,
            buildingCategory: Type.Optional(
              Type.String({ minLength: 1, maxLength: 10, description: 'NS 3451 code or MSC' }),
            ),
            discipline: Type.Optional(
              Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Null()], {
                description: 'a discipline code of the reference data; null clears it',
              }),
            ),
            informationTypes: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
                maxItems: 100,
                description: 'all information type ids, primary first (replaces the list)',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({
          200: Type.Object({
            documents: Type.Array(Type.Object({ id: Type.String(), changed: Type.Array(Type.String()) })),
          }),
        }),
      },
    },
    async (request) => {
      const { documentIds, buildingCategory, discipline, informationTypes } = request.body;
      const documents = await deps.documents.bulkUpdate({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        documentIds,
        patch: {
          ...(buildingCategory !== undefined ? { buildingCategory } : {}),
          ...(discipline !== undefined ? { discipline } : {}),
          ...(informationTypes !== undefined ? { informationTypes } : {}),
        },
      });
      return { documents };
    },
  );
}
