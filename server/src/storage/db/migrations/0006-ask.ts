import { sql, type Kysely } from 'kysely';

/**
 * Ask: a full-text vector per chunk for passage retrieval (stored, so ranking never re-parses the text), and threads
 * of questions and answers. A thread belongs to the API key and the owner it was started with (and to its building
 * when it was started on one); nobody else can continue it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- 'simple' keeps every word as written (lower-cased); stemming and compounds are handled by prefix queries, which
    -- works for Bokmål, Nynorsk and English alike
    alter table document_chunks
      add column ask_tsv tsvector generated always as (to_tsvector('simple'::regconfig, text)) stored;
    create index document_chunks_ask_tsv on document_chunks using gin (ask_tsv);

    create table ask_threads (
      id uuid primary key,
      building_owner_id text not null references building_owners (id),
      api_key_id text not null references api_keys (id),
      -- null: an owner-wide thread
      building_id text references buildings (id),
      created_at timestamptz(3) not null default now(),
      updated_at timestamptz(3) not null default now()
    );

    create table ask_turns (
      id bigint generated always as identity primary key,
      thread_id uuid not null references ask_threads (id),
      query text not null,
      language text not null,
      answer text not null,
      citations jsonb not null,
      cited_document_ids text[] not null default '{}',
      created_at timestamptz(3) not null default now()
    );
    create index ask_turns_thread on ask_turns (thread_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table ask_turns; drop table ask_threads;
    drop index document_chunks_ask_tsv;
    alter table document_chunks drop column ask_tsv;
  `.execute(db);
}
