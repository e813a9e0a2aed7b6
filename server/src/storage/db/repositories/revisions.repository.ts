import { sql, type Kysely } from 'kysely';
import {
  chainOf,
  computeSupersededBy,
  normalizeDrawingNumber,
  type RevisionMember,
} from '../../../domain/revisions/revisions.js';
import type { DB } from '../schema.js';
import { visibleDocuments } from '../visibility.js';

/** expansion rounds while closing the set of documents a change touches (keys and replacements chain on) */
const MAX_ROUNDS = 20;

interface MemberRow {
  id: string;
  building_id: string;
  drawing_key: string | null;
  drawing_revision: string | null;
  drawing_date: Date | null;
  created_at: Date;
  replaces_document_id: string | null;
  superseded_by: string | null;
}

function toMember(row: MemberRow): RevisionMember {
  return {
    id: row.id,
    drawingKey: row.drawing_key,
    drawingRevision: row.drawing_revision,
    drawingDate: row.drawing_date ? row.drawing_date.toISOString().slice(0, 10) : null,
    createdAt: row.created_at,
    replacesDocumentId: row.replaces_document_id,
  };
}

const COLUMNS = [
  'd.id',
  'd.building_id',
  'd.drawing_key',
  'd.drawing_revision',
  'd.drawing_date',
  'd.created_at',
  'd.replaces_document_id',
  'd.superseded_by',
] as const;

/** the building's revision lock, held to the end of the transaction (taken again by the same transaction: no wait) */
export async function lockRevisions(trx: Kysely<DB>, buildingId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`revisions:${buildingId}`}))`.execute(trx);
}

/**
 * The revision lock of a document's building, in one statement, before a transaction touches the document's rows: a
 * relink holds that lock while it updates other documents of the building (superseded_by) and, through their triggers,
 * their search rows, so a transaction that locked one of those rows first and waited for anything else would close a
 * cycle. Extraction and classification of two revisions of one building deadlocked that way (a test with three
 * workers, under load). Nothing when the document is gone.
 */
export async function lockRevisionsOf(trx: Kysely<DB>, documentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('revisions:' || d.building_id))
    from documents d where d.id = ${documentId}`.execute(trx);
}

/**
 * A live version that replaced a document nobody may see (one under a private folder) is read as replacing what that
 * document replaced, up to the first live one: A -> V (private) -> W is A -> W for every reader, so the latest visible
 * version is marked latest and no supersededBy names a document the reader cannot open. A deleted document ends the
 * walk (a version that replaced a deleted one starts a chain of its own, as before). Rewrites `replaces_document_id`
 * of the rows in memory only; what is stored stays, so the chain is whole again once the folder is no longer private.
 */
async function bridgeHiddenVersions(trx: Kysely<DB>, buildingId: string, rows: MemberRow[]): Promise<void> {
  const liveIds = new Set(rows.map((row) => row.id));
  const pending = rows.filter((row) => row.replaces_document_id !== null && !liveIds.has(row.replaces_document_id));
  if (pending.length === 0) return;
  const visible = async (ids: string[]) =>
    new Set(
      (
        await visibleDocuments(trx, { buildingIds: [buildingId] })
          .select('d.id')
          .where('d.id', 'in', ids)
          .execute()
      ).map((row) => row.id),
    );
  for (const row of pending) {
    const seen = new Set<string>([row.id]);
    let at: string | null = row.replaces_document_id;
    let resolved: string | null = null;
    for (let round = 0; at !== null && !seen.has(at) && round < MAX_ROUNDS; round++) {
      seen.add(at);
      if (liveIds.has(at) || (await visible([at])).has(at)) {
        resolved = at;
        break;
      }
      const hidden: { replaces_document_id: string | null } | undefined = await trx
        .selectFrom('documents')
        .select('replaces_document_id')
        .where('id', '=', at)
        .where('building_id', '=', buildingId)
        .where('archived_at', 'is', null)
        .where('upload_state', '=', 'uploaded')
        .executeTakeFirst();
      at = hidden ? hidden.replaces_document_id : null;
    }
    row.replaces_document_id = resolved;
  }
}

/**
 * Sets `superseded_by` for the documents a change touched: the documents named, every live document sharing a
 * drawing key or a replacement with them (closed over), and the documents that pointed at them. Without
 * `documentIds`, the whole building. Documents not live (archived, pending, in a private folder) supersede and are
 * superseded by nothing. Runs in a transaction holding the building's revision lock, so two changes in one building
 * never interleave.
 */
