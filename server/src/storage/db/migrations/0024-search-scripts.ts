import { sql, type Kysely } from 'kysely';

/**
 * Every script folded the same way at index and at query time (`search_fold`, which both go through):
 *
 * - Unicode normalisation: a word typed on one keyboard and extracted from a PDF by another tool may differ in bytes
 *   only (Vietnamese `ế` as one code point or as `e` + two combining marks, `å` decomposed in a macOS file name): NFC
 *   makes them one. Arabic presentation forms and ligatures (`ﻟﻌﺮﺑﻴﺔ`, `ﬁ`), which PDF text layers are full of and
 *   no one types, are brought to their letters (NFKC) where they occur.
 * - Arabic harakat (short-vowel marks), tatweel and the invisible direction marks PDF tools emit are dropped: Arabic
 *   is searched without its vowel marks, which most text leaves out.
 *
 * Text of Latin letters and common punctuation only (nearly all Norwegian and English text) skips all of this at the
 * cost of one pattern test. Vowel signs of Devanagari, Bengali, Tamil, Thai and the like are letters' parts and stay
 * (the index's parser keeps them inside the word; query-analysis.ts now splits queries the same way).
 *
 * Text indexed before this migration is analysed again where it holds anything the new folding changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(foldFunction(NEW_FOLD)).execute(db);
  await reindexAffected(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(foldFunction(OLD_FOLD)).execute(db);
  await reindexAffected(db);
}

/** characters whose text is folded beyond lower case (anything outside Latin-1/Latin Extended and punctuation) */
const AFFECTED = String.raw`[^\x01-\u02ff\u2010-\u2027\u2030-\u205e\u20ac]`;

const ACCENTS = String.raw`
  select case when s ~ '[àáâãāçèéêëēìíîïñòóôõōùúûüūýÿäöǿÀÁÂÃĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕŌÙÚÛÜŪÝŸÄÖǾ]'
    then translate(lower(s), 'àáâãāçèéêëēìíîïñòóôõōùúûüūýÿäöǿ', 'aaaaaceeeeeiiiinooooouuuuuyyæøø')
    else lower(s) end`;

const OLD_FOLD = String.raw`${ACCENTS} from (select input as s) x`;

const NEW_FOLD = String.raw`${ACCENTS}
  from (
    select case when n !~ '[\u0640\u064b-\u065f\u0670\u200e\u200f\u202a-\u202e\u2066-\u2069]' then n
      else regexp_replace(n, '[\u0640\u064b-\u065f\u0670\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g') end as s
    from (
      select case
        when input !~ '${AFFECTED}' then input
        when input ~ '[\ufb00-\ufdff\ufe70-\ufeff]' then normalize(input, NFKC)
        when input is nfc normalized then input
        else normalize(input, NFC) end as n
    ) normalised
  ) x`;

function foldFunction(body: string): string {
  return String.raw`
create or replace function search_fold(input text) returns text language sql immutable strict parallel safe as $$
${body}
$$;`;
}

/**
 * Vectors are stored, so text the new folding changes is analysed again: chunks (a generated column, recomputed on
 * update), document bodies and heads (search_refresh_body, and the document trigger for the head).
 */
async function reindexAffected(db: Kysely<unknown>): Promise<void> {
  await sql`update document_chunks set text = text where text ~ ${AFFECTED}`.execute(db);
  await sql`select search_refresh_body(d.id) from documents d
    where exists (select 1 from document_pages p where p.document_id = d.id and p.text ~ ${AFFECTED})`.execute(db);
  await sql`update documents set updated_at = updated_at
    where archived_at is null and upload_state = 'uploaded'
      and (filename ~ ${AFFECTED} or title ~ ${AFFECTED} or original_path ~ ${AFFECTED})`.execute(db);
}
