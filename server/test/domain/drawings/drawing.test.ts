import { describe, expect, it } from 'vitest';
import { renderDrawing, type DrawingEntity, type DrawingModel } from '../../../src/domain/drawings/drawing.js';

const layer = (name: string, aci = 7, visible = true) => ({ name, color: { aci }, visible });
const model = (entities: DrawingEntity[], blocks: DrawingModel['blocks'] = new Map()): DrawingModel => ({
  layers: [layer('0'), layer('RIV', 3), layer('Av', 1, false)],
  blocks,
  entities,
});

const line = (x: number) =>
  ({ kind: 'line', layer: '0', color: 'bylayer', from: { x, y: 0 }, to: { x, y: 1 } }) as const;
const insert = (block: string, y: number) =>
  ({
    kind: 'insert',
    layer: 'RIV',
    color: 'bylayer',
    block,
    at: { x: 0, y },
    scale: { x: 1, y: 1 },
    rotation: 0,
  }) as const;

describe('drawing rendering', () => {
  it('expands a block at its insertion point, scale and rotation, relative to its base point', () => {
    const blocks = new Map([
      [
        'VENTIL',
        {
          base: { x: 1, y: 1 },
          entities: [{ kind: 'line', layer: '0', color: 'bylayer', from: { x: 1, y: 1 }, to: { x: 3, y: 1 } } as const],
        },
      ],
    ]);
    const insert = {
      kind: 'insert',
      layer: 'RIV',
      color: 'bylayer',
      block: 'VENTIL',
      at: { x: 10, y: 10 },
      scale: { x: 3, y: 3 },
      rotation: Math.PI / 2,
    } as const;
    const view = renderDrawing(model([insert], blocks));
    // (1,1)-(3,1) from base (1,1): (0,0)-(2,0), times 3, turned a quarter: (0,0)-(0,6), at (10,10)
    expect(view.extents).toEqual({ minX: 10, minY: 10, maxX: expect.closeTo(10, 9), maxY: 16 });
    // the block's layer-0 line takes the insert's layer and colour (ACI 3, green)
    expect(view.svg).toMatch(/<g data-layer="RIV">\n<polyline points="10,-10 10,-16" stroke="#00ff00"\/>/);
  });

  it('draws a bulge as its arc and an arc counter-clockwise from start to end', () => {
    const half = renderDrawing(
      model([
        {
          kind: 'polyline',
          layer: '0',
          color: 'bylayer',
          closed: false,
          points: [
            { x: 0, y: 0, bulge: 1 },
            { x: 4, y: 0 },
          ],
        },
      ]),
    );
    // a bulge of 1 from left to right is the half circle below the chord
    expect(half.extents.minY).toBeCloseTo(-2, 6);
    expect(half.extents.maxY).toBeCloseTo(0, 6);
    const arc = renderDrawing(
      model([{ kind: 'arc', layer: '0', color: 'bylayer', center: { x: 0, y: 0 }, radius: 2, start: Math.PI, end: 0 }]),
    );
    expect(arc.extents.minY).toBeCloseTo(-2, 6);
    expect(arc.extents.maxY).toBeCloseTo(0, 6);
  });

  it('reports every layer with its colour and visibility, hides the invisible ones and draws white as black', () => {
    const view = renderDrawing(
      model([
        { kind: 'line', layer: '0', color: 'bylayer', from: { x: 0, y: 0 }, to: { x: 1, y: 1 } },
        { kind: 'line', layer: 'Av', color: { aci: 5 }, from: { x: 0, y: 0 }, to: { x: 2, y: 2 } },
        {
          kind: 'text',
          layer: 'Ny',
          color: { rgb: 0x123456 },
          at: { x: 0, y: 0 },
          height: 1,
          rotation: 0,
          text: 'A<B',
        },
      ]),
    );
    expect(view.layers).toEqual([
      { name: '0', color: '#ffffff', visible: true },
      { name: 'RIV', color: '#00ff00', visible: true },
      { name: 'Av', color: '#ff0000', visible: false },
      // a layer an entity names but the table does not have
      { name: 'Ny', color: '#ffffff', visible: true },
    ]);
    expect(view.svg).toContain('<g data-layer="0">\n<polyline points="0,0 1,-1" stroke="#000000"/>');
    expect(view.svg).toContain('<g data-layer="Av" display="none">\n<polyline points="0,0 2,-2" stroke="#0000ff"/>');
    expect(view.svg).toContain('fill="#123456"');
    expect(view.svg).toContain('>A&lt;B</text>');
  });

  it("draws an uploaded drawing's hostile names and texts as text the browser's XML parser reads whole", () => {
    // what a DXF may carry: markup in a layer name and a text, control characters (MTEXT's \\U+0001 too) and a lone
    // surrogate; the last two left an SVG that is not well-formed, of which the viewer (DOMParser, image/svg+xml)
    // showed nothing
    const hostile = '"><script>alert(1)</script><foreignObject onload="alert(2)">';
    const view = renderDrawing({
      layers: [layer('0'), layer(`${hostile}\u0001`, 1)],
      blocks: new Map(),
      entities: [
        { kind: 'line', layer: `${hostile}\u0001`, color: 'bylayer', from: { x: 0, y: 0 }, to: { x: 1, y: 1 } },
        {
          kind: 'text',
          layer: 'Tekst\u0008',
          color: 'bylayer',
          at: { x: 0, y: 0 },
          height: 1,
          rotation: 0,
          text: `Rom 101\u0001\u000b\ud800 <img src=x onerror=alert(3)>`,
        },
      ],
    });
    // only characters XML 1.0 allows, so the browser's parser reads the whole drawing
    expect(view.svg).not.toMatch(/[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u);
    // markup stays text: the only elements are the drawing's own
    expect(new Set(view.svg.match(/<[a-zA-Z]+/g))).toEqual(new Set(['<svg', '<g', '<polyline', '<text']));
    expect(view.svg).toContain('>Rom 101\ufffd\ufffd\ufffd &lt;img src=x onerror=alert(3)&gt;</text>');
    // every layer the viewer lists names its group, so its toggle still finds it
    expect(view.layers.map((l) => l.name)).toEqual(['0', `${hostile}\ufffd`, 'Tekst\ufffd']);
    expect(view.svg).toContain(
      '<g data-layer="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;foreignObject onload=&quot;alert(2)&quot;&gt;\ufffd">',
    );
    expect(view.svg).toContain('<g data-layer="Tekst\ufffd">');
  });

  it('stops at a block that inserts itself instead of looping', () => {
    const blocks = new Map([
      [
        'LOOP',
        {
          base: { x: 0, y: 0 },
          entities: [
            { kind: 'line', layer: '0', color: 'bylayer', from: { x: 0, y: 0 }, to: { x: 1, y: 0 } } as const,
            {
              kind: 'insert',
              layer: '0',
              color: 'bylayer',
              block: 'LOOP',
              at: { x: 1, y: 0 },
              scale: { x: 1, y: 1 },
              rotation: 0,
            } as const,
          ],
        },
      ],
    ]);
    const view = renderDrawing(
      model(
        [
          {
            kind: 'insert',
            layer: '0',
            color: 'bylayer',
            block: 'LOOP',
            at: { x: 0, y: 0 },
            scale: { x: 1, y: 1 },
            rotation: 0,
          },
        ],
        blocks,
      ),
    );
    expect(view.extents.maxX).toBe(16);
  });

  it('cuts off, promptly and saying so, a block that inserts itself ten times and draws nothing', () => {
    // 10^16 inserts within the nesting limit: without a cap on the work, the API's event loop never comes back
    const self = insert('LOOP', 0);
    const blocks = new Map([['LOOP', { base: { x: 0, y: 0 }, entities: Array.from({ length: 10 }, () => self) }]]);
    const view = renderDrawing(model([self], blocks));
    expect(view.svg).toContain('<!-- truncated');
    expect(view.extents).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
  });

  it('draws in full a plan of blocks within blocks: a floor of rooms, each room a block', () => {
    const blocks = new Map([
      ['ROM', { base: { x: 0, y: 0 }, entities: Array.from({ length: 30 }, (_, i) => line(i)) }],
      ['ETASJE', { base: { x: 0, y: 0 }, entities: Array.from({ length: 100 }, (_, i) => insert('ROM', i)) }],
    ]);
    const view = renderDrawing(
      model(
        Array.from({ length: 5 }, (_, i) => insert('ETASJE', i * 100)),
        blocks,
      ),
    );
    expect(view.svg).not.toContain('truncated');
    expect(view.svg.match(/<polyline /g)).toHaveLength(15_000);
    expect(view.extents).toEqual({ minX: 0, minY: 0, maxX: 29, maxY: 500 });
  });

  it('draws a layer of 150,000 lines instead of failing', () => {
    // near the shape cap, all on one layer: more shapes in a group than a call's arguments can hold
    const blocks = new Map([
      ['ROM', { base: { x: 0, y: 0 }, entities: Array.from({ length: 30 }, (_, i) => line(i)) }],
    ]);
    const view = renderDrawing(
      model(
        Array.from({ length: 5_000 }, (_, i) => insert('ROM', i)),
        blocks,
      ),
    );
    expect(view.svg).not.toContain('truncated');
    expect(view.svg.match(/<polyline /g)).toHaveLength(150_000);
  });

  it('gives an empty drawing zero extents and an empty SVG', () => {
    const view = renderDrawing(model([]));
    expect(view.extents).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
    expect(view.svg).toMatch(/^<svg [^>]*>\n<\/svg>$/);
  });
});
