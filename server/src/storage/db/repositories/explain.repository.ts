import { sql, type Kysely } from 'kysely';
import type { DocumentExplanation, ExplainRepository } from '../../../domain/pipeline/explain.service.js';
import type { DB } from '../schema.js';

const FLAGS = [
  'corrupt',
  'extracted_text',
  'extracted_file',
  'uncompressed_package',
  'valid_file',
  'invalid_file',
  'skip_extract_file',
  'text_extraction_error',
] as const;

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  output: unknown;
}

export function createExplainRepository(deps: { db: Kysely<DB> }): ExplainRepository {
  const { db } = deps;
  return {
    async explain(documentId) {
      const row = await db
        .selectFrom('documents')
        .select([
          'id',
          'building_id',
          'filename',
          'upload_state',
          'uploaded_at',
          'processed_at',
          'archived_at',
          'processing_error',
          'categorised',
          'building_category',
          'building_category_source',
          ...FLAGS,
        ])
        .select((eb) => [
          eb
            .selectFrom('document_pages')
            .whereRef('document_id', '=', 'documents.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('pages'),
          eb
            .selectFrom('document_chunks')
            .whereRef('document_id', '=', 'documents.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('chunks'),
        ])
        .where('id', '=', documentId)
        .executeTakeFirst();
      if (!row) return null;
      // pg-boss moves finished jobs to its archive after a while: both are read, oldest first
      const jobs = await sql<JobRow>`
        select id::text, name, state::text, retry_count, retry_limit, created_on, started_on, completed_on, output
          from pgboss.job where data->>'documentId' = ${documentId}
        union all
        select id::text, name, state::text, retry_count, retry_limit, created_on, started_on, completed_on, output
          from pgboss.archive where data->>'documentId' = ${documentId}
        order by created_on, name`.execute(db);
      const explanation: DocumentExplanation = {
        document: {
          id: row.id,
          buildingId: row.building_id,
          filename: row.filename,
          uploadState: row.upload_state,
          uploadedAt: row.uploaded_at,
          processedAt: row.processed_at,
          archivedAt: row.archived_at,
          processingError: row.processing_error,
          flags: Object.fromEntries(FLAGS.map((flag) => [flag, row[flag]])),
          pageCount: Number(row.pages ?? 0),
          chunkCount: Number(row.chunks ?? 0),
          classification: {
            categorised: row.categorised,
            buildingCategory: row.building_category,
            source: row.building_category_source,
          },
        },
        jobs: jobs.rows.map((job) => ({
          id: job.id,
          name: job.name,
          state: job.state,
          retryCount: job.retry_count,
          retryLimit: job.retry_limit,
          createdAt: job.created_on,
          startedAt: job.started_on,
          completedAt: job.completed_on,
          output: job.output,
        })),
      };
      return explanation;
    },
  };
}
