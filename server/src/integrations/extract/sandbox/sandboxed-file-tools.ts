import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CorruptFileError,
  EncryptedFileError,
  UnsupportedVersionError,
  ExtractionStoppedError,
  type ExtractedPage,
  type PageProgress,
} from '../../../domain/pipeline/extraction.types.js';
import type { FileTools } from '../../../domain/pipeline/ports.js';
import type { SandboxCall, SandboxChildOptions, SandboxMessage } from './sandbox-protocol.js';

export interface SandboxLimits {
  /** one call (detect, extract, unpack, preview) is killed after this long */
  timeoutMs: number;
  /** one page of a page-by-page extractor is killed after this long; the pages before it are kept */
  pageTimeoutMs: number;
  /** the sandbox is killed when its resident memory (or its JavaScript heap) grows beyond this */
  memoryMb: number;
  /** images with more pixels are not decoded */
  imageMaxPixels: number;
}

export interface SandboxedFileToolsOptions {
  limits: SandboxLimits;
  /** how the real tools inside the sandbox are built */
  tools?: { libreOfficePath?: string | null; preferPdfCli?: boolean };
  /** sandboxes alive at once; calls beyond wait for one (default 2: the worker's concurrency) */
  poolSize?: number;
  /** a sandbox is replaced after this many calls, so what a parser leaks goes with it (default 50) */
  callsPerSandbox?: number;
  /** tests: a module exporting `createFileTools(options)` used inside the sandbox instead of the real tools */
  toolsModule?: string;
  /** told when a new sandbox is ready, with how long it took to start */
  onSpawn?: (event: { ms: number; pid: number | undefined }) => void;
  /** told of every kill (the reason in words), for logs and metrics */
  onKill?: (event: { method: SandboxCall['method']; reason: string }) => void;
}

export interface SandboxedFileTools extends FileTools {
  /** kills every sandbox; calls under way reject */
  close(): Promise<void>;
}

/** how often the watchdog reads the sandbox's resident memory (a blocked parser cannot watch itself) */
const WATCHDOG_INTERVAL_MS = 100;
const PAGE_SIZE = 4096;

function entryModule(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  // run from source (tests, `npm run dev`): the child loads TypeScript the way its parent does
  if (here.endsWith('.ts'))
    return { path: here.replace(/sandboxed-file-tools\.ts$/, 'sandbox-entry.ts'), execArgv: ['--import', 'tsx'] };
  return { path: here.replace(/sandboxed-file-tools\.js$/, 'sandbox-entry.js'), execArgv: [] };
}

function residentBytes(pid: number): number | null {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1]) * PAGE_SIZE;
  } catch {
    return null; // not Linux, or the process is gone: the heap limit still holds
  }
}

function seconds(ms: number): string {
  return `${Math.round((ms / 1000) * 10) / 10} s`;
}

/**
 * One child process that parses files, one call at a time. A child process (rather than a worker thread) because
 * what it must survive is native and off-heap: pdf.js image buffers, WebAssembly OCR memory, a converter it starts.
 * Its whole process group is killed with SIGKILL, so nothing a hostile file set off keeps running, and the memory it
 * took is given back to the system at once.
 */
class Sandbox {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  calls = 0;
  dead = false;
  private stderrTail = '';
  private current: ((message: SandboxMessage) => void) | null = null;
  private onExit: ((reason: string) => void) | null = null;

  constructor(options: SandboxChildOptions, memoryMb: number) {
    const entry = entryModule();
    this.child = fork(entry.path, [JSON.stringify(options)], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // its own process group: a kill reaches pdftotext, LibreOffice or Tesseract it started
      detached: true,
      serialization: 'advanced',
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', (message: SandboxMessage) =>
        message.type === 'ready' ? resolve() : reject(new Error('the extraction sandbox did not start')),
      );
      this.child.once('exit', (code) => reject(new Error(`the extraction sandbox did not start (exit code ${code})`)));
    });
    this.ready.catch(() => undefined);
    this.child.on('message', (message: SandboxMessage) => this.current?.(message));
    this.child.on('exit', (code, signal) => {
      this.dead = true;
      const outOfMemory = /heap out of memory|allocation failed/i.test(this.stderrTail) || signal === 'SIGABRT';
      this.onExit?.(
        outOfMemory
          ? `needed more than ${memoryMb} MB`
          : `the extraction process stopped unexpectedly (${signal ?? `exit code ${code}`})`,
      );
    });
  }

  kill(): void {
    this.dead = true;
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  call(
    call: Omit<SandboxCall, 'type'>,
    params: { limits: SandboxLimits; signal?: AbortSignal; progress?: PageProgress; onKill: (reason: string) => void },
  ): Promise<unknown> {
    const { limits, signal, progress } = params;
    return new Promise((resolve, reject) => {
      // by number: OCR reports a page again when it reads it
      const pages = new Map<number, ExtractedPage>();
      let pageTimer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(documentTimer);
        clearTimeout(pageTimer);
        clearInterval(watchdog);
        signal?.removeEventListener('abort', abort);
        this.current = null;
        this.onExit = null;
      };
      const stop = (reason: string, stoppedBy: ExtractionStoppedError['stoppedBy']) => {
        finish();
        this.kill();
        params.onKill(reason);
        reject(
          new ExtractionStoppedError(
            reason,
            [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber),
            stoppedBy,
          ),
        );
      };
      const abort = () => {
        finish();
        this.kill();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('the extraction was aborted'));
      };
      const documentTimer = setTimeout(
        () => stop(`stopped after ${seconds(limits.timeoutMs)}`, 'time'),
        limits.timeoutMs,
      );
      const watchdog = setInterval(() => {
        const rss = this.child.pid ? residentBytes(this.child.pid) : null;
        if (rss !== null && rss > limits.memoryMb * 1024 * 1024)
          stop(`needed more than ${limits.memoryMb} MB`, 'memory');
      }, WATCHDOG_INTERVAL_MS);
      signal?.addEventListener('abort', abort, { once: true });
      this.onExit = (reason) => stop(reason, /needed more than/.test(reason) ? 'memory' : 'exit');
      this.current = (message) => {
        switch (message.type) {
          case 'pageStarted':
            clearTimeout(pageTimer);
            pageTimer = setTimeout(
              () => stop(`page ${message.pageNumber} stopped after ${seconds(limits.pageTimeoutMs)}`, 'time'),
              limits.pageTimeoutMs,
            );
            progress?.pageStarted(message.pageNumber);
            return;
          case 'pageDone':
            clearTimeout(pageTimer);
            pages.set(message.page.pageNumber, message.page);
            progress?.pageDone(message.page);
            return;
          case 'result':
            finish();
            resolve(message.value);
            return;
          case 'error': {
            finish();
            const error =
              message.error.name === 'CorruptFileError'
                ? new CorruptFileError(message.error.message)
                : message.error.name === 'EncryptedFileError'
                  ? new EncryptedFileError(message.error.message)
                  : message.error.name === 'UnsupportedVersionError'
                    ? new UnsupportedVersionError(message.error.message)
                    : new Error(message.error.message);
            reject(error);
            return;
          }
          case 'ready':
            return;
        }
      };
      this.calls += 1;
      this.child.send({ type: 'call', ...call } satisfies SandboxCall);
    });
  }
}

