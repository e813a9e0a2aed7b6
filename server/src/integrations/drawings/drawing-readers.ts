/**
 * DWG and DXF files as the drawing viewer's view of them (domain/drawings: extents, layers, SVG). DXF is read by
 * dxf-parser (the same parser as text extraction), DWG by libredwg (WebAssembly), each in a throw-away worker with
 * time and memory limits. The same worker turns the parsed file into the drawing model (drawing-model.ts) and draws
 * it (renderDrawing), so that a large drawing stalls the API neither while it is parsed nor while it is drawn, and
 * the parsed file and its model never leave the worker's heap; only the finished view is handed over. A malformed
 * drawing, or one that needs more time or memory than the limits, fails alone.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DrawingView } from '../../domain/drawings/drawing.js';
import { libreDwgWorkerSource, runLibreDwgWorker } from '../extract/dwg.extractor.js';
import { dxfParserWorkerSource, runDxfParserWorker, type DxfWorkerLimits } from './dxf-worker.js';

/** a drawing file that could not be read */
export class UnreadableDrawingError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// The model and the renderer, in the worker

let drawingModelModule: { url: string; tsx?: string } | undefined;

/**
 * Where a worker loads drawing-model.ts (and with it renderDrawing) from: built, the JavaScript beside this file. Run
 * from source (tests, `npm run dev`), it is TypeScript, which a worker cannot load by itself, and Node 20 applies no
 * `--import` loader given in a worker's execArgv: the worker loads it through tsx's tsImport (tsx is a development
 * dependency, there whenever the sources run), as the extraction sandbox's child loads its TypeScript through tsx.
 */
function resolveDrawingModel(): { url: string; tsx?: string } {
  if (drawingModelModule) return drawingModelModule;
  if (!import.meta.url.endsWith('.ts')) {
    drawingModelModule = { url: new URL('./drawing-model.js', import.meta.url).href };
    return drawingModelModule;
  }
  // tsx's "exports" give require() a CommonJS build whose tsImport cannot load an ES module: the "import" target it is
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports?: Record<string, { import?: { default?: string } }>;
  };
  const entry = manifest.exports?.['./esm/api']?.import?.default;
  if (!entry) throw new Error('cannot locate the ES module API of tsx, which loads the drawing model from source');
  drawingModelModule = {
    url: new URL('./drawing-model.ts', import.meta.url).href,
    tsx: pathToFileURL(path.join(path.dirname(manifestPath), entry)).href,
  };
  return drawingModelModule;
}

/** worker source that loads drawing-model as `drawing`, inside an async function */
function loadDrawingModel(): string {
  return `
  const drawingModule = ${JSON.stringify(resolveDrawingModel())};
  const drawing = await (drawingModule.tsx
    ? import(drawingModule.tsx).then((tsx) => tsx.tsImport(drawingModule.url, drawingModule.url))
    : import(drawingModule.url));
`;
}

// ---------------------------------------------------------------------------------------------------------------
// DXF

let dxfSource: string | undefined;

/**
 * In the worker: the parsed file made into the model (which lets go of each parsed entity as it is converted), and
 * the parsed file let go of before the model is drawn, so that the worker's heap never holds the two whole at once
 */
function dxfWorkerSource(): string {
  dxfSource ??= dxfParserWorkerSource(`${loadDrawingModel()}
  let parsed = parse();
  const model = drawing.dxfModel(parsed);
  parsed = undefined;
  return drawing.renderDrawing(model);
`);
  return dxfSource;
}

/**
 * The largest DXF the viewer reads; uploads may be 5 GB. dxf-parser takes the whole file as one string: a 111 MB DXF
 * of lines took 13 s and 1.6 GB of heap to parse. 100 MB is still a very large plan, and fits the worker's heap below
 * (a 98 MB DXF of 1.5 million lines was parsed, made into the model and drawn within 1.7 GB, not within 1.3 GB);
 * anything bigger is refused before a byte of it is read.
 */
export const MAX_DXF_BYTES = 100 * 1024 * 1024;

/** room for a MAX_DXF_BYTES file (about 1.6 GB as measured above); past it the worker dies, not the API */
const DXF_WORKER_HEAP_MB = 2048;

/** four times the 13 s measured for a file at the size limit, for a server busy with other work meanwhile */
const DXF_WORKER_TIMEOUT_MS = 60_000;

export interface DxfReadLimits extends DxfWorkerLimits {
  maxBytes: number;
}

const DXF_READ_LIMITS: DxfReadLimits = {
  maxBytes: MAX_DXF_BYTES,
  heapMb: DXF_WORKER_HEAP_MB,
  timeoutMs: DXF_WORKER_TIMEOUT_MS,
};

/** refuses a file above `maxBytes` before any of it is read */
async function checkDxfSize(filePath: string, maxBytes: number): Promise<void> {
  const { size } = await stat(filePath);
  if (size > maxBytes) {
    throw new UnreadableDrawingError(`the DXF file is too large to show (${size} bytes, the limit is ${maxBytes})`);
  }
}

/**
 * Reads, parses and draws the file in a worker: a parse error, a time-out or a heap overflow there is an unreadable
 * file
 */
export async function viewDxfDrawing(filePath: string, limits: Partial<DxfReadLimits> = {}): Promise<DrawingView> {
  const settings: DxfReadLimits = { ...DXF_READ_LIMITS, ...limits };
  await checkDxfSize(filePath, settings.maxBytes);
  const outcome = await runDxfParserWorker<DrawingView>({ source: dxfWorkerSource(), filePath, limits: settings });
  if (outcome.status === 'failed') throw new UnreadableDrawingError(`the DXF file cannot be read: ${outcome.reason}`);
  return outcome.result;
}

// ---------------------------------------------------------------------------------------------------------------
// DWG

type DwgMessage = { ok: true; view: DrawingView } | { ok: false; error?: string };

let dwgSource: string | undefined;

/**
 * In the worker: libredwg's database made into the model, and let go of (its WebAssembly copy too, as the DWG
 * extractor does) before the model is drawn
 */
function dwgWorkerSource(): string {
  dwgSource ??= libreDwgWorkerSource(`${loadDrawingModel()}
  let db = lib.convert(read.data);
  try { lib.dwg_free(read.data); } catch {}
  const model = drawing.dwgModel(db);
  db = undefined;
  parentPort.postMessage({ ok: true, view: drawing.renderDrawing(model) });
`);
  return dwgSource;
}

/**
 * Reads, converts and draws the file with libredwg in a worker (its time and memory limits are the DWG extractor's):
 * what libredwg cannot read, a time-out or a crash there is an unreadable file
 */
export async function viewDwgDrawing(filePath: string, signal?: AbortSignal): Promise<DrawingView> {
  const outcome = await runLibreDwgWorker<DwgMessage>({ source: dwgWorkerSource(), filePath, signal });
  if (outcome.status === 'failed') throw new UnreadableDrawingError(`the DWG file cannot be read: ${outcome.reason}`);
  const message = outcome.message;
  if (!message.ok) throw new UnreadableDrawingError(`the DWG file cannot be read: ${message.error ?? 'unknown'}`);
  return message.view;
}
