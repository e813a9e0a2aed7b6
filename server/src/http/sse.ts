import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SseMessage {
  event: string;
  data: unknown;
}

/** Proxies close connections that stay silent for about a minute; a comment every 15 s keeps them open. */
const HEARTBEAT_MS = 15_000;

/**
 * Writes an async iterable of events as a Server-Sent Events response. The headers go out at once (so the first event
 * reaches the client without waiting for the work behind the next one), `: heartbeat` comments keep proxies from
 * closing a quiet stream, and when the client goes away the work is aborted through the signal it was given.
 * A failure after the stream started becomes an `error` event; its text comes from `errorMessage`, never from the
 * error itself, so internals stay hidden.
 */
export async function sendEventStream(params: {
  request: FastifyRequest;
  reply: FastifyReply;
  events: (signal: AbortSignal) => AsyncIterable<SseMessage>;
  errorMessage: (error: unknown) => string;
  heartbeatMs?: number;
}): Promise<void> {
  const { request, reply } = params;
  const controller = new AbortController();
  const raw = reply.raw;
  reply.hijack();
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort(new Error('the client closed the connection'));
  });

  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers responses unless told otherwise
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();

  const heartbeatMs = params.heartbeatMs ?? HEARTBEAT_MS;
  let lastWrite = Date.now();
  const write = async (chunk: string): Promise<void> => {
    if (controller.signal.aborted || raw.writableEnded) return;
    lastWrite = Date.now();
    const flushed = raw.write(chunk);
    // Node sends a response write on the next tick; work that never leaves the microtask queue (the embedded
    // database runs on this thread) would hold it back until the answer is done, so give the event loop a turn
    await new Promise((resolve) => setImmediate(resolve));
    if (!flushed) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          raw.off('drain', done);
          raw.off('close', done);
          resolve();
        };
        raw.on('drain', done);
        raw.on('close', done);
      });
    }
  };

  // only a quiet stream needs one: events keep the connection busy themselves
  const heartbeat = setInterval(() => {
    if (Date.now() - lastWrite >= heartbeatMs / 2) void write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  try {
    for await (const message of params.events(controller.signal)) {
      if (controller.signal.aborted) break;
      await write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
    }
  } catch (error) {
    if (!controller.signal.aborted) {
      request.log.error({ err: error }, 'event stream failed');
      await write(`event: error\ndata: ${JSON.stringify({ message: params.errorMessage(error) })}\n\n`);
    }
  } finally {
    clearInterval(heartbeat);
    if (!raw.writableEnded) raw.end();
  }
}
