/**
 * What the drawing readers' workers make of a parsed file (drawing-readers.ts): the drawing model the viewer draws
 * (domain/drawings), from dxf-parser's or libredwg's own objects, and its view, drawn there too. The readers load it
 * in their worker, not on the API's thread: the parsed file, the model and the SVG being built stay in the worker's
 * heap, inside its limits, and only the finished view is handed over. Both readers give the same plain shapes;
 * anything else in a file (hatches, images, 3D solids) is left out of the picture.
 */
import type { DrawingColor, DrawingEntity, DrawingModel, Point } from '../../domain/drawings/drawing.js';
import { cleanMText } from '../extract/dxf.extractor.js';

export { renderDrawing } from '../../domain/drawings/drawing.js';

/** an entity as either parser makes it: the union of the field names dxf-parser and libredwg use */
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
        points: (raw.vertices ?? []).map((v) => ({ ...point(v), bulge: Number(v.bulge || 0) })),
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

/**
 * The drawn ones of `raws` as the model's entities. Each is let go of in `raws` once converted: the parsed file is
 * dropped once its model is made, and freeing it as the model grows keeps the worker's heap from holding both whole
 * (1.1 GB in use instead of 1.6 GB once a DXF of 1.5 million lines was made into its model).
 */
function entitiesOf<R extends RawEntity>(
  raws: (R | null | undefined)[] | undefined,
  drawn: (raw: R) => boolean,
  units: Units,
  trueColorFirst: boolean,
): DrawingEntity[] {
  const out: DrawingEntity[] = [];
  for (let i = 0; raws && i < raws.length; i += 1) {
    const raw = raws[i];
    raws[i] = null;
    if (!raw || !drawn(raw)) continue;
    const entity = entityOf(raw, units, trueColorFirst);
    if (entity) out.push(entity);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// DXF

/** the parts of dxf-parser's result that are drawn */
export interface ParsedDxf {
  tables?: {
    layer?: { layers?: Record<string, { name: string; colorIndex?: number; visible?: boolean; frozen?: boolean }> };
  };
  blocks?: Record<string, { name: string; position?: Point; entities?: (RawEntity | null)[] }>;
  entities?: (RawEntity | null)[];
}

/** the entities drawn from either format; each names its polylines its own way */
const DRAWN = ['LINE', 'LWPOLYLINE', 'ARC', 'CIRCLE', 'ELLIPSE', 'TEXT', 'MTEXT', 'INSERT', 'DIMENSION'];

/** ATTRIB and SEQEND, which text extraction registers handlers for, are not drawn: dxf-parser skips them without */
const DXF_DRAWN = new Set([...DRAWN, 'POLYLINE']);

const dxfEntities = (raws: (RawEntity | null)[] | undefined, units: Units) =>
  entitiesOf(raws, (raw) => DXF_DRAWN.has(raw.type), units, false);

/** a DXF file's model: the layers, every block with its base point, and the model space; `parsed` is used up */
export function dxfModel(parsed: ParsedDxf | null): DrawingModel {
  if (!parsed) throw new Error('no drawing in the file');
  const units: Units = { rotation: degrees };
  const layers = Object.values(parsed.tables?.layer?.layers ?? {});
  return {
    layers: layers.map((layer) => ({
      name: layer.name,
      color: { aci: layer.colorIndex ?? 7 },
      visible: layer.visible !== false && layer.frozen !== true,
    })),
    blocks: new Map(
      Object.values(parsed.blocks ?? {}).map((block) => [
        block.name,
        { base: point(block.position), entities: dxfEntities(block.entities, units) },
      ]),
    ),
    entities: dxfEntities(parsed.entities, units),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// DWG

/** the parts of libredwg's converted database that are drawn */
export interface DwgDatabase {
  tables?: {
    LAYER?: { entries?: { name: string; colorIndex: number; color: number; off?: unknown; frozen?: unknown }[] };
    BLOCK_RECORD?: { entries?: { name: string; basePoint?: Point; entities?: (DwgEntity | null)[] }[] };
  };
  entities?: (DwgEntity | null)[];
}

type DwgEntity = RawEntity & { isInPaperSpace?: boolean };

const DWG_DRAWN = new Set([...DRAWN, 'POLYLINE2D', 'POLYLINE3D']);

const MODEL_SPACE = /^\*model_space$/i;

/**
 * a DWG file's model: the layers, every block record with its base point, and the model space among them; `db` is
 * used up
 */
export function dwgModel(db: DwgDatabase): DrawingModel {
  // libredwg hands rotations over in radians
  const units: Units = { rotation: (value) => value };
  const drawn = (entity: DwgEntity) => DWG_DRAWN.has(entity.type);
  const blocks = (db.tables?.BLOCK_RECORD?.entries ?? []).map((block) => ({
    name: block.name,
    base: point(block.basePoint),
    entities: entitiesOf(block.entities, (entity) => drawn(entity) && !entity.isInPaperSpace, units, true),
  }));
  if (!blocks.some((block) => MODEL_SPACE.test(block.name)) && Array.isArray(db.entities)) {
    blocks.push({
      name: '*Model_Space',
      base: point(undefined),
      entities: entitiesOf(db.entities, drawn, units, true),
    });
  }
  return {
    layers: (db.tables?.LAYER?.entries ?? []).map((layer) => ({
      name: layer.name,
      color: layer.color >= 0 ? { rgb: layer.color } : { aci: Math.abs(layer.colorIndex) },
      visible: !layer.off && !layer.frozen && layer.colorIndex >= 0,
    })),
    blocks: new Map(blocks.map((block) => [block.name, { base: block.base, entities: block.entities }])),
    entities: blocks.find((block) => MODEL_SPACE.test(block.name))?.entities ?? [],
  };
}
