import { execFile } from 'node:child_process';

import {
  assertLanguageCodes,
  DEFAULT_OCR_LANGUAGES,
  normalizeOcrText,
  OcrLanguageMissingError,
  type Ocr,
  type OcrOptions,
} from './ocr.js';
import {
  languagesForScript,
  missingLanguagesForScript,
  otherLatinLanguage,
  scriptConfidenceFromOsd,
  scriptFromOsd,
} from './language-choice.js';
import { isPgm, rotatePgm, rotationFromOsd } from './orientation.js';

export interface TesseractCliOptions {
  /** binary name or path; default `tesseract` from PATH */
  binary?: string;
  /** per image; a dense A1 scan at 200 dpi takes well under a minute on one core */
  timeoutMs?: number;
}

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

function run(params: {
  binary: string;
  args: string[];
  stdin?: Buffer;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      params.binary,
      params.args,
      {
        timeout: params.timeoutMs,
        maxBuffer: MAX_OUTPUT_BYTES,
        encoding: 'utf8',
        signal: params.signal,
        // Tesseract's OpenMP threads spin against each other: on a 2-core machine one dense page took 6.2 s with two
        // threads and 2.4 s with one, and two pages in parallel 49 s against 2.5 s.
        env: { ...process.env, OMP_THREAD_LIMIT: process.env.OMP_THREAD_LIMIT ?? '1' },
      },
      (error, stdout, stderr) => {
        if (error) {
          const message = describeFailure({ binary: params.binary, error, stderr, timeoutMs: params.timeoutMs });
          reject(new Error(message, { cause: error }));
          return;
        }
        resolve({ stdout, stderr });
      },
    );
    // Tesseract may exit before reading all of stdin (unreadable image); the exit code reports that, not EPIPE.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(params.stdin);
  });
}

function describeFailure(params: {
  binary: string;
  error: Error & { code?: unknown; killed?: boolean };
  stderr: string;
  timeoutMs: number;
}): string {
  const { binary, error } = params;
  if (error.code === 'ENOENT') return `${binary} is not installed`;
  if (error.name === 'AbortError') return `${binary} was aborted`;
  const reason = error.killed ? `timed out after ${params.timeoutMs} ms` : `exited with code ${String(error.code)}`;
  // Leptonica prints a chain of messages; the last few name the actual problem.
  const detail = params.stderr.trim().split('\n').slice(-3).join(' | ');
  return `${binary} ${reason}${detail ? `: ${detail}` : ''}`;
}

/** Languages the installed `tesseract` can use; empty when the binary is missing or broken. */
export async function listTesseractCliLanguages(binary = 'tesseract'): Promise<string[]> {
  try {
    const { stdout, stderr } = await run({ binary, args: ['--list-langs'], timeoutMs: 10_000 });
    // Tesseract 4 printed the list on stderr, 5 on stdout.
    return `${stdout}\n${stderr}`
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[a-z]{3}(?:_[a-z]+)?$/i.test(line));
  } catch {
    return [];
  }
}

export function createTesseractCliOcr(options: TesseractCliOptions = {}): Ocr {
  const binary = options.binary ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? 120_000;
  let installed: Promise<string[]> | undefined;
  const installedLanguages = () => (installed ??= listTesseractCliLanguages(binary));

  /**
   * A page image turned upright when Tesseract is sure it is upside down or sideways (PGM renders only), and the
   * script it is written in, both from one orientation detection (the `osd` model; Debian's tesseract-ocr has it).
   */
  async function upright(
    image: Buffer,
    signal: AbortSignal | undefined,
  ): Promise<{ image: Buffer; script: string | null; scriptConfidence: number }> {
    if (!isPgm(image) || !(await installedLanguages()).includes('osd'))
      return { image, script: null, scriptConfidence: 0 };
    const report = await run({ binary, args: ['-', 'stdout', '--psm', '0'], stdin: image, timeoutMs, signal }).then(
      ({ stdout }) => stdout,
      // too few letters to tell (a photo, a nearly empty page): read it as it is
      () => '',
    );
    const degrees = rotationFromOsd(report);
    return {
      image: degrees === 0 ? image : rotatePgm(image, degrees),
      script: scriptFromOsd(report),
      scriptConfidence: scriptConfidenceFromOsd(report),
    };
  }

  async function read(image: Buffer | string, languages: readonly string[], signal?: AbortSignal): Promise<string> {
    const fromStdin = Buffer.isBuffer(image);
    const { stdout } = await run({
      binary,
      // `-` reads the image from stdin, so page renders never touch the disk.
      args: [fromStdin ? '-' : image, 'stdout', '-l', languages.join('+')],
      stdin: fromStdin ? image : undefined,
      timeoutMs,
      signal,
    });
    return normalizeOcrText(stdout);
  }

  return {
    provider: 'tesseract-cli',
    async recognize(original: Buffer | string, recognizeOptions: OcrOptions = {}): Promise<string> {
      const { signal } = recognizeOptions;
      const chosen = recognizeOptions.languages;
      if (chosen) assertLanguageCodes(chosen);
      const { image, script, scriptConfidence } = Buffer.isBuffer(original)
        ? await upright(original, signal)
        : { image: original, script: null, scriptConfidence: 0 };
      if (chosen) return read(image, chosen, signal);
      const available = await installedLanguages();
      const byScript = languagesForScript(script, available);
      if (byScript) return read(image, byScript, signal);
      const missing = missingLanguagesForScript(script, available, scriptConfidence);
      if (script && missing.length > 0) throw new OcrLanguageMissingError(script, missing);
      const text = await read(image, DEFAULT_OCR_LANGUAGES, signal);
      // a Swedish, Danish, German or Polish page: read again in its own language, for its own letters
      const other = otherLatinLanguage(text);
      return other && available.includes(other) ? read(image, [other, 'eng'], signal) : text;
    },
    async close(): Promise<void> {},
  };
}
