import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptFileError } from '../../../src/domain/pipeline/extraction.types.js';
import {
  UnsafeZipEntryError,
  ZipBombError,
  normalizeZipEntryPath,
  unpackZip,
} from '../../../src/integrations/extract/unzip.js';
import { type ZipFixtureEntry, buildZip, deflateZeros, unicodePathExtraField } from '../../helpers/office-fixtures.js';

let workDir: string;
let destDir: string;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'byggdok-unzip-'));
  destDir = path.join(workDir, 'out');
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function unpack(entries: readonly ZipFixtureEntry[], limits?: Parameters<typeof unpackZip>[0]['limits']) {
  const zipPath = path.join(workDir, 'upload.zip');
  await writeFile(zipPath, buildZip(entries));
  return unpackZip({ zipPath, destDir, ...(limits ? { limits } : {}) });
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** one central-directory entry, pointing wherever the test says */
interface RawEntry {
  name: string;
  offset: number;
  method: 0 | 8;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
}

function localHeader(entry: RawEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/**
 * `body` (local headers and data, as the test lays them out) followed by a central directory of `entries`. buildZip
 * writes one local record per entry; an overlap attack points several entries into the same bytes.
 */
function zipWithEntries(body: Buffer, entries: readonly RawEntry[]): Buffer {
  const central = entries.map((entry) => {
    const name = Buffer.from(entry.name, 'utf8');
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt32LE(entry.crc32 >>> 0, 16);
    record.writeUInt32LE(entry.compressedSize, 20);
    record.writeUInt32LE(entry.uncompressedSize, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, name]);
  });
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, directory, end]);
}

