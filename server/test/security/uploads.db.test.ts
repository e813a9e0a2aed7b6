import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-fixtures.js';
import { createTestCustomer, createTestSession, createTestUser, giveCustomerRole } from '../helpers/people-fixtures.js';
import { ADMIN_TOKEN, createTestApp, PUBLIC_URL, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../helpers/s3rver.js';

/**
 * Attack class: uploads (issue 41, item 5). A subcontractor opened one PUT of an upload and sent 64 bytes, completed a
 * second PUT of the same upload with the file to be reviewed, waited for approval, then finished the first PUT: it was
 * answered 409, yet the document now downloaded as the swapped file while its MD5, preview and text were the reviewed
 * one's. Every test here goes through real HTTP against the listening service.
 *
 * And a saved upload URL outlived the credential that registered it (security audit): a partner key revoked, or a
 * person removed from the customer, deactivated or demoted, and the bytes PUT to the URL afterwards still completed the
 * upload and started its processing.
 */

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** every file under a folder, relative to it */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

interface Answer {
  status: number;
  body: string;
}

/** a PUT whose body is sent in two steps: the first part now, the rest when told (or never) */
function startSlowPut(params: { port: number; path: string; bytes: Buffer; firstPart: number }) {
  let request!: ClientRequest;
  const answered = new Promise<Answer | 'closed'>((resolve) => {
    request = httpRequest(
      {
        host: '127.0.0.1',
        port: params.port,
        method: 'PUT',
        path: params.path,
        headers: { 'content-type': 'application/pdf', 'content-length': params.bytes.length },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', () => resolve('closed'));
    request.on('close', () => resolve('closed'));
  });
  request.write(params.bytes.subarray(0, params.firstPart));
  return {
    async finish(): Promise<Answer | 'closed'> {
      request.end(params.bytes.subarray(params.firstPart));
      return answered;
    },
    abort() {
      request.destroy();
    },
    /** how the request ended without us finishing it */
    ended: answered,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** a key, or a signed-in person's session cookie */
type UploadCredential = { key: string } | { cookie: string };

/** registers an upload in the seed's building as the credential, and where its URL and its files on disk are */
async function registerUpload(params: {
  t: TestApp;
  seed: { ownerId: string; buildingId: string };
  root: string;
  credential: UploadCredential;
  filename: string;
}): Promise<{ documentId: string; path: string; folder: string }> {
  const { t, seed, credential } = params;
  const registered = await t.request({
    method: 'PUT',
    url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
    ...('key' in credential
      ? { key: credential.key }
      : { headers: { cookie: `byggdok_session=${credential.cookie}`, origin: PUBLIC_URL } }),
    payload: { filename: params.filename },
  });
  expect(registered.status).toBe(200);
  const url = new URL(registered.body.uploadUrl as string);
  const documentId = registered.body.documentId as string;
  return {
    documentId,
    path: `${url.pathname}${url.search}`,
    folder: path.join(params.root, 'documents', seed.ownerId, seed.buildingId, documentId),
  };
}

describe.each(testEngines())('uploads to the embedded storage cannot be swapped, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let root: string;
  let port: number;
  let reviewed: Buffer;
  let swapped: Buffer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'byggdok-upload-swap-'));
    t = await createTestApp({ engine, settings: { storage: { kind: 'fs', root } } });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    seed = await t.seed();
    reviewed = await makePdf(['Brannteknisk rapport\nRømningsveier i 1. etasje'], { title: 'Brannteknisk rapport' });
    swapped = await makePdf(['Brannteknisk rapport\nIngen rømningsveier'], { title: 'Byttet ut' });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const register = (filename: string) => registerUpload({ t, seed, root, credential: { key: seed.key }, filename });

  async function put(urlPath: string, bytes: Buffer): Promise<Answer> {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    return { status: response.status, body: await response.text() };
  }

  /** what the document says about its bytes, and the bytes its download URL gives */
  async function stored(documentId: string): Promise<{ md5: string | null; bytes: Buffer; blobKey: string }> {
    const document = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}`,
      key: seed.key,
    });
    expect(document.status).toBe(200);
    const download = new URL(document.body.url as string);
    const response = await fetch(`http://127.0.0.1:${port}${download.pathname}${download.search}`);
    expect(response.status).toBe(200);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['blob_key', 'md5'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row.md5).toBe(document.body.md5Checksum);
    return { md5: row.md5, bytes: Buffer.from(await response.arrayBuffer()), blobKey: row.blob_key };
  }

  it('keeps the bytes of the one PUT it accepted when a slow PUT of the same upload finishes after another', async () => {
    const upload = await register('Rapporter/Brannteknisk rapport.pdf');
    const slow = startSlowPut({ port, path: upload.path, bytes: swapped, firstPart: 64 });
    // the service has begun writing the slow PUT's bytes
    await until(async () => (await filesUnder(upload.folder)).length > 0);

    const quick = await put(upload.path, reviewed);
    const late = await slow.finish();

    const answers = [
      { answer: quick, bytes: reviewed },
      { answer: late, bytes: swapped },
    ];
    const accepted = answers.filter((a) => a.answer !== 'closed' && a.answer.status === 200);
    expect(accepted).toHaveLength(1);
    const refused = answers.find((a) => a !== accepted[0])!;
    expect(refused.answer).not.toBe('closed');
    expect((refused.answer as Answer).status).toBe(409);

    // what was accepted is what downloads, and the MD5 the document shows is of those bytes
    const document = await stored(upload.documentId);
    expect(document.bytes.equals(accepted[0]!.bytes)).toBe(true);
    expect(document.md5).toBe(md5(accepted[0]!.bytes));
    // the refused attempt left no bytes behind
    expect(await filesUnder(upload.folder)).toEqual([path.relative(upload.folder, path.join(root, document.blobKey))]);
  });

  it('refuses a PUT of an upload that has completed, and the bytes stay those it accepted', async () => {
    const upload = await register('FDV/Ventilasjon.pdf');
    expect((await put(upload.path, reviewed)).status).toBe(200);

    const replayed = await put(upload.path, swapped);
    expect(replayed.status).toBe(409);
    expect(JSON.parse(replayed.body)).toMatchObject({ code: 'upload.already_completed' });

    const document = await stored(upload.documentId);
    expect(document.bytes.equals(reviewed)).toBe(true);
    expect(await filesUnder(upload.folder)).toHaveLength(1);
  });

  it('refuses a second PUT while the first is still sending, and takes a new one once the first broke off', async () => {
    const upload = await register('FDV/Sprinkler.pdf');
    const slow = startSlowPut({ port, path: upload.path, bytes: swapped, firstPart: 64 });
    await until(async () => (await filesUnder(upload.folder)).length > 0);

    const meanwhile = await put(upload.path, reviewed);
    expect(meanwhile.status).toBe(409);
    expect(JSON.parse(meanwhile.body)).toMatchObject({ code: 'upload.in_progress' });

    slow.abort();
    // the broken-off attempt gives up its claim and its bytes
    await until(async () => (await filesUnder(upload.folder)).length === 0);
    await until(async () => {
      const row = await t.deps.database.db
        .selectFrom('documents')
        .select('upload_attempt_id')
        .where('id', '=', upload.documentId)
        .executeTakeFirstOrThrow();
      return row.upload_attempt_id === null;
    });

    expect((await put(upload.path, reviewed)).status).toBe(200);
    const document = await stored(upload.documentId);
    expect(document.bytes.equals(reviewed)).toBe(true);
    expect(await filesUnder(upload.folder)).toHaveLength(1);
  });

  it('refuses a PUT whose signature was made for another upload', async () => {
    const first = await register('FDV/Heis.pdf');
    const second = await register('FDV/Rør.pdf');
    // the second upload's path with the first's signature
    const forged = `${second.path.split('?')[0]}?${first.path.split('?')[1]}`;
    const answer = await put(forged, swapped);
    expect(answer.status).toBe(403);
    expect(await filesUnder(second.folder)).toEqual([]);
  });
});

describe.each(testEngines())('a stalled upload body is cut off by the server, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let root: string;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'byggdok-upload-stall-'));
    t = await createTestApp({
      engine,
      settings: { storage: { kind: 'fs', root } },
      // idle 3 s, not less: Node's idle timeout also counts a request the service is still working on (no byte in
      // or out), and a PUT's statements on PGlite let the event loop turn, so at 1 s a busy machine saw its retry
      // closed mid-request ("other side closed") in CI
      options: { timeouts: { headersSeconds: 5, requestSeconds: 60, idleSeconds: 3 } },
    });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    seed = await t.seed();
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('closes a PUT that stops sending, so that the upload can be sent again', async () => {
    const registered = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
      key: seed.key,
      payload: { filename: 'Tegninger/Plan 1.pdf' },
    });
    const url = new URL(registered.body.uploadUrl as string);
    const urlPath = `${url.pathname}${url.search}`;
    const bytes = await makePdf(['Plan 1. etasje']);
    const stalled = startSlowPut({ port, path: urlPath, bytes, firstPart: 64 });

    // never finished by us: the server ends it
    const ended = await stalled.ended;
    expect(ended === 'closed' || ended.status === 408).toBe(true);

    const folder = path.join(root, 'documents', seed.ownerId, seed.buildingId, registered.body.documentId as string);
    await until(async () => (await filesUnder(folder)).length === 0);
    await until(async () => {
      const again = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/pdf' },
      });
      return again.status === 200;
    });
    expect(await filesUnder(folder)).toHaveLength(1);
  });
});

