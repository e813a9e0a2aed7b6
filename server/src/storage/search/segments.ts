import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AggregationBucket, SearchAggregations } from '../../domain/search/search.types.js';
import { executePrepared } from '../db/prepared.js';
import type { DB, SearchSegmentDocumentsTable } from '../db/schema.js';
import { lexemesOutsidePrivateFolders, lexemesScope, privateFolderDocumentIds } from '../db/visibility.js';
import type { AnalysedTerm } from './query-analysis.js';
import { lengthNorm, PRESENCE_TESTS, presenceTests, roughScoreOf } from './ranking.js';
import { bitmapBytes, codePointOrder, formRanks, type CountedRow } from './segment-ranks.js';
import type { Executor } from './search-sql.js';
import { beginsWith } from './prefix-range.js';

/**
 * Issue 48: an owner's own inverted index, a "segment" (migration 0042). An owner-wide search over many documents
 * reads every hit's row for its count, its facets and its first pass; PostgreSQL cannot count GIN hits without those
 * rows. A segment answers the same from postings and per-document values in this process:
 *
 * - the postings of the query's lexemes (exact, prefix, corrections and compounds: each term's `match`) are OR-ed per
 *   term into a bitset and AND-ed across terms, leaving out archived buildings and every document written since the
 *   segment's snapshot (`search_changes`);
 * - those written documents are answered by `search_documents` itself, in the same statement that finds them;
 * - the count is the bitsets' population plus the written documents' hits, each term's idf comes from its own bitset,
 *   the facets from one pass over the set bits;
 * - the first pass's candidates: the hits with a term in their head or top (the presence tests, postings of their
 *   own: migration 0043), each scored here, and the lowest set bits of the rest, which score their floor (documents are
 *   numbered in body-length order, the order of every query's floor).
 *
 * - the candidates' presence tests come from those postings too, their body lengths from the segment, and their ranks
 *   from the postings' counts (migration 0049, segment-ranks.ts): ts_rank reproduced in this process.
 *
 * The provider then scores those candidates and ranks the best 500 exactly by the same expressions as always, reading
 * only the rows of the documents written since: the answer is the very same as without a segment (the tests hold it
 * to that). A building's search is answered the same way, from the segment's documents of that building. A segment
 * is immutable, so any number of processes may keep its per-document values in memory, keyed by its id.
 */

/** derived tables, tied to this cluster's transaction ids: a backup leaves them out, a restored target builds its own */
export const SEARCH_SEGMENT_TABLES = [
  'search_changes',
  'search_segments',
  'search_segment_documents',
  'search_segment_postings',
  'search_segment_building_postings',
] as const;

export interface SegmentSettings {
  /** owners with at least this many documents get a segment (below it, today's SQL is as fast) */
  minDocuments: number;
  /** a segment is built again once this share of its documents (at most half of maxChanges) was written since */
  rebuildShare: number;
  /** a search falls back to SQL while more documents than this were written since its owner's segment */
  maxChanges: number;
  /**
   * a search whose terms each segment already in this process counts in fewer documents than this is answered by SQL:
   * for a few hundred hits it is as fast, and a statement less (a drawing number's search, most of all)
   */
  fewHits: number;
  /**
   * a search in some of an owner's buildings is answered by the segment only when they hold at least this share of its
   * documents: the segment reads the postings of all of them, SQL only those of the buildings' documents
   */
  minScopeShare: number;
  /**
   * the lexemes of at least this many of the owner's documents get rows per building (migration 0069), so that a
   * search of a few buildings reads their share of them; null: none does
   */
  buildingRowsFrom: number | null;
  /** a search in some of an owner's buildings reads those rows when the buildings hold at most this share of its documents */
  buildingRowsShare: number;
  /**
   * with those rows, a search in buildings holding fewer documents than this is answered by SQL: the segment's cost
   * grows with the owner's documents (its bitsets), SQL's with the buildings' hits
   */
  minScopeDocuments: number;
}

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = {
  minDocuments: 20_000,
  rebuildShare: 0.01,
  maxChanges: 5_000,
  fewHits: 500,
  minScopeShare: 0.015,
  buildingRowsFrom: 500,
  buildingRowsShare: 0.25,
  minScopeDocuments: 2_000,
};

/** a lexeme's runs of document numbers, in the order the answer's statement sends them */
const FIELDS = ['postings', ...PRESENCE_TESTS] as const;
/** and after them, when the search ranks from the segment, the counts of the runs they go with (migration 0049) */
const COUNTS = ['counts', 'head_a_counts', 'head_b_counts'] as const;

/** the facets' fields a segment keeps per document, in the order of SearchAggregations */
const FACETS = ['discipline', 'category', 'extension', 'drawing_floor'] as const;
type Facet = (typeof FACETS)[number];

/**
 * Builds a new segment of an owner's documents in one repeatable-read transaction, so that it holds exactly what the
 * snapshot it records saw. Then drops the owner's segments but the one before it (a search that looked up the older
 * one a moment ago still finds its postings) and the changes both newer ones already hold.
 */
export async function buildSegment(
  db: Kysely<DB>,
  ownerId: string,
  options: { buildingRowsFrom?: number | null } = {},
): Promise<{ id: string; documents: number }> {
  const rowsFrom =
    options.buildingRowsFrom === undefined ? DEFAULT_SEGMENT_SETTINGS.buildingRowsFrom : options.buildingRowsFrom;
  const built = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const segment = (
        await sql<{ id: string }>`insert into search_segments (building_owner_id, snapshot, documents)
          values (${ownerId}, pg_current_snapshot(), 0) returning id::text as id`.execute(trx)
      ).rows[0];
      if (!segment) throw new Error('no segment row');
      const { id } = segment;
      // each document's first chunk from one pass over the owner's chunks, not a lookup per document (their pages at
      // random, in body-length order)
      const documents = await sql`insert into search_segment_documents (segment_id, ordinal, document_id, building_id,
          body_length, discipline, building_category, extension, is_drawing, floor, first_chunk)
        select ${id}::bigint, (row_number() over (order by s.body_length, s.document_id) - 1)::int, s.document_id,
          s.building_id, s.body_length, s.discipline, s.building_category, s.extension, s.is_drawing, s.floor,
          f.first_chunk
        from search_documents s
        left join (select c.document_id, min(c.id) as first_chunk from document_chunks c
          where c.building_owner_id = ${ownerId} group by c.document_id) f on f.document_id = s.document_id
        where s.building_owner_id = ${ownerId}`.execute(trx);
      // per lexeme its documents (`tsv`), and those whose head holds it with weight A, with weight B, and whose top
      // holds it: the first pass's presence tests (ranking.ts's presenceTests); tsv holds every head and top lexeme.
      // And the documents whose chunks hold it (document_lexemes: the answers' word weights), which may be a lexeme
      // no `tsv` holds (its postings then empty)
      const run = (field: number) =>
        sql`string_agg(int4send(l.ordinal), ''::bytea order by l.ordinal) filter (where l.field = ${field})`;
      // a byte per document of a run, its `count` (migration 0049); empty when each is `usual`
      const counts = (field: number, usual: number) =>
        sql`case when bool_and(l.count = ${usual}) filter (where l.field = ${field}) is not false then ''::bytea
          else string_agg(set_byte(decode('00', 'hex'), 0, l.count), ''::bytea order by l.ordinal)
            filter (where l.field = ${field}) end`;
      // the vector's positions of a head lexeme of weight A (B): the vector keeps at most 256 positions of a lexeme, the
      // body's first, so the head's may be fewer or none
      const weighed = (weight: 'A' | 'B', field: number) =>
        sql`select h.lexeme, ${field} as field, least(coalesce(cardinality(v.positions), 0), 255) as count
          from unnest(s.head) h left join unnest(ts_filter(s.tsv, ${`{${weight.toLowerCase()}}`}::"char"[])) v
            on v.lexeme = h.lexeme
          where ${weight} = any(h.weights)`;
      await sql`insert into search_segment_postings (segment_id, lexeme, documents, postings, head_a, head_b, top,
          chunks, counts, head_a_counts, head_b_counts)
        select ${id}::bigint, l.lexeme, (count(*) filter (where l.field = 0))::int, coalesce(${run(0)}, ''::bytea),
          ${run(1)}, ${run(2)}, ${run(3)}, ${run(4)}, ${counts(0, 0)}, ${counts(1, 1)}, ${counts(2, 1)}
        from (
          select d.ordinal, x.lexeme, x.field, x.count from search_segment_documents d
          join search_documents s on s.document_id = d.document_id
          cross join lateral (
            select t.lexeme, 0 as field, greatest(coalesce(cardinality(t.positions), 0), 1) - 1 as count
              from unnest(s.tsv) t
            union all ${weighed('A', 1)}
            union all ${weighed('B', 2)}
            union all select t.lexeme, 3, null from unnest(tsvector_to_array(s.top)) as t (lexeme)
            union all select t.lexeme, 4, null from document_lexemes dl
              cross join unnest(tsvector_to_array(dl.lexemes)) as t (lexeme)
              where dl.document_id = d.document_id
          ) x
          where d.segment_id = ${id}::bigint
        ) l
        group by l.lexeme`.execute(trx);
      const count = Number(documents.numAffectedRows ?? 0);
      // from the lists, before the dense ones become bitmaps
      if (rowsFrom !== null) await writeBuildingRows(trx, id, rowsFrom);
      await denseRunsAsBitmaps(trx, id, count);
      await sql`update search_segments set documents = ${count}, building_rows_from = ${rowsFrom}
        where id = ${id}::bigint`.execute(trx);
      return { id, documents: count };
    });
  await db.transaction().execute(async (trx) => {
    const kept = (
      await sql<{ id: string }>`select id::text as id from search_segments where building_owner_id = ${ownerId}
        order by id desc limit 2`.execute(trx)
    ).rows.map((r) => r.id);
    await sql`delete from search_segments where building_owner_id = ${ownerId} and id <> all(${kept}::bigint[])`.execute(
      trx,
    );
    const oldest = kept[kept.length - 1] ?? built.id;
    await sql`delete from search_changes c where c.building_owner_id = ${ownerId}
      and pg_visible_in_snapshot(c.xid, (select g.snapshot from search_segments g where g.id = ${oldest}::bigint))`.execute(
      trx,
    );
  });
  return built;
}

