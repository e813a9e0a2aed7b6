import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatModelError, type ChatEvent, type ChatRequest } from '../../../src/domain/answers/ports.js';
import { createAnthropicChatModel } from '../../../src/integrations/llm/anthropic.llm.js';
import { createOpenAiCompatibleChatModel } from '../../../src/integrations/llm/openai-compatible.llm.js';
import {
  anthropic,
  openAi,
  startFakeModelServer,
  writeEvents,
  type FakeModelServer,
} from '../../ask/fake-llm-servers.js';

const KEY = 'sk-test-secret-0123456789';

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    system: 'Answer from the documents.',
    messages: [{ role: 'user', content: 'Hvem leverte sprinkleranlegget?' }],
    tools: [
      {
        name: 'search_documents',
        description: 'search',
        parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
    ],
    toolChoice: 'auto',
    maxTokens: 500,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function failure(events: AsyncIterable<ChatEvent>): Promise<ChatModelError> {
  try {
    await collect(events);
  } catch (error) {
    if (error instanceof ChatModelError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the OpenAI-compatible chat model', () => {
  let server: FakeModelServer;
  const model = () =>
    createOpenAiCompatibleChatModel({
      provider: 'openai',
      baseUrl: `${server.url}/v1`,
      apiKey: KEY,
      model: 'gpt-test',
      timeoutMs: 300,
    });
  beforeAll(async () => (server = await startFakeModelServer()));
  afterAll(() => server.close());

  it('streams text and reasoning, and sends the model, messages, tools and key as the protocol wants', async () => {
    server.handle((_req, res) =>
      writeEvents(res, [
        openAi.reasoning('Tenker '),
        openAi.text('Firesafe '),
        openAi.text('AS'),
        openAi.finish('stop'),
        openAi.done,
      ]),
    );
    const events = await collect(
      model().stream(
        request({
          messages: [
            { role: 'user', content: 'Hvem?' },
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: 'c1', name: 'search_documents', arguments: { query: 'x' } }],
            },
            { role: 'tool', toolCallId: 'c1', name: 'search_documents', content: '[S1] ...' },
          ],
        }),
      ),
    );
    expect(events).toEqual([
      { type: 'thinking', text: 'Tenker ' },
      { type: 'text', text: 'Firesafe ' },
      { type: 'text', text: 'AS' },
      { type: 'done', stopReason: 'stop' },
    ]);
    const received = server.requests.at(-1)!;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(received.body).toMatchObject({
      model: 'gpt-test',
      stream: true,
      tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'search_documents' } }],
      messages: [
        { role: 'system', content: 'Answer from the documents.' },
        { role: 'user', content: 'Hvem?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'search_documents', arguments: '{"query":"x"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '[S1] ...' },
      ],
    });
  });

  it('assembles tool calls streamed in pieces, several at once', async () => {
    server.handle((_req, res) =>
      writeEvents(
        res,
        [
          openAi.toolCallStart(0, 'call_a', 'search_documents'),
          openAi.toolCallArguments(0, '{"que'),
          openAi.toolCallStart(1, 'call_b', 'search_documents'),
          openAi.toolCallArguments(0, 'ry":"brann"}'),
          openAi.toolCallArguments(1, '{"query":"sprinkler"}'),
          openAi.finish('tool_calls'),
          openAi.done,
        ],
        { delayMs: 5 },
      ),
    );
    const events = await collect(model().stream(request()));
    expect(events).toEqual([
      { type: 'tool_call', call: { id: 'call_a', name: 'search_documents', arguments: { query: 'brann' } } },
      { type: 'tool_call', call: { id: 'call_b', name: 'search_documents', arguments: { query: 'sprinkler' } } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
  });

  it('names the setting to check on HTTP errors, and never repeats the key', async () => {
    server.handle((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }));
    });
    const unauthorised = await failure(model().stream(request()));
    expect(unauthorised.kind).toBe('auth');
    expect(unauthorised.message).toContain('LLM_API_KEY');
    expect(unauthorised.message).not.toContain(KEY);

    server.handle((_req, res) =>
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"model gpt-test does not exist"}}'),
    );
    const missing = await failure(model().stream(request()));
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toMatch(/LLM_MODEL.*does not exist/);

    server.handle((_req, res) => res.writeHead(503).end(`upstream overloaded ${KEY}`));
    const unavailable = await failure(model().stream(request()));
    expect(unavailable.kind).toBe('unavailable');
    expect(unavailable.message).toContain('HTTP 503');
    expect(unavailable.message).not.toContain(KEY);

    server.handle((_req, res) =>
      writeEvents(res, [openAi.text('Hei'), { data: { error: { message: 'context length exceeded' } } }]),
    );
    const midStream = await failure(model().stream(request()));
    expect(midStream.message).toContain('context length exceeded');

    server.handle((_req, res) => writeEvents(res, [{ data: '{not json' }]));
    expect((await failure(model().stream(request()))).kind).toBe('bad_response');
  });

  it('gives up on a silent server after LLM_TIMEOUT_MS, before the first byte or between two', async () => {
    server.handle(() => undefined);
    const silent = await failure(model().stream(request()));
    expect(silent.kind).toBe('timeout');
    expect(silent.message).toContain('LLM_TIMEOUT_MS');

    server.handle((_req, res) => writeEvents(res, [openAi.text('Begynner ')], { end: false }));
    const stalled = model().stream(request());
    const seen: ChatEvent[] = [];
    const error = await (async () => {
      try {
        for await (const event of stalled) seen.push(event);
      } catch (e) {
        return e as ChatModelError;
      }
      return null;
    })();
    expect(seen).toEqual([{ type: 'text', text: 'Begynner ' }]);
    expect(error?.kind).toBe('timeout');
  });

  it('stops the upstream request when the caller aborts', async () => {
    server.handle((_req, res) =>
      writeEvents(
        res,
        Array.from({ length: 50 }, (_, i) => openAi.text(`${i} `)),
        { delayMs: 50 },
      ),
    );
    const controller = new AbortController();
    const events = model().stream(request({ signal: controller.signal }));
    const error = await (async () => {
      try {
        for await (const event of events) if (event.type === 'text') controller.abort();
      } catch (e) {
        return e as ChatModelError;
      }
      return null;
    })();
    expect(error?.kind).toBe('aborted');
    await server.requests.at(-1)!.aborted;
    expect(server.requests.at(-1)!.wasAborted()).toBe(true);
  });

  it('says which URL it could not reach', async () => {
    const unreachable = createOpenAiCompatibleChatModel({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: KEY,
      model: 'm',
      timeoutMs: 2000,
    });
    const error = await failure(unreachable.stream(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('http://127.0.0.1:9');
    expect(error.message).toContain('LLM_BASE_URL');
  });
});

