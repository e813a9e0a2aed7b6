import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../../helpers/office-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * `zip` (one entry named `kopi-000.txt`, from buildZip) with `copies` more central-directory entries pointing at that
 * entry's data, as an overlap bomb has them: every copy is the first record with another name of the same length.
 */
function withCopiesOfFirstEntry(zip: Buffer, copies: number): Buffer {
  const end = Buffer.from(zip.subarray(zip.length - 22));
  const directoryStart = end.readUInt32LE(16);
  const first = zip.subarray(directoryStart, zip.length - 22);
  const records = Array.from({ length: copies }, (_, i) => {
    const record = Buffer.from(first);
    record.write(`kopi-${String(i + 1).padStart(3, '0')}.txt`, 46);
    return record;
  });
  const directory = Buffer.concat([first, ...records]);
  end.writeUInt16LE(copies + 1, 8);
  end.writeUInt16LE(copies + 1, 10);
  end.writeUInt32LE(directory.length, 12);
  return Buffer.concat([zip.subarray(0, directoryStart), directory, end]);
}

describe.each(testEngines())('uploaded zip packages on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  async function childrenOf(parentId: string) {
    return t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'original_path'])
      .where('parent_document_id', '=', parentId)
      .orderBy('original_path')
      .execute();
  }

  async function statusOf(documentId: string) {
    const response = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}/status`,
      key: seed.key,
    });
    return response.body;
  }

  it('unpacks one level only: a zip inside the upload is kept as a file, not unpacked', async () => {
    const innermost = buildZip([{ name: 'dypest.txt', data: 'three levels down' }]);
    const inner = buildZip([
      { name: 'FDV/ventilasjon.txt', data: 'Filterbytte hver sjette måned' },
      { name: 'FDV/enda en.zip', data: innermost },
    ]);
    const outer = buildZip([
      { name: 'Rapporter/brann.txt', data: 'Brannklasse 2' },
      { name: 'Vedlegg/FDV.zip', data: inner },
    ]);
    const outerId = await t.upload({ seed, filename: 'Leveranse.zip', bytes: outer });
    await t.waitForProcessing([outerId]);
    const children = await childrenOf(outerId);
    await t.waitForProcessing(children.map((child) => child.id));

    expect(children.map((child) => child.original_path)).toEqual([
      'Leveranse.zip/Rapporter/brann.txt',
      'Leveranse.zip/Vedlegg/FDV.zip',
    ]);
    const innerId = children[1]!.id;
    expect(await childrenOf(innerId)).toEqual([]);
    expect(await statusOf(innerId)).toMatchObject({
      uncompressed_package: false,
      valid_file: true,
      corrupt: false,
      outcome: 'no_text',
      reason: 'An archive inside an archive is kept as it is: only the uploaded archive is unpacked',
    });
    expect(await statusOf(outerId)).toMatchObject({ uncompressed_package: true, outcome: 'unpacked' });
  });

  it('marks an archive whose entries share compressed data as corrupt, with the reason, and unpacks nothing', async () => {
    const bomb = withCopiesOfFirstEntry(buildZip([{ name: 'kopi-000.txt', data: ' '.repeat(60 * 1024) }]), 299);
    const bombId = await t.upload({ seed, filename: 'overlapp.zip', bytes: bomb });
    await t.waitForProcessing([bombId]);

    expect(await childrenOf(bombId)).toEqual([]);
    expect(await statusOf(bombId)).toMatchObject({
      corrupt: true,
      uncompressed_package: false,
      outcome: 'corrupt',
      reason: expect.stringContaining('archive entries overlap'),
    });
    // the worker carries on: the next upload is processed as usual
    const nextId = await t.upload({ seed, filename: 'etterpå.txt', bytes: Buffer.from('Neste dokument') });
    await t.waitForProcessing([nextId]);
    expect(await statusOf(nextId)).toMatchObject({ outcome: 'read' });
  });
});
