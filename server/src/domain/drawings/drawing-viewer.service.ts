import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import pLimit from 'p-limit';
import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { BlobStore } from '../documents/blob-store.js';
import { AppError, invalid, notFound } from '../shared/errors.js';
import type { DrawingView } from './drawing.js';

export interface DrawingSource {
  id: string;
  filename: string;
  blobKey: string;
  md5: string | null;
  uploaded: boolean;
}

/**
 * A DWG or DXF file as its view: read, parsed and drawn (renderDrawing) off the API's thread, in the reader's worker,
 * so that neither the parse nor the drawing of a large file holds up the process's other requests
 */
export interface DrawingReaders {
  dwg(filePath: string): Promise<DrawingView>;
  dxf(filePath: string): Promise<DrawingView>;
  /** what a reader throws for a file it cannot read */
  isUnreadable(error: unknown): boolean;
}

/** bumped when the rendering (or the stored form) changes, so that cached views are made again */
const RENDERER_VERSION = 3;

const gzipped = promisify(gzip);

/**
 * A drawing's view as stored: its JSON, gzipped (an SVG of 200,000 shapes is some 14 MB of JSON and a tenth of that
 * gzipped). It is handed on as stored, never parsed or serialised again on the API's thread; `etag` names the file
 * and the renderer that made it.
 */
export interface StoredDrawingView {
  etag: string;
  /** the gzipped JSON; not read at all when the caller already holds `etag` */
  gzip(): Promise<Readable | Buffer>;
}

/**
 * Drawings one process reads at once, and how many more may wait for a turn. Each read, and the drawing of its SVG,
 * runs in a worker that may take a large heap (2 GB for a DXF at its size limit, drawing-readers.ts): views asked of
 * many large drawings at once would otherwise add up to more memory than the machine has.
 * Past the waiting room a view is refused with 429 and Retry-After, to be asked again; a view of a drawing already
 * being read waits for that read instead of starting another.
 */
export const DEFAULT_DRAWING_READS = { atOnce: 2, waiting: 8, retryAfterSeconds: 5 };

function kindOf(filename: string): 'dwg' | 'dxf' | null {
  const extension = path.extname(filename).toLowerCase();
  return extension === '.dwg' ? 'dwg' : extension === '.dxf' ? 'dxf' : null;
}

/**
 * The drawing viewer's data for a DWG or DXF document of a construction project (READ_ACCESS): extents, layers and
 * an SVG of the model space. Made once per file (the upload's MD5 names it) and kept in the blob store beside the
 * file, so every later request, from any API process, reads it back.
 */
export function createDrawingViewerService(deps: {
  access: AccessService;
  blobs: BlobStore;
  findDocument(documentId: string): Promise<DrawingSource | null>;
  readers: DrawingReaders;
  reads?: typeof DEFAULT_DRAWING_READS;
}) {
  const reads = deps.reads ?? DEFAULT_DRAWING_READS;
  const turns = pLimit(reads.atOnce);
  /** the views being made, by their stored view's key */
  const making = new Map<string, Promise<Buffer>>();

  async function render(document: DrawingSource, kind: 'dwg' | 'dxf'): Promise<DrawingView> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'byggdok-drawing-'));
    try {
      const file = path.join(folder, `drawing.${kind}`);
      await pipeline(await deps.blobs.get(document.blobKey), createWriteStream(file));
      return await deps.readers[kind](file);
    } catch (error) {
      if ((error as { code?: string }).code === 'blob.not_found') {
        throw new AppError({
          code: 'document.file_missing',
          kind: 'conflict',
          message: `The file of ${document.filename} is missing from storage`,
        });
      }
      if (deps.readers.isUnreadable(error)) {
        throw invalid(
          'drawing.unreadable',
          `${document.filename} cannot be read as a drawing: ${(error as Error).message}`,
        );
      }
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  return {
    async view(params: { principal: Principal; documentId: string }): Promise<StoredDrawingView> {
      await deps.access.authorizeProjectDocument({ ...params, need: 'read' });
      const document = await deps.findDocument(params.documentId);
      if (!document) throw notFound('document');
      const kind = kindOf(document.filename);
      if (!kind) {
        throw invalid('document.not_a_drawing', `${document.filename} is not a DWG or DXF drawing`);
      }
      if (!document.uploaded) throw invalid('document.not_uploaded', 'The file of this document has not arrived yet');
      const made = `${document.md5 ?? 'file'}-v${RENDERER_VERSION}`;
      const key = `drawings/${document.id}/${made}.json.gz`;
      const etag = `"${document.id}-${made}"`;
      if (await deps.blobs.head(key)) return { etag, gzip: () => deps.blobs.get(key) };
      const already = making.get(key);
      if (already) return { etag, gzip: () => already };
      if (turns.pendingCount >= reads.waiting) {
        throw new AppError({
          code: 'drawing.busy',
          kind: 'too_many_requests',
          message: 'Too many drawings are being read right now; ask again shortly',
          retryAfterSeconds: reads.retryAfterSeconds,
        });
      }
      const rendering = turns(async () => {
        const bytes = await gzipped(Buffer.from(JSON.stringify(await render(document, kind))));
        await deps.blobs.put(key, bytes, { contentType: 'application/gzip' });
        return bytes;
      }).finally(() => making.delete(key));
      making.set(key, rendering);
      // the first view waits for the drawing: its errors (unreadable, file missing) are the request's answer
      const bytes = await rendering;
      return { etag, gzip: async () => bytes };
    },
  };
}

export type DrawingViewerService = ReturnType<typeof createDrawingViewerService>;
