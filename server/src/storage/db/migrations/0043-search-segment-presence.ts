import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a segment also holds, per lexeme, the documents whose `head` holds it with weight A (filename, title,
 * drawing number, category), with weight B (folders, classification), and whose `top` holds it: the three presence
 * tests of the first pass (ranking.ts's roughScore). A segment then finds the first pass's best candidates itself,
 * where the search asked the boost index (`search_documents_boost`) for every hit with a term in `head` or `top`,
 * tens of thousands of rows for a common term at a million documents.
 *
 * Segments built before hold none of it: they are dropped, and the workers' upkeep builds them again within minutes
 * (until then, SQL answers as it does for an owner without one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings add column head_a bytea, add column head_b bytea, add column top bytea;
    alter table search_segment_postings alter column head_a set storage external,
      alter column head_b set storage external, alter column top set storage external;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from search_segments;
    alter table search_segment_postings drop column head_a, drop column head_b, drop column top;
  `.execute(db);
}
