import { describe, expect, it } from 'vitest';
import { parseSvg } from '../src/pages/project/DrawingPage.js';

/**
 * The drawing viewer places the service's SVG of an uploaded DWG or DXF into the page itself. The service escapes
 * every name and text of the file; should something of the file ever reach the markup (a renderer's bug, a cached
 * view of an older one), nothing but the drawing's own elements and plain attributes may come into the page.
 */
describe('the drawing viewer', () => {
  it('keeps nothing of an SVG but drawing elements and their plain attributes', () => {
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"',
      ' fill="none" onload="alert(1)">',
      '<style>body { display: none }</style>',
      '<g data-layer="A" onmouseover="alert(2)">',
      '<polyline points="0,0 1,1" stroke="#000000"/>',
      '<a href="javascript:alert(3)"><text x="0" y="0">klikk</text></a>',
      '<a xlink:href="javascript:alert(4)"><polyline points="0,0 2,2"/></a>',
      '<text x="1" y="1" font-size="1" style="background:url(https://evil.example/x)">Rom 101</text>',
      '<image href="https://evil.example/beacon.png"/>',
      '<use href="data:image/svg+xml,&lt;svg onload=alert(5)&gt;"/>',
      '<set attributeName="onmouseover" to="alert(6)"/>',
      '<animate attributeName="href" to="javascript:alert(7)"/>',
      '<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(8)"/>',
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      '<script>alert(9)</script>',
      '</g>',
      '</svg>',
    ].join('');
    const svg = parseSvg(hostile)!;
    expect(svg).not.toBeNull();
    const elements = [svg, ...svg.querySelectorAll('*')];
    expect(new Set(elements.map((element) => element.localName))).toEqual(new Set(['svg', 'g', 'polyline', 'text']));
    const attributes = elements.flatMap((element) => element.getAttributeNames());
    expect(attributes.filter((name) => /^on|href|style/i.test(name))).toEqual([]);
    // the drawing itself stays: its layer group, its lines and its texts
    expect(svg.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(svg.querySelector('g')!.dataset.layer).toBe('A');
    expect(svg.querySelectorAll('polyline')).toHaveLength(1);
    expect(svg.querySelector('text')!.textContent).toBe('Rom 101');
  });
});
