/**
 * dxf-parser in a throw-away worker thread. It takes a whole DXF as one string and parses it synchronously: a 111 MB
 * file took 13 s and 1.6 GB of heap, which on the API's own thread means no one else is answered meanwhile. In a
 * worker the API keeps answering, and a file that needs more time or memory than its limits fails alone.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface DxfWorkerLimits {
  /** wall-clock limit for reading and parsing one file */
  timeoutMs: number;
  /** JS heap for the worker: the text, dxf-parser's array of its lines and the parsed drawing all live there */
  heapMb: number;
}

export type DxfWorkerOutcome = { status: 'ok' } | { status: 'failed'; reason: string };

let dxfParserPath: string | undefined;

/**
 * dxf-parser's entry file, found from here. An eval'd worker resolves bare names from the working directory rather
 * than from this file, and a globally installed `byggdok` may run anywhere; so the path is resolved here and passed in.
 */
function resolveDxfParser(): string {
  dxfParserPath ??= createRequire(import.meta.url).resolve('dxf-parser');
  return dxfParserPath;
}

/**
 * A worker's start (plain JavaScript: eval'd workers cannot load TypeScript): dxf-parser loaded, the file read and
 * parsed into `parsed`, then `body`, which defines `function* parts()`, the pieces of the drawing to hand over. They
 * go one at a time, each when the main thread asks for the next: a piece is taken in (cloned) on the API's thread, so
 * a drawing cloned whole (2 s for half a million lines) or pieces queued up (Node takes in every message waiting on a
 * port before it turns to anything else) would stall the API as the parse did. Any failure is posted instead.
 */
export function dxfParserWorkerSource(body: string): string {
  return `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const fail = (error) => parentPort.postMessage({ error: String((error && error.message) || error) });
try {
  // a UMD bundle: module.exports is the class, or an object with it as default
  const loaded = require(workerData.parserPath);
  const DxfParser = typeof loaded === 'function' ? loaded : loaded.default;
  const parsed = new DxfParser().parseSync(fs.readFileSync(workerData.filePath, 'utf8'));
${body}
  const pending = parts();
  const postNext = () => {
    try {
      const next = pending.next();
      parentPort.postMessage(next.done ? { done: true } : { part: next.value });
    } catch (error) {
      fail(error);
    }
  };
  parentPort.on('message', postNext);
  postNext();
} catch (error) {
  fail(error);
}
`;
}

type WorkerMessage<P> = { part: P } | { done: true } | { error: string };

/**
 * Runs `source` (from dxfParserWorkerSource) on `filePath` in a throw-away worker with the time and memory limits,
 * handing each part to `onPart` as it arrives. Never throws for a bad drawing: a parse error, a time-out, a heap
 * overflow, a crash or an exit before the last part is a failure with its reason.
 */
export async function runDxfParserWorker<P>(input: {
  source: string;
  filePath: string;
  limits: DxfWorkerLimits;
  onPart: (part: P) => void;
}): Promise<DxfWorkerOutcome> {
  let parserPath: string;
  try {
    parserPath = resolveDxfParser();
  } catch (error) {
    return { status: 'failed', reason: `dxf-parser unavailable: ${String(error)}` };
  }
  const worker = new Worker(input.source, {
    eval: true,
    workerData: { parserPath, filePath: path.resolve(input.filePath) },
    resourceLimits: { maxOldGenerationSizeMb: input.limits.heapMb },
  });
  return new Promise<DxfWorkerOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: DxfWorkerOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ status: 'failed', reason: `timed out after ${input.limits.timeoutMs} ms` }),
      input.limits.timeoutMs,
    );
    worker.on('message', (message: WorkerMessage<P>) => {
      if ('error' in message) return finish({ status: 'failed', reason: message.error });
      if ('done' in message) return finish({ status: 'ok' });
      try {
        input.onPart(message.part);
      } catch (error) {
        return finish({ status: 'failed', reason: `cannot take in a part: ${String(error)}` });
      }
      if (!settled) worker.postMessage('next');
    });
    // a heap overflow arrives here as ERR_WORKER_OUT_OF_MEMORY; a crash or an exit before the last part mean the same
    worker.on('error', (error) => finish({ status: 'failed', reason: `worker crashed: ${error.message}` }));
    worker.on('exit', (code) => finish({ status: 'failed', reason: `worker exited with code ${code}` }));
  });
}
