/**
 * DWG and DXF files as the drawing model the viewer draws (domain/drawings). DXF is read by dxf-parser (the same
 * parser as text extraction); DWG by libredwg (WebAssembly) in a throw-away worker with time and memory limits, so
 * a malformed drawing fails alone. Both give the same plain shapes; anything else in a file (hatches, images, 3D
 * solids) is left out of the picture.
 */
import { open } from 'node:fs/promises';
import type { DrawingColor, DrawingEntity, DrawingModel, Point } from '../../domain/drawings/drawing.js';
import { cleanMText, createParser } from '../extract/dxf.extractor.js';
import { libreDwgWorkerSource, runLibreDwgWorker } from '../extract/dwg.extractor.js';

/** a drawing file that could not be read */
export class UnreadableDrawingError extends Error {}

/** an entity as either reader hands it over: the union of the field names dxf-parser and libredwg use */
interface RawEntity {
  type: string;
  layer?: string;
  colorIndex?: number;
  color?: number;
  // geometry
  vertices?: (Point & { bulge?: number })[];
  startPoint?: Point;
  endPoint?: Point;
  center?: Point;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  majorAxisEndPoint?: Point;
  axisRatio?: number;
  shape?: boolean;
  flag?: number;
  // text
  text?: string;
  textHeight?: number;
  height?: number;
  rotation?: number;
  position?: Point;
  insertionPoint?: Point;
  // blocks
  name?: string;
  block?: string;
  xScale?: number;
  yScale?: number;
}

interface Units {
  /** degrees to radians for TEXT, MTEXT and INSERT rotations (DXF states degrees; libredwg hands radians over) */
  rotation: (value: number) => number;
}

const point = (p: Partial<Point> | undefined): Point => ({ x: Number(p?.x ?? 0), y: Number(p?.y ?? 0) });
const degrees = (value: number) => (value * Math.PI) / 180;

function colorOf(entity: { colorIndex?: number; color?: number }, trueColorFirst: boolean): DrawingColor {
  const index = entity.colorIndex;
  if (index === 256 || index === undefined) return 'bylayer';
  if (index === 0) return 'byblock';
  if (trueColorFirst && typeof entity.color === 'number' && entity.color >= 0) return { rgb: entity.color };
  return { aci: Math.abs(index) };
}

function entityOf(raw: RawEntity, units: Units, trueColorFirst: boolean): DrawingEntity | null {
  const base = { layer: raw.layer ?? '0', color: colorOf(raw, trueColorFirst) };
  switch (raw.type) {
    case 'LINE':
      return raw.vertices
        ? { ...base, kind: 'line', from: point(raw.vertices[0]), to: point(raw.vertices[1]) }
        : { ...base, kind: 'line', from: point(raw.startPoint), to: point(raw.endPoint) };
    case 'LWPOLYLINE':
    case 'POLYLINE':
    case 'POLYLINE2D':
    case 'POLYLINE3D':
      return {
        ...base,
        kind: 'polyline',
        points: (raw.vertices ?? []).map((v) => ({ ...point(v), bulge: Number(v.bulge ?? 0) })),
        closed: raw.shape === true || ((raw.flag ?? 0) & 1) === 1,
      };
    case 'ARC':
      return {
        ...base,
        kind: 'arc',
        center: point(raw.center),
        radius: Number(raw.radius ?? 0),
        start: Number(raw.startAngle ?? 0),
        end: Number(raw.endAngle ?? 0),
      };
    case 'CIRCLE':
      return { ...base, kind: 'circle', center: point(raw.center), radius: Number(raw.radius ?? 0) };
    case 'ELLIPSE':
      return {
        ...base,
        kind: 'ellipse',
        center: point(raw.center),
        major: point(raw.majorAxisEndPoint),
        ratio: Number(raw.axisRatio ?? 1),
        start: Number(raw.startAngle ?? 0),
        end: Number(raw.endAngle ?? 2 * Math.PI),
      };
    case 'TEXT':
    case 'MTEXT': {
      const text = raw.type === 'MTEXT' ? cleanMText(raw.text ?? '') : (raw.text ?? '');
      if (!text.trim()) return null;
      return {
        ...base,
        kind: 'text',
        at: point(raw.startPoint ?? raw.insertionPoint ?? raw.position),
        height: Number(raw.textHeight ?? raw.height ?? 1),
        rotation: units.rotation(Number(raw.rotation ?? 0)),
        text,
      };
    }
    case 'INSERT':
      return {
        ...base,
        kind: 'insert',
        block: raw.name ?? '',
        at: point(raw.insertionPoint ?? raw.position),
        scale: { x: Number(raw.xScale ?? 1) || 1, y: Number(raw.yScale ?? 1) || 1 },
        rotation: units.rotation(Number(raw.rotation ?? 0)),
      };
    case 'DIMENSION': {
      // a dimension draws as its anonymous block, stored in world coordinates
      const block = raw.block ?? raw.name;
      return block ? { ...base, kind: 'insert', block, at: { x: 0, y: 0 }, scale: { x: 1, y: 1 }, rotation: 0 } : null;
    }
    default:
      return null;
  }
}

const entitiesOf = (raws: RawEntity[] | undefined, units: Units, trueColorFirst: boolean) =>
  (raws ?? []).flatMap((raw) => entityOf(raw, units, trueColorFirst) ?? []);

// ---------------------------------------------------------------------------------------------------------------
// DXF

interface ParsedDxf {
  tables?: {
    layer?: { layers?: Record<string, { name: string; colorIndex?: number; visible?: boolean; frozen?: boolean }> };
  };
  blocks?: Record<string, { name: string; position?: Point; entities?: RawEntity[] }>;
  entities?: RawEntity[];
}

