/**
 * The generated corpus the search and ask benches share, and two ways to load it:
 *
 * - `loadNormally`: the way ingest stores documents (documents, then pages, then chunks; the search triggers and the
 *   chunks' generated vector compute everything in the database). Analysing text costs PostgreSQL about 2.5 ms per
 *   document of 3,000 characters, twice over (the document vector and the chunk vectors): under 200 documents a
 *   second on this machine.
 * - `bulkLoad`: the same rows at thousands of documents a second. Text is analysed once per distinct token (a word,
 *   a number, a code) by the database's own functions; each document's vectors are put together from its tokens in
 *   JavaScript (positions as to_tsvector counts them, code heads after the text as search_text appends them) and
 *   written with batched multi-row inserts, the search triggers off and the secondary indexes built at the end.
 *   What the triggers derive without analysis (head || body, top lexemes, body length) is still computed by the
 *   database. `verifyBulkVectors` compares a sample with what the database computes itself;
 *   test/storage/search/bench-bulk-load.db.test.ts loads a small corpus both ways and compares every stored row and
 *   the search results.
 *
 * The corpus: Norwegian and English building vocabulary with Zipf-like word frequencies, drawings with drawing numbers,
 * FDV documents, reports and data sheets, TFM tags; one big owner (60% of the documents, 100 buildings) whom the
 * queries are about, and many small owners of very different sizes.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { chunkPages } from '../src/domain/pipeline/chunking.js';
import {
  TokenVectors,
  Positions,
  BinaryCopy,
  CopyBytes,
  headVector,
  tokensOf,
  writeConcatenated,
  writeVector,
  writeLexemes,
  writeWeighted,
  WEIGHT,
  type TokenAnalysis,
} from './search-vectors.js';
import { openDatabase, type Database } from '../src/storage/db/database.js';
import type { DB } from '../src/storage/db/schema.js';

export { TokenVectors };
export const OWNER = 'own_bench';
export const BUILDINGS = 100;
/** the big owner's share of the documents */
const BIG_OWNER_SHARE = 0.6;

export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODIFIERS = (
  'brann røyk ventilasjons varme kjøle sprinkler nød rømnings yttervegg innervegg tak gulv vindu dør heis ' +
  'tavle lys strøm vann avløp sanitær luft fasade trapp bærings betong stål glass gips isolasjons lyd energi styre ' +
  'sikkerhets adgangs alarm pumpe filter kabel'
).split(' ');
const HEADS = (
  'dør vegg slukker varsler anlegg aggregat kanal ventil pumpe tavle skinne rør kabel plate list lås sentral ' +
  'detektor spjeld rist bjelke søyle dekke membran isolasjon beslag armatur bryter måler system'
).split(' ');
const WORDS_NO = (
  'montering vedlikehold kontroll ettersyn service drift garanti leverandør produsent produkt ' +
  'dokumentasjon tegning revisjon etasje plan rom areal bygning prosjekt entreprenør byggherre rådgiver ventilasjon ' +
  'oppvarming kjøling belysning elektro sprinkling brannsikring rømning lydisolering fukt tetting maling overflate ' +
  'rengjøring filterbytte luftmengde temperatur trykk effekt spenning kapasitet dimensjon tykkelse lengde bredde ' +
  'høyde vekt materiale aluminium kobber plast gummi mineralull treverk skruer bolter festemidler tilkobling ' +
  'utskifting reparasjon feilsøking inspeksjon måling prøving godkjenning samsvarserklæring brukerveiledning ' +
  'monteringsanvisning driftsinstruks sikkerhetsdatablad ytelseserklæring brannklasse lydklasse energiklasse ' +
  'tetthet kondens lekkasje korrosjon slitasje levetid intervall årlig månedlig ukentlig halvårlig sjekkliste avvik ' +
  'tiltak ansvar teknisk elektrisk mekanisk automatikk adgangskontroll kameraovervåking heisanlegg snøsmelting ' +
  'takrenne nedløp drenering grunnmur fundament bærekonstruksjon trappeløp rekkverk håndløper port fasadekledning ' +
  'takteking radon asbest miljøkartlegging'
).split(' ');
const WORDS_EN = (
  'installation maintenance inspection operation warranty supplier manufacturer documentation drawing ' +
  'revision floor level room building project contractor ventilation heating cooling lighting electrical sprinkler ' +
  'fire escape insulation moisture sealing cleaning filter airflow temperature pressure power voltage capacity ' +
  'dimension thickness material steel concrete timber glass copper connection replacement repair troubleshooting ' +
  'measurement testing approval declaration manual instructions safety data sheet performance class lifetime ' +
  'interval annual monthly checklist deviation door window roof wall pump valve damper duct unit panel cable switch ' +
  'sensor detector alarm system'
).split(' ');
const FILLER_NO = (
  'og i på for med til av som skal det er en et ved etter fra alle hver ikke kan må bør være blir eller ' +
  'samt inkludert se vedlagt gjelder følgende ny eksisterende nødvendig utført levert montert kontrollert'
).split(' ');
const FILLER_EN = 'the and of to in for with is be must should all each not or see according as per new existing'.split(
  ' ',
);
const DISCIPLINES = ['ARK', 'RIB', 'RIV', 'RIE', 'RIBr', 'LARK', 'RIAku'];
const FLOORS = ['U1', '01', '02', '03', '04', '05', '06'];
const COMPANIES = ['Systemair', 'Flexit', 'Schneider', 'Danfoss', 'Grundfos', 'Dorma', 'Assa', 'Siemens'];

export interface GeneratedDocument {
  id: string;
  owner: string;
  building: string;
  filename: string;
  path: string;
  title: string;
  discipline: string;
  isDrawing: boolean;
  floor: string | null;
  drawingNumber: string | null;
  category: string;
  extension: string;
  text: string;
}

/** What is known about a corpus before its documents are generated, and what generating them fills in. */
export interface CorpusShape {
  count: number;
  /** every owner with its buildings, the big one first */
  owners: { id: string; buildings: string[] }[];
  /** body words of the big owner's documents, with the number of its documents that contain them (filled as the
   * documents are generated) */
  frequencies: Map<string, number>;
  /** how many documents the big owner has */
  bigOwnerDocuments: number;
  /** up to 2,000 of the big owner's drawing numbers, an even sample of those generated so far */
  drawingNumbers: string[];
}

/** A corpus whose documents are generated while they are read: a million documents never are in memory at once. */
export interface CorpusStream extends CorpusShape {
  documents: Iterable<GeneratedDocument>;
}

export interface Corpus extends CorpusShape {
  documents: GeneratedDocument[];
}

export const uuid = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
export const buildingId = (b: number) => `bld_bench_${String(b).padStart(3, '0')}`;

/** The corpus in memory (small corpora: tests, PGlite); the same documents as streamCorpus. */
export function generateCorpus(count: number): Corpus {
  const stream = streamCorpus(count);
  const documents = [...stream.documents];
  return { ...stream, documents };
}

