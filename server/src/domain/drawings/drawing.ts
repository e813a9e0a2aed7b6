/**
 * What a browser drawing viewer needs from a DWG or DXF file: the model space's extents, its layers (name, colour,
 * visibility) and an SVG rendering of it (lines, polylines with bulges, arcs, circles, ellipses, text, and blocks
 * expanded with their insertion point, scale and rotation, nested blocks too). The readers (integrations/drawings)
 * turn a file into the plain model below; this file draws it. Curves are drawn as short straight segments after the
 * block transforms, so a block scaled unevenly or mirrored still draws right.
 */

export interface Point {
  x: number;
  y: number;
}

/** a colour as the file states it: an AutoCAD Color Index (1-255), a true colour, or inherited */
export type DrawingColor = { aci: number } | { rgb: number } | 'bylayer' | 'byblock';

interface EntityBase {
  layer: string;
  color: DrawingColor;
}

export type DrawingEntity = EntityBase &
  (
    | { kind: 'line'; from: Point; to: Point }
    /** `bulge` per vertex: the tangent of a quarter of the arc's angle to the next vertex (0: straight) */
    | { kind: 'polyline'; points: (Point & { bulge?: number })[]; closed: boolean }
    /** angles in radians, counter-clockwise from the x axis */
    | { kind: 'arc'; center: Point; radius: number; start: number; end: number }
    | { kind: 'circle'; center: Point; radius: number }
    /** `major` is the end of the major axis relative to the centre; angles are the ellipse's parameters */
    | { kind: 'ellipse'; center: Point; major: Point; ratio: number; start: number; end: number }
    /** rotation in radians */
    | { kind: 'text'; at: Point; height: number; rotation: number; text: string }
    | { kind: 'insert'; block: string; at: Point; scale: Point; rotation: number }
  );

export interface DrawingLayer {
  name: string;
  color: DrawingColor;
  visible: boolean;
}

export interface DrawingModel {
  layers: DrawingLayer[];
  /** block definitions by name: their entities relative to the base point */
  blocks: Map<string, { base: Point; entities: DrawingEntity[] }>;
  /** the model space */
  entities: DrawingEntity[];
}

export interface DrawingView {
  extents: { minX: number; minY: number; maxX: number; maxY: number };
  layers: { name: string; color: string; visible: boolean }[];
  svg: string;
}

/** block nesting deeper than this is a loop or a broken file: not drawn */
const MAX_BLOCK_DEPTH = 16;
/** a drawing that expands to more than this many shapes is cut off (the viewer says so in the SVG) */
const MAX_SHAPES = 200_000;
/**
 * entities visited with blocks expanded, inserts included, before the drawing is cut off like one with too many
 * shapes: a block that inserts itself ten times and draws nothing never reaches MAX_SHAPES, yet the depth cap alone
 * leaves 10^16 visits to the reader's worker that draws it. Ten times the shape cap, so a drawing the shape cap lets
 * through (every shape costs a visit) still has room for the inserts that place them; a few hundred milliseconds.
 */
const MAX_VISITS = 2_000_000;

// ---------------------------------------------------------------------------------------------------------------
// colours

/** the AutoCAD Color Index as RGB: 1-9 named, 10-249 by hue in steps of 15 degrees, 250-255 greys */
function aciToRgb(index: number): number {
  const named: Record<number, number> = {
    1: 0xff0000,
    2: 0xffff00,
    3: 0x00ff00,
    4: 0x00ffff,
    5: 0x0000ff,
    6: 0xff00ff,
    7: 0xffffff,
    8: 0x808080,
    9: 0xc0c0c0,
  };
  if (named[index] !== undefined) return named[index];
  if (index >= 250 && index <= 255) {
    const grey = Math.round(51 + ((index - 250) * (255 - 51)) / 5);
    return (grey << 16) | (grey << 8) | grey;
  }
  if (index < 10 || index > 249) return 0xffffff;
  const hue = Math.floor((index - 10) / 10) * 15;
  const step = (index - 10) % 10;
  const value = [1, 1, 0.8, 0.8, 0.6, 0.6, 0.5, 0.5, 0.3, 0.3][step]!;
  const saturation = step % 2 === 0 ? 1 : 0.5;
  return hsvToRgb(hue, saturation, value);
}

