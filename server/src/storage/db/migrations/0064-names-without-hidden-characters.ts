import { sql, type Kysely } from 'kysely';
import { earlierCopyOf } from '../duplicates.js';
import { relinkRevisions } from '../repositories/revisions.repository.js';
import type { DB } from '../schema.js';

/**
 * The characters `visibleName` (domain/documents/document.ts) replaces, as a PostgreSQL class: C0 controls, DEL, C1
 * controls and the marks that turn the direction of text. U+0000 is left out: no text value holds it.
 */
export const HIDDEN_IN_NAMES = String.raw`[\u0001-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]`;

/** spaces around a folder's segments, and runs of separators: each run becomes one `/` */
const SPACED_SEGMENTS = String.raw`(^|/)[[:space:]]+|[[:space:]]+(/|$)|//+`;

/**
 * Names stored before uploads, package entries and renames went through `visibleName` kept the direction marks and
 * control characters they came with, and every list showed them as given: a subcontractor's `Pumpe<U+202E>fdp.exe`
 * read `Pumpeexe.pdf`. Each becomes `_` here, in every column that holds a document's name or part of one (its name,
 * its upload path, the name it was uploaded with, its descriptive name, its extension), so a stored name is what the
 * upload would store today. Only rows holding one are written.
 *
 * A changed row's `updated_at` moves: its name changed, and a client syncing by `updated_since` must see the new one.
 * No index is unique over a name (two uploads of one path are two documents), so names that become equal stay two.
 *
 * Private folders are compared with the upload paths as prefixes: a folder is cleaned the same way, or a document in
 * `HR<U+200E>/` would leave the folder that keeps it private. Cleaning both can only put more documents under a folder
 * (`HR_/` uploaded since, under a folder typed `HR<U+200E>`), never fewer; where that can happen (a building with
 * private folders whose folders or paths changed) what follows from the folders is made again, as a change of the
 * folders makes it: the revision chains, the duplicates, and the building's `updated_at`, which retires zip archives
 * asked for before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const clean = (column: string) => sql`regexp_replace(${sql.ref(column)}, ${HIDDEN_IN_NAMES}, '_', 'g')`;
  const holds = (column: string) => sql`${sql.ref(column)} ~ ${HIDDEN_IN_NAMES}`;

  const movedPaths = await sql<{ building_id: string }>`
    select distinct building_id from documents where ${holds('original_path')}`.execute(db);
  // a folder's segments as an upload path's are: hidden characters as `_`, no spaces around a segment (` HR /` kept
  // nothing private, as no stored path starts with it), no empty segment; a folder left empty matched nothing and goes
  const changedFolders = await sql<{ id: string }>`
    update buildings b
       set private_folders = array(
             select c.folder from unnest(b.private_folders) with ordinality f(folder, n),
                  lateral (select regexp_replace(
                             regexp_replace(
                               regexp_replace(
                                 regexp_replace(f.folder, ${HIDDEN_IN_NAMES}, '_', 'g'),
                                 '[[:space:]]*/[[:space:]]*', '/', 'g'),
                               '^[[:space:]]+|[[:space:]]+$', '', 'g'),
                             '^/+|(/)/+', '\\1', 'g') as folder) c
             where c.folder <> ''
             group by c.folder order by min(f.n)),
           updated_at = now()
     where exists (select 1 from unnest(b.private_folders) f
                    where f ~ ${HIDDEN_IN_NAMES} or f ~ ${SPACED_SEGMENTS} or f ~ '^/')
    returning b.id`.execute(db);
  await sql`
    update documents
       set filename = ${clean('filename')},
           original_path = ${clean('original_path')},
           original_filename = ${clean('original_filename')},
           filename_descriptive = ${clean('filename_descriptive')},
           extension = ${clean('extension')},
           updated_at = now()
     where ${holds('filename')} or ${holds('original_path')} or ${holds('original_filename')}
        or ${holds('filename_descriptive')} or ${holds('extension')}`.execute(db);

  const touched = [...new Set([...movedPaths.rows.map((r) => r.building_id), ...changedFolders.rows.map((r) => r.id)])];
  if (touched.length === 0) return;
  const { rows: refolded } = await sql<{ id: string }>`
    update buildings set updated_at = now()
     where id = any(${touched}::text[]) and cardinality(private_folders) > 0 and archived_at is null
    returning id`.execute(db);
  for (const { id } of refolded) {
    await relinkRevisions(db as unknown as Kysely<DB>, { buildingId: id });
    const earlier = earlierCopyOf(sql<string | null>`documents.md5`);
    await sql`update documents set duplicate_of = ${earlier}
      where building_id = ${id} and md5 is not null and archived_at is null
        and duplicate_of is distinct from ${earlier}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // the characters replaced are kept nowhere: the names stay as they are (the code before shows them as stored)
}
