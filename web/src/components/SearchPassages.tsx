import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** a passage of a search hit as the server gives it (decisions.md, "Search passages") */
export interface SearchPassage {
  page_number: number;
  text: string;
  /** half-open [start, end) ranges in `text`, UTF-16 indices */
  highlights: number[][];
}

/**
 * A text cut into pieces, each marked or not, from ranges that may come unsorted, overlap, touch or reach past the
 * text: overlapping and touching ranges become one marked piece, ranges are cut to the text, empty ones dropped.
 */
export function markedPieces(
  text: string,
  ranges: readonly (readonly number[])[],
): { text: string; marked: boolean }[] {
  const spans = ranges
    .map(([start, end]) => [Math.max(0, Math.trunc(start ?? 0)), Math.min(text.length, Math.trunc(end ?? 0))] as const)
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/** a text with the given ranges in <mark>; the text stays text (React escapes it), never HTML */
export function MarkedText(props: { text: string; ranges: readonly (readonly number[])[] }) {
  return (
    <>
      {markedPieces(props.text, props.ranges).map((piece, index) =>
        piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}

/** where a passage leads: the document at the passage's page, with the passage marked (as a citation does) */
export function passageHref(params: { documentHref: string; passage: SearchPassage }) {
  const query = new URLSearchParams({ page: String(params.passage.page_number), quote: params.passage.text });
  return `${params.documentHref}?${query.toString()}`;
}

/**
 * The passages of a search hit, best first: each one its page and its text with the matched words marked, a link to
 * the document at that page with the passage marked. Nothing at all when the hit has none (it matched on its name).
 */
export function SearchPassages(props: { passages: readonly SearchPassage[] | undefined; documentHref: string }) {
  const { t } = useTranslation();
  if (!props.passages || props.passages.length === 0) return null;
  return (
    <div className="passages">
      {props.passages.map((passage, index) => (
        <Link key={index} className="passage" to={passageHref({ documentHref: props.documentHref, passage })}>
          <span className="passage-page">{t('search.passagePage', { page: passage.page_number })}</span>{' '}
          <span className="passage-text">
            <MarkedText text={passage.text} ranges={passage.highlights} />
          </span>
        </Link>
      ))}
    </div>
  );
}
