/**
 * Search speed on a generated corpus: 100,000 documents (Norwegian and English building vocabulary, about five chunks
 * each, drawings with drawing numbers, FDV documents with TFM tags) in 100 buildings under one owner, loaded on the
 * PostgreSQL server and on PGlite. Each kind of query runs at least 200 times; p50 and p95 are printed beside the
 * plain baseline measured in the same run (a GIN index over chunk text and ts_rank_cd, grouped per document) and the
 * target. Nothing here fails.
 *
 *   npm run bench:search                                  both engines, 100,000 documents
 *   npm run bench:search -- --engine pglite --documents 20000
 *   DATABASE_URL=postgres://... npm run bench:search      another server (a scratch database is created there)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chunkPages } from '../src/domain/pipeline/chunking.js';
import { parseQuery } from '../src/domain/search/query-parser.js';
import type { DocumentSearchRequest } from '../src/domain/search/search.types.js';
import { openDatabase, type Database } from '../src/storage/db/database.js';
import { migrateToLatest } from '../src/storage/db/migrations/index.js';
import { createPostgresSearchProvider } from '../src/storage/search/postgres-search.provider.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DOCUMENTS = Number(option('--documents') ?? 100_000);
const BUILDINGS = 100;
const RUNS = Number(option('--runs') ?? 200);
const ENGINES = (option('--engine') ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const OWNER = 'own_bench';
/** leave the server database (byggdok_bench_search) in place afterwards, for EXPLAIN */
const KEEP = args.includes('--keep');

/** p95 targets in ms; owner-wide common-term target differs per engine */
const TARGETS: Record<string, { postgres: number; pglite: number }> = {
  'rare term, owner-wide': { postgres: 30, pglite: 30 },
  'common term, one building': { postgres: 30, pglite: 30 },
  'common term, owner-wide': { postgres: 100, pglite: 200 },
  'typo, owner-wide': { postgres: 100, pglite: 100 },
  'facets, common term owner-wide': { postgres: 300, pglite: 300 },
};

// ---------------------------------------------------------------------------------------------------------------
// corpus

