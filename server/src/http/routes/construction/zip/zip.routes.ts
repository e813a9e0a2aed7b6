import { Type } from '@sinclair/typebox';
import type { ZipArchiveRecord } from '../../../../domain/zip/zip-archives.js';
import type { ZipService } from '../../../../domain/zip/zip.service.js';
import { isAppError } from '../../../../domain/shared/errors.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { Id, Timestamp, withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

const ZipStatus = Type.Union(['queued', 'running', 'ready', 'failed'].map((status) => Type.Literal(status)));
const Accepted = Type.Object({ id: Type.String(), status: ZipStatus });
const Exclude = Type.Optional(
  Type.String({
    maxLength: 40,
    description: 'leave out documents uploaded before this day (YYYY-MM-DD) or time (ISO 8601)',
  }),
);
const BuildingParams = Type.Object({ buildingId: Id('building id') });
const LatestRevisions = Type.Optional(
  Type.Boolean({ description: 'true: only the current revision of each drawing and version of each file' }),
);

function accepted(record: ZipArchiveRecord) {
  return { id: record.id, status: record.status };
}

/**
 * Zip archives of a building's live files (READ_ACCESS to the project holding it): asked for with a POST (202, built
 * by a job), fetched with `latest` (a signed URL once ready).
 */
export function registerZipRoutes(app: App, deps: { zips: ZipService }): void {
  const schema = { tags: ['construction'], security: PERSON_SECURITY };

  app.post(
    '/construction/zip/:buildingId',
    {
      schema: {
        ...schema,
        summary: "Build a zip of the building's files (with manifest.json and manifest.csv)",
        params: BuildingParams,
        querystring: Type.Object(
          { excludeFilesBeforeDate: Exclude, latest_revisions: LatestRevisions },
          { additionalProperties: false },
        ),
        response: withProblems({ 202: Accepted }, [400, 401, 403, 404, 429]),
      },
    },
    async (request, reply) => {
      const record = await deps.zips.request({
        principal: principalOf(request),
        buildingId: request.params.buildingId,
        ...(request.query.excludeFilesBeforeDate !== undefined
          ? { excludeFilesBeforeDate: request.query.excludeFilesBeforeDate }
          : {}),
        ...(request.query.latest_revisions !== undefined ? { latestRevisions: request.query.latest_revisions } : {}),
      });
      return reply.code(202).send(accepted(record));
    },
  );

  app.post(
    '/construction/zip/:buildingId/subcontractor/:subcontractorId',
    {
      schema: {
        ...schema,
        summary: "Build a zip of one subcontractor's files in the building",
        params: Type.Object({ buildingId: Id('building id'), subcontractorId: Uuid('subcontractor id') }),
        querystring: Type.Object(
          { excludeFilesBeforeDate: Exclude, latest_revisions: LatestRevisions },
          { additionalProperties: false },
        ),
        response: withProblems({ 202: Accepted }, [400, 401, 403, 404, 429]),
      },
    },
    async (request, reply) => {
      const record = await deps.zips.request({
        principal: principalOf(request),
        ...request.params,
        ...(request.query.excludeFilesBeforeDate !== undefined
          ? { excludeFilesBeforeDate: request.query.excludeFilesBeforeDate }
          : {}),
        ...(request.query.latest_revisions !== undefined ? { latestRevisions: request.query.latest_revisions } : {}),
      });
      return reply.code(202).send(accepted(record));
    },
  );

  app.get(
    '/construction/zip/:buildingId/latest',
    {
      schema: {
        ...schema,
        summary: 'The latest zip of the building: its state, and a signed URL (15 minutes) once ready',
        params: BuildingParams,
        querystring: Type.Object(
          {
            excludeFilesBeforeDate: Exclude,
            latest_revisions: LatestRevisions,
            subcontractorId: Type.Optional(Uuid("the latest of this subcontractor's zips")),
            orNone: Type.Optional(
              Type.Boolean({
                description:
                  'true: answer 204 No Content when there is no zip yet (a page asking what exists), instead of 404',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            204: Type.Null({ description: 'no zip yet (only with orNone=true)' }),
            200: Type.Object({
              id: Type.String(),
              status: ZipStatus,
              createdAt: Timestamp,
              readyAt: Type.Union([Timestamp, Type.Null()]),
              fileCount: Type.Union([Type.Integer(), Type.Null()]),
              size: Type.Union([Type.Integer(), Type.Null()]),
              url: Type.Union([Type.String(), Type.Null()]),
              expiresAt: Type.Union([Timestamp, Type.Null()]),
              error: Type.Union([Type.String(), Type.Null()]),
            }),
          },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request, reply) => {
      const { excludeFilesBeforeDate, subcontractorId, latest_revisions: latestRevisions, orNone } = request.query;
      let zip;
      try {
        zip = await deps.zips.latest({
          principal: principalOf(request),
          buildingId: request.params.buildingId,
          ...(subcontractorId !== undefined ? { subcontractorId } : {}),
          ...(excludeFilesBeforeDate !== undefined ? { excludeFilesBeforeDate } : {}),
          ...(latestRevisions !== undefined ? { latestRevisions } : {}),
        });
      } catch (error) {
        // only "none yet" becomes 204: a building the caller may not see stays a 403/404
        if (orNone === true && isAppError(error) && error.code === 'zip.not_found') return reply.code(204).send(null);
        throw error;
      }
      return {
        id: zip.id,
        status: zip.status,
        createdAt: zip.createdAt.toISOString(),
        readyAt: zip.readyAt?.toISOString() ?? null,
        fileCount: zip.fileCount,
        size: zip.size,
        url: zip.url,
        expiresAt: zip.expiresAt?.toISOString() ?? null,
        error: zip.error,
      };
    },
  );
}