describe('unpackZip', () => {
  it('unpacks a zip with two folders into the destination with relative paths and sizes', async () => {
    const plan = randomBytes(5000);
    const result = await unpack([
      { name: 'Tegninger/', data: '' },
      { name: 'Tegninger/A-101 Plan 1. etasje.pdf', data: plan },
      { name: 'Rapporter/Brann/brannkonsept.txt', data: 'Brannklasse 2', method: 'store' },
      { name: 'les meg.txt', data: 'hei' },
    ]);

    expect(result.skipped).toEqual([]);
    expect(result.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['Tegninger/A-101 Plan 1. etasje.pdf', 5000],
      ['Rapporter/Brann/brannkonsept.txt', 13],
      ['les meg.txt', 3],
    ]);
    expect(await readFile(path.join(destDir, 'Tegninger', 'A-101 Plan 1. etasje.pdf'))).toEqual(plan);
    const report = result.entries.find((entry) => entry.path.endsWith('brannkonsept.txt'))!;
    expect(report.filePath).toBe(path.join(destDir, 'Rapporter', 'Brann', 'brannkonsept.txt'));
    expect(await readFile(report.filePath, 'utf8')).toBe('Brannklasse 2');
  });

  it('skips a ../ entry, reports it, and still unpacks the other entries', async () => {
    const result = await unpack([
      { name: '../evil.txt', data: 'owned' },
      { name: 'docs/../../evil2.txt', data: 'owned' },
      { name: 'ok.txt', data: 'fine' },
    ]);

    expect(result.entries.map((entry) => entry.path)).toEqual(['ok.txt']);
    expect(result.skipped).toEqual([
      expect.objectContaining({ path: '../evil.txt', reason: 'unsafe_path' }),
      expect.objectContaining({ path: 'docs/../../evil2.txt', reason: 'unsafe_path' }),
    ]);
    expect(existsSync(path.join(workDir, 'evil.txt'))).toBe(false);
    expect(existsSync(path.join(workDir, 'evil2.txt'))).toBe(false);
  });

  it('refuses absolute, drive-letter and backslash-traversal names', async () => {
    const result = await unpack([
      { name: '/etc/evil.txt', data: 'x' },
      { name: 'C:\\Windows\\evil.txt', data: 'x' },
      { name: '..\\..\\evil.txt', data: 'x' },
      { name: 'Mappe\\Undermappe\\fil.txt', data: 'inside' },
    ]);

    expect(result.skipped.map((entry) => [entry.path, entry.reason])).toEqual([
      ['/etc/evil.txt', 'unsafe_path'],
      ['C:\\Windows\\evil.txt', 'unsafe_path'],
      ['..\\..\\evil.txt', 'unsafe_path'],
    ]);
    expect(result.entries.map((entry) => entry.path)).toEqual(['Mappe/Undermappe/fil.txt']);
    expect(await listFiles(workDir)).toEqual(['out/Mappe/Undermappe/fil.txt', 'upload.zip']);
  });

  it('skips symlink entries instead of creating links', async () => {
    const result = await unpack([
      { name: 'passwd-link', data: '/etc/passwd', unixMode: 0o120777 },
      { name: 'regular.txt', data: 'text', unixMode: 0o100644 },
    ]);

    expect(result.skipped).toEqual([expect.objectContaining({ path: 'passwd-link', reason: 'symlink' })]);
    expect(await listFiles(destDir)).toEqual(['regular.txt']);
  });

  it('skips __MACOSX, .DS_Store and Thumbs.db litter', async () => {
    const result = await unpack([
      { name: '__MACOSX/._plan.pdf', data: 'resource fork' },
      { name: 'Tegninger/.DS_Store', data: 'finder' },
      { name: 'Tegninger/Thumbs.db', data: 'explorer' },
      { name: 'Tegninger/plan.pdf', data: '%PDF' },
    ]);

    expect(result.entries.map((entry) => entry.path)).toEqual(['Tegninger/plan.pdf']);
    expect(result.skipped.map((entry) => entry.reason)).toEqual(['system_file', 'system_file', 'system_file']);
    expect(await listFiles(destDir)).toEqual(['Tegninger/plan.pdf']);
  });

  it('decodes a Norwegian CP865 name written without the UTF-8 flag', async () => {
    const raw = iconv.encode('Brannkonsept_Bygg_ø.pdf', 'cp865');
    expect(raw.includes(0x9b)).toBe(true);

    const result = await unpack([{ name: raw, utf8Flag: false, data: '%PDF' }]);

    expect(result.entries.map((entry) => entry.path)).toEqual(['Brannkonsept_Bygg_ø.pdf']);
    expect(await listFiles(destDir)).toEqual(['Brannkonsept_Bygg_ø.pdf']);
  });

  it('decodes a UTF-8 name with the UTF-8 flag, and one without the flag', async () => {
    const result = await unpack([
      { name: 'Rømningsplan 2. etg/Åpen løsning.pdf', utf8Flag: true, data: 'a' },
      { name: Buffer.from('Fasade_Sør.dwg', 'utf8'), utf8Flag: false, data: 'b' },
    ]);

    expect(result.entries.map((entry) => entry.path)).toEqual([
      'Rømningsplan 2. etg/Åpen løsning.pdf',
      'Fasade_Sør.dwg',
    ]);
  });

  it('prefers the Info-ZIP Unicode Path extra field over the header name', async () => {
    const raw = Buffer.from('Rapport_.pdf', 'latin1');
    const result = await unpack([
      { name: raw, utf8Flag: false, extraFields: [unicodePathExtraField(raw, 'Rapport_æøå.pdf')], data: 'x' },
    ]);

    expect(result.entries.map((entry) => entry.path)).toEqual(['Rapport_æøå.pdf']);
  });

  it('aborts on a zip bomb and removes everything it had already written', async () => {
    const bomb = await deflateZeros(200 * 1024 * 1024);
    const zipPath = path.join(workDir, 'bomb.zip');
    await writeFile(
      zipPath,
      buildZip([
        { name: 'forst/ok.txt', data: 'written before the bomb' },
        { name: 'zeros.bin', precompressed: bomb },
      ]),
    );

    const unpacking = unpackZip({ zipPath, destDir });

    await expect(unpacking).rejects.toBeInstanceOf(ZipBombError);
    await expect(unpacking).rejects.toMatchObject({ reason: 'compression_ratio' });
    expect(await listFiles(destDir)).toEqual([]);
    expect(existsSync(path.join(destDir, 'forst'))).toBe(false);
  });

  it('refuses an entry of exactly 1 MiB that expands from a few KB, keeping nothing', async () => {
    const unpacking = unpack([
      { name: 'les meg.txt', data: 'written before the bomb' },
      { name: 'nuller.bin', data: Buffer.alloc(1024 ** 2) },
    ]);

    await expect(unpacking).rejects.toMatchObject({ name: 'ZipBombError', reason: 'compression_ratio' });
    expect(await listFiles(destDir)).toEqual([]);
  });

  it('still unpacks ordinary files, incompressible, compressible and small ones', async () => {
    const drawing = randomBytes(512 * 1024);
    const report = Array.from({ length: 3000 }, (_, i) => `Rom ${i}: brannklasse EI${30 + (i % 4) * 30}\n`).join('');
    const result = await unpack([
      { name: 'Tegninger/A-101.dwg', data: drawing },
      { name: 'Rapporter/romliste.txt', data: report },
      // below the ratio threshold an entry may compress as well as it likes: it cannot write much
      { name: 'tom.txt', data: ' '.repeat(60 * 1024) },
    ]);

    expect(result.skipped).toEqual([]);
    expect(result.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['Tegninger/A-101.dwg', drawing.length],
      ['Rapporter/romliste.txt', Buffer.byteLength(report)],
      ['tom.txt', 60 * 1024],
    ]);
    expect((await readFile(path.join(destDir, 'Tegninger', 'A-101.dwg'))).equals(drawing)).toBe(true);
  });

  it('refuses an archive whose entries all point at the same compressed data', async () => {
    const zeros = Buffer.alloc(60 * 1024);
    const shared = { method: 8 as const, crc32: crc32(zeros), uncompressedSize: zeros.length };
    const data = deflateRawSync(zeros);
    const body = Buffer.concat([
      localHeader({ name: 'nuller.bin', offset: 0, compressedSize: data.length, ...shared }),
      data,
    ]);
    // 300 entries of 60 KiB each (below the ratio threshold) from about 100 bytes of deflate
    const entries = Array.from({ length: 300 }, (_, i) => ({
      name: `kopi-${i}.bin`,
      offset: 0,
      compressedSize: data.length,
      ...shared,
    }));
    const zipPath = path.join(workDir, 'overlap.zip');
    await writeFile(zipPath, zipWithEntries(body, entries));

    const unpacking = unpackZip({ zipPath, destDir });

    await expect(unpacking).rejects.toMatchObject({ name: 'ZipBombError', reason: 'overlapping_entries' });
    expect(await listFiles(destDir)).toEqual([]);
  });

  it('refuses an archive where one entry lies inside the data of another', async () => {
    const text = Buffer.from('inner bytes read twice');
    const inner: RawEntry = {
      name: 'b.txt',
      offset: 0,
      method: 0,
      crc32: crc32(text),
      compressedSize: text.length,
      uncompressedSize: text.length,
    };
    // the outer entry's stored data is the inner entry's whole local record
    const outerData = Buffer.concat([localHeader(inner), text]);
    const outer: RawEntry = {
      name: 'a.txt',
      offset: 0,
      method: 0,
      crc32: crc32(outerData),
      compressedSize: outerData.length,
      uncompressedSize: outerData.length,
    };
    const outerHeader = localHeader(outer);
    const zipPath = path.join(workDir, 'nested-overlap.zip');
    await writeFile(
      zipPath,
      zipWithEntries(Buffer.concat([outerHeader, outerData]), [outer, { ...inner, offset: outerHeader.length }]),
    );

    const unpacking = unpackZip({ zipPath, destDir });

    await expect(unpacking).rejects.toMatchObject({ name: 'ZipBombError', reason: 'overlapping_entries' });
    expect(await listFiles(destDir)).toEqual([]);
  });

  it('does not let a header that under-states the size smuggle a bomb through', async () => {
    const bomb = await deflateZeros(50 * 1024 * 1024);
    const result = await unpack([
      { name: 'small.bin', precompressed: bomb, declaredUncompressedSize: 1000 },
      { name: 'after.txt', data: 'still here' },
    ]);

    expect(result.skipped).toEqual([expect.objectContaining({ path: 'small.bin', reason: 'corrupt_entry' })]);
    expect(await listFiles(destDir)).toEqual(['after.txt']);
  });

  it('enforces the total size limit on the bytes written', async () => {
    const unpacking = unpack(
      [
        { name: 'a.bin', data: randomBytes(600) },
        { name: 'b.bin', data: randomBytes(600) },
      ],
      { maxTotalBytes: 1000 },
    );

    await expect(unpacking).rejects.toMatchObject({ name: 'ZipBombError', reason: 'too_large' });
    expect(await listFiles(destDir)).toEqual([]);
  });

  it('refuses archives with more entries than allowed before writing anything', async () => {
    const unpacking = unpack(
      [1, 2, 3].map((n) => ({ name: `${n}.txt`, data: String(n) })),
      { maxEntries: 2 },
    );

    await expect(unpacking).rejects.toMatchObject({ name: 'ZipBombError', reason: 'too_many_entries' });
    expect(await listFiles(destDir)).toEqual([]);
  });

  it('keeps the first of two entries with the same path and reports the second', async () => {
    const result = await unpack([
      { name: 'plan.pdf', data: 'first' },
      { name: 'plan.pdf', data: 'second' },
    ]);

    expect(result.entries).toHaveLength(1);
    expect(result.skipped).toEqual([expect.objectContaining({ path: 'plan.pdf', reason: 'duplicate' })]);
    expect(await readFile(path.join(destDir, 'plan.pdf'), 'utf8')).toBe('first');
  });

  it('reports a file that is not a zip as corrupt', async () => {
    const zipPath = path.join(workDir, 'broken.zip');
    await writeFile(zipPath, randomBytes(4096));

    await expect(unpackZip({ zipPath, destDir })).rejects.toBeInstanceOf(CorruptFileError);
  });
});

describe('normalizeZipEntryPath', () => {
  it('resolves dots and backslashes inside the archive root', () => {
    expect(normalizeZipEntryPath('a/../b.txt')).toBe('b.txt');
    expect(normalizeZipEntryPath('./x//y\\z.txt')).toBe('x/y/z.txt');
  });

  it('throws UnsafeZipEntryError for anything escaping the root or not a file name', () => {
    for (const name of ['..', 'a/../../b', '/abs', 'D:evil', '\\\\server\\share\\x', 'nul\u0000byte', '']) {
      expect(() => normalizeZipEntryPath(name), name).toThrow(UnsafeZipEntryError);
    }
  });
});
