import type { CitationBook } from './citations.js';
import type { Passage } from './ports.js';
import { matchDegree } from './sentence-ranker.js';
import { contentTokens, splitSentences, tokenize } from './text-analysis.js';

/** a bracket that has not closed within this many characters is text, not a marker */
const MAX_MARKER = 48;
const MARKER = /^[[【]\s*((?:S\s*)?\d+(?:\s*[,;]\s*(?:S\s*)?\d+)*)\s*[\]】]/iu;

/**
 * Turns a model's source labels (`[S3]`, `[S3, S5]`) into verified, numbered markers (`[1]`) while the text streams.
 * For each label the sentence of that passage that best supports the statement before the marker is cited; a label
 * that names no passage read, or whose passage does not support the statement, or whose text fails verification, is
 * dropped together with the space before it. Bare numbers in brackets are treated as labels too, so the answer never
 * carries a marker without its citation.
 */
export class CitationMarkerStream {
  private pending = '';
  private heldSpace = '';
  private emitted = '';

  constructor(
    private readonly deps: {
      sources: ReadonlyMap<string, Passage>;
      citations: CitationBook;
    },
  ) {}

  /** the text emitted so far: the answer */
  get text(): string {
    return this.emitted;
  }

  async *push(piece: string): AsyncGenerator<string> {
    this.pending += piece;
    yield* this.drain(false);
  }

  async *end(): AsyncGenerator<string> {
    yield* this.drain(true);
    this.heldSpace = '';
  }

  private async *drain(final: boolean): AsyncGenerator<string> {
    let out = '';
    while (this.pending !== '') {
      const open = this.pending.search(/[[【]/u);
      if (open !== 0) {
        const plain = open < 0 ? this.pending : this.pending.slice(0, open);
        out += this.plain(plain);
        this.pending = open < 0 ? '' : this.pending.slice(open);
        continue;
      }
      const match = MARKER.exec(this.pending);
      if (match?.[1]) {
        this.pending = this.pending.slice(match[0].length);
        out += await this.marker(match[1]);
        continue;
      }
      const closed = /[\]】]/u.test(this.pending.slice(0, MAX_MARKER));
      if (!final && !closed && this.pending.length < MAX_MARKER) break;
      // a bracket that is not a marker: plain text
      out += this.plain(this.pending.charAt(0));
      this.pending = this.pending.slice(1);
    }
    if (out !== '') yield out;
  }

  /** Text goes out at once, except trailing whitespace, which waits to see whether a dropped marker follows. */
  private plain(text: string): string {
    const combined = this.heldSpace + text;
    const trailing = /\s*$/u.exec(combined)?.[0] ?? '';
    let visible = combined.slice(0, combined.length - trailing.length);
    // an answer never starts with blank space
    if (this.emitted === '') visible = visible.replace(/^\s+/u, '');
    this.heldSpace = visible === '' && this.emitted === '' ? '' : trailing;
    this.emitted += visible;
    return visible;
  }

  private async marker(labels: string): Promise<string> {
    const numbers: number[] = [];
    const claim = this.claim();
    for (const raw of labels.split(/[,;]/)) {
      const label = `S${raw.replace(/[^0-9]/g, '')}`;
      const passage = this.deps.sources.get(label);
      if (!passage) continue;
      const span = supportingSpan(passage, claim);
      if (!span) continue;
      const citation = await this.deps.citations.cite({ passage, start: span.start, end: span.end });
      if (citation && !numbers.includes(citation.number)) numbers.push(citation.number);
    }
    if (numbers.length === 0) {
      // the space before a dropped marker goes with it: "holds [S9]." reads "holds."
      this.heldSpace = '';
      return '';
    }
    const text = `${this.heldSpace}${numbers.map((n) => `[${n}]`).join('')}`;
    this.heldSpace = '';
    this.emitted += text;
    return text;
  }

  /** The statement a marker stands for: the sentence it closes, or the one before when it opens a new one. */
  private claim(): string {
    const text = this.emitted.replace(/\s*(?:\[\d+\])+\s*$/u, '');
    const boundaries = [...text.matchAll(/[.!?](?:\s|$)|\n/gu)].map((m) => (m.index ?? 0) + m[0].length);
    const lastBoundary = boundaries.filter((b) => b < text.length - 1).at(-1) ?? 0;
    const current = text.slice(lastBoundary);
    if (contentTokens(current).length >= 2) return current;
    const previousBoundary = boundaries.filter((b) => b < lastBoundary).at(-1) ?? 0;
    return text.slice(previousBoundary);
  }
}

/**
 * The sentence of a passage that best supports a statement: most of the statement's words (numbers count double,
 * since a wrong figure is the costliest error). Null when no sentence shares a content word with it.
 */
function supportingSpan(passage: Passage, claim: string): { start: number; end: number } | null {
  const claimTokens = contentTokens(claim);
  if (claimTokens.length === 0) return null;
  const terms = [...new Map(claimTokens.map((t) => [t.stem, { word: t.word, stem: t.stem, emphasis: 1 }])).values()];
  let best: { start: number; end: number; score: number } | null = null;
  for (const span of splitSentences(passage.text)) {
    const tokens = tokenize(passage.text.slice(span.start, span.end));
    let score = 0;
    for (const term of terms) {
      const degree = matchDegree(term, tokens);
      if (degree >= 0.6) score += /\p{N}/u.test(term.word) ? 2 * degree : degree;
    }
    if (score > 0 && (!best || score > best.score)) best = { ...span, score };
  }
  const needed = Math.min(2, Math.max(1, Math.ceil(terms.length * 0.2)));
  return best && best.score >= needed ? { start: best.start, end: best.end } : null;
}
