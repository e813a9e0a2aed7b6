/**
 * The benchmark's query kinds (same seed, same rules) for search.bench.ts and for the experiments that look inside a
 * search (search-explain.ts, search-experiments.ts) on a database a `--keep` run left.
 */
import { parseQuery } from '../src/domain/search/query-parser.js';
import type { DocumentSearchRequest } from '../src/domain/search/search.types.js';
import { BUILDINGS, OWNER, buildingId, random, type CorpusShape } from './search-corpus.js';

export interface BenchQuery {
  kind: string;
  query: string;
  building: string | null;
  aggregations: boolean;
}

export function benchQueries(params: { corpus: CorpusShape; runs: number }): BenchQuery[] {
  const { corpus, runs } = params;
  const r = random(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const n = corpus.bigOwnerDocuments;
  const words = [...corpus.frequencies].filter(([w]) => /^\p{L}{6,}$/u.test(w));
  const common = words.filter(([, df]) => df > n * 0.22 && df < n * 0.4).map(([w]) => w);
  const middle = words.filter(([, df]) => df > n * 0.01 && df < n * 0.1).map(([w]) => w);
  const drawingNumbers = corpus.drawingNumbers;
  const vocabulary = new Set(corpus.frequencies.keys());
  const typo = (word: string): string => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const chars = [...word];
      const at = 1 + Math.floor(r() * (chars.length - 2));
      const variant = r() < 0.5 ? [...chars.slice(0, at), ...chars.slice(at + 1)] : [...chars];
      if (variant.length === chars.length) [variant[at], variant[at + 1]] = [variant[at + 1]!, variant[at]!];
      const result = variant.join('');
      if (!vocabulary.has(result)) return result;
    }
    return `${word}x`;
  };
  const cases: BenchQuery[] = [];
  for (let i = 0; i < runs; i++) {
    cases.push({ kind: 'rare term, owner-wide', query: pick(drawingNumbers), building: null, aggregations: false });
    cases.push({
      kind: 'common term, one building',
      query: pick(common),
      building: buildingId(Math.floor(r() * BUILDINGS)),
      aggregations: false,
    });
    cases.push({ kind: 'common term, owner-wide', query: pick(common), building: null, aggregations: false });
    cases.push({ kind: 'typo, owner-wide', query: typo(pick(middle)), building: null, aggregations: false });
    cases.push({ kind: 'facets, common term owner-wide', query: pick(common), building: null, aggregations: true });
  }
  return cases;
}

/** the search the service runs for a benchmark query: the big owner's, first page of 20, typos allowed */
export function benchRequest(c: BenchQuery): DocumentSearchRequest {
  return {
    scope: { ownerId: OWNER, buildingIds: c.building ? [c.building] : null },
    query: parseQuery({ query: c.query, fuzziness: 'auto' }),
    filters: {},
    sortBy: 'relevance',
    sortOrder: 'desc',
    offset: 0,
    limit: 20,
    aggregations: c.aggregations,
  };
}
