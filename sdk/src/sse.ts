/** One dispatched Server-Sent Event: its type (`message` when the server named none) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** the last `id:` the stream set, when it set one */
  id?: string;
}

const LINE_END = /\r\n|\r|\n/;

/**
 * Reads a `text/event-stream` body as the HTML standard's event-stream interpretation does: lines end in CRLF, LF or CR
 * (also when a CRLF is split across two chunks), `data:` lines of one event are joined with newlines, lines starting
 * with `:` (heartbeats) are comments, a field without a colon has an empty value, one space after the colon is not
 * part of the value, and an event is dispatched at the blank line that ends it; one cut off by the end of the stream
 * is dropped, as a browser drops it. Stopping the iteration (break, return, an abort) cancels the body, which closes
 * the connection so the server can stop its work.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const onAbort = (): void => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  let buffer = '';
  let first = true;
  let eventType = '';
  let data: string[] = [];
  let lastId: string | undefined;

  function* takeLines(final: boolean): Generator<string> {
    for (;;) {
      const match = LINE_END.exec(buffer);
      if (!match) return;
      // a CR at the very end may be the first half of a CRLF whose LF is in the next chunk
      if (match[0] === '\r' && match.index === buffer.length - 1 && !final) return;
      yield buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
    }
  }

  /** Applies one line; returns the event it completes, if it is the blank line after one. */
  function processLine(line: string): ServerSentEvent | null {
    if (line === '') {
      const complete =
        data.length > 0
          ? { event: eventType || 'message', data: data.join('\n'), ...(lastId !== undefined ? { id: lastId } : {}) }
          : null;
      eventType = '';
      data = [];
      return complete;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // `retry` and unknown fields only concern reconnecting clients; this reader does not reconnect
    return null;
  }

  try {
    signal?.throwIfAborted();
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (first && buffer.length > 0) {
        if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
        first = false;
      }
      for (const line of takeLines(done)) {
        const event = processLine(line);
        if (!event) continue;
        // events already received stay undelivered once the reader has been told to stop
        signal?.throwIfAborted();
        yield event;
      }
      if (done) return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // after the end this is a no-op; before it, it closes the connection
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
