import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { passageMatcher } from '../passage.js';
import { formatsFor } from '../format.js';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
// no eval under the app's CSP: pdf.js draws fonts the slower, script-free way
const OPTIONS = { isEvalSupported: false };

/**
 * A PDF drawn by pdf.js: page navigation, zoom (relative to the width of the column), and the cited passage marked
 * in the page's text layer. Loaded only when a document page opens, so the app's first load stays small.
 */
export default function PdfPreview(props: { url: string; page: number; quote: string | null }) {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState<number | null>(null);
  const [page, setPage] = useState(props.page);
  const [zoom, setZoom] = useState(2);
  const [width, setWidth] = useState(600);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => setPage(props.page), [props.page]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, entry.contentRect.width - 2)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const marks = passageMatcher(page === props.page ? props.quote : null);
  const go = (next: number) => setPage(Math.min(Math.max(1, next), pages ?? 1));
  const numbers = { format: formatsFor(i18n.language).percent };

  return (
    <div className="pdf" ref={frame}>
      <div className="pdf-controls" role="toolbar" aria-label={t('document.preview')}>
        {/* two groups that wrap whole, never a lone button: the page, then the zoom */}
        <span className="pdf-group">
          <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('pdf.previous')}>
            ‹
          </button>
          <label>
            {t('pdf.page')}
            <input
              type="number"
              min={1}
              max={pages ?? 1}
              value={page}
              onChange={(event) => go(Number(event.target.value) || 1)}
            />
          </label>
          <span aria-live="polite">{pages !== null && t('pdf.of', { pages })}</span>
          <button
            type="button"
            onClick={() => go(page + 1)}
            disabled={pages === null || page >= pages}
            aria-label={t('pdf.next')}
          >
            ›
          </button>
        </span>
        <span className="pdf-group">
          <button
            type="button"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            disabled={zoom === 0}
            aria-label={t('pdf.zoomOut')}
          >
            −
          </button>
          <span>{numbers.format(ZOOMS[zoom]!)}</span>
          <button
            type="button"
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            disabled={zoom === ZOOMS.length - 1}
            aria-label={t('pdf.zoomIn')}
          >
            +
          </button>
        </span>
      </div>
      {/* zoomed in, the page scrolls in its box: reachable by keyboard */}
      <div className="pdf-page" tabIndex={0} role="region" aria-label={t('pdf.pageRegion', { page })}>
        <Document
          file={props.url}
          options={OPTIONS}
          onLoadSuccess={(document) => {
            setPages(document.numPages);
            setPage((current) => Math.min(current, document.numPages));
          }}
          loading={<p role="status">{t('loading')}</p>}
          error={<p role="alert">{t('pdf.failed')}</p>}
        >
          <Page
            pageNumber={page}
            width={width * ZOOMS[zoom]!}
            customTextRenderer={({ str }) => (marks(str) ? `<mark>${escapeHtml(str)}</mark>` : escapeHtml(str))}
            loading={<p role="status">{t('loading')}</p>}
          />
        </Document>
      </div>
    </div>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
