import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../../helpers/ask-fixtures.js';
import { makePdf } from '../../../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

describe.each(testEngines())('ask threads listed and resumed on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let base: string;
  let buildingThread: string;
  let ownerThread: string;
  const answers: any[] = [];

  const ask = async (url: string, payload: Record<string, unknown>, key = seed.key) => {
    const response = await t.request({ method: 'POST', url, key, payload });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    base = `/v1/building_owners/${seed.ownerId}`;
    const id = await t.upload({
      seed,
      filename: 'Rapporter/Brannteknisk rapport.pdf',
      bytes: await makePdf([
        'Brannteknisk rapport for Oslo Office Tower. Bygget er i brannklasse 2.',
        'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.',
      ]),
    });
    await t.waitForProcessing([id], 60_000);
    const buildingAsk = `${base}/buildings/${seed.buildingId}/ask`;
    answers.push(await ask(buildingAsk, { query: 'Hvem leverte sprinkleranlegget?' }));
    buildingThread = answers[0].thread_id;
    answers.push(await ask(buildingAsk, { query: 'Hvilken brannklasse har bygget?', thread_id: buildingThread }));
    ownerThread = (await ask(`${base}/ask`, { query: 'Hvem leverte sprinkleranlegget?' })).thread_id;
  }, 120_000);
  afterAll(() => t.close());

  it('lists the building thread with its first question and number of turns, apart from the owner-wide one', async () => {
    const building = await t.request({
      url: `${base}/ask/threads?building_id=${seed.buildingId}`,
      key: seed.key,
    });
    expect(building.status).toBe(200);
    expect(building.body.threads).toEqual([
      expect.objectContaining({
        thread_id: buildingThread,
        building_id: seed.buildingId,
        first_question: 'Hvem leverte sprinkleranlegget?',
        turns: 2,
      }),
    ]);
    const across = await t.request({ url: `${base}/ask/threads`, key: seed.key });
    expect(across.body.threads.map((thread: any) => thread.thread_id)).toEqual([ownerThread]);
    expect(across.body.threads[0].building_id).toBeNull();
  });

  it('gives back every turn with the answer and its citations as they were streamed, to read and continue', async () => {
    const response = await t.request({ url: `${base}/ask/threads/${buildingThread}`, key: seed.key });
    expect(response.status).toBe(200);
    expect(response.body.turns.map((turn: any) => turn.query)).toEqual([
      'Hvem leverte sprinkleranlegget?',
      'Hvilken brannklasse har bygget?',
    ]);
    response.body.turns.forEach((turn: any, index: number) => {
      expect(turn.answer.answer).toBe(answers[index].answer);
      expect(turn.answer.citations).toEqual(answers[index].citations);
      expect(turn.answer.cited_documents).toEqual(answers[index].cited_documents);
    });
    expect(Object.keys(response.body.turns[0].answer.citations).length).toBeGreaterThan(0);
    // the thread goes on from where it stood
    const next = await ask(`${base}/buildings/${seed.buildingId}/ask`, {
      query: 'Hvilket år ble det levert?',
      thread_id: buildingThread,
    });
    expect(next.thread_id).toBe(buildingThread);
    const again = await t.request({ url: `${base}/ask/threads/${buildingThread}`, key: seed.key });
    expect(again.body.turns).toHaveLength(3);
  });

  it('lists the thread last asked in first: a follow-up moves its thread up, with the time of that turn', async () => {
    const first = await ask(`${base}/ask`, { query: 'Hvilken brannklasse har bygget?' });
    const second = await ask(`${base}/ask`, { query: 'Hvem leverte sprinkleranlegget?' });
    const listed = async () =>
      (await t.request({ url: `${base}/ask/threads`, key: seed.key })).body.threads.map((thread: any) => ({
        id: thread.thread_id,
        updated: Date.parse(thread.updated_at),
      }));
    const before = await listed();
    expect(before.map((thread: any) => thread.id).slice(0, 2)).toEqual([second.thread_id, first.thread_id]);
    await ask(`${base}/ask`, { query: 'Hvilket år ble det levert?', thread_id: first.thread_id });
    const after = await listed();
    expect(after.map((thread: any) => thread.id).slice(0, 2)).toEqual([first.thread_id, second.thread_id]);
    expect(after[0].updated).toBeGreaterThan(before.find((thread: any) => thread.id === first.thread_id).updated);
  });

  it("never shows one key's threads to another key of the same owner", async () => {
    const other = await t.createKey({ partnerId: seed.partnerId, buildingOwnerIds: [seed.ownerId] });
    const list = await t.request({ url: `${base}/ask/threads?building_id=${seed.buildingId}`, key: other.key });
    expect(list.status).toBe(200);
    expect(list.body.threads).toEqual([]);
    const read = await t.request({ url: `${base}/ask/threads/${buildingThread}`, key: other.key });
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('thread.not_found');
  });

  it('answers an unknown thread with 404 and a malformed id with a 400 naming the field', async () => {
    const unknown = await t.request({ url: `${base}/ask/threads/0190a3c4-0000-7000-8000-000000000000`, key: seed.key });
    expect(unknown.status).toBe(404);
    const malformed = await t.request({ url: `${base}/ask/threads/not-a-thread`, key: seed.key });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('threadId');
  });

  it('reads back a notice instead of an answer, and none of its citations, once a document it cited is made private', async () => {
    const cited = async () => {
      const read = await t.request({ url: `${base}/ask/threads/${buildingThread}`, key: seed.key });
      expect(read.status).toBe(200);
      return read.body.turns[0].answer;
    };
    const before = await cited();
    expect(Object.keys(before.citations).length).toBeGreaterThan(0);
    expect(before.answer).toContain('Firesafe AS');
    const building = `${base}/buildings/${seed.buildingId}`;
    const hide = await t.request({
      method: 'PATCH',
      url: building,
      key: seed.key,
      payload: { privateFolders: ['Rapporter/'] },
    });
    expect(hide.status).toBe(200);
    const hidden = await cited();
    // the answer's words were the document's: they go with its citations
    expect(hidden.answer).toBe(
      'Dette svaret vises ikke lenger: et dokument det bygger på, er ikke lenger tilgjengelig for deg.',
    );
    expect(hidden.citations).toEqual({});
    expect(hidden.cited_documents).toEqual([]);
    expect(JSON.stringify(hidden)).not.toContain('Brannteknisk rapport');
    expect(JSON.stringify(hidden)).not.toContain('Firesafe');
    // opened again, they are back
    await t.request({ method: 'PATCH', url: building, key: seed.key, payload: { privateFolders: [] } });
    expect(await cited()).toEqual(before);
  });

  it("reads back a notice in the answer's language instead of an answer from a document archived since", async () => {
    const heis = await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'Heis/Elevator log.txt',
      pages: ['The elevator was supplied by Otis in 2015 and its logbook is kept in the machine room.'],
    });
    const first = await ask(`${base}/buildings/${seed.buildingId}/ask`, { query: 'Who supplied the elevator?' });
    expect(first.cited_documents.map((d: any) => d.id)).toEqual([heis]);
    expect(first.answer).toContain('Otis');
    const archived = await t.request({
      method: 'DELETE',
      url: `${base}/buildings/${seed.buildingId}/documents/${heis}`,
      key: seed.key,
    });
    expect(archived.status).toBe(200);
    const read = await t.request({ url: `${base}/ask/threads/${first.thread_id}`, key: seed.key });
    expect(read.status).toBe(200);
    expect(read.body.turns).toEqual([
      {
        query: 'Who supplied the elevator?',
        created_at: expect.any(String),
        answer: {
          answer: 'This answer is no longer shown: a document it was written from is no longer available to you.',
          thread_id: first.thread_id,
          citations: {},
          cited_documents: [],
        },
      },
    ]);
  });

  it('reads back a notice once a document the answer was written from without citing it is made private', async () => {
    const supplied = await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'Ventilasjon/Leveranse.txt',
      pages: ['Ventilasjonsaggregatet ble levert av Systemair i 2018.'],
    });
    const serviced = await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'Drift/Servicelogg.txt',
      pages: ['Ventilasjonsaggregatet ble sist kontrollert av Caverion i 2023.'],
    });
    const first = await ask(`${base}/buildings/${seed.buildingId}/ask`, {
      query: 'Hvem leverte ventilasjonsaggregatet?',
      mode: 'fast',
    });
    expect(first.cited_documents.map((d: any) => d.id)).toEqual([supplied]);
    const threadId = first.thread_id;
    // the service log was among the passages the answerer read, though the answer does not cite it
    const stored = () =>
      t.deps.database.db.selectFrom('ask_turns').select(['id', 'read_document_ids']).where('thread_id', '=', threadId);
    const [turn] = await stored().execute();
    expect(turn!.read_document_ids).toContain(serviced);
    const readAnswer = async () => {
      const read = await t.request({ url: `${base}/ask/threads/${threadId}`, key: seed.key });
      expect(read.status).toBe(200);
      return read.body.turns[0].answer;
    };
    const before = await readAnswer();
    expect(before.answer).toContain('Systemair');
    const withheld = {
      answer: 'Dette svaret vises ikke lenger: et dokument det bygger på, er ikke lenger tilgjengelig for deg.',
      thread_id: threadId,
      citations: {},
      cited_documents: [],
    };
    const building = `${base}/buildings/${seed.buildingId}`;
    const setPrivateFolders = async (privateFolders: string[]) => {
      const patched = await t.request({ method: 'PATCH', url: building, key: seed.key, payload: { privateFolders } });
      expect(patched.status).toBe(200);
    };
    try {
      await setPrivateFolders(['Drift/']);
      expect(await readAnswer()).toEqual(withheld);
      await setPrivateFolders([]);
      expect(await readAnswer()).toEqual(before);

      // a turn stored before the documents read were recorded is judged by those it cites, as it was then
      await t.deps.database.db
        .updateTable('ask_turns')
        .set({ read_document_ids: [] })
        .where('id', '=', turn!.id)
        .execute();
      await setPrivateFolders(['Drift/']);
      expect(await readAnswer()).toEqual(before);
      await setPrivateFolders(['Drift/', 'Ventilasjon/']);
      expect(await readAnswer()).toEqual(withheld);
    } finally {
      await setPrivateFolders([]);
    }
    expect(await readAnswer()).toEqual(before);
  });
});
