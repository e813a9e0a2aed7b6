/**
 * Zip archives: building the zip of a generated building of several GB (files on local disk, as `byggdok serve`
 * keeps them), timed and with the process's peak RSS sampled every 20 ms, beside a baseline measured in the same run:
 * reading the same bytes from the blob store and throwing them away. The target is memory: a 10 GB building
 * must not raise the worker's RSS by more than ~100 MB. The archive is then checked with `unzip -t` when that tool is
 * installed (ZIP64 is needed past 4 GiB). Nothing fails.
 *
 *   npm run bench:zip                  5 GiB: 156 files of 32 MiB and 2,000 of 64 KiB
 *   npm run bench:zip -- --gib 10      bigger
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createDependencies, type Dependencies } from '../src/app/dependencies.js';
import { newId } from '../src/domain/shared/ids.js';

const MIB = 1024 * 1024;
const SMALL_FILES = 2000;
const SMALL_SIZE = 64 * 1024;
const LARGE_SIZE = 32 * MIB;

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

/** `size` bytes of incompressible data, generated as it is read (a 4 MiB random block, its first bytes varied) */
function generated(size: number, seed: number): Readable {
  const block = randomBytes(4 * MIB);
  let left = size;
  let part = 0;
  return new Readable({
    read() {
      if (left === 0) return this.push(null);
      const length = Math.min(left, block.length);
      const chunk = Buffer.from(block.subarray(0, length));
      chunk.writeUInt32LE(seed, 0);
      chunk.writeUInt32LE(part++, 4);
      left -= length;
      this.push(chunk);
    },
  });
}

async function seed(deps: Dependencies, gib: number) {
  const { db } = deps.database;
  const ownerId = `own_${randomBytes(8).toString('hex')}`;
  const customerId = newId.uuid();
  const projectId = newId.uuid();
  const buildingId = newId.uuid();
  await db.insertInto('building_owners').values({ id: ownerId, name: 'Bench owner' }).execute();
  await db
    .insertInto('buildings')
    .values({ id: buildingId, building_owner_id: ownerId, name: 'Bench tower' })
    .execute();
  await db
    .insertInto('customers')
    .values({ id: customerId, name: 'Bench AS', workspace_owner_id: ownerId, building_owner_id: null })
    .execute();
  await db.insertInto('projects').values({ id: projectId, customer_id: customerId, name: 'Bench project' }).execute();
  await db.insertInto('project_buildings').values({ project_id: projectId, building_id: buildingId }).execute();

  const largeFiles = Math.max(1, Math.round((gib * 1024 * MIB - SMALL_FILES * SMALL_SIZE) / LARGE_SIZE));
  const files = [
    ...Array.from({ length: largeFiles }, (_, i) => ({
      path: `RIV/Tegninger/RIV-36-${String(i).padStart(4, '0')} Ventilasjon plan.pdf`,
      size: LARGE_SIZE,
    })),
    ...Array.from({ length: SMALL_FILES }, (_, i) => ({
      path: `FDV/Produkter/Produktdatablad ${String(i).padStart(4, '0')}.pdf`,
      size: SMALL_SIZE,
    })),
  ];
  const now = new Date();
  let total = 0;
  for (let start = 0; start < files.length; start += 200) {
    const rows = [];
    for (const [offset, file] of files.slice(start, start + 200).entries()) {
      const id = newId.uuid();
      await deps.blobs.put(`bench/${id}`, generated(file.size, start + offset), { contentType: 'application/pdf' });
      total += file.size;
      rows.push({
        id,
        building_id: buildingId,
        building_owner_id: ownerId,
        filename: file.path.split('/').at(-1)!,
        original_path: file.path,
        blob_key: `bench/${id}`,
        upload_state: 'uploaded' as const,
        size: file.size,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('documents').values(rows).execute();
  }
  return { buildingId, projectId, keys: files.length, total };
}

/** runs `work` while sampling this process's RSS; the peak above the RSS just before it started */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMib: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, peakMib: (Math.max(peak, process.memoryUsage.rss()) - before) / MIB };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  const gib = argument('gib', 5);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'byggdok-bench-zip-'));
  const deps = await createDependencies({
    database: { kind: 'pglite', dataDir: null },
    settings: {
      http: { publicUrl: 'http://bench.invalid' },
      storage: { kind: 'fs', root: path.join(dataDir, 'files') },
      uploads: { maxBytes: 1024 * MIB },
      worker: { concurrency: 2, jobExpireSeconds: 3600, retryLimit: 4, libreOfficePath: null },
      llm: { provider: 'builtin' },
    },
  });
  try {
    const t0 = performance.now();
    const building = await seed(deps, gib);
    const gb = building.total / 1024 ** 3;
    console.log(
      `Zip archive of a generated building: ${building.keys} files, ${gb.toFixed(2)} GiB on local disk ` +
        `(written in ${((performance.now() - t0) / 1000).toFixed(1)} s; RSS ${(process.memoryUsage.rss() / MIB).toFixed(0)} MiB)`,
    );

    const documents = await deps.database.db
      .selectFrom('documents')
      .select('blob_key')
      .where('building_id', '=', building.buildingId)
      .execute();
    const read = await measured(async () => {
      for (const { blob_key } of documents) {
        await pipeline(await deps.blobs.get(blob_key), new Writable({ write: (_chunk, _enc, next) => next() }));
      }
    });
    console.log(
      `  baseline: read every file from the blob store, one by one   ${(read.ms / 1000).toFixed(1)} s ` +
        `(${((building.total / MIB / read.ms) * 1000).toFixed(0)} MiB/s), peak RSS +${read.peakMib.toFixed(0)} MiB`,
    );

    const zipId = newId.uuid();
    await deps.database.db
      .insertInto('zip_archives')
      .values({ id: zipId, building_id: building.buildingId, project_id: building.projectId, created_at: new Date() })
      .execute();
    const build = await measured(() => deps.services.zips.build(zipId));
    const archive = await deps.database.db
      .selectFrom('zip_archives')
      .selectAll()
      .where('id', '=', zipId)
      .executeTakeFirstOrThrow();
    console.log(
      `  zip job: read, checksum, write the archive (${archive.status}, ${archive.file_count} files, ` +
        `${(Number(archive.size) / 1024 ** 3).toFixed(2)} GiB)   ${(build.ms / 1000).toFixed(1)} s ` +
        `(${(build.ms / read.ms).toFixed(1)}x baseline), peak RSS +${build.peakMib.toFixed(0)} MiB ` +
        `(target +100 MiB for 10 GB: ${build.peakMib <= 100 ? 'met' : 'MISSED'})`,
    );
    if (archive.status !== 'ready' || !archive.blob_key) throw new Error(`the archive failed: ${archive.error}`);

    const file = path.join(dataDir, 'files', archive.blob_key);
    try {
      const t1 = performance.now();
      const { stdout } = await promisify(execFile)('unzip', ['-tq', file], { maxBuffer: 16 * MIB });
      console.log(
        `  unzip -tq (every CRC checked): ${stdout.trim()} in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      const code = (error as { code?: string }).code;
      console.log(
        code === 'ENOENT' ? '  unzip not installed: archive not checked' : `  unzip -t FAILED: ${String(error)}`,
      );
    }
  } finally {
    await deps.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
