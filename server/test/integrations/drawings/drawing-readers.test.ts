import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import dxfParserModule from 'dxf-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dxfModel, type ParsedDxf } from '../../../src/integrations/drawings/drawing-model.js';
import {
  MAX_DXF_BYTES,
  UnreadableDrawingError,
  viewDxfDrawing,
} from '../../../src/integrations/drawings/drawing-readers.js';
import { dxfDrawing } from '../../helpers/document-fixtures.js';

/** dxf-parser as the reader's worker loads it (a UMD bundle: the class, or an object with it as default) */
function parseDxf(text: string): ParsedDxf | null {
  type Parser = new () => { parseSync(text: string): unknown };
  const loaded = dxfParserModule as unknown as Parser | { default: Parser };
  const DxfParser = typeof loaded === 'function' ? loaded : loaded.default;
  return new DxfParser().parseSync(text) as ParsedDxf | null;
}

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

  it('reads and draws a plan under the size limit', async () => {
    const view = await viewDxfDrawing(file);
    expect(view.layers.map((layer) => [layer.name, layer.visible])).toEqual([
      ['0', true],
      ['VVS', true],
      ['Skjult', false],
      ['Frosset', false],
    ]);
    expect(view.extents).toEqual({ minX: -1, minY: -5, maxX: 21, maxY: 31 });
    // PUMPE's line (0,0)-(1,0), doubled and turned a quarter at (20,0): (20,0)-(20,2), in y-down SVG
    expect(view.svg).toContain('<polyline points="20,0 20,-2" stroke="#ff0000"/>');
    expect(view.svg).toContain('>Pumperom</text>');
  });

  it('makes the model of a plan from what dxf-parser gives', () => {
    const model = dxfModel(parseDxf(dxfDrawing()));
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
    const read = viewDxfDrawing(file, { maxBytes: 100 });
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
    await expect(viewDxfDrawing(truncated)).rejects.toThrow(UnreadableDrawingError);
    await expect(viewDxfDrawing(truncated)).rejects.toThrow(/cannot be read/);
  });

  it('calls a DXF unreadable when parsing it takes longer than allowed', async () => {
    await expect(viewDxfDrawing(large, { timeoutMs: 50 })).rejects.toThrow(/timed out/);
  });

  it('calls a DXF unreadable when parsing it needs more memory than allowed', async () => {
    const read = viewDxfDrawing(large, { heapMb: 16 });
    await expect(read).rejects.toBeInstanceOf(UnreadableDrawingError);
    await expect(read).rejects.toThrow(/worker crashed/);
  });

  it('keeps answering others while a large DXF is read and drawn', async () => {
    const { result, longestMs, turns } = await longestEventLoopGap(() => viewDxfDrawing(large));
    expect(result.layers).toEqual([{ name: 'VVS', color: '#ff0000', visible: true }]);
    // over 300,000 lines, cut off at the renderer's 200,000 shapes
    expect(result.svg).toContain('<!-- truncated at 200000 shapes');
    expect(result.svg.split('<polyline ').length - 1).toBe(200_000);
    // read on this thread, the parse alone held the loop for 1.5 s on a fast machine and 3.5 s on a busy one; in the
    // worker the longest wait is taking in the finished view or a garbage collection
    expect(longestMs).toBeLessThan(1000);
    expect(turns).toBeGreaterThan(50);
  });
});