describe.each(testEngines())('a saved upload URL ends with the key or person that registered it, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let root: string;
  let port: number;
  let bytes: Buffer;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'byggdok-upload-credential-'));
    t = await createTestApp({ engine, settings: { storage: { kind: 'fs', root } } });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    seed = await t.seed();
    bytes = await makePdf(['Brannteknisk rapport\nRømningsveier i 1. etasje']);
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const register = (credential: UploadCredential, filename: string) =>
    registerUpload({ t, seed, root, credential, filename });

  async function put(urlPath: string): Promise<{ status: number; code?: string }> {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return { status: response.status, ...(body.code ? { code: body.code } : {}) };
  }

  async function processingJobs(documentId: string): Promise<number> {
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'document.process' and data->>'documentId' = $1`,
      [documentId],
    );
    return rows[0]!.n as number;
  }

  async function row(documentId: string) {
    return t.deps.database.db
      .selectFrom('documents')
      .select(['upload_state', 'archived_at'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
  }

  /** taken: uploaded, its bytes stored, its processing queued */
  async function expectTaken(upload: { documentId: string; folder: string }) {
    expect(await row(upload.documentId)).toMatchObject({ upload_state: 'uploaded', archived_at: null });
    expect(await filesUnder(upload.folder)).toHaveLength(1);
    expect(await processingJobs(upload.documentId)).toBe(1);
  }

  /** refused for good: never uploaded, archived (no later PUT or arrival completes it), no bytes, never processed */
  async function expectClosed(upload: { documentId: string; folder: string; path: string }) {
    const closed = await row(upload.documentId);
    expect(closed.upload_state).toBe('pending');
    expect(closed.archived_at).not.toBeNull();
    expect(await filesUnder(upload.folder)).toEqual([]);
    expect(await processingJobs(upload.documentId)).toBe(0);
    expect((await put(upload.path)).status).toBe(404);
  }

  it('takes no bytes at a saved upload URL once the partner key that registered it is revoked or deleted', async () => {
    // the control: a key that still works completes its upload
    const working = await t.createKey({ partnerId: seed.partnerId });
    const control = await register(working, 'Rapporter/I tide.pdf');
    expect(await put(control.path)).toEqual({ status: 200 });
    await expectTaken(control);

    // revoked by the operator: its pending uploads are archived with it, before any PUT
    const revoking = await t.createKey({ partnerId: seed.partnerId });
    const beforeRevoke = await register(revoking, 'Rapporter/Før tilbakekalling.pdf');
    const revoked = await t.request({ method: 'DELETE', url: `/admin/keys/${revoking.id}`, headers: admin });
    expect(revoked.status).toBe(204);
    expect((await row(beforeRevoke.documentId)).archived_at).not.toBeNull();
    expect((await put(beforeRevoke.path)).status).toBe(404);
    await expectClosed(beforeRevoke);

    // a registration that raced the revocation (made after the revocation archived the key's uploads): the PUT asks
    const racing = await t.createKey({ partnerId: seed.partnerId });
    const raced = await register(racing, 'Rapporter/Kappløp.pdf');
    await t.deps.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', racing.id)
      .execute();
    expect(await put(raced.path)).toEqual({ status: 410, code: 'upload.key_revoked' });
    await expectClosed(raced);

    // a key that is gone closes its uploads as a revoked one does
    const deleting = await t.createKey({ partnerId: seed.partnerId });
    const beforeDelete = await register(deleting, 'Rapporter/Før sletting.pdf');
    await t.deps.database.db.deleteFrom('api_keys').where('id', '=', deleting.id).execute();
    expect(await put(beforeDelete.path)).toEqual({ status: 410, code: 'upload.key_revoked' });
    await expectClosed(beforeDelete);
  });

  it('refuses the bytes of a PUT under way when the key that registered it is revoked before they are complete', async () => {
    const key = await t.createKey({ partnerId: seed.partnerId });
    const upload = await register(key, 'Rapporter/Underveis.pdf');
    const slow = startSlowPut({ port, path: upload.path, bytes, firstPart: 64 });
    // the service has checked the key and begun writing the bytes
    await until(async () => (await filesUnder(upload.folder)).length > 0);

    await t.deps.database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).execute();
    const answer = await slow.finish();
    expect(answer).not.toBe('closed');
    expect((answer as Answer).status).toBe(410);
    expect(JSON.parse((answer as Answer).body)).toMatchObject({ code: 'upload.key_revoked' });
    await expectClosed(upload);
  });

  it('takes no bytes at a saved upload URL once its person may no longer add documents to the building', async () => {
    const db = t.deps.database.db;
    const { customerId } = await createTestCustomer(db, { buildingOwnerId: seed.ownerId });
    const customerAdmin = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: customerAdmin.userId, role: 'ADMIN' });
    const writer = async () => {
      const person = await createTestUser(db);
      await giveCustomerRole(db, { customerId, userId: person.userId, role: 'WRITE_ACCESS' });
      return person;
    };

    // the control: a person who still writes completes their upload
    const staying = await writer();
    const control = await register(staying, 'FDV/I tide.pdf');
    expect(await put(control.path)).toEqual({ status: 200 });
    await expectTaken(control);

    // removed from the customer by its ADMIN (the construction app's member removal)
    const leaving = await writer();
    const beforeRemoval = await register(leaving, 'FDV/Før fjerning.pdf');
    const removed = await t.request({
      method: 'DELETE',
      url: `/construction/customers/${customerId}/idp/users/${leaving.userId}`,
      key: customerAdmin.key,
    });
    expect(removed.status).toBe(200);
    // archived in the removal itself, before any PUT
    expect((await row(beforeRemoval.documentId)).archived_at).not.toBeNull();
    await expectClosed(beforeRemoval);

    // demoted to reading only by a write that bypasses the member routes (as a demotion racing the registration
    // would): the PUT asks
    const demoted = await writer();
    const beforeDemotion = await register(demoted, 'FDV/Før lesetilgang.pdf');
    await giveCustomerRole(db, { customerId, userId: demoted.userId, role: 'READ_ACCESS' });
    expect(await put(beforeDemotion.path)).toEqual({ status: 410, code: 'upload.person_removed' });
    await expectClosed(beforeDemotion);

    // deactivated everywhere, having registered with the session cookie
    const deactivated = await writer();
    const beforeDeactivation = await register(
      { cookie: await createTestSession(db, deactivated.userId) },
      'FDV/Før deaktivering.pdf',
    );
    const status = await t.request({
      method: 'PUT',
      url: `/admin/users/${deactivated.userId}/status`,
      headers: admin,
      payload: { status: 'deactivated' },
    });
    expect(status.status).toBe(200);
    expect((await row(beforeDeactivation.documentId)).archived_at).not.toBeNull();
    await expectClosed(beforeDeactivation);
  });

  it('takes no bytes at a saved upload URL once the personal key that registered it is revoked or expired', async () => {
    const db = t.deps.database.db;
    const { customerId } = await createTestCustomer(db, { buildingOwnerId: seed.ownerId });
    const person = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: person.userId, role: 'WRITE_ACCESS' });
    const keyOf = async (userId: string) =>
      (await db.selectFrom('user_api_keys').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;

    // revoked by the person: its pending uploads are archived with it (the person may still write with another)
    const beforeRevoke = await register(person, 'FDV/Før tilbakekalling.pdf');
    const revoked = await t.request({
      method: 'DELETE',
      url: `/auth/api-keys/${await keyOf(person.userId)}`,
      key: person.key,
    });
    expect(revoked.status).toBe(204);
    expect((await row(beforeRevoke.documentId)).archived_at).not.toBeNull();
    await expectClosed(beforeRevoke);

    const expiring = await createTestUser(db);
    await giveCustomerRole(db, { customerId, userId: expiring.userId, role: 'WRITE_ACCESS' });
    const beforeExpiry = await register(expiring, 'FDV/Før utløp.pdf');
    await db
      .updateTable('user_api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', expiring.userId)
      .execute();
    expect(await put(beforeExpiry.path)).toEqual({ status: 410, code: 'upload.key_expired' });
    await expectClosed(beforeExpiry);
  });
});

const S3_MAX_UPLOAD_BYTES = 256 * 1024;

describe.each(testEngines())('uploads straight to S3 cannot be swapped, on %s', (engine) => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let directory: string;
  let endpoint: string;
  let admin: S3Client;
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const bucket = `swap-${engine}`;

  beforeAll(async () => {
    // the service takes S3 credentials from the standard AWS chain, as in production; s3rver's built-in account
    process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
    directory = await mkdtemp(path.join(tmpdir(), 'byggdok-s3-swap-'));
    s3 = await startS3rver(directory);
    endpoint = s3.endpoint;
    admin = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    t = await createTestApp({
      engine,
      settings: {
        storage: { kind: 's3', bucket, region: null, endpoint, forcePathStyle: true, eventsToken: null },
        // a pre-signed PUT takes up to 5 GB whatever the service's limit: the arrival must hold to the limit
        uploads: { maxBytes: S3_MAX_UPLOAD_BYTES },
      },
    });
    await t.deps.queue.boss.unschedule('uploads.poll').catch(() => undefined);
    seed = await t.seed();
  });
  afterAll(async () => {
    await t.close();
    admin.destroy();
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  });

  const keysOf = async (documentId: string) =>
    ((await admin.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? [])
      .map((object) => object.Key!)
      .filter((key) => key.includes(documentId))
      .sort();

  it('keeps the bytes that arrived first when the pre-signed URL is used again after arrival', async () => {
    const reviewed = await makePdf(['Brannteknisk rapport\nRømningsveier i 1. etasje']);
    const swapped = await makePdf(['Brannteknisk rapport\nIngen rømningsveier']);
    const registered = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
      key: seed.key,
      payload: { filename: 'Rapporter/Brann.pdf' },
    });
    const documentId = registered.body.documentId as string;
    const uploadUrl = registered.body.uploadUrl as string;
    const send = (bytes: Buffer) =>
      fetch(uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/pdf' } });

    expect((await send(reviewed)).status).toBe(200);
    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(1);

    // the same URL again, after the upload was accepted (and, say, approved)
    expect((await send(swapped)).status).toBe(200);
    const uploadKey = decodeURIComponent(new URL(uploadUrl).pathname.slice(bucket.length + 2));
    const head = await t.deps.blobs.head(uploadKey);
    // its arrival is reported as S3 would: it is not taken, and its bytes are deleted
    expect(
      await t.deps.services.uploads.objectArrived({
        key: uploadKey,
        size: head!.size,
        etag: head!.etag ?? null,
        contentType: 'application/pdf',
      }),
    ).toBe(false);

    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['blob_key', 'md5', 'upload_state'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upload_state: 'uploaded', md5: md5(reviewed) });
    expect(row.blob_key).not.toBe(uploadKey);
    const bytes = await readAll(await t.deps.blobs.get(row.blob_key));
    expect(bytes.equals(reviewed)).toBe(true);
    expect(await keysOf(documentId)).toEqual([row.blob_key]);
  });

  it('takes no bytes that arrive in the bucket once the key that registered them is revoked', async () => {
    const key = await t.createKey({ partnerId: seed.partnerId });
    const registered = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
      key: key.key,
      payload: { filename: 'Rapporter/Etter tilbakekalling.pdf' },
    });
    const documentId = registered.body.documentId as string;
    const uploadUrl = registered.body.uploadUrl as string;
    // the bucket takes the PUT whatever the service thinks: the arrival decides
    await t.deps.database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).execute();
    const sent = await fetch(uploadUrl, {
      method: 'PUT',
      body: await makePdf(['Sendt etter tilbakekalling']),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(sent.status).toBe(200);

    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(0);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['upload_state', 'archived_at'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row.upload_state).toBe('pending');
    expect(row.archived_at).not.toBeNull();
    // the arrived bytes are deleted, and nothing was queued for processing
    expect(await keysOf(documentId)).toEqual([]);
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'document.process' and data->>'documentId' = $1`,
      [documentId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('takes no file over the size limit that arrives in the bucket, by notification or by polling', async () => {
    const registered = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`,
      key: seed.key,
      payload: { filename: 'Rapporter/Stor.bin' },
    });
    const documentId = registered.body.documentId as string;
    const uploadUrl = registered.body.uploadUrl as string;
    const uploadKey = decodeURIComponent(new URL(uploadUrl).pathname.slice(bucket.length + 2));
    // the bucket takes a PUT of any size to the pre-signed URL (S3: up to 5 GB), past BYGGDOK_MAX_UPLOAD_BYTES
    const tooLarge = Buffer.alloc(S3_MAX_UPLOAD_BYTES + 1, 7);
    expect((await fetch(uploadUrl, { method: 'PUT', body: tooLarge })).status).toBe(200);
    const head = await t.deps.blobs.head(uploadKey);
    expect(head?.size).toBe(tooLarge.length);

    // reported as S3 would (a notification without its size is taken as 0), or found by the poller: not taken, its
    // bytes deleted, nothing queued
    for (const size of [0, head!.size]) {
      const arrived = t.deps.services.uploads.objectArrived({
        key: uploadKey,
        size,
        etag: head!.etag ?? null,
        contentType: null,
      });
      expect(await arrived).toBe(false);
    }
    expect((await fetch(uploadUrl, { method: 'PUT', body: tooLarge })).status).toBe(200);
    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(0);
    const row = await t.deps.database.db
      .selectFrom('documents')
      .select(['upload_state', 'size'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(row.upload_state).toBe('pending');
    expect(await keysOf(documentId)).toEqual([]);
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'document.process' and data->>'documentId' = $1`,
      [documentId],
    );
    expect(rows[0]).toEqual({ n: 0 });

    // a file within the limit at the same URL is still taken
    const within = await makePdf(['Innenfor grensen']);
    expect((await fetch(uploadUrl, { method: 'PUT', body: within })).status).toBe(200);
    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(1);
    const done = await t.deps.database.db
      .selectFrom('documents')
      .select(['upload_state', 'md5'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ upload_state: 'uploaded', md5: md5(within) });
  });
});
