import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEventStream, type SseMessage } from '../../src/http/sse.js';
import { readAskStream } from '../helpers/ask-fixtures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the SSE writer', () => {
  let app: FastifyInstance;
  let base: string;
  let events: (signal: AbortSignal) => AsyncIterable<SseMessage>;
  let heartbeatMs = 15_000;

  beforeAll(async () => {
    app = Fastify({ forceCloseConnections: true });
    app.post('/stream', async (request, reply) => {
      await sendEventStream({
        request,
        reply,
        events: (signal) => events(signal),
        heartbeatMs,
        errorMessage: (error) => (error instanceof RangeError ? error.message : 'An internal error occurred'),
      });
      return reply;
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends heartbeat comments while the work is quiet, which SSE clients skip', async () => {
    heartbeatMs = 25;
    events = async function* () {
      yield { event: 'start', data: { thread_id: 't' } };
      await sleep(150);
      yield { event: 'finish', data: { answer: 'ok' } };
    };
    const raw = await (await fetch(`${base}/stream`, { method: 'POST' })).text();
    expect(raw.startsWith('event: start\ndata: {"thread_id":"t"}\n\n')).toBe(true);
    expect(raw.match(/^: heartbeat\n\n/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(raw.endsWith('event: finish\ndata: {"answer":"ok"}\n\n')).toBe(true);
    const parsed = await readAskStream({ url: `${base}/stream`, key: 'k', body: {} });
    expect(parsed.events.map((e) => e.type)).toEqual(['start', 'finish']);
    heartbeatMs = 15_000;
  });

  it('aborts the work when the client goes away', async () => {
    let aborted: () => void = () => undefined;
    const wasAborted = new Promise<void>((resolve) => (aborted = resolve));
    let cleanedUp = false;
    events = async function* (signal) {
      signal.addEventListener('abort', () => aborted());
      try {
        yield { event: 'start', data: {} };
        for (let i = 0; i < 100 && !signal.aborted; i += 1) {
          yield { event: 'text', data: { text: `${i} ` } };
          await sleep(20);
        }
      } finally {
        cleanedUp = true;
      }
    };
    const { events: received } = await readAskStream({
      url: `${base}/stream`,
      key: 'k',
      body: {},
      stopAfter: (event) => event.type === 'text',
    });
    expect(received.map((e) => e.type)).toEqual(['start', 'text']);
    await wasAborted;
    await sleep(50);
    expect(cleanedUp).toBe(true);
  });

  it('turns a failure into an error event without internals', async () => {
    events = async function* () {
      yield { event: 'start', data: {} };
      throw new Error('password=hunter2 at db.ts:12');
    };
    const failed = await readAskStream({ url: `${base}/stream`, key: 'k', body: {} });
    expect(failed.events.at(-1)).toEqual({ type: 'error', data: { message: 'An internal error occurred' } });
    events = async function* () {
      yield { event: 'start', data: {} };
      throw new RangeError('The model did not respond within 100 ms (LLM_TIMEOUT_MS)');
    };
    const timedOut = await readAskStream({ url: `${base}/stream`, key: 'k', body: {} });
    expect(timedOut.events.at(-1)!.data.message).toContain('LLM_TIMEOUT_MS');
  });
});