function random(seed: number) {
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

interface GeneratedDocument {
  building: number;
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

interface Corpus {
  documents: GeneratedDocument[];
  /** body words with the number of documents that contain them */
  frequencies: Map<string, number>;
}

function generateCorpus(count: number): Corpus {
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
  const perBuilding = Math.ceil(count / BUILDINGS);
  const documents: GeneratedDocument[] = [];
  const frequencies = new Map<string, number>();
  for (let id = 0; id < count; id++) {
    const building = Math.floor(id / perBuilding);
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
    const buildingTags = tags.slice((building * 7) % 390, ((building * 7) % 390) + 10);
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
    for (const word of seen) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    documents.push({
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
    });
  }
  return { documents, frequencies };
}

// ---------------------------------------------------------------------------------------------------------------
// loading

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
const buildingId = (b: number) => `bld_bench_${String(b).padStart(3, '0')}`;

async function load(database: Database, corpus: Corpus): Promise<void> {
  const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
  await q(`insert into building_owners (id, name) values ($1, 'Bench Eiendom AS')`, [OWNER]);
  for (let b = 0; b < BUILDINGS; b++) {
    await q(`insert into buildings (id, building_owner_id, name) values ($1, $2, $3)`, [
      buildingId(b),
      OWNER,
      `Bygg ${b}`,
    ]);
  }
  const batch = 500;
  const started = performance.now();
  for (let start = 0; start < corpus.documents.length; start += batch) {
    const slice = corpus.documents.slice(start, start + batch);
    const ids = slice.map((_, i) => uuid(start + i));
    await q(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, title, blob_key, upload_state,
         extension, discipline, building_category, is_drawing, floor, drawing_number, size)
       select x.id::uuid, x.building, $1, x.filename, x.path, x.title, 'k/' || x.id, 'uploaded', x.extension,
              x.discipline, x.category, x.drawing, x.floor, x.number, 1000
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::boolean[], $11::text[], $12::text[])
         as x(id, building, filename, path, title, extension, discipline, category, drawing, floor, number)`,
      [
        OWNER,
        ids,
        slice.map((d) => buildingId(d.building)),
        slice.map((d) => d.filename),
        slice.map((d) => d.path),
        slice.map((d) => d.title),
        slice.map((d) => d.extension),
        slice.map((d) => d.discipline),
        slice.map((d) => d.category),
        slice.map((d) => d.isDrawing),
        slice.map((d) => d.floor),
        slice.map((d) => d.drawingNumber),
      ],
    );
    await q(
      `insert into document_pages (document_id, page_number, text)
       select x.id::uuid, 1, x.text from unnest($1::text[], $2::text[]) as x(id, text)`,
      [ids, slice.map((d) => d.text)],
    );
    const chunks = slice.flatMap((d, i) =>
      chunkPages([{ pageNumber: 1, text: d.text }]).map((c) => ({
        ...c,
        id: ids[i]!,
        building: buildingId(d.building),
      })),
    );
    await q(
      `insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number, char_start,
         char_end, text)
       select x.id::uuid, x.building, $1, x.n, 1, x.s, x.e, x.text
       from unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[]) as x(id, building, n, s, e, text)`,
      [
        OWNER,
        chunks.map((c) => c.id),
        chunks.map((c) => c.building),
        chunks.map((c) => c.index),
        chunks.map((c) => c.charStart),
        chunks.map((c) => c.charEnd),
        chunks.map((c) => c.text),
      ],
    );
    if ((start / batch) % 20 === 19) {
      const done = start + slice.length;
      const rate = done / ((performance.now() - started) / 1000);
      process.stdout.write(`  loaded ${done} documents (${rate.toFixed(0)}/s)\n`);
    }
  }
  // the baseline: a plain GIN index over chunk text, ranked with ts_rank_cd
  await q(`create table bench_baseline as
           select c.document_id, c.building_id, c.building_owner_id, to_tsvector('norwegian', c.text) as tsv
           from document_chunks c`);
  await q(`create index bench_baseline_tsv on bench_baseline using gin (tsv)`);
  await q(`vacuum analyze`);
}

// ---------------------------------------------------------------------------------------------------------------
// queries

interface QueryCase {
  kind: string;
  query: string;
  building: string | null;
  aggregations: boolean;
}

function queryCases(corpus: Corpus): QueryCase[] {
  const r = random(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const n = corpus.documents.length;
  const words = [...corpus.frequencies].filter(([w]) => /^\p{L}{6,}$/u.test(w));
  const common = words.filter(([, df]) => df > n * 0.22 && df < n * 0.4).map(([w]) => w);
  const middle = words.filter(([, df]) => df > n * 0.01 && df < n * 0.1).map(([w]) => w);
  const drawingNumbers = corpus.documents.filter((d) => d.drawingNumber).map((d) => d.drawingNumber!);
  const vocabulary = new Set(corpus.frequencies.keys());
  const typo = (word: string): string => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const chars = [...word];
      const at = 1 + Math.floor(r() * (chars.length - 2));
      const variant = r() < 0.5 ? [...chars.slice(0, at), ...chars.slice(at + 1)] : [...chars];
      if (variant.length === chars.length) [variant[at], variant[at + 1]] = [variant[at + 1]!, variant[at]!];
      const result = variant.join('');
      if (!vocabulary.has(result)) return result;
    }
    return `${word}x`;
  };
  const cases: QueryCase[] = [];
  for (let i = 0; i < RUNS; i++) {
    cases.push({ kind: 'rare term, owner-wide', query: pick(drawingNumbers), building: null, aggregations: false });
    cases.push({
      kind: 'common term, one building',
      query: pick(common),
      building: buildingId(Math.floor(r() * BUILDINGS)),
      aggregations: false,
    });
    cases.push({ kind: 'common term, owner-wide', query: pick(common), building: null, aggregations: false });
    cases.push({ kind: 'typo, owner-wide', query: typo(pick(middle)), building: null, aggregations: false });
    cases.push({ kind: 'facets, common term owner-wide', query: pick(common), building: null, aggregations: true });
  }
  return cases;
}

async function baseline(database: Database, c: QueryCase): Promise<void> {
  // what the issue measured: chunk-level GIN, ts_rank_cd, grouped per document, plus the count
  const scope = c.building ? `building_id = $2` : `building_owner_id = $2`;
  const query = `plainto_tsquery('norwegian', $1)`;
  await database.executeSql(
    `with hits as (
       select document_id, max(ts_rank_cd(tsv, ${query})) as score from bench_baseline
       where ${scope} and tsv @@ ${query} group by document_id
     )
     select (select count(*) from hits) as total,
            (select json_agg(h) from (select document_id, score from hits order by score desc limit 20) h) as page`,
    [c.query, c.building ?? OWNER],
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function openEngine(engine: 'postgres' | 'pglite'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = path.resolve(import.meta.dirname, '../.bench-data/search-pglite');
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(`${dataDir}.lock`, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      database,
      drop: async () => {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = await openDatabase({ kind: 'postgres', url });
  const name = 'byggdok_bench_search';
  await admin.executeSql(`drop database if exists ${name} with (force)`);
  await admin.executeSql(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      if (!KEEP) await admin.executeSql(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function main(): Promise<void> {
  console.log(`search benchmark: ${DOCUMENTS} documents in ${BUILDINGS} buildings, ${RUNS} queries of each kind`);
  const generated = performance.now();
  const corpus = generateCorpus(DOCUMENTS);
  const chunks = corpus.documents.reduce((n, d) => n + chunkPages([{ pageNumber: 1, text: d.text }]).length, 0);
  console.log(
    `corpus generated in ${((performance.now() - generated) / 1000).toFixed(1)} s: ` +
      `${(chunks / DOCUMENTS).toFixed(1)} chunks per document`,
  );
  const cases = queryCases(corpus);
  for (const engine of ENGINES) {
    console.log(`\n== ${engine}`);
    const { database, drop } = await openEngine(engine);
    try {
      await migrateToLatest(database.db);
      const loadStarted = performance.now();
      await load(database, corpus);
      console.log(`loaded and indexed in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
      const provider = createPostgresSearchProvider({ db: database.db });
      const run = async (c: QueryCase) => {
        const request: DocumentSearchRequest = {
          scope: { ownerId: OWNER, buildingIds: c.building ? [c.building] : null },
          query: parseQuery({ query: c.query, fuzziness: 'auto' }),
          filters: {},
          sortBy: 'relevance',
          sortOrder: 'desc',
          offset: 0,
          limit: 20,
          aggregations: c.aggregations,
        };
        return provider.searchDocuments(request);
      };
      for (const c of cases.slice(0, 25)) {
        await run(c);
        await baseline(database, c);
      }
      const timings = new Map<string, { ours: number[]; base: number[]; hits: number[] }>();
      for (const c of cases) {
        const entry = timings.get(c.kind) ?? { ours: [], base: [], hits: [] };
        let started = performance.now();
        const result = await run(c);
        entry.ours.push(performance.now() - started);
        entry.hits.push(result.numberOfHits);
        started = performance.now();
        await baseline(database, c);
        entry.base.push(performance.now() - started);
        timings.set(c.kind, entry);
      }
      console.log(
        `${'query'.padEnd(32)} ${'hits (median)'.padStart(13)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}` +
          `   ${'baseline p50'.padStart(12)} ${'p95'.padStart(8)}   target p95`,
      );
      for (const [kind, t] of timings) {
        const target = TARGETS[kind]?.[engine] ?? 0;
        const p95 = percentile(t.ours, 95);
        console.log(
          `${kind.padEnd(32)} ${String(percentile(t.hits, 50)).padStart(13)} ${percentile(t.ours, 50).toFixed(1).padStart(6)}ms ` +
            `${p95.toFixed(1).padStart(6)}ms   ${percentile(t.base, 50).toFixed(1).padStart(10)}ms ` +
            `${percentile(t.base, 95).toFixed(1).padStart(6)}ms   <= ${target} ms ${p95 <= target ? 'met' : 'MISSED'}`,
        );
      }
    } finally {
      await drop();
    }
  }
}

await main();
