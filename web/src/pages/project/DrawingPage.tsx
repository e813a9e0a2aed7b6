import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../../api.js';
import { Loaded } from '../../components/Layout.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** what the service's drawings are made of (domain/drawings/drawing.ts): every other element or attribute is dropped */
const DRAWING_ELEMENTS = new Set(['svg', 'g', 'polyline', 'text']);
const DRAWING_ATTRIBUTES = new Set([
  'xmlns',
  'viewBox',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'data-layer',
  'display',
  'points',
  'x',
  'y',
  'font-size',
  'font-family',
  'transform',
]);

/**
 * the service's SVG as a node of this page (parsed as XML, never as HTML): nothing but drawing elements and their
 * plain attributes kept, so no handler, link, style, animation or reference can come with a drawing even if a name
 * from the file ever reached the markup unescaped
 */
export function parseSvg(text: string): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = parsed.documentElement;
  if (!(svg instanceof SVGSVGElement)) return null;
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    if (element !== svg && !DRAWING_ELEMENTS.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const name of element.getAttributeNames()) {
      if (!DRAWING_ATTRIBUTES.has(name)) element.removeAttribute(name);
    }
  }
  return document.importNode(svg, true);
}

function boxOf(svg: SVGSVGElement): Box {
  const [x = 0, y = 0, width = 1, height = 1] = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  return { x, y, width, height };
}

/**
 * A DWG or DXF drawing of the project: its model space drawn from the service's SVG, moved by dragging, zoomed by the
 * wheel or the buttons (around the pointer), and its layers switched on and off.
 */
export function DrawingPage() {
  const { t } = useTranslation();
  const { customerId = '', projectId = '', documentId = '' } = useParams();
  const document_ = useQuery({
    queryKey: ['construction-document', documentId],
    queryFn: () => unwrap(api.GET('/construction/documents/{documentId}', { params: { path: { documentId } } })),
  });
  const view = useQuery({
    queryKey: ['dwg-viewer', documentId],
    queryFn: () =>
      unwrap(api.GET('/construction/documents/{documentId}/dwg-viewer', { params: { path: { documentId } } })),
    staleTime: Infinity,
  });
  const holder = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement | null>(null);
  const whole = useRef<Box | null>(null);
  const [box, setBox] = useState<Box | null>(null);
  const [hidden, setHidden] = useState<Set<string>>(new Set());

  // the drawing placed once it is here; the layers the file hides start hidden
  useEffect(() => {
    if (!view.data || !holder.current) return;
    const node = parseSvg(view.data.svg);
    if (!node) return;
    node.setAttribute('role', 'img');
    node.setAttribute('aria-label', t('drawing.drawing'));
    holder.current.replaceChildren(node);
    svg.current = node;
    whole.current = boxOf(node);
    setBox(whole.current);
    setHidden(new Set(view.data.layers.filter((layer) => !layer.visible).map((layer) => layer.name)));
  }, [view.data, t]);

  useEffect(() => {
    if (box) svg.current?.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height}`);
  }, [box]);

  // the layers shown follow the toggles (the drawing placed above sets them once it is there)
  useEffect(() => {
    for (const group of svg.current?.querySelectorAll<SVGGElement>('g[data-layer]') ?? []) {
      if (hidden.has(group.dataset.layer ?? '')) group.setAttribute('display', 'none');
      else group.removeAttribute('display');
    }
  }, [hidden]);

  /** zoom by a factor around a point given as fractions of the view (0.5, 0.5: the middle) */
  const zoom = (factor: number, fx = 0.5, fy = 0.5) =>
    setBox((current) => {
      if (!current) return current;
      const width = current.width / factor;
      const height = current.height / factor;
      return {
        x: current.x + (current.width - width) * fx,
        y: current.y + (current.height - height) * fy,
        width,
        height,
      };
    });

  // the wheel zooms the drawing, not the page (a passive React listener could not prevent the scroll)
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoom(
        event.deltaY < 0 ? 1.25 : 0.8,
        (event.clientX - rect.left) / rect.width,
        (event.clientY - rect.top) / rect.height,
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [view.data]);

  const drag = useRef<{ x: number; y: number } | null>(null);
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !holder.current) return;
    const rect = holder.current.getBoundingClientRect();
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setBox((current) => {
      if (!current) return current;
      // the drawing keeps its aspect: one scale for both directions, the larger (as preserveAspectRatio meet does)
      const scale = Math.max(current.width / rect.width, current.height / rect.height);
      return { ...current, x: current.x - dx * scale, y: current.y - dy * scale };
    });
  };

  const pan = (fx: number, fy: number) =>
    setBox(
      (current) => current && { ...current, x: current.x + current.width * fx, y: current.y + current.height * fy },
    );

  return (
    <section className="project drawing-page">
      <p>
        <Link to={`/projects/${customerId}/${projectId}/documents`}>← {t('drawing.back')}</Link>
      </p>
      <h1>{document_.data?.filename ?? t('drawing.drawing')}</h1>
      <Loaded loading={view.isPending} error={view.error} retry={() => void view.refetch()}>
        <div className="drawing-layout">
          <div>
            <div className="drawing-tools" role="toolbar" aria-label={t('drawing.tools')}>
              <button type="button" onClick={() => zoom(1.5)}>
                {t('drawing.zoomIn')}
              </button>
              <button type="button" onClick={() => zoom(1 / 1.5)}>
                {t('drawing.zoomOut')}
              </button>
              <button type="button" onClick={() => setBox(whole.current)}>
                {t('drawing.fit')}
              </button>
              <button type="button" onClick={() => pan(-0.25, 0)} aria-label={t('drawing.left')}>
                ←
              </button>
              <button type="button" onClick={() => pan(0.25, 0)} aria-label={t('drawing.right')}>
                →
              </button>
              <button type="button" onClick={() => pan(0, -0.25)} aria-label={t('drawing.up')}>
                ↑
              </button>
              <button type="button" onClick={() => pan(0, 0.25)} aria-label={t('drawing.down')}>
                ↓
              </button>
            </div>
            <div
              className="drawing-canvas"
              ref={holder}
              onPointerDown={(event) => {
                drag.current = { x: event.clientX, y: event.clientY };
                event.currentTarget.setPointerCapture(event.pointerId);
              }}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
            />
            {view.data && (
              <p className="muted">
                {t('drawing.extents', {
                  width: Math.round(view.data.extents.maxX - view.data.extents.minX),
                  height: Math.round(view.data.extents.maxY - view.data.extents.minY),
                })}
              </p>
            )}
          </div>
          <fieldset className="layers">
            <legend>{t('drawing.layers', { count: view.data?.layers.length ?? 0 })}</legend>
            {view.data?.layers.map((layer) => (
              <label key={layer.name} className="check">
                <input
                  type="checkbox"
                  checked={!hidden.has(layer.name)}
                  onChange={(event) => {
                    const next = new Set(hidden);
                    if (event.target.checked) next.delete(layer.name);
                    else next.add(layer.name);
                    setHidden(next);
                  }}
                />
                <span className="swatch" style={{ background: layer.color }} aria-hidden="true" />
                {layer.name}
              </label>
            ))}
          </fieldset>
        </div>
      </Loaded>
    </section>
  );
}
