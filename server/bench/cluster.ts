/**
 * byggdok as several processes, for the benches: `byggdok api` processes behind a small round-robin proxy, `byggdok
 * worker` processes, one fresh PostgreSQL database and one S3 bucket (s3rver, started here, or a given endpoint). Each
 * process logs to its own file; its RSS can be read while it runs; stop() sends SIGTERM and reports how each ended.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { S3RVER_CREDENTIALS, startS3rver } from '../test/helpers/s3rver.js';
import { freePort, waitForHttp } from '../test/helpers/service-process.js';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(SERVER_ROOT, 'src/main.ts');

export interface S3Target {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** s3rver on a free port with a temporary folder (no url), or the given S3-compatible endpoint; a fresh bucket. */
export async function startS3(params: { url?: string; bucket: string }): Promise<S3Target> {
  let endpoint = params.url;
  let close = async () => {};
  if (!endpoint) {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-bench-s3-'));
    const server = await startS3rver(directory);
    endpoint = server.endpoint;
    close = async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    };
  }
  const admin = new S3Client({
    region: process.env.AWS_REGION ?? 'us-east-1',
    endpoint,
    forcePathStyle: true,
    ...(params.url ? {} : { credentials: S3RVER_CREDENTIALS }),
  });
  await admin.send(new CreateBucketCommand({ Bucket: params.bucket }));
  admin.destroy();
  return { endpoint, bucket: params.bucket, close };
}

/** the environment that points a byggdok process at this bucket */
export function s3Environment(target: S3Target, eventsToken: string): Record<string, string> {
  const usesS3rver = target.endpoint.startsWith('http://127.0.0.1');
  return {
    S3_BUCKET: target.bucket,
    S3_ENDPOINT: target.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: process.env.AWS_REGION ?? 'us-east-1',
    S3_EVENTS_TOKEN: eventsToken,
    AWS_ACCESS_KEY_ID: usesS3rver ? S3RVER_CREDENTIALS.accessKeyId : (process.env.AWS_ACCESS_KEY_ID ?? ''),
    AWS_SECRET_ACCESS_KEY: usesS3rver ? S3RVER_CREDENTIALS.secretAccessKey : (process.env.AWS_SECRET_ACCESS_KEY ?? ''),
  };
}

/** a new, empty database beside the one the URL names; returns its URL */
export async function freshPostgresDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export interface ByggdokProcess {
  name: string;
  mode: 'api' | 'worker' | 'serve';
  child: ChildProcess;
  /** the API's own port (api and serve) */
  port: number | null;
  logFile: string;
  /** set once the process has exited: its code or signal and how long SIGTERM took */
  ended: { code: number | null; signal: NodeJS.Signals | null; stopMs: number | null } | null;
}

/** every process spawned here: a bench that fails midway must not leave them running */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** `byggdok <mode>` from source, stdout and stderr into `<logDir>/<name>.log` */
export async function spawnByggdok(params: {
  name: string;
  mode: ByggdokProcess['mode'];
  env: Record<string, string>;
  logDir: string;
}): Promise<ByggdokProcess> {
  const port = params.mode === 'worker' ? null : await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `byggdok-bench-${params.name}-`));
  const logFile = path.join(params.logDir, `${params.name}.log`);
  const output = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, params.mode], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // every process its own data folder: what the processes share must be in the database or the bucket
      BYGGDOK_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      ...(port ? { PORT: String(port) } : {}),
      ...params.env,
    },
    stdio: ['ignore', output, output],
  });
  spawned.add(child);
  const running: ByggdokProcess = { name: params.name, mode: params.mode, child, port, logFile, ended: null };
  child.once('exit', (code, signal) => {
    running.ended = { code, signal, stopMs: running.ended?.stopMs ?? null };
  });
  return running;
}

