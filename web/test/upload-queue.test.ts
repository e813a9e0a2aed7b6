import { describe, expect, it } from 'vitest';
import { createUploadQueue } from '../src/upload-queue.js';

/** a send per item that finishes (or fails) when the test says so */
function controlled() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const started: string[] = [];
  let peak = 0;
  const send = (item: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(item);
      pending.set(item, { resolve, reject });
      peak = Math.max(peak, pending.size);
    }).finally(() => pending.delete(item));
  const settle = async (item: string, failure?: Error) => {
    const entry = pending.get(item)!;
    if (failure) entry.reject(failure);
    else entry.resolve();
    // let the queue's continuations run
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { send, settle, started, peak: () => peak };
}

describe('the upload queue', () => {
  it('sends three at a time in the order added, starting the next as soon as one finishes', async () => {
    const sends = controlled();
    const queue = createUploadQueue({ atOnce: 3, send: sends.send });
    queue.add(['a', 'b', 'c', 'd', 'e']);
    expect(sends.started).toEqual(['a', 'b', 'c']);
    expect(queue.state).toEqual({ running: 3, waiting: 2 });
    await sends.settle('b');
    expect(sends.started).toEqual(['a', 'b', 'c', 'd']);
    await sends.settle('a');
    await sends.settle('c');
    await sends.settle('d');
    await sends.settle('e');
    expect(sends.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sends.peak()).toBe(3);
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });

  it('a failed send frees its place, and the file sent again goes after those already waiting', async () => {
    const sends = controlled();
    const queue = createUploadQueue({ atOnce: 2, send: sends.send });
    queue.add(['a', 'b', 'c']);
    await sends.settle('a', new Error('the connection broke'));
    expect(sends.started).toEqual(['a', 'b', 'c']);
    queue.add(['d']);
    queue.add(['a']);
    await sends.settle('b');
    await sends.settle('c');
    expect(sends.started).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(queue.state).toEqual({ running: 2, waiting: 0 });
  });
});
