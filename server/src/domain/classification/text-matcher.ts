/**
 * Finds many vocabulary patterns in one pass over a text (Aho-Corasick), so scanning five pages against several
 * hundred terms stays well under a millisecond.
 *
 * Pattern syntax: `ventilasjon` matches the whole word only; `*ventilasjon*` also inside compounds
 * ("boligventilasjonsanlegg"); `ventilasjon*` only at the start of a word ("ventilasjonsanlegg"); `*sluk` only at the
 * end ("gulvsluk"). Norwegian and Dutch glue words together, so most stems need a star; short stems do not get one
 * because "lys" would otherwise fire inside "analyse". Phrases may contain spaces. Texts must be normalized with
 * normalizeForMatching (lower case, single spaces).
 */
import { isWordChar } from './tokens.js';

export interface PatternMatch<T> {
  payload: T;
  /** the pattern without stars */
  term: string;
  start: number;
  end: number;
  /** the whole word(s) the term was found in, for evidence ("ventilasjonsaggregat") */
  word: string;
}

interface CompiledPattern<T> {
  term: string;
  leftOpen: boolean;
  rightOpen: boolean;
  payload: T;
}

interface Node {
  next: Map<string, number>;
  fail: number;
  /** indices of patterns ending here, including those reachable by fail links */
  out: number[];
}

export class PhraseMatcher<T> {
  private readonly patterns: CompiledPattern<T>[] = [];
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, out: [] }];

  constructor(entries: readonly { pattern: string; payload: T }[]) {
    for (const { pattern, payload } of entries) {
      const leftOpen = pattern.startsWith('*');
      const rightOpen = pattern.endsWith('*');
      const term = pattern.replace(/^\*|\*$/g, '').toLowerCase();
      if (term === '') continue;
      this.insert(term, this.patterns.length);
      this.patterns.push({ term, leftOpen, rightOpen, payload });
    }
    this.link();
  }

  private insert(term: string, index: number): void {
    let state = 0;
    for (const c of term) {
      const node = this.nodes[state]!;
      let next = node.next.get(c);
      if (next === undefined) {
        next = this.nodes.length;
        this.nodes.push({ next: new Map(), fail: 0, out: [] });
        node.next.set(c, next);
      }
      state = next;
    }
    this.nodes[state]!.out.push(index);
  }

  private link(): void {
    const queue: number[] = [];
    for (const child of this.nodes[0]!.next.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const node = this.nodes[state]!;
      for (const [c, child] of node.next) {
        let f = node.fail;
        while (f !== 0 && !this.nodes[f]!.next.has(c)) f = this.nodes[f]!.fail;
        const candidate = this.nodes[f]!.next.get(c);
        const childNode = this.nodes[child]!;
        childNode.fail = candidate !== undefined && candidate !== child ? candidate : 0;
        childNode.out.push(...this.nodes[childNode.fail]!.out);
        queue.push(child);
      }
    }
  }

  /**
   * All matches that respect their word boundaries. Where matches overlap, the longest wins ("takvindu" beats
   * "vindu", "gulvvarme" beats "gulv"), because the longer term is the more specific statement.
   */
  findAll(text: string): PatternMatch<T>[] {
    const raw: { index: number; start: number; end: number }[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      while (state !== 0 && !this.nodes[state]!.next.has(c)) state = this.nodes[state]!.fail;
      state = this.nodes[state]!.next.get(c) ?? 0;
      for (const index of this.nodes[state]!.out) {
        const p = this.patterns[index]!;
        const start = i + 1 - p.term.length;
        if (!p.leftOpen && isWordChar(text[start - 1])) continue;
        if (!p.rightOpen && isWordChar(text[i + 1])) continue;
        raw.push({ index, start, end: i + 1 });
      }
    }
    raw.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const covered = new Uint8Array(text.length);
    const takenSpans = new Set<number>();
    const result: PatternMatch<T>[] = [];
    for (const m of raw) {
      // Two patterns on exactly the same span ("heis" and "*heis") both count; only a longer match shadows.
      const span = m.start * 100_003 + m.end;
      if (!takenSpans.has(span)) {
        let free = true;
        for (let i = m.start; i < m.end && free; i++) free = covered[i] === 0;
        if (!free) continue;
        covered.fill(1, m.start, m.end);
        takenSpans.add(span);
      }
      const p = this.patterns[m.index]!;
      result.push({ payload: p.payload, term: p.term, start: m.start, end: m.end, word: wordAround(text, m) });
    }
    return result.sort((a, b) => a.start - b.start);
  }
}

function wordAround(text: string, m: { start: number; end: number }): string {
  let s = m.start;
  let e = m.end;
  while (s > 0 && isWordChar(text[s - 1])) s--;
  while (e < text.length && isWordChar(text[e])) e++;
  return text.slice(s, e);
}
