import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Tesseract from 'tesseract.js';

import {
  languagesForScript,
  missingLanguagesForScript,
  otherLatinLanguage,
  scriptFromDetection,
} from './language-choice.js';
import {
  assertLanguageCodes,
  DEFAULT_OCR_LANGUAGES,
  normalizeOcrText,
  OcrLanguageMissingError,
  type Ocr,
  type OcrOptions,
} from './ocr.js';
import { isPgm, rotatePgm } from './orientation.js';

export interface TesseractJsOptions {
  /** per image; the WebAssembly build is several times slower than the binary */
  timeoutMs?: number;
}

const require = createRequire(import.meta.url);

/** the npm scope the traineddata packages are published under: one package per language, `osd` for orientation */
const DATA_SCOPE = '@tesseract.js-data';

/**
 * The LSTM-only "best_int" models: what tesseract.js itself picks for its default engine, and half the size of the
 * combined 4.0.0 models. The orientation and script model (`osd`) exists only for the legacy engine: its 4.0.0 file.
 */
function trainedDataFile(language: string): string {
  let packageJson: string;
  try {
    packageJson = require.resolve(`${DATA_SCOPE}/${language}/package.json`);
  } catch (error) {
    throw new Error(`OCR language "${language}" is not installed (npm package ${DATA_SCOPE}/${language})`, {
      cause: error,
    });
  }
  return path.join(
    path.dirname(packageJson),
    language === 'osd' ? '4.0.0' : '4.0.0_best_int',
    `${language}.traineddata.gz`,
  );
}

let installedLanguages: string[] | undefined;

/**
 * The languages installed as traineddata packages next to the ones this project depends on (`nor`, `eng`): an operator
 * adds one with `npm install @tesseract.js-data/<code>`, and a page in its script is then read.
 */
export function listTesseractJsLanguages(): string[] {
  if (installedLanguages) return installedLanguages;
  let scope: string;
  try {
    scope = path.dirname(path.dirname(require.resolve(`${DATA_SCOPE}/eng/package.json`)));
  } catch {
    return (installedLanguages = []);
  }
  installedLanguages = readdirSync(scope)
    .filter((name) => /^[a-z]{3}(?:_[a-z]+)?$/.test(name))
    .filter((name) => {
      try {
        return existsSync(trainedDataFile(name));
      } catch {
        return false;
      }
    })
    .sort();
  return installedLanguages;
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

/** below this confidence the detected orientation is no better than leaving the page as it is (as for the binary) */
const MIN_ORIENTATION_CONFIDENCE = 1;

export function createTesseractJsOcr(options: TesseractJsOptions = {}): Ocr {
  const timeoutMs = options.timeoutMs ?? 300_000;
  let dataDirectory: Promise<string> | undefined;
  let loaded: Promise<LoadedWorker> | undefined;
  /** the orientation and script detection: the legacy engine, a worker of its own */
  let detector: Promise<Tesseract.Worker> | undefined;
  // One worker runs one job at a time; callers may still call concurrently, so jobs are chained.
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function getDataDirectory(): Promise<string> {
    dataDirectory ??= mkdtemp(path.join(tmpdir(), 'byggdok-tessdata-'));
    return dataDirectory;
  }

  const workerOptions = (langPath: string): Partial<Tesseract.WorkerOptions> => ({
    ...localPaths(),
    langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
    // Without a handler tesseract.js throws from its message listener, which would crash the process.
    errorHandler: () => undefined,
  });

  async function startWorker(languages: readonly string[]): Promise<LoadedWorker> {
    const langPath = await getDataDirectory();
    await linkLanguages(langPath, languages);
    const worker = await Tesseract.createWorker(languages.join('+'), Tesseract.OEM.LSTM_ONLY, workerOptions(langPath));
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

  async function getDetector(): Promise<Tesseract.Worker> {
    detector ??= (async () => {
      const langPath = await getDataDirectory();
      await linkLanguages(langPath, ['osd']);
      return Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, {
        ...workerOptions(langPath),
        legacyCore: true,
        legacyLang: true,
      });
    })();
    try {
      return await detector;
    } catch (error) {
      detector = undefined;
      throw toError(error);
    }
  }

  async function discardWorkers(): Promise<void> {
    const current = [loaded, detector];
    loaded = undefined;
    detector = undefined;
    for (const worker of current) {
      if (!worker) continue;
      try {
        const started = await worker;
        await ('worker' in started ? started.worker : started).terminate();
      } catch {
        // a worker that failed to start has nothing to terminate
      }
    }
  }

  /** WebAssembly cannot be interrupted: on timeout or abort the workers are terminated and replaced later. */
  async function limited<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    signal?.throwIfAborted();
    let stop: ((reason: Error) => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    const timer = setTimeout(() => stop?.(new Error(`tesseract.js took longer than ${timeoutMs} ms`)), timeoutMs);
    const onAbort = (): void => stop?.(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await Promise.race([work(), stopped]);
    } catch (error) {
      await discardWorkers();
      throw toError(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The page turned upright when the detection is sure it is upside down or sideways (grey PGM pages, which every
   * extractor hands over), and its script. A page with too few letters to tell is read as it is.
   */
  async function upright(
    image: Buffer | string,
    signal: AbortSignal | undefined,
  ): Promise<{ image: Buffer | string; script: string | null; scriptConfidence: number }> {
    if (!listTesseractJsLanguages().includes('osd')) return { image, script: null, scriptConfidence: 0 };
    let detection: Tesseract.DetectData;
    try {
      detection = (await limited(async () => (await getDetector()).detect(image), signal)).data;
    } catch (error) {
      signal?.throwIfAborted();
      if (/took longer/.test(toError(error).message)) throw error;
      return { image, script: null, scriptConfidence: 0 };
    }
    const orientation = detection.orientation_degrees ?? 0;
    const confident = (detection.orientation_confidence ?? 0) >= MIN_ORIENTATION_CONFIDENCE;
    const degrees = confident ? (360 - orientation) % 360 : 0;
    const turned =
      Buffer.isBuffer(image) && isPgm(image) && (degrees === 90 || degrees === 180 || degrees === 270)
        ? rotatePgm(image, degrees)
        : image;
    return {
      image: turned,
      script: scriptFromDetection(detection),
      scriptConfidence: detection.script_confidence ?? 0,
    };
  }

  async function read(image: Buffer | string, languages: readonly string[], signal?: AbortSignal): Promise<string> {
    assertLanguageCodes(languages);
    const result = await limited(async () => (await getWorker(languages)).recognize(image), signal);
    return normalizeOcrText(result.data.text);
  }

  async function recognizeNow(original: Buffer | string, recognizeOptions: OcrOptions): Promise<string> {
    const { signal } = recognizeOptions;
    const chosen = recognizeOptions.languages;
    if (chosen) assertLanguageCodes(chosen);
    const { image, script, scriptConfidence } = await upright(original, signal);
    if (chosen) return read(image, chosen, signal);
    const installed = listTesseractJsLanguages();
    const byScript = languagesForScript(script, installed);
    if (byScript) return read(image, byScript, signal);
    const missing = missingLanguagesForScript(script, installed, scriptConfidence);
    if (script && missing.length > 0) throw new OcrLanguageMissingError(script, missing);
    const text = await read(image, DEFAULT_OCR_LANGUAGES, signal);
    // a page in another Latin-script language with a package installed (French ...): read again in it
    const other = otherLatinLanguage(text);
    return other && installed.includes(other) ? read(image, [other, 'eng'], signal) : text;
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
      await discardWorkers();
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