/** the runs of a segment's postings, as its table names them */
const RUNS = ['postings', 'head_a', 'head_b', 'top', 'chunks'] as const;

/**
 * Each run of the segment `id` (of `documents` documents) that is as long as their bitmap or longer, rewritten as the
 * bitmap (migration 0047: where more than one document in 32 holds the lexeme), a lexeme at a time: a common word's
 * lists at a million documents are megabytes each.
 */
async function denseRunsAsBitmaps(trx: Executor, id: string, documents: number): Promise<void> {
  const bytes = bitmapBytes(documents);
  const dense = sql.join(RUNS.map((run) => sql`octet_length(${sql.ref(run)})`));
  const lexemes = (
    await sql<{ lexeme: string }>`select lexeme from search_segment_postings
      where segment_id = ${id}::bigint and greatest(${dense}) >= ${bytes} order by lexeme`.execute(trx)
  ).rows.map((row) => row.lexeme);
  const long = sql.join(
    RUNS.map(
      (run) => sql`case when octet_length(${sql.ref(run)}) >= ${bytes} then ${sql.ref(run)} end as ${sql.ref(run)}`,
    ),
  );
  for (const lexeme of lexemes) {
    const row = (
      await sql<Record<(typeof RUNS)[number], Uint8Array | null>>`select ${long} from search_segment_postings
        where segment_id = ${id}::bigint and lexeme = ${lexeme}`.execute(trx)
    ).rows[0];
    if (!row) continue;
    const bitmaps = RUNS.flatMap((run) => {
      const list = row[run];
      return list === null ? [] : [sql`${sql.ref(run)} = ${bitmapOf(list, documents)}`];
    });
    await sql`update search_segment_postings set ${sql.join(bitmaps)}
      where segment_id = ${id}::bigint and lexeme = ${lexeme}`.execute(trx);
  }
}

/** a segment's runs with counts, each beside its counts (COUNTS' order) */
const COUNTED_RUNS = ['postings', 'head_a', 'head_b'] as const;

/** lexemes read at once while their rows per building are written, and rows written by one statement */
const BUILDING_LEXEMES_BATCH = 8;
const BUILDING_ROWS_BATCH = 400;

/**
 * Writes the rows per building (migration 0069) of the segment `id`'s lexemes of at least `from` documents, from
 * the owner's runs while they are all lists: each building's documents of a run, numbered by their place among the
 * building's documents in the segment's order, with their counts (buildingRuns).
 */
