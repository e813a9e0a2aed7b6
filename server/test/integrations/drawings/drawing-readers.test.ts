import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DXF_BYTES,
  readDxfDrawing,
  UnreadableDrawingError,
} from '../../../src/integrations/drawings/drawing-readers.js';
import { dxfDrawing } from '../../helpers/document-fixtures.js';

/** a DXF of `targetBytes` or a little more: one layer and as many LINE entities as it takes */
function largeDxf(targetBytes: number): string {
  const head = '0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n0\nLAYER\n2\nVVS\n70\n0\n62\n1\n0\nENDTAB\n0\nENDSEC\n';
  const parts = [head, '0\nSECTION\n2\nENTITIES\n'];
  let size = head.length;
  for (let i = 0; size < targetBytes; i += 1) {
    const from = `10\n${i}.25\n20\n${i % 997}.5\n30\n0\n`;
    const line = `0\nLINE\n8\nVVS\n${from}11\n${i + 1}.75\n21\n${(i * 7) % 991}.5\n31\n0\n`;
    parts.push(line);
    size += line.length;
  }
  parts.push('0\nENDSEC\n0\nEOF\n');
  return parts.join('');
}

/** the longest wait between turns of the event loop while `work` runs */
async function longestEventLoopGap<T>(
  work: () => Promise<T>,
): Promise<{ result: T; longestMs: number; turns: number }> {
  let last = performance.now();
  let longestMs = 0;
  let turns = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    turns += 1;
  }, 5);
  try {
    const result = await work();
    longestMs = Math.max(longestMs, performance.now() - last);
    return { result, longestMs, turns };
  } finally {
    clearInterval(tick);
  }
}

describe('the DXF drawing reader', () => {
  let dir: string;
  let file: string;
  let large: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'byggdok-drawing-readers-'));
    file = path.join(dir, 'plan.dxf');
    await writeFile(file, dxfDrawing());
    large = path.join(dir, 'large.dxf');
    await writeFile(large, largeDxf(20 * 1024 * 1024));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a plan under the size limit', async () => {
    const model = await readDxfDrawing(file);
    expect(model.layers.map((layer) => layer.name)).toEqual(['0', 'VVS', 'Skjult', 'Frosset']);
    // a negative colour index is a layer turned off, flag 1 a frozen one
    expect(model.layers.map((layer) => layer.visible)).toEqual([true, true, false, false]);
    expect(model.entities.map((entity) => entity.kind)).toEqual([
      'line',
      'arc',
      'polyline',
      'insert',
      'text',
      'circle',
    ]);
    expect(model.entities[0]).toEqual({
      layer: 'VVS',
      color: 'bylayer',
      kind: 'line',
      from: { x: 0, y: 0 },
      to: { x: 10, y: 0 },
    });
    expect(model.entities[2]).toMatchObject({
      points: [
        { x: 0, y: 10, bulge: 1 },
        { x: 4, y: 10, bulge: 0 },
      ],
    });
    expect(model.entities[3]).toMatchObject({ block: 'PUMPE', scale: { x: 2, y: 2 }, rotation: Math.PI / 2 });
    expect(model.entities[4]).toMatchObject({ text: 'Pumperom', height: 2.5 });
    expect(model.blocks.get('PUMPE')?.entities.map((entity) => entity.kind)).toEqual(['line', 'circle']);
  });

  it('refuses a DXF above the size limit as unreadable, before reading it into memory', async () => {
    const read = readDxfDrawing(file, { maxBytes: 100 });
    await expect(read).rejects.toBeInstanceOf(UnreadableDrawingError);
    await expect(read).rejects.toThrow(/too large/);
    // generous for a real plan, far below what uploads allow (5 GB)
    expect(MAX_DXF_BYTES).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    expect(MAX_DXF_BYTES).toBeLessThan(1024 ** 3);
  });

  it('calls a DXF cut short unreadable', async () => {
    const truncated = path.join(dir, 'truncated.dxf');
    const text = dxfDrawing();
    await writeFile(truncated, text.slice(0, text.length / 2));
    await expect(readDxfDrawing(truncated)).rejects.toThrow(UnreadableDrawingError);
    await expect(readDxfDrawing(truncated)).rejects.toThrow(/cannot be read/);
  });

  it('calls a DXF unreadable when parsing it takes longer than allowed', async () => {
    await expect(readDxfDrawing(large, { timeoutMs: 50 })).rejects.toThrow(/timed out/);
  });

  it('calls a DXF unreadable when parsing it needs more memory than allowed', async () => {
    const read = readDxfDrawing(large, { heapMb: 16 });
    await expect(read).rejects.toBeInstanceOf(UnreadableDrawingError);
    await expect(read).rejects.toThrow(/worker crashed/);
  });

  it('keeps answering others while a large DXF is read', async () => {
    const { result, longestMs, turns } = await longestEventLoopGap(() => readDxfDrawing(large));
    expect(result.entities.length).toBeGreaterThan(300_000);
    expect(result.entities.at(-1)).toMatchObject({ kind: 'line', layer: 'VVS' });
    // read on this thread, the parse alone held the loop for 1.5 s on a fast machine and 3.5 s on a busy one; in the
    // worker the longest wait is a batch or a garbage collection, some 60 ms on the busy one
    expect(longestMs).toBeLessThan(1000);
    expect(turns).toBeGreaterThan(50);
  });
});
