import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/** the value of one sample line of the Prometheus text, or undefined when absent */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.indexOf('}'));
    if (Object.entries(labels).every(([key, value]) => body.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe.each(testEngines())('metrics and request logs on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let documentId: string;
  const lines: string[] = [];
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    t = await createTestApp({ engine, workers: true, logStream, logLevel: 'debug' });
    seed = await t.seed();
    documentId = await t.upload({
      seed,
      filename: 'FDV/Pumpe.pdf',
      bytes: await makePdf(['FDV pumpe\nService årlig']),
    });
    await t.waitForProcessing([documentId]);
  }, 90_000);
  afterAll(() => t.close());

  const statusUrl = (): string =>
    `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}/status`;

  function logLinesFor(url: string): { level: number; msg: string }[] {
    return lines
      .flatMap((line) => line.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; reqId?: string })
      .filter((entry) => entry.req?.url === url)
      .map((entry) => ({ level: entry.level, msg: entry.msg }));
  }

  it('refuses /metrics without the operator token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const partnerKey = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-api-key': seed.key } });
    expect(partnerKey.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('serves latency per route pattern, job outcomes, queue depth and pool usage to the operator', async () => {
    const poll = await t.request({ method: 'GET', url: statusUrl(), key: seed.key });
    expect(poll.status).toBe(200);
    await t.request({ method: 'GET', url: '/healthz' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;

    const route = '/v1/building_owners/:buildingOwnerId/buildings/:buildingId/documents/:documentId/status';
    expect(
      sample(text, 'byggdok_http_request_duration_seconds_count', { route, method: 'GET', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'byggdok_http_request_duration_seconds_count', { route: '/healthz', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    // never a raw URL with ids in a label
    expect(text).not.toContain(documentId);
    expect(text).not.toContain(seed.ownerId);

    expect(sample(text, 'byggdok_jobs_total', { outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^byggdok_job_duration_seconds_count\{job="[^"]+",outcome="done"\} \d+/m);
    expect(text).toMatch(/^byggdok_queue_waiting_jobs\{queue="[^"]+"\} \d+/m);
    expect(text).toMatch(/^byggdok_queue_oldest_waiting_seconds\{queue="[^"]+"\} [\d.e+-]+/m);
    expect(sample(text, 'byggdok_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE byggdok_extraction_sandbox_kills_total counter');
  });

  it('logs status polls and health checks at debug, other requests at info', async () => {
    const url = statusUrl();
    await t.request({ method: 'GET', url, key: seed.key });
    await t.request({ method: 'GET', url: '/healthz' });
    await t.request({ method: 'GET', url: '/readyz' });
    const documentUrl = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${documentId}`;
    await t.request({ method: 'GET', url: documentUrl, key: seed.key });

    const DEBUG = 20;
    const INFO = 30;
    for (const quiet of [url, '/healthz', '/readyz']) {
      const entries = logLinesFor(quiet);
      expect(entries.map((entry) => entry.msg)).toContain('incoming request');
      expect(entries.every((entry) => entry.level === DEBUG)).toBe(true);
    }
    const loud = logLinesFor(documentUrl);
    expect(loud.map((entry) => entry.msg)).toContain('incoming request');
    expect(loud.every((entry) => entry.level === INFO)).toBe(true);
  });
});

describe('metrics made public', () => {
  it('serves /metrics without a token when BYGGDOK_METRICS_PUBLIC is set', async () => {
    const t = await createTestApp({ engine: 'pglite', metricsPublic: true });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('byggdok_db_pool_connections');
    } finally {
      await t.close();
    }
  });
});
