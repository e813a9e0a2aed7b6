import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from '../src/sse.js';

const encoder = new TextEncoder();

/** A body that arrives in exactly these pieces (bytes or text), as a network would split it. */
function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function eventsOf(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(bodyOf(chunks))) events.push(event);
  return events;
}

describe('reading a text/event-stream body', () => {
  it('joins multi-line data with newlines and names untyped events "message"', async () => {
    expect(await eventsOf(['event: text\ndata: first line\ndata: second line\n\ndata: {"a":1}\n\n'])).toEqual([
      { event: 'text', data: 'first line\nsecond line' },
      { event: 'message', data: '{"a":1}' },
    ]);
  });

  it('ignores heartbeat comments, and blank lines that end no event', async () => {
    expect(
      await eventsOf([': heartbeat\n\n', '\n', 'event: start\n: in the middle\ndata: x\n\n', ': heartbeat\n\n']),
    ).toEqual([{ event: 'start', data: 'x' }]);
  });

  it('reads events split anywhere across chunks, CRLF and CR line ends included', async () => {
    const text = 'event: finish\r\ndata: {"answer":"Dørene skal ha EI2 30-Sa"}\r\n\r\nevent: text\rdata: a\r\r';
    const bytes = encoder.encode(text);
    // every split point, and one byte at a time: a CRLF and a multi-byte "ø" are cut in two somewhere
    const splits = [...Array.from({ length: bytes.length - 1 }, (_, i) => [bytes.slice(0, i + 1), bytes.slice(i + 1)])];
    splits.push(Array.from(bytes, (b) => Uint8Array.of(b)));
    for (const chunks of splits) {
      expect(await eventsOf(chunks)).toEqual([
        { event: 'finish', data: '{"answer":"Dørene skal ha EI2 30-Sa"}' },
        { event: 'text', data: 'a' },
      ]);
    }
  });

  it('takes one space after the colon off the value, keeps the rest, and reads a field without a colon as empty', async () => {
    expect(await eventsOf(['data:no space\ndata:  two spaces\ndata\n\n'])).toEqual([
      { event: 'message', data: 'no space\n two spaces\n' },
    ]);
  });

  it('keeps the last event id, skips a leading byte order mark and unknown fields', async () => {
    expect(await eventsOf(['\uFEFFid: 7\nretry: 1000\nfoo: bar\ndata: x\n\ndata: y\n\n'])).toEqual([
      { event: 'message', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
  });

  it('drops an event the end of the stream cut off before its blank line', async () => {
    expect(await eventsOf(['data: whole\n\n', 'event: text\ndata: cut off'])).toEqual([
      { event: 'message', data: 'whole' },
    ]);
  });

  it('stops when aborted and cancels the body', async () => {
    let cancelled: unknown = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: one\n\n'));
        // and then nothing more: a server still working
      },
      cancel(reason) {
        cancelled = reason ?? 'cancelled';
      },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of readServerSentEvents(body, controller.signal)) {
        seen.push(event.data);
        controller.abort(new Error('enough'));
      }
    })();
    await expect(reading).rejects.toThrow('enough');
    expect(seen).toEqual(['one']);
    expect(cancelled).not.toBeNull();
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: one\n\ndata: two\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readServerSentEvents(body)) {
      expect(event.data).toBe('one');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
