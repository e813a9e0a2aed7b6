import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DXF_BYTES,
  readDxfDrawing,
  UnreadableDrawingError,
} from '../../../src/integrations/drawings/drawing-readers.js';
import { dxfDrawing } from '../../helpers/document-fixtures.js';

describe('the DXF drawing reader', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'byggdok-drawing-readers-'));
    file = path.join(dir, 'plan.dxf');
    await writeFile(file, dxfDrawing());
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a plan under the size limit', async () => {
    const model = await readDxfDrawing(file);
    expect(model.layers.map((layer) => layer.name)).toEqual(['0', 'VVS', 'Skjult', 'Frosset']);
    expect(model.blocks.has('PUMPE')).toBe(true);
  });

  it('refuses a DXF above the size limit as unreadable, before reading it into memory', async () => {
    const read = readDxfDrawing(file, { maxBytes: 100 });
    await expect(read).rejects.toBeInstanceOf(UnreadableDrawingError);
    await expect(read).rejects.toThrow(/too large/);
    // generous for a real plan, far below what uploads allow (5 GB)
    expect(MAX_DXF_BYTES).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    expect(MAX_DXF_BYTES).toBeLessThan(1024 ** 3);
  });
});
