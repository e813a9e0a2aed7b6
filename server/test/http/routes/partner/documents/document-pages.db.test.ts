import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

interface PagesBody {
  pageCount: number | null;
  pages: { page_number: number; pageNumber: number; text: string }[];
  nextToken: string | null;
}

/** The page text citations quote, as decisions.md fixes it: `page_number`, `text`, and `nextToken` paging. */
describe.each(testEngines())("a document's pages on %s", (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let other: Awaited<ReturnType<TestApp['seed']>>;
  let manual = '';
  let short = '';
  const url = (documentId: string, query = '', s = seed) =>
    `/v1/building_owners/${s.ownerId}/buildings/${s.buildingId}/documents/${documentId}/pages${query}`;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    other = await t.seed();
    const pages = Array.from({ length: 61 }, (_, i) => `Kapittel ${i + 1}\nSide ${i + 1} av driftsinstruksen.`);
    manual = await t.upload({ seed, filename: 'FDV/Driftsinstruks.pdf', bytes: await makePdf(pages) });
    short = await t.upload({ seed, filename: 'FDV/Kort.pdf', bytes: await makePdf(['Bare en side.']) });
    await t.waitForProcessing([manual, short]);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('reads a long manual page by page through nextToken, every page once, in order', async () => {
    const seen: number[] = [];
    let token: string | null = null;
    let calls = 0;
    do {
      const query: string = token ? `?next_token=${encodeURIComponent(token)}` : '';
      const response = await t.request({ method: 'GET', url: url(manual, query), key: seed.key });
      expect(response.status).toBe(200);
      const body = response.body as PagesBody;
      expect(body.pageCount).toBe(61);
      for (const page of body.pages) {
        expect(page.page_number).toBe(page.pageNumber);
        expect(page.text).toContain(`Side ${page.page_number} av driftsinstruksen.`);
        seen.push(page.page_number);
      }
      token = body.nextToken;
      calls++;
    } while (token && calls < 5);
    expect(calls).toBe(2);
    expect(seen).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
  });

  it('answers nextToken null for a short document and for an explicit range', async () => {
    const one = await t.request({ method: 'GET', url: url(short), key: seed.key });
    expect((one.body as PagesBody).pages.map((p) => p.page_number)).toEqual([1]);
    expect((one.body as PagesBody).nextToken).toBeNull();
    const range = await t.request({ method: 'GET', url: url(manual, '?from=3&to=4'), key: seed.key });
    expect((range.body as PagesBody).pages.map((p) => p.page_number)).toEqual([3, 4]);
    expect((range.body as PagesBody).nextToken).toBeNull();
  });

  it("refuses a forged token, another document's token and another owner's key", async () => {
    const first = (await t.request({ method: 'GET', url: url(manual), key: seed.key })).body as PagesBody;
    const forged = await t.request({ method: 'GET', url: url(manual, '?next_token=forged.token'), key: seed.key });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('next_token');
    // a token of the manual replayed against another document is refused, not read from page 51 of that one
    const swapped = await t.request({
      method: 'GET',
      url: url(short, `?next_token=${encodeURIComponent(first.nextToken!)}`),
      key: seed.key,
    });
    expect(swapped.status).toBe(400);
    const stranger = await t.request({ method: 'GET', url: url(manual, '', other), key: other.key });
    expect(stranger.status).toBe(404);
    const foreignOwner = await t.request({ method: 'GET', url: url(manual), key: other.key });
    expect(foreignOwner.status).toBe(403);
  });
});
