import { Type } from '@sinclair/typebox';
import type { ExplainService } from '../../../domain/pipeline/explain.service.js';
import type { App } from '../../app-types.js';
import { Id, withProblems } from '../../schemas/common.js';

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const ExplanationSchema = Type.Object(
  {
    document: Type.Object({
      id: Type.String(),
      buildingId: Type.String(),
      filename: Type.String(),
      uploadState: Type.String({ description: 'pending until the file has arrived, then uploaded' }),
      uploadedAt: Time,
      processedAt: Time,
      archivedAt: Time,
      processingError: Type.Union([Type.String(), Type.Null()]),
      flags: Type.Record(Type.String(), Type.Boolean()),
      pageCount: Type.Integer(),
      chunkCount: Type.Integer(),
      classification: Type.Object({
        categorised: Type.Boolean(),
        buildingCategory: Type.Union([Type.String(), Type.Null()]),
        source: Type.Union([Type.String(), Type.Null()]),
      }),
    }),
    jobs: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        state: Type.String({ description: 'created, retry, active, completed, cancelled or failed' }),
        retryCount: Type.Integer(),
        retryLimit: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        startedAt: Time,
        completedAt: Time,
        output: Type.Unknown({ description: 'the outcome of the job, or the error of its last failed attempt' }),
      }),
    ),
  },
  { description: 'A document explained' },
);

/** Why a document is stuck or failed: its states and every job for it (attempts, timings, errors). */
export function registerExplainDocumentRoute(app: App, deps: { explain: ExplainService }): void {
  app.get(
    '/admin/documents/:documentId/explain',
    {
      schema: {
        tags: ['admin'],
        summary: "Explain a document's processing: its states and every job for it",
        security: [{ adminToken: [] }],
        params: Type.Object({ documentId: Id('document id') }),
        response: withProblems({ 200: ExplanationSchema }, [401, 404]),
      },
    },
    async (request) => deps.explain.explain(request.params.documentId),
  );
}
