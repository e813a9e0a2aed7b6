import type { Citation } from './answer.types.js';
import type { AskRepository, Passage, PassageScope, ReadableDocument } from './ports.js';

/**
 * Where a quote stands in a page's stored text, character for character and exactly once; null when it does not (or
 * stands there twice, so that no one place is meant). The one test of "verbatim" for answers and maintenance tasks.
 */
export function verbatimOffset(pageText: string, quote: string): number | null {
  if (quote.trim().length === 0) return null;
  const first = pageText.indexOf(quote);
  if (first < 0 || pageText.indexOf(quote, first + 1) >= 0) return null;
  return first;
}

/** Formats whose page numbers a reader can find in the file: PDF pages, slides, pages of a scanned image. */
const PAGED_KINDS = new Set(['pdf', 'pptx', 'image']);

/**
 * Numbers and verifies the citations of one answer. A citation is accepted only when its document is readable in the
 * caller's scope and its text stands, character for character, in the stored text of the page it names; anything else
 * is refused, and the answerer leaves its marker out. The same passage cited twice keeps its first number.
 */
export class CitationBook {
  private readonly accepted: Citation[] = [];
  private readonly documents = new Map<string, ReadableDocument | null>();
  private readonly pages = new Map<string, string | null>();

  constructor(private readonly deps: { repository: AskRepository; scope: PassageScope }) {}

  /** `start`/`end` are offsets into `passage.text`; returns the citation with its number, or null when refused. */
  async cite(params: { passage: Passage; start: number; end: number }): Promise<Citation | null> {
    const { passage } = params;
    const citedText = passage.text.slice(params.start, params.end).trim();
    if (citedText.length === 0) return null;
    const document = await this.document(passage.documentId);
    if (!document) return null;
    const pageText = await this.page(passage.documentId, passage.pageNumber);
    if (pageText === null) return null;
    const leading = passage.text.slice(params.start, params.end).search(/\S/);
    let charStart = passage.charStart + params.start + Math.max(0, leading);
    if (pageText.slice(charStart, charStart + citedText.length) !== citedText) {
      // offsets from another retriever may be off; the text itself must still be on that page, exactly once
      const first = verbatimOffset(pageText, citedText);
      if (first === null) return null;
      charStart = first;
    }
    const charEnd = charStart + citedText.length;
    const existing = this.accepted.find(
      (c) =>
        c.documentId === document.id &&
        c.pageNumber === this.pageNumberOf(document, passage) &&
        c.charStart === charStart,
    );
    if (existing) return existing;
    const citation: Citation = {
      number: this.accepted.length + 1,
      documentId: document.id,
      buildingId: document.buildingId,
      filename: document.filename,
      pageNumber: this.pageNumberOf(document, passage),
      citedText,
      charStart,
      charEnd,
      supersededBy: document.supersededBy,
    };
    this.accepted.push(citation);
    return citation;
  }

  /**
   * Reads the documents and pages of passages about to be cited together: two statements for an answer's citations,
   * where citing one after the other took two for each. Pages are read only for the documents readable in scope.
   */
  async prepare(passages: readonly Passage[]): Promise<void> {
    const documentIds = [...new Set(passages.map((p) => p.documentId))].filter((id) => !this.documents.has(id));
    if (documentIds.length > 0) {
      const found = await this.deps.repository.readableDocuments({ ...this.deps.scope, documentIds });
      for (const id of documentIds) this.documents.set(id, found.find((d) => d.id === id) ?? null);
    }
    const wanted = new Map<string, { documentId: string; pageNumber: number }>();
    for (const { documentId, pageNumber } of passages) {
      const key = `${documentId}:${pageNumber}`;
      if (this.documents.get(documentId) && !this.pages.has(key)) wanted.set(key, { documentId, pageNumber });
    }
    if (wanted.size === 0) return;
    const texts = await this.deps.repository.pageTexts([...wanted.values()]);
    for (const key of wanted.keys()) this.pages.set(key, texts.get(key) ?? null);
  }

  citations(): Citation[] {
    return [...this.accepted];
  }

  private pageNumberOf(document: ReadableDocument, passage: Passage): number | null {
    return document.fileKind !== null && PAGED_KINDS.has(document.fileKind) ? passage.pageNumber : null;
  }

  private async document(documentId: string): Promise<ReadableDocument | null> {
    if (!this.documents.has(documentId)) {
      const [found] = await this.deps.repository.readableDocuments({ ...this.deps.scope, documentIds: [documentId] });
      this.documents.set(documentId, found ?? null);
    }
    return this.documents.get(documentId) ?? null;
  }

  private async page(documentId: string, pageNumber: number): Promise<string | null> {
    const key = `${documentId}:${pageNumber}`;
    if (!this.pages.has(key)) {
      const texts = await this.deps.repository.pageTexts([{ documentId, pageNumber }]);
      this.pages.set(key, texts.get(key) ?? null);
    }
    return this.pages.get(key) ?? null;
  }
}

/** The documents an answer cites, in the order of their first citation. */
export function citedDocumentsOf(
  citations: readonly Citation[],
): { id: string; filename: string; buildingId: string }[] {
  const seen = new Map<string, { id: string; filename: string; buildingId: string }>();
  for (const c of citations)
    if (!seen.has(c.documentId))
      seen.set(c.documentId, { id: c.documentId, filename: c.filename, buildingId: c.buildingId });
  return [...seen.values()];
}