describe("Anthropic's Messages API", () => {
  let server: FakeModelServer;
  const model = () =>
    createAnthropicChatModel({
      provider: 'anthropic',
      baseUrl: server.url,
      apiKey: KEY,
      model: 'claude-test',
      timeoutMs: 300,
    });
  beforeAll(async () => (server = await startFakeModelServer()));
  afterAll(() => server.close());

  it('streams thinking, text and tool use, and sends tool results back as the protocol wants', async () => {
    server.handle((_req, res) =>
      writeEvents(
        res,
        [
          anthropic.start,
          anthropic.thinkingBlock(0),
          anthropic.thinking(0, 'Må søke.'),
          anthropic.signature(0, 'sig-1'),
          anthropic.stop(0),
          anthropic.ping,
          anthropic.textBlock(1),
          anthropic.text(1, 'Jeg søker.'),
          anthropic.stop(1),
          anthropic.toolBlock(2, 'toolu_1', 'search_documents'),
          anthropic.toolInput(2, '{"query": "sprin'),
          anthropic.toolInput(2, 'kler"}'),
          anthropic.stop(2),
          anthropic.messageDelta('tool_use'),
          anthropic.end,
        ],
        { delayMs: 2 },
      ),
    );
    const events = await collect(
      model().stream(
        request({
          messages: [
            { role: 'user', content: 'Hvem?' },
            {
              role: 'assistant',
              content: 'Jeg søker.',
              toolCalls: [
                { id: 't1', name: 'search_documents', arguments: { query: 'a' } },
                { id: 't2', name: 'search_documents', arguments: { query: 'b' } },
              ],
              reasoning: [{ text: 'Må søke.', signature: 'sig-0' }],
            },
            { role: 'tool', toolCallId: 't1', name: 'search_documents', content: 'A' },
            { role: 'tool', toolCallId: 't2', name: 'search_documents', content: 'B' },
          ],
        }),
      ),
    );
    expect(events).toEqual([
      { type: 'thinking', text: 'Må søke.' },
      { type: 'thinking', text: '', signature: 'sig-1' },
      { type: 'text', text: 'Jeg søker.' },
      { type: 'tool_call', call: { id: 'toolu_1', name: 'search_documents', arguments: { query: 'sprinkler' } } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
    const received = server.requests.at(-1)!;
    expect(received.path).toBe('/v1/messages');
    expect(received.headers['x-api-key']).toBe(KEY);
    expect(received.headers['anthropic-version']).toBe('2023-06-01');
    expect(received.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 500,
      stream: true,
      system: 'Answer from the documents.',
      tool_choice: { type: 'auto' },
      tools: [{ name: 'search_documents', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hvem?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Må søke.', signature: 'sig-0' },
            { type: 'text', text: 'Jeg søker.' },
            { type: 'tool_use', id: 't1', name: 'search_documents', input: { query: 'a' } },
            { type: 'tool_use', id: 't2', name: 'search_documents', input: { query: 'b' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'A' },
            { type: 'tool_result', tool_use_id: 't2', content: 'B' },
          ],
        },
      ],
    });
  });

  it('reports errors sent in the stream, HTTP errors and silence clearly', async () => {
    server.handle((_req, res) =>
      writeEvents(res, [
        anthropic.start,
        { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      ]),
    );
    const overloaded = await failure(model().stream(request()));
    expect(overloaded.kind).toBe('rate_limited');
    expect(overloaded.message).toContain('Overloaded');

    server.handle((_req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'),
    );
    const unauthorised = await failure(model().stream(request()));
    expect(unauthorised.kind).toBe('auth');
    expect(unauthorised.message).toContain('LLM_API_KEY');

    server.handle(() => undefined);
    const silent = await failure(model().stream(request()));
    expect(silent.kind).toBe('timeout');
  });
});