function hsvToRgb(hue: number, saturation: number, value: number): number {
  const f = (n: number) => {
    const k = (n + hue / 60) % 6;
    return Math.round(255 * (value - value * saturation * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return (f(5) << 16) | (f(3) << 8) | f(1);
}

const hex = (rgb: number) => `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;

function rgbOf(color: DrawingColor, inherited: number): number {
  if (color === 'bylayer' || color === 'byblock') return inherited;
  return 'rgb' in color ? color.rgb : aciToRgb(color.aci);
}

/** white (ACI 7) is drawn black: the viewer's paper is white, as a plot's is */
const ink = (rgb: number) => hex((rgb & 0xffffff) === 0xffffff ? 0 : rgb);

// ---------------------------------------------------------------------------------------------------------------
// transforms: [a, b, c, d, e, f] maps (x, y) to (a x + c y + e, b x + d y + f)

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function apply(m: Matrix, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** translate to `at`, rotate, scale, then move the block's base point to the origin */
function insertMatrix(insert: { at: Point; scale: Point; rotation: number }, base: Point): Matrix {
  const cos = Math.cos(insert.rotation);
  const sin = Math.sin(insert.rotation);
  const placed: Matrix = [
    cos * insert.scale.x,
    sin * insert.scale.x,
    -sin * insert.scale.y,
    cos * insert.scale.y,
    insert.at.x,
    insert.at.y,
  ];
  return multiply(placed, [1, 0, 0, 1, -base.x, -base.y]);
}

// ---------------------------------------------------------------------------------------------------------------
// curves as points

function arcPoints(center: Point, radius: number, start: number, end: number, full = false): Point[] {
  let sweep = full ? 2 * Math.PI : end - start;
  while (!full && sweep <= 0) sweep += 2 * Math.PI;
  const segments = Math.max(8, Math.ceil((Math.abs(sweep) / (2 * Math.PI)) * 72));
  return Array.from({ length: segments + 1 }, (_, i) => {
    const angle = start + (sweep * i) / segments;
    return { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) };
  });
}

function ellipsePoints(e: { center: Point; major: Point; ratio: number; start: number; end: number }): Point[] {
  let sweep = e.end - e.start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  const minor = { x: -e.major.y * e.ratio, y: e.major.x * e.ratio };
  const segments = Math.max(8, Math.ceil((sweep / (2 * Math.PI)) * 72));
  return Array.from({ length: segments + 1 }, (_, i) => {
    const t = e.start + (sweep * i) / segments;
    return {
      x: e.center.x + e.major.x * Math.cos(t) + minor.x * Math.sin(t),
      y: e.center.y + e.major.y * Math.cos(t) + minor.y * Math.sin(t),
    };
  });
}

/** a polyline's vertices with each bulge drawn as its arc */
function polylinePoints(points: (Point & { bulge?: number })[], closed: boolean): Point[] {
  const out: Point[] = [];
  const count = closed ? points.length : points.length - 1;
  if (points.length > 0) out.push(points[0]!);
  for (let i = 0; i < count; i += 1) {
    const from = points[i]!;
    const to = points[(i + 1) % points.length]!;
    const bulge = from.bulge ?? 0;
    if (Math.abs(bulge) > 1e-9) {
      const chord = Math.hypot(to.x - from.x, to.y - from.y);
      const angle = 4 * Math.atan(bulge);
      const radius = chord / (2 * Math.sin(angle / 2));
      const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
      const offset = radius * Math.cos(angle / 2);
      const normal = { x: -(to.y - from.y) / chord, y: (to.x - from.x) / chord };
      const center = { x: mid.x + normal.x * offset, y: mid.y + normal.y * offset };
      const start = Math.atan2(from.y - center.y, from.x - center.x);
      const segments = Math.max(4, Math.ceil((Math.abs(angle) / (2 * Math.PI)) * 72));
      for (let s = 1; s <= segments; s += 1) {
        const a = start + (angle * s) / segments;
        out.push({ x: center.x + Math.abs(radius) * Math.cos(a), y: center.y + Math.abs(radius) * Math.sin(a) });
      }
    } else out.push(to);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// rendering

/**
 * a text as XML 1.0 may hold it: a control character (a DXF text may carry any, and MTEXT writes `\U+0001`), a lone
 * surrogate or U+FFFE/U+FFFF would leave the SVG not well-formed, and the browser's XML parser would show nothing of
 * the drawing; each becomes U+FFFD
 */
const xmlChars = (text: string) => text.replace(/[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd');
const escapeXml = (text: string) =>
  xmlChars(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const num = (value: number) => (Math.round(value * 1000) / 1000).toString();

interface Shape {
  layer: string;
  stroke: string;
  /** points in drawing space (y up) */
  points?: Point[];
  text?: { at: Point; height: number; rotation: number; value: string };
}

export function renderDrawing(model: DrawingModel): DrawingView {
  const layerRgb = new Map(model.layers.map((layer) => [layer.name, rgbOf(layer.color, 0xffffff)]));
  const shapes: Shape[] = [];
  let truncated = false;
  let visits = 0;

  const walk = (entities: DrawingEntity[], m: Matrix, depth: number, blockLayer: string, blockRgb: number) => {
    for (const entity of entities) {
      visits += 1;
      if (shapes.length >= MAX_SHAPES || visits > MAX_VISITS) {
        truncated = true;
        return;
      }
      // entities of a block on layer 0 take the layer of the insert, as AutoCAD draws them
      const layer = entity.layer === '0' && depth > 0 ? blockLayer : entity.layer;
      const inherited = entity.color === 'byblock' ? blockRgb : (layerRgb.get(layer) ?? 0xffffff);
      const rgb = rgbOf(entity.color, inherited);
      const stroke = ink(rgb);
      const line = (points: Point[]) => shapes.push({ layer, stroke, points: points.map((p) => apply(m, p)) });
      switch (entity.kind) {
        case 'line':
          line([entity.from, entity.to]);
          break;
        case 'polyline':
          line(polylinePoints(entity.points, entity.closed));
          break;
        case 'arc':
          line(arcPoints(entity.center, entity.radius, entity.start, entity.end));
          break;
        case 'circle':
          line(arcPoints(entity.center, entity.radius, 0, 0, true));
          break;
        case 'ellipse':
          line(ellipsePoints(entity));
          break;
        case 'text': {
          const at = apply(m, entity.at);
          const up = apply(m, { x: entity.at.x, y: entity.at.y + entity.height });
          const along = apply(m, {
            x: entity.at.x + Math.cos(entity.rotation),
            y: entity.at.y + Math.sin(entity.rotation),
          });
          shapes.push({
            layer,
            stroke,
            text: {
              at,
              height: Math.hypot(up.x - at.x, up.y - at.y),
              rotation: Math.atan2(along.y - at.y, along.x - at.x),
              value: entity.text,
            },
          });
          break;
        }
        case 'insert': {
          const block = model.blocks.get(entity.block);
          if (!block || depth >= MAX_BLOCK_DEPTH) break;
          walk(block.entities, multiply(m, insertMatrix(entity, block.base)), depth + 1, layer, rgb);
          break;
        }
      }
    }
  };
  walk(model.entities, IDENTITY, 0, '0', 0xffffff);

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const grow = (p: Point) => {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  };
  for (const shape of shapes) {
    for (const p of shape.points ?? []) grow(p);
    if (shape.text) {
      const { at, height, rotation, value } = shape.text;
      const width = value.length * height * 0.6;
      grow(at);
      grow({ x: at.x + Math.cos(rotation) * width, y: at.y + Math.sin(rotation) * width });
      grow({ x: at.x - Math.sin(rotation) * height, y: at.y + Math.cos(rotation) * height });
    }
  }
  if (!Number.isFinite(minX)) [minX, minY, maxX, maxY] = [0, 0, 0, 0];

  // a layer's name as its group's data-layer says it, so the viewer's toggles find the group
  const names = new Map<string, string>();
  const nameOf = (name: string) => {
    let safe = names.get(name);
    if (safe === undefined) names.set(name, (safe = xmlChars(name)));
    return safe;
  };
  const layers = model.layers.map((layer) => ({
    name: nameOf(layer.name),
    color: hex(rgbOf(layer.color, 0xffffff)),
    visible: layer.visible,
  }));
  const known = new Set(layers.map((l) => l.name));
  for (const shape of shapes) {
    shape.layer = nameOf(shape.layer);
    if (!known.has(shape.layer)) {
      known.add(shape.layer);
      layers.push({ name: shape.layer, color: '#ffffff', visible: true });
    }
  }
  return {
    extents: { minX, minY, maxX, maxY },
    layers,
    svg: toSvg({ shapes, layers, minX, minY, maxX, maxY, truncated }),
  };
}

/** SVG in drawing units with y flipped (SVG's y points down); one group per layer, hidden ones `display="none"` */
function toSvg(params: {
  shapes: Shape[];
  layers: DrawingView['layers'];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  truncated: boolean;
}): string {
  const { shapes, minX, minY, maxX, maxY } = params;
  const width = Math.max(maxX - minX, 1e-6);
  const height = Math.max(maxY - minY, 1e-6);
  const margin = Math.max(width, height) * 0.02;
  const strokeWidth = Math.max(width, height) / 1000;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(minX - margin)} ${num(-maxY - margin)} ` +
      `${num(width + 2 * margin)} ${num(height + 2 * margin)}" fill="none" stroke-width="${num(strokeWidth)}" ` +
      `stroke-linecap="round" stroke-linejoin="round">`,
  ];
  if (params.truncated) {
    out.push(`<!-- truncated at ${MAX_SHAPES} shapes or ${MAX_VISITS} entities with blocks expanded -->`);
  }
  // grouped once: a filter per layer is layers times shapes, and a small file can declare tens of thousands of layers
  const byLayer = new Map<string, Shape[]>();
  for (const shape of shapes) {
    const mine = byLayer.get(shape.layer);
    if (mine) mine.push(shape);
    else byLayer.set(shape.layer, [shape]);
  }
  for (const layer of params.layers) {
    const mine = byLayer.get(layer.name);
    if (!mine) continue;
    out.push(`<g data-layer="${escapeXml(layer.name)}"${layer.visible ? '' : ' display="none"'}>`);
    // one push per shape: spreading a layer of some 130,000 shapes into push() overflows the call stack
    for (const shape of mine) out.push(shapeSvg(shape));
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}

function shapeSvg(shape: Shape): string {
  if (shape.text) {
    const { at, height: size, rotation, value } = shape.text;
    return (
      `<text x="${num(at.x)}" y="${num(-at.y)}" font-size="${num(size)}" fill="${shape.stroke}" stroke="none" ` +
      `font-family="sans-serif"${rotation ? ` transform="rotate(${num((-rotation * 180) / Math.PI)} ${num(at.x)} ${num(-at.y)})"` : ''}>` +
      `${escapeXml(value)}</text>`
    );
  }
  const points = shape.points!.map((p) => `${num(p.x)},${num(-p.y)}`).join(' ');
  return `<polyline points="${points}" stroke="${shape.stroke}"/>`;
}