/**
 * FileTools that parse every file in a small pool of child processes with a time limit per call and per page and a
 * memory limit, all enforced by killing the child: the process serving HTTP never runs a parser, and a file that
 * makes one spin or allocate without bound costs one sandbox, not the service. A killed call rejects with
 * ExtractionStoppedError (the reason in words, the pages read before); an aborted signal kills the call too.
 */
export function createSandboxedFileTools(options: SandboxedFileToolsOptions): SandboxedFileTools {
  const { limits } = options;
  const poolSize = options.poolSize ?? 2;
  const callsPerSandbox = options.callsPerSandbox ?? 50;
  const childOptions: SandboxChildOptions = {
    libreOfficePath: options.tools?.libreOfficePath ?? null,
    ...(options.tools?.preferPdfCli === false ? { preferPdfCli: false } : {}),
    imageMaxPixels: limits.imageMaxPixels,
    ...(options.toolsModule ? { toolsModule: options.toolsModule } : {}),
  };
  const idle: Sandbox[] = [];
  const all = new Set<Sandbox>();
  const waiting: ((sandbox: Sandbox) => void)[] = [];
  let closed = false;

  const spawn = (): Sandbox => {
    const sandbox = new Sandbox(childOptions, limits.memoryMb);
    all.add(sandbox);
    sandbox.child.once('exit', () => {
      all.delete(sandbox);
      const index = idle.indexOf(sandbox);
      if (index >= 0) idle.splice(index, 1);
    });
    return sandbox;
  };

  const acquire = async (): Promise<Sandbox> => {
    if (closed) throw new Error('the extraction sandbox is closed');
    let sandbox = idle.pop();
    while (sandbox?.dead) sandbox = idle.pop();
    if (!sandbox) {
      sandbox = all.size < poolSize ? spawn() : await new Promise<Sandbox>((resolve) => waiting.push(resolve));
    }
    const spawnStarted = performance.now();
    await sandbox.ready;
    if (sandbox.calls === 0) options.onSpawn?.({ ms: performance.now() - spawnStarted, pid: sandbox.child.pid });
    return sandbox;
  };

  const release = (sandbox: Sandbox): void => {
    let next: Sandbox | null = sandbox;
    if (sandbox.dead || sandbox.calls >= callsPerSandbox) {
      if (!sandbox.dead) sandbox.kill();
      all.delete(sandbox);
      next = closed ? null : waiting.length > 0 ? spawn() : null;
    }
    if (!next) return;
    const waiter = waiting.shift();
    if (waiter) waiter(next);
    else idle.push(next);
  };

  const run = async <T>(
    call: Omit<SandboxCall, 'type'>,
    params: { signal?: AbortSignal; progress?: PageProgress },
  ): Promise<T> => {
    params.signal?.throwIfAborted();
    const sandbox = await acquire();
    try {
      return (await sandbox.call(call, {
        limits,
        ...params,
        onKill: (reason) => options.onKill?.({ method: call.method, reason }),
      })) as T;
    } finally {
      release(sandbox);
    }
  };

  return {
    detect: (input) => run({ method: 'detect', input }, {}),
    extract: ({ signal, progress, ...input }) =>
      run({ method: 'extract', input }, { ...(signal ? { signal } : {}), ...(progress ? { progress } : {}) }),
    unpackZip: ({ signal, ...input }) => run({ method: 'unpackZip', input }, signal ? { signal } : {}),
    makePreview: ({ signal, ...input }) => run({ method: 'makePreview', input }, signal ? { signal } : {}),
    async close() {
      closed = true;
      for (const sandbox of all) sandbox.kill();
      all.clear();
      idle.length = 0;
    },
  };
}
