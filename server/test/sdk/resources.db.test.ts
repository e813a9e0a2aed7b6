import { ByggdokApiError, createByggdokClient, isProblem, type ByggdokClient } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-fixtures.js';
import { ADMIN_TOKEN, createTestApp, PUBLIC_URL, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** every item an async iterator yields */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const item of items) seen.push(item);
  return seen;
}

describe.each(testEngines())("the SDK's resource methods against the service on %s", (engine) => {
  let t: TestApp;
  let client: ByggdokClient;
  /** the URLs the client asked for, in order */
  const requested: string[] = [];
  let buildingOwnerId: string;
  let buildingId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const operator = createByggdokClient({ baseUrl: base, adminToken: ADMIN_TOKEN });
    const partner = await operator.POST('/admin/partners', { body: { name: 'Acme Proptech' } });
    const key = await operator.POST('/admin/partners/{partnerId}/keys', {
      params: { path: { partnerId: partner.data!.id } },
      body: {},
    });
    client = createByggdokClient({
      baseUrl: base,
      apiKey: key.data!.key,
      // the signed upload URLs name the service's public address; here it answers on a port of its own
      fetch: (request) => {
        requested.push(request.url);
        return fetch(
          request.url.startsWith(PUBLIC_URL) ? new Request(request.url.replace(PUBLIC_URL, base), request) : request,
        );
      },
    });
    buildingOwnerId = (await client.owners.create({ name: 'Barcode Properties AS' })).id;
    buildingId = await client.buildings.create({ buildingOwnerId }, { name: 'Oslo Office Tower' });
  });
  afterAll(() => t.close());

  it('creates, reads, renames and lists building owners, every page through the iterator', async () => {
    for (const name of ['Fjord Eiendom AS', 'Vest Bygg AS', 'Nord Eiendom AS']) await client.owners.create({ name });
    const renamed = await client.owners.update({ buildingOwnerId }, { name: 'Barcode Properties ASA' });
    expect(renamed).toMatchObject({ id: buildingOwnerId, name: 'Barcode Properties ASA' });
    expect(await client.owners.get({ buildingOwnerId })).toMatchObject({ name: 'Barcode Properties ASA' });

    const first = await client.owners.list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextToken).toEqual(expect.any(String));

    requested.length = 0;
    const owners = await all(client.owners.iterate({ limit: 2 }));
    expect(owners.map((o) => o.name).sort()).toEqual([
      'Barcode Properties ASA',
      'Fjord Eiendom AS',
      'Nord Eiendom AS',
      'Vest Bygg AS',
    ]);
    expect(requested.filter((url) => url.includes('/v1/building_owners?'))).toHaveLength(2);

    // a break stops the paging: no page is fetched that the loop does not read
    requested.length = 0;
    for await (const owner of client.owners.iterate({ limit: 1 })) if (owner) break;
    expect(requested).toHaveLength(1);
  });

  it('creates, renames and lists buildings, and archives one', async () => {
    const ids = [
      await client.buildings.create({ buildingOwnerId }, { name: 'Lager Alnabru' }),
      await client.buildings.create({ buildingOwnerId }, { name: 'Skole Tøyen' }),
    ];
    await client.buildings.update({ buildingOwnerId, buildingId: ids[1]! }, { name: 'Tøyen skole' });
    expect(await client.buildings.get({ buildingOwnerId, buildingId: ids[1]! })).toMatchObject({ name: 'Tøyen skole' });
    await client.buildings.archive({ buildingOwnerId, buildingId: ids[0]! });
    const buildings = await all(client.buildings.iterate({ buildingOwnerId }, { limit: 1 }));
    expect(buildings.map((b) => b.name).sort()).toEqual(['Oslo Office Tower', 'Tøyen skole']);
  });

  it('uploads files in both steps, waits for processing, then lists, reads, searches and asks', async () => {
    const building = { buildingOwnerId, buildingId };
    const brann = await client.documents.upload(building, {
      filename: 'Rapporter/Brannteknisk rapport.pdf',
      body: await makePdf([
        'Brannteknisk rapport for Oslo Office Tower. Bygget er i brannklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      ]),
    });
    const sprinkler = await client.documents.upload(building, {
      filename: 'FDV/Sprinkleranlegg FDV.pdf',
      body: new Blob([await makePdf(['Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.'])]),
    });
    const status = await client.buildings.waitUntilProcessed(building, { intervalMs: 200, timeoutMs: 120_000 });
    expect(status).toMatchObject({ total_documents: 2, processed_documents: 2 });

    const listed = await all(client.documents.iterate(building, { limit: 1, sort_order: 'asc' }));
    expect(listed.map((d) => d.filename)).toEqual(['Brannteknisk rapport.pdf', 'Sprinkleranlegg FDV.pdf']);
    expect(listed[0]).toMatchObject({ id: brann.documentId, originalPath: 'Rapporter/Brannteknisk rapport.pdf' });

    const document = await client.documents.get({ ...building, documentId: brann.documentId });
    expect(document.url).toEqual(expect.stringContaining(brann.documentId));
    expect(document.corrupt).toBe(false);
    const pages = await client.documents.pages({ ...building, documentId: brann.documentId }, { from: 2 });
    expect(pages.pages).toEqual([
      { page_number: 2, pageNumber: 2, ocr: false, text: expect.stringContaining('EI2 30-Sa') },
    ]);

    const hits = await client.search.building(building, { query: 'sprinkleranlegget' });
    expect(hits.hits.map((h) => h.id)).toEqual([sprinkler.documentId]);
    const ownerHits = await client.search.owner(
      { buildingOwnerId },
      { query: 'brannklasse', include_aggregations: true },
    );
    expect(ownerHits.hits.map((h) => h.id)).toEqual([brann.documentId]);
    expect(ownerHits.aggregations).toBeDefined();

    const answer = await client.ask.building(building, {
      query: 'Hvilken brannklasse skal dørene til trapperommene ha?',
    });
    expect(answer.citations['1']).toMatchObject({ document_id: brann.documentId, page_number: 2 });

    const categories = await client.buildings.categories(building);
    const counted = Object.values(categories.categoryCount).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(2);

    await client.documents.update({ ...building, documentId: sprinkler.documentId }, { serialNumber: 'SP-2019-114' });
    expect(await client.documents.get({ ...building, documentId: sprinkler.documentId })).toMatchObject({
      serialNumber: 'SP-2019-114',
    });
    await client.documents.archive({ ...building, documentId: sprinkler.documentId });
    expect((await all(client.documents.iterate(building))).map((d) => d.id)).toEqual([brann.documentId]);
  });

  it('throws refusals as typed problems naming the field or the missing thing', async () => {
    const missing = client.documents.get({ buildingOwnerId, buildingId, documentId: 'doc_does_not_exist' });
    await expect(missing).rejects.toBeInstanceOf(ByggdokApiError);
    const error = await missing.catch((e: unknown) => e);
    expect(isProblem(error, 'document.not_found')).toBe(true);
    expect(error).toMatchObject({ status: 404, problem: { status: 404, detail: expect.any(String) } });

    const invalid = await client.owners.create({ name: '' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, problem: { errors: [expect.objectContaining({ path: '/name' })] } });
    const pages = await client.documents
      .pages({ buildingOwnerId, buildingId, documentId: 'doc_x' }, { from: 3, to: 1 })
      .catch((e: unknown) => e);
    expect(pages).toMatchObject({ status: 400, problem: { errors: [expect.objectContaining({ path: '/to' })] } });
  });

  it('generates a deficiency report and reads it and its items', async () => {
    const building = { buildingOwnerId, buildingId };
    const generated = await client.reports.generate(building, { country: 'NO', version: 'v1' });
    if ('state' in generated) expect(generated).toEqual({ state: 'pending', reportId: expect.any(String) });
    else expect(generated.themes.length).toBeGreaterThan(0);
    const report = await client.reports.get(building, { country: 'NO' });
    expect(report.themes.length).toBeGreaterThan(0);
    const items = await client.reports.items(building);
    expect(JSON.stringify(items)).toContain('TEK17');
  });
});

