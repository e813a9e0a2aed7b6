import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Tesseract from 'tesseract.js';

import { assertLanguageCodes, DEFAULT_OCR_LANGUAGES, normalizeOcrText, type Ocr, type OcrOptions } from './ocr.js';

export interface TesseractJsOptions {
  /** per image; the WebAssembly build is several times slower than the binary */
  timeoutMs?: number;
}

const require = createRequire(import.meta.url);

/**
 * The LSTM-only "best_int" models: what tesseract.js itself picks for its default engine, and half the size of the
 * combined 4.0.0 models.
 */
function trainedDataFile(language: string): string {
  let packageJson: string;
  try {
    packageJson = require.resolve(`@tesseract.js-data/${language}/package.json`);
  } catch (error) {
    throw new Error(`OCR language "${language}" is not installed (npm package @tesseract.js-data/${language})`, {
      cause: error,
    });
  }
  return path.join(path.dirname(packageJson), '4.0.0_best_int', `${language}.traineddata.gz`);
}

/** Everything the worker loads comes from node_modules; left unset, tesseract.js fetches from a CDN. */
function localPaths(): { workerPath: string; corePath: string } {
  const tesseractRequire = createRequire(require.resolve('tesseract.js'));
  return {
    workerPath: tesseractRequire.resolve('./worker-script/node/index.js'),
    corePath: path.dirname(tesseractRequire.resolve('tesseract.js-core/package.json')),
  };
}

/**
 * tesseract.js reads every language from one `langPath` (and its `{ code, data }` form is broken in v6: initialise
 * receives the data instead of the code). The data packages keep each language in its own folder, so one temporary
 * folder links them side by side.
 */
async function linkLanguages(directory: string, languages: readonly string[]): Promise<void> {
  for (const language of languages) {
    const source = trainedDataFile(language);
    const target = path.join(directory, `${language}.traineddata.gz`);
    try {
      await symlink(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      // Windows without developer mode cannot symlink; a copy of a few MB is fine.
      await copyFile(source, target);
    }
  }
}

interface LoadedWorker {
  worker: Tesseract.Worker;
  languages: string;
}

export function createTesseractJsOcr(options: TesseractJsOptions = {}): Ocr {
  const timeoutMs = options.timeoutMs ?? 300_000;
  let dataDirectory: Promise<string> | undefined;
  let loaded: Promise<LoadedWorker> | undefined;
  // One worker runs one job at a time; callers may still call concurrently, so jobs are chained.
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function getDataDirectory(): Promise<string> {
    dataDirectory ??= mkdtemp(path.join(tmpdir(), 'byggdok-tessdata-'));
    return dataDirectory;
  }

  async function startWorker(languages: readonly string[]): Promise<LoadedWorker> {
    const langPath = await getDataDirectory();
    await linkLanguages(langPath, languages);
    const worker = await Tesseract.createWorker(languages.join('+'), Tesseract.OEM.LSTM_ONLY, {
      ...localPaths(),
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: () => undefined,
      // Without a handler tesseract.js throws from its message listener, which would crash the process.
      errorHandler: () => undefined,
    });
    return { worker, languages: languages.join('+') };
  }

  async function getWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
    const wanted = languages.join('+');
    loaded ??= startWorker(languages);
    let current: LoadedWorker;
    try {
      current = await loaded;
    } catch (error) {
      loaded = undefined;
      throw toError(error);
    }
    if (current.languages !== wanted) {
      await linkLanguages(await getDataDirectory(), languages);
      await current.worker.reinitialize(wanted, Tesseract.OEM.LSTM_ONLY);
      current.languages = wanted;
    }
    return current.worker;
  }

  async function discardWorker(): Promise<void> {
    const current = loaded;
    loaded = undefined;
    if (!current) return;
    try {
      await (await current).worker.terminate();
    } catch {
      // a worker that failed to start has nothing to terminate
    }
  }

  async function recognizeNow(image: Buffer | string, recognizeOptions: OcrOptions): Promise<string> {
    const languages = recognizeOptions.languages ?? DEFAULT_OCR_LANGUAGES;
    assertLanguageCodes(languages);
    const signal = recognizeOptions.signal;
    signal?.throwIfAborted();
    const worker = await getWorker(languages);

    // WebAssembly cannot be interrupted: on timeout or abort the worker thread is terminated and replaced later.
    let stop: ((reason: Error) => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    const timer = setTimeout(() => stop?.(new Error(`tesseract.js took longer than ${timeoutMs} ms`)), timeoutMs);
    const onAbort = (): void => stop?.(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await Promise.race([worker.recognize(image), stopped]);
      return normalizeOcrText(result.data.text);
    } catch (error) {
      await discardWorker();
      throw toError(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    provider: 'tesseract-js',
    recognize(image: Buffer | string, recognizeOptions: OcrOptions = {}): Promise<string> {
      if (closed) return Promise.reject(new Error('OCR has been closed'));
      const job = queue.then(() => recognizeNow(image, recognizeOptions));
      queue = job.catch(() => undefined);
      return job;
    },
    async close(): Promise<void> {
      closed = true;
      await queue;
      await discardWorker();
      const directory = dataDirectory;
      dataDirectory = undefined;
      if (directory) await rm(await directory, { recursive: true, force: true });
    },
  };
}

/** tesseract.js rejects with bare strings. */
function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(`tesseract.js: ${String(error)}`);
}
