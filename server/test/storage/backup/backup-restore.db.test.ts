import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppSettings } from '../../../src/app/dependencies.js';
import { runBackupCli, type BackupMode } from '../../../src/cli/backup.cli.js';
import { loadConfig } from '../../../src/config/config.js';
import { createBackup } from '../../../src/storage/backup/backup.js';
import { readCatalog } from '../../../src/storage/backup/catalog.js';
import { readManifest, type BackupManifest } from '../../../src/storage/backup/manifest.js';
import { pinTextForms } from '../../../src/storage/backup/sql-session.js';
import { openDatabase, type Database, type Engine } from '../../../src/storage/db/database.js';
import { appliedMigrations, migrateToLatest } from '../../../src/storage/db/migrations/index.js';
import { makePdf } from '../../helpers/document-fixtures.js';
import { buildZip } from '../../helpers/office-fixtures.js';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../helpers/test-app.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../../helpers/s3rver.js';
import { migratedPGliteFolder } from '../../helpers/test-database.js';
import { rebuildStaleVocabularies } from '../../../src/storage/search/vocabulary.js';

// The service takes S3 credentials from the standard AWS chain, as in production; s3rver's built-in account.
process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures');
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

let server: Awaited<ReturnType<typeof startS3rver>>;
let endpoint: string;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'byggdok-backup-'));
  server = await startS3rver(path.join(work, 's3rver'));
  endpoint = server.endpoint;
});

afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