/**
 * The corpus as a stream: each iteration of `documents` generates the same documents again (the same seed), and
 * fills `frequencies` and `drawingNumbers` as it goes.
 */
export function streamCorpus(count: number): CorpusStream {
  const bigCount = count < 50 ? count : Math.round(count * BIG_OWNER_SHARE);
  // owners: the big one with BUILDINGS buildings; small ones of Zipf-like sizes (a few with thousands of documents,
  // most with tens), three buildings each
  const smallOwners = Math.max(3, Math.round((count - bigCount) / 400));
  const owners: CorpusShape['owners'] = [
    { id: OWNER, buildings: Array.from({ length: BUILDINGS }, (_, b) => buildingId(b)) },
    ...Array.from({ length: smallOwners }, (_, o) => ({
      id: `own_small_${String(o).padStart(4, '0')}`,
      buildings: [0, 1, 2].map((b) => `bld_small_${String(o).padStart(4, '0')}_${b}`),
    })),
  ];
  const shape: CorpusStream = {
    count,
    owners,
    frequencies: new Map(),
    bigOwnerDocuments: bigCount,
    drawingNumbers: [],
    documents: { [Symbol.iterator]: () => generateDocuments(shape, smallOwners) },
  };
  return shape;
}

function* generateDocuments(shape: CorpusShape, smallOwners: number): Generator<GeneratedDocument> {
  const { count, owners, bigOwnerDocuments: bigCount } = shape;
  const frequencies = shape.frequencies;
  frequencies.clear();
  shape.drawingNumbers.length = 0;
  const sample = random(13);
  let drawingsSeen = 0;
  const r = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const compounds = MODIFIERS.flatMap((m) => HEADS.filter((h) => h !== m).map((h) => m + h));
  const vocabulary = [...WORDS_NO, ...compounds, ...WORDS_EN];
  for (let i = vocabulary.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [vocabulary[i], vocabulary[j]] = [vocabulary[j]!, vocabulary[i]!];
  }
  // Zipf: a few words in most documents, a long tail in few
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < vocabulary.length; i++) cumulative.push((total += 1 / Math.pow(i + 8, 1.1)));
  const zipf = () => {
    const x = r() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo]!;
  };
  const tags = Array.from({ length: 400 }, () => {
    const system = `${3 + Math.floor(r() * 5)}${Math.floor(r() * 10)}${Math.floor(r() * 10)}`;
    return `=${system}.${String(1 + Math.floor(r() * 20)).padStart(3, '0')}-${pick(['RB', 'JV', 'QA', 'KA', 'LB'])}${String(Math.floor(r() * 99)).padStart(2, '0')}`;
  });

  const ownerWeights: number[] = [];
  let ownerTotal = 0;
  for (let o = 0; o < smallOwners; o++) ownerWeights.push((ownerTotal += 1 / (o + 1)));
  const smallOwner = () => {
    const x = r() * ownerTotal;
    let lo = 0;
    let hi = smallOwners - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ownerWeights[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return owners[1 + lo]!;
  };

  const perBuilding = Math.ceil(bigCount / BUILDINGS);
  for (let id = 0; id < count; id++) {
    const big = id < bigCount;
    const owner = big ? owners[0]! : smallOwner();
    const building = big ? buildingId(Math.floor(id / perBuilding)) : pick(owner.buildings);
    const buildingNumber = big ? Math.floor(id / perBuilding) : id % 97;
    const kind = r();
    const discipline = pick(DISCIPLINES);
    const floor = pick(FLOORS);
    const english = r() < 0.2;
    const topic = pick(compounds);
    const sequence = String(id % perBuilding).padStart(4, '0');
    let filename: string;
    let title: string;
    let folder: string;
    let drawingNumber: string | null = null;
    if (kind < 0.35) {
      drawingNumber = `${discipline}-${floor}-${20 + (id % 60)}-${sequence}`;
      filename = `${drawingNumber} ${topic}.pdf`;
      title = `${topic} ${floor}. etasje`;
      folder = `Tegninger/${discipline}`;
    } else if (kind < 0.7) {
      filename = `FDV ${topic} ${pick(COMPANIES)}.pdf`;
      title = english ? `Operation and maintenance manual ${topic}` : `FDV-dokumentasjon ${topic}`;
      folder = `FDV/${3 + Math.floor(r() * 4)}${Math.floor(r() * 10)} ${topic}`;
    } else if (kind < 0.85) {
      filename = `Rapport ${topic} ${2015 + Math.floor(r() * 10)}.docx`;
      title = `Rapport ${topic}`;
      folder = 'Rapporter';
    } else {
      filename = english ? `Datasheet ${topic}.pdf` : `Produktdatablad ${topic}.pdf`;
      title = `${english ? 'Product data sheet' : 'Produktdatablad'} ${topic}`;
      folder = 'Produktdatablad';
    }
    const buildingTags = tags.slice((buildingNumber * 7) % 390, ((buildingNumber * 7) % 390) + 10);
    const words: string[] = [title];
    const seen = new Set<string>();
    const length = 320 + Math.floor(r() * 240);
    for (let w = 0; w < length; w++) {
      const x = r();
      let word: string;
      if (x < 0.35) word = pick(english ? FILLER_EN : FILLER_NO);
      else if (x < 0.4) word = topic;
      else if (x < 0.41) word = pick(buildingTags);
      else if (x < 0.415) word = String(Math.floor(r() * 10000));
      else word = zipf();
      seen.add(word);
      words.push(w % 14 === 13 ? `${word}.` : word);
    }
    if (big) for (const word of seen) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    if (big && drawingNumber !== null) {
      // reservoir sampling, with a generator of its own so that the documents stay the same
      drawingsSeen++;
      if (shape.drawingNumbers.length < 2000) shape.drawingNumbers.push(drawingNumber);
      else {
        const at = Math.floor(sample() * drawingsSeen);
        if (at < 2000) shape.drawingNumbers[at] = drawingNumber;
      }
    }
    yield {
      id: uuid(id),
      owner: owner.id,
      building,
      filename,
      path: `${folder}/${filename}`,
      title,
      discipline,
      isDrawing: drawingNumber !== null,
      floor: drawingNumber !== null ? floor : null,
      drawingNumber,
      category: String(20 + Math.floor(r() * 60)),
      extension: filename.slice(filename.lastIndexOf('.') + 1),
      text: words.join(' '),
    };
  }
}

async function insertOwners(database: Database, corpus: CorpusShape): Promise<void> {
  const owners = corpus.owners;
  await sql`insert into building_owners (id, name)
    select x.id, x.id || ' Eiendom AS' from unnest(${owners.map((o) => o.id)}::text[]) as x(id)`.execute(database.db);
  const buildings = owners.flatMap((o) => o.buildings.map((b) => ({ owner: o.id, id: b })));
  await sql`insert into buildings (id, building_owner_id, name)
    select x.id, x.owner, 'Bygg ' || x.id
    from unnest(${buildings.map((b) => b.id)}::text[], ${buildings.map((b) => b.owner)}::text[]) as x(id, owner)`.execute(
    database.db,
  );
}

