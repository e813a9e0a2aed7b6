import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment also holds each document's first chunk (the lowest `document_chunks.id` of its chunks). When
 * every chunk an owner-wide question reads scores alike (each holds all of its words), the answer is the lowest chunk
 * ids among them; in the order of their documents' first chunks, the segment names the few documents that can hold
 * those, and only their chunks are read (a chunk's id is never below its document's first). Before, every chunk holding
 * the words was read: hundreds to thousands of pages from disk at a million documents.
 *
 * Every write of a document's chunks reaches `search_changes` (through `document_lexemes`, migration 0044), so a
 * segment's first chunks hold for every document it still answers for. Segments built before hold none: they are
 * dropped, and the workers' upkeep builds them again within minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_documents add column first_chunk bigint;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_documents drop column first_chunk;
  `.execute(db);
}
