import { sql, type Kysely } from 'kysely';

/**
 * Until stop 103 a document filed the way its owner's corrections taught (classify.ts, applyOwnerModel) kept an
 * evidence line quoting up to six words of the similar corrected documents' names, folders and titles:
 * `similar corrected documents: "heimdal", "privat" (12 buildingCategory corrections in this owner)`. Those documents
 * may lie in a building or a private folder the reader of this one cannot see. New evidence names none of them
 * (`12 buildingCategory corrections in this owner`); this rewrites the lines stored before to that form, so no stored
 * evidence shows those words any more. A line of that kind in another form (none was ever written) keeps no words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update documents d set classification = (
      select jsonb_object_agg(f.key, case
        when jsonb_typeof(f.value) = 'object' and jsonb_typeof(f.value -> 'evidence') = 'array' then
          jsonb_set(f.value, '{evidence}', (
            select coalesce(jsonb_agg(case
              when jsonb_typeof(e.line) = 'string' and starts_with(e.line #>> '{}', 'similar corrected documents:') then
                to_jsonb(coalesce(
                  substring(e.line #>> '{}' from '\\((\\d+ [A-Za-z]+ corrections in this owner)\\)$'),
                  'corrections in this owner'))
              else e.line end order by e.n), '[]'::jsonb)
            from jsonb_array_elements(f.value -> 'evidence') with ordinality e (line, n)))
        else f.value end)
      from jsonb_each(d.classification) f)
    where jsonb_typeof(d.classification) = 'object'
      and d.classification::text like '%similar corrected documents:%'
  `.execute(db);
}

/** the words are gone: nothing to put back */
export async function down(): Promise<void> {}
