import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';
import { insertDocument, readAskStream } from '../../../../helpers/ask-fixtures.js';
import {
  labelOf,
  openAi,
  startFakeModelServer,
  writeEvents,
  type FakeModelServer,
} from '../../../../ask/fake-llm-servers.js';

const KEY = 'sk-e2e-secret-key-0123456789';
const SPRINKLER = 'Sprinkleranlegget ble levert av Firesafe AS i 2019 og dekker alle etasjer.';

describe.each(testEngines())('answers written by a language model on %s', (engine) => {
  let t: TestApp;
  let server: FakeModelServer;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let url: string;
  let brann: string;

  beforeAll(async () => {
    server = await startFakeModelServer();
    t = await createTestApp({
      engine,
      settings: {
        llm: { provider: 'openai', baseUrl: `${server.url}/v1`, apiKey: KEY, model: 'gpt-test', timeoutMs: 800 },
      },
    });
    seed = await t.seed();
    brann = await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'Rapporter/Brannteknisk rapport.pdf',
      fileKind: 'pdf',
      pages: [
        'Brannteknisk rapport for Oslo Office Tower. Bygget er i brannklasse 2.',
        'Dørene til trapperommene skal ha brannklasse EI2 30-Sa.',
        SPRINKLER,
      ],
    });
    await insertDocument({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingId: seed.buildingId,
      path: 'HR/Lønn.txt',
      pages: ['Sprinkleranlegget er betalt av vaktmester Ola Hansen, som tjener 612 000 kroner.'],
    });
    await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['HR/'] },
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${base}/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  /** A model that searches and reads a page first, then answers: one right citation, two it must not keep. */
  function agenticModel(): void {
    server.handle(async (request, response) => {
      const messages = request.body.messages as any[];
      if (!messages.some((m) => m.role === 'tool')) {
        const documentId = /document_id=([0-9a-f-]{36})/.exec(JSON.stringify(messages))?.[1] ?? 'none';
        await writeEvents(response, [
          openAi.reasoning('Jeg må finne leverandøren.'),
          openAi.toolCallStart(0, 'call_1', 'search_documents'),
          openAi.toolCallArguments(0, '{"query": "sprinkler lev'),
          openAi.toolCallArguments(0, 'ert"}'),
          openAi.toolCallStart(1, 'call_2', 'read_page'),
          openAi.toolCallArguments(1, JSON.stringify({ document_id: documentId, page_number: 3 })),
          openAi.toolCallStart(2, 'call_3', 'delete_everything'),
          openAi.finish('tool_calls'),
          openAi.done,
        ]);
        return;
      }
      const label = labelOf(request.body, 'Firesafe AS') ?? 'S0';
      const answer = `Sprinkleranlegget ble levert av Firesafe AS i 2019 [${label}]. Heisen er fra Otis [${label}]. Lønnen er 612 000 kroner [S99].`;
      const pieces = answer.match(/.{1,7}/gs) ?? [];
      await writeEvents(response, [...pieces.map((p) => openAi.text(p)), openAi.finish('stop'), openAi.done]);
    });
  }

  const expectedAnswer =
    'Sprinkleranlegget ble levert av Firesafe AS i 2019 [1]. Heisen er fra Otis. Lønnen er 612 000 kroner.';

  it('lets the model search and read pages, and keeps only the citations that hold', async () => {
    agenticModel();
    const response = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key: seed.key,
      payload: { query: 'Hvem leverte sprinkleranlegget?' },
    });
    expect(response.status).toBe(200);
    expect(response.body.answer).toBe(expectedAnswer);
    expect(response.body.citations).toEqual({
      '1': { cited_text: SPRINKLER, document_id: brann, page_number: 3, superseded_by: null },
    });
    expect(response.body.cited_documents).toEqual([
      { id: brann, filename: 'Brannteknisk rapport.pdf', building_id: seed.buildingId },
    ]);
    // the model was shown labelled passages, never the private folder, and given the tools
    const [first, second] = server.requests.slice(-2);
    expect(first!.body.tools.map((tool: any) => tool.function.name)).toEqual([
      'search_documents',
      'read_page',
      'read_document',
      'list_categories',
    ]);
    expect(JSON.stringify(first!.body.messages)).toMatch(/\[S1\] document_id=/);
    expect(JSON.stringify([first!.body, second!.body])).not.toContain('612 000');
    expect(second!.body.messages.filter((m: any) => m.role === 'tool')).toHaveLength(3);
    expect(second!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('streams each tool call as an action, the reasoning as thinking, and the verified text', async () => {
    agenticModel();
    const { events } = await readAskStream({
      url,
      key: seed.key,
      body: { query: 'Hvem leverte sprinkleranlegget?', stream: true },
    });
    const actions = events.filter((e) => e.type === 'action').map((e) => e.data);
    expect(actions).toEqual([
      { state: 'started', value: 'searching documents: "Hvem leverte sprinkleranlegget?"', result: null },
      {
        state: 'completed',
        value: 'searching documents: "Hvem leverte sprinkleranlegget?"',
        result: expect.stringMatching(/passages from/),
      },
      { state: 'started', value: 'searching documents: "sprinkler levert"', result: null },
      {
        state: 'completed',
        value: 'searching documents: "sprinkler levert"',
        result: expect.stringMatching(/passages from/),
      },
      { state: 'started', value: expect.stringMatching(/^reading page 3 of document /), result: null },
      { state: 'completed', value: expect.stringMatching(/^reading page 3 of document /), result: '1 passages' },
      { state: 'started', value: 'unknown tool delete_everything', result: null },
      { state: 'failed', value: 'unknown tool delete_everything', result: 'there is no tool named delete_everything' },
    ]);
    expect(events.find((e) => e.type === 'thinking')?.data).toEqual({ text: 'Jeg må finne leverandøren.' });
    const finish = events.at(-1)!;
    expect(finish.type).toBe('finish');
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(finish.data.answer);
    expect(finish.data.answer).toBe(expectedAnswer);
    expect(finish.data.citations['1']).toEqual({
      cited_text: SPRINKLER,
      document_id: brann,
      page_number: 3,
      superseded_by: null,
    });
  });

  it('reports a failing model clearly: 502/504 without streaming, an error event with it', async () => {
    server.handle((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }));
    });
    const refused = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key: seed.key,
      payload: { query: 'Hvem leverte sprinkleranlegget?' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('ask.model_unavailable');
    expect(refused.body.detail).toContain('LLM_API_KEY');
    expect(JSON.stringify(refused.body)).not.toContain(KEY);

    const streamed = await readAskStream({
      url,
      key: seed.key,
      body: { query: 'Hvem leverte sprinkleranlegget?', stream: true },
    });
    expect(streamed.events[0]!.type).toBe('start');
    const error = streamed.events.at(-1)!;
    expect(error.type).toBe('error');
    expect(error.data.message).toContain('LLM_API_KEY');
    expect(JSON.stringify(streamed.events)).not.toContain(KEY);

    server.handle(() => undefined);
    const silent = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key: seed.key,
      payload: { query: 'Hvem leverte sprinkleranlegget?' },
    });
    expect(silent.status).toBe(504);
    expect(silent.body.code).toBe('ask.model_timeout');
    expect(silent.body.detail).toContain('LLM_TIMEOUT_MS');
  });

  it('stops the model when the client hangs up, and keeps no turn of the abandoned answer', async () => {
    server.handle((_request, response) =>
      writeEvents(
        response,
        Array.from({ length: 200 }, (_, i) => openAi.text(`ord${i} `)),
        { delayMs: 20 },
      ),
    );
    const { events } = await readAskStream({
      url,
      key: seed.key,
      body: { query: 'Hvem leverte sprinkleranlegget?', stream: true },
      stopAfter: (event) => event.type === 'text',
    });
    expect(events.at(-1)!.type).toBe('text');
    const upstream = server.requests.at(-1)!;
    await upstream.aborted;
    expect(upstream.wasAborted()).toBe(true);
    const threadId = events[0]!.data.thread_id;
    // the server notices at once; give its clean-up a moment before looking for a stored turn
    await new Promise((resolve) => setTimeout(resolve, 100));
    const turns = await t.deps.database.db
      .selectFrom('ask_turns')
      .select('id')
      .where('thread_id', '=', threadId)
      .execute();
    expect(turns).toEqual([]);
  });

  it('continues a thread without giving the model an earlier answer from a document made private since', async () => {
    // a model that answers from the passage it was shown, citing it
    server.handle(async (request, response) => {
      const label = labelOf(request.body, 'Firesafe AS');
      const answer = label ? `Sprinkleranlegget ble levert av Firesafe AS i 2019 [${label}].` : 'Det vet jeg ikke.';
      await writeEvents(response, [openAi.text(answer), openAi.finish('stop'), openAi.done]);
    });
    const ask = async (payload: Record<string, unknown>) => {
      const response = await t.request({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
        key: seed.key,
        payload,
      });
      expect(response.status).toBe(200);
      return { body: response.body, messages: JSON.stringify(server.requests.at(-1)!.body.messages) };
    };
    const first = await ask({ query: 'Hvem leverte sprinkleranlegget?' });
    expect(first.body.cited_documents.map((d: any) => d.id)).toEqual([brann]);
    const threadId = first.body.thread_id;
    // while the report is readable, the earlier question and answer are the conversation the model continues
    const readable = await ask({ query: 'Hvilket år ble det levert?', thread_id: threadId });
    expect(readable.messages).toContain('Hvem leverte sprinkleranlegget?');
    expect(readable.messages).toContain('Sprinkleranlegget ble levert av Firesafe AS i 2019.');

    const building = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
    const hide = await t.request({
      method: 'PATCH',
      url: building,
      key: seed.key,
      payload: { privateFolders: ['HR/', 'Rapporter/'] },
    });
    expect(hide.status).toBe(200);
    try {
      const hidden = await ask({ query: 'Og hvem har vedlikeholdt det siden?', thread_id: threadId });
      expect(hidden.body.thread_id).toBe(threadId);
      expect(hidden.messages).not.toContain('Firesafe');
      expect(hidden.body.answer).not.toContain('Firesafe');
      expect(hidden.body.cited_documents).toEqual([]);
    } finally {
      await t.request({ method: 'PATCH', url: building, key: seed.key, payload: { privateFolders: ['HR/'] } });
    }
  });

  describe('an answer holding words of a passage the model was shown but did not cite', () => {
    const SERVICE = 'Sprinkleranlegget ble sist kontrollert av Norsk Brannvern i mars 2024.';
    const WITHHELD = 'Dette svaret vises ikke lenger: et dokument det bygger på, er ikke lenger tilgjengelig for deg.';
    let building: string;

    beforeAll(async () => {
      building = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
      await insertDocument({
        db: t.deps.database.db,
        ownerId: seed.ownerId,
        buildingId: seed.buildingId,
        path: 'Drift/Servicelogg.txt',
        pages: [SERVICE],
      });
    });

    /**
     * A model that answers who supplied the sprinkler system from the report, citing it, and adds, uncited, what the
     * service log it was also shown says; asked anything else, it repeats what it said before, citing nothing.
     */
    function uncitingModel(): void {
      server.handle(async (request, response) => {
        const messages = request.body.messages as any[];
        const question = String(messages.at(-1)?.content ?? '');
        const earlier = messages.filter((m) => m.role === 'assistant').map((m) => String(m.content));
        const label = labelOf(request.body, 'Firesafe AS');
        const answer = question.startsWith('Question: Hvem leverte')
          ? `Sprinkleranlegget ble levert av Firesafe AS i 2019 [${label}], og sist kontrollert av Norsk Brannvern.`
          : earlier.length > 0
            ? `Som nevnt: ${earlier.join(' ')}`
            : 'Det vet jeg ikke.';
        await writeEvents(response, [openAi.text(answer), openAi.finish('stop'), openAi.done]);
      });
    }

    const ask = async (payload: Record<string, unknown>) => {
      const response = await t.request({ method: 'POST', url: `${building}/ask`, key: seed.key, payload });
      expect(response.status).toBe(200);
      const messages = server.requests.at(-1)!.body.messages as any[];
      return {
        body: response.body,
        messages: JSON.stringify(messages),
        passages: String(messages.at(-1)?.content ?? ''),
      };
    };
    const readAnswers = async (threadId: string) => {
      const read = await t.request({
        url: `/v1/building_owners/${seed.ownerId}/ask/threads/${threadId}`,
        key: seed.key,
      });
      expect(read.status).toBe(200);
      return read.body.turns.map((turn: any) => turn.answer);
    };
    const setPrivateFolders = async (privateFolders: string[]) => {
      const patched = await t.request({ method: 'PATCH', url: building, key: seed.key, payload: { privateFolders } });
      expect(patched.status).toBe(200);
    };

    it('is read back as a notice once that document is made private, and given to the model no more', async () => {
      uncitingModel();
      const first = await ask({ query: 'Hvem leverte sprinkleranlegget?' });
      // the model was shown the service log and kept its words without citing it
      expect(first.passages).toContain(SERVICE);
      expect(first.body.answer).toContain('Norsk Brannvern');
      expect(first.body.cited_documents.map((d: any) => d.id)).toEqual([brann]);
      const threadId = first.body.thread_id;
      const [before] = await readAnswers(threadId);
      expect(before.answer).toContain('Norsk Brannvern');

      await setPrivateFolders(['HR/', 'Drift/']);
      try {
        expect(await readAnswers(threadId)).toEqual([
          { answer: WITHHELD, thread_id: threadId, citations: {}, cited_documents: [] },
        ]);
        const next = await ask({ query: 'Hvilken brannklasse skal dørene til trapperommene ha?', thread_id: threadId });
        expect(next.messages).not.toContain('Norsk Brannvern');
        expect(next.messages).not.toContain('Hvem leverte sprinkleranlegget?');
      } finally {
        await setPrivateFolders(['HR/']);
      }
      // opened again, the answer is back as it was
      expect((await readAnswers(threadId))[0]).toEqual(before);
    });

    it('withholds a later answer that repeats it, once the document it was written from is made private', async () => {
      uncitingModel();
      const first = await ask({ query: 'Hvem leverte sprinkleranlegget?' });
      const threadId = first.body.thread_id;
      const second = await ask({ query: 'Hvilken brannklasse skal dørene til trapperommene ha?', thread_id: threadId });
      // the second answer was not written from the service log's passage, only from the first answer
      expect(second.passages).not.toContain('Norsk Brannvern');
      expect(second.messages).toContain('Norsk Brannvern');
      expect(second.body.answer).toContain('Norsk Brannvern');
      expect(second.body.cited_documents).toEqual([]);
      const before = await readAnswers(threadId);

      await setPrivateFolders(['HR/', 'Drift/']);
      try {
        expect((await readAnswers(threadId)).map((answer: any) => answer.answer)).toEqual([WITHHELD, WITHHELD]);
        const third = await ask({ query: 'Hvor står det om rømningsveiene i rapporten?', thread_id: threadId });
        expect(third.messages).not.toContain('Norsk Brannvern');
      } finally {
        await setPrivateFolders(['HR/']);
      }
      expect((await readAnswers(threadId)).slice(0, 2)).toEqual(before);
    });
  });
});