async function writeBuildingRows(trx: Executor, id: string, from: number): Promise<void> {
  const groups = (
    await sql<{ building_id: string; ordinals: number[] }>`select building_id,
        array_agg(ordinal order by ordinal) as ordinals
      from search_segment_documents where segment_id = ${id}::bigint group by building_id order by building_id`.execute(
      trx,
    )
  ).rows;
  const buildingIds = groups.map((group) => group.building_id);
  const sizes = groups.map((group) => group.ordinals.length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  // per document number, its building (an index of `buildings`) and its place among the building's documents
  const buildingOf = new Int32Array(total);
  const placeOf = new Int32Array(total);
  groups.forEach((group, b) =>
    group.ordinals.forEach((ordinal, place) => {
      buildingOf[ordinal] = b;
      placeOf[ordinal] = place;
    }),
  );
  const columns = [...RUNS.filter((run) => run !== 'chunks'), ...COUNTS];
  let after: string | null = null;
  for (;;) {
    const lexemes: (Record<(typeof columns)[number], Uint8Array> & { lexeme: string })[] = (
      await sql<Record<(typeof columns)[number], Uint8Array> & { lexeme: string }>`select lexeme,
          ${sql.join(columns.map((c) => sql`coalesce(${sql.ref(c)}, ''::bytea) as ${sql.ref(c)}`))}
        from search_segment_postings where segment_id = ${id}::bigint and documents >= ${from}
          ${after === null ? sql`` : sql`and lexeme > ${after}`}
        order by lexeme limit ${BUILDING_LEXEMES_BATCH}`.execute(trx)
    ).rows;
    if (lexemes.length === 0) return;
    const rows: RawBuilder<unknown>[] = [];
    for (const row of lexemes) {
      const cut = buildingRuns({ row, buildingOf, placeOf, buildings: sizes });
      cut.forEach((runs, b) => {
        if (runs === null) return;
        rows.push(sql`(${id}::bigint, ${buildingIds[b]!}, ${row.lexeme}, ${sql.join(columns.map((c) => runs[c]))})`);
      });
    }
    for (let at = 0; at < rows.length; at += BUILDING_ROWS_BATCH) {
      await sql`insert into search_segment_building_postings (segment_id, building_id, lexeme,
          ${sql.join(columns.map((c) => sql.ref(c)))})
        values ${sql.join(rows.slice(at, at + BUILDING_ROWS_BATCH))}`.execute(trx);
    }
    after = lexemes[lexemes.length - 1]!.lexeme;
  }
}

type BuildingRun = (typeof RUNS)[number] | (typeof COUNTS)[number];

/**
 * A lexeme's runs of the owner (lists of document numbers, with their counts) cut per building: per building, null
 * when none of its documents holds the lexeme, else each run of its documents as their places among the building's
 * documents (`buildings[b]` of them), a list as int4, big-endian, or its bitmap where that is no longer, and each run's
 * counts of those documents (empty where the owner's are: every count the usual one).
 */
export function buildingRuns(params: {
  row: Record<Exclude<BuildingRun, 'chunks'>, Uint8Array>;
  buildingOf: Int32Array;
  placeOf: Int32Array;
  buildings: readonly number[];
}): (Record<Exclude<BuildingRun, 'chunks'>, Buffer> | null)[] {
  const { row, buildingOf, placeOf, buildings } = params;
  const cut = buildings.map(() => ({}) as Record<Exclude<BuildingRun, 'chunks'>, Buffer>);
  const held = new Uint8Array(buildings.length);
  for (const run of ['postings', 'head_a', 'head_b', 'top'] as const) {
    const list = row[run];
    const counted = COUNTED_RUNS.indexOf(run as (typeof COUNTED_RUNS)[number]);
    const counts = counted < 0 ? null : row[COUNTS[counted]!];
    const places = buildings.map(() => [] as number[]);
    const countsOf = buildings.map(() => [] as number[]);
    const view = new DataView(list.buffer, list.byteOffset, list.byteLength);
    for (let at = 0, index = 0; at < list.byteLength; at += 4, index++) {
      const ordinal = view.getInt32(at);
      const b = buildingOf[ordinal]!;
      places[b]!.push(placeOf[ordinal]!);
      if (counts !== null && counts.byteLength > 0) countsOf[b]!.push(counts[index]!);
      if (run === 'postings') held[b] = 1;
    }
    buildings.forEach((size, b) => {
      const listed = Buffer.alloc(4 * places[b]!.length);
      places[b]!.forEach((place, i) => listed.writeInt32BE(place, 4 * i));
      cut[b]![run] = listed.byteLength >= bitmapBytes(size) && listed.byteLength > 0 ? bitmapOf(listed, size) : listed;
      if (counts !== null) cut[b]![COUNTS[counted]!] = Buffer.from(countsOf[b]!);
    });
  }
  return cut.map((runs, b) => (held[b] ? runs : null));
}

/**
 * The documents of a building's run (buildingRuns) as the segment's numbers, ascending: `ordinals`, the building's
 * documents' numbers in the segment's order.
 */
export function segmentNumbers(run: Uint8Array, ordinals: Int32Array): number[] {
  const numbers: number[] = [];
  if (run.byteLength > 0 && run.byteLength === bitmapBytes(ordinals.length)) {
    for (let at = 0; at < run.byteLength; at++) {
      for (let byte = run[at]!; byte !== 0; byte &= byte - 1) {
        numbers.push(ordinals[8 * at + 31 - Math.clz32(byte & -byte)]!);
      }
    }
    return numbers;
  }
  const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
  for (let at = 0; at < run.byteLength; at += 4) numbers.push(ordinals[view.getInt32(at)]!);
  return numbers;
}

/**
 * A list of a segment's `documents` documents (buildSegment's runs are all lists) as their bitmap, which orRun reads.
 * A list exactly as long as the bitmap (4 x count = bitmapBytes) is one too: stored as it is, it would read as a bitmap.
 */
export function bitmapOf(list: Uint8Array, documents: number): Buffer {
  const bits = new Uint32Array(Math.ceil(documents / 32));
  orList(bits, list);
  const bitmap = Buffer.alloc(bitmapBytes(documents));
  for (let at = 0; at < bitmap.byteLength; at++) bitmap[at] = bits[at >>> 2]! >>> (8 * (at & 3));
  return bitmap;
}

/**
 * Sets in `bits` (bit i of word i / 32: a document's ordinal i) the documents of a run of a segment of `documents`
 * documents: a bitmap (bit i % 8 of byte i / 8) when the run is exactly bitmapBytes long, else a list (orList).
 */
export function orRun(bits: Uint32Array, run: Uint8Array, documents: number): void {
  if (run.byteLength !== bitmapBytes(documents)) return orList(bits, run);
  const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
  const whole = run.byteLength >>> 2;
  for (let w = 0; w < whole; w++) bits[w]! |= view.getUint32(4 * w, true);
  for (let at = 4 * whole; at < run.byteLength; at++) bits[at >>> 2]! |= run[at]! << (8 * (at & 3));
}

/** sets in `bits` the documents of a list: their ordinals as int4, big-endian */
function orList(bits: Uint32Array, list: Uint8Array): void {
  const view = new DataView(list.buffer, list.byteOffset, list.byteLength);
  for (let at = 0; at < list.byteLength; at += 4) {
    const ordinal = view.getInt32(at);
    bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
  }
}

/**
 * The changes after which an owner's segment is built again: `rebuildShare` of its documents, but never more than half
 * of `maxChanges`. At 1 % of 600,000 documents (6,000) the searches of a big owner would otherwise have fallen back to
 * SQL from the 5,001st change on, with no rebuild due; at half, the upkeep (every five minutes) starts one while the
 * segment still answers.
 */
export function rebuildAfter(documents: number, settings: SegmentSettings): number {
  return Math.max(1, Math.min(documents * settings.rebuildShare, settings.maxChanges / 2));
}

/**
 * The scheduled upkeep: a segment for every owner with at least `minDocuments` documents that has none or has had
 * more than `rebuildAfter` changes since; an owner that shrank below half of it loses its segment. Changes of owners
 * without a segment are dropped once committed (a later segment's snapshot sees them).
 */
export async function maintainSegments(
  db: Kysely<DB>,
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
): Promise<{ built: string[]; dropped: string[] }> {
  const owners = (
    await sql<{ owner: string; documents: number; segment: string | null; changes: number }>`
      select o.building_owner_id as owner, o.documents, g.id::text as segment,
        (select count(distinct c.document_id) from search_changes c
          where c.building_owner_id = o.building_owner_id and not pg_visible_in_snapshot(c.xid, g.snapshot))::int as changes
      from (select s.building_owner_id, count(*)::int as documents from search_documents s group by 1) o
      left join lateral (select id, snapshot from search_segments x where x.building_owner_id = o.building_owner_id
        order by x.id desc limit 1) g on true
      union all
      select g.building_owner_id, 0, g.id::text, 0 from search_segments g
      where not exists (select 1 from search_documents s where s.building_owner_id = g.building_owner_id)`.execute(db)
  ).rows;
  const built: string[] = [];
  const dropped: string[] = [];
  for (const owner of owners) {
    if (owner.documents < settings.minDocuments / (owner.segment === null ? 1 : 2)) {
      if (owner.segment !== null) {
        await sql`delete from search_segments where building_owner_id = ${owner.owner}`.execute(db);
        dropped.push(owner.owner);
      }
      continue;
    }
    if (owner.segment === null || owner.changes > rebuildAfter(owner.documents, settings)) {
      await buildSegment(db, owner.owner, { buildingRowsFrom: settings.buildingRowsFrom });
      built.push(owner.owner);
    }
  }
  await sql`delete from search_changes c
    where not exists (select 1 from search_segments g where g.building_owner_id = c.building_owner_id)
      and pg_visible_in_snapshot(c.xid, pg_current_snapshot())`.execute(db);
  // the new segments' statistics now, not whenever autovacuum gets to them: planned on the old ones (a segment's
  // postings estimated at 727 rows against 167,200), a statement read all of a segment's lexemes to find a few
  if (built.length > 0) {
    await sql`analyze search_segment_documents, search_segment_postings, search_segment_building_postings`.execute(db);
  }
  return { built, dropped };
}

/** One segment's per-document values, as this process keeps them: about 40 bytes a document. */
export interface LoadedSegment {
  id: string;
  size: number;
  /** the document numbered `ordinal` */
  idAt: (ordinal: number) => string;
  /** a document's number; undefined when the segment does not hold it */
  ordinalOf: (documentId: string) => number | undefined;
  bodyLength: Int32Array;
  /**
   * per document, lengthNorm of its body length as the database computes it (its `ln` may differ from this process's
   * in the last bit): the provider ranks a segment's candidates in this process with it (ranking.ts's exactScoreOf)
   */
  lengthNorm: Float64Array;
  /** per document, the lowest id of its chunks (NaN: it has none) */
  firstChunk: Float64Array;
  /** the numbers of the documents with chunks, in the order of their first chunk */
  byFirstChunk: Int32Array;
  /** building code per document, and each code's id */
  building: Uint32Array;
  buildings: string[];
  /** how many of its documents are in these buildings */
  documentsIn(buildingIds: readonly string[]): number;
  /** the numbers of a building's documents, ascending (empty: none) */
  ordinalsIn(buildingId: string): Int32Array;
  /** whether the lexemes of at least this many documents have rows per building (migration 0069); null: none has */
  buildingRowsFrom: number | null;
  /** code per facet per document (0: no value, or a value the facet leaves out), and each code's key */
  facets: Record<Facet, { codes: Uint32Array; keys: string[] }>;
  /** how many of its documents hold any of a query's lexemes or prefixes, summed over them (at least its hits) */
  documentsHolding(form: Lexemes): number;
}

function dictionary() {
  const keys: string[] = [''];
  const index = new Map<string, number>();
  return {
    keys,
    code(key: string | null): number {
      if (key === null) return 0;
      let code = index.get(key);
      if (code === undefined) {
        code = keys.length;
        keys.push(key);
        index.set(key, code);
      }
      return code;
    },
  };
}

/**
 * A document's key in each facet (FACETS' order), as the provider's facets count them: a document without the field is
 * left out (null), and so is an empty extension; a floor counts for drawings only.
 */
function facetKeys(
  row: Pick<SegmentDocumentRow, 'discipline' | 'building_category' | 'extension' | 'is_drawing' | 'floor'>,
): (string | null)[] {
  return [
    row.discipline,
    row.building_category,
    row.extension === '' ? null : row.extension,
    row.is_drawing ? row.floor : null,
  ];
}

/** a segment's document, as loaded */
type SegmentDocumentRow = Omit<SearchSegmentDocumentsTable, 'segment_id' | 'ordinal'>;

/** documents read at once while a segment loads: the rows of a batch are all this process holds of them as objects */
const LOAD_BATCH = 50_000;

function uuidBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex') : null;
}

