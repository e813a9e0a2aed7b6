import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

interface Passage {
  page_number: number;
  text: string;
  highlights: [number, number][];
}
interface Hit {
  id: string;
  passages?: Passage[];
}

const LONG_PAGE =
  'Innledning. ' +
  'Denne delen beskriver bygget generelt og har ingen relevante ord for søket i det hele tatt, bare fyll. '.repeat(8) +
  'Sprinkleranlegget i kjelleren kontrolleres hvert kvartal av en sertifisert kontrollør. ' +
  'Resten av siden handler om andre ting som heller ikke er relevante for dette søket. '.repeat(8);

describe.each(testEngines())('search passages on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let other: Awaited<ReturnType<TestApp['seed']>>;
  const ids: Record<string, string> = {};
  const pageTexts: Record<string, string[]> = {};

  const search = async (query: Record<string, string | number | boolean>, key = seed.key, owner = seed.ownerId) =>
    t.request({
      method: 'GET',
      url: `/v1/building_owners/${owner}/buildings/${seed.buildingId}/search?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
      key,
    });
  const ownerSearch = async (query: Record<string, string | number | boolean>, key = seed.key) =>
    t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/search?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
      key,
    });
  const hitOf = (body: { hits: Hit[] }, name: string) => body.hits.find((h) => h.id === ids[name]);

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    other = await t.seed();
    pageTexts.manual = [
      'Brannalarmanlegget skal testes hver måned av driftsteknikeren. Brannalarmen varsler alle.',
      'Ingen ord om det her. Bare ventilasjon og filterbytte.',
      'Husk: brannalarmen i 2. etasje har egen sentral, og brannalarmer skal merkes.',
    ];
    ids.manual = await t.upload({ seed, filename: 'FDV/Drift.pdf', bytes: await makePdf(pageTexts.manual) });
    pageTexts.long = [LONG_PAGE];
    ids.long = await t.upload({ seed, filename: 'FDV/Kontrollrutiner.txt', bytes: Buffer.from(LONG_PAGE) });
    ids.titleOnly = await t.upload({
      seed,
      filename: 'Rapporter/Legionella.txt',
      bytes: Buffer.from('Kontroll av varmtvann. Alt i orden.'),
    });
    ids.typo = await t.upload({
      seed,
      filename: 'FDV/Slukkere.txt',
      bytes: Buffer.from('Hver brannslukker kontrolleres årlig; brannslukkerne står ved trappene.'),
    });
    ids.secret = await t.upload({
      seed,
      filename: 'HR/Brannvern.txt',
      bytes: Buffer.from('Brannalarmanlegget og lønnstillegg for brannvernleder.'),
    });
    ids.otherTenant = await t.upload({
      seed: other,
      filename: 'FDV/Annen eier.txt',
      bytes: Buffer.from('Brannalarmanlegget hos en annen eier.'),
    });
    await t.waitForProcessing(Object.values(ids));
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['HR/'] },
    });
  }, 180_000);
  afterAll(() => t.close());

  it('leaves passages out unless asked for, and rejects any value but true or false naming it', async () => {
    const plain = await search({ query: 'brannalarmanlegget' });
    expect(plain.status).toBe(200);
    expect(plain.body.hits.length).toBeGreaterThan(0);
    for (const hit of plain.body.hits as Hit[]) expect(hit).not.toHaveProperty('passages');
    const off = await search({ query: 'brannalarmanlegget', include_passages: false });
    for (const hit of off.body.hits as Hit[]) expect(hit).not.toHaveProperty('passages');
    for (const value of ['yes', '2', 'TRUEISH']) {
      const response = await search({ query: 'brannalarmanlegget', include_passages: value });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(response.body)).toContain('include_passages');
    }
  });

  it('gives each hit verbatim page excerpts with the page number and whole matched words highlighted', async () => {
    const response = await search({ query: 'brannalarm', include_passages: true });
    expect(response.status).toBe(200);
    const hit = hitOf(response.body, 'manual');
    expect(hit?.passages?.length).toBeGreaterThanOrEqual(2);
    const pages = hit!.passages!.map((p) => p.page_number);
    expect(pages).toContain(1);
    expect(pages).toContain(3);
    expect(pages).not.toContain(2);
    for (const passage of hit!.passages!) {
      const page = pageTexts.manual![passage.page_number - 1]!;
      expect(page).toContain(passage.text);
      expect(passage.text.length).toBeLessThanOrEqual(400);
      expect(passage.highlights.length).toBeGreaterThan(0);
      for (const [start, end] of passage.highlights) {
        const word = passage.text.slice(start, end);
        expect(word.toLowerCase()).toMatch(/^brannalarm/);
        // a whole word: no letter just before or after
        expect(passage.text.slice(start - 1, start)).not.toMatch(/\p{L}/u);
        expect(passage.text.slice(end, end + 1)).not.toMatch(/\p{L}/u);
      }
    }
    const third = hit!.passages!.find((p) => p.page_number === 3)!;
    const words = third.highlights.map(([s, e]) => third.text.slice(s, e));
    expect(words).toEqual(['brannalarmen', 'brannalarmer']);
  });

  it('cuts a long page to at most 400 characters at word boundaries around the match', async () => {
    const response = await search({ query: 'sprinkleranlegget', include_passages: true });
    const hit = hitOf(response.body, 'long');
    expect(hit?.passages).toHaveLength(1);
    const passage = hit!.passages![0]!;
    expect(passage.page_number).toBe(1);
    expect(passage.text.length).toBeLessThanOrEqual(400);
    expect(passage.text.length).toBeGreaterThan(200);
    const at = LONG_PAGE.indexOf(passage.text);
    expect(at).toBeGreaterThanOrEqual(0);
    // no word cut in two, and no added ellipsis
    expect(LONG_PAGE.slice(at - 1, at)).not.toMatch(/[\p{L}\p{N}]/u);
    expect(LONG_PAGE.slice(at + passage.text.length, at + passage.text.length + 1)).not.toMatch(/[\p{L}\p{N}]/u);
    expect(passage.text).not.toMatch(/…|\.\.\.$/);
    expect(passage.highlights.map(([s, e]) => passage.text.slice(s, e))).toEqual(['Sprinkleranlegget']);
  });

  it('highlights inflected and typo-corrected forms the query matched', async () => {
    const response = await search({ query: 'brannslukkr', include_passages: true, fuzziness: 'on' });
    const hit = hitOf(response.body, 'typo');
    expect(hit).toBeDefined();
    const passage = hit!.passages![0]!;
    const words = passage.highlights.map(([s, e]) => passage.text.slice(s, e));
    expect(words).toEqual(['brannslukker', 'brannslukkerne']);
  });

  it('gives a hit that matched on its name only an empty list', async () => {
    const response = await search({ query: 'legionella', include_passages: true });
    const hit = hitOf(response.body, 'titleOnly');
    expect(hit?.passages).toEqual([]);
  });

  it("works on the owner-wide route, never shows a private document, and never another owner's", async () => {
    const response = await ownerSearch({ query: 'brannalarmanlegget', include_passages: true });
    expect(response.status).toBe(200);
    const hits = response.body.hits as Hit[];
    expect(hits.map((h) => h.id)).toContain(ids.manual);
    expect(hits.map((h) => h.id)).not.toContain(ids.secret);
    expect(hits.map((h) => h.id)).not.toContain(ids.otherTenant);
    expect(JSON.stringify(hits)).not.toContain('lønnstillegg');
    expect(JSON.stringify(hits)).not.toContain('annen eier');
  });

  it("refuses another owner's key, and this key on another owner's ids", async () => {
    const foreignKey = await search({ query: 'brannalarmanlegget', include_passages: true }, other.key);
    expect([403, 404]).toContain(foreignKey.status);
    expect(JSON.stringify(foreignKey.body)).not.toContain('Brannalarmanlegget');
    const foreignOwner = await search({ query: 'brannalarmanlegget', include_passages: true }, seed.key, other.ownerId);
    expect([403, 404]).toContain(foreignOwner.status);
    expect(JSON.stringify(foreignOwner.body)).not.toContain('Brannalarmanlegget');
  });
});