/** One byggdok installation as an operator configures it: a database and a file store, through the environment. */
interface Installation {
  engine: Engine;
  env: Record<string, string>;
  storage: AppSettings['storage'];
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * `migrated`: an installation that has run (a PGlite folder copied from the migrated one the test setup made, instead
 * of PGlite's initdb and every migration, seconds of CPU); otherwise an empty one, as a restore finds it
 */
async function createInstallation(
  name: string,
  engine: Engine,
  storage: 'fs' | 's3',
  { migrated = false } = {},
): Promise<Installation> {
  const dataDir = path.join(work, name);
  const env: Record<string, string> = { BYGGDOK_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let drop = async () => undefined;
  let open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  if (engine === 'pglite' && migrated) await migratedPGliteFolder(path.join(dataDir, 'pglite'));
  if (engine === 'postgres') {
    if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
    // a new, empty database (never migrated): what an operator creates for a move to PostgreSQL
    const database = `byggdok_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    open = () => openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
    drop = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
    };
  }
  if (storage === 'fs') {
    return { engine, env, storage: { kind: 'fs', root: path.join(dataDir, 'files') }, open, drop };
  }
  const bucket = name.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  Object.assign(env, { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1' });
  return {
    engine,
    env,
    storage: { kind: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true, eventsToken: null },
    open,
    drop,
  };
}

/** Runs `byggdok <mode> ...` against an installation's environment, as the command line does. */
async function cli(
  mode: BackupMode,
  argv: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  try {
    const code = await runBackupCli({ mode, argv, config: loadConfig(env, { cwd: work }) });
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** Every row of every table of ours, generated columns included, as engine-independent text. */
async function dumpTables(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction().execute(async (trx) => {
    await pinTextForms(trx);
    const dump: Record<string, string[]> = {};
    for (const table of await readCatalog(trx)) {
      const columns = table.columns.map((c) => `"${c.name}"::text`).join(', ');
      const { rows } = await sql
        .raw<{ line: string }>(`select to_json(array[${columns}]::text[])::text as line from "${table.name}"`)
        .execute(trx);
      dump[table.name] = rows.map((r) => r.line).sort();
    }
    return dump;
  });
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** GETs a signed URL: the local store's through the app, S3's straight from the bucket. */
async function download(t: TestApp, url: string): Promise<{ status: number; md5: string }> {
  if (url.startsWith(PUBLIC_URL)) {
    const local = new URL(url);
    const response = await t.app.inject({ method: 'GET', url: `${local.pathname}${local.search}` });
    return { status: response.statusCode, md5: md5(response.rawPayload) };
  }
  const response = await fetch(url);
  return { status: response.status, md5: md5(Buffer.from(await response.arrayBuffer())) };
}

interface Scenario {
  partnerId: string;
  key: string;
  ownerId: string;
  buildingId: string;
  otherBuildingId: string;
  scopedKey: string;
  sessionToken: string;
  threadId: string;
  pageToken: string;
  ids: Record<string, string>;
  inFlightDocumentId: string;
  pendingReportId: string;
}

const text = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');

/** registers a document and PUTs its bytes to the upload URL: the service's own, or the bucket's */
async function upload(t: TestApp, s: Scenario, buildingId: string, filename: string, bytes: Buffer): Promise<string> {
  const registered = await t.request({
    method: 'PUT',
    url: `/v1/building_owners/${s.ownerId}/buildings/${buildingId}/documents`,
    key: s.key,
    payload: { filename },
  });
  expect(registered.status).toBe(200);
  const url = registered.body.uploadUrl as string;
  if (url.startsWith(PUBLIC_URL)) {
    const local = new URL(url);
    const put = await t.app.inject({ method: 'PUT', url: `${local.pathname}${local.search}`, payload: bytes });
    expect(put.statusCode).toBe(200);
  } else {
    expect((await fetch(url, { method: 'PUT', body: bytes })).status).toBe(200);
    await t.deps.services.uploads.pollPendingUploads();
  }
  return registered.body.documentId as string;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function unprocessedCount(t: TestApp): Promise<number> {
  const row = await t.deps.database.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('upload_state', '=', 'uploaded')
    .where('archived_at', 'is', null)
    .where('processed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Fills an installation through the API as people would: owners, buildings, keys, uploads of several kinds (a PDF, a
 * scanned image with a generated preview, a package unpacked into documents, a duplicate), an archived document, a
 * corrected category, a report with a linked document and a comment, an ask thread, a session, and work still under
 * way (a document not yet processed, a report not yet generated) when the backup is taken.
 */
async function fillSource(t: TestApp): Promise<Scenario> {
  const seed = await t.seed();
  const other = await t.request({
    method: 'PUT',
    url: `/v1/building_owners/${seed.ownerId}/buildings`,
    key: seed.key,
    payload: { name: 'Lagerbygget' },
  });
  const s: Scenario = {
    ...seed,
    otherBuildingId: other.body as string,
    scopedKey: (await t.createKey({ partnerId: seed.partnerId, buildingIds: [seed.buildingId] })).key,
    sessionToken: '',
    threadId: '',
    pageToken: '',
    ids: {},
    inFlightDocumentId: '',
    pendingReportId: '',
  };
  const fdv = text([
    'FDV-dokumentasjon for ventilasjonsaggregat VA-01.',
    'Aggregatet er levert av Systemair AS og står i teknisk rom på taket.',
    'Filteret i aggregatet skal byttes hver sjette måned.',
  ]);
  const files: [string, string, Buffer][] = [
    [
      'brann',
      'Rapporter/Brannteknisk rapport.pdf',
      await makePdf([
        'Brannteknisk rapport for Oslo Office Tower\nBygget er plassert i brannklasse 2 og risikoklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.\nRømningsveier er merket.',
        'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.',
      ]),
    ],
    ['fdv', 'FDV/FDV ventilasjon.txt', fdv],
    ['fdvCopy', 'Kopi/FDV ventilasjon.txt', fdv],
    ['photo', 'Foto/skilt.png', await readFile(path.join(FIXTURES, 'ocr-norwegian.png'))],
    [
      'package',
      'Leveranse/Overlevering.zip',
      buildZip([
        { name: 'Tegninger/Tegningsliste.txt', data: 'Tegningsliste\nARK-A-20-001 plan 1. etasje' },
        { name: 'FDV/Heis.txt', data: 'Heisen ble kontrollert i mars 2024 av Kone AS.' },
      ]),
    ],
    ['heis', 'Arkiv/Gammel heisrapport.txt', text(['Heisen ble sist kontrollert i mars 2021 av Kone AS.'])],
  ];
  for (const [name, filename, bytes] of files) s.ids[name] = await upload(t, s, s.buildingId, filename, bytes);
  s.ids.tak = await upload(t, s, s.otherBuildingId, 'Tak/Takrapport.txt', text(['Taket ble tekket med sedum i 2015.']));
  await waitUntil('the pipeline', async () => (await unprocessedCount(t)) === 0);
  const children = await t.deps.database.db
    .selectFrom('documents')
    .select(['id', 'filename'])
    .where('parent_document_id', '=', s.ids.package!)
    .execute();
  expect(children).toHaveLength(2);
  for (const child of children) s.ids[child.filename] = child.id;

  const documentUrl = (id: string, buildingId = s.buildingId) =>
    `/v1/building_owners/${s.ownerId}/buildings/${buildingId}/documents/${id}`;
  expect((await t.request({ method: 'DELETE', url: documentUrl(s.ids.heis!), key: s.key })).status).toBe(200);
  const corrected = await t.request({
    method: 'PATCH',
    url: documentUrl(s.ids.fdv!),
    key: s.key,
    payload: { buildingCategory: '36', serialNumber: 'VA-01' },
  });
  expect(corrected.status).toBe(200);

  const base = `/v1/building_owners/${s.ownerId}/buildings/${s.buildingId}`;
  let generated = await t.request({
    method: 'POST',
    url: `${base}/reports`,
    key: s.key,
    payload: { country: 'NO', version: 'v1' },
  });
  expect([200, 202]).toContain(generated.status);
  await waitUntil('the report', async () => {
    generated = await t.request({ method: 'GET', url: `${base}/report?country=NO`, key: s.key });
    return generated.status === 200;
  });
  const item = (generated.body.themes as { id: string; nameId: string }[]).find(
    (i) => i.nameId === 'fire_safety.evacuation',
  )!;
  const linked = await t.request({
    method: 'PUT',
    url: `${base}/reports/${item.id}/documents/${s.ids.brann}`,
    key: s.key,
  });
  expect(linked.status).toBe(200);
  const commented = await t.request({
    method: 'PATCH',
    url: `${base}/reports/${item.id}`,
    key: s.key,
    payload: { comment: 'Rømningsplan henger ved hovedinngangen.' },
  });
  expect(commented.status).toBe(200);

  const asked = await t.request({
    method: 'POST',
    url: `${base}/ask`,
    key: s.key,
    payload: { query: 'Hvilken brannklasse skal dørene til trapperommene ha?' },
  });
  expect(asked.status).toBe(200);
  s.threadId = asked.body.thread_id;
  const followUp = await t.request({
    method: 'POST',
    url: `${base}/ask`,
    key: s.key,
    payload: { query: 'Hvem leverte sprinkleranlegget?', thread_id: s.threadId },
  });
  expect(followUp.status).toBe(200);

  const session = await t.request({
    method: 'POST',
    url: `/v1/building_owners/${s.ownerId}/sessions`,
    key: s.key,
    payload: {},
  });
  s.sessionToken = session.body.token;
  s.pageToken = (await t.request({ method: 'GET', url: `${base}/documents?limit=2`, key: s.key })).body.nextToken;
  expect(s.pageToken).toEqual(expect.any(String));

  // the vocabularies the deletion above asked the workers to read again, read now and left alone from here: the
  // backup and the rows compared with the restored ones are the same
  await t.deps.queue.boss.offWork('search.vocabulary');
  await rebuildStaleVocabularies(t.deps.database.db);

  // work under way when the backup is taken: the workers stop taking jobs, a document and a report stay pending
  for (const name of ['document.process', 'document.classify', 'report.generate']) {
    await t.deps.queue.boss.offWork(name);
  }
  s.inFlightDocumentId = await upload(
    t,
    s,
    s.buildingId,
    'Innkommende/Serviceavtale.txt',
    text(['Serviceavtale for ventilasjonsanlegget med årlig kontroll.']),
  );
  const pending = await t.request({
    method: 'POST',
    url: `/v1/building_owners/${s.ownerId}/buildings/${s.otherBuildingId}/reports`,
    key: s.key,
    payload: { country: 'NO', version: 'v2' },
  });
  expect(pending.status).toBe(202);
  s.pendingReportId = pending.body.reportId;
  return s;
}

/** a problem's requestId differs per request, whatever the data */
function withoutRequestId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('requestId' in body)) return body;
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** What a partner sees: every answer the API gives about the data, with signed URLs replaced by what they return. */
async function observe(t: TestApp, s: Scenario): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const call = async (name: string, method: 'GET' | 'POST', url: string, payload?: object, key = s.key) => {
    const response = await t.request({ method, url, key, ...(payload ? { payload } : {}) });
    seen[name] = { status: response.status, body: withoutRequestId(response.body) };
    return response;
  };
  const owner = `/v1/building_owners/${s.ownerId}`;
  const building = (id: string) => `${owner}/buildings/${id}`;
  await call('owners', 'GET', '/v1/building_owners');
  await call('owner', 'GET', owner);
  await call('owner status', 'GET', `${owner}/status`);
  await call('buildings', 'GET', `${owner}/buildings`);
  for (const id of [s.buildingId, s.otherBuildingId]) {
    await call(`building ${id}`, 'GET', building(id));
    await call(`building status ${id}`, 'GET', `${building(id)}/status`);
    await call(`documents ${id}`, 'GET', `${building(id)}/documents?limit=100`);
  }
  for (const [name, id] of Object.entries(s.ids)) {
    const buildingId = name === 'tak' ? s.otherBuildingId : s.buildingId;
    const response = await t.request({ method: 'GET', url: `${building(buildingId)}/documents/${id}`, key: s.key });
    const { url, previewUrl, ...document } = response.body as { url?: string; previewUrl?: string | null };
    const file = url ? await download(t, url) : null;
    // the bytes behind the signed URL are the bytes uploaded
    if (file) expect(file).toEqual({ status: 200, md5: (document as { md5Checksum: string }).md5Checksum });
    seen[`document ${name}`] = {
      status: response.status,
      document: withoutRequestId(document),
      file,
      preview: previewUrl ? await download(t, previewUrl) : previewUrl,
    };
    await call(`document status ${name}`, 'GET', `${building(buildingId)}/documents/${id}/status`);
  }
  await call(
    'next page',
    'GET',
    `${building(s.buildingId)}/documents?limit=2&next_token=${encodeURIComponent(s.pageToken)}`,
  );
  for (const [name, query] of Object.entries({
    word: 'brannklasse',
    inflected: 'ventilasjonsaggregatet',
    typo: 'sprinkelanlegget',
    code: 'ARK-A-20-001',
    english: 'fire',
  })) {
    await call(`owner search ${name}`, 'GET', `${owner}/search?query=${encodeURIComponent(query)}`);
    await call(`building search ${name}`, 'GET', `${building(s.buildingId)}/search?query=${encodeURIComponent(query)}`);
  }
  for (const query of ['Hvor ofte skal filteret i aggregatet byttes?', 'Hvem kontrollerte heisen?']) {
    const response = await t.request({ method: 'POST', url: `${owner}/ask`, key: s.key, payload: { query } });
    const { thread_id: _threadId, ...answer } = response.body as Record<string, unknown>;
    seen[`ask ${query}`] = { status: response.status, answer };
  }
  const report = await call('report', 'GET', `${building(s.buildingId)}/report?country=NO`);
  const item = (report.body.themes as { id: string; nameId: string }[]).find(
    (i) => i.nameId === 'fire_safety.evacuation',
  )!;
  await call('report item documents', 'GET', `${building(s.buildingId)}/reports/${item.id}/documents`);
  await call('scoped key, its building', 'GET', `${building(s.buildingId)}/documents`, undefined, s.scopedKey);
  await call('scoped key, another building', 'GET', `${building(s.otherBuildingId)}/documents`, undefined, s.scopedKey);
  const session = await t.request({ method: 'GET', url: `${building(s.buildingId)}/documents`, token: s.sessionToken });
  seen.session = { status: session.status, body: withoutRequestId(session.body) };
  return seen;
}

async function continueThread(t: TestApp, s: Scenario) {
  const response = await t.request({
    method: 'POST',
    url: `/v1/building_owners/${s.ownerId}/buildings/${s.buildingId}/ask`,
    key: s.key,
    payload: { query: 'Og hvilken brannklasse har bygget?', thread_id: s.threadId },
  });
  return { status: response.status, body: response.body };
}

const timings: string[] = [];
afterAll(() => {
  if (timings.length > 0) process.stderr.write(`backup/restore timings: ${timings.join('; ')}\n`);
});

const serverEngine: Engine = POSTGRES_URL ? 'postgres' : 'pglite';

describe.each([
  { source: ['pglite', 'fs'], target: [serverEngine, 's3'] },
  { source: [serverEngine, 's3'], target: ['pglite', 'fs'] },
] as { source: [Engine, 'fs' | 's3']; target: [Engine, 'fs' | 's3'] }[])(
  'backup of $source.0 + $source.1, restored into an empty $target.0 + $target.1',
  ({ source: [sourceEngine, sourceStorage], target: [targetEngine, targetStorage] }) => {
    const name = `${sourceEngine}-${sourceStorage}-to-${targetEngine}-${targetStorage}`;
    const dir = () => path.join(work, `backup-${name}`);
    let from: Installation;
    let to: Installation;
    let source: TestApp;
    let target: TestApp | undefined;
    let scenario: Scenario;
    let sourceDump: Record<string, string[]>;
    let manifest: BackupManifest;

    beforeAll(async () => {
      from = await createInstallation(`src-${name}`, sourceEngine, sourceStorage, { migrated: true });
      to = await createInstallation(`dst-${name}`, targetEngine, targetStorage);
      const database = await from.open();
      await migrateToLatest(database.db);
      source = await createTestApp({
        engine: sourceEngine,
        database,
        workers: true,
        settings: { storage: from.storage, reports: { waitMs: 1000 } },
      });
      scenario = await fillSource(source);

      const started = Date.now();
      if (sourceEngine === 'pglite') {
        // the embedded database is locked by the running service: this is the library call `byggdok backup` makes
        await createBackup({
          database: source.deps.database,
          blobs: source.deps.blobs,
          dir: dir(),
          blobStoreKind: sourceStorage,
          version: 'test',
        });
      } else {
        // a PostgreSQL server is backed up while the service keeps running
        const backup = await cli('backup', [dir()], from.env);
        expect(backup.stderr).not.toContain('byggdok backup:');
        expect(backup.code).toBe(0);
      }
      timings.push(`${name}: backup ${Date.now() - started} ms`);
      sourceDump = await dumpTables(source.deps.database);
      manifest = await readManifest(dir());
    }, 240_000);

    afterAll(async () => {
      await source?.close();
      await target?.close();
      await from?.drop();
      await to?.drop();
    });

    it('writes a manifest that lists every table, the blobs the rows name and the work under way', async () => {
      expect(manifest.source).toMatchObject({ engine: sourceEngine, blobStore: sourceStorage });
      expect(manifest.migrations).toEqual(await appliedMigrations(source.deps.database.db));
      expect(manifest.tables.map((t) => t.name).sort()).toEqual(Object.keys(sourceDump).sort());
      for (const table of manifest.tables) expect(table.rows, table.name).toBe(sourceDump[table.name]!.length);
      // parents before children
      const order = manifest.tables.map((t) => t.name);
      expect(order.indexOf('documents')).toBeLessThan(order.indexOf('document_pages'));
      expect(order.indexOf('buildings')).toBeLessThan(order.indexOf('documents'));
      // derived columns (a chunk's vector, kept by a trigger) are recomputed by the target, never copied
      const chunks = manifest.tables.find((t) => t.name === 'document_chunks')!;
      expect(chunks.columns.map((c) => c.name)).toContain('text');
      expect(chunks.columns.map((c) => c.name)).not.toContain('tsv');
      expect(manifest.blobs.keyColumns).toEqual([
        'documents.blob_key',
        'documents.preview_key',
        'zip_archives.blob_key',
      ]);
      // 9 documents with an original each (a PDF is its own preview), one generated preview; one upload is pending
      expect(manifest.blobs).toMatchObject({ keys: 11, missing: 0 });
      // two documents share their bytes: stored once
      expect(manifest.blobs.files).toBe(10);
      expect(manifest.inFlight).toEqual({ documentsToProcess: 1, reportsPending: 1, webhookDeliveriesPending: 0 });

      const verified = await cli('verify-backup', [dir()], {});
      expect(verified.code).toBe(0);
      // each table file, the blob index, and the stored file of each of the 11 keys
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, files: manifest.tables.length + 1 + 11 });
      // and when it was taken: a signature proves a backup whole, not that it is the newest
      expect(JSON.parse(verified.stdout).createdAt).toBe(manifest.createdAt);
      expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    });

    it('restores every row, blob, search index entry and secret into the empty installation', async () => {
      const started = Date.now();
      const restored = await cli('restore', [dir()], to.env);
      expect(restored.stderr).not.toContain('byggdok restore:');
      expect(restored.code).toBe(0);
      timings.push(`${name}: restore ${Date.now() - started} ms`);
      const summary = JSON.parse(restored.stdout);
      expect(summary.backupCreatedAt).toBe(manifest.createdAt);
      expect(summary.blobs).toEqual({ restored: 11, bytes: expect.any(Number), missing: 0 });
      expect(summary.requeued).toEqual({ documentsToProcess: 1, reportsPending: 1, webhookDeliveriesPending: 0 });

      const database = await to.open();
      // the document's processing queued again takes its turn among its building's, as an upload's does
      const requeued = await database.executeSql(
        `select data->>'fairnessKey' as key from pgboss.job where data->>'documentId' = $1`,
        [scenario.inFlightDocumentId],
      );
      expect(requeued.rows).toEqual([{ key: scenario.buildingId }]);
      // every table identical, generated columns and trigger-kept search tables included, and the signing secret
      const targetDump = await dumpTables(database);
      for (const table of Object.keys(sourceDump)) expect(targetDump[table], table).toEqual(sourceDump[table]);
      expect(Object.keys(targetDump).sort()).toEqual(Object.keys(sourceDump).sort());
      target = await createTestApp({ engine: targetEngine, database, settings: { storage: to.storage } });
    }, 120_000);

    it('answers every partner request as before: documents, downloads, search, ask, reports, keys, tokens', async () => {
      const before = await observe(source, scenario);
      const after = await observe(target!, scenario);
      expect(after).toEqual(before);
      // signed URLs of the new store, serving the same bytes
      expect(before['document photo']).toMatchObject({ preview: { status: 200 } });
      expect(before['document heis']).toMatchObject({ status: 404 });
      expect(before['scoped key, another building']).not.toMatchObject({ status: 200 });
      expect(before.session).toMatchObject({ status: 200 });
      expect((before['owner search code'] as { body: { hits: unknown[] } }).body.hits.length).toBeGreaterThan(0);
      // the thread goes on where it was, with the turns it had
      const [continuedBefore, continuedAfter] = [
        await continueThread(source, scenario),
        await continueThread(target!, scenario),
      ];
      expect(continuedAfter).toEqual(continuedBefore);
      expect(continuedAfter.body.thread_id).toBe(scenario.threadId);
    }, 120_000);

    it('finishes the work that was under way when the backup was taken', async () => {
      await target!.deps.startWorkers();
      await target!.waitForProcessing([scenario.inFlightDocumentId], 60_000);
      const report = `/v1/building_owners/${scenario.ownerId}/buildings/${scenario.otherBuildingId}/report?country=NO`;
      await waitUntil('the pending report', async () => {
        const response = await target!.request({ method: 'GET', url: report, key: scenario.key });
        return response.status === 200;
      });
      const search = await target!.request({
        method: 'GET',
        url: `/v1/building_owners/${scenario.ownerId}/search?query=serviceavtale`,
        key: scenario.key,
      });
      expect(search.body.hits.map((h: { id: string }) => h.id)).toEqual([scenario.inFlightDocumentId]);
    }, 90_000);

    it('refuses to restore into an installation that is no longer empty, and changes nothing', async () => {
      await target!.close();
      target = undefined;
      const again = await cli('restore', [dir()], to.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/byggdok restore: the target installation is not empty: .*documents \(\d+ rows\)/);
      const database = await to.open();
      try {
        const documents = await database.db.selectFrom('documents').select('id').execute();
        expect(documents).toHaveLength(Object.keys(scenario.ids).length + 1);
      } finally {
        await database.close();
      }
    }, 60_000);
  },
);

/** the operator's backup key (BYGGDOK_BACKUP_KEY): the small backup below is signed with it */
const BACKUP_KEY = 'nøkkel-til-sikkerhetskopiene-4f9a1c7e2b';

describe('byggdok backup of an embedded installation, and a damaged backup', () => {
  const dir = () => path.join(work, 'backup-small');
  let manifest: BackupManifest;

  it('backs up the PGlite folder once the service has stopped, and only into an empty folder', async () => {
    // a small installation: an owner, a building and one document
    const installation = await createInstallation('small', 'pglite', 'fs', { migrated: true });
    const database = await installation.open();
    await migrateToLatest(database.db);
    const t = await createTestApp({ engine: 'pglite', database, settings: { storage: installation.storage } });
    try {
      const seed = await t.seed();
      await t.upload({ seed, filename: 'FDV/Ventilasjon.txt', bytes: text(['Filteret byttes hver sjette måned.']) });
      // the running service holds the folder: the command says so instead of reading under its feet
      await expect(cli('backup', [dir()], installation.env)).rejects.toThrow(/already in use by another byggdok/);
    } finally {
      await t.close();
    }
    const backup = await cli('backup', [dir()], { ...installation.env, BYGGDOK_BACKUP_KEY: BACKUP_KEY });
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({
      engine: 'pglite',
      blobStore: 'fs',
      rows: { documents: 1, building_owners: 1, buildings: 1 },
      blobs: { keys: 1, files: 1, missing: 0 },
      signed: true,
    });
    manifest = await readManifest(dir());

    const again = await cli('backup', [dir()], installation.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`byggdok backup: ${dir()} is not empty`);
  }, 240_000);

  async function damagedCopy(name: string, damage: (dir: string) => Promise<string>): Promise<[string, string]> {
    const copy = path.join(work, `backup-damaged-${name}`);
    await cp(dir(), copy, { recursive: true });
    return [copy, await damage(copy)];
  }

  async function flipByte(file: string, offset = 20): Promise<void> {
    const bytes = await readFile(file);
    bytes[offset] = bytes[offset]! ^ 0xff;
    await writeFile(file, bytes);
  }

  it('is read only with its signature when the backup key is set: an altered backup with matching checksums is refused', async () => {
    const withKey = { BYGGDOK_BACKUP_KEY: BACKUP_KEY };
    const verified = await cli('verify-backup', [dir()], withKey);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, signature: 'valid', problems: [] });
    const unchecked = await cli('verify-backup', [dir()], {});
    expect(JSON.parse(unchecked.stdout)).toMatchObject({ ok: true, signature: 'not checked' });
    expect(unchecked.stderr).toContain('its signature was not checked');

    // whoever can write the backup folder renames the owner, and writes the table's new size and SHA-256 into the
    // manifest: the checksums alone are satisfied
    const [forged] = await damagedCopy('forged', async (d) => {
      const table = manifest.tables.find((t) => t.name === 'building_owners')!;
      const column = table.columns.findIndex((c) => c.name === 'name');
      const rows = gunzipSync(await readFile(path.join(d, table.file)))
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as (string | null)[]);
      rows[0]![column] = 'Angriperen AS';
      const bytes = gzipSync(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
      await writeFile(path.join(d, table.file), bytes);
      const changed = { ...manifest, signature: undefined };
      changed.tables = manifest.tables.map((t) =>
        t === table ? { ...t, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } : t,
      );
      await writeFile(path.join(d, 'manifest.json'), `${JSON.stringify(changed, null, 2)}\n`);
      return table.file;
    });
    expect(JSON.parse((await cli('verify-backup', [forged], {})).stdout)).toMatchObject({ ok: true });
    const refused = await cli('verify-backup', [forged], withKey);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'manifest.json: does not match its signature under BYGGDOK_BACKUP_KEY: changed after the backup was taken',
    );
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, problems: [{ file: 'manifest.json' }] });
    // another key is no better; nor is the signature taken away
    const otherKey = await cli('verify-backup', [dir()], { BYGGDOK_BACKUP_KEY: `${BACKUP_KEY}-en-annen` });
    expect(otherKey.code).toBe(1);
    expect(otherKey.stderr).toContain('manifest.json: does not match its signature');
    const [unsigned] = await damagedCopy('unsigned', async (d) => {
      await rm(path.join(d, 'manifest.sig'));
      return 'manifest.sig';
    });
    const missing = await cli('verify-backup', [unsigned], withKey);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('manifest.sig: missing; BYGGDOK_BACKUP_KEY is set');

    // restore refuses both before anything is written to the target
    const installation = await createInstallation('forged-target', serverEngine, 'fs');
    try {
      for (const [copy, said] of [
        [forged, 'manifest.json: does not match its signature'],
        [unsigned, 'manifest.sig: missing'],
      ] as const) {
        const restored = await cli('restore', [copy], { ...installation.env, ...withKey });
        expect(restored.code).toBe(1);
        expect(restored.stderr).toContain(`byggdok restore: ${said}`);
      }
      const database = await installation.open();
      try {
        expect(await appliedMigrations(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await installation.drop();
    }
  });

  it('fails verification naming the table file that was altered', async () => {
    const [copy, file] = await damagedCopy('table', async (d) => {
      const documents = manifest.tables.find((t) => t.name === 'documents')!.file;
      await flipByte(path.join(d, documents));
      return documents;
    });
    expect(file).toBe('tables/documents.jsonl.gz');
    for (const [mode, argv] of [
      ['verify-backup', [copy]],
      ['backup', ['--verify', copy]],
    ] as [BackupMode, string[]][]) {
      const result = await cli(mode, argv, {});
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${file}: SHA-256 does not match the manifest`);
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, problems: [{ file }] });
    }
  });

  it('fails verification naming the stored file that was altered, and its key', async () => {
    const [copy] = await damagedCopy('blob', async () => '');
    const blobs = (await readdir(path.join(copy, 'blobs'), { recursive: true }))
      .map((entry) => path.posix.join('blobs', entry.split(path.sep).join('/')))
      .filter((entry) => /^blobs\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(entry));
    expect(blobs).toHaveLength(1);
    await writeFile(path.join(copy, blobs[0]!), 'something else');
    const result = await cli('verify-backup', [copy], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`${blobs[0]}: size 14 bytes, the manifest says \\d+ \\(blob key documents/`),
    );
  });

  it('is refused by restore before anything is written to the target', async () => {
    const [copy, file] = await damagedCopy('restore', async (d) => {
      const settings = manifest.tables.find((t) => t.name === 'settings')!.file;
      await flipByte(path.join(d, settings), 30);
      return settings;
    });
    // an empty database on the server when there is one: PGlite would make its folder (initdb) only to stay empty
    const installation = await createInstallation('damaged-target', serverEngine, 'fs');
    const result = await cli('restore', [copy], installation.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`byggdok restore: ${file}: `);
    const database = await installation.open();
    try {
      expect(await appliedMigrations(database.db)).toEqual([]);
    } finally {
      await database.close();
      await installation.drop();
    }
  });

  it('without a manifest is not taken for a backup', async () => {
    const empty = path.join(work, 'not-a-backup');
    const result = await cli('verify-backup', [empty], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('manifest.json: ');
    expect((await cli('restore', [empty], {})).stderr).toContain('holds no manifest.json');
  });
});
