import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake model server received. */
export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** resolves when the client closed the connection before the response ended */
  aborted: Promise<void>;
  wasAborted: () => boolean;
}

export type Handler = (request: ReceivedRequest, response: http.ServerResponse) => unknown;

/**
 * A local HTTP server standing in for a model provider (OpenAI-compatible or Anthropic); each test sets the handler.
 * Nothing leaves the machine.
 */
export interface FakeModelServer {
  url: string;
  requests: ReceivedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  let handler: Handler = (_request, response) => {
    response.writeHead(500).end('no handler');
  };
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let aborted = false;
      let markAborted: () => void = () => undefined;
      const abortedPromise = new Promise<void>((resolve) => (markAborted = resolve));
      res.on('close', () => {
        if (!res.writableFinished) {
          aborted = true;
          markAborted();
        }
      });
      const text = Buffer.concat(chunks).toString('utf8');
      const received: ReceivedRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
        aborted: abortedPromise,
        wasAborted: () => aborted,
      };
      requests.push(received);
      void Promise.resolve(handler(received, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes SSE events (`data:` lines, optionally named) with a pause between them. */
export async function writeEvents(
  response: http.ServerResponse,
  events: ({ event?: string; data: unknown } | string)[],
  options: { delayMs?: number; end?: boolean } = {},
): Promise<void> {
  if (!response.headersSent) response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) {
    if (response.destroyed) return;
    if (typeof event === 'string') response.write(event);
    else {
      const name = event.event ? `event: ${event.event}\n` : '';
      response.write(`${name}data: ${typeof event.data === 'string' ? event.data : JSON.stringify(event.data)}\n\n`);
    }
    if (options.delayMs) await sleep(options.delayMs);
  }
  if (options.end !== false) response.end();
}

/** OpenAI chat-completions stream chunks. */
export const openAi = {
  text: (content: string) => ({ data: { choices: [{ index: 0, delta: { content } }] } }),
  reasoning: (reasoning_content: string) => ({ data: { choices: [{ index: 0, delta: { reasoning_content } }] } }),
  toolCallStart: (index: number, id: string, name: string) => ({
    data: {
      choices: [
        { index: 0, delta: { tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] } },
      ],
    },
  }),
  toolCallArguments: (index: number, piece: string) => ({
    data: { choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] } }] },
  }),
  finish: (reason: string) => ({ data: { choices: [{ index: 0, delta: {}, finish_reason: reason }] } }),
  done: { data: '[DONE]' },
};

/** Anthropic Messages stream events. */
export const anthropic = {
  start: { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', role: 'assistant' } } },
  textBlock: (index: number) => ({
    event: 'content_block_start',
    data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  }),
  text: (index: number, text: string) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
  }),
  thinkingBlock: (index: number) => ({
    event: 'content_block_start',
    data: { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } },
  }),
  thinking: (index: number, thinking: string) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } },
  }),
  signature: (index: number, signature: string) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } },
  }),
  toolBlock: (index: number, id: string, name: string) => ({
    event: 'content_block_start',
    data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name, input: {} } },
  }),
  toolInput: (index: number, partial_json: string) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } },
  }),
  stop: (index: number) => ({ event: 'content_block_stop', data: { type: 'content_block_stop', index } }),
  messageDelta: (stop_reason: string) => ({
    event: 'message_delta',
    data: { type: 'message_delta', delta: { stop_reason } },
  }),
  end: { event: 'message_stop', data: { type: 'message_stop' } },
  ping: { event: 'ping', data: { type: 'ping' } },
};

/** The `[S3]`-style label of the first passage shown to the model whose text contains `needle`. */
export function labelOf(body: any, needle: string): string | null {
  const texts: string[] = [];
  for (const message of body.messages ?? []) {
    if (typeof message.content === 'string') texts.push(message.content);
    else if (Array.isArray(message.content)) {
      for (const block of message.content) {
        if (typeof block.text === 'string') texts.push(block.text);
        if (typeof block.content === 'string') texts.push(block.content);
      }
    }
  }
  for (const text of texts) {
    for (const part of text.split(/(?=^\[S\d+\] document_id=)/m)) {
      const match = /^\[(S\d+)\]/.exec(part);
      if (match && part.includes(needle)) return match[1]!;
    }
  }
  return null;
}
