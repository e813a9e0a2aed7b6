import type { AccessService } from '../../domain/access/access.service.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import { createDrawingViewerService } from '../../domain/drawings/drawing-viewer.service.js';
import { UnreadableDrawingError, viewDwgDrawing, viewDxfDrawing } from '../../integrations/drawings/drawing-readers.js';
import { drawingSourceFinder } from '../../storage/db/repositories/drawings.repository.js';
import type { Db } from './app-module.js';

/** The drawing viewer: extents, layers and an SVG of a DWG or DXF document, made once per file. */
export function createDrawingsModule(deps: { db: Db; access: AccessService; blobs: BlobStore }) {
  const drawings = createDrawingViewerService({
    access: deps.access,
    blobs: deps.blobs,
    findDocument: drawingSourceFinder(deps.db),
    readers: {
      dwg: (filePath) => viewDwgDrawing(filePath),
      dxf: (filePath) => viewDxfDrawing(filePath),
      isUnreadable: (error) => error instanceof UnreadableDrawingError,
    },
  });
  return { services: { drawings } };
}