async function loadSegment(db: Executor, id: string): Promise<LoadedSegment> {
  const head = (
    await sql<{ documents: number; by_id: number[] | null; building_rows_from: number | null }>`select g.documents,
        g.building_rows_from,
        (select array_agg(d.ordinal order by d.document_id) from search_segment_documents d where d.segment_id = g.id)
          as by_id
      from search_segments g where g.id = ${id}::bigint`.execute(db)
  ).rows[0];
  const n = head?.documents ?? 0;
  // the ids packed, 16 bytes each in number order, and the numbers in id order (uuid order is byte order), so that
  // finding a document's number is a binary search: a tenth of the memory of strings in a map
  const packed = Buffer.alloc(16 * n);
  const byId = Int32Array.from(head?.by_id ?? []);
  const buildings = dictionary();
  const dictionaries = Object.fromEntries(FACETS.map((f) => [f, dictionary()])) as Record<
    Facet,
    ReturnType<typeof dictionary>
  >;
  const codes = Object.fromEntries(FACETS.map((f) => [f, new Uint32Array(n)])) as Record<Facet, Uint32Array>;
  const building = new Uint32Array(n);
  const bodyLength = new Int32Array(n);
  const firstChunk = new Float64Array(n).fill(Number.NaN);
  for (let from = 0; from < n; from += LOAD_BATCH) {
    const rows = (
      await sql<Omit<SegmentDocumentRow, 'first_chunk'> & { ordinal: number; first_chunk: number | null }>`select
          ordinal, document_id::text as document_id, building_id, body_length, discipline, building_category,
          extension, is_drawing, floor, first_chunk::float8 as first_chunk
        from search_segment_documents where segment_id = ${id}::bigint and ordinal >= ${from}
          and ordinal < ${from + LOAD_BATCH} order by ordinal`.execute(db)
    ).rows;
    for (const row of rows) {
      const i = row.ordinal;
      packed.write(row.document_id.replace(/-/g, ''), 16 * i, 16, 'hex');
      bodyLength[i] = row.body_length;
      if (row.first_chunk !== null) firstChunk[i] = Number(row.first_chunk);
      building[i] = buildings.code(row.building_id);
      facetKeys(row).forEach((key, f) => {
        const facet = FACETS[f]!;
        codes[facet][i] = dictionaries[facet].code(key);
      });
    }
  }
  // the length norm of each body length the segment holds, from the database (a few thousand of them)
  const lengths = [...new Set(bodyLength)];
  const norms = new Map(
    (
      await sql<{ norm: number }>`select ${lengthNorm(sql`l.length`)} as norm
        from unnest(${lengths}::int[]) with ordinality as l (length, k) order by l.k`.execute(db)
    ).rows.map((row, k) => [lengths[k]!, Number(row.norm)]),
  );
  const normOf = Float64Array.from(bodyLength, (length) => norms.get(length)!);
  const perBuilding = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = buildings.keys[building[i]!]!;
    perBuilding.set(key, (perBuilding.get(key) ?? 0) + 1);
  }
  // each building's documents' numbers, ascending, as one array in building code order
  const starts = new Int32Array(buildings.keys.length + 1);
  for (let i = 0; i < n; i++) starts[building[i]! + 1]!++;
  for (let code = 0; code < buildings.keys.length; code++) starts[code + 1]! += starts[code]!;
  const byBuilding = new Int32Array(n);
  const filled = starts.slice(0, buildings.keys.length);
  for (let i = 0; i < n; i++) byBuilding[filled[building[i]!]!++] = i;
  const codeOf = new Map(buildings.keys.map((key, code) => [key, code]));
  const withChunks = Int32Array.from({ length: n }, (_, i) => i).filter((i) => !Number.isNaN(firstChunk[i]!));
  const byFirstChunk = withChunks.sort((a, b) => firstChunk[a]! - firstChunk[b]!);
  // the lexemes in this process's string order (a prefix is one range of it), and how many documents hold each
  const counted = (
    await sql<{ lexeme: string; documents: number }>`select lexeme, documents
      from search_segment_postings where segment_id = ${id}::bigint`.execute(db)
  ).rows.sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
  const lexemes = counted.map((row) => row.lexeme);
  const counts = Int32Array.from(counted.map((row) => row.documents));
  /** the first lexeme not before `key` */
  const from = (key: string) => {
    let low = 0;
    let high = lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (lexemes[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    id,
    size: byId.length === n ? n : -1,
    documentsHolding: (form) => {
      let total = 0;
      for (const lexeme of form.exact) {
        const at = from(lexeme);
        if (lexemes[at] === lexeme) total += counts[at]!;
      }
      for (const prefix of form.prefixes) {
        for (let at = from(prefix); at < lexemes.length && lexemes[at]!.startsWith(prefix); at++) total += counts[at]!;
      }
      return total;
    },
    idAt: (ordinal) => {
      const hex = packed.toString('hex', 16 * ordinal, 16 * ordinal + 16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    ordinalOf: (documentId) => {
      const target = uuidBytes(documentId);
      if (target === null) return undefined;
      let low = 0;
      let high = byId.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const ordinal = byId[middle]!;
        const order = packed.compare(target, 0, 16, 16 * ordinal, 16 * ordinal + 16);
        if (order === 0) return ordinal;
        if (order < 0) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    },
    bodyLength,
    lengthNorm: normOf,
    firstChunk,
    byFirstChunk,
    building,
    buildings: buildings.keys,
    documentsIn: (buildingIds) => {
      let total = 0;
      for (const b of new Set(buildingIds)) total += perBuilding.get(b) ?? 0;
      return total;
    },
    ordinalsIn: (buildingId) => {
      const code = codeOf.get(buildingId);
      return code === undefined || code === 0 ? new Int32Array(0) : byBuilding.subarray(starts[code], starts[code + 1]);
    },
    buildingRowsFrom: head?.building_rows_from ?? null,
    facets: Object.fromEntries(FACETS.map((f) => [f, { codes: codes[f], keys: dictionaries[f].keys }])) as Record<
      Facet,
      { codes: Uint32Array; keys: string[] }
    >,
  };
}

/**
 * The segments this process holds, per owner the newest it was asked for, loaded once (a load in flight is shared).
 * Bounded: past `maxDocuments` in all, the owner least recently searched is let go.
 */
export function createSegmentCache(params: { db: Kysely<DB>; maxDocuments?: number; refreshMs?: number }) {
  const maxDocuments = params.maxDocuments ?? 3_000_000;
  const refreshMs = params.refreshMs ?? 30_000;
  // the owners that have a segment, looked up in the background at most every refreshMs: a search of an owner without
  // one (nearly all of them) costs no statement more. Out of date either way, it changes nothing but the speed: an
  // owner not yet listed is answered from SQL, one listed whose segment went finds none and is too.
  const owners: { ids: Set<string>; at: number; refreshing: Promise<void> | null } = {
    ids: new Set(),
    at: Number.NEGATIVE_INFINITY,
    refreshing: null,
  };
  function listOwners(ids: Iterable<string>): void {
    owners.ids = new Set(ids);
    owners.at = performance.now();
  }
  function refreshOwners(): Promise<void> {
    owners.refreshing ??= sql<{ owner: string }>`select distinct building_owner_id as owner from search_segments`
      .execute(params.db)
      .then(
        ({ rows }) => listOwners(rows.map((r) => r.owner)),
        () => undefined,
      )
      .finally(() => {
        owners.refreshing = null;
      });
    return owners.refreshing;
  }
  const held = new Map<string, { id: string; loading: Promise<LoadedSegment>; loaded: LoadedSegment | null }>();
  function evict() {
    let total = 0;
    for (const entry of held.values()) total += entry.loaded?.size ?? 0;
    for (const [owner, entry] of held) {
      if (total <= maxDocuments) break;
      total -= entry.loaded?.size ?? 0;
      held.delete(owner);
    }
  }
  const cache = {
    /** the segment of `ownerId` this process holds, whichever it is; null when none is loaded */
    held(ownerId: string): LoadedSegment | null {
      return held.get(ownerId)?.loaded ?? null;
    },
    /** whether `ownerId` has a segment, as last looked up (and looked up again, in the background, when stale) */
    listed(ownerId: string): boolean {
      if (performance.now() - owners.at > refreshMs) void refreshOwners();
      return owners.ids.has(ownerId);
    },
    /** looks the owners up now and loads `ownerId`'s newest segment, so that the next search uses it */
    async warm(ownerId: string): Promise<void> {
      await refreshOwners();
      const newest = (
        await sql<{ id: string }>`select id::text as id from search_segments where building_owner_id = ${ownerId}
          order by id desc limit 1`.execute(params.db)
      ).rows[0];
      if (newest) await cache.get(ownerId, newest.id, { wait: true, db: params.db });
    },
    /**
     * Loads every owner's newest segment, the largest first, as many as the bound holds; the owners loaded. A process
     * that answers searches calls it at start, so that a big owner's first searches after a restart are answered by
     * the segment, not by SQL while it loads.
     */
    async warmAll(): Promise<string[]> {
      const newest = (
        await sql<{ owner: string; id: string; documents: number }>`
          select distinct on (building_owner_id) building_owner_id as owner, id::text as id, documents
          from search_segments order by building_owner_id, id desc`.execute(params.db)
      ).rows.sort((a, b) => b.documents - a.documents);
      // the owners that have one, as refreshOwners would list them: no statement of its own
      listOwners(newest.map((segment) => segment.owner));
      const loaded: string[] = [];
      let total = 0;
      for (const segment of newest) {
        if (total + segment.documents > maxDocuments) continue;
        total += segment.documents;
        await cache.get(segment.owner, segment.id, { wait: true, db: params.db });
        loaded.push(segment.owner);
      }
      return loaded;
    },
    /**
     * The segment `id` of `ownerId`: at once when held; otherwise null, loading it for the next search. `wait`: loads
     * it first, on the caller's connection (on PGlite, the pool's only one may be the caller's).
     */
    async get(
      ownerId: string,
      id: string,
      options: { wait: false } | { wait: true; db: Executor },
    ): Promise<LoadedSegment | null> {
      let entry = held.get(ownerId);
      if (entry?.id !== id) {
        const loading = loadSegment(options.wait ? options.db : params.db, id);
        const fresh: { id: string; loading: Promise<LoadedSegment>; loaded: LoadedSegment | null } = {
          id,
          loading,
          loaded: null,
        };
        entry = fresh;
        held.set(ownerId, fresh);
        loading.then(
          (segment) => {
            fresh.loaded = segment;
            evict();
          },
          () => {
            if (held.get(ownerId) === fresh) held.delete(ownerId);
          },
        );
      }
      // most recently used last
      held.delete(ownerId);
      held.set(ownerId, entry);
      if (entry.loaded !== null) return entry.loaded;
      return options.wait ? entry.loading : null;
    },
  };
  return cache;
}

export type SegmentCache = ReturnType<typeof createSegmentCache>;

/** a query's lexemes and prefixes */
interface Lexemes {
  exact: string[];
  prefixes: string[];
}

/** a term's `match` as its lexemes and prefixes; null for anything else (a phrase, an `&`), which SQL answers */
export function lexemesOf(match: string): Lexemes | null {
  const exact: string[] = [];
  const prefixes: string[] = [];
  const rest = match.replace(/'((?:[^']|'')*)'(:\*)?/g, (_, lexeme: string, star: string | undefined) => {
    (star ? prefixes : exact).push(lexeme.replace(/''/g, "'"));
    return '';
  });
  return /[^\s()|]/.test(rest) ? null : { exact, prefixes };
}