async function insertDocuments(database: Database, slice: readonly GeneratedDocument[]): Promise<void> {
  await sql`insert into documents (id, building_id, building_owner_id, filename, original_path, title, blob_key,
      upload_state, extension, discipline, building_category, is_drawing, floor, drawing_number, size)
    select x.id::uuid, x.building, x.owner, x.filename, x.path, x.title, 'k/' || x.id, 'uploaded', x.extension,
           x.discipline, x.category, x.drawing, x.floor, x.number, 1000
    from unnest(${slice.map((d) => d.id)}::text[], ${slice.map((d) => d.building)}::text[],
                ${slice.map((d) => d.owner)}::text[], ${slice.map((d) => d.filename)}::text[],
                ${slice.map((d) => d.path)}::text[], ${slice.map((d) => d.title)}::text[],
                ${slice.map((d) => d.extension)}::text[], ${slice.map((d) => d.discipline)}::text[],
                ${slice.map((d) => d.category)}::text[], ${slice.map((d) => d.isDrawing)}::boolean[],
                ${slice.map((d) => d.floor)}::text[], ${slice.map((d) => d.drawingNumber)}::text[])
      as x(id, building, owner, filename, path, title, extension, discipline, category, drawing, floor, number)`.execute(
    database.db,
  );
}

async function insertPages(database: Database, slice: readonly GeneratedDocument[]): Promise<void> {
  await sql`insert into document_pages (document_id, page_number, text)
    select x.id::uuid, 1, x.text from unnest(${slice.map((d) => d.id)}::text[], ${slice.map((d) => d.text)}::text[])
      as x(id, text)`.execute(database.db);
}

export interface ChunkRow {
  document: GeneratedDocument;
  /** the document's place in its batch */
  at: number;
  index: number;
  start: number;
  end: number;
  text: string;
}

function chunksOf(slice: readonly GeneratedDocument[]): ChunkRow[] {
  return slice.flatMap((document, at) =>
    chunkPages([{ pageNumber: 1, text: document.text }]).map((c) => ({
      document,
      at,
      index: c.index,
      start: c.charStart,
      end: c.charEnd,
      text: c.text,
    })),
  );
}

async function insertChunks(database: Database, chunks: readonly ChunkRow[]): Promise<void> {
  await sql`insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number,
      char_start, char_end, text)
    select x.id::uuid, x.building, x.owner, x.n, 1, x.s, x.e, x.text
    from unnest(${chunks.map((c) => c.document.id)}::text[], ${chunks.map((c) => c.document.building)}::text[],
                ${chunks.map((c) => c.document.owner)}::text[], ${chunks.map((c) => c.index)}::int[],
                ${chunks.map((c) => c.start)}::int[], ${chunks.map((c) => c.end)}::int[],
                ${chunks.map((c) => c.text)}::text[])
      as x(id, building, owner, n, s, e, text)`.execute(database.db);
}

function progress(done: number, started: number, every: number, batch: number): void {
  if (done % every < batch) {
    const rate = done / ((performance.now() - started) / 1000);
    const rss = process.memoryUsage().rss / 2 ** 20;
    process.stdout.write(
      `  loaded ${done} documents (${rate.toFixed(0)}/s, bench process RSS ${rss.toFixed(0)} MiB)\n`,
    );
  }
}

