/**
 * DWG and DXF files as the drawing model the viewer draws (domain/drawings). DXF is read by dxf-parser (the same
 * parser as text extraction), DWG by libredwg (WebAssembly), each in a throw-away worker with time and memory limits,
 * so that a large drawing does not stall the API and a malformed one fails alone. Both give the same plain shapes;
 * anything else in a file (hatches, images, 3D solids) is left out of the picture.
 */
import { stat } from 'node:fs/promises';
import type { DrawingColor, DrawingEntity, DrawingModel, Point } from '../../domain/drawings/drawing.js';
import { cleanMText } from '../extract/dxf.extractor.js';
import { libreDwgWorkerSource, runLibreDwgWorker } from '../extract/dwg.extractor.js';
import { dxfParserWorkerSource, runDxfParserWorker, type DxfWorkerLimits } from './dxf-worker.js';

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

/**
 * What the worker hands over: first the layers and the blocks' names and base points, then the entities in batches,
 * each chunk of a batch naming its owner (the index of its block, -1 for the model space).
 */
type DxfPart =
  | {
      layers: { name: string; colorIndex?: number; visible?: boolean; frozen?: boolean }[];
      blocks: { name: string; position?: Point }[];
    }
  | { chunks: { owner: number; entities: RawEntity[] }[] };

/**
 * In the worker: the drawable entities trimmed to the fields entityOf reads, so that taking a batch in is cheap (a
 * LINE arrives as its layer, colour index and two x/y points, not with dxf-parser's handle, z, true colour and line
 * type). A batch of 2,000 lines costs the API under 20 ms to take in and convert on a busy 2-core machine (5,000 took
 * 45 ms); the round trips add some 10 % to the read. ATTRIB and SEQEND, which text extraction registers handlers
 * for, are not drawn: dxf-parser skips them quietly without.
 */
const DXF_WORKER_SOURCE = dxfParserWorkerSource(`
  if (!parsed) throw new Error('no drawing in the file');
  const BATCH = 2000;
  const DRAWN = new Set(['LINE', 'LWPOLYLINE', 'POLYLINE', 'ARC', 'CIRCLE', 'ELLIPSE', 'TEXT', 'MTEXT', 'INSERT',
    'DIMENSION']);
  const KEEP = ['type', 'layer', 'colorIndex', 'startPoint', 'endPoint', 'center', 'radius', 'startAngle', 'endAngle',
    'majorAxisEndPoint', 'axisRatio', 'shape', 'flag', 'text', 'textHeight', 'height', 'rotation', 'position',
    'insertionPoint', 'name', 'block', 'xScale', 'yScale'];
  const vertex = (v) => (v.bulge ? { x: v.x, y: v.y, bulge: v.bulge } : { x: v.x, y: v.y });
  const pick = (entity) => {
    const out = {};
    for (const key of KEEP) if (entity[key] !== undefined) out[key] = entity[key];
    if (entity.vertices) out.vertices = entity.vertices.map(vertex);
    return out;
  };
  const blocks = Object.values(parsed.blocks || {});
  const layers = Object.values((parsed.tables && parsed.tables.layer && parsed.tables.layer.layers) || {});
  const owners = blocks.map((block, index) => [index, block.entities]).concat([[-1, parsed.entities]]);
  function* parts() {
    yield {
      layers: layers.map((l) => ({ name: l.name, colorIndex: l.colorIndex, visible: l.visible, frozen: l.frozen })),
      blocks: blocks.map((block) => ({ name: block.name, position: block.position })),
    };
    let chunks = [];
    let count = 0;
    for (const [owner, entities] of owners) {
      let chunk;
      for (const entity of entities || []) {
        if (!entity || !DRAWN.has(entity.type)) continue;
        if (!chunk) chunks.push((chunk = { owner, entities: [] }));
        chunk.entities.push(pick(entity));
        if (++count < BATCH) continue;
        yield { chunks };
        chunks = [];
        count = 0;
        chunk = undefined;
      }
    }
    if (chunks.length > 0) yield { chunks };
  }
`);

/**
 * The largest DXF the viewer reads; uploads may be 5 GB. dxf-parser takes the whole file as one string: a 111 MB DXF
 * of lines took 13 s and 1.6 GB of heap. 100 MB is still a very large plan, and fits the worker's heap below; anything
 * bigger is refused before a byte of it is read.
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

/** reads and parses the file in a worker: a parse error, a time-out or a heap overflow there is an unreadable file */
export async function readDxfDrawing(filePath: string, limits: Partial<DxfReadLimits> = {}): Promise<DrawingModel> {
  const settings: DxfReadLimits = { ...DXF_READ_LIMITS, ...limits };
  await checkDxfSize(filePath, settings.maxBytes);
  const model: DrawingModel = { layers: [], blocks: new Map(), entities: [] };
  const outcome = await runDxfParserWorker<DxfPart>({
    source: DXF_WORKER_SOURCE,
    filePath,
    limits: settings,
    onPart: dxfPartTaker(model),
  });
  if (outcome.status === 'failed') throw new UnreadableDrawingError(`the DXF file cannot be read: ${outcome.reason}`);
  return model;
}

/** fills `model` as the parts arrive, converting each batch on arrival so that no step holds the API for long */
function dxfPartTaker(model: DrawingModel): (part: DxfPart) => void {
  const units: Units = { rotation: degrees };
  const owners: DrawingEntity[][] = [];
  return (part) => {
    if ('layers' in part) {
      model.layers = part.layers.map((layer) => ({
        name: layer.name,
        color: { aci: layer.colorIndex ?? 7 },
        visible: layer.visible !== false && layer.frozen !== true,
      }));
      for (const block of part.blocks) {
        const entities: DrawingEntity[] = [];
        owners.push(entities);
        model.blocks.set(block.name, { base: point(block.position), entities });
      }
      return;
    }
    for (const chunk of part.chunks) {
      const target = chunk.owner < 0 ? model.entities : owners[chunk.owner];
      if (!target) throw new Error(`entities for an unknown block (${chunk.owner})`);
      for (const entity of entitiesOf(chunk.entities, units, false)) target.push(entity);
    }
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