/** an API answers /readyz; a worker has no port: its log says when its workers started */
export async function waitUntilReady(process_: ByggdokProcess, timeoutMs = 180_000): Promise<void> {
  if (process_.port) {
    await waitForHttp(`http://127.0.0.1:${process_.port}/readyz`, timeoutMs).catch((error: unknown) => {
      throw new Error(`${process_.name} did not become ready:\n${tail(process_.logFile)}`, { cause: error });
    });
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readFileSync(process_.logFile, 'utf8').includes('workers started')) return;
    if (process_.ended) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${process_.name} did not start its workers:\n${tail(process_.logFile)}`);
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}

/** SIGTERM and wait: the exit code and how long the graceful stop took */
export async function stopGracefully(process_: ByggdokProcess, timeoutMs = 40_000): Promise<void> {
  if (process_.ended) return;
  const started = Date.now();
  const exited = new Promise<void>((resolve) => process_.child.once('exit', () => resolve()));
  process_.child.kill('SIGTERM');
  const timer = setTimeout(() => process_.child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
  // set by the exit handler meanwhile (TypeScript narrowed it to null above)
  const ended = process_.ended as ByggdokProcess['ended'];
  if (ended) ended.stopMs = Date.now() - started;
}

export function killHard(process_: ByggdokProcess): void {
  process_.child.kill('SIGKILL');
}

export function rssOf(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN; // exited
  }
}

/** log lines at error level or above (pino's JSON: level >= 50), for the report */
export function errorLines(process_: ByggdokProcess): string[] {
  return readFileSync(process_.logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        // what is not a log line: a crash's stack, or Node's own warnings (not counted)
        return /error/i.test(line) && !/warning/i.test(line);
      }
    });
}

export interface Proxy {
  url: string;
  /** requests sent to each target, in order */
  sent: number[];
  /** requests the proxy answered itself with 502 because a target did not answer */
  failures: string[];
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy (what a load balancer does): each request goes to the next target, its body streamed there
 * and the answer streamed back as it comes, so a Server-Sent Events answer reaches the client event by event. A new
 * connection per request: nothing kept alive that a target might close under it.
 */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<Proxy> {
  // targets may be added after the start (the APIs need the proxy's address as their public URL)
  const sent: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    if (targets.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const index = next % targets.length;
    next = (next + 1) % targets.length;
    sent[index] = (sent[index] ?? 0) + 1;
    const target = new URL(targets[index]!);
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      agent: false,
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      // SSE: every chunk forwarded at once
      response.flushHeaders();
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error) => {
      if (failures.length < 50)
        failures.push(`${request.method} ${request.url} -> ${targets[index]}: ${error.message}`);
      else failures.push('');
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`proxy: ${error.message}`);
      } else response.destroy();
    });
    // the client went away: so does the request behind it (an SSE answer stops its work)
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  // an upload may trickle; a stream may be quiet between heartbeats
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** pg-boss's jobs not yet finished, per name and state; and how many failed for good */
export async function queueState(databaseUrl: string): Promise<{
  unfinished: { name: string; state: string; count: number }[];
  failed: { name: string; count: number }[];
  completed: number;
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const unfinished = await client.query<{ name: string; state: string; count: number }>(
      `select name, state::text, count(*)::int as count from pgboss.job where state < 'completed' group by 1, 2 order by 1, 2`,
    );
    const failed = await client.query<{ name: string; count: number }>(
      `select name, count(*)::int as count from pgboss.job where state = 'failed' group by 1 order by 1`,
    );
    const completed = await client.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job where state = 'completed'`,
    );
    return { unfinished: unfinished.rows, failed: failed.rows, completed: completed.rows[0]?.count ?? 0 };
  } finally {
    await client.end();
  }
}

/** documents that have their bytes but are neither categorised nor failed with a reason: stuck, or still moving */
export async function documentStates(databaseUrl: string): Promise<{
  uploaded: number;
  categorised: number;
  /** damaged files: marked corrupt, unreadable or invalid (they may be categorised by name all the same) */
  failedWithReason: number;
  pendingUpload: number;
  notFinal: string[];
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      upload_state: string;
      categorised: boolean;
      broken: boolean;
    }>(
      `select id, upload_state, categorised, (corrupt or text_extraction_error or invalid_file) as broken
         from documents`,
    );
    const uploaded = rows.filter((row) => row.upload_state === 'uploaded');
    return {
      uploaded: uploaded.length,
      categorised: uploaded.filter((row) => row.categorised).length,
      failedWithReason: uploaded.filter((row) => row.broken).length,
      pendingUpload: rows.length - uploaded.length,
      notFinal: uploaded.filter((row) => !row.categorised && !row.broken).map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}