/** what a segment's statement starts with (segmentAndChanges) */
interface SegmentHead {
  id: string;
  documents: number;
  changes: number;
  /** the documents written since, if not too many */
  changed: string[] | null;
  /** the lexemes whose postings follow, in order */
  lexemes: string[];
}

/**
 * `p.lexeme` is one of the forms' lexemes or begins with one of their prefixes (beside `p.segment_id = (select ...)`, a
 * value: joined to the segment's row, the planner scanned every segment's lexemes). A prefix is read as a range in
 * code-point order (`collate "C"`, the postings' order: prefix-range.ts)
 */
function lexemeConditions(forms: readonly Lexemes[]): RawBuilder<boolean> {
  const conditions = [
    sql`p.lexeme = any(${forms.flatMap((t) => t.exact)}::text[])`,
    ...forms.flatMap((t) => t.prefixes).map((prefix) => beginsWith(sql`p.lexeme`, prefix, 'C')),
  ];
  return sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * The start of a segment's statement: `g`, the owner's newest segment; `c`, the documents written since its snapshot;
 * `n`, how many
 */
function segmentAndChanges(ownerId: string) {
  return sql`g as (select x.id, x.snapshot, x.documents, x.building_rows_from from search_segments x
        where x.building_owner_id = ${ownerId} order by x.id desc limit 1),
      c as materialized (select distinct c.document_id from search_changes c cross join g
        where c.building_owner_id = ${ownerId} and not pg_visible_in_snapshot(c.xid, g.snapshot)),
      n as (select count(*)::int as changes from c)`;
}

/** whether a form holds a lexeme: one of its lexemes, or begun by one of its prefixes */
function holdsLexeme(form: Lexemes, lexeme: string): boolean {
  return form.exact.includes(lexeme) || form.prefixes.some((prefix) => lexeme.startsWith(prefix));
}

/** a lexeme as a tsquery operand */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A document written since the segment, as `search_documents` has it now, with the terms it holds and each term's
 * presence tests (ranking.ts's presenceTests).
 */
type WrittenRow = Omit<SegmentDocumentRow, 'building_id'> & { matches: boolean[]; presence: boolean[][] };

/** A candidate of the first pass: `boosted` when its head or top holds a term (else it scores its floor). */
export interface FirstPassCandidate {
  documentId: string;
  boosted: boolean;
  /** its number in the segment; null for a document written since */
  ordinal: number | null;
}

/** what the exact rank needs of a candidate, from the segment alone */
export interface SegmentRankInputs {
  bodyLength: number;
  /** lengthNorm of the body length, as the database computes it */
  norm: number;
  /** per term, its presence tests (presenceTests' order: exact form, then alternatives), 1 or 0 */
  presence: number[];
  /** per term, ts_rank of its exact form, then of its alternatives (0 when it has none): termRanks' array */
  ranks: number[];
}

export interface SegmentAnswer {
  numberOfHits: number;
  /** the scope's documents, and how many hold each term (the provider's idf) */
  documents: number;
  frequencies: number[];
  aggregations: SearchAggregations | null;
  /** every hit that can be among the first pass's best `depth` (ranking.ts's roughScore), with the terms' idf */
  candidates(params: {
    depth: number;
    terms: readonly { idf: number; alternatives: string | null }[];
  }): FirstPassCandidate[];
  /**
   * Per candidate, what the exact rank needs of it from the segment alone (its ranks from the postings' counts:
   * segment-ranks.ts), or null where the database must read its row (a document written since, counts that do not
   * tell); null for all when the search did not ask for the counts (`ranks`) or a term's form cannot be ranked here.
   */
  rankInputs(candidates: readonly FirstPassCandidate[]): (SegmentRankInputs | null)[] | null;
}

/**
 * Whether the owner's segment held in this process counts a term of the search in fewer than `fewHits` documents: then
 * SQL answers as fast without the segment's statement, and every hit can be scored in full (the provider's first pass
 * without the boost index, whose statement takes longer to plan than a few hits take to score). The held segment may be
 * an older one: it only decides which way the same answer is found.
 */
export function fewHitsHeld(params: {
  cache: SegmentCache;
  ownerId: string;
  terms: readonly AnalysedTerm[];
  settings: SegmentSettings;
}): boolean {
  const loaded = params.cache.held(params.ownerId);
  if (loaded === null) return false;
  const counts = params.terms.map((t) => {
    const match = lexemesOf(t.match);
    return match === null ? Infinity : loaded.documentsHolding(match);
  });
  return Math.min(...counts) < params.settings.fewHits;
}

/**
 * Whether a search in these buildings of the owner is one SQL answers about as fast, as the segment held in this
 * process tells: its buildings hold fewer than `minScopeShare` of the segment's documents. The segment's cost is that
 * of the owner's postings, SQL's that of the buildings' hits: at a million documents (600,000 the owner's, in 100
 * buildings), a common word in one building 24.9-28.3 ms p50 from the segment against 25.7-49.8 from SQL (22.2 against
 * 15.7 on another day), in two to 25 buildings 22.5-30.3 against 25.2-64.0 (stop 83).
 */
export function smallScopeHeld(params: {
  cache: SegmentCache;
  ownerId: string;
  buildings: readonly string[] | null;
  settings: SegmentSettings;
}): boolean {
  const loaded = params.cache.held(params.ownerId);
  if (loaded === null || params.buildings === null) return false;
  const documents = loaded.documentsIn(params.buildings);
  if (loaded.buildingRowsFrom !== null) return documents < params.settings.minScopeDocuments;
  return documents < params.settings.minScopeShare * loaded.size;
}

/**
 * A keyword search's count, term frequencies, facets and floor candidates from the owner's segment (owner-wide or in
 * some of its buildings), and with `ranks` what the exact rank needs of the candidates (rankInputs); null when
 * SQL must answer (no segment, too many documents written since, a term that is not a set of lexemes, or the
 * segment's values not yet in this process).
 */
export async function answerFromSegment(params: {
  db: Executor;
  cache: SegmentCache;
  ownerId: string;
  terms: readonly AnalysedTerm[];
  /** the scope's condition (search-sql's resolveScope), on alias `s` */
  scope: RawBuilder<boolean>;
  /** the scope's live buildings (resolveScope's buildingIds); null: the owner's, but the archived ones */
  buildings: readonly string[] | null;
  aggregations: boolean;
  /** fetch the postings' counts, so that the candidates are ranked from the segment (rankInputs) */
  ranks: boolean;
  settings: SegmentSettings;
  wait: boolean;
}): Promise<SegmentAnswer | null> {
  if (!params.wait && !params.cache.listed(params.ownerId)) return null;
  // each term's match, and its exact form and alternatives apart (the presence tests tell them apart)
  const parsed = params.terms.map((t) => [t.match, t.exact, t.alternatives ?? ''].map(lexemesOf));
  if (parsed.some((forms) => forms.some((p) => p === null))) return null;
  const terms = parsed.map((forms) => forms as [Lexemes, Lexemes, Lexemes]);
  const matches = sql.join(params.terms.map((t) => sql`s.tsv @@ ${t.match}::tsquery`));
  const presence = sql.join(
    params.terms.map((term) => sql`json_build_array(${sql.join(presenceTests({ alias: 's', term }))})`),
  );
  const conditions = lexemeConditions(terms.map(([t]) => t));
  const fields = params.ranks ? [...FIELDS, ...COUNTS] : FIELDS;
  const runs = fields.map((field) =>
    field === 'postings' || field.endsWith('counts')
      ? sql.ref(`p.${field}`)
      : sql`coalesce(${sql.ref(`p.${field}`)}, ''::bytea)`,
  );
  const selected = sql`array[${sql.join(runs.map((run) => sql`octet_length(${run})`))}] as sizes,
    ${sql.join(runs, sql` || `)} as runs`;
  // a search of buildings holding a small share of the owner's documents, as the segment held tells: their rows of
  // the owner's common lexemes (migration 0069), and the owner's rows of the others
  const held = params.cache.held(params.ownerId);
  const byBuilding =
    params.buildings !== null &&
    held !== null &&
    held.buildingRowsFrom !== null &&
    held.documentsIn(params.buildings) <= params.settings.buildingRowsShare * held.size;
  const postings = byBuilding
    ? sql`select p.lexeme, ''::text as part, ${selected} from search_segment_postings p
        where p.segment_id = (select g.id from g) and ${conditions}
          and p.documents < (select coalesce(g.building_rows_from, ${2 ** 31 - 1}) from g)
      union all
      select p.lexeme, p.building_id as part, ${selected} from search_segment_building_postings p
        where p.segment_id = (select g.id from g) and p.building_id = any(${params.buildings}::text[]) and ${conditions}`
    : sql`select p.lexeme, ''::text as part, ${selected} from search_segment_postings p
        where p.segment_id = (select g.id from g) and ${conditions}`;
  // one statement, one snapshot: the owner's newest segment, the documents written since (those in scope with the
  // terms they hold), the archived buildings, and the postings of the query's lexemes, end to end in lexeme order
  const head = (
    await executePrepared(
      params.db,
      sql<
        SegmentHead & {
          written: WrittenRow[] | string | null;
          archived: string[];
          /** with the facets: the scope's documents under a private folder, which they leave out */
          hidden: string[];
          /** per row of postings, whose they are: the owner's (''), or a building's */
          parts: string[];
          /** per row, the sizes of its runs in FIELDS' order (and COUNTS') */
          sizes: number[];
          postings: Uint8Array;
        }
      >`
      with ${segmentAndChanges(params.ownerId)},
      p as materialized (${postings})
      select g.id::text as id, g.documents, n.changes,
        case when n.changes <= ${params.settings.maxChanges} then array(select c.document_id::text from c) end as changed,
        case when n.changes <= ${params.settings.maxChanges} then (
          select coalesce(json_agg(json_build_object('document_id', s.document_id, 'body_length', s.body_length,
            'discipline', s.discipline, 'building_category', s.building_category, 'extension', s.extension,
            'is_drawing', s.is_drawing, 'floor', s.floor, 'matches', json_build_array(${matches}),
            'presence', json_build_array(${presence})) order by s.document_id),
            '[]'::json)
          from search_documents s where s.document_id in (select c.document_id from c) and ${params.scope}
        ) end as written,
        array(select ab.id from buildings ab where ab.building_owner_id = ${params.ownerId}
          and ab.archived_at is not null) as archived,
        ${
          params.aggregations
            ? sql`array(select h.id::text from (${privateFolderDocumentIds(params.ownerId, params.buildings)}) h)`
            : sql`'{}'::text[]`
        } as hidden,
        array(select p.lexeme::text from p order by p.lexeme, p.part) as lexemes,
        array(select p.part from p order by p.lexeme, p.part) as parts,
        (select coalesce(array_agg(z.size order by p.lexeme, p.part, z.k), '{}') from p
          cross join lateral unnest(p.sizes) with ordinality as z (size, k)) as sizes,
        (select coalesce(string_agg(p.runs, ''::bytea order by p.lexeme, p.part), ''::bytea) from p) as postings
      from g cross join n`,
    )
  ).rows[0];
  if (!head || head.changed === null || head.written === null) return null;
  const segment = await params.cache.get(
    params.ownerId,
    head.id,
    params.wait ? { wait: true, db: params.db } : { wait: false },
  );
  // not all of it: dropped between the two statements (two rebuilds since), SQL answers
  if (segment === null || segment.size !== head.documents) return null;
  const written = typeof head.written === 'string' ? (JSON.parse(head.written) as WrittenRow[]) : head.written;
  let offset = 0;
  const sent = head.lexemes.map((lexeme, i) => {
    const runs = fields.map((_, f) => {
      const size = Number(head.sizes[fields.length * i + f]);
      const run = head.postings.subarray(offset, offset + size);
      offset += size;
      return run;
    });
    return { lexeme, part: head.parts[i] ?? '', runs };
  });
  const rows = inSegmentNumbers(sent, segment);
  /** the documents of the runs of `field` of the lexemes a form holds, as a bitset */
  const bitsOf = (form: Lexemes, field: number): Uint32Array => {
    const bits = new Uint32Array(words);
    for (const row of rows) if (holdsLexeme(form, row.lexeme)) orRun(bits, row.runs[field]!, n);
    return bits;
  };

  const n = segment.size;
  const words = Math.ceil(n / 32);
  // the scope's documents in the segment: in its buildings (owner-wide: not in an archived building), not written since
  const live = new Uint32Array(words);
  if (params.buildings === null) {
    for (let w = 0; w < words; w++) live[w] = 0xffffffff;
    if (n % 32 !== 0) live[words - 1] = (1 << (n % 32)) - 1;
    const archived = new Set(head.archived.map((id) => segment.buildings.indexOf(id)).filter((code) => code > 0));
    if (archived.size > 0) {
      for (let i = 0; i < n; i++) if (archived.has(segment.building[i]!)) live[i >>> 5]! &= ~(1 << (i & 31));
    }
  } else {
    for (const id of new Set(params.buildings)) for (const i of segment.ordinalsIn(id)) live[i >>> 5]! |= 1 << (i & 31);
  }
  for (const id of head.changed) {
    const i = segment.ordinalOf(id);
    if (i !== undefined) live[i >>> 5]! &= ~(1 << (i & 31));
  }
  let documents = written.length;
  for (let w = 0; w < words; w++) documents += popcount(live[w]!);

  let hits: Uint32Array | null = null;
  const frequencies: number[] = [];
  terms.forEach(([term], t) => {
    const bits = bitsOf(term, 0);
    let held = 0;
    for (let w = 0; w < words; w++) {
      bits[w]! &= live[w]!;
      held += popcount(bits[w]!);
    }
    frequencies.push(held + written.filter((row) => row.matches[t]).length);
    if (hits === null) hits = bits;
    else for (let w = 0; w < words; w++) hits[w]! &= bits[w]!;
  });
  const bits: Uint32Array = hits ?? new Uint32Array(words);
  // per term, its presence tests' documents (exact form, then alternatives), kept to the hits in the words that hold
  // one: what is read of them (the first pass and the ranks look at hits only; a building's hits at a million
  // documents are in some 1,600 of 18,750 words)
  let presenceHeld: Uint32Array[][] | null = null;
  const presenceOfHits = (): Uint32Array[][] => {
    if (presenceHeld !== null) return presenceHeld;
    const held: number[] = [];
    for (let w = 0; w < words; w++) if (bits[w] !== 0) held.push(w);
    presenceHeld = terms.map(([, exact, alternatives]) =>
      [exact, alternatives].flatMap((form) =>
        PRESENCE_TESTS.map((_, test) => {
          const found = bitsOf(form, 1 + test);
          for (const w of held) found[w]! &= bits[w]!;
          return found;
        }),
      ),
    );
    return presenceHeld;
  };
  const writtenHits = written.filter((row) => row.matches.every(Boolean));
  let numberOfHits = writtenHits.length;
  for (let w = 0; w < words; w++) numberOfHits += popcount(bits[w]!);

  let aggregations: SearchAggregations | null = null;
  if (params.aggregations) {
    const tallies = FACETS.map((f) => new Int32Array(segment.facets[f].keys.length));
    const columns = FACETS.map((f) => segment.facets[f].codes);
    // the facets leave out the hits under a private folder (numberOfHits counts them)
    const hidden = new Uint32Array(words);
    for (const id of head.hidden) {
      const i = segment.ordinalOf(id);
      if (i !== undefined) hidden[i >>> 5]! |= 1 << (i & 31);
    }
    const hiddenIds = new Set(head.hidden);
    for (let w = 0; w < words; w++) {
      let word = bits[w]! & ~hidden[w]!;
      while (word !== 0) {
        const low = word & -word;
        const i = w * 32 + 31 - Math.clz32(low);
        for (let f = 0; f < FACETS.length; f++) tallies[f]![columns[f]![i]!]!++;
        word ^= low;
      }
    }
    const extra = FACETS.map(() => new Map<string, number>());
    for (const row of writtenHits) {
      if (hiddenIds.has(row.document_id)) continue;
      facetKeys(row).forEach((key, f) => {
        if (key !== null) extra[f]!.set(key, (extra[f]!.get(key) ?? 0) + 1);
      });
    }
    aggregations = { discipline: [], category: [], extension: [], drawing_floor: [] };
    FACETS.forEach((facet, f) => {
      const counts = extra[f]!;
      segment.facets[facet].keys.forEach((key, code) => {
        const count = tallies[f]![code]!;
        if (code !== 0 && count > 0) counts.set(key, (counts.get(key) ?? 0) + count);
      });
      const buckets: AggregationBucket[] = [...counts].map(([key, count]) => ({ key, count }));
      // as the provider: by count, then the key in code-point order; 100 buckets at most
      buckets.sort((a, b) => b.count - a.count || codePointOrder(a.key, b.key));
      aggregations![facet] = buckets.slice(0, 100);
    });
  }

  return {
    numberOfHits,
    documents,
    frequencies,
    aggregations,
    candidates({ depth, terms: weighted }) {
      return firstPassCandidates({
        hits: bits,
        presence: presenceOfHits(),
        bodyLength: segment.bodyLength,
        idAt: segment.idAt,
        written: writtenHits.map((row) => ({
          documentId: row.document_id,
          bodyLength: row.body_length,
          presence: row.presence,
        })),
        depth,
        terms: weighted,
      });
    },
    rankInputs(candidates) {
      if (!params.ranks) return null;
      const ordinals = candidates.flatMap((c) => (c.ordinal === null ? [] : [c.ordinal]));
      const counted: CountedRow[] = rows.map(
        ({ lexeme, runs: [postings, headA, headB, , counts, headACounts, headBCounts] }) => ({
          lexeme,
          postings: postings!,
          headA: headA!,
          headB: headB!,
          counts: counts!,
          headACounts: headACounts!,
          headBCounts: headBCounts!,
        }),
      );
      // per term, the ranks of its exact form, then of its alternatives: termRanks' array
      const ranks: Float64Array[] = [];
      for (const form of terms.flatMap(([, exact, alternatives]) => [exact, alternatives])) {
        const held = counted.filter((row) => holdsLexeme(form, row.lexeme));
        const ranked = formRanks({ form, rows: held, documents: n, ordinals });
        if (ranked === null) return null;
        ranks.push(ranked);
      }
      const presence = presenceOfHits().flat();
      let slot = 0;
      return candidates.map((candidate) => {
        const i = candidate.ordinal;
        if (i === null) return null;
        const at = slot++;
        const values = ranks.map((ranked) => ranked[at]!);
        if (values.some(Number.isNaN)) return null;
        return {
          bodyLength: segment.bodyLength[i]!,
          norm: segment.lengthNorm[i]!,
          presence: presence.map((found) => (found[i >>> 5]! >>> (i & 31)) & 1),
          ranks: values,
        };
      });
    },
  };
}

/**
 * The rows of postings a segment's statement sent (answerFromSegment), each lexeme's as the owner's row would hold
 * them: a building's rows (migration 0069) in the segment's numbers, those of several buildings as one row. A run of
 * them exactly as long as the segment's bitmap is that bitmap (a list as long would read as one), its counts in the
 * same order.
 */
export function inSegmentNumbers(
  sent: readonly { lexeme: string; part: string; runs: Uint8Array[] }[],
  segment: Pick<LoadedSegment, 'ordinalsIn' | 'size'>,
): { lexeme: string; runs: Uint8Array[] }[] {
  const rows: { lexeme: string; runs: Uint8Array[] }[] = [];
  for (let at = 0; at < sent.length;) {
    const first = sent[at]!;
    if (first.part === '') {
      rows.push(first);
      at++;
      continue;
    }
    let end = at + 1;
    while (end < sent.length && sent[end]!.lexeme === first.lexeme && sent[end]!.part !== '') end++;
    const parts = sent.slice(at, end).map((row) => ({ ordinals: segment.ordinalsIn(row.part), runs: row.runs }));
    const runs: Uint8Array[] = new Array<Uint8Array>(first.runs.length);
    for (let f = 0; f < FIELDS.length; f++) {
      // the counts beside this run, if the statement sent them (COUNTS, after FIELDS)
      const counted = COUNTED_RUNS.indexOf(FIELDS[f] as (typeof COUNTED_RUNS)[number]);
      const c = counted >= 0 && first.runs.length > FIELDS.length ? FIELDS.length + counted : -1;
      const entries: { ordinal: number; count: number }[] = [];
      for (const part of parts) {
        const counts = c < 0 ? null : part.runs[c]!;
        segmentNumbers(part.runs[f]!, part.ordinals).forEach((ordinal, index) =>
          entries.push({ ordinal, count: counts === null || counts.byteLength === 0 ? -1 : counts[index]! }),
        );
      }
      if (parts.length > 1) entries.sort((x, y) => x.ordinal - y.ordinal);
      const list = Buffer.alloc(4 * entries.length);
      entries.forEach((entry, i) => list.writeInt32BE(entry.ordinal, 4 * i));
      runs[f] =
        list.byteLength > 0 && list.byteLength === bitmapBytes(segment.size) ? bitmapOf(list, segment.size) : list;
      if (c >= 0)
        runs[c] = entries.some((entry) => entry.count >= 0)
          ? Buffer.from(entries.map((e) => e.count))
          : Buffer.alloc(0);
    }
    rows.push({ lexeme: first.lexeme, runs });
    at = end;
  }
  return rows;
}

/** The answers' word weights from a segment: the scope's readable documents, and how many of them hold each word. */
export interface SegmentWordCounts {
  documents: number;
  /** what `everyOwner` selected */
  everyOwner: number;
  frequencies: number[];
  /**
   * per word, the same word for the scope's chunks with its prefixes spelled out: the lexemes the owner's chunks hold
   * that begin with them (null when they are too many, or the word has no prefix). A chunk index finds a word of
   * whole lexemes exactly; a prefix's chunks come from a bitmap of every chunk holding any lexeme it begins, which for a
   * common stem outgrew the statement's memory and left every chunk on its pages to be read and tested again
   */
  spelled: (string | null)[];
  /**
   * The scope's documents in the segment whose chunks hold every one of the words numbered `words` (a word's
   * documents, as counted), in the order of their first chunk's id: a chunk's id is never below its document's first,
   * so the lowest ids of the chunks holding those words are in the first documents. And `written`, the documents
   * written since the segment, which the segment knows nothing of (SQL tests them, visibility and all).
   */
  documentsHoldingEvery: (words: readonly number[]) => {
    inOrder: Iterable<{ documentId: string; firstChunk: number }>;
    /** how many documents `inOrder` holds */
    count: number;
    written: string[];
  };
}

/** a prefix spelled out as more lexemes than this keeps its prefix */
const MAX_SPELLED = 64;

/**
 * How many readable documents of the scope there are, and how many hold each of `terms` (tsqueries of lexemes and
 * prefixes joined by `|`) in their chunks, from the owner's segment: each word's postings of `document_lexemes` OR-ed
 * into a bitset, kept to the scope's live buildings and leaving out the documents under a private folder and every
 * document written since the segment's snapshot; those are counted from `document_lexemes` itself, in the same
 * statement. The very counts the SQL of the passage retrieval gives; null when SQL must count (no segment, too many
 * documents written since, a word that is not a set of lexemes, or the segment's values not yet in this process).
 */
export async function wordCountsFromSegment(params: {
  db: Executor;
  cache: SegmentCache;
  ownerId: string;
  buildingIds: readonly string[];
  terms: readonly string[];
  settings: SegmentSettings;
  wait: boolean;
  /** a number selected beside the counts, in the same statement (the caller's estimate of every owner's documents) */
  everyOwner: RawBuilder<number>;
}): Promise<SegmentWordCounts | null> {
  const { ownerId } = params;
  if (!params.wait && !params.cache.listed(ownerId)) return null;
  const forms = params.terms.map(lexemesOf);
  if (forms.some((form) => form === null)) return null;
  const terms = forms as Lexemes[];
  const prefixes = terms.some((t) => t.prefixes.length > 0);
  const conditions = lexemeConditions(terms);
  const holds = sql.join(params.terms.map((term) => sql`x.lexemes @@ ${term}::tsquery`));
  const outsidePrivate = lexemesOutsidePrivateFolders();
  const head = (
    await executePrepared(
      params.db,
      sql<
        SegmentHead & {
          written: boolean[][] | string | null;
          live: string[];
          hidden: string[];
          sizes: number[];
          postings: Uint8Array;
          every_owner: number | string;
          /** the lexemes of the documents written since that begin with a prefix of the words */
          written_lexemes: string[];
        }
      >`
      with ${segmentAndChanges(ownerId)},
      ${lexemesScope(ownerId, params.buildingIds)},
      p as materialized (select p.lexeme, p.chunks from search_segment_postings p
        where p.segment_id = (select g.id from g) and p.chunks is not null and (${conditions}))
      select g.id::text as id, g.documents, n.changes, scope.live,
        case when n.changes <= ${params.settings.maxChanges} then array(select c.document_id::text from c) end as changed,
        case when n.changes <= ${params.settings.maxChanges} then (
          select coalesce(json_agg(json_build_array(${holds})), '[]'::json) from document_lexemes x
          where x.document_id in (select c.document_id from c) and x.readable and x.building_id = any(scope.live)
            and ${outsidePrivate}
        ) end as written,
        array(select x.document_id::text from document_lexemes x
          where x.building_owner_id = ${ownerId} and x.readable and x.building_id = any(scope.private)
            and not ${outsidePrivate}) as hidden,
        array(select p.lexeme::text from p order by p.lexeme) as lexemes,
        array(select octet_length(p.chunks) from p order by p.lexeme) as sizes,
        (select coalesce(string_agg(p.chunks, ''::bytea order by p.lexeme), ''::bytea) from p) as postings,
        (${params.everyOwner}) as every_owner,
        case when n.changes <= ${params.settings.maxChanges} and ${prefixes} then array(
          select distinct p.lexeme from document_lexemes x cross join unnest(tsvector_to_array(x.lexemes)) as p (lexeme)
          where x.document_id in (select c.document_id from c) and (${conditions})
        ) else '{}' end as written_lexemes
      from g cross join n cross join scope`,
    )
  ).rows[0];
  if (!head || head.changed === null || head.written === null) return null;
  const segment = await params.cache.get(
    ownerId,
    head.id,
    params.wait ? { wait: true, db: params.db } : { wait: false },
  );
  if (segment === null || segment.size !== head.documents) return null;
  const written = typeof head.written === 'string' ? (JSON.parse(head.written) as boolean[][]) : head.written;

  const n = segment.size;
  const words = Math.ceil(n / 32);
  // the scope's documents in the segment: in a live building of the scope, not under a private folder, not written since
  const codes = new Map(segment.buildings.map((id, code) => [id, code]));
  const inScope = new Uint8Array(segment.buildings.length);
  for (const id of head.live) {
    const code = codes.get(id) ?? 0;
    if (code > 0) inScope[code] = 1;
  }
  const live = new Uint32Array(words);
  for (let i = 0; i < n; i++) if (inScope[segment.building[i]!]) live[i >>> 5]! |= 1 << (i & 31);
  for (const id of [...head.changed, ...head.hidden]) {
    const i = segment.ordinalOf(id);
    if (i !== undefined) live[i >>> 5]! &= ~(1 << (i & 31));
  }
  let documents = written.length;
  for (let w = 0; w < words; w++) documents += popcount(live[w]!);

  let offset = 0;
  const runs = head.lexemes.map((lexeme, i) => {
    const size = Number(head.sizes[i]);
    const run = head.postings.subarray(offset, offset + size);
    offset += size;
    return { lexeme, run };
  });
  // per word, the scope's documents holding it
  const holding = terms.map((form) => {
    const bits = new Uint32Array(words);
    for (const { lexeme, run } of runs) if (holdsLexeme(form, lexeme)) orRun(bits, run, n);
    for (let w = 0; w < words; w++) bits[w]! &= live[w]!;
    return bits;
  });
  const frequencies = holding.map((bits, t) => {
    let held = 0;
    for (let w = 0; w < words; w++) held += popcount(bits[w]!);
    return held + written.filter((row) => row[t]).length;
  });
  const known = [...head.lexemes, ...head.written_lexemes];
  const spelled = terms.map((form) => {
    if (form.prefixes.length === 0) return null;
    const lexemes = [...new Set([...form.exact, ...known.filter((lexeme) => holdsLexeme(form, lexeme))])];
    if (lexemes.length > MAX_SPELLED || lexemes.some((lexeme) => lexeme.includes('\\'))) return null;
    return lexemes.length === 0 ? null : `(${lexemes.map(quotedLexeme).join(' | ')})`;
  });
  const changed = head.changed;
  return {
    documents,
    everyOwner: Number(head.every_owner),
    frequencies,
    spelled,
    documentsHoldingEvery: (numbers) => {
      const every = live.slice();
      for (const t of numbers) {
        const bits = holding[t];
        if (bits === undefined) throw new RangeError(`no word ${t}`);
        for (let w = 0; w < words; w++) every[w]! &= bits[w]!;
      }
      let count = 0;
      for (let w = 0; w < words; w++) count += popcount(every[w]!);
      function* inOrder() {
        for (const i of segment!.byFirstChunk) {
          if ((every[i >>> 5]! >>> (i & 31)) & 1)
            yield { documentId: segment!.idAt(i), firstChunk: segment!.firstChunk[i]! };
        }
      }
      return { inOrder: inOrder(), count, written: changed };
    },
  };
}

/**
 * Every hit that can be among the first pass's best `depth`, by roughScore rounded to millionths, then id (the
 * provider's order), each marked `boosted` when a presence test holds for it:
 *
 * - a hit no presence test holds for scores its floor, which falls as its body grows: a segment numbers its documents
 *   by body length, so they come in the floor's order, and the first of them are all that can count;
 * - the few that some test holds for (a term in their head or top) are each scored as the database would.
 *
 * The depth's last score is found, and every hit taken whose score, as this process computes it, is within two
 * rounding steps of it: a hit's rounded score in the database is within one step of this process's, so no hit of the
 * best `depth` (or tying the last of them) is left out, and only a few more come in.
 */
export function firstPassCandidates(params: {
  hits: Uint32Array;
  /** per term, its presence tests' documents among the hits (read only in the words that hold one), in presenceTests' order */
  presence: readonly (readonly Uint32Array[])[];
  bodyLength: Int32Array;
  idAt: (ordinal: number) => string;
  /** hits outside the bitsets (written since the segment), with their presence tests' results */
  written: readonly { documentId: string; bodyLength: number; presence: readonly (readonly boolean[])[] }[];
  depth: number;
  terms: readonly { idf: number; alternatives: string | null }[];
}): FirstPassCandidate[] {
  const { hits, presence, bodyLength, idAt, depth, terms } = params;
  const words = hits.length;
  // the words that hold a hit, the only ones the passes below look at (the presence tests' bits are the hits'): a
  // building's search at a million documents has 1,661 hits in 18,750 words
  const held: number[] = [];
  for (let w = 0; w < words; w++) if (hits[w] !== 0) held.push(w);
  const boosted = new Uint32Array(words);
  for (const tests of presence) for (const found of tests) for (const w of held) boosted[w]! |= found[w]!;
  // the boosted hits, each scored: a segment's by its number (its id is looked up only if it is taken)
  const scored: { score: number; hit: number | FirstPassCandidate }[] = [];
  for (const w of held) {
    let word = boosted[w]!;
    while (word !== 0) {
      const low = word & -word;
      const i = w * 32 + 31 - Math.clz32(low);
      word ^= low;
      const score = roughScoreOf({
        terms,
        presence: (t, test) => (presence[t]![test]![i >>> 5]! >>> (i & 31)) & 1,
        length: bodyLength[i]!,
      });
      scored.push({ score, hit: i });
    }
  }
  for (const row of params.written) {
    const score = roughScoreOf({
      terms,
      presence: (t, test) => (row.presence[t]?.[test] ? 1 : 0),
      length: row.bodyLength,
    });
    const hit = {
      documentId: row.documentId,
      boosted: row.presence.some((tests) => tests.some(Boolean)),
      ordinal: null,
    };
    scored.push({ score, hit });
  }
  scored.sort((a, b) => b.score - a.score);
  // the floor hits in number order: their scores never rise
  const none = () => 0;
  const floorOf = (length: number) => roughScoreOf({ terms, presence: none, length });
  function* floorHits(): Generator<number> {
    for (const w of held) {
      let word = hits[w]! & ~boosted[w]!;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        yield w * 32 + 31 - Math.clz32(low);
      }
    }
  }
  // the depth's last score, from the scored hits and the floor hits merged in score order
  let threshold = Number.NEGATIVE_INFINITY;
  {
    const floors = floorHits();
    let next = floors.next();
    let s = 0;
    for (let taken = 0; taken < depth; taken++) {
      // fewer hits than the depth: every one is a candidate
      if (next.done && s >= scored.length) {
        threshold = Number.NEGATIVE_INFINITY;
        break;
      }
      const floor = next.done ? Number.NEGATIVE_INFINITY : floorOf(bodyLength[next.value]!);
      const other = scored[s]?.score ?? Number.NEGATIVE_INFINITY;
      if (floor >= other) {
        threshold = floor;
        next = floors.next();
      } else {
        threshold = other;
        s++;
      }
    }
  }
  const least = threshold - 2;
  const candidates: FirstPassCandidate[] = [];
  for (const { score, hit } of scored) {
    if (score < least) break;
    candidates.push(typeof hit === 'number' ? { documentId: idAt(hit), boosted: true, ordinal: hit } : hit);
  }
  for (const i of floorHits()) {
    if (floorOf(bodyLength[i]!) < least) break;
    candidates.push({ documentId: idAt(i), boosted: false, ordinal: i });
  }
  return candidates;
}
