/**
 * Asks every question of a SQuAD-format set (NorQuAD by default) against its passages, stored as documents of one
 * building, and prints: the share of answers whose first citation is the right passage, the share whose answer
 * contains the gold answer text, answer latency (p50/p95) and the time to the first SSE event. The building is padded
 * with generated documents to 10,000 so the latency is that of a realistically large building.
 *
 *   npx tsx eval/ask/run-eval.ts [--file path.json] [--limit n] [--documents 10000] [--language no]
 *                                [--mode balanced] [--retriever ask|search] [--database-url postgres://...] [--verbose]
 *
 * Exits non-zero when a target of the built-in answerer is missed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { createDependencies, type Dependencies } from '../../src/app/dependencies.js';
import type { Principal } from '../../src/domain/access/principal.js';
import type { AnswerResult, AskMode, RequestedLanguage } from '../../src/domain/answers/answer.types.js';
import { createAnswersService } from '../../src/domain/answers/answers.service.js';
import { createBuiltinAnswerer } from '../../src/domain/answers/builtin.answerer.js';
import { chunkPages } from '../../src/domain/pipeline/chunking.js';
import { newId } from '../../src/domain/shared/ids.js';
import { createLogger } from '../../src/http/logging.js';
import { buildServer } from '../../src/http/server.js';
import { openDatabase, type Database } from '../../src/storage/db/database.js';
import { createAskRepository } from '../../src/storage/db/repositories/ask.repository.js';

const TARGETS = { rightPassageFirst: 0.85, goldContained: 0.6, p95Ms: 300, firstEventMs: 50 };

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const file = path.resolve(
  argValue('--file') ?? path.join(import.meta.dirname, '../../../shared/eval/norquad-validation.json'),
);
const limit = Number(argValue('--limit') ?? Infinity);
const totalDocuments = Number(argValue('--documents') ?? 10_000);
const language = (argValue('--language') ?? 'no') as RequestedLanguage;
const mode = argValue('--mode') as AskMode | undefined;
const databaseUrl = argValue('--database-url') ?? process.env.EVAL_DATABASE_URL;
const verbose = process.argv.includes('--verbose');
/** whose passage retrieval answers: the ask repository's own full text, or the search provider's chunk retrieval */
const retrieverName = argValue('--retriever') ?? 'ask';
if (retrieverName !== 'ask' && retrieverName !== 'search') {
  console.error(`unknown retriever "${retrieverName}" (ask or search)`);
  process.exit(2);
}

interface SquadSet {
  data: { paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[] }[];
}

interface Question {
  question: string;
  gold: string;
  documentId: string;
}

