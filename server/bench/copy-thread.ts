/**
 * The bench's COPY thread (search-corpus.ts, startCopyThread): the batches the loader generates and chunks are
 * analysed, turned into COPY bytes and written here (copyBatches), one after the other, in the order they come.
 */
import { parentPort } from 'node:worker_threads';
import { copyBatches, type CopyThreadAnswer, type CopyThreadRequest } from './search-corpus.js';

const port = parentPort;
if (port === null) throw new Error('copy-thread.ts runs as a worker thread');
const answer = (message: CopyThreadAnswer) => port.postMessage(message);
let loader: Awaited<ReturnType<typeof copyBatches>> | null = null;
// requests are handled one at a time, in order: a batch's rows are written after the batch before it
let queue: Promise<void> = Promise.resolve();

async function handle(request: CopyThreadRequest): Promise<CopyThreadAnswer> {
  if (request.kind === 'start') {
    loader = await copyBatches(request.url, request.options);
    return { kind: 'started' };
  }
  if (loader === null) throw new Error(`${request.kind} before start`);
  if (request.kind === 'load') {
    await loader.load(request.slice, request.chunks);
    return { kind: 'loaded' };
  }
  if (request.kind === 'finish') return { kind: 'finished', report: await loader.finish() };
  await loader.close();
  return { kind: 'closed' };
}

port.on('message', (request: CopyThreadRequest) => {
  queue = queue.then(async () => {
    try {
      answer(await handle(request));
    } catch (error) {
      answer({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});
