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
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { freePort, startByggdok, stopProcess, waitForHttp } from '../test/helpers/service-process.js';

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const MINUTES = Number(argument('minutes') ?? 5);
const DATABASE = argument('database');
const SEED = Number(argument('seed') ?? 20261123);
const BUILDINGS = 4;
/** concurrent clients per kind of work */
const CLIENTS = { uploader: 2, poller: 2, searcher: 2, asker: 1, streamer: 1, lister: 1, health: 1 } as const;
/** pause between a client's requests, so the mix resembles people and integrations rather than a flood */
const THINK_MS = { uploader: 1500, poller: 300, searcher: 200, asker: 1000, streamer: 1500, lister: 500, health: 500 };
const RSS_SAMPLE_MS = 10_000;
const DRAIN_MS = 120_000;

type Operation = 'upload' | 'status' | 'search' | 'search_owner' | 'ask' | 'ask_stream' | 'list_documents' | 'healthz';

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

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const msText = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// ---------------------------------------------------------------------------------------------------------------
// the service

async function freshPostgresDatabase(url: string): Promise<string> {
  const name = `byggdok_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

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
      ...(DATABASE ? { DATABASE_URL: await freshPostgresDatabase(DATABASE) } : {}),
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
  key: string;
  ownerId: string;
  buildingIds: string[];
}

async function setUp(base: string): Promise<Setup> {
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
  return { base, key, ownerId: owner.id, buildingIds };
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
    if (put?.ok) shared.uploaded.push({ documentId, buildingId });
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

async function main(): Promise<void> {
  console.log(
    `soak: ${MINUTES} min against serve (${DATABASE ? 'PostgreSQL' : 'PGlite'}, files on disk, workers in process), seed ${SEED}, ` +
      `${os.cpus().length} cores, load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const service = await startService();
  const pid = service.child.pid ?? 0;
  const setup = await setUp(service.base);

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
  const rss: { minute: number; bytes: number }[] = [{ minute: 0, bytes: rssOf(pid) }];
  const started = Date.now();
  const sampler = setInterval(
    () => rss.push({ minute: (Date.now() - started) / 60_000, bytes: rssOf(pid) }),
    RSS_SAMPLE_MS,
  );
  let minute = 0;
  const reporter = setInterval(() => {
    minute += 1;
    printTable(
      `after ${minute} min: ${shared.uploaded.length} uploaded, RSS ${mib(rssOf(pid))}, load ${os.loadavg()[0]?.toFixed(2)}`,
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
  clearInterval(sampler);
  rss.push({ minute: (Date.now() - started) / 60_000, bytes: rssOf(pid) });

  printTable(`result after ${MINUTES} min`, shared.recorder, baseline.recorder);
  console.log(`\n  server errors (5xx or no answer): ${shared.recorder.totalServerErrors()}`);
  if (shared.recorder.firstErrors.length > 0)
    console.log(`  first errors:\n    ${shared.recorder.firstErrors.join('\n    ')}`);
  console.log(
    `  documents: ${shared.uploaded.length} uploaded, ${counts.final} final (${counts.failed} of them failed with a reason, the damaged files), ` +
      `${counts.pending.length} not final ${Math.round((Date.now() - drainStarted) / 1000)} s after the load stopped` +
      (counts.pending.length > 0 ? ` (e.g. ${counts.pending.slice(0, 3).join(', ')})` : ''),
  );
  const step = Math.max(1, Math.ceil(rss.length / 16));
  console.log(
    `  RSS over time: ${rss
      .filter((_, i) => i % step === 0 || i === rss.length - 1)
      .map((s) => `${s.minute.toFixed(1)}m ${mib(s.bytes)}`)
      .join(', ')}`,
  );
  const quarter = Math.max(1, Math.floor(rss.length / 4));
  const mean = (samples: typeof rss) => samples.reduce((sum, s) => sum + s.bytes, 0) / samples.length;
  const first = mean(rss.slice(0, quarter));
  const last = mean(rss.slice(-quarter));
  console.log(
    `  RSS growth, mean of the first quarter to the last: ${mib(first)} -> ${mib(last)} (${(((last - first) / first) * 100).toFixed(1)} %); ` +
      `load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  await stopProcess(service.child);
  await fs.rm(service.dataDir, { recursive: true, force: true });
}

await main();
