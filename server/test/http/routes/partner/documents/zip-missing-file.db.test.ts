import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../../../../src/app/dependencies.js';
import { insertDocument } from '../../../../helpers/ask-fixtures.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../../../../helpers/s3rver.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';
import { readZip } from '../../../../helpers/zip-reader.js';

// The service takes S3 credentials from the standard AWS chain, as in production; s3rver's built-in account.
process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;

let server: Awaited<ReturnType<typeof startS3rver>>;
let endpoint: string;
let work: string;
let buckets = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'byggdok-zip-missing-'));
  server = await startS3rver(path.join(work, 's3rver'));
  endpoint = server.endpoint;
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

async function storageOf(kind: 'fs' | 's3'): Promise<AppSettings['storage']> {
  buckets += 1;
  if (kind === 'fs') return { kind: 'fs', root: path.join(work, `files-${buckets}`) };
  const bucket = `zip-missing-${buckets}`;
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return { kind: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true, eventsToken: null };
}

/**
 * A file missing from storage when a bulk download reaches it: the person still gets a zip that opens, with every
 * other file, and a list (MANGLER-MISSING.txt, Norwegian and English) of what could not be included and why; the
 * service logs it once.
 */
describe.each(testEngines().flatMap((engine) => (['fs', 's3'] as const).map((storage) => [engine, storage] as const)))(
  'a bulk zip with a file missing from storage, on %s with %s storage',
  (engine, storage) => {
    let t: TestApp;
    let seed: Awaited<ReturnType<TestApp['seed']>>;
    const log: string[] = [];
    const ids: Record<string, string> = {};
    const bytes: Record<string, Buffer> = {
      manual: Buffer.from('FDV manual for the ventilation unit'),
      gone: Buffer.from('a data sheet nobody can read any more'),
      drawing: Buffer.from('plan drawing bytes'),
    };
    const paths: Record<string, string> = {
      manual: 'VVS/FDV ventilasjon.pdf',
      gone: 'VVS/Produktdatablad pumpe.pdf',
      drawing: 'ARK/Plan 1.pdf',
    };

    beforeAll(async () => {
      const logStream = new PassThrough();
      logStream.on('data', (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
      t = await createTestApp({ engine, settings: { storage: await storageOf(storage) }, logStream });
      seed = await t.seed();
      for (const name of ['manual', 'gone', 'drawing']) {
        ids[name] = await insertDocument({
          db: t.deps.database.db,
          ownerId: seed.ownerId,
          buildingId: seed.buildingId,
          path: paths[name]!,
          pages: ['x'],
        });
        await t.deps.blobs.put(`test/${ids[name]}`, bytes[name]!, { contentType: 'application/pdf' });
      }
      await t.deps.blobs.delete(`test/${ids.gone}`);
    }, 120_000);
    afterAll(() => t.close());

    it('finishes a zip that opens, with the other files and the list of what is missing, and logs it once', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/zip`,
        headers: { 'x-api-key': seed.key },
        payload: { documentIds: [ids.manual, ids.gone, ids.drawing] },
      });
      expect(response.statusCode).toBe(200);
      const files = await readZip(response.rawPayload);
      expect([...files.keys()].sort()).toEqual(
        [paths.manual, paths.drawing, 'manifest.csv', 'MANGLER-MISSING.txt'].sort(),
      );
      expect(files.get(paths.manual!)).toEqual(bytes.manual);
      expect(files.get(paths.drawing!)).toEqual(bytes.drawing);
      const missing = files.get('MANGLER-MISSING.txt')!.toString('utf8');
      expect(missing).toContain(`${paths.gone} (dokument/document ${ids.gone})`);
      expect(missing).toContain('filen mangler i lagringen / the file is missing from storage');
      expect(missing).not.toContain(ids.manual);
      const manifest = files.get('manifest.csv')!.toString('utf8');
      expect(manifest).toContain(ids.manual!);
      expect(manifest).not.toContain(ids.gone!);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const warned = log.filter((line) => line.includes('could not be included'));
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(ids.gone);
    });

    it('has no list when every file is there', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/zip`,
        headers: { 'x-api-key': seed.key },
        payload: { documentIds: [ids.manual, ids.drawing] },
      });
      expect(response.statusCode).toBe(200);
      const files = await readZip(response.rawPayload);
      expect([...files.keys()].sort()).toEqual([paths.manual, paths.drawing, 'manifest.csv'].sort());
    });
  },
);
