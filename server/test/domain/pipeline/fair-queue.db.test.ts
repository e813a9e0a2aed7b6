import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../../helpers/office-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** a package of many tiny text files, as a bulk delivery of one building arrives */
function manyEntryZip(count: number, prefix: string): Buffer {
  return buildZip(
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}/del-${String(i).padStart(4, '0')}.txt`,
      data: Buffer.from(`Leveranse ${prefix} dokument ${i}`),
    })),
  );
}

describe.each(testEngines())('fair queues across buildings on %s', (engine) => {
  let t: TestApp;
  let a: Awaited<ReturnType<TestApp['seed']>>;
  let b: Awaited<ReturnType<TestApp['seed']>>;

  beforeAll(async () => {
    // one worker of each job: the order jobs are taken in is the order they run in
    t = await createTestApp({ engine, workers: true });
    a = await t.seed();
    b = await t.seed();
  });
  afterAll(() => t.close());

  async function childrenOf(parentId: string) {
    return t.deps.database.db
      .selectFrom('documents')
      .select(['id', 'processed_at'])
      .where('parent_document_id', '=', parentId)
      .execute();
  }

  it("processes another building's upload before most of a big package queued ahead of it", async () => {
    const entries = 300;
    const zipId = await t.upload({ seed: a, filename: 'Leveranse.zip', bytes: manyEntryZip(entries, 'FDV') });
    // the package is unpacked: its 300 entries are documents, each with a job waiting
    await t.waitForProcessing([zipId], 120_000);
    expect(await childrenOf(zipId)).toHaveLength(entries);

    const otherId = await t.upload({ seed: b, filename: 'Brannrapport.txt', bytes: Buffer.from('Brannrapport') });
    await t.waitForProcessing([otherId], 120_000);

    const children = await childrenOf(zipId);
    const pending = children.filter((child) => child.processed_at === null).length;
    // first come, first served would have processed all 300 before it
    expect(pending).toBeGreaterThanOrEqual(entries * 0.8);

    // the rest of the package has made its point: its waiting jobs go, or the next test's package would queue behind
    // them (the same building) and the worker would read some 240 documents no test looks at
    await t.deps.database.executeSql(`delete from pgboss.job where name = 'document.process' and state = 'created'`);
  }, 240_000);

  // 1,000 entries: ten batches of 100, each its own transaction, is what the API must answer between (2,000 took 40-80 s
  // of a slow CI machine per engine, 5,000 a minute of a quick one, and neither proved more)
  it('unpacks a package of 1,000 entries into documents with their jobs while the API answers', async () => {
    const entries = 1000;
    const zipId = await t.upload({ seed: a, filename: 'Stor leveranse.zip', bytes: manyEntryZip(entries, 'Alt') });
    const latencies: number[] = [];
    const statuses = new Set<number>();
    const started = Date.now();
    for (;;) {
      const before = performance.now();
      const health = await t.request({ method: 'GET', url: '/healthz' });
      latencies.push(performance.now() - before);
      statuses.add(health.status);
      const parent = await t.deps.database.db
        .selectFrom('documents')
        .select('processed_at')
        .where('id', '=', zipId)
        .executeTakeFirstOrThrow();
      if (parent.processed_at !== null) break;
      if (Date.now() - started > 300_000) throw new Error('the package was not unpacked in 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    latencies.sort((x, y) => x - y);
    console.info(
      `[${engine}] /healthz during a 1,000-entry unpack: ${latencies.length} requests, ` +
        `median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    expect([...statuses]).toEqual([200]);
    expect(latencies.length).toBeGreaterThan(1);

    // every entry is a document that is processed or has its processing job queued
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as ready
         from documents d
        where d.parent_document_id = $1
          and (d.processed_at is not null
               or exists (select 1 from pgboss.job j
                           where j.name = 'document.process' and j.data->>'documentId' = d.id::text))`,
      [zipId],
    );
    expect(rows[0]?.ready).toBe(entries);
  }, 360_000);
});
