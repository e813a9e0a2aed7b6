/**
 * Soak: the embedded default (`byggdok serve`: PGlite, files on disk, workers in the same process) under a steady
 * mix of uploads, status polls, searches, asks (plain and streamed), document lists and health checks for a set
 * time. Prints, every minute and at the end: per operation count, server errors (5xx or no answer), 4xx, p50/p95/p99
 * latency; the service's RSS over time; documents uploaded vs final; and the same operations on the idle service
 * before the load as the baseline, with ratios against it. Nothing here fails: it is a measurement.
 *
 *   npm run bench:soak                         5 minutes
 *   npm run bench:soak -- --minutes 30
 *   npm run bench:soak -- --minutes 10 --database postgres://postgres@127.0.0.1:5432/postgres
 *
 * Several processes (issue 48): N `byggdok api` behind a round-robin proxy written here, M `byggdok worker`, one fresh
 * PostgreSQL database and one S3 bucket (`--s3` alone starts s3rver on a free port; `--s3 <url>` uses that endpoint,
 * credentials from the AWS environment). Every process logs to its own file (printed), has its own data folder (what
 * they share must be in the database or the bucket), its RSS sampled; at the end each gets SIGTERM and its exit code
 * and stop time are printed, with the documents not final and pg-boss's unfinished jobs.
 *
 *   npm run bench:soak -- --api 2 --workers 2 --s3 --database postgres://postgres@127.0.0.1:5432/postgres
 *
 * Throughput: K 10-page PDFs uploaded with only the APIs running, then 1, 2 and 4 worker processes (a fresh database
 * and bucket each) started and timed until every document is final; then a chaos run: one of two workers killed with
 * SIGKILL while it holds jobs, and the time until those jobs were retried and their documents final.
 *
 *   npm run bench:soak -- --throughput --api 2 --documents 24 --s3 --database postgres://...
 *                        [--worker-counts 1,2,4] [--worker-concurrency 2] [--chaos-expire-seconds 60]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { freePort, startByggdok, stopProcess, waitForHttp } from '../test/helpers/service-process.js';
import {
  documentStates,
  dropPostgresDatabase,
  errorLines,
  freshPostgresDatabase,
  killHard,
  queueState,
  s3Environment,
  spawnByggdok,
  startRoundRobinProxy,
  startS3,
  stopGracefully,
  waitUntilReady,
  rssOf,
  type ByggdokProcess,
  type Proxy,
  type S3Target,
} from './cluster.js';

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

const MINUTES = Number(argument('minutes') ?? 5);
const DATABASE = argument('database');
const API_COUNT = Number(argument('api') ?? 0);
const WORKER_COUNT = Number(argument('workers') ?? 0);
/** --s3 alone: s3rver started here; --s3 <url>: that endpoint */
const S3 = flag('s3') ? { url: argument('s3')?.startsWith('http') ? argument('s3') : undefined } : null;
const THROUGHPUT = flag('throughput');
const THROUGHPUT_DOCUMENTS = Number(argument('documents') ?? 24);
const WORKER_COUNTS = (argument('worker-counts') ?? '1,2,4').split(',').map(Number);
/** jobs of each kind one worker process runs at once (BYGGDOK_WORKER_CONCURRENCY; the service's default is 2) */
const WORKER_CONCURRENCY = Number(argument('worker-concurrency') ?? 2);
const CHAOS_EXPIRE_SECONDS = Number(argument('chaos-expire-seconds') ?? 60);
const CLUSTER = API_COUNT > 0 || WORKER_COUNT > 0 || THROUGHPUT;
const EVENTS_TOKEN = 'bench-s3-events-token-0123456789abcdef';
const WEBHOOKS_KEY = 'bench-webhooks-key-0123456789abcdef0123456789';
const SEED = Number(argument('seed') ?? 20261123);
const BUILDINGS = 4;
/** concurrent clients per kind of work */
const CLIENTS = { uploader: 2, poller: 2, searcher: 2, asker: 1, streamer: 1, lister: 1, health: 1 } as const;
/** pause between a client's requests, so the mix resembles people and integrations rather than a flood */
const THINK_MS = { uploader: 1500, poller: 300, searcher: 200, asker: 1000, streamer: 1500, lister: 500, health: 500 };
const RSS_SAMPLE_MS = 10_000;
const DRAIN_MS = 120_000;

type Operation =
  'upload' | 's3_event' | 'status' | 'search' | 'search_owner' | 'ask' | 'ask_stream' | 'list_documents' | 'healthz';

// ---------------------------------------------------------------------------------------------------------------
// a seeded random source, so two runs send the same mix