/** the documents in batches of `size`, generated as they are asked for */
export function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** As ingest stores documents: every vector computed by the search triggers and the chunks' generated column. */
export async function loadNormally(
  database: Database,
  corpus: CorpusStream,
  options: { quiet?: boolean } = {},
): Promise<void> {
  await insertOwners(database, corpus);
  const batch = 500;
  const started = performance.now();
  let done = 0;
  for (const slice of batchesOf(corpus.documents, batch)) {
    await insertDocuments(database, slice);
    await insertPages(database, slice);
    await insertChunks(database, chunksOf(slice));
    done += slice.length;
    if (!options.quiet) progress(done, started, 10_000, batch);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// the bulk path

/** the texts search_sync_document builds a document's head from (weight A, weight B), as concat_ws builds them */
function headTexts(d: GeneratedDocument): { a: string; b: string } {
  const join = (parts: (string | null)[]) => parts.filter((p): p is string => p !== null).join(' ');
  return {
    a: join([d.filename.replace(/\.[\p{L}\p{N}]{1,5}$/u, ''), d.title, d.drawingNumber, d.category]),
    // original path's folders, discipline, information type(s) (none: the empty array joins to ''), drawing type,
    // floor, extension, serial number, external ids
    b: join([d.path.replace(/[^/]*$/, ''), d.discipline, null, '', null, d.floor, d.extension, null, null]),
  };
}

/** Indexes the bulk path builds after loading (everything but primary keys and unique constraints). */
const BULK_TABLES = [
  'documents',
  'document_pages',
  'document_chunks',
  'search_documents',
  'search_lexemes',
  'building_lexemes',
  'document_lexemes',
];
/** memory for each index build after a load (GIN builds in memory until it is full, then merges what it wrote) */
const INDEX_BUILD_MEMORY = '1GB';

export interface BulkLoadOptions {
  quiet?: boolean;
  /** documents a batch */
  batch?: number;
  /**
   * the server's URL for this database: rows are then written with COPY by several connections while the next
   * batches are put together (without it, or on PGlite, by batched inserts one after the other)
   */
  url?: string | null;
  /** connections writing at once on the COPY path */
  writers?: number;
}

export interface BulkLoadResult {
  documents: number;
  seconds: number;
  documentsPerSecond: number;
  cpu: { node: number; database: number | null };
  path: 'copy' | 'insert';
  /** tokens the database analysed (every other token's analysis was known or derived) */
  tokensAnalysed: number;
  /** the bench process's RSS at its largest while loading, in MiB */
  maxRss: number;
}

/**
 * The same rows as loadNormally, at thousands of documents a second (see the top of this file). The database is
 * expected to be fresh apart from the corpus (the search triggers are switched off while loading, and the secondary
 * indexes of the loaded tables dropped and built again afterwards).
 */
export async function bulkLoad(
  database: Database,
  corpus: CorpusStream,
  options: BulkLoadOptions = {},
): Promise<BulkLoadResult> {
  const db = database.db;
  const started = performance.now();
  const nodeCpu = process.cpuUsage();
  const databaseCpu = await backendCpu(database);
  let maxRss = process.memoryUsage().rss;
  const copy = database.engine === 'postgres' && options.url ? await startCopyThread(options.url, options) : null;
  await insertOwners(database, corpus);
  const indexes = (
    await sql<BulkIndex>`
      select i.indexname as name, i.indexdef as definition, i.tablename as table from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any(${BULK_TABLES}::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
  ).rows;
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  // On the COPY path the writers' sessions fire no ordinary trigger (session_replication_role), but PostgreSQL still
  // keeps every row a trigger's transition table would get, spilling them to disk (6 % of the server's CPU in a
  // profile of the load): those triggers are dropped while loading and created again afterwards
  const dropped = copy === null ? [] : await transitionTriggers(database);
  for (const trigger of dropped)
    await sql`drop trigger ${sql.id(trigger.name)} on ${sql.table(trigger.table)}`.execute(db);
  // the triggers whose work the loader does itself: the search rows, and the chunks' vectors (migration 0050), which
  // the loader writes as a chunk's row is written
  const disabled = [
    ['documents', 'search_document_changed'],
    ['document_pages', 'search_pages_inserted'],
    ['document_chunks', 'document_chunk_vector'],
    ['search_documents', 'building_lexemes_inserted'],
  ].filter(([, name]) => !dropped.some((d) => d.name === name));
  for (const [table, name] of disabled)
    await sql`alter table ${sql.table(table!)} disable trigger ${sql.id(name!)}`.execute(db);
  const vectors = new TokenVectors(database);
  const lexemesSent = new LexemesSent();
  const batch = options.batch ?? 1000;
  const { steps, step } = stepTimes();
  let done = 0;
  let databaseRows: Map<number, number> | null = null;
  let analysedElsewhere = 0;
  try {
    for (const slice of batchesOf(corpus.documents, batch)) {
      step('generate');
      const chunks = chunksOf(slice);
      step('chunk');
      if (copy) {
        // the rest of the batch's work is the COPY thread's
        await copy.load(slice, chunks);
        step('waiting for the COPY thread');
      } else {
        const analysed = await analyseBatch(vectors, slice, chunks);
        step('tokens and their analyses');
        const rows = insertRowsOf(vectors, analysed, lexemesSent);
        step('vectors');
        await insertRows(database, rows);
        step('inserts');
      }
      done += slice.length;
      maxRss = Math.max(maxRss, process.memoryUsage().rss);
      if (!options.quiet) progress(done, started, 20_000, batch);
    }
    if (copy) {
      const thread = await copy.finish();
      step('waiting for the COPY thread');
      for (const [name, ms] of thread.steps) steps.set(`${name} (COPY thread)`, ms);
      analysedElsewhere = thread.analysed;
      maxRss = Math.max(maxRss, thread.maxRss);
    }
    // the writers' backends end with their pool: their CPU is read while they are still there
    databaseRows = await backendCpu(database);
  } finally {
    await copy?.close();
    for (const [table, name] of disabled)
      await sql`alter table ${sql.table(table!)} enable trigger ${sql.id(name!)}`.execute(db);
    for (const trigger of dropped) await sql.raw(trigger.definition).execute(db);
  }
  const missing = (
    await sql<{ n: number }>`select count(*)::int as n from document_chunks where tsv is null`.execute(db)
  ).rows[0]!.n;
  if (missing > 0) throw new Error(`${missing} chunks without a vector`);
  const loaded = performance.now();
  if (!options.quiet) {
    const parts = [...steps].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ');
    const rowsCpu =
      databaseCpu !== null && databaseRows !== null
        ? `; the server's backends ${cpuSince(databaseCpu, databaseRows).toFixed(1)} CPU seconds`
        : '';
    process.stdout.write(
      `  rows in ${((loaded - started) / 1000).toFixed(1)} s (${parts}; ${vectors.analysed + analysedElsewhere} tokens analysed by the database${rowsCpu}), building indexes\n`,
    );
  }
  await buildIndexes(database, indexes);
  const indexed = performance.now();
  if (!options.quiet) process.stdout.write(`  indexes built in ${((indexed - loaded) / 1000).toFixed(1)} s\n`);
  const seconds = (performance.now() - started) / 1000;
  const nodeUsed = process.cpuUsage(nodeCpu);
  const databaseAfter = await backendCpu(database);
  return {
    documents: done,
    seconds,
    documentsPerSecond: done / seconds,
    cpu: {
      node: (nodeUsed.user + nodeUsed.system) / 1e6,
      database:
        databaseCpu === null || databaseAfter === null
          ? null
          : databaseRows === null
            ? cpuSince(databaseCpu, databaseAfter)
            : cpuSince(databaseCpu, databaseRows) + cpuSince(databaseRows, databaseAfter),
    },
    path: copy ? 'copy' : 'insert',
    tokensAnalysed: vectors.analysed + analysedElsewhere,
    maxRss: Math.max(maxRss, process.memoryUsage().rss) / 2 ** 20,
  };
}

interface BulkIndex {
  name: string;
  definition: string;
  table: string;
}

/** the insert triggers of the loaded tables that have a transition table (migrations 0039, 0041, 0042) */
async function transitionTriggers(database: Database): Promise<BulkIndex[]> {
  return (
    await sql<BulkIndex>`
      select t.tgname as name, pg_get_triggerdef(t.oid) as definition, c.relname as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and c.relname = any(${BULK_TABLES}::text[])
        and not t.tgisinternal and t.tgnewtable is not null and t.tgenabled = 'O'
        and (t.tgtype & 4) <> 0`.execute(database.db)
  ).rows;
}

/**
 * The indexes dropped for the load, built again: on the server on two connections at once (an index build uses one
 * core; the bench process is idle by then), each with INDEX_BUILD_MEMORY, the largest table's first.
 */
async function buildIndexes(database: Database, indexes: BulkIndex[]): Promise<void> {
  const db = database.db;
  const sizes = new Map(
    (
      await sql<{ table: string; bytes: string }>`
        select c.relname as table, pg_total_relation_size(c.oid)::text as bytes from pg_class c
        where c.relname = any(${BULK_TABLES}::text[]) and c.relkind = 'r'`.execute(db)
    ).rows.map((r) => [r.table, Number(r.bytes)]),
  );
  const size = (table: string) => sizes.get(table) ?? 0;
  const jobs = indexes.map((index) => ({
    bytes: size(index.table),
    run: (conn: Kysely<DB>) => sql.raw(index.definition).execute(conn),
  }));
  jobs.sort((a, b) => b.bytes - a.bytes);
  const lanes = database.engine === 'postgres' ? 2 : 1;
  await Promise.all(
    Array.from({ length: lanes }, () =>
      withIndexBuildMemory(database, async (conn) => {
        for (let job = jobs.shift(); job; job = jobs.shift()) await job.run(conn);
      }),
    ),
  );
}

/** `work` on one connection of its own, with INDEX_BUILD_MEMORY for the index builds it runs (on the server) */
export function withIndexBuildMemory(database: Database, work: (conn: Kysely<DB>) => Promise<void>): Promise<void> {
  return database.db.connection().execute(async (conn) => {
    const server = database.engine === 'postgres';
    if (server) await sql`set maintenance_work_mem = ${sql.lit(INDEX_BUILD_MEMORY)}`.execute(conn);
    await work(conn);
    if (server) await sql`reset maintenance_work_mem`.execute(conn);
  });
}

/** a text's tokens and their analyses */
interface AnalysedText {
  tokens: string[];
  analyses: TokenAnalysis[];
}

/** a chunk's vector: tokens `from` to `to` of a text (its document's, or its own where it does not cut on tokens) */
interface ChunkTokens {
  text: AnalysedText;
  from: number;
  to: number;
}

interface AnalysedBatch {
  slice: GeneratedDocument[];
  chunks: ChunkRow[];
  bodies: AnalysedText[];
  headA: AnalysedText[];
  headB: AnalysedText[];
  chunkTokens: ChunkTokens[];
}

/** the first index whose value is `value` in an ascending list, or -1 */
function indexOf(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Each text of the batch split into tokens once, and each token's analysis: those the database has not made yet are
 * made in one query. A chunk that starts and ends on its document's token boundaries is that range of the document's
 * tokens (its text is exactly those tokens with the white space between them).
 */
async function analyseBatch(
  vectors: TokenVectors,
  slice: GeneratedDocument[],
  chunks: ChunkRow[],
): Promise<AnalysedBatch> {
  vectors.startBatch();
  const missing = new Set<string>();
  const pending: { tokens: string[]; analyses: (TokenAnalysis | undefined)[] }[] = [];
  const look = (tokens: string[]) => {
    const text = { tokens, analyses: vectors.lookUp(tokens, 'nb', missing) };
    pending.push(text);
    return text;
  };
  const spans = slice.map((d) => tokensOf(d.text));
  const bodies = spans.map((span) => look(span.tokens));
  const headA: AnalysedText['tokens'][] = [];
  const headB: AnalysedText['tokens'][] = [];
  for (const d of slice) {
    const head = headTexts(d);
    headA.push(tokensOf(head.a).tokens);
    headB.push(tokensOf(head.b).tokens);
  }
  const a = headA.map(look);
  const b = headB.map(look);
  const chunkTokens = chunks.map((c) => {
    const span = spans[c.at]!;
    const from = indexOf(span.starts, c.start);
    const last = indexOf(span.ends, c.end);
    if (from >= 0 && last >= from) return { text: bodies[c.at]!, from, to: last + 1 };
    const own = look(tokensOf(c.text).tokens);
    return { text: own, from: 0, to: own.tokens.length };
  });
  await vectors.analyse(missing, 'nb');
  for (const text of pending) vectors.fillIn(text.tokens, text.analyses, 'nb');
  // (every place is filled now)
  const done = (text: { tokens: string[]; analyses: (TokenAnalysis | undefined)[] }) => text as AnalysedText;
  return {
    slice,
    chunks,
    bodies: bodies.map(done),
    headA: a.map(done),
    headB: b.map(done),
    chunkTokens: chunkTokens as ChunkTokens[],
  };
}

/** the vocabulary lexemes sent so far, per owner and per building (by the lexicon's ids) */
class LexemesSent {
  readonly owners = new Map<string, IdSet>();
  readonly buildings = new Map<string, IdSet>();

  static of(map: Map<string, IdSet>, key: string): IdSet {
    let set = map.get(key);
    if (set === undefined) map.set(key, (set = new IdSet()));
    return set;
  }
}

/** a set of small integers as bits (a building's vocabulary: a few KB where a Set of strings took megabytes) */
class IdSet {
  private bits = new Uint8Array(1024);

  /** adds id; false when it was there already */
  add(id: number): boolean {
    const byte = id >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (id & 7);
    if ((this.bits[byte]! & bit) !== 0) return false;
    this.bits[byte] = this.bits[byte]! | bit;
    return true;
  }
}

/** the vectors every batch reuses */
const body = new Positions();
const headAVector = new Positions();
const headBVector = new Positions();
const chunkVector = new Positions();

/** collects a document's body and head vectors; adds the vocabulary lexemes its owner has not had yet */
function documentVectors(
  vectors: TokenVectors,
  batch: AnalysedBatch,
  i: number,
  sent: LexemesSent,
  lexemes: LexemeRows,
): void {
  const size = vectors.lexicon.size;
  const text = batch.bodies[i]!;
  body.collect(text.analyses, 0, text.analyses.length, size);
  const a = batch.headA[i]!;
  headAVector.collect(a.analyses, 0, a.analyses.length, size);
  const b = batch.headB[i]!;
  headBVector.collect(b.analyses, 0, b.analyses.length, size);
  const { owner, building } = batch.slice[i]!;
  const ownerKnows = LexemesSent.of(sent.owners, owner);
  const buildingKnows = LexemesSent.of(sent.buildings, building);
  const { word, texts } = vectors.lexicon;
  for (const vector of [body, headAVector, headBVector]) {
    for (let k = 0; k < vector.size; k++) {
      const id = vector.lexemes[k]!;
      // only words go to the vocabulary (the database decides which, see insertLexemes): numbers and codes are not
      if (!word[id] || !buildingKnows.add(id)) continue;
      // the generated documents lie in no private folder: every word is one of its building's (migration 0057)
      lexemes.buildings.push(building);
      lexemes.buildingOwners.push(owner);
      lexemes.buildingLexemes.push(texts[id]!);
      if (!ownerKnows.add(id)) continue;
      lexemes.owners.push(owner);
      lexemes.lexemes.push(texts[id]!);
    }
  }
}

function insertRowsOf(vectors: TokenVectors, batch: AnalysedBatch, sent: LexemesSent): InsertRows {
  const { quoted, texts } = vectors.lexicon;
  const rows: InsertRows = {
    slice: batch.slice,
    chunks: batch.chunks,
    chunkVectors: [],
    bodies: [],
    headA: [],
    headB: [],
    lengths: [],
    tops: [],
    lexemes: emptyLexemeRows(),
  };
  for (let i = 0; i < batch.slice.length; i++) {
    documentVectors(vectors, batch, i, sent, rows.lexemes);
    rows.bodies.push(body.literal(quoted, WEIGHT.D));
    rows.headA.push(headAVector.literal(quoted, WEIGHT.A));
    rows.headB.push(headBVector.literal(quoted, WEIGHT.B));
    rows.lengths.push(body.total);
    rows.tops.push(JSON.stringify(body.topCandidates(texts)));
  }
  for (const c of batch.chunkTokens) {
    chunkVector.collect(c.text.analyses, c.from, c.to, vectors.lexicon.size);
    rows.chunkVectors.push(chunkVector.literal(quoted, WEIGHT.D));
  }
  return rows;
}

/** a batch's rows as the insert path writes them: the vectors as literals, for the database to combine */
interface InsertRows {
  slice: GeneratedDocument[];
  chunks: ChunkRow[];
  chunkVectors: string[];
  bodies: string[];
  headA: string[];
  headB: string[];
  lengths: number[];
  /** the lexemes search_top can choose, with their counts, as JSON */
  tops: string[];
  lexemes: LexemeRows;
}

/** (owner, lexeme) pairs not sent before, and (building, lexeme) pairs */
interface LexemeRows {
  owners: string[];
  lexemes: string[];
  buildings: string[];
  buildingOwners: string[];
  buildingLexemes: string[];
}

function emptyLexemeRows(): LexemeRows {
  return { owners: [], lexemes: [], buildings: [], buildingOwners: [], buildingLexemes: [] };
}

/** the insert path (PGlite, or a server without a URL): one batch after the other, in the loader's connection */
async function insertRows(database: Database, rows: InsertRows): Promise<void> {
  const db = database.db;
  const { slice, chunks } = rows;
  await insertDocuments(database, slice);
  await insertPages(database, slice);
  await sql`insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number,
      char_start, char_end, text, tsv)
    select x.id::uuid, x.building, x.owner, x.n, 1, x.s, x.e, x.text, x.tsv::tsvector
    from unnest(${chunks.map((c) => c.document.id)}::text[], ${chunks.map((c) => c.document.building)}::text[],
                ${chunks.map((c) => c.document.owner)}::text[], ${chunks.map((c) => c.index)}::int[],
                ${chunks.map((c) => c.start)}::int[], ${chunks.map((c) => c.end)}::int[],
                ${chunks.map((c) => c.text)}::text[],
                ${rows.chunkVectors}::text[])
      as x(id, building, owner, n, s, e, text, tsv)`.execute(db);
  // what search_sync_document and search_refresh_body store, from the vectors put together here
  await sql`insert into search_documents (document_id, building_id, building_owner_id, filename, discipline,
      building_category, extension, is_drawing, floor, created_at, updated_at, body_length, head, top, tsv)
    select d.id, d.building_id, d.building_owner_id, d.filename, d.discipline, d.building_category, d.extension,
      d.is_drawing, d.floor, d.created_at, d.updated_at,
      x.length, x.head,
      -- search_top's order over the few lexemes that can be among its 16 (the ties at the edge decided here, in
      -- the database's collation, as search_top decides them)
      (select coalesce(array_to_tsvector(array_agg(t.l)), ''::tsvector)
       from (select j->>0 as l from json_array_elements(x.top) j order by (j->>1)::int desc, j->>0 limit 16) t),
      x.body || x.head
    from (select y.id::uuid as id, y.body::tsvector as body, y.a::tsvector || y.b::tsvector as head, y.length,
                 y.top::json as top
          from unnest(${slice.map((d) => d.id)}::text[], ${rows.bodies}::text[], ${rows.headA}::text[],
                      ${rows.headB}::text[], ${rows.lengths}::int[], ${rows.tops}::text[])
            as y(id, body, a, b, length, top)) x
    join documents d on d.id = x.id`.execute(db);
  await insertLexemes(rows.lexemes, (text, values) => database.executeSql(text, values));
}

async function insertLexemes(
  lexemes: LexemeRows,
  execute: (text: string, values: unknown[]) => Promise<unknown>,
): Promise<void> {
  // the vocabulary search_sync_document keeps: words of 3 to 40 letters, as the database's regex classes say
  if (lexemes.lexemes.length > 0)
    await execute(
      `insert into search_lexemes (building_owner_id, lexeme)
       select x.o, x.l from unnest($1::text[], $2::text[]) as x(o, l) where x.l ~ '^[[:alpha:]]{3,40}$'
       on conflict do nothing`,
      [lexemes.owners, lexemes.lexemes],
    );
  // and each building's, as building_lexemes_inserted keeps it (migration 0057)
  if (lexemes.buildingLexemes.length > 0)
    await execute(
      `insert into building_lexemes (building_id, building_owner_id, lexeme)
       select x.b, x.o, x.l from unnest($1::text[], $2::text[], $3::text[]) as x(b, o, l)
       where x.l ~ '^[[:alpha:]]{3,40}$'
       on conflict do nothing`,
      [lexemes.buildings, lexemes.buildingOwners, lexemes.buildingLexemes],
    );
}

// ---------------------------------------------------------------------------------------------------------------
// the COPY path

interface CopyText {
  documents: Buffer;
  pages: Buffer;
  chunks: Buffer;
  search: Buffer;
  documentLexemes: Buffer;
  lexemes: LexemeRows;
}

/**
 * A batch as COPY data for each table; the search rows as search_sync_document and search_refresh_body store them
 * (head, top lexemes, body length, body || head as tsvector_concat computes it), written straight into bytes. The
 * search rows and a document's lexemes in COPY's binary format: parsing their vectors from text was a fifth of the
 * server's CPU while the rows were written (stop 81: the rows' server CPU at 100,000 documents 68.5 and 66.0 s in text,
 * 48.5 and 47.6 s in binary, the loads alternated).
 */
function copyRows(vectors: TokenVectors, batch: AnalysedBatch, sent: LexemesSent, timestamp: string): CopyText {
  const { texts } = vectors.lexicon;
  const order = vectors.lexicon.order();
  const lexemes: LexemeRows = emptyLexemeRows();
  const n = batch.slice.length;
  const documents = new CopyBytes(400 * n);
  const pages = new CopyBytes(3500 * n);
  const search = new BinaryCopy(6000 * n);
  const writtenAt = new Date(timestamp);
  batch.slice.forEach((d, i) => {
    for (const value of [
      d.id,
      d.building,
      d.owner,
      d.filename,
      d.path,
      d.title,
      `k/${d.id}`,
      'uploaded',
      d.extension,
      d.discipline,
      d.category,
      d.isDrawing,
      d.floor,
      d.drawingNumber,
      1000,
      timestamp,
    ])
      documents.field(value);
    documents.text(timestamp);
    documents.byte(10);
    pages.field(d.id);
    pages.field(1);
    pages.text(d.text);
    pages.byte(10);
    documentVectors(vectors, batch, i, sent, lexemes);
    const head = headVector(headAVector, headBVector);
    search.row(15);
    search.uuid(d.id);
    for (const value of [d.building, d.owner, d.filename, d.discipline, d.category, d.extension]) search.text(value);
    search.bool(d.isDrawing);
    search.text(d.floor);
    search.timestamp(writtenAt);
    search.timestamp(writtenAt);
    search.int4(body.total);
    writeWeighted(search, head, order);
    writeLexemes(search, body.top(texts), order);
    writeConcatenated(search, body, head, order);
  });
  const chunks = new BinaryCopy(2500 * batch.chunks.length);
  // each document's distinct lexemes of its chunks, as document_lexemes_of (migration 0039) collects them
  const own: number[][] = Array.from({ length: n }, () => []);
  if (stamps.length < vectors.lexicon.size) stamps = new Int32Array(Math.max(vectors.lexicon.size, 2 * stamps.length));
  let stampedAt = -1;
  batch.chunks.forEach((c, i) => {
    const tokens = batch.chunkTokens[i]!;
    chunkVector.collect(tokens.text.analyses, tokens.from, tokens.to, vectors.lexicon.size);
    chunks.row(9);
    chunks.uuid(c.document.id);
    chunks.text(c.document.building);
    chunks.text(c.document.owner);
    for (const value of [c.index, 1, c.start, c.end]) chunks.int4(value);
    chunks.text(c.text);
    writeVector(chunks, chunkVector, order);
    // a document's chunks follow one another
    if (c.at !== stampedAt) {
      stampedAt = c.at;
      stamp++;
    }
    const list = own[c.at]!;
    for (let k = 0; k < chunkVector.size; k++) {
      const id = chunkVector.lexemes[k]!;
      if (stamps[id] !== stamp) {
        stamps[id] = stamp;
        list.push(id);
      }
    }
  });
  const documentLexemes = new BinaryCopy(3000 * n);
  batch.slice.forEach((d, i) => {
    documentLexemes.row(6);
    documentLexemes.uuid(d.id);
    for (const value of [d.building, d.owner]) documentLexemes.text(value);
    documentLexemes.bool(true);
    documentLexemes.text(d.path);
    writeLexemes(documentLexemes, own[i]!, order);
  });
  return {
    documents: documents.take(),
    pages: pages.take(),
    chunks: chunks.take(),
    search: search.take(),
    documentLexemes: documentLexemes.take(),
    lexemes,
  };
}

/** the document a lexeme was last seen in, as a stamp (copyRows): a document's lexemes are collected once each */
let stamps = new Int32Array(4096);
let stamp = 0;

const COPY_STATEMENTS = {
  documents: `copy documents (id, building_id, building_owner_id, filename, original_path, title, blob_key,
    upload_state, extension, discipline, building_category, is_drawing, floor, drawing_number, size, created_at,
    updated_at) from stdin`,
  pages: `copy document_pages (document_id, page_number, text) from stdin`,
  // the chunk's vector as the trigger document_chunk_vector would compute it (migration 0050)
  chunks: `copy document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number, char_start,
    char_end, text, tsv) from stdin with (format binary)`,
  search: `copy search_documents (document_id, building_id, building_owner_id, filename, discipline,
    building_category, extension, is_drawing, floor, created_at, updated_at, body_length, head, top, tsv)
    from stdin with (format binary)`,
  // what the triggers of migration 0039 would have written, the lexemes put together here (copyRows)
  documentLexemes: `copy document_lexemes (document_id, building_id, building_owner_id, readable, original_path,
    lexemes) from stdin with (format binary)`,
} as const;

/** the batches a COPY path's writers hold at once: the one they write, and the next */
const BATCHES_WITH_WRITERS = 2;

/**
 * Writers for the COPY path: each batch's tables are copied by a pool of connections while the loader puts the next
 * batches together. The writers' sessions run as replication replicas (session_replication_role), so foreign keys
 * and the triggers do not fire (the rows carry what they would compute) and a batch's pages may arrive before its
 * documents.
 */
async function copyWriter(database: Database, options: BulkLoadOptions) {
  const collation = (
    await sql<{ collation: string }>`select datcollate as collation from pg_database
      where datname = current_database()`.execute(database.db)
  ).rows[0]!.collation;
  if (!/^(C|POSIX|C\.UTF-?8)$/i.test(collation)) {
    throw new Error(`the COPY path orders search_top's ties by code point; this database's collation is ${collation}`);
  }
  const writers = options.writers ?? 3;
  const pool = new pg.Pool({ connectionString: options.url!, max: writers });
  pool.on('connect', (client) => {
    client.query('set session_replication_role = replica').catch(() => undefined);
  });
  const pending: Promise<void>[] = [];
  let failure: Error | null = null;
  const copyInto = async (statement: string, text: Buffer) => {
    if (text.length === 0) return;
    const client = await pool.connect();
    try {
      await pipeline(Readable.from([text]), client.query(copyFrom(statement)));
    } finally {
      client.release();
    }
  };
  const lexemes = async (rows: LexemeRows) => {
    const client = await pool.connect();
    try {
      await insertLexemes(rows, (text, values) => client.query(text, values));
    } finally {
      client.release();
    }
  };
  const timestamp = new Date().toISOString();
  return {
    timestamp,
    write(text: CopyText): void {
      const done = Promise.all([
        copyInto(COPY_STATEMENTS.documents, text.documents),
        copyInto(COPY_STATEMENTS.pages, text.pages),
        copyInto(COPY_STATEMENTS.chunks, text.chunks),
        copyInto(COPY_STATEMENTS.search, text.search),
        copyInto(COPY_STATEMENTS.documentLexemes, text.documentLexemes),
        lexemes(text.lexemes),
      ]).then(
        () => undefined,
        (error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      );
      pending.push(done);
    },
    /**
     * waits while another batch is still with the writers (and stops on a writer's failure): one batch's six COPYs
     * keep every writer busy, and each batch waiting behind it held its 20 MB of COPY bytes for nothing (stop 85: at
     * most four batches on their way, the process's RSS 390-393 MiB while 40,000 documents loaded; at most two,
     * 347-359 MiB, the rows as fast)
     */
    async room(): Promise<void> {
      while (pending.length >= BATCHES_WITH_WRITERS) await pending.shift();
      if (failure !== null) throw failure;
    },
    async finish(): Promise<void> {
      while (pending.length > 0) await pending.shift();
      if (failure !== null) throw failure;
    },
    async close(): Promise<void> {
      while (pending.length > 0) await pending.shift();
      await pool.end();
    },
  };
}

/** the COPY thread's heap at most, in MiB: its vocabulary and the batches on their way to the server */
const COPY_THREAD_HEAP_MB = 320;
/**
 * and its young generation: at 8 MiB the collector took 30 % of the thread's time (a profile of 30,000 documents:
 * 7.3 of 24.5 s). Loads of 100,000 documents alternated: at 32 MiB 1,034 and 1,080 documents/s against 960 and 944,
 * the process's RSS at most 398-405 MiB against 346-355 (426 MiB at a million); 64 MiB was no faster and 470 MiB
 */
const COPY_THREAD_YOUNG_MB = 32;

/** milliseconds spent by step: `step(name)` adds the time since the last call to `name` */
function stepTimes() {
  const steps = new Map<string, number>();
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps.set(name, (steps.get(name) ?? 0) + now - mark);
    mark = now;
  };
  return { steps, step };
}

/** what the COPY thread reports when it has written every batch */
export interface CopyThreadReport {
  /** milliseconds by step, as bulkLoad's own */
  steps: [string, number][];
  /** tokens the thread had the database analyse */
  analysed: number;
  /** the process's RSS at its largest, in bytes, as the thread saw it */
  maxRss: number;
}

/**
 * The COPY path's batches after they are generated and chunked: their tokens' analyses, vectors and COPY bytes, and
 * the writers (copyWriter), on a connection and a vocabulary of its own. Run in a thread of its own
 * (copy-thread.ts), beside the loader's thread that generates the next batches: one thread could not keep the server
 * busy (stop 84: the bench process 105 CPU seconds in a 109 s rows phase at 100,000 documents, the server's backends
 * 50), two share the two cores.
 */
export async function copyBatches(url: string, options: BulkLoadOptions) {
  const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
  const copy = await copyWriter(database, { ...options, url });
  const vectors = new TokenVectors(database);
  const sent = new LexemesSent();
  const { steps, step } = stepTimes();
  let maxRss = process.memoryUsage().rss;
  return {
    async load(slice: GeneratedDocument[], chunks: ChunkRow[]): Promise<void> {
      step('idle');
      const analysed = await analyseBatch(vectors, slice, chunks);
      step('tokens and their analyses');
      copy.write(copyRows(vectors, analysed, sent, copy.timestamp));
      step('vectors and COPY bytes');
      await copy.room();
      step('waiting for writers');
      maxRss = Math.max(maxRss, process.memoryUsage().rss);
    },
    async finish(): Promise<CopyThreadReport> {
      step('idle');
      await copy.finish();
      step('waiting for writers');
      return { steps: [...steps], analysed: vectors.analysed, maxRss };
    },
    async close(): Promise<void> {
      await copy.close();
      await database.close();
    },
  };
}

/** a request to the COPY thread, and what it answers (copy-thread.ts) */
export type CopyThreadRequest =
  | { kind: 'start'; url: string; options: BulkLoadOptions }
  | { kind: 'load'; slice: GeneratedDocument[]; chunks: ChunkRow[] }
  | { kind: 'finish' }
  | { kind: 'close' };
export type CopyThreadAnswer =
  | { kind: 'started' | 'loaded' | 'closed' }
  | { kind: 'finished'; report: CopyThreadReport }
  | { kind: 'failed'; message: string };

/**
 * copyBatches in a worker thread. A batch is handed over as it is chunked (structured clone: a chunk keeps its
 * document, the same object as the slice's), and the loader goes on with the next while the thread works: at most
 * one batch waits for it. The thread is TypeScript, loaded through tsx's API (worker threads do not inherit the tsx
 * loader on Node 20), which the thread's first line finds from the working directory, the repository's.
 */
async function startCopyThread(url: string, options: BulkLoadOptions) {
  const threadFile = new URL('./copy-thread.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(threadFile)}); })`,
    // the thread's heap bounded as the loader's is by the npm scripts, and its young generation too: with V8's
    // defaults the process's RSS went past 500 MiB at 100,000 documents (the npm scripts also keep glibc to two
    // malloc arenas, MALLOC_ARENA_MAX: a thread's own arena held 60-80 MiB more; and give every block of 128 KiB or
    // more its own mapping, MALLOC_MMAP_THRESHOLD_, so that a batch's COPY bytes go back to the system once written:
    // with glibc's sliding threshold they stayed in the arenas, 440-458 MiB at 40,000 documents against 364-403)
    {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: COPY_THREAD_HEAP_MB, maxYoungGenerationSizeMb: COPY_THREAD_YOUNG_MB },
    },
  );
  let failure: Error | null = null;
  const waiting: ((answer: CopyThreadAnswer) => void)[] = [];
  const fail = (error: Error) => {
    failure ??= error;
    for (const resolve of waiting.splice(0)) resolve({ kind: 'failed', message: error.message });
  };
  worker.on('message', (answer: CopyThreadAnswer) => {
    if (answer.kind === 'failed') fail(new Error(`the COPY thread: ${answer.message}`));
    else waiting.shift()?.(answer);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`the COPY thread ended (${code})`)));
  const request = (message: CopyThreadRequest) => {
    if (failure !== null) return Promise.reject(failure);
    const answered = new Promise<CopyThreadAnswer>((resolve) => waiting.push(resolve)).then((answer) => {
      if (answer.kind === 'failed') throw failure ?? new Error(answer.message);
      return answer;
    });
    worker.postMessage(message);
    return answered;
  };
  await request({ kind: 'start', url, options: { writers: options.writers } });
  const inFlight: Promise<CopyThreadAnswer>[] = [];
  return {
    /** hands a batch over, once fewer than two are with the thread */
    async load(slice: GeneratedDocument[], chunks: ChunkRow[]): Promise<void> {
      const loaded = request({ kind: 'load', slice, chunks });
      // a failure is thrown where the batch is awaited, not as an unhandled rejection meanwhile
      loaded.catch(() => undefined);
      inFlight.push(loaded);
      while (inFlight.length > 1) await inFlight.shift();
    },
    async finish(): Promise<CopyThreadReport> {
      while (inFlight.length > 0) await inFlight.shift();
      const answer = await request({ kind: 'finish' });
      if (answer.kind !== 'finished') throw new Error(`the COPY thread answered ${answer.kind}`);
      return answer.report;
    },
    async close(): Promise<void> {
      if (failure === null) await request({ kind: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

/**
 * CPU seconds each server backend of this database has used so far (from /proc, so only for a server on this
 * machine; null otherwise). On a machine shared with other work, wall time says little; CPU time per document does.
 */
async function backendCpu(database: Database): Promise<Map<number, number> | null> {
  if (database.engine !== 'postgres') return null;
  const pids = (
    await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db)
  ).rows.map((r) => Number(r.pid));
  const result = new Map<number, number>();
  for (const pid of pids) {
    // a backend that ended meanwhile is left out; a server elsewhere has none of them here
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command)
    result.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return result.size > 0 ? result : null;
}

function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * Compares the bulk-loaded vectors of a sample of documents with what the database's own functions compute from the
 * same stored text: the body, the head and every chunk. Returns the number of mismatches (0 when all agree).
 */
export async function verifyBulkVectors(database: Database, sample: number): Promise<number> {
  const row = (
    await sql<{ documents: number; chunks: number }>`
      with s as (select document_id from search_documents order by md5(document_id::text) limit ${sample})
      select
        (select count(*)::int from s join search_documents d using (document_id)
          where d.tsv <> (search_body(d.document_id) || d.head)
             or d.top <> search_top(search_body(d.document_id))
             or d.body_length <> coalesce((select sum(cardinality(u.positions)) from unnest(search_body(d.document_id)) u), 0)
             or d.head <> (select
               setweight(search_vector(concat_ws(' ', regexp_replace(x.filename, '\\.[[:alnum:]]{1,5}$', ''), x.title,
                 x.drawing_number, x.building_category), x.language), 'A')
               || setweight(search_vector(concat_ws(' ', regexp_replace(x.original_path, '[^/]*$', ''), x.discipline,
                 x.information_type, array_to_string(x.information_types, ' '), x.drawing_type, x.floor, x.extension,
                 x.serial_number, (select string_agg(e.value, ' ') from jsonb_each_text(coalesce(x.external_ids, '{}'::jsonb)) e)),
                 x.language), 'B')
               from documents x where x.id = d.document_id)) as documents,
        (select count(*)::int from s join document_chunks c using (document_id)
          where c.tsv <> search_vector(c.text, c.language)) as chunks`.execute(database.db)
  ).rows[0]!;
  return row.documents + row.chunks;
}