/**
 * The largest DXF the viewer reads. dxf-parser takes the whole file as one string and parses it synchronously on the
 * API's event loop; uploads may be 5 GB. Measured: a 111 MB DXF of lines took 13 s and 1.6 GB of heap, so 200 MB would
 * come near the heap's limit and stall every request for half a minute. 100 MB is still a very large plan; anything
 * bigger is refused before a byte of it is read.
 */
export const MAX_DXF_BYTES = 100 * 1024 * 1024;

/** the file as text, refused above `maxBytes` before any of it is read */
async function readDxfText(filePath: string, maxBytes: number): Promise<string> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    if (size > maxBytes) {
      throw new UnreadableDrawingError(`the DXF file is too large to show (${size} bytes, the limit is ${maxBytes})`);
    }
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

export async function readDxfDrawing(
  filePath: string,
  limits: { maxBytes: number } = { maxBytes: MAX_DXF_BYTES },
): Promise<DrawingModel> {
  const text = await readDxfText(filePath, limits.maxBytes);
  let parsed: ParsedDxf | null;
  try {
    parsed = createParser().parseSync(text) as ParsedDxf | null;
  } catch (error) {
    throw new UnreadableDrawingError(`the DXF file cannot be read: ${(error as Error).message}`);
  }
  if (!parsed) throw new UnreadableDrawingError('the DXF file cannot be read');
  const units: Units = { rotation: degrees };
  return {
    layers: Object.values(parsed.tables?.layer?.layers ?? {}).map((layer) => ({
      name: layer.name,
      color: { aci: layer.colorIndex ?? 7 },
      visible: layer.visible !== false && layer.frozen !== true,
    })),
    blocks: new Map(
      Object.values(parsed.blocks ?? {}).map((block) => [
        block.name,
        { base: point(block.position), entities: entitiesOf(block.entities, units, false) },
      ]),
    ),
    entities: entitiesOf(parsed.entities, units, false),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// DWG

interface DwgMessage {
  ok: boolean;
  error?: string;
  layers?: { name: string; colorIndex: number; color: number; off: boolean; frozen: boolean }[];
  blocks?: { name: string; basePoint?: Point; entities: RawEntity[] }[];
}

/** in the worker: the layers and every block record's drawable entities, nothing else cloned back */
const DWG_WORKER_SOURCE = libreDwgWorkerSource(`
const DRAWN = new Set(['LINE', 'LWPOLYLINE', 'POLYLINE2D', 'POLYLINE3D', 'ARC', 'CIRCLE', 'ELLIPSE', 'TEXT', 'MTEXT', 'INSERT', 'DIMENSION']);
const KEEP = ['type', 'layer', 'colorIndex', 'color', 'vertices', 'startPoint', 'endPoint', 'center', 'radius', 'startAngle',
  'endAngle', 'majorAxisEndPoint', 'axisRatio', 'flag', 'text', 'textHeight', 'rotation', 'insertionPoint', 'name', 'xScale', 'yScale'];
  const db = lib.convert(read.data);
  const pick = (entity) => {
    const out = {};
    for (const key of KEEP) if (entity[key] !== undefined) out[key] = key === 'vertices'
      ? entity.vertices.map((v) => ({ x: v.x, y: v.y, bulge: v.bulge || 0 })) : entity[key];
    return out;
  };
  const layers = ((db.tables && db.tables.LAYER && db.tables.LAYER.entries) || []).map((l) => ({
    name: l.name, colorIndex: l.colorIndex, color: l.color, off: Boolean(l.off), frozen: Boolean(l.frozen) }));
  const blocks = ((db.tables && db.tables.BLOCK_RECORD && db.tables.BLOCK_RECORD.entries) || []).map((b) => ({
    name: b.name, basePoint: b.basePoint, entities: (b.entities || []).filter((e) => e && DRAWN.has(e.type) && !e.isInPaperSpace).map(pick) }));
  if (!blocks.some((b) => /^\\*model_space$/i.test(b.name)) && Array.isArray(db.entities)) {
    blocks.push({ name: '*Model_Space', entities: db.entities.filter((e) => e && DRAWN.has(e.type)).map(pick) });
  }
  parentPort.postMessage({ ok: true, layers, blocks });
`);

export async function readDwgDrawing(filePath: string, signal?: AbortSignal): Promise<DrawingModel> {
  const outcome = await runLibreDwgWorker<DwgMessage>({ source: DWG_WORKER_SOURCE, filePath, signal });
  if (outcome.status === 'failed') throw new UnreadableDrawingError(`the DWG file cannot be read: ${outcome.reason}`);
  const message = outcome.message;
  if (!message.ok) throw new UnreadableDrawingError(`the DWG file cannot be read: ${message.error ?? 'unknown'}`);
  const units: Units = { rotation: (value) => value };
  const blocks = message.blocks ?? [];
  const model = blocks.find((b) => /^\*model_space$/i.test(b.name));
  return {
    layers: (message.layers ?? []).map((layer) => ({
      name: layer.name,
      color: layer.color >= 0 ? { rgb: layer.color } : { aci: Math.abs(layer.colorIndex) },
      visible: !layer.off && !layer.frozen && layer.colorIndex >= 0,
    })),
    blocks: new Map(
      blocks.map((block) => [
        block.name,
        { base: point(block.basePoint), entities: entitiesOf(block.entities, units, true) },
      ]),
    ),
    entities: entitiesOf(model?.entities, units, true),
  };
}