let state = SEED >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const TOPICS = [
  'Brannalarmanlegg: kontroll av detektorer og manuelle meldere hvert kvartal.',
  'Ventilasjonsaggregat: bytt filter to ganger i året, rengjør varmegjenvinner årlig.',
  'Sprinkleranlegg: hovedventil skal prøves månedlig, og alarmventil kontrolleres årlig.',
  'Taktekking: inspiser membran og sluk hver høst; fjern løv og snø ved behov.',
  'Heis: periodisk kontroll av sakkyndig kontrollorgan hvert år, service hver måned.',
  'Vinduer og dører: smør beslag og hengsler årlig, kontroller tetningslister.',
  'Nødlys: funksjonstest månedlig, full varighetstest én gang i året.',
  'Varmepumpe: kontroller kuldemediumtrykk og rengjør fordamper hvert halvår.',
];
const QUESTIONS = [
  'Hvor ofte skal filter i ventilasjonsaggregatet byttes?',
  'Hvor ofte skal sprinkleranlegget kontrolleres?',
  'Hva er vedlikeholdet for taktekking?',
  'Hvor ofte testes nødlys?',
  'Hvem kontrollerer heisen?',
];
const SEARCHES = ['ventilasjon', 'brannalarm', 'sprinkler kontroll', 'taktekking', 'nødlys', 'heis', 'varmepumpe'];

async function makePdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    let y = 780;
    for (let line = 0; line < 30; line += 1) {
      page.drawText(pick(TOPICS), { x: 50, y, size: 10, font });
      y -= 16;
    }
  }
  return Buffer.from(await pdf.save());
}