async function openEvalDatabase(): Promise<Database> {
  if (!databaseUrl) return openDatabase({ kind: 'pglite', dataDir: null });
  const name = `byggdok_eval_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run pads the building the same way. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Filler documents: sentences of the passages' 400 most common words (so they compete for "og", "i", "år" ...) mixed
 * with words of a made-up Zipf-distributed vocabulary, as other documents would bring their own rare words. Drawing
 * the filler from all of the passages' words instead would scatter every rare name of the set over thousands of
 * documents, which real buildings do not do.
 */
function fillerMaker(passages: readonly string[]): (rng: () => number) => string {
  const counts = new Map<string, number>();
  for (const word of passages.flatMap((p) => p.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase())) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const common = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 400);
  const commonBag = common.flatMap(([word, count]) => Array.from({ length: Math.ceil(count / 4) }, () => word));
  const syllables = [
    'ka',
    've',
    'lo',
    'ri',
    'sten',
    'mar',
    'dal',
    'ber',
    'en',
    'tor',
    'vik',
    'an',
    'ne',
    'sk',
    'il',
    'ø',
    'å',
  ];
  const made = random(7);
  const invented = Array.from({ length: 40_000 }, () =>
    Array.from({ length: 2 + Math.floor(made() * 3) }, () => syllables[Math.floor(made() * syllables.length)]).join(''),
  );
  return (rng) => {
    const word = (): string =>
      rng() < 0.7
        ? (commonBag[Math.floor(rng() * commonBag.length)] ?? 'og')
        : (invented[Math.floor(invented.length * Math.pow(rng(), 2.5))] ?? 'kave');
    const sentences: string[] = [];
    let length = 0;
    const target = 1500 + Math.floor(rng() * 1200);
    while (length < target) {
      const count = 6 + Math.floor(rng() * 16);
      const sentence = Array.from({ length: count }, word).join(' ');
      const text = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
      sentences.push(text);
      length += text.length + 1;
    }
    return sentences.join(rng() < 0.3 ? '\n' : ' ');
  };
}

async function insertDocuments(params: {
  database: Database;
  ownerId: string;
  buildingId: string;
  documents: { id: string; filename: string; text: string }[];
}): Promise<void> {
  const { db } = params.database;
  const now = new Date();
  for (let i = 0; i < params.documents.length; i += 200) {
    const batch = params.documents.slice(i, i + 200);
    await db
      .insertInto('documents')
      .values(
        batch.map((d) => ({
          id: d.id,
          building_id: params.buildingId,
          building_owner_id: params.ownerId,
          parent_document_id: null,
          filename: d.filename,
          original_path: d.filename,
          extension: 'txt',
          file_kind: 'text',
          blob_key: `eval/${d.id}`,
          upload_state: 'uploaded' as const,
          extracted_text: true,
          valid_file: true,
          page_count: 1,
          processed_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('document_pages')
      .values(batch.map((d) => ({ document_id: d.id, page_number: 1, text: d.text })))
      .execute();
    const chunks = batch.flatMap((d) =>
      chunkPages([{ pageNumber: 1, text: d.text }]).map((chunk) => ({
        document_id: d.id,
        building_id: params.buildingId,
        building_owner_id: params.ownerId,
        chunk_index: chunk.index,
        page_number: chunk.pageNumber,
        char_start: chunk.charStart,
        char_end: chunk.charEnd,
        text: chunk.text,
      })),
    );
    await db.insertInto('document_chunks').values(chunks).execute();
  }
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!?«»"]+|[\s.,;:!?«»"]+$/g, '');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Time from sending the request to reading the `start` event, measured by a client in another process: with the
 * embedded database the server's work runs on this process's thread, so a client here could not read before the
 * whole answer was done, while a real client reads the event as soon as it is written.
 */
async function timesToFirstEvent(params: { url: string; key: string; queries: string[] }): Promise<number[]> {
  const client = `
    const { url, key, queries, language } = JSON.parse(process.env.EVAL_CLIENT);
    const times = [];
    for (const query of queries) {
      const started = performance.now();
      const response = await fetch(url + '?stream=true', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ query, language }),
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let first = NaN;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (Number.isNaN(first) && text.includes('event: start')) first = performance.now() - started;
      }
      times.push(first);
    }
    process.stdout.write(JSON.stringify(times));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', client], {
    env: { ...process.env, EVAL_CLIENT: JSON.stringify({ ...params, language }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`SSE client exited with ${code}`))));
  });
  return JSON.parse(output) as number[];
}

