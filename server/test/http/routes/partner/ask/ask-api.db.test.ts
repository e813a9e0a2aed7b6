import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

const BRANN_PAGES = [
  'Brannteknisk rapport for Oslo Office Tower\nBygget er plassert i brannklasse 2 og risikoklasse 2.',
  'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.\nDørene mot kjeller og garasje skal ha brannklasse EI2 60.',
  'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.',
];

describe.each(testEngines())('asking questions about the documents on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherBuilding: string;
  const ids: Record<string, string> = {};
  let buildingUrl: string;
  let ownerUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    otherBuilding = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Lagerbygget' },
      })
    ).body;
    buildingUrl = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`;
    ownerUrl = `/v1/building_owners/${seed.ownerId}/ask`;
    const text = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');
    ids.brann = await t.upload({
      seed,
      filename: 'Rapporter/Brannteknisk rapport.pdf',
      bytes: await makePdf(BRANN_PAGES),
    });
    ids.fdv = await t.upload({
      seed,
      filename: 'FDV/FDV ventilasjon.txt',
      bytes: text([
        'FDV-dokumentasjon for ventilasjonsaggregat VA-01.',
        'Aggregatet er levert av Systemair AS og står i teknisk rom på taket.',
        'Filteret i aggregatet skal byttes hver sjette måned.',
      ]),
    });
    ids.fdvCopy = await t.upload({
      seed,
      filename: 'FDV/Eldre FDV ventilasjon.txt',
      bytes: text(['Eldre utgave: Filteret i aggregatet skal byttes hver tolvte måned, ifølge forrige leverandør.']),
    });
    ids.hr = await t.upload({
      seed,
      filename: 'HR/Lønnsoversikt.txt',
      bytes: text(['Vaktmester Ola Hansen har en årslønn på 612 000 kroner.']),
    });
    ids.heis = await t.upload({
      seed,
      filename: 'Arkiv/Gammel heisrapport.txt',
      bytes: text(['Heisen ble sist kontrollert i mars 2021 av Kone AS.']),
    });
    ids.manual = await t.upload({
      seed,
      filename: 'Manuals/Elevator manual.txt',
      bytes: text([
        'Maintenance manual. The elevator must be inspected by a certified technician every twelve months.',
      ]),
    });
    ids.garasje = await t.upload({
      seed,
      filename: 'Drift/Garasje.txt',
      bytes: text(['Kjelleren har plass til 40 biler og har egen ladestasjon.']),
    });
    ids.tak = await t.upload({
      seed: { ...seed, buildingId: otherBuilding },
      filename: 'Tak/Takrapport.txt',
      bytes: text(['Taket på lagerbygget ble tekket med sedumtak i 2015.']),
    });
    await t.waitForProcessing(Object.values(ids), 60_000);
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['HR/'] },
    });
    await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.heis}`,
      key: seed.key,
    });
  }, 90_000);
  afterAll(() => t.close());

  async function ask(params: { url?: string; query?: Record<string, string>; body?: unknown; key?: string }) {
    const search = new URLSearchParams(params.query ?? {}).toString();
    return t.request({
      method: 'POST',
      url: `${params.url ?? buildingUrl}${search ? `?${search}` : ''}`,
      key: params.key ?? seed.key,
      ...(params.body !== undefined ? { payload: params.body as Record<string, unknown> } : {}),
    });
  }

  async function pageText(documentId: string, pageNumber: number): Promise<string> {
    const row = await t.deps.database.db
      .selectFrom('document_pages')
      .select('text')
      .where('document_id', '=', documentId)
      .where('page_number', '=', pageNumber)
      .executeTakeFirstOrThrow();
    return row.text;
  }

  /** every marker has its citation, every citation is used, and each quotes its page verbatim */
  async function expectVerifiedCitations(body: any): Promise<void> {
    const markers = new Set([...String(body.answer).matchAll(/\[(\d+)\]/g)].map((m) => m[1]));
    expect(new Set(Object.keys(body.citations))).toEqual(markers);
    for (const citation of Object.values<any>(body.citations)) {
      const text = await pageText(citation.document_id, citation.page_number ?? 1);
      expect(text).toContain(citation.cited_text);
    }
    const cited = new Set(Object.values(body.citations).map((c: any) => c.document_id));
    expect(new Set(body.cited_documents.map((d: any) => d.id))).toEqual(cited);
  }

  it('answers with the passage quoted exactly as it stands, and the page it is on', async () => {
    const response = await ask({ query: { query: 'Hvilken brannklasse skal dørene til trapperommene ha?' } });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.answer).toContain('EI2 30-Sa');
    expect(body.answer).toMatch(/\[1\]/);
    expect(body.citations['1']).toEqual({
      cited_text: 'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      document_id: ids.brann,
      page_number: 2,
      superseded_by: null,
    });
    expect(body.cited_documents[0]).toEqual({
      id: ids.brann,
      filename: 'Brannteknisk rapport.pdf',
      building_id: seed.buildingId,
    });
    expect(body.thread_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.follow_up_suggestions.length).toBeGreaterThanOrEqual(2);
    expect(body.follow_up_suggestions.length).toBeLessThanOrEqual(3);
    await expectVerifiedCitations(body);
  });

  it('leaves out the page number for documents without real pages', async () => {
    const response = await ask({ body: { query: 'Hvem leverte ventilasjonsaggregatet?' } });
    expect(response.body.citations['1']).toMatchObject({ document_id: ids.fdv });
    expect(response.body.citations['1']).not.toHaveProperty('page_number');
    expect(response.body.answer).toContain('Systemair AS');
    await expectVerifiedCitations(response.body);
  });

  it('suggests follow-up questions that the documents can answer', async () => {
    const first = await ask({ body: { query: 'Hvem leverte sprinkleranlegget?' } });
    for (const suggestion of first.body.follow_up_suggestions as string[]) {
      const followUp = await ask({ body: { query: suggestion } });
      expect(Object.keys(followUp.body.citations).length, suggestion).toBeGreaterThan(0);
    }
  });

  it('says plainly, in the language asked for, when the documents do not hold the answer', async () => {
    const norwegian = await ask({ body: { query: 'Hva er hovedstaden i Frankrike?' } });
    expect(norwegian.body.answer).toBe('Jeg fant ikke svaret på dette i dokumentene.');
    expect(norwegian.body.citations).toEqual({});
    expect(norwegian.body.cited_documents).toEqual([]);
    const nynorsk = await ask({ body: { query: 'Kva er hovudstaden i Frankrike?' } });
    expect(nynorsk.body.answer).toBe('Eg fann ikkje svaret på dette i dokumenta.');
    const english = await ask({ body: { query: 'What is the capital of France?' } });
    expect(english.body.answer).toBe('I could not find the answer to this in the documents.');
    const asked = await ask({ body: { query: 'Hva er hovedstaden i Frankrike?', language: 'en' } });
    expect(asked.body.answer).toBe('I could not find the answer to this in the documents.');
  });

  it('does not pass off a sentence that only shares some words of the question as its answer', async () => {
    // "levert" and "taket" stand in the ventilation FDV; nothing in the building mentions solar panels or heat pumps
    const response = await ask({ body: { query: 'Hvem leverte solcellepanelene og varmepumpen på taket?' } });
    expect(response.body.answer).toBe('Jeg fant ikke svaret på dette i dokumentene.');
    expect(response.body.citations).toEqual({});
    const answerable = await ask({ body: { query: 'Hvem leverte aggregatet på taket?' } });
    expect(answerable.body.answer).toContain('Systemair AS');
  });

  it('answers in the language asked for, quoting the documents in theirs', async () => {
    const english = await ask({ body: { query: 'Hvem leverte sprinkleranlegget?', language: 'en' } });
    expect(english.body.answer).toMatch(/^The documents say: .*Firesafe AS/);
    expect(english.body.follow_up_suggestions[0]).toMatch(/^What (do the documents say about |does the section )/);
    const bokmal = await ask({ body: { query: 'How often must the elevator be inspected?', language: 'no' } });
    expect(bokmal.body.answer).toMatch(/^Dokumentene sier: .*every twelve months/);
    const asIs = await ask({ body: { query: 'How often must the elevator be inspected?' } });
    expect(asIs.body.answer).not.toMatch(/^The documents say/);
    expect(asIs.body.citations['1'].document_id).toBe(ids.manual);
  });

  it('reads parameters from the query string or the JSON body, and the body wins', async () => {
    const both = await ask({
      query: { query: 'Hvem leverte sprinkleranlegget?', mode: 'deep' },
      body: { query: 'Hvor ofte skal filteret i aggregatet byttes?', mode: 'fast' },
    });
    expect(both.status).toBe(200);
    expect(both.body.citations['1'].document_id).toBe(ids.fdv);
    expect(Object.keys(both.body.citations)).toHaveLength(1);
    const inQuery = await ask({ query: { query: 'Hvem leverte sprinkleranlegget?', stream: 'false' } });
    expect(inQuery.body.citations['1'].document_id).toBe(ids.brann);
  });

  it('refuses invalid parameters with 400 and names each one', async () => {
    const cases: [Parameters<typeof ask>[0], string][] = [
      [{ body: {} }, '/query'],
      [{ body: { query: '' } }, '/query'],
      [{ body: { query: 'x'.repeat(5001) } }, '/query'],
      [{ body: { query: '   ' } }, '/query'],
      [{ body: { query: 'Hei', language: 'de' } }, '/language'],
      [{ body: { query: 'Hei', mode: 'slow' } }, '/mode'],
      [{ query: { query: 'Hei', reasoning_effort: 'max' } }, '/reasoning_effort'],
      [{ body: { query: 'Hei', stream: 'yes' } }, '/stream'],
      [{ body: { query: 'Hei', thread_id: 'not-a-uuid' } }, '/thread_id'],
      [
        { body: { query: 'Hei', attached_document_ids: Array.from({ length: 51 }, (_, i) => `d${i}`) } },
        '/attached_document_ids',
      ],
      [{ body: { query: 'Hei', colour: 'red' } }, '/colour'],
      [{ body: { query: 'Hei', use_agentic_rag: false } }, '/use_agentic_rag'],
      [{ query: { query: 'Hei', use_agentic_rag: 'false' } }, '/use_agentic_rag'],
      [
        { url: ownerUrl, body: { query: 'Hei', building_ids: Array.from({ length: 101 }, (_, i) => `b${i}`) } },
        '/building_ids',
      ],
    ];
    for (const [params, path] of cases) {
      const response = await ask(params);
      expect(response.status, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('accepts the deprecated parameters: use_agentic_rag=true, and reasoning_effort unless mode is set', async () => {
    const question = 'Hvor ofte skal filteret i aggregatet byttes?';
    const agentic = await ask({ body: { query: question, use_agentic_rag: true } });
    expect(agentic.status).toBe(200);
    // fast gives one sentence; deep, and reasoning_effort=high without a mode, give the closest others too
    const fast = await ask({ body: { query: question, mode: 'fast' } });
    expect(Object.keys(fast.body.citations)).toHaveLength(1);
    const deep = await ask({ body: { query: question, mode: 'deep' } });
    expect(Object.keys(deep.body.citations).length).toBeGreaterThan(1);
    const high = await ask({ body: { query: question, reasoning_effort: 'high' } });
    expect(high.body.answer).toBe(deep.body.answer);
    const ignored = await ask({ body: { query: question, reasoning_effort: 'high', mode: 'fast' } });
    expect(ignored.body.answer).toBe(fast.body.answer);
  });

  it('always uses attached documents, and only readable ones', async () => {
    const question = 'Hvor ofte skal filteret i aggregatet byttes?';
    const plain = await ask({ body: { query: question, mode: 'fast' } });
    expect(plain.body.citations['1'].document_id).toBe(ids.fdv);
    const attached = await ask({ body: { query: question, mode: 'fast', attached_document_ids: [ids.fdvCopy] } });
    expect(attached.body.citations['1'].document_id).toBe(ids.fdvCopy);
    await expectVerifiedCitations(attached.body);
    for (const unreadable of [ids.hr, ids.heis, ids.tak, '01900000-0000-7000-8000-000000000000', 'nope']) {
      const response = await ask({ body: { query: question, attached_document_ids: [unreadable] } });
      expect(response.status, unreadable).toBe(404);
      expect(response.body.code).toBe('document.not_found');
    }
  });

  it('never uses documents in private folders or archived ones', async () => {
    const salary = await ask({ body: { query: 'Hva er årslønnen til vaktmester Ola Hansen?' } });
    expect(JSON.stringify(salary.body)).not.toContain('612 000');
    expect(Object.values(salary.body.citations).map((c: any) => c.document_id)).not.toContain(ids.hr);
    const lift = await ask({ body: { query: 'Når ble heisen sist kontrollert av Kone AS?' } });
    expect(JSON.stringify(lift.body)).not.toContain('mars 2021');
    const ownerWide = await ask({ url: ownerUrl, body: { query: 'Hva er årslønnen til vaktmester Ola Hansen?' } });
    expect(JSON.stringify(ownerWide.body)).not.toContain('612 000');
  });

  it('asks across an owner: every readable building, or the ones named', async () => {
    const all = await ask({ url: ownerUrl, body: { query: 'Hva slags tak har lagerbygget?' } });
    expect(all.status).toBe(200);
    expect(all.body.citations['1'].document_id).toBe(ids.tak);
    expect(all.body.answer).toContain('sedumtak');
    const named = await ask({
      url: ownerUrl,
      body: { query: 'Hva slags tak har lagerbygget?', building_ids: [seed.buildingId] },
    });
    expect(Object.values(named.body.citations).map((c: any) => c.document_id)).not.toContain(ids.tak);
    const unknown = await ask({ url: ownerUrl, body: { query: 'Hei', building_ids: [otherBuilding, 'bld_unknown'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('building.not_found');
    const missingOwner = await ask({ url: '/v1/building_owners/own_unknown/ask', body: { query: 'Hei' } });
    expect(missingOwner.status).toBe(404);
  });

  it('keeps a building-scoped key to its buildings: 403 for another, and never cites outside them', async () => {
    const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [seed.buildingId] });
    const forbidden = await ask({
      url: ownerUrl,
      key: scoped.key,
      body: { query: 'Hva slags tak har lagerbygget?', building_ids: [seed.buildingId, otherBuilding] },
    });
    expect(forbidden.status).toBe(403);
    const otherBuildingAsk = await ask({
      url: `/v1/building_owners/${seed.ownerId}/buildings/${otherBuilding}/ask`,
      key: scoped.key,
      body: { query: 'Hva slags tak har lagerbygget?' },
    });
    expect(otherBuildingAsk.status).toBe(403);
    const ownerWide = await ask({ url: ownerUrl, key: scoped.key, body: { query: 'Hva slags tak har lagerbygget?' } });
    expect(ownerWide.status).toBe(200);
    expect(JSON.stringify(ownerWide.body)).not.toContain('sedumtak');
    const unauthenticated = await t.request({ method: 'POST', url: buildingUrl, payload: { query: 'Hei' } });
    expect(unauthenticated.status).toBe(401);
  });

  it('continues a thread: the earlier question informs the next one', async () => {
    const first = await ask({ body: { query: 'Hvilken brannklasse skal dørene til trapperommene ha?' } });
    const alone = await ask({ body: { query: 'Og kjelleren?' } });
    expect(alone.body.citations['1'].document_id).toBe(ids.garasje);
    const followUp = await ask({ body: { query: 'Og kjelleren?', thread_id: first.body.thread_id } });
    expect(followUp.status).toBe(200);
    expect(followUp.body.thread_id).toBe(first.body.thread_id);
    expect(followUp.body.answer).toContain('EI2 60');
    expect(followUp.body.citations['1']).toMatchObject({ document_id: ids.brann, page_number: 2 });
    // a session token of the same key continues it too
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: {},
    });
    const withToken = await t.request({
      method: 'POST',
      url: buildingUrl,
      token: session.body.token,
      payload: { query: 'Og i 1. etasje?', thread_id: first.body.thread_id },
    });
    expect(withToken.status).toBe(200);
  });

  it('keeps threads to their key, owner and building: anyone else gets 404', async () => {
    const started = await ask({ body: { query: 'Hvem leverte sprinkleranlegget?' } });
    const threadId = started.body.thread_id;
    const otherKey = await t.createKey({ partnerId: seed.partnerId });
    const asOther = await ask({ key: otherKey.key, body: { query: 'Når?', thread_id: threadId } });
    expect(asOther.status).toBe(404);
    expect(asOther.body.code).toBe('thread.not_found');
    const otherOwner = (
      await t.request({ method: 'POST', url: '/v1/building_owners', key: seed.key, payload: { name: 'Annen eier' } })
    ).body.id;
    const elsewhere = await ask({
      url: `/v1/building_owners/${otherOwner}/ask`,
      body: { query: 'Når?', thread_id: threadId },
    });
    expect(elsewhere.status).toBe(404);
    const otherBuildingAsk = await ask({
      url: `/v1/building_owners/${seed.ownerId}/buildings/${otherBuilding}/ask`,
      body: { query: 'Når?', thread_id: threadId },
    });
    expect(otherBuildingAsk.status).toBe(404);
    const unknown = await ask({ body: { query: 'Når?', thread_id: '01900000-0000-7000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
  });

  it('serves the same route without /v1 and with a trailing slash', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask/?query=${encodeURIComponent('Hvem leverte sprinkleranlegget?')}`,
      key: seed.key,
    });
    expect(response.status).toBe(200);
    expect(response.body.citations['1'].document_id).toBe(ids.brann);
  });
});