/** what a client uploads: mostly ordinary PDFs and text, now and then a file that cannot be read */
async function makeUpload(index: number): Promise<{ filename: string; bytes: Buffer; contentType: string }> {
  const roll = random();
  if (roll < 0.55) {
    return {
      filename: `FDV/Drift ${index}.pdf`,
      bytes: await makePdf(1 + Math.floor(random() * 4)),
      contentType: 'application/pdf',
    };
  }
  if (roll < 0.9) {
    const text = Array.from({ length: 40 }, () => pick(TOPICS)).join('\n');
    return { filename: `Notater/Notat ${index}.txt`, bytes: Buffer.from(text, 'utf8'), contentType: 'text/plain' };
  }
  // a PDF cut in half: must end corrupt or with an extraction error, and change nothing else
  const whole = await makePdf(2);
  return {
    filename: `Skadet/Skadet ${index}.pdf`,
    bytes: whole.subarray(0, whole.length >> 1),
    contentType: 'application/pdf',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// measurements

class Recorder {
  private readonly latencies = new Map<Operation, number[]>();
  readonly serverErrors = new Map<Operation, number>();
  readonly clientErrors = new Map<Operation, number>();
  readonly firstErrors: string[] = [];

  record(operation: Operation, ms: number, status: number | 'network', detail = ''): void {
    const list = this.latencies.get(operation) ?? [];
    list.push(ms);
    this.latencies.set(operation, list);
    if (status === 'network' || status >= 500) {
      this.serverErrors.set(operation, (this.serverErrors.get(operation) ?? 0) + 1);
      if (this.firstErrors.length < 10) this.firstErrors.push(`${operation}: ${status} ${detail.slice(0, 200)}`);
    } else if (status >= 400) {
      this.clientErrors.set(operation, (this.clientErrors.get(operation) ?? 0) + 1);
      if (this.firstErrors.length < 10) this.firstErrors.push(`${operation}: ${status} ${detail.slice(0, 200)}`);
    }
  }

  operations(): Operation[] {
    return [...this.latencies.keys()].sort();
  }

  stats(operation: Operation): { count: number; p50: number; p95: number; p99: number } {
    const sorted = [...(this.latencies.get(operation) ?? [])].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
    return { count: sorted.length, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
  }

  totalServerErrors(): number {
    return [...this.serverErrors.values()].reduce((a, b) => a + b, 0);
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const msText = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// ---------------------------------------------------------------------------------------------------------------
// the service

async function startService() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startByggdok({
    args: ['serve'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BYGGDOK_PUBLIC_URL: base,
      BYGGDOK_DATA_DIR: dataDir,
      BYGGDOK_ADMIN_TOKEN: ADMIN_TOKEN,
      // the clients here are one partner sending far more than its rate would allow
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...(DATABASE ? { DATABASE_URL: await freshPostgresDatabase(DATABASE, `byggdok_soak_${process.pid}`) } : {}),
    },
  });
  await waitForHttp(`${base}/readyz`, 180_000).catch(async (error: unknown) => {
    console.error(child.output());
    await stopProcess(child);
    throw error;
  });
  return { child, base, dataDir };
}

interface Setup {
  base: string;
  /** with S3: the bucket, whose object-created notifications the bench sends as S3 would */
  bucket: string | null;
  key: string;
  ownerId: string;
  buildingIds: string[];
}

async function setUp(base: string, bucket: string | null = null): Promise<Setup> {
  async function call(method: string, url: string, body: unknown, key?: string): Promise<unknown> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : { authorization: `Bearer ${ADMIN_TOKEN}` }),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }
  const partner = (await call('POST', '/admin/partners', { name: 'Soak AS' })) as { id: string };
  const { key } = (await call('POST', `/admin/partners/${partner.id}/keys`, {})) as { key: string };
  const owner = (await call('POST', '/v1/building_owners', { name: 'Soak Eiendom' }, key)) as { id: string };
  const buildingIds: string[] = [];
  for (let i = 1; i <= BUILDINGS; i += 1) {
    buildingIds.push(
      (await call('PUT', `/v1/building_owners/${owner.id}/buildings`, { name: `Bygg ${i}` }, key)) as string,
    );
  }
  return { base, bucket, key, ownerId: owner.id, buildingIds };
}

// ---------------------------------------------------------------------------------------------------------------
// the clients

interface Shared {
  setup: Setup;
  recorder: Recorder;
  uploaded: { documentId: string; buildingId: string }[];
  stopAt: number;
}

async function timed(
  shared: Shared,
  operation: Operation,
  send: () => Promise<Response>,
): Promise<{ response: Response | null; text: string }> {
  const started = performance.now();
  try {
    const response = await send();
    const text = await response.text();
    shared.recorder.record(operation, performance.now() - started, response.status, text);
    return { response, text };
  } catch (error) {
    shared.recorder.record(operation, performance.now() - started, 'network', String(error));
    return { response: null, text: '' };
  }
}

/** the object-created notification S3 sends for a pre-signed PUT (key URL-encoded, as S3 does) */
function announceArrival(setup: Setup, uploadUrl: string, bytes: Buffer): Promise<Response> {
  const key = decodeURIComponent(new URL(uploadUrl).pathname.slice(`/${setup.bucket}/`.length));
  return fetch(`${setup.base}/integrations/s3/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-byggdok-events-token': EVENTS_TOKEN },
    body: JSON.stringify({
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), size: bytes.length } },
        },
      ],
    }),
  });
}

function partnerUrl(shared: Shared, suffix: string): string {
  return `${shared.setup.base}/v1/building_owners/${shared.setup.ownerId}${suffix}`;
}

const work: Record<keyof typeof CLIENTS, (shared: Shared, index: number) => Promise<void>> = {
  async uploader(shared, index) {
    const buildingId = pick(shared.setup.buildingIds);
    const file = await makeUpload(index);
    const headers = { 'x-api-key': shared.setup.key, 'content-type': 'application/json' };
    const started = performance.now();
    const register = await fetch(partnerUrl(shared, `/buildings/${buildingId}/documents`), {
      method: 'PUT',
      headers,
      body: JSON.stringify({ filename: file.filename }),
    }).catch(() => null);
    if (!register) {
      shared.recorder.record('upload', performance.now() - started, 'network');
      return;
    }
    const registered = await register.text();
    if (!register.ok) {
      shared.recorder.record('upload', performance.now() - started, register.status, registered);
      return;
    }
    const { documentId, uploadUrl } = JSON.parse(registered) as { documentId: string; uploadUrl: string };
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: file.bytes,
      headers: { 'content-type': file.contentType },
    }).catch(() => null);
    const putText = put ? await put.text() : '';
    shared.recorder.record('upload', performance.now() - started, put ? put.status : 'network', putText);
    if (!put?.ok) return;
    if (shared.setup.bucket) {
      // the bytes went straight to the bucket: S3 tells the service, as its event notification would
      const { response } = await timed(shared, 's3_event', () => announceArrival(shared.setup, uploadUrl, file.bytes));
      if (!response?.ok) return;
    }
    shared.uploaded.push({ documentId, buildingId });
  },
  async poller(shared) {
    const document = shared.uploaded.length > 0 ? pick(shared.uploaded.slice(-50)) : null;
    if (!document) return;
    await timed(shared, 'status', () =>
      fetch(partnerUrl(shared, `/buildings/${document.buildingId}/documents/${document.documentId}/status`), {
        headers: { 'x-api-key': shared.setup.key },
      }),
    );
  },
  async searcher(shared) {
    const query = encodeURIComponent(pick(SEARCHES));
    const ownerWide = random() < 0.3;
    await timed(shared, ownerWide ? 'search_owner' : 'search', () =>
      fetch(
        partnerUrl(
          shared,
          ownerWide ? `/search?query=${query}` : `/buildings/${pick(shared.setup.buildingIds)}/search?query=${query}`,
        ),
        { headers: { 'x-api-key': shared.setup.key } },
      ),
    );
  },
  async asker(shared) {
    await timed(shared, 'ask', () =>
      fetch(partnerUrl(shared, `/buildings/${pick(shared.setup.buildingIds)}/ask`), {
        method: 'POST',
        headers: { 'x-api-key': shared.setup.key, 'content-type': 'application/json' },
        body: JSON.stringify({ query: pick(QUESTIONS), language: 'no' }),
      }),
    );
  },
  async streamer(shared) {
    // the whole stream, until the server ends it: what a user waits for
    await timed(shared, 'ask_stream', () =>
      fetch(partnerUrl(shared, `/buildings/${pick(shared.setup.buildingIds)}/ask`), {
        method: 'POST',
        headers: { 'x-api-key': shared.setup.key, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: pick(QUESTIONS), language: 'no', stream: true }),
      }),
    );
  },
  async lister(shared) {
    await timed(shared, 'list_documents', () =>
      fetch(partnerUrl(shared, `/buildings/${pick(shared.setup.buildingIds)}/documents?limit=50`), {
        headers: { 'x-api-key': shared.setup.key },
      }),
    );
  },
  async health(shared) {
    await timed(shared, 'healthz', () => fetch(`${shared.setup.base}/healthz`));
  },
};

async function runClient(shared: Shared, kind: keyof typeof CLIENTS): Promise<void> {
  let index = 0;
  while (Date.now() < shared.stopAt) {
    index += 1;
    await work[kind](shared, index);
    await sleep(THINK_MS[kind] * (0.5 + random()));
  }
}

function printTable(title: string, recorder: Recorder, baseline: Recorder | null): void {
  console.log(`\n${title}`);
  console.log(
    `  ${'operation'.padEnd(15)}${'count'.padStart(7)}${'5xx/net'.padStart(9)}${'4xx'.padStart(6)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}${baseline ? '   p95 vs idle' : ''}`,
  );
  for (const operation of recorder.operations()) {
    const s = recorder.stats(operation);
    const idle = baseline?.stats(operation);
    const ratio =
      idle && Number.isFinite(idle.p95) && idle.p95 > 0
        ? `   x${(s.p95 / idle.p95).toFixed(1)} (idle ${msText(idle.p95)})`
        : '';
    console.log(
      `  ${operation.padEnd(15)}${String(s.count).padStart(7)}${String(recorder.serverErrors.get(operation) ?? 0).padStart(9)}${String(recorder.clientErrors.get(operation) ?? 0).padStart(6)}${msText(s.p50).padStart(9)}${msText(s.p95).padStart(9)}${msText(s.p99).padStart(9)}${ratio}`,
    );
  }
}

async function finalCounts(
  setup: Setup,
  uploaded: Shared['uploaded'],
): Promise<{ final: number; pending: string[]; failed: number }> {
  let final = 0;
  let failed = 0;
  const pending: string[] = [];
  for (const document of uploaded) {
    const response = await fetch(
      `${setup.base}/v1/building_owners/${setup.ownerId}/buildings/${document.buildingId}/documents/${document.documentId}/status`,
      { headers: { 'x-api-key': setup.key } },
    );
    const status = (await response.json()) as Record<string, boolean>;
    const broken = status.corrupt === true || status.text_extraction_error === true || status.invalid_file === true;
    if (broken) failed += 1;
    if (status.categorised === true || broken) final += 1;
    else pending.push(document.documentId);
  }
  return { final, pending, failed };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** the processes whose memory is sampled: a name and a pid each */
type Watched = () => { name: string; pid: number | undefined }[];

/**
 * The soak itself, against one base URL: the idle baseline, MINUTES of the client mix, a per-minute table, then a
 * drain until every upload is final. Returns what the caller prints beside its own figures.
 */
async function runSoak(setup: Setup, watched: Watched) {
  // baseline: the same read operations one at a time on the idle service (a few documents in place first)
  const warm: Shared = { setup, recorder: new Recorder(), uploaded: [], stopAt: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 8; i += 1) await work.uploader(warm, i);
  await sleep(5000);
  const baseline: Shared = {
    setup,
    recorder: new Recorder(),
    uploaded: warm.uploaded,
    stopAt: Number.POSITIVE_INFINITY,
  };
  for (let i = 0; i < 20; i += 1) {
    for (const kind of ['health', 'poller', 'searcher', 'lister', 'asker', 'streamer'] as const)
      await work[kind](baseline, i);
  }
  printTable('idle baseline (one request at a time)', baseline.recorder, null);

  const shared: Shared = {
    setup,
    recorder: new Recorder(),
    uploaded: [...warm.uploaded],
    stopAt: Date.now() + MINUTES * 60_000,
  };
  const rss = new Map<string, { minute: number; bytes: number }[]>();
  const started = Date.now();
  const sample = () => {
    for (const { name, pid } of watched()) {
      const series = rss.get(name) ?? [];
      series.push({ minute: (Date.now() - started) / 60_000, bytes: rssOf(pid) });
      rss.set(name, series);
    }
  };
  sample();
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  let minute = 0;
  const reporter = setInterval(() => {
    minute += 1;
    const now = watched()
      .map(({ name, pid }) => `${name} ${mib(rssOf(pid))}`)
      .join(', ');
    printTable(
      `after ${minute} min: ${shared.uploaded.length} uploaded, RSS ${now}, load ${os.loadavg()[0]?.toFixed(2)}`,
      shared.recorder,
      baseline.recorder,
    );
  }, 60_000);

  const clients: Promise<void>[] = [];
  for (const [kind, count] of Object.entries(CLIENTS) as [keyof typeof CLIENTS, number][]) {
    for (let i = 0; i < count; i += 1) clients.push(runClient(shared, kind));
  }
  await Promise.all(clients);
  clearInterval(reporter);

  // drain: every upload must reach a final state (categorised, or failed with a reason)
  const drainStarted = Date.now();
  let counts = await finalCounts(setup, shared.uploaded);
  while (counts.pending.length > 0 && Date.now() - drainStarted < DRAIN_MS) {
    await sleep(5000);
    counts = await finalCounts(setup, shared.uploaded);
  }
  const drainSeconds = Math.round((Date.now() - drainStarted) / 1000);
  clearInterval(sampler);
  sample();

  printTable(`result after ${MINUTES} min`, shared.recorder, baseline.recorder);
  console.log(`\n  server errors (5xx or no answer): ${shared.recorder.totalServerErrors()}`);
  if (shared.recorder.firstErrors.length > 0)
    console.log(`  first errors:\n    ${shared.recorder.firstErrors.join('\n    ')}`);
  console.log(
    `  documents: ${shared.uploaded.length} uploaded, ${counts.final} final (${counts.failed} of them failed with a reason, the damaged files), ` +
      `${counts.pending.length} not final ${drainSeconds} s after the load stopped` +
      (counts.pending.length > 0 ? ` (e.g. ${counts.pending.slice(0, 3).join(', ')})` : ''),
  );
  for (const [name, series] of rss) printRss(name, series);
  console.log(`  load average at the end ${loadAverage()}`);
  return { shared, counts };
}

function printRss(name: string, series: { minute: number; bytes: number }[]): void {
  const step = Math.max(1, Math.ceil(series.length / 12));
  const quarter = Math.max(1, Math.floor(series.length / 4));
  const mean = (samples: typeof series) => samples.reduce((sum, s) => sum + s.bytes, 0) / samples.length;
  const first = mean(series.slice(0, quarter));
  const last = mean(series.slice(-quarter));
  console.log(
    `  RSS ${name}: ${series
      .filter((_, i) => i % step === 0 || i === series.length - 1)
      .map((s) => `${s.minute.toFixed(1)}m ${mib(s.bytes)}`)
      .join(
        ', ',
      )}; mean of the first quarter to the last ${mib(first)} -> ${mib(last)} (${(((last - first) / first) * 100).toFixed(1)} %)`,
  );
}

async function mainSingle(): Promise<void> {
  console.log(
    `soak: ${MINUTES} min against serve (${DATABASE ? 'PostgreSQL' : 'PGlite'}, files on disk, workers in process), seed ${SEED}, ` +
      `${os.cpus().length} cores, load average at start ${loadAverage()}`,
  );
  const service = await startService();
  const setup = await setUp(service.base);
  await runSoak(setup, () => [{ name: 'serve', pid: service.child.pid }]);
  await stopProcess(service.child);
  await fs.rm(service.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------------
// several processes

interface Cluster {
  label: string;
  proxy: Proxy;
  targets: string[];
  apis: ByggdokProcess[];
  workers: ByggdokProcess[];
  databaseName: string;
  databaseUrl: string;
  s3: S3Target | null;
  env: Record<string, string>;
  logDir: string;
  sharedDataDir: string | null;
}

const LOG_ROOT = CLUSTER ? await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-soak-logs-')) : '';

async function startCluster(params: {
  label: string;
  apis: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  if (!DATABASE) throw new Error('several processes need --database postgres://...: PGlite is one process by design');
  const databaseName = `byggdok_soak_${process.pid}_${params.label}`;
  const databaseUrl = await freshPostgresDatabase(DATABASE, databaseName);
  const s3 = S3 ? await startS3({ url: S3.url, bucket: `byggdok-soak-${process.pid}-${params.label}` }) : null;
  // without S3 the files are on disk: one folder every process shares (one machine, or a shared file system)
  const sharedDataDir = s3 ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-soak-shared-'));
  const targets: string[] = [];
  const proxy = await startRoundRobinProxy(targets);
  const logDir = path.join(LOG_ROOT, params.label);
  await fs.mkdir(logDir, { recursive: true });
  // what every process must share (README, "Running as several processes")
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    BYGGDOK_PUBLIC_URL: proxy.url,
    BYGGDOK_ADMIN_TOKEN: ADMIN_TOKEN,
    WEBHOOKS_SECRET_KEY: WEBHOOKS_KEY,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'info',
    ...(s3 ? s3Environment(s3, EVENTS_TOKEN) : { BYGGDOK_DATA_DIR: sharedDataDir! }),
    ...params.env,
  };
  const cluster: Cluster = {
    label: params.label,
    proxy,
    targets,
    apis: [],
    workers: [],
    databaseName,
    databaseUrl,
    s3,
    env,
    logDir,
    sharedDataDir,
  };
  // all at once on the fresh database, as a process manager starts them: migrations and first-start settings race
  const starting: Promise<ByggdokProcess>[] = [];
  for (let i = 1; i <= params.apis; i += 1) starting.push(spawnByggdok({ name: `api-${i}`, mode: 'api', env, logDir }));
  await addWorkers(cluster, params.workers, starting);
  const started = await Promise.all(starting);
  cluster.apis.push(...started.filter((p) => p.mode === 'api'));
  for (const api of cluster.apis) targets.push(`http://127.0.0.1:${api.port}`);
  await Promise.all(started.map((p) => waitUntilReady(p)));
  return cluster;
}

/** more worker processes; with `into`, only spawned (the caller waits), else spawned and waited for */
async function addWorkers(cluster: Cluster, count: number, into?: Promise<ByggdokProcess>[]): Promise<void> {
  const spawned: Promise<ByggdokProcess>[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `worker-${cluster.workers.length + spawned.length + 1}`;
    spawned.push(
      spawnByggdok({ name, mode: 'worker', env: cluster.env, logDir: cluster.logDir }).then((p) => {
        cluster.workers.push(p);
        return p;
      }),
    );
  }
  if (into) into.push(...spawned);
  else await Promise.all((await Promise.all(spawned)).map((p) => waitUntilReady(p)));
}

const everyProcess = (cluster: Cluster) => [...cluster.apis, ...cluster.workers];

/** SIGTERM to every process (APIs and workers at once, as a process manager stopping the service), then clean up */
async function stopCluster(cluster: Cluster, options: { print: boolean }): Promise<void> {
  await Promise.all(everyProcess(cluster).map((p) => stopGracefully(p)));
  if (options.print) {
    console.log(`\n  stop (SIGTERM): exit code and time per process`);
    for (const p of everyProcess(cluster)) {
      const errors = errorLines(p);
      console.log(
        `    ${p.name.padEnd(10)} ${p.ended?.signal ? `killed by ${p.ended.signal}` : `exit ${p.ended?.code}`}` +
          `${p.ended?.stopMs !== null && p.ended?.stopMs !== undefined ? ` after ${p.ended.stopMs} ms` : ''}, ` +
          `${errors.length} error log lines${errors.length ? `: ${errors[0]!.slice(0, 300)}` : ''}`,
      );
    }
  }
  await cluster.proxy.close();
  await cluster.s3?.close();
  if (cluster.sharedDataDir) await fs.rm(cluster.sharedDataDir, { recursive: true, force: true });
  await dropPostgresDatabase(DATABASE!, cluster.databaseName);
}

async function printFinalState(cluster: Cluster): Promise<void> {
  const documents = await documentStates(cluster.databaseUrl);
  const queue = await queueState(cluster.databaseUrl);
  console.log(
    `  database: ${documents.uploaded} documents with their bytes, ${documents.categorised} categorised, ` +
      `${documents.failedWithReason} marked damaged with a reason, ${documents.notFinal.length} neither (stuck)` +
      `${documents.notFinal.length ? `: ${documents.notFinal.slice(0, 5).join(', ')}` : ''}; ${documents.pendingUpload} registered without bytes`,
  );
  console.log(
    `  pg-boss: ${queue.completed} jobs completed; unfinished ${
      queue.unfinished.length ? queue.unfinished.map((r) => `${r.name} ${r.state} ${r.count}`).join(', ') : 'none'
    }; failed for good ${queue.failed.length ? queue.failed.map((r) => `${r.name} ${r.count}`).join(', ') : 'none'}`,
  );
  console.log(
    `  proxy: requests per API ${cluster.proxy.sent.join(' / ')}, answered 502 itself (an API did not answer) ${cluster.proxy.failures.length}` +
      `${cluster.proxy.failures.length ? `: ${cluster.proxy.failures.slice(0, 3).join('; ')}` : ''}`,
  );
}

async function mainCluster(): Promise<void> {
  const apis = Math.max(1, API_COUNT);
  const workers = Math.max(1, WORKER_COUNT);
  console.log(
    `soak: ${MINUTES} min against ${apis} api + ${workers} worker processes behind a round-robin proxy, PostgreSQL, ` +
      `${S3 ? `S3 (${S3.url ?? 's3rver'})` : 'files on a shared disk folder'}, seed ${SEED}, ${os.cpus().length} cores, ` +
      `load average at start ${loadAverage()}\n  logs: ${LOG_ROOT}`,
  );
  const cluster = await startCluster({ label: 'soak', apis, workers });
  try {
    const setup = await setUp(cluster.proxy.url, cluster.s3?.bucket ?? null);
    await runSoak(setup, () => everyProcess(cluster).map((p) => ({ name: p.name, pid: p.child.pid })));
    await printFinalState(cluster);
  } finally {
    await stopCluster(cluster, { print: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// throughput and chaos

const TEN_PAGES = 10;
const PIPELINE_JOBS = ['document.process', 'document.classify', 'maintenance.extract'] as const;

/** registers and uploads `count` 10-page PDFs, `parallel` at a time, and announces each arrival; their ids */
async function uploadPdfs(setup: Setup, count: number, parallel = 4): Promise<string[]> {
  const shared: Shared = { setup, recorder: new Recorder(), uploaded: [], stopAt: Number.POSITIVE_INFINITY };
  const pdfs = await Promise.all(Array.from({ length: Math.min(count, 8) }, () => makePdf(TEN_PAGES)));
  let next = 0;
  async function uploader(): Promise<void> {
    while (next < count) {
      const index = (next += 1);
      const buildingId = pick(setup.buildingIds);
      const bytes = pdfs[index % pdfs.length]!;
      const register = await fetch(partnerUrl(shared, `/buildings/${buildingId}/documents`), {
        method: 'PUT',
        headers: { 'x-api-key': setup.key, 'content-type': 'application/json' },
        body: JSON.stringify({ filename: `Gjennomstrømning/Dokument ${index}.pdf` }),
      });
      if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
      const { documentId, uploadUrl } = (await register.json()) as { documentId: string; uploadUrl: string };
      const put = await fetch(uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/pdf' },
      });
      if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
      if (setup.bucket) {
        const announced = await announceArrival(setup, uploadUrl, bytes);
        if (!announced.ok) throw new Error(`s3 event: ${announced.status} ${await announced.text()}`);
      }
      shared.uploaded.push({ documentId, buildingId });
    }
  }
  await Promise.all(Array.from({ length: parallel }, () => uploader()));
  return shared.uploaded.map((d) => d.documentId);
}

/** waits until every document is final; when the first and the last became so (ms since `since`) */
async function waitAllFinal(
  cluster: Cluster,
  since: number,
  timeoutMs: number,
): Promise<{ firstMs: number; lastMs: number; stuck: number }> {
  let firstMs = NaN;
  for (;;) {
    const states = await documentStates(cluster.databaseUrl);
    const final = states.uploaded - states.notFinal.length;
    if (final > 0 && Number.isNaN(firstMs)) firstMs = Date.now() - since;
    // the maintenance tasks follow classification: a document is done when no pipeline job is left for it
    const pipelineLeft = (await queueState(cluster.databaseUrl)).unfinished
      .filter((row) => (PIPELINE_JOBS as readonly string[]).includes(row.name))
      .reduce((sum, row) => sum + row.count, 0);
    if (states.notFinal.length === 0 && states.uploaded > 0 && pipelineLeft === 0)
      return { firstMs, lastMs: Date.now() - since, stuck: 0 };
    if (Date.now() - since > timeoutMs) return { firstMs, lastMs: NaN, stuck: states.notFinal.length };
    await sleep(250);
  }
}

async function mainThroughput(): Promise<void> {
  const apis = Math.max(1, API_COUNT);
  console.log(
    `throughput: ${THROUGHPUT_DOCUMENTS} PDFs of ${TEN_PAGES} pages, uploaded while only ${apis} api processes run, then ` +
      `${WORKER_COUNTS.join(', ')} worker processes (BYGGDOK_WORKER_CONCURRENCY ${WORKER_CONCURRENCY} each) timed until all are final; ` +
      `PostgreSQL, ${S3 ? `S3 (${S3.url ?? 's3rver'})` : 'files on a shared disk folder'}, ${os.cpus().length} cores\n  logs: ${LOG_ROOT}`,
  );
  const rows: string[] = [];
  for (const workers of WORKER_COUNTS) {
    const cluster = await startCluster({
      label: `w${workers}`,
      apis,
      workers: 0,
      env: { BYGGDOK_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) },
    });
    try {
      const setup = await setUp(cluster.proxy.url, cluster.s3?.bucket ?? null);
      const uploadStarted = Date.now();
      await uploadPdfs(setup, THROUGHPUT_DOCUMENTS);
      const uploadSeconds = (Date.now() - uploadStarted) / 1000;
      const loadBefore = os.loadavg()[0] ?? NaN;
      const started = Date.now();
      await addWorkers(cluster, workers);
      const readyMs = Date.now() - started;
      const { firstMs, lastMs, stuck } = await waitAllFinal(cluster, started, 30 * 60_000);
      const perMinute = THROUGHPUT_DOCUMENTS / (lastMs / 60_000);
      // from the first document final to the last: start-up left out
      const steady = (THROUGHPUT_DOCUMENTS - 1) / ((lastMs - firstMs) / 60_000);
      const row =
        `  ${String(workers).padStart(7)}${(readyMs / 1000).toFixed(1).padStart(10)}${(lastMs / 1000).toFixed(1).padStart(10)}` +
        `${perMinute.toFixed(1).padStart(12)}${steady.toFixed(1).padStart(12)}${String(stuck).padStart(7)}` +
        `${uploadSeconds.toFixed(1).padStart(10)}${`${loadBefore.toFixed(2)} -> ${os.loadavg()[0]?.toFixed(2)}`.padStart(16)}`;
      rows.push(row);
      console.log(`  done with ${workers} worker(s)`);
      await printFinalState(cluster);
    } finally {
      await stopCluster(cluster, { print: false });
    }
  }
  console.log(
    `\n  ${'workers'.padStart(7)}${'ready s'.padStart(10)}${'all s'.padStart(10)}${'docs/min'.padStart(12)}` +
      `${'steady/min'.padStart(12)}${'stuck'.padStart(7)}${'upload s'.padStart(10)}${'load 1m'.padStart(16)}`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `  docs/min: all documents over the time from starting the workers to the last final (start-up included); ` +
      `steady/min: from the first final to the last`,
  );
  await chaos(apis);
}

/**
 * Two workers; once jobs run, one worker is killed with SIGKILL (no stop, no release). Its jobs stay active until
 * they expire (BYGGDOK_JOB_EXPIRE_SECONDS, set low here; pg-boss's maintenance looks every 30 s), then are retried by
 * the other worker. Prints each job that was running at the kill, whether it was retried, and when its document
 * became final.
 */
async function chaos(apis: number): Promise<void> {
  console.log(
    `\nchaos: ${apis} api + 2 workers, ${THROUGHPUT_DOCUMENTS} PDFs, BYGGDOK_JOB_EXPIRE_SECONDS=${CHAOS_EXPIRE_SECONDS} ` +
      `(default 900), one worker killed with SIGKILL while jobs run`,
  );
  const cluster = await startCluster({
    label: 'chaos',
    apis,
    workers: 0,
    env: { BYGGDOK_JOB_EXPIRE_SECONDS: String(CHAOS_EXPIRE_SECONDS) },
  });
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const setup = await setUp(cluster.proxy.url, cluster.s3?.bucket ?? null);
    await uploadPdfs(setup, THROUGHPUT_DOCUMENTS);
    await addWorkers(cluster, 2);
    const victim = cluster.workers[0]!;
    // some jobs of the pipeline running, a little way in
    let held: { id: string; name: string; document: string | null; retry_count: number }[] = [];
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pgboss.job where state = 'active' and name = any($1::text[])`,
        [PIPELINE_JOBS],
      );
      if ((rows[0]?.count ?? 0) >= 2) break;
      await sleep(100);
    }
    await sleep(1500);
    const before = await client.query<{ id: string; name: string; document: string | null; retry_count: number }>(
      `select id, name, data->>'documentId' as document, retry_count from pgboss.job where state = 'active'`,
    );
    killHard(victim);
    const killedAt = Date.now();
    console.log(
      `  killed ${victim.name} (pid ${victim.child.pid}); jobs active at that moment (both workers'): ${before.rows
        .map((r) => `${r.name} ${r.document?.slice(0, 8) ?? ''}`)
        .join(', ')}`,
    );
    // a job of the survivor finishes in seconds; one of the victim's stays active until it expires, then is retried
    const watch = new Map(before.rows.map((r) => [r.id, r]));
    const outcome = new Map<string, { retriedAtMs: number | null; completedAtMs: number | null; state: string }>();
    const chaosDeadline = killedAt + (CHAOS_EXPIRE_SECONDS + 300) * 1000;
    while (Date.now() < chaosDeadline) {
      const { rows } = await client.query<{ id: string; state: string; retry_count: number }>(
        `select id, state::text, retry_count from pgboss.job where id = any($1::uuid[])`,
        [[...watch.keys()]],
      );
      for (const row of rows) {
        const seen = outcome.get(row.id) ?? { retriedAtMs: null, completedAtMs: null, state: row.state };
        if (row.retry_count > (watch.get(row.id)?.retry_count ?? 0) && seen.retriedAtMs === null)
          seen.retriedAtMs = Date.now() - killedAt;
        if ((row.state === 'completed' || row.state === 'failed') && seen.completedAtMs === null)
          seen.completedAtMs = Date.now() - killedAt;
        seen.state = row.state;
        outcome.set(row.id, seen);
      }
      if ([...outcome.values()].every((o) => o.completedAtMs !== null)) break;
      await sleep(500);
    }
    held = before.rows.filter((r) => outcome.get(r.id)?.retriedAtMs !== null);
    for (const job of before.rows) {
      const o = outcome.get(job.id);
      console.log(
        `    ${job.name.padEnd(24)} document ${job.document ?? '-'}: ${
          o?.retriedAtMs !== null && o?.retriedAtMs !== undefined
            ? `held by the killed worker: retried ${(o.retriedAtMs / 1000).toFixed(0)} s after the kill, `
            : 'finished by the other worker (not retried), '
        }${o?.completedAtMs !== null && o?.completedAtMs !== undefined ? `${o.state} ${(o.completedAtMs / 1000).toFixed(0)} s after the kill` : `still ${o?.state}`}`,
      );
    }
    const result = await waitAllFinal(cluster, killedAt, 10 * 60_000);
    const heldDocuments = new Set(held.map((r) => r.document).filter(Boolean));
    const states = await client.query<{ id: string; categorised: boolean }>(
      `select id, categorised from documents where id = any($1::uuid[])`,
      [[...heldDocuments]],
    );
    console.log(
      `  ${held.length} job(s) held by the killed worker; their documents: ${
        states.rows.map((r) => `${r.id.slice(0, 8)} ${r.categorised ? 'categorised' : 'not categorised'}`).join(', ') ||
        'none'
      }; every document final ${(result.lastMs / 1000).toFixed(0)} s after the kill (${result.stuck} stuck)`,
    );
    await printFinalState(cluster);
  } finally {
    await client.end();
    await stopCluster(cluster, { print: true });
  }
}

if (THROUGHPUT) await mainThroughput();
else if (CLUSTER) await mainCluster();
else await mainSingle();