describe.each(testEngines())('the SDK under the rate limit on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, options: { rateLimit: { enabled: true, max: 2, windowMs: 1000 } } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ key } = await t.seed());
  });
  afterAll(() => t.close());

  it('waits for the Retry-After of a 429 and tries again, so every call succeeds', async () => {
    const seen: { status: number; retryAfter: string | null; at: number }[] = [];
    const client = createByggdokClient({
      baseUrl: base,
      apiKey: key,
      fetch: async (request) => {
        const response = await fetch(request);
        seen.push({ status: response.status, retryAfter: response.headers.get('retry-after'), at: Date.now() });
        return response;
      },
    });
    for (let i = 0; i < 5; i++) expect((await client.owners.list()).items).toHaveLength(1);
    const refusals = seen.flatMap((s, index) => (s.status === 429 ? [index] : []));
    expect(refusals.length).toBeGreaterThan(0);
    for (const index of refusals) {
      const refusal = seen[index]!;
      expect(refusal.retryAfter).toMatch(/^\d+$/);
      // the next attempt came no sooner than the service asked
      expect(seen[index + 1]!.at - refusal.at).toBeGreaterThanOrEqual(Number(refusal.retryAfter) * 1000 - 20);
    }
    expect(seen.at(-1)!.status).toBe(200);
  });

  it('gives the 429 back as a typed problem when retrying is turned off', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a fresh window
    const client = createByggdokClient({ baseUrl: base, apiKey: key, retry: { retries: 0 } });
    const outcomes = await Promise.allSettled([0, 1, 2, 3].map(() => client.owners.list()));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({
      status: 429,
      problem: { status: 429, detail: expect.stringContaining('Rate limit') },
    });
  });
});