export async function relinkRevisions(
  db: Kysely<DB>,
  params: { buildingId: string; documentIds?: readonly string[] },
): Promise<void> {
  if (params.documentIds?.length === 0) return;
  const run = async (trx: Kysely<DB>) => {
    await lockRevisions(trx, params.buildingId);
    const live = () => visibleDocuments(trx, { buildingIds: [params.buildingId] }).select([...COLUMNS]);
    const members = new Map<string, MemberRow>();
    const touched = new Set<string>(params.documentIds ?? []);
    if (params.documentIds === undefined) {
      const rows = await live().execute();
      await bridgeHiddenVersions(trx, params.buildingId, rows);
      for (const row of rows) members.set(row.id, row);
    } else {
      const ids = new Set(params.documentIds);
      // who pointed at the named ones: their chain changes too
      const pointing = await trx
        .selectFrom('documents')
        .select(['id', 'superseded_by'])
        .where('building_id', '=', params.buildingId)
        .where((eb) =>
          eb.or([eb('superseded_by', 'in', [...ids]), eb('id', 'in', [...ids]).and('superseded_by', 'is not', null)]),
        )
        .execute();
      for (const row of pointing) {
        ids.add(row.id);
        touched.add(row.id);
        if (row.superseded_by) ids.add(row.superseded_by);
      }
      const keys = new Set<string>();
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const idList = [...ids];
        const keyList = [...keys];
        const rows = await live()
          .where((eb) =>
            eb.or([
              eb('d.id', 'in', idList),
              eb('d.replaces_document_id', 'in', idList),
              ...(keyList.length > 0 ? [eb('d.drawing_key', 'in', keyList)] : []),
            ]),
          )
          .execute();
        await bridgeHiddenVersions(trx, params.buildingId, rows);
        let grew = false;
        for (const row of rows) {
          if (!members.has(row.id)) {
            members.set(row.id, row);
            grew = true;
          }
          for (const id of [row.id, row.replaces_document_id, row.superseded_by]) {
            if (id && !ids.has(id)) {
              ids.add(id);
              grew = true;
            }
          }
          if (row.drawing_key && !keys.has(row.drawing_key)) {
            keys.add(row.drawing_key);
            grew = true;
          }
        }
        if (!grew) break;
      }
    }
    const next = computeSupersededBy([...members.values()].map(toMember));
    for (const [id, supersededBy] of next) {
      if (members.get(id)?.superseded_by === supersededBy) continue;
      // a changed supersededBy is a change of the document: clients syncing by updated_since see it
      await trx
        .updateTable('documents')
        .set({ superseded_by: supersededBy, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    // what is no longer live points nowhere
    let stale = trx
      .updateTable('documents')
      .set({ superseded_by: null, updated_at: new Date() })
      .where('building_id', '=', params.buildingId)
      .where('superseded_by', 'is not', null);
    if (members.size > 0) stale = stale.where('id', 'not in', [...members.keys()]);
    if (params.documentIds !== undefined) {
      if (touched.size === 0) return;
      stale = stale.where('id', 'in', [...touched]);
    }
    await stale.execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/**
 * The live chain a document belongs to, newest first (the document alone when it has no other version), or null when
 * the document is not live in the building.
 */
export async function revisionChainIds(
  db: Kysely<DB>,
  params: { buildingId: string; documentId: string },
): Promise<string[] | null> {
  const links = new Map<string, string | null>();
  const frontier = [params.documentId];
  const seen = new Set<string>();
  while (frontier.length > 0) {
    const batch = frontier.splice(0).filter((id) => !seen.has(id));
    if (batch.length === 0) break;
    for (const id of batch) seen.add(id);
    const rows = await visibleDocuments(db, { buildingIds: [params.buildingId] })
      .select(['d.id', 'd.superseded_by'])
      .where((eb) => eb.or([eb('d.id', 'in', batch), eb('d.superseded_by', 'in', batch)]))
      .execute();
    for (const row of rows) {
      links.set(row.id, row.superseded_by);
      if (!seen.has(row.id)) frontier.push(row.id);
      if (row.superseded_by && !seen.has(row.superseded_by)) frontier.push(row.superseded_by);
    }
  }
  if (!links.has(params.documentId)) return null;
  return chainOf({ documentId: params.documentId, supersededBy: links });
}

/**
 * Every stored document's drawing key from its number and revision, then every building's chains (migration 0030,
 * and an operator's repair): documents stored before chains existed are linked as if they had just arrived.
 */
export async function buildRevisionChains(db: Kysely<DB>): Promise<{ buildings: number }> {
  const drawings = await db
    .selectFrom('documents')
    .select(['id', 'drawing_number', 'drawing_revision', 'drawing_key'])
    .where('drawing_number', 'is not', null)
    .execute();
  for (const row of drawings) {
    const key = normalizeDrawingNumber(row.drawing_number, row.drawing_revision);
    if (key !== row.drawing_key)
      await db.updateTable('documents').set({ drawing_key: key }).where('id', '=', row.id).execute();
  }
  const buildings = await db
    .selectFrom('documents')
    .select('building_id')
    .where((eb) =>
      eb.or([
        eb('drawing_key', 'is not', null),
        eb('replaces_document_id', 'is not', null),
        eb('superseded_by', 'is not', null),
      ]),
    )
    .distinct()
    .execute();
  for (const { building_id } of buildings) await relinkRevisions(db, { buildingId: building_id });
  return { buildings: buildings.length };
}
