import { describe, expect, it } from 'vitest';
import type { AccessService } from '../../../src/domain/access/access.service.js';
import type { Principal } from '../../../src/domain/access/principal.js';
import { renderDrawing, type DrawingModel } from '../../../src/domain/drawings/drawing.js';
import { createDrawingViewerService, type DrawingSource } from '../../../src/domain/drawings/drawing-viewer.service.js';
import { viewOf } from '../../helpers/drawing-views.js';
import { AppError } from '../../../src/domain/shared/errors.js';
import { createMemoryBlobStore } from '../../../src/storage/blobs/memory.blob-store.js';
import { createUrlSigner } from '../../../src/storage/blobs/url-signer.js';

const model: DrawingModel = {
  layers: [{ name: '0', color: { aci: 7 }, visible: true }],
  blocks: new Map(),
  entities: [{ kind: 'line', layer: '0', color: 'bylayer', from: { x: 0, y: 0 }, to: { x: 1, y: 1 } }],
};
const drawn = renderDrawing(model);

/**
 * Views of many large drawings asked at once: each read may take a 2 GB worker, so one process reads two at a time,
 * lets eight more wait, and refuses the rest with 429 until a turn is free; the same drawing asked twice is read once.
 */
describe('the drawing viewer under many views at once', () => {
  const world = async () => {
    const blobs = createMemoryBlobStore({
      signer: createUrlSigner({ secret: 'x'.repeat(32), publicUrl: 'http://byggdok.test' }),
    });
    const documents = new Map<string, DrawingSource>();
    for (let i = 0; i < 20; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await blobs.put(`files/${id}`, Buffer.from('0\nEOF\n'));
      documents.set(id, { id, filename: `Plan ${i}.dxf`, blobKey: `files/${id}`, md5: `md5-${i}`, uploaded: true });
    }
    const started: string[] = [];
    const running = { now: 0, most: 0 };
    const releases: (() => void)[] = [];
    const viewer = createDrawingViewerService({
      access: { authorizeProjectDocument: async () => undefined } as unknown as AccessService,
      blobs,
      findDocument: async (id) => documents.get(id) ?? null,
      readers: {
        dwg: async () => drawn,
        // a read that lasts until the test lets it end
        dxf: async (file) => {
          started.push(file);
          running.now += 1;
          running.most = Math.max(running.most, running.now);
          await new Promise<void>((resolve) => releases.push(resolve));
          running.now -= 1;
          return drawn;
        },
        isUnreadable: () => false,
      },
    });
    const view = (id: string) => viewOf(viewer.view({ principal: {} as Principal, documentId: id }));
    /** waits until `check` holds (the reads copy their file to disk first), then a little longer */
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(check()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    return { ids: [...documents.keys()], view, started, running, releases, until };
  };

  it('reads two at a time, lets eight wait, and refuses the rest with 429 and Retry-After', async () => {
    const w = await world();
    const views = w.ids.slice(0, 10).map((id) => w.view(id));
    await w.until(() => w.started.length >= 2);
    expect(w.started).toHaveLength(2);
    const refused = await w.view(w.ids[10]!).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'drawing.busy', kind: 'too_many_requests', retryAfterSeconds: 5 });
    // each read that ends lets the next one start, never more than two at once
    for (let read = 1; read <= 10; read++) {
      await w.until(() => w.releases.length > 0);
      w.releases.shift()?.();
    }
    const done = await Promise.all(views);
    expect(done.every((v) => v.svg.startsWith('<svg'))).toBe(true);
    expect(w.running.most).toBe(2);
    expect(w.started).toHaveLength(10);
    // with the turns free, the one refused is read when asked again
    const again = w.view(w.ids[10]!);
    await w.until(() => w.releases.length > 0);
    w.releases.shift()?.();
    expect((await again).svg.startsWith('<svg')).toBe(true);
  });

  it('reads a drawing asked for by several people at once only once, and keeps the view', async () => {
    const w = await world();
    const views = Array.from({ length: 12 }, () => w.view(w.ids[0]!));
    await w.until(() => w.started.length >= 1);
    expect(w.started).toHaveLength(1);
    w.releases.shift()?.();
    const done = await Promise.all(views);
    expect(new Set(done.map((v) => v.svg)).size).toBe(1);
    // stored: a later view reads it back without reading the file again
    await w.view(w.ids[0]!);
    expect(w.started).toHaveLength(1);
  });
});
