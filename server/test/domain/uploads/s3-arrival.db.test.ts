import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../../helpers/s3rver.js';

// The service takes S3 credentials from the standard AWS chain, as in production; s3rver's built-in account.
process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;

const EVENTS_TOKEN = 'test-s3-events-token-0123456789';

let server: Awaited<ReturnType<typeof startS3rver>>;
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'byggdok-s3-arrival-'));
  server = await startS3rver(directory);
  endpoint = server.endpoint;
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe.each(testEngines())('uploads straight to S3, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const bucket = `arrival-${engine}`;

  beforeAll(async () => {
    const admin = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    t = await createTestApp({
      engine,
      workers: true,
      settings: { storage: { kind: 's3', bucket, region: null, endpoint, forcePathStyle: true, eventsToken: null } },
      options: { s3EventsToken: EVENTS_TOKEN },
    });
    // The once-a-minute poll could find an upload before the path under test does. Unscheduling is not enough:
    // pg-boss sends a '* * * * *' job as soon as it starts, so this process stops working the queue and waits
    // until no poll is queued or running (the tests run the poll themselves).
    const boss = t.deps.queue.boss;
    await boss.unschedule('uploads.poll');
    await boss.offWork('uploads.poll');
    for (;;) {
      await boss.purgeQueue('uploads.poll');
      if ((await boss.getQueueSize('uploads.poll', { before: 'completed' })) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seed = await t.seed();
  });
  afterAll(() => t.close());

  const documentsUrl = () => `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents`;

  /** registers a document and PUTs the bytes to the pre-signed URL, as a browser or partner system would */
  async function uploadToS3(filename: string, bytes: Buffer): Promise<{ documentId: string; key: string }> {
    const registered = await t.request({ method: 'PUT', url: documentsUrl(), key: seed.key, payload: { filename } });
    expect(registered.status).toBe(200);
    const uploadUrl = new URL(registered.body.uploadUrl);
    // pre-signed by the AWS SDK: straight to the bucket, not through the service
    expect(uploadUrl.origin).toBe(endpoint);
    expect(uploadUrl.pathname.startsWith(`/${bucket}/documents/`)).toBe(true);
    expect(uploadUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const put = await fetch(uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(200);
    return {
      documentId: registered.body.documentId,
      key: decodeURIComponent(uploadUrl.pathname.slice(bucket.length + 2)),
    };
  }

  const statusOf = async (documentId: string) =>
    (await t.request({ method: 'GET', url: `${documentsUrl()}/${documentId}/status`, key: seed.key })).body;

  it('finds an upload that arrived in the bucket when polling, and processes it', async () => {
    const bytes = await makePdf(['Brannteknisk rapport\nRømningsveier i 1. etasje'], { title: 'Brannteknisk rapport' });
    const { documentId } = await uploadToS3('Rapporter/Brannteknisk rapport.pdf', bytes);

    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(1);
    await t.waitForProcessing([documentId]);

    expect(await statusOf(documentId)).toMatchObject({ size: bytes.length, extracted_text: true, categorised: true });
    const document = await t.request({ method: 'GET', url: `${documentsUrl()}/${documentId}`, key: seed.key });
    expect(document.body.md5Checksum).toBe(createHash('md5').update(bytes).digest('hex'));
    // the download URL is S3's own, and gives back the bytes
    const download = await fetch(document.body.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // found once: the next poll has nothing new
    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(0);
  });

  it('leaves an upload that has not arrived pending, and the poll job finds it once it has', async () => {
    const registered = await t.request({
      method: 'PUT',
      url: documentsUrl(),
      key: seed.key,
      payload: { filename: 'FDV/Ventilasjon.pdf' },
    });
    await t.deps.jobHandlers['uploads.poll'](
      {},
      { jobId: 'test', attempt: 1, lastAttempt: false, signal: new AbortController().signal },
    );
    const pending = await t.deps.database.db
      .selectFrom('documents')
      .select('upload_state')
      .where('id', '=', registered.body.documentId)
      .executeTakeFirstOrThrow();
    expect(pending.upload_state).toBe('pending');

    const bytes = await makePdf(['FDV ventilasjonsaggregat\nFilterbytte hver sjette måned']);
    await fetch(registered.body.uploadUrl, { method: 'PUT', body: bytes });
    await t.deps.jobHandlers['uploads.poll'](
      {},
      { jobId: 'test', attempt: 1, lastAttempt: false, signal: new AbortController().signal },
    );
    await t.waitForProcessing([registered.body.documentId]);
    expect(await statusOf(registered.body.documentId)).toMatchObject({ size: bytes.length, extracted_text: true });
  });

  it('takes S3 event notifications with the events token, once per object, and processes the upload', async () => {
    const bytes = await makePdf(['Tegningsliste\nARK-A-20-001 Plan 1. etasje']);
    const { documentId, key } = await uploadToS3('Tegninger/Tegningsliste.pdf', bytes);
    // S3 sends keys URL-encoded, spaces as '+'
    const event = {
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), size: bytes.length, eTag: 'abc' } },
        },
      ],
    };
    const send = (token: string | undefined, payload: object = event) =>
      t.request({
        method: 'POST',
        url: '/integrations/s3/events',
        headers: token === undefined ? {} : { 'x-byggdok-events-token': token },
        payload,
      });

    expect((await send('wrong-token-0123456789abcdef')).status).toBe(401);
    expect((await send(undefined)).status).toBe(401);
    expect((await statusOf(documentId)).extracted_text).toBe(false);

    const accepted = await send(EVENTS_TOKEN);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accepted: 1 });
    // S3 delivers at least once: a repeat changes nothing
    expect((await send(EVENTS_TOKEN)).body).toEqual({ accepted: 0 });
    // objects that are not uploads of ours, and deletions, are ignored
    const foreign = await send(EVENTS_TOKEN, {
      Records: [
        { eventName: 'ObjectCreated:Put', s3: { object: { key: 'backups/db.dump', size: 10 } } },
        { eventName: 'ObjectRemoved:Delete', s3: { object: { key } } },
      ],
    });
    expect(foreign.body).toEqual({ accepted: 0 });

    await t.waitForProcessing([documentId]);
    expect(await statusOf(documentId)).toMatchObject({ size: bytes.length, extracted_text: true, categorised: true });
    // the poller does not count it again
    expect(await t.deps.services.uploads.pollPendingUploads()).toBe(0);
  });
});
