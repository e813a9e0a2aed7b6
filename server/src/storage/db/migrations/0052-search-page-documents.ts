import { sql, type Kysely } from 'kysely';

/**
 * Issue 48: a search's page of documents read inside the search statement, not in a round trip of its own after it.
 * A search took three round trips (the query's analysis, the search, the page's documents); on a 2-core machine each
 * one wakes a core, and after a pause that costs 0.8-1.2 ms. Joined into the search statement as a plain join, the
 * documents and their buildings took longer to plan than the rest of a rare term's search to run; through this
 * PL/pgSQL function the search statement plans a function call, and the function's own statement is planned once per
 * connection (PL/pgSQL keeps it), as the separate statement was.
 *
 * The rows are those of `visibleDocuments` (storage/db/visibility.ts), the one visibility rule, for `ids` in the scope
 * (`owner_id`; `building_ids` null for every building of the owner): the document and its building live, its upload
 * arrived, outside its building's private folders. A change to that rule changes this function too, in a migration;
 * search-page-documents.db.test.ts holds the two to the same rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_page_documents(ids uuid[], owner_id text, building_ids text[])
    returns setof documents language plpgsql stable rows 20 as $$
    begin
      return query
        select d.* from documents d join buildings b on b.id = d.building_id
        where d.id = any(ids) and d.building_owner_id = owner_id
          and (building_ids is null or d.building_id = any(building_ids))
          and d.archived_at is null and b.archived_at is null and d.upload_state = 'uploaded'
          and not exists (select 1 from unnest(b.private_folders) f where starts_with(d.original_path, f));
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_page_documents(uuid[], text, text[])`.execute(db);
}
