/**
 * dxf-parser in a throw-away worker thread. It takes a whole DXF as one string and parses it synchronously: a 111 MB
 * file took 13 s and 1.6 GB of heap, which on the API's own thread means no one else is answered meanwhile. In a
 * worker the API keeps answering, and a file that needs more time or memory than its limits fails alone.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface DxfWorkerLimits {
  /** wall-clock limit for reading and parsing one file, and whatever the worker's body makes of it */
  timeoutMs: number;
  /**
   * JS heap for the worker: the text, dxf-parser's array of its lines and the parsed drawing all live there, and so
   * does what the body makes of it
   */
  heapMb: number;
}

export type DxfWorkerOutcome<R> = { status: 'ok'; result: R } | { status: 'failed'; reason: string };

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
 * A worker's start (plain JavaScript: eval'd workers cannot load TypeScript): dxf-parser loaded and `parse()` defined,
 * which reads and parses the file; then `body`, run as an async function, whose return value is the worker's result,
 * posted back in one message. Whatever the body makes of the parsed drawing stays in the worker: only the result is
 * taken in (cloned) on the API's thread, so it should be what the API needs and no more. Any failure is posted instead.
 */
export function dxfParserWorkerSource(body: string): string {
  return `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
(async () => {
  // a UMD bundle: module.exports is the class, or an object with it as default
  const loaded = require(workerData.parserPath);
  const DxfParser = typeof loaded === 'function' ? loaded : loaded.default;
  const parse = () => new DxfParser().parseSync(fs.readFileSync(workerData.filePath, 'utf8'));
  const result = await (async () => {
${body}
  })();
  parentPort.postMessage({ result });
})().catch((error) => {
  parentPort.postMessage({ error: String((error && error.message) || error) });
});
`;
}

type WorkerMessage<R> = { result: R } | { error: string };

/**
 * Runs `source` (from dxfParserWorkerSource) on `filePath` in a throw-away worker with the time and memory limits, and
 * gives its result. Never throws for a bad drawing: a parse error, a time-out, a heap overflow, a crash or an exit
 * before the result is a failure with its reason.
 */
export async function runDxfParserWorker<R>(input: {
  source: string;
  filePath: string;
  limits: DxfWorkerLimits;
}): Promise<DxfWorkerOutcome<R>> {
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
  return new Promise<DxfWorkerOutcome<R>>((resolve) => {
    let settled = false;
    const finish = (outcome: DxfWorkerOutcome<R>): void => {
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
    worker.on('message', (message: WorkerMessage<R>) =>
      finish(
        'error' in message ? { status: 'failed', reason: message.error } : { status: 'ok', result: message.result },
      ),
    );
    // a heap overflow arrives here as ERR_WORKER_OUT_OF_MEMORY; a crash or an exit before the result mean the same
    worker.on('error', (error) => finish({ status: 'failed', reason: `worker crashed: ${error.message}` }));
    worker.on('exit', (code) => finish({ status: 'failed', reason: `worker exited with code ${code}` }));
  });
}
