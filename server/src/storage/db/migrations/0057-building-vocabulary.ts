import { sql, type Kysely } from 'kysely';

/**
 * A word's typo corrections and compounds, and whether a typed word counts as spelled, came from the owner's whole
 * vocabulary (`search_lexemes`: every word any document of the owner ever held, in any building, in private folders,
 * archived since). A credential that reaches some of an owner's buildings could so test whether a word occurs in the
 * others: a word known anywhere was taken as spelled, one known nowhere was corrected to its neighbours in reach.
 *
 * `building_lexemes` holds each building's vocabulary as a reader of it may see it: the words of its live documents
 * outside its private folders. `search_lexemes` stays the owner's candidate list (its prefix and suffix indexes find a
 * word's neighbours), and every candidate, and the typed word itself, counts only where `building_lexemes` has it in a
 * building of the search's scope (query-analysis.ts).
 *
 * Words are added in the statement that makes them visible (a trigger on `search_documents`, or a document moved out
 * of a private folder). A change that may take words away (a document archived, moved, reworded or put in a private
 * folder, a building's private folders changed) marks the building in `building_lexemes_stale`; the workers rebuild a
 * marked building's vocabulary within a minute (`building_lexemes_rebuild`, search.module.ts). A rebuild holds the
 * building's advisory lock alone, every writer shares it, so a rebuild never drops a word a transaction still writing
 * has added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table building_lexemes (
      building_id text not null,
      lexeme text not null,
      building_owner_id text not null,
      primary key (building_id, lexeme)
    );
    -- owner-wide: the first live building holding the word answers
    create index building_lexemes_owner on building_lexemes (building_owner_id, lexeme) include (building_id);

    create table building_lexemes_stale (
      building_id text primary key,
      marked_at timestamptz not null default now()
    );

    -- whether a document at path lies under one of its building's private folders
    create function building_lexemes_private(building text, path text) returns boolean language sql stable as $$
      select exists (select 1 from buildings b cross join unnest(b.private_folders) f
                     where b.id = building and starts_with(path, f))
    $$;

    -- the vocabulary's words of a vector: 3 to 40 letters, as search_lexemes keeps them
    create function building_lexemes_words(vector tsvector) returns setof text language sql immutable as $$
      select l from unnest(tsvector_to_array(vector)) l where l ~ '^[[:alpha:]]{3,40}$'
    $$;

    -- a writer's share of the buildings' locks (a rebuild takes one alone)
    create function building_lexemes_share(buildings text[]) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock_shared(hashtext('building_lexemes'), hashtext(b))
        from (select distinct b from unnest(buildings) b order by b) x;
    end $$;

    create function building_lexemes_mark(buildings text[]) returns void language sql as $$
      insert into building_lexemes_stale (building_id)
      select distinct b from unnest(buildings) b where b is not null order by b
      on conflict do nothing
    $$;

    create function building_lexemes_rebuild(building text) returns void language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtext('building_lexemes'), hashtext(building));
      delete from building_lexemes_stale where building_id = building;
      with wanted as materialized (
        select distinct l as lexeme
        from (select s.tsv from search_documents s join documents d on d.id = s.document_id
              where s.building_id = building and not building_lexemes_private(s.building_id, d.original_path)
              offset 0) s
        cross join lateral building_lexemes_words(s.tsv) l
      ), removed as (
        delete from building_lexemes v
        where v.building_id = building and not exists (select 1 from wanted w where w.lexeme = v.lexeme)
      )
      insert into building_lexemes (building_id, building_owner_id, lexeme)
      select building, b.building_owner_id, w.lexeme from wanted w cross join buildings b where b.id = building
      order by w.lexeme
      on conflict do nothing;
    end $$;

    create function building_lexemes_inserted() returns trigger language plpgsql as $$
    begin
      perform building_lexemes_share(array(select n.building_id from new_rows n));
      insert into building_lexemes (building_id, building_owner_id, lexeme)
      select distinct n.building_id, n.building_owner_id, l
      -- the documents first, each tested once (offset 0 keeps the test out of the words' loop)
      from (select n.building_id, n.building_owner_id, n.tsv from new_rows n join documents d on d.id = n.document_id
            where not building_lexemes_private(n.building_id, d.original_path) offset 0) n
      cross join lateral building_lexemes_words(n.tsv) l
      order by 1, 3
      on conflict do nothing;
      return null;
    end $$;

    create function building_lexemes_updated() returns trigger language plpgsql as $$
    begin
      perform building_lexemes_share(array(select o.building_id from old_rows o union select n.building_id from new_rows n));
      -- a building that may have lost words: the document moved away, or lost words of its own
      perform building_lexemes_mark(array(
        select o.building_id from old_rows o join new_rows n on n.document_id = o.document_id
        where o.building_id <> n.building_id
           or (o.tsv <> n.tsv and ts_delete(o.tsv, tsvector_to_array(n.tsv)) <> ''::tsvector)));
      -- the words that came (all of them in a building the document is new to)
      insert into building_lexemes (building_id, building_owner_id, lexeme)
      select distinct n.building_id, n.building_owner_id, l
      from (select n.building_id, n.building_owner_id,
                   case when o.building_id = n.building_id then ts_delete(n.tsv, tsvector_to_array(o.tsv))
                        else n.tsv end as tsv
            from new_rows n
            join old_rows o on o.document_id = n.document_id
            join documents d on d.id = n.document_id
            where (o.building_id <> n.building_id or o.tsv <> n.tsv)
              and not building_lexemes_private(n.building_id, d.original_path)
            offset 0) n
      cross join lateral building_lexemes_words(n.tsv) l
      order by 1, 3
      on conflict do nothing;
      return null;
    end $$;

    create function building_lexemes_deleted() returns trigger language plpgsql as $$
    begin
      perform building_lexemes_share(array(select o.building_id from old_rows o));
      perform building_lexemes_mark(array(select o.building_id from old_rows o));
      return null;
    end $$;

    create trigger building_lexemes_inserted after insert on search_documents
      referencing new table as new_rows for each statement execute function building_lexemes_inserted();
    create trigger building_lexemes_updated after update on search_documents
      referencing old table as old_rows new table as new_rows for each statement execute function building_lexemes_updated();
    create trigger building_lexemes_deleted after delete on search_documents
      referencing old table as old_rows for each statement execute function building_lexemes_deleted();

    -- a document moved to another folder: into a private one its words may leave its building's vocabulary, out of one
    -- they all come (its search row's words; those of its new folder names come with the row's own update)
    create function building_lexemes_document_moved() returns trigger language plpgsql as $$
    begin
      perform building_lexemes_share(array[old.building_id, new.building_id]);
      if building_lexemes_private(new.building_id, new.original_path) then
        perform building_lexemes_mark(array[old.building_id, new.building_id]);
      elsif building_lexemes_private(old.building_id, old.original_path) then
        insert into building_lexemes (building_id, building_owner_id, lexeme)
        select distinct new.building_id, new.building_owner_id, l
        from search_documents s cross join lateral building_lexemes_words(s.tsv) l
        where s.document_id = new.id
        order by 3
        on conflict do nothing;
      end if;
      return null;
    end $$;
    create trigger building_lexemes_document_moved after update of original_path on documents
      for each row when (old.original_path is distinct from new.original_path)
      execute function building_lexemes_document_moved();

    -- private folders changed: the building's vocabulary is read again; a building handed over keeps its words
    create function building_lexemes_building_changed() returns trigger language plpgsql as $$
    begin
      if old.private_folders is distinct from new.private_folders then
        perform building_lexemes_share(array[new.id]);
        perform building_lexemes_mark(array[new.id]);
      end if;
      if old.building_owner_id is distinct from new.building_owner_id then
        update building_lexemes set building_owner_id = new.building_owner_id where building_id = new.id;
      end if;
      return null;
    end $$;
    create trigger building_lexemes_building_changed after update of private_folders, building_owner_id on buildings
      for each row execute function building_lexemes_building_changed();

    -- every live building's vocabulary, one building at a time (an archived one is in no search's scope)
    select building_lexemes_rebuild(b.id) from buildings b where b.archived_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger building_lexemes_building_changed on buildings;
    drop trigger building_lexemes_document_moved on documents;
    drop trigger building_lexemes_deleted on search_documents;
    drop trigger building_lexemes_updated on search_documents;
    drop trigger building_lexemes_inserted on search_documents;
    drop function building_lexemes_building_changed();
    drop function building_lexemes_document_moved();
    drop function building_lexemes_deleted();
    drop function building_lexemes_updated();
    drop function building_lexemes_inserted();
    drop function building_lexemes_rebuild(text);
    drop function building_lexemes_mark(text[]);
    drop function building_lexemes_share(text[]);
    drop function building_lexemes_words(tsvector);
    drop function building_lexemes_private(text, text);
    drop table building_lexemes_stale;
    drop table building_lexemes;
  `.execute(db);
}
