import { sql, type Kysely } from 'kysely';

/**
 * Full-text search. Text is analysed by SQL functions (so PostgreSQL and PGlite analyse it identically, and the
 * triggers that keep the index current need no application code):
 *
 * - `search_fold`: lower case, accents folded (é -> e, ä -> æ, ö -> ø), æ ø å kept distinct.
 * - `search_text`: codes (`ARK-A-20-001`, `=360.001-RB01`, `brann-slukker`) keep their parts in place and are added
 *   joined, and cut at each separator, after the text, so a drawing number is one rare lexeme and a system number
 *   finds its components; definite and plural `-er`/`-ar` nouns are cut back to the singular so `brannslukker`,
 *   `brannslukkere` and `brannslukkerne` share one stem.
 * - configuration `byggdok`: Norwegian snowball stemming with Norwegian and English stop words.
 *
 * `search_documents` holds one narrow row per live, uploaded document: the filters, sort keys and facets, a small
 * `head` vector (filename, title, drawing number and category weighted A; path and classification weighted B), a
 * `top` vector (the body's most repeated lexemes, for cheap first-pass ranking) and `tsv` = body || head. Triggers
 * on `documents` (metadata, archive, upload) and `document_pages` (extracted text) keep it current in the same
 * transaction, so a change is searchable at once. `search_lexemes` is the per-owner vocabulary used for typo and
 * compound expansion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(MIGRATION).execute(db);
  // index what was there before search existed
  await sql`update documents set updated_at = updated_at where archived_at is null and upload_state = 'uploaded'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    drop trigger search_pages_inserted on document_pages;
    drop trigger search_pages_deleted on document_pages;
    drop trigger search_document_changed on documents;
    drop function search_sync_pages_inserted(); drop function search_sync_pages_deleted();
    drop function search_sync_document(); drop function search_refresh_body(uuid);
    drop table search_lexemes; drop table search_documents;
    drop index document_chunks_search;
    alter table document_chunks drop column search_tsv;
    drop function search_body(uuid); drop function search_top(tsvector); drop function search_vector(text);
    drop function search_text(text); drop function search_phrase_text(text); drop function search_nouns(text);
    drop function search_fold(text);
    drop text search configuration byggdok; drop text search dictionary byggdok_english_stop;
  `,
    )
    .execute(db);
}

const MIGRATION = String.raw`
create extension if not exists btree_gin;

-- English stop words are dropped before the Norwegian stemmer (which has its own Norwegian stop list) sees a word
create text search dictionary byggdok_english_stop (template = pg_catalog.simple, stopwords = english, accept = false);
create text search configuration byggdok (copy = pg_catalog.norwegian);
alter text search configuration byggdok
  alter mapping for asciiword, word, asciihword, hword, hword_asciipart, hword_part
  with byggdok_english_stop, norwegian_stem;

create function search_fold(input text) returns text language sql immutable strict parallel safe as $$
  -- translate() is slow on long text; most text has none of these letters
  select case when input ~ '[àáâãāçèéêëēìíîïñòóôõōùúûüūýÿäöǿÀÁÂÃĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕŌÙÚÛÜŪÝŸÄÖǾ]'
    then translate(lower(input), 'àáâãāçèéêëēìíîïñòóôõōùúûüūýÿäöǿ', 'aaaaaceeeeeiiiinooooouuuuuyyæøø')
    else lower(input) end
$$;

-- -er and -ar nouns, definite and plural, cut back to the singular before stemming
create function search_nouns(input text) returns text language sql immutable strict parallel safe as $$
  select regexp_replace(input, '([[:alpha:]]{3,}(?:er|ar))(?:ane|ne|en|ar|e)\M', '\1', 'g')
$$;

-- a code's parts stay in place (so phrases keep their positions)
create function search_phrase_text(input text) returns text language sql immutable strict parallel safe as $$
  select search_nouns(regexp_replace(search_fold(input), '[-.:_+](?=[[:alnum:]])', ' ', 'g'))
$$;

-- ... and each code is added once more after the text, joined and cut at each separator:
-- ARK-A-20-001 -> arka20001 arka20 arka, so ARK-A-20 finds it too, but ARK-A-20-00 does not
create function search_text(input text) returns text language sql immutable strict parallel safe as $$
  select search_phrase_text(input) || coalesce(' ' || search_nouns((
    select string_agg(array_to_string(c.parts[1:i], ''), ' ' order by c.n, i desc)
    from (
      select s.n, regexp_split_to_array(regexp_replace(s.token, '^[^[:alnum:]]+|[^[:alnum:]]+$', '', 'g'), '[-.:_+]') as parts
      from string_to_table(replace(replace(replace(search_fold(input), E'\n', ' '), E'\r', ' '), E'\t', ' '), ' ')
        with ordinality as s(token, n)
      where s.token ~ '[[:alnum:]][-.:_+][[:alnum:]]'
    ) c,
    generate_series(cardinality(c.parts), 2, -1) as i
  )), '')
$$;

create function search_vector(input text) returns tsvector language sql immutable strict parallel safe as $$
  select to_tsvector('byggdok'::regconfig, search_text(input))
$$;

-- the body's most repeated lexemes, without positions: enough for a first-pass ranking without reading the body
create function search_top(body tsvector) returns tsvector language sql immutable strict parallel safe as $$
  select coalesce(array_to_tsvector(array_agg(t.lexeme)), ''::tsvector)
  from (
    select u.lexeme from unnest(body) u
    where cardinality(u.positions) >= 2
    order by cardinality(u.positions) desc, u.lexeme
    limit 16
  ) t
$$;

-- pages, not chunks: chunks overlap, pages are the text exactly once. Very long documents are indexed up to a limit
-- (a tsvector holds at most 1 MB); their chunks stay searchable for passage retrieval.
create function search_body(doc uuid) returns tsvector language plpgsql stable as $$
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

alter table document_chunks add column search_tsv tsvector generated always as (search_vector(text)) stored;
create index document_chunks_search on document_chunks using gin (building_id, search_tsv);

create table search_documents (
  document_id uuid primary key references documents (id),
  building_id text not null,
  building_owner_id text not null,
  filename text not null,
  discipline text,
  building_category text,
  extension text not null,
  is_drawing boolean not null,
  floor text,
  created_at timestamptz(3) not null,
  updated_at timestamptz(3) not null,
  -- words in the body, for length normalization
  body_length integer not null default 0,
  head tsvector not null,
  top tsvector not null default '',
  -- body (weight D) first, then head: a metadata change replaces the head and keeps the body's positions
  tsv tsvector not null
);
-- the first pass reads head and top for every hit: keep them in the row, uncompressed; the body vector lives out of line
alter table search_documents alter column head set storage plain, alter column top set storage plain;
alter table search_documents set (toast_tuple_target = 256);
create index search_documents_tsv on search_documents using gin (building_id, tsv);
create index search_documents_owner on search_documents (building_owner_id, building_id);

create table search_lexemes (
  building_owner_id text not null,
  lexeme text not null,
  primary key (building_owner_id, lexeme)
);
-- typo candidates share a prefix or a suffix with the typed word (see query-analysis.ts)
create index search_lexemes_prefix on search_lexemes (building_owner_id, lexeme text_pattern_ops);
-- compounds end with their head word: 'dør' finds 'branndør' through the reversed lexeme
create index search_lexemes_reversed on search_lexemes (building_owner_id, reverse(lexeme) text_pattern_ops);

create function search_refresh_body(doc uuid) returns void language plpgsql as $$
declare
  new_body tsvector;
  owner_id text;
begin
  select s.building_owner_id into owner_id from search_documents s where s.document_id = doc;
  if owner_id is null then return; end if;
  new_body := search_body(doc);
  update search_documents s
     set tsv = new_body || s.head,
         top = search_top(new_body),
         body_length = coalesce((select sum(cardinality(u.positions)) from unnest(new_body) u), 0)
   where s.document_id = doc;
  insert into search_lexemes (building_owner_id, lexeme)
  select owner_id, l from unnest(tsvector_to_array(new_body)) l where l ~ '^[[:alpha:]]{3,40}$' order by l
  on conflict do nothing;
end
$$;

create function search_sync_document() returns trigger language plpgsql as $$
declare
  new_head tsvector;
  new_body tsvector;
begin
  if new.archived_at is not null or new.upload_state <> 'uploaded' then
    delete from search_documents where document_id = new.id;
    return null;
  end if;
  new_head :=
    setweight(search_vector(concat_ws(' ',
      regexp_replace(new.filename, '\.[[:alnum:]]{1,5}$', ''), new.title, new.drawing_number, new.building_category)), 'A')
    || setweight(search_vector(concat_ws(' ',
      regexp_replace(new.original_path, '[^/]*$', ''), new.discipline, new.information_type,
      array_to_string(new.information_types, ' '), new.drawing_type, new.floor, new.extension, new.serial_number,
      (select string_agg(e.value, ' ') from jsonb_each_text(coalesce(new.external_ids, '{}'::jsonb)) e))), 'B');
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

create trigger search_document_changed after insert or update on documents
  for each row execute function search_sync_document();

create function search_sync_pages_inserted() returns trigger language plpgsql as $$
begin
  perform search_refresh_body(x.document_id) from (select distinct document_id from inserted_pages) x;
  return null;
end
$$;

create function search_sync_pages_deleted() returns trigger language plpgsql as $$
begin
  perform search_refresh_body(x.document_id) from (select distinct document_id from deleted_pages) x;
  return null;
end
$$;

create trigger search_pages_inserted after insert on document_pages
  referencing new table as inserted_pages for each statement execute function search_sync_pages_inserted();
create trigger search_pages_deleted after delete on document_pages
  referencing old table as deleted_pages for each statement execute function search_sync_pages_deleted();
`;
