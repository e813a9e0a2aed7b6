/**
 * The extraction sandbox: a child process that runs the real FileTools one call at a time for its parent
 * (sandboxed-file-tools.ts), which kills it when a call takes too long or too much memory. It holds no state worth
 * keeping, so being killed at any moment loses nothing.
 */
import { Worker } from 'node:worker_threads';
import type { FileTools } from '../../../domain/pipeline/ports.js';
import { createLazyOcr } from '../../ocr/lazy-ocr.js';
import { createFileTools } from '../index.js';
import type { SandboxCall, SandboxChildOptions, SandboxMessage } from './sandbox-protocol.js';

/**
 * A parser in an endless loop never sees its parent go away (the IPC channel closing is an event it cannot run): a
 * thread of its own kills the process when the parent is gone, so a crashed worker leaves no spinning sandbox behind.
 */
const ORPHAN_WATCH = `
const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, 500);
`;
new Worker(ORPHAN_WATCH, { eval: true, workerData: { parent: process.ppid } }).unref();

const options = JSON.parse(process.argv[2] ?? '{}') as SandboxChildOptions;

function send(message: SandboxMessage): void {
  process.send?.(message);
}

async function loadTools(): Promise<FileTools> {
  if (options.toolsModule) {
    const module = (await import(options.toolsModule)) as { createFileTools(options: SandboxChildOptions): FileTools };
    return module.createFileTools(options);
  }
  return createFileTools({
    ocr: createLazyOcr(),
    libreOfficePath: options.libreOfficePath,
    imageMaxPixels: options.imageMaxPixels,
    ...(options.preferPdfCli === false ? { preferPdfCli: false } : {}),
  });
}

async function handle(tools: FileTools, call: SandboxCall): Promise<unknown> {
  switch (call.method) {
    case 'detect':
      return tools.detect(call.input as Parameters<FileTools['detect']>[0]);
    case 'extract':
      return tools.extract({
        ...(call.input as Parameters<FileTools['extract']>[0]),
        progress: {
          pageStarted: (pageNumber) => send({ type: 'pageStarted', pageNumber }),
          pageDone: (page) => send({ type: 'pageDone', page }),
        },
      });
    case 'unpackZip':
      return tools.unpackZip(call.input as Parameters<FileTools['unpackZip']>[0]);
    case 'makePreview':
      return tools.makePreview(call.input as Parameters<FileTools['makePreview']>[0]);
    default:
      throw new Error(`unknown sandbox call ${String((call as { method: unknown }).method)}`);
  }
}

const tools = await loadTools();
process.on('message', (call: SandboxCall) => {
  handle(tools, call).then(
    (value) => send({ type: 'result', value }),
    (error: unknown) =>
      send({
        type: 'error',
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        },
      }),
  );
});
// the parent is gone (it stopped, or crashed): nothing is left to work for
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
