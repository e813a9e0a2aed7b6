import { gunzipSync } from 'node:zlib';
import type { DrawingView } from '../../src/domain/drawings/drawing.js';
import type { StoredDrawingView } from '../../src/domain/drawings/drawing-viewer.service.js';

/** the view a stored drawing view holds: its gzipped JSON read and parsed */
export async function viewOf(stored: StoredDrawingView | Promise<StoredDrawingView>): Promise<DrawingView> {
  const body = await (await stored).gzip();
  const chunks: Buffer[] = [];
  if (Buffer.isBuffer(body)) chunks.push(body);
  else for await (const chunk of body) chunks.push(chunk as Buffer);
  return JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')) as DrawingView;
}
