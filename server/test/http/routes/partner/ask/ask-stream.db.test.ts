import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';
import { insertDocument, readAskStream } from '../../../../helpers/ask-fixtures.js';

describe.each(testEngines())('answers streamed as Server-Sent Events on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  let url: string;
  let brann: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    brann = await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'Rapporter/Brannteknisk rapport.pdf',
      fileKind: 'pdf',
      pages: [
        'Brannteknisk rapport for Oslo Office Tower. Bygget er i brannklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa. Dørene mot kjelleren skal ha brannklasse EI2 60.',
        'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.',
      ],
    });
    await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'FDV/Ventilasjon.txt',
      pages: ['Aggregatet er levert av Systemair AS. Filteret i aggregatet skal byttes hver sjette måned.'],
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${base}/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`;
  });
  afterAll(() => t.close());

  it('streams start, actions, thinking, text and a finish that is exactly the JSON answer', async () => {
    const body = { query: 'Hvilken brannklasse skal dørene til trapperommene ha?', stream: true };
    const { events, contentType } = await readAskStream({ url, key: seed.key, body });
    expect(contentType).toContain('text/event-stream');
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('finish');
    expect(types).toContain('action');
    expect(types).toContain('thinking');
    expect(types.indexOf('text')).toBeGreaterThan(types.lastIndexOf('action'));
    const start = events[0]!.data;
    const finish = events.at(-1)!.data;
    expect(start).toEqual({ thread_id: finish.thread_id });
    const actions = events.filter((e) => e.type === 'action').map((e) => e.data);
    expect(actions[0]).toEqual({ state: 'started', value: `searching documents: "${body.query}"`, result: null });
    expect(actions.at(-1)).toMatchObject({
      state: 'completed',
      value: actions[0].value,
      result: expect.stringMatching(/passages/),
    });
    const text = events
      .filter((e) => e.type === 'text')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe(finish.answer);
    expect(finish.citations['1']).toEqual({
      cited_text: 'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
      document_id: brann,
      page_number: 2,
      superseded_by: null,
    });

    // the same question without streaming: the same answer, field for field (a new thread, so a new thread_id)
    const plain = await fetch(url, {
      method: 'POST',
      headers: { 'x-api-key': seed.key, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: false }),
    });
    expect(plain.headers.get('content-type')).toContain('application/json');
    const json = (await plain.json()) as Record<string, unknown>;
    expect({ ...json, thread_id: finish.thread_id }).toEqual(finish);
    expect(Object.keys(json)).toEqual(Object.keys(finish));
  });

  it('takes stream=true from the query string too', async () => {
    const { events } = await readAskStream({
      url: `${url}?stream=true&query=${encodeURIComponent('Hvem leverte sprinkleranlegget?')}`,
      key: seed.key,
      body: {},
    });
    expect(events.at(-1)!.data.answer).toContain('Firesafe AS');
  });

  it('continues a thread over the stream', async () => {
    const first = await readAskStream({
      url,
      key: seed.key,
      body: { query: 'Hvem leverte sprinkleranlegget?', stream: true },
    });
    const threadId = first.events[0]!.data.thread_id;
    const next = await readAskStream({
      url,
      key: seed.key,
      body: { query: 'Hvilke etasjer dekker det?', thread_id: threadId, stream: true },
    });
    expect(next.events[0]!.data.thread_id).toBe(threadId);
    expect(next.events.at(-1)!.data.answer).toContain('alle etasjer');
  });

  it('refuses a bad ask before streaming, as problem+json', async () => {
    const unknownBuilding = await fetch(
      `${base}/v1/building_owners/${seed.ownerId}/buildings/bld_nope/ask?stream=true`,
      {
        method: 'POST',
        headers: { 'x-api-key': seed.key, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'Hei' }),
      },
    );
    expect(unknownBuilding.status).toBe(404);
    expect(unknownBuilding.headers.get('content-type')).toContain('application/problem+json');
    const deprecated = await fetch(`${url}?stream=true&use_agentic_rag=false&query=Hei`, {
      method: 'POST',
      headers: { 'x-api-key': seed.key },
    });
    expect(deprecated.status).toBe(400);
  });
});