async function main(): Promise<void> {
  const set = JSON.parse(readFileSync(file, 'utf8')) as SquadSet;
  const database = await openEvalDatabase();
  let deps: Dependencies | undefined;
  try {
    deps = await createDependencies({
      database,
      settings: {
        publicUrl: 'http://eval.local',
        storage: { kind: 'memory' },
        maxUploadBytes: 1024 * 1024,
        queue: {},
        libreOfficePath: null,
      },
    });
    const { services } = deps;
    const askRepository = createAskRepository(deps.database.db);
    const answers = createAnswersService({
      access: services.access,
      repository: askRepository,
      retriever:
        retrieverName === 'ask' ? askRepository : { retrieve: (request) => services.search.retrieveChunks(request) },
      reader: askRepository,
      answerer: createBuiltinAnswerer(),
      clock: { now: () => new Date() },
    });
    const partner = await services.admin.createPartner({ name: 'Eval' });
    const { key } = await services.admin.createKey({ partnerId: partner.id });
    const principal: Principal = await services.access.authenticateApiKey(key);
    const owner = await services.owners.create({ principal, name: 'Eval owner' });
    const buildingId = await services.buildings.create({ principal, ownerId: owner.id, name: 'Eval building' });

    // one document per distinct passage
    const documentOf = new Map<string, string>();
    const questions: Question[] = [];
    for (const item of set.data) {
      for (const paragraph of item.paragraphs) {
        let documentId = documentOf.get(paragraph.context);
        if (!documentId) {
          documentId = newId.uuid();
          documentOf.set(paragraph.context, documentId);
        }
        for (const qa of paragraph.qas) {
          const gold = qa.answers[0]?.text;
          if (gold) questions.push({ question: qa.question, gold, documentId });
        }
      }
    }
    const passages = [...documentOf].map(([text, id], i) => ({ id, filename: `passage-${i + 1}.txt`, text }));
    const loadStarted = performance.now();
    await insertDocuments({ database, ownerId: owner.id, buildingId, documents: passages });
    const makeFiller = fillerMaker(passages.map((p) => p.text));
    const rng = random(42);
    const padding = Math.max(0, totalDocuments - passages.length);
    for (let i = 0; i < padding; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, padding - i) }, (_, j) => ({
        id: newId.uuid(),
        filename: `filler-${i + j + 1}.txt`,
        text: makeFiller(rng),
      }));
      await insertDocuments({ database, ownerId: owner.id, buildingId, documents: batch });
    }
    // steady state: autovacuum has merged GIN pending lists and gathered statistics in a live system
    await database.executeSql('vacuum analyze');
    console.log(
      `${passages.length} passages + ${padding} filler documents loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s ` +
        `(${database.engine}); ${Math.min(limit, questions.length)} questions, language=${language}, mode=${mode ?? 'balanced'}, retriever=${retrieverName}`,
    );

    const asked = questions.slice(0, Math.min(limit, questions.length));
    let rightFirst = 0;
    let contained = 0;
    const latencies: number[] = [];
    const slowest: { ms: number; question: string }[] = [];
    // warm-up: the first query pays for plan caches
    await answers.ask(
      { principal, ownerId: owner.id, buildingId, query: 'Hva er dette?', language },
      new AbortController().signal,
    );
    for (const q of asked) {
      const started = performance.now();
      const result: AnswerResult = await answers.ask(
        { principal, ownerId: owner.id, buildingId, query: q.question, language, ...(mode ? { mode } : {}) },
        new AbortController().signal,
      );
      const elapsed = performance.now() - started;
      latencies.push(elapsed);
      slowest.push({ ms: elapsed, question: q.question });
      const first = result.citations.find((c) => c.number === 1);
      const isRight = first?.documentId === q.documentId;
      const hasGold = normalise(result.answer).includes(normalise(q.gold));
      if (isRight) rightFirst += 1;
      if (hasGold) contained += 1;
      if (verbose && (!isRight || !hasGold)) {
        console.log(
          `${isRight ? 'passage ok ' : 'WRONG PASSAGE'} ${hasGold ? '' : 'NO GOLD'}\n  Q: ${q.question}\n  gold: ${q.gold}\n  A: ${result.answer.slice(0, 400)}\n`,
        );
      }
    }

    if (verbose) {
      for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 8))
        console.log(`${s.ms.toFixed(0)} ms  ${s.question}`);
    }

    // time to the first SSE event, over real HTTP
    const app = await buildServer({
      services,
      localBlobs: null,
      isReady: async () => true,
      logger: createLogger({ level: 'silent' }),
      options: {
        publicUrl: 'http://eval.local',
        bodyLimitBytes: 1_048_576,
        trustProxy: false,
        adminToken: 'eval-admin-token-0123456789abcdef',
        rateLimit: { enabled: false, max: 1000, windowMs: 60_000 },
        redisUrl: null,
        version: 'eval',
        s3EventsToken: null,
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let firstEvents: number[] = [];
    try {
      const url = `${address}/v1/building_owners/${owner.id}/buildings/${buildingId}/ask`;
      firstEvents = await timesToFirstEvent({ url, key, queries: asked.slice(0, 100).map((q) => q.question) });
    } finally {
      await app.close();
    }

    const n = asked.length;
    const figures = {
      rightPassageFirst: rightFirst / n,
      goldContained: contained / n,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      firstEventP50Ms: percentile(firstEvents, 50),
      firstEventP95Ms: percentile(firstEvents, 95),
    };
    console.log(
      `right passage first   ${(figures.rightPassageFirst * 100).toFixed(1)} %   (target >= ${TARGETS.rightPassageFirst * 100} %)`,
    );
    console.log(
      `gold answer contained ${(figures.goldContained * 100).toFixed(1)} %   (target >= ${TARGETS.goldContained * 100} %)`,
    );
    console.log(
      `latency               p50 ${figures.p50Ms.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms   (target p95 <= ${TARGETS.p95Ms} ms)`,
    );
    console.log(
      `first SSE event       p50 ${figures.firstEventP50Ms.toFixed(1)} ms, p95 ${figures.firstEventP95Ms.toFixed(1)} ms   (target <= ${TARGETS.firstEventMs} ms)`,
    );
    const missed =
      figures.rightPassageFirst < TARGETS.rightPassageFirst ||
      figures.goldContained < TARGETS.goldContained ||
      figures.p95Ms > TARGETS.p95Ms ||
      figures.firstEventP95Ms > TARGETS.firstEventMs;
    process.exitCode = missed ? 1 : 0;
  } finally {
    await deps?.close();
    if (!deps) await database.close();
  }
}

await main();
