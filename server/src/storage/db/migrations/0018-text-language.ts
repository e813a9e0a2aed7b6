import { sql, type Kysely } from 'kysely';

/**
 * English as well as Norwegian. Documents, pages and chunks say which language their text is written in (`nb`, `nn`
 * or `en`, detected at extraction; null where the text says too little, analysed as Norwegian as before), and each
 * is indexed with its language's analysis:
 *
 * - configuration `byggdok_en`: the English snowball stemmer and its stop words, over the same `search_text`
 *   (folded accents, codes split and joined, numbers as they are), so "released" and "release" share a lexeme;
 * - `search_vector(text, language)`: `byggdok_en` for English, the Norwegian `byggdok` otherwise;
 * - a chunk's vector follows the chunk's language; a document's body joins the vectors of its Norwegian and its
 *   English pages; its head (filename, title, codes) follows the document's language.
 *
 * A query is analysed both ways (query-analysis.ts). Rows stored before this migration have no language and keep
 * the Norwegian analysis until their document is processed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(MIGRATION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    drop index document_chunks_tsv;
    alter table document_chunks drop column tsv;
    alter table document_chunks add column tsv tsvector generated always as (search_vector(text)) stored;
    create index document_chunks_tsv on document_chunks using gin (building_id, tsv);
    alter table document_chunks drop column language;
    alter table document_pages drop column language;
    alter table documents drop column language;
  `,
    )
    .execute(db);
  // search_body and search_sync_document read the language columns: put back their Norwegian-only versions
  await sql.raw(NORWEGIAN_ONLY_BODY).execute(db);
  await sql.raw(headFunction('search_vector(%s)')).execute(db);
  await sql.raw(`drop function search_vector(text, text); drop text search configuration byggdok_en;`).execute(db);
}

const MIGRATION =
  String.raw`
alter table documents add column language text;
alter table document_pages add column language text;
alter table document_chunks add column language text;

create text search configuration byggdok_en (copy = pg_catalog.english);
alter text search configuration byggdok_en
  alter mapping for asciiword, word, asciihword, hword, hword_asciipart, hword_part with english_stem;

create function search_vector(input text, language text) returns tsvector language sql immutable parallel safe as $$
  select case when language = 'en' then to_tsvector('byggdok_en'::regconfig, search_text(input))
              else to_tsvector('byggdok'::regconfig, search_text(input)) end
$$;

drop index document_chunks_tsv;
alter table document_chunks drop column tsv;
alter table document_chunks add column tsv tsvector generated always as (search_vector(text, language)) stored;
create index document_chunks_tsv on document_chunks using gin (building_id, tsv);

-- the Norwegian pages' vector, then the English pages' (positions go on after the first); a tsvector holds at most
-- 1 MB, so both together are indexed up to the limit the single vector had
create or replace function search_body(doc uuid) returns tsvector language plpgsql stable as $$
declare
  norwegian text;
  english text;
begin
  select left(string_agg(p.text, E'\n' order by p.page_number) filter (where p.language is distinct from 'en'), 400000),
         string_agg(p.text, E'\n' order by p.page_number) filter (where p.language = 'en')
    into norwegian, english
  from document_pages p where p.document_id = doc;
  if norwegian is null and english is null then return ''::tsvector; end if;
  norwegian := coalesce(norwegian, '');
  english := left(coalesce(english, ''), greatest(0, 400000 - length(norwegian)));
  begin
    return setweight(search_vector(norwegian, 'nb'), 'D') || setweight(search_vector(english, 'en'), 'D');
  exception when program_limit_exceeded then
    return setweight(search_vector(left(norwegian, 100000), 'nb'), 'D')
      || setweight(search_vector(left(english, greatest(0, 100000 - length(norwegian))), 'en'), 'D');
  end;
end
$$;
` + headFunction(`search_vector(%s, new.language)`);

const NORWEGIAN_ONLY_BODY = String.raw`
create or replace function search_body(doc uuid) returns tsvector language plpgsql stable as $$
declare
  body text;
begin
  select left(string_agg(p.text, E'\n' order by p.page_number), 400000) into body
  from document_pages p where p.document_id = doc;
  if body is null then return ''::tsvector; end if;
  begin
    return setweight(search_vector(body), 'D');
  exception when program_limit_exceeded then
    return setweight(search_vector(left(body, 100000)), 'D');
  end;
end
$$;
`;

/** search_sync_document of migration 0004, with the head's analysis given as a template (`%s` is its text). */
function headFunction(analysis: string): string {
  // a function, so the `$'` in the text's patterns is not read as a replacement pattern
  const vector = (text: string) => analysis.replace('%s', () => text);
  return String.raw`
create or replace function search_sync_document() returns trigger language plpgsql as $$
declare
  new_head tsvector;
  new_body tsvector;
begin
  if new.archived_at is not null or new.upload_state <> 'uploaded' then
    delete from search_documents where document_id = new.id;
    return null;
  end if;
  new_head :=
    setweight(${vector(String.raw`concat_ws(' ',
      regexp_replace(new.filename, '\.[[:alnum:]]{1,5}$', ''), new.title, new.drawing_number, new.building_category)`)}, 'A')
    || setweight(${vector(String.raw`concat_ws(' ',
      regexp_replace(new.original_path, '[^/]*$', ''), new.discipline, new.information_type,
      array_to_string(new.information_types, ' '), new.drawing_type, new.floor, new.extension, new.serial_number,
      (select string_agg(e.value, ' ') from jsonb_each_text(coalesce(new.external_ids, '{}'::jsonb)) e))`)}, 'B');
  update search_documents s
     set building_id = new.building_id, building_owner_id = new.building_owner_id, filename = new.filename,
         discipline = new.discipline, building_category = new.building_category, extension = new.extension,
         is_drawing = new.is_drawing, floor = new.floor, created_at = new.created_at, updated_at = new.updated_at,
         head = new_head,
         tsv = ts_filter(s.tsv, '{d}') || new_head
   where s.document_id = new.id;
  if not found then
    new_body := search_body(new.id);
    insert into search_documents (document_id, building_id, building_owner_id, filename, discipline, building_category,
      extension, is_drawing, floor, created_at, updated_at, body_length, head, top, tsv)
    values (new.id, new.building_id, new.building_owner_id, new.filename, new.discipline, new.building_category,
      new.extension, new.is_drawing, new.floor, new.created_at, new.updated_at,
      coalesce((select sum(cardinality(u.positions)) from unnest(new_body) u), 0), new_head, search_top(new_body),
      new_body || new_head);
    insert into search_lexemes (building_owner_id, lexeme)
    select new.building_owner_id, l from unnest(tsvector_to_array(new_body)) l where l ~ '^[[:alpha:]]{3,40}$' order by l
    on conflict do nothing;
  end if;
  insert into search_lexemes (building_owner_id, lexeme)
  select new.building_owner_id, l from unnest(tsvector_to_array(new_head)) l where l ~ '^[[:alpha:]]{3,40}$' order by l
  on conflict do nothing;
  return null;
end
$$;
`;
}
