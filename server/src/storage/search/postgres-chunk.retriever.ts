import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  DEFAULT_CHUNK_RANKING,
  type ChunkHit,
  type ChunkMention,
  type ChunkMentionsRequest,
  type ChunkRetrievalRequest,
  type ChunkRetriever,
} from '../../domain/search/chunk-retriever.js';
import { parseQuery } from '../../domain/search/query-parser.js';
import type { DB } from '../db/schema.js';
import { lexemesOutsidePrivateFolders, lexemesScope, visibleDocuments } from '../db/visibility.js';
import { toChunkHit, type ChunkRow } from './chunk-rows.js';
import { analyseQuery, type AnalysedQuery } from './query-analysis.js';
import { coverageFromRanks, detoasted, lengthNorm, rounded, scoreFromRanks, termRanks } from './ranking.js';
import { inSearchTransaction, resolveScope, weigh } from './search-sql.js';
import { wordCountsFromSegment, type SegmentCache, type SegmentSettings, type SegmentWordCounts } from './segments.js';

/** the most distinct words a word-weight query uses; a 5000-character question would otherwise scan everything */
const MAX_TERMS = 16;
/**
 * in a search-rank query, a term in more than this share of the chunks does not widen the candidates on its own; in
 * a word-weight query for chunks holding every word, one in more than this share of the documents is tested on the
 * chunks the others leave instead of being looked up in the index
 */
const COMMON_TERM_SHARE = 0.25;
/**
 * word-weight, chunks holding every word: a common word is tested on the chunks the rarer words leave only when it is
 * this many times as common as the rarest; a chunk tested costs some tens of times a posting read from the index
 * (measured at 100,000 documents: words of 47,000, 16,000 and 15,000 documents, 440 ms testing, 230-310 ms reading)
 */
const TEST_RATHER_THAN_READ = 10;
/**
 * word-weight: the most statements one question's document counts are spread over, sent at once (each takes a
 * connection of the pool while it runs; two or three keep two cores busy)
 */
const COUNT_STATEMENTS = 3;
/**
 * word-weight, the lowest chunks holding every word from the segment: the most documents read for them before SQL
 * answers instead (rounds of 2, 8, 32 ... times the limit at most; at a limit of 24: 48, 240, 1,008, 4,080)
 */
const LOWEST_CHUNKS_MAX_DOCUMENTS = 4_000;
/**
 * a round after the first reads this many times the documents the chunks still missing need at the rate found so
 * far (nextRoundSize)
 */
const ROUND_MARGIN = 2;

/**
 * How many documents the next round of lowestChunksHoldingEvery reads at most, `found` chunks of `limit` having been
 * found in the `tested` documents before: enough to find the missing chunks at the rate found so far, twice over (at
 * least `limit` documents), and at most four times the last round (`last`), as the rounds grew before. With all
 * `limit` found, four times the last round: the round reads only the documents whose first chunk comes before the last
 * of them. Only how many documents are read depends on it, never which chunks are returned. Issue 48: growing four
 * times each round, a question that had found 84 of its 96 chunks in 960 documents read 3,072 more for the 12 missing,
 * 9,000 pages of chunks and 195-321 ms at a million documents read cold; at its rate about 140 documents hold them.
 */
export function nextRoundSize(params: { limit: number; found: number; tested: number; last: number }): number {
  const { limit, found, tested, last } = params;
  if (found >= limit) return 4 * last;
  const rate = (found + 0.5) / Math.max(tested, 1);
  const wanted = Math.ceil((ROUND_MARGIN * (limit - found)) / rate);
  return Math.max(limit, Math.min(4 * last, wanted));
}
/**
 * The segment's documents holding a question's words (`inOrder`: in the order of their first chunk), taken a round at
 * a time by lowestChunksHoldingEvery. A round takes `size` documents at most, and once the `limit` lowest chunks are
 * among those `found` (sorted), only documents whose first chunk comes before the last of them: a later document's
 * chunks all come after it, so none of them can enter.
 */
export function documentRounds(inOrder: Iterable<{ documentId: string; firstChunk: number }>) {
  const documents = inOrder[Symbol.iterator]();
  let next = documents.next();
  return {
    take(params: { size: number; found: readonly number[]; limit: number }): string[] {
      const { size, found, limit } = params;
      const before = found.length >= limit ? found[limit - 1]! : Infinity;
      const ids: string[] = [];
      while (!next.done && ids.length < size && next.value.firstChunk <= before) {
        ids.push(next.value.documentId);
        next = documents.next();
      }
      return ids;
    },
    /** the first chunk of the next document to be taken; undefined once every document is taken */
    nextFirstChunk: (): number | undefined => (next.done ? undefined : next.value.firstChunk),
  };
}

/**
 * word-weight, owner-wide from the segment: the most words whose classes of chunks (by the words each holds) are read
 * in the order of their scores (2^n - 1 classes)
 */
const MAX_CLASS_WORDS = 4;
/** two classes' scores closer than this share are not ordered here (SQL's float sums decide them) */
const CLASS_SCORE_GAP = 1e-9;
/** every owner's documents with chunk lexemes, as the planner estimates them (a word's postings in the chunk index are every owner's) */
const EVERY_OWNER = sql<number>`select greatest(c.reltuples, 0)::bigint from pg_class c
  where c.oid = 'document_lexemes'::regclass`;

/**
 * The ids of the chunks of `documents` whose vector matches `every`, each document's chunks read by its key (a page or
 * two of them) and the words tested on them (`offset 0`: not looked up in the words' index for each document, 9 ms each
 * for a common word at a million documents).
 *
 * The ids are split into two lists joined by `or`, which only a bitmap scan of the key's index can answer: the heap's
 * pages are then read in their order, and on the server with prefetching (`effective_io_concurrency`, database.ts).
 * The plain index scan the planner picks for one list (a document's id follows the order its chunks were written in)
 * reads page after page, waiting for each: a round of 768 documents read cold took 172-219 ms that way, 56-69 ms as a
 * bitmap scan with prefetching (issue 48, 100,000 documents). `chunk-rounds.db.test.ts` pins the plan.
 */
export function chunksOfDocumentsHolding(documents: readonly string[], every: string): RawBuilder<{ id: number }> {
  const half = Math.ceil(documents.length / 2);
  return sql<{ id: number }>`
    select k.id from (
      select c.id::float8 as id, c.tsv from document_chunks c
      where c.document_id = any(${documents.slice(0, half)}::uuid[]) or c.document_id = any(${documents.slice(half)}::uuid[])
      offset 0
    ) k
    where k.tsv @@ ${every}::tsquery`;
}

interface WordCounts {
  /** the scope's readable documents */
  documents: number;
  /** every owner's documents (an estimate; 0 when unknown) */
  everyOwner: number;
  /** per word, the scope's readable documents holding it */
  frequencies: number[];
}

/** search-rank: weight of a match in the document's title or filename, added to every passage of it */
const HEAD_WEIGHT = 0.5;
/** search-rank: a passage that holds more of the question's terms is the likelier answer */
const COVERAGE_BONUS = 0.1;

/**
 * Passage retrieval over the one stored chunk vector (`document_chunks.tsv`, analysed like every other vector of
 * search: see migrations 0004-search and 0007-chunk-vector) and the one visibility rule, on PostgreSQL and PGlite
 * alike. The ranking is an option of the request, so the evals compare rankings on this one code path.
 */
export function createPostgresChunkRetriever(params: {
  db: Kysely<DB>;
  /**
   * where word-weight retrieval counts a word's documents: `lexemes` (document_lexemes, the default) or `chunks`
   * (every matching chunk, as before issue 48: the reference the tests hold the default to)
   */
  documentCounts?: 'lexemes' | 'chunks';
  /**
   * the owners' segments (segments.ts): an owner-wide question's counts come from its owner's segment where it has one
   * (the search provider's; `wait` as there)
   */
  segments?: { cache: SegmentCache; settings: SegmentSettings; wait?: boolean } | null;
}): ChunkRetriever {
  const { db } = params;
  const fromChunks = params.documentCounts === 'chunks';

  /**
   * A word weighs by how few readable documents of the scope hold it (BM25's idf), and a chunk scores the sum over the
   * words it holds. Documents nobody may read (archived, private, still uploading) are left out before counting, so
   * they weigh nothing: they are not there.
   *
   * Issue 48: the counts come from `document_lexemes` (migration 0039: one narrow row per document with the distinct
   * lexemes of its chunks), not from every matching chunk; and only the chunks of the most telling words are read and
   * scored, MaxScore-style: with the words sorted by weight, the chunks holding one of the first k are scored on all
   * words, and when the 24th best of them scores more than all the other words together could give a chunk, no chunk
   * outside them can enter the top; else k grows. The result is the one byWordWeightFromChunks gives.
   */
  async function byWordWeight(request: ChunkRetrievalRequest): Promise<ChunkHit[]> {
    const { ownerId } = request;
    const query = parseQuery({ query: request.query, fuzziness: 'off' });
    if (query.include.length === 0) return [];
    const analysed = await analyseQuery({
      db,
      ownerId,
      buildingIds: request.buildingIds,
      query,
      compounds: false,
      prefixStems: true,
      language: request.language ?? null,
    });
    // a passage in either language counts alike: the question's words find their English and Norwegian forms
    const terms = [...new Set(analysed.include.map((t) => t.both))].slice(0, MAX_TERMS);
    if (terms.length === 0) return [];
    // a document's lexemes hold a term exactly when one of its chunks does only for a word (or its alternatives),
    // not for words that must meet in one chunk; and they know nothing of an exclusion's chunks
    if (fromChunks || analysed.exclude !== null || !terms.every(isAlternativesOnly)) {
      return byWordWeightFromChunks({ request, terms, analysed });
    }
    const buildings = [...request.buildingIds];
    // owner-wide, from the owner's segment where it has one: a few bitsets instead of every holding row
    const segments = buildings.length > 1 ? params.segments : null;
    const fromSegment =
      segments == null
        ? null
        : await wordCountsFromSegment({
            db,
            cache: segments.cache,
            ownerId,
            buildingIds: buildings,
            terms,
            settings: segments.settings,
            wait: segments.wait ?? false,
            everyOwner: EVERY_OWNER,
          });
    const { documents, everyOwner, frequencies } = fromSegment ?? (await countInSql({ ownerId, buildings, terms }));
    // the weights as the statement below computes them (ln in SQL, as before), for choosing the words to read
    const weightOf = (df: number) => Math.log(1 + (Math.max(documents, 1) - df + 0.5) / (df + 0.5));
    // the chunks are looked up by each word's prefixes spelled out where the segment knows them (segments.ts)
    const matched = terms
      .map((term, i) => ({
        index: i,
        lookup: fromSegment?.spelled[i] ?? term,
        df: frequencies[i] ?? 0,
        w: weightOf(frequencies[i] ?? 0),
      }))
      .filter((t) => t.df > 0)
      .sort((a, b) => b.w - a.w);
    if (matched.length === 0) return [];
    // First the chunks holding all of the j most telling words, j = all of them, then one fewer ...: the index
    // intersects those words' lists, so only such chunks are read, not every chunk of the rarest word. A chunk
    // outside lacks one of the j words at least, so it scores at most the total less the lightest of them: when the
    // last one kept scores more, no chunk outside can enter the top. (With j = all, every chunk kept scores the total.)
    const total = matched.reduce((sum, t) => sum + t.w, 0);
    const counts = { request, terms, frequencies, documents, everyOwner };
    let all = matched.length;
    if (fromSegment !== null) {
      // every chunk holding all the words scores the total: the answer is the lowest ids of them, which the segment
      // finds in the first documents holding them
      const lowest = await lowestChunksHoldingEvery({ request, read: matched, fromSegment });
      if (lowest !== null && (lowest.ids.length >= request.limit || (lowest.all && matched.length === 1))) {
        const hits = await scoredByWordWeight({ ...counts, read: matched, every: true, ids: lowest.ids });
        // all of them still readable (as the segment says they are): else SQL answers
        if (hits.length === lowest.ids.length) return hits;
      } else if (lowest?.all) {
        // fewer than the limit hold all the words, as SQL would have found: on to one word fewer
        all = matched.length - 1;
      }
      if (matched.length >= 2 && matched.length <= MAX_CLASS_WORDS) {
        const ids = await lowestByClasses({ request, matched, fromSegment, every: lowest?.all ? lowest.ids : null });
        if (ids !== null) {
          const hits = await scoredByWordWeight({ ...counts, read: matched, ids });
          // all of them still readable (as the segment says they are): else the rounds below answer
          if (hits.length === ids.length) return hits;
        }
      }
    }
    for (let j = all; j >= 2; j--) {
      const hits = await scoredByWordWeight({ ...counts, read: matched.slice(0, j), every: true });
      if (beats(hits[request.limit - 1], total - matched[j - 1]!.w)) return hits;
    }
    for (let k = 1; k <= matched.length; k++) {
      const rest = matched.slice(k).reduce((sum, t) => sum + t.w, 0);
      const hits = await scoredByWordWeight({ ...counts, read: matched.slice(0, k) });
      // a chunk holding none of the words read scores at most `rest`: it cannot pass the last one kept
      if (k === matched.length || beats(hits[request.limit - 1], rest)) return hits;
    }
    return [];
  }

  /** byWordWeight's counts in SQL, from `document_lexemes`: the scope's readable documents, and each word's */
  async function countInSql({
    ownerId,
    buildings,
    terms,
  }: {
    ownerId: string;
    buildings: string[];
    terms: string[];
  }): Promise<WordCounts> {
    // the scope's readable documents, as visibleDocuments reads them, from their narrow rows; a word's count is
    // looked up in the GIN index for each word (a shared CTE would be read whole, every row's lexemes with it)
    // one building: the index's building entry (document_lexemes_scope_words), not every document of the owner holding
    // the word.
    // The scope's live buildings and those of them with private folders are looked up once: a document is tested
    // against its building's private folders only when there are some (a join and a subquery for each of tens of
    // thousands of rows took most of an owner-wide question's time)
    const [only, ...more] = buildings;
    const inBuildings = more.length === 0 ? sql`x.building_id = ${only}` : sql`x.building_owner_id = ${ownerId}`;
    const readable = (words: RawBuilder<unknown>) => sql`
      select count(*) from document_lexemes x
      where ${inBuildings} and x.readable ${words} and x.building_id = any(scope.live)
        and ${lexemesOutsidePrivateFolders()}`;
    const scope = lexemesScope(ownerId, buildings);
    // The scope's documents and each word's are counted in up to COUNT_STATEMENTS statements sent at once, each on a
    // connection of its own: owner-wide, each count reads a word's postings and tests each posting's row (tens of
    // thousands, 10-25 ms each at 100,000 documents), and one statement ran them one after the other on one core.
    // In one building the counts are small: one statement.
    const wanted = [
      { ord: 0, count: readable(sql``) },
      // the word as a value the planner does not see (an init plan), as when the words came from one list: seeing a
      // common word, it read every readable row of the owner through the btree and tested each one's lexemes (400 ms)
      ...terms.map((term, i) => ({ ord: i + 1, count: readable(sql`and x.lexemes @@ (select ${term}::tsquery)`) })),
    ];
    const statements = more.length === 0 ? 1 : Math.min(COUNT_STATEMENTS, wanted.length);
    const counted = (
      await Promise.all(
        Array.from({ length: statements }, async (_, k) => {
          const mine = wanted.filter((_, i) => i % statements === k);
          // and every owner's documents (the planner's estimate): a word's postings in the chunk index are every owner's
          const everyOwnerRow = k === 0 ? sql`union all select -1, (${EVERY_OWNER})` : sql``;
          const selects = mine.map((c) => sql`select ${c.ord}::int as ord, (${c.count}) as n from scope`);
          return (
            await sql<{ ord: string | number; n: string | number }>`
              with ${scope} ${sql.join(selects, sql` union all `)} ${everyOwnerRow}`.execute(db)
          ).rows;
        }),
      )
    ).flat();
    const count = (ord: number) => Number(counted.find((r) => Number(r.ord) === ord)?.n ?? 0);
    return { documents: count(0), everyOwner: count(-1), frequencies: terms.map((_, i) => count(i + 1)) };
  }

  /**
   * The ids of the `limit` lowest chunks of the scope holding every word `read` (all of them when fewer; `all`: every
   * such chunk was found), from the segment's documents in the order of their first chunk, in rounds of a growing
   * number of documents, and the documents written since the segment. Once `limit` are found and the next document's
   * first chunk comes after the last of them, no chunk of a later document can enter. Null (SQL answers) when the
   * chunks found so far say the words meet in so few chunks that SQL would read fewer of them than the documents still
   * to be read here, or after LOWEST_CHUNKS_MAX_DOCUMENTS documents.
   */
  async function lowestChunksHoldingEvery(params: {
    request: ChunkRetrievalRequest;
    read: { index: number; lookup: string }[];
    fromSegment: SegmentWordCounts;
    /** the test of a chunk, when not that it holds every word `read` (a class of lowestByClasses) */
    test?: string;
    /** how many, when not the request's limit */
    limit?: number;
  }): Promise<{ ids: string[]; all: boolean } | null> {
    const { request, read } = params;
    const { ownerId } = request;
    const limit = params.limit ?? request.limit;
    const buildings = [...request.buildingIds];
    const every = params.test ?? read.map((t) => `(${t.lookup})`).join(' & ');
    const { inOrder, count, written } = params.fromSegment.documentsHoldingEvery(read.map((t) => t.index));
    const documents = documentRounds(inOrder);
    const found: number[] = [];
    let batch = limit * 2;
    let tested = 0;
    for (let round = 0; ; round++) {
      const ids = documents.take({ size: batch, found, limit });
      tested += ids.length;
      // the documents written since, in the first round: tested as every chunk is (scope, visibility)
      const alsoWritten =
        round === 0 && written.length > 0
          ? sql`union all select c.id::float8 as id from document_chunks c
              where c.document_id = any(${written}::uuid[]) and c.tsv @@ ${every}::tsquery
                and c.building_id = any(${buildings}::text[]) and c.building_owner_id = ${ownerId}
                and exists (${visibleTo(request, sql`c.document_id`)})`
          : sql``;
      const rows = await sql<{ id: number }>`
        ${chunksOfDocumentsHolding(ids, every)}
        ${alsoWritten}`.execute(db);
      for (const row of rows.rows) found.push(Number(row.id));
      found.sort((a, b) => a - b);
      const last = found[limit - 1];
      const nextFirst = documents.nextFirstChunk();
      if (nextFirst === undefined) return { ids: found.slice(0, limit).map(String), all: true };
      if (last !== undefined && last < nextFirst) return { ids: found.slice(0, limit).map(String), all: false };
      if (tested >= LOWEST_CHUNKS_MAX_DOCUMENTS) return null;
      // Where the words seldom meet in one chunk of the documents holding them all, SQL's index finds those few chunks
      // (all of the documents') with less reading than the documents still to be read here would take. A document
      // read here costs about a page of its chunks; a chunk SQL finds, its page and its document's row (and its share
      // of intersecting the words' lists, 40 ms for 280 chunks of three common words at a million documents)
      const perDocument = (found.length + 0.5) / tested;
      if (2 * perDocument * count < (limit - found.length) / perDocument) return null;
      batch = nextRoundSize({ limit, found: found.length, tested, last: ids.length });
    }
  }

  /**
   * The ids of the `limit` best chunks for 2 to MAX_CLASS_WORDS words `matched` (sorted by weight), in their order,
   * without scoring every chunk of a word. A chunk scores the weights of the words it holds, so the chunks holding the
   * same words tie, and tie by id: the classes of chunks by the words they hold (all of them and none of the others),
   * in the order of their scores, each give their lowest ids until the limit is reached. Each class is read as the
   * chunks holding every word are (lowestChunksHoldingEvery: the segment's documents holding its words, in the order of
   * their first chunk), or by SQL where it is sparse. Before, when few chunks held two of the words, the chunks of the
   * most telling word were all read and scored (56 ms of a question's 80 at 100,000 documents). `every`: the chunks
   * holding every word, when known (all of them). Null when two classes score too closely alike to be ordered here as
   * SQL's float sums order them: the rounds of byWordWeight answer.
   */
  async function lowestByClasses(params: {
    request: ChunkRetrievalRequest;
    matched: { index: number; lookup: string; w: number }[];
    fromSegment: SegmentWordCounts;
    every: string[] | null;
  }): Promise<string[] | null> {
    const { request, matched, fromSegment } = params;
    const n = matched.length;
    const classes: { words: number[]; score: number }[] = [];
    for (let mask = (1 << n) - 1; mask > 0; mask--) {
      const words = matched.map((_, i) => i).filter((i) => (mask >> i) & 1);
      // (the statement sums in another order, and ln there may differ from Math.log in the last bits: CLASS_SCORE_GAP)
      const score = words.reduce((sum, i) => sum + matched[i]!.w, 0);
      classes.push({ words, score });
    }
    classes.sort((a, b) => b.score - a.score);
    for (let i = 1; i < classes.length; i++) {
      if (classes[i - 1]!.score - classes[i]!.score <= CLASS_SCORE_GAP * classes[i - 1]!.score) return null;
    }
    const found: string[] = [];
    for (const { words } of classes) {
      const need = request.limit - found.length;
      if (need <= 0) break;
      if (words.length === n && params.every !== null) {
        found.push(...params.every.slice(0, need));
        continue;
      }
      const held = words.map((i) => matched[i]!);
      const test = [
        ...held.map((t) => `(${t.lookup})`),
        ...matched.filter((_, i) => !words.includes(i)).map((t) => `!(${t.lookup})`),
      ].join(' & ');
      const lowest = await lowestChunksHoldingEvery({ request, read: held, fromSegment, test, limit: need });
      found.push(...(lowest?.ids ?? (await lowestInSql({ request, test, limit: need }))));
    }
    return found;
  }

  /** the ids of the `limit` lowest chunks of the request's scope that pass `test`, in SQL */
  async function lowestInSql(params: { request: ChunkRetrievalRequest; test: string; limit: number }) {
    const { request, test, limit } = params;
    // the words' chunks looked up alone, the scope tested on them (as scoredByWordWeight does owner-wide)
    const rows = await sql<{ id: string }>`
      select c.id::text as id from (
        select c.id, c.building_id, c.building_owner_id, c.document_id from document_chunks c
        where c.tsv @@ ${test}::tsquery offset 0
      ) c
      where c.building_id = any(${[...request.buildingIds]}::text[]) and c.building_owner_id = ${request.ownerId}
        and exists (${visibleTo(request, sql`c.document_id`)})
      order by c.id limit ${limit}`.execute(db);
    return rows.rows.map((row) => row.id);
  }

  /** the one visibility rule for a document of the request's scope, as a subquery testing `documentId` */
  function visibleTo(request: ChunkRetrievalRequest, documentId: RawBuilder<string>) {
    // `offset 0`: tested for each candidate chunk (a few lookups by key), never turned into a join that reads every
    // document of the scope first (an owner's 60,000 at 100,000 documents, for a few hundred candidates)
    return visibleDocuments(db, { ownerId: request.ownerId, buildingIds: [...request.buildingIds] })
      .select(sql`1`.as('one'))
      .where(sql<boolean>`d.id = ${documentId}`)
      .offset(0);
  }

  /** the last passage kept scores more than `bound` (by more than the float sums' rounding) */
  function beats(last: ChunkHit | undefined, bound: number): boolean {
    return last !== undefined && last.score > bound * (1 + 1e-9) + 1e-12;
  }

  /**
   * byWordWeight's scoring of the chunks that hold one of the words `read` (or all of them), on every word, with the
   * counts given
   */
  async function scoredByWordWeight(params: {
    request: ChunkRetrievalRequest;
    terms: string[];
    frequencies: number[];
    documents: number;
    /** how many documents every owner has (an estimate; 0 when unknown) */
    everyOwner: number;
    /** the words read: each as a tsquery, as the chunks' index looks it up (the same chunks), and its count */
    read: { lookup: string; df: number }[];
    /** the chunks holding every word `read`, not one of them */
    every?: boolean;
    /** the chunks to score: these (which hold every word `read`), not every chunk of the scope holding them */
    ids?: string[];
  }): Promise<ChunkHit[]> {
    const { request, terms, frequencies, documents } = params;
    const { ownerId, limit } = request;
    const buildings = [...request.buildingIds];
    // holding every word: a common word's list (a prefix of it, looked up across every owner's chunks) costs more
    // than testing the few chunks the rarer words leave, when it is far longer: its count in scope is scaled by every
    // owner's documents over the scope's (in one building of a large installation, thousands of times)
    const rarest = params.read[0]?.df ?? 0;
    const postingsPerDocument = Math.max(1, params.everyOwner / Math.max(documents, 1));
    const common = (t: { df: number }, i: number) =>
      params.every &&
      i > 0 &&
      t.df > documents * COMMON_TERM_SHARE &&
      t.df * postingsPerDocument > rarest * TEST_RATHER_THAN_READ;
    const tsquery = (read: { lookup: string }[]) => read.map((t) => `(${t.lookup})`).join(params.every ? ' & ' : ' | ');
    const candidates = tsquery(params.read.filter((t, i) => !common(t, i)));
    const alsoHeld = params.read.filter(common);
    const holding =
      alsoHeld.length === 0
        ? sql`candidates`
        : sql`(select k.* from candidates k where k.tsv @@ ${tsquery(alsoHeld)}::tsquery)`;
    // In one building, the word's chunks and the building's are intersected in the bitmaps of their indexes. Owner-wide
    // the scope is most of the owner's chunks: its index's bitmap (3,000,000 rows at a million documents) made the
    // intersection lossy, every chunk of every page it named read and tested again, seconds and tens of thousands of
    // pages from disk for a question; so the word's chunks alone are looked up, and the scope is tested on them
    const chunks = sql`(select c.id, c.tsv, c.building_id, c.building_owner_id, c.document_id from document_chunks c
      where ${params.ids ? sql`c.id = any(${params.ids}::bigint[]) and` : sql``} c.tsv @@ ${candidates}::tsquery
        ${buildings.length === 1 ? sql`` : sql`offset 0`})`;
    const result = await sql<ChunkRow>`
      with t as materialized (
        select ord, q::tsquery as tq, df::float8 as df from unnest(${terms}::text[], ${frequencies}::int[])
          with ordinality as u(q, df, ord)
      ),
      total as materialized (select greatest(${documents}::int, 1)::float8 as n),
      weights as materialized (
        select t.ord, t.tq, t.df = 0 as unmatched, ln(1 + (total.n - t.df + 0.5) / (t.df + 0.5)) as w
        from t cross join total
      ),
      possible as materialized (
        select greatest(sum(w), 1e-9) as n, coalesce(sum(w) filter (where unmatched), 0) as unmatched from weights
      ),
      candidates as materialized (
        select c.id, c.tsv from ${chunks} c
        where c.building_id = any(${buildings}::text[]) and c.building_owner_id = ${ownerId}
          and exists (${visibleTo(request, sql`c.document_id`)})
      ),
      scored as (
        select k.id, sum(w.w order by w.ord) as score
        from ${holding} k join weights w on not w.unmatched and k.tsv @@ w.tq
        group by k.id
      ),
      -- summed in the words' order, so two chunks holding the same words score exactly alike and tie by id
      ${bestPassages(limit)}
    `.execute(db);
    return result.rows.map(toChunkHit);
  }

  /**
   * The end of both word-weight statements: the `limit` best of `scored` (id, score) with their passages, documents and
   * shares of `possible` (n, unmatched).
   */
  function bestPassages(limit: number) {
    return sql`
      top as (select s.id, s.score from scored s order by s.score desc, s.id limit ${limit})
      select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, c.language, d.filename,
        d.drawing_number, d.tfm_code, d.serial_number, top.score, top.score / possible.n as share, possible.unmatched / possible.n as unmatched_share
      from top
      cross join possible
      join document_chunks c on c.id = top.id
      join documents d on d.id = c.document_id
      order by top.score desc, c.id`;
  }

  /**
   * The word-weight ranking counted from the chunks themselves: every matching chunk of every word is read. Exact for
   * any term; what byWordWeight falls back to where the documents' lexemes cannot stand in for the chunks (a term of
   * several words, a phrase, an exclusion).
   */
  async function byWordWeightFromChunks(params: {
    request: ChunkRetrievalRequest;
    terms: string[];
    analysed: AnalysedQuery;
  }): Promise<ChunkHit[]> {
    const { request, terms, analysed } = params;
    const { ownerId, limit } = request;
    const buildings = [...request.buildingIds];
    const exclude = analysed.exclude ? sql`and not (c.tsv @@ ${analysed.exclude}::tsquery)` : sql``;
    const visible = visibleDocuments(db, { ownerId, buildingIds: buildings }).select('d.id');
    const result = await sql<ChunkRow>`
      with t as materialized (
        select ord, q::tsquery as tq from unnest(${terms}::text[]) with ordinality as u(q, ord)
      ),
      visible as materialized (${visible}),
      hits as materialized (
        select t.ord, c.id, c.document_id
        from t cross join lateral (
          select c.id, c.document_id from document_chunks c
          where c.tsv @@ t.tq and c.building_id = any(${buildings}::text[]) and c.building_owner_id = ${ownerId}
            ${exclude}
        ) c
        where exists (select 1 from visible v where v.id = c.document_id)
      ),
      df as materialized (select ord, count(distinct document_id)::float8 as n from hits group by ord),
      total as materialized (select greatest(count(*), 1)::float8 as n from visible),
      weights as materialized (
        select df.n is null as unmatched, ln(1 + (total.n - coalesce(df.n, 0) + 0.5) / (coalesce(df.n, 0) + 0.5)) as w
        from t left join df using (ord) cross join total
      ),
      possible as materialized (
        select greatest(sum(w), 1e-9) as n, coalesce(sum(w) filter (where unmatched), 0) as unmatched from weights
      ),
      scored as (
        select h.id, sum(ln(1 + (total.n - df.n + 0.5) / (df.n + 0.5)) order by h.ord) as score
        from hits h join df using (ord) cross join total
        group by h.id
      ),
      ${bestPassages(limit)}
    `.execute(db);
    return result.rows.map(toChunkHit);
  }

  /** The document search's ranking on passages: typo-tolerant terms, ts_rank times idf, the title, a length norm. */
  async function bySearchRank(request: ChunkRetrievalRequest): Promise<ChunkHit[]> {
    const query = parseQuery({ query: request.query, fuzziness: 'auto' });
    if (query.include.length === 0) return [];
    return inSearchTransaction(db, async (trx) => {
      const scopeOf = { ownerId: request.ownerId, buildingIds: request.buildingIds };
      // the analysis's first statement also sets the planner settings and looks up the scope's live buildings
      const analysed = await analyseQuery({
        db: trx,
        ownerId: request.ownerId,
        buildingIds: request.buildingIds,
        query,
        compounds: false,
        plannerSettings: { scope: scopeOf },
        ...(request.language ? { language: request.language } : {}),
      });
      const scope = await resolveScope(trx, scopeOf, analysed.live);
      if (scope.empty) return [];
      if (analysed.include.length === 0) return [];
      const weighed = await weigh({
        trx,
        table: 'document_chunks',
        condition: scope.condition('x'),
        vector: 'tsv',
        terms: analysed.include,
      });
      const terms = weighed.terms;
      const common = (i: number) => (weighed.frequencies[i] ?? 0) > weighed.documents * COMMON_TERM_SHARE;
      const widening = terms.filter((_, i) => !common(i));
      const candidates = (widening.length > 0 ? widening : terms).map((t) => t.match).join(' | ');
      const exclude = analysed.exclude ? sql`and not (c.tsv @@ ${analysed.exclude}::tsquery)` : sql``;
      const ranks = termRanks({ vector: sql`c.tsv`, terms });
      // the document's title and filename speak for every passage in it
      const headRanks = termRanks({ vector: sql`sd.head`, terms });
      const score = rounded(
        sql<number>`(${scoreFromRanks({ ranks: sql`k.r`, terms })} * ${lengthNorm(sql`k.words`)}
          + ${HEAD_WEIGHT}::float8 * ${scoreFromRanks({ ranks: sql`k.h`, terms })})
          * (1 + ${COVERAGE_BONUS}::float8 * ${coverageFromRanks({ ranks: sql`k.r`, terms })})`,
      );
      const visible = visibleDocuments(trx, { ownerId: request.ownerId, buildingIds: request.buildingIds }).select([
        'd.id',
        'd.filename',
        'd.drawing_number',
        'd.tfm_code',
        'd.serial_number',
      ]);
      const rows = (
        await sql<ChunkRow>`
          with visible as materialized (${visible}),
          k as materialized (
            select c.id, c.document_id, c.building_id, c.page_number, c.char_start, c.char_end, c.text, c.language,
                   v.filename, v.drawing_number, v.tfm_code, v.serial_number,
                   length(c.tsv) as words, ${ranks} as r, ${headRanks} as h
            from document_chunks c
            join visible v on v.id = c.document_id
            -- the document's head lives out of line (migration 0041): fetched once, not once per rank
            cross join lateral (
              select ${detoasted(sql`x.head`)} as head from search_documents x where x.document_id = c.document_id offset 0
            ) sd
            where ${scope.condition('c')} and c.tsv @@ ${candidates}::tsquery ${exclude}
          )
          select k.id::text as id, k.document_id, k.building_id, k.filename, k.page_number, k.char_start, k.char_end,
                 k.text, k.language, k.drawing_number, k.tfm_code, k.serial_number, ${score} as score
          from k order by score desc, k.id limit ${request.limit}`.execute(trx)
      ).rows;
      return rows.map(toChunkHit);
    });
  }

  async function findMentions(request: ChunkMentionsRequest): Promise<ChunkMention[]> {
    const queries = new Map<string, string>();
    for (const term of request.terms) {
      const query = mentionQueryOf(term);
      if (query !== null) queries.set(term, query);
    }
    if (queries.size === 0 || request.buildingIds.length === 0 || request.firstChunks <= 0) return [];
    const buildings = [...request.buildingIds];
    // Each term is a phrase of prefix words, analysed as the stored vectors were, in Norwegian or in English
    // (search_phrase_text keeps the positions a phrase needs); the chunks' vectors are read as stored, and only the names are analysed here.
    const result = await sql<{ term: string; document_id: string; chunks: number; in_name: boolean }>`
      with q as materialized (
        select * from (
          select t.term, to_tsquery('byggdok', search_phrase_text(t.query))
                         || to_tsquery('byggdok_en', search_phrase_text(t.query)) as query
          from unnest(${[...queries.keys()]}::text[], ${[...queries.values()]}::text[]) as t (term, query)
        ) analysed
        -- a term of stop words only has nothing to find
        where numnode(analysed.query) > 0
      ),
      docs as materialized (
        ${visibleDocuments(db, { buildingIds: buildings }).select(['d.id', 'd.original_path', 'd.title'])}
      ),
      texts as materialized (
        select c.document_id, c.tsv, false as in_name
        from document_chunks c
        join docs on docs.id = c.document_id
        where c.building_id = any(${buildings}::text[]) and c.chunk_index < ${request.firstChunks}
        union all
        select docs.id, search_vector(n.name, 'nb') || search_vector(n.name, 'en'), true
        from docs
        cross join lateral (
          select regexp_replace(docs.original_path || ' ' || coalesce(docs.title, ''), '[_./]+', ' ', 'g') as name
        ) n
      )
      select q.term, texts.document_id,
             count(*) filter (where not texts.in_name)::int as chunks, bool_or(texts.in_name) as in_name
      from texts
      join q on texts.tsv @@ q.query
      group by q.term, texts.document_id
    `.execute(db);
    return result.rows.map((r) => ({
      term: r.term,
      documentId: r.document_id,
      chunks: Number(r.chunks),
      inName: r.in_name,
    }));
  }

  return {
    findMentions,
    async retrieveChunks(request) {
      if (request.buildingIds.length === 0 || request.limit <= 0) return [];
      switch (request.ranking ?? DEFAULT_CHUNK_RANKING) {
        case 'word-weight':
          return byWordWeight(request);
        case 'search-rank':
          return bySearchRank(request);
      }
    },
  };
}

/**
 * `'a':*`, `('a':* | 'b')`: lexemes and prefixes joined by `|` alone. A document's lexemes hold such a term exactly
 * when one of its chunks does; `&`, `<->` and `!` ask more of one chunk than of the document.
 */
function isAlternativesOnly(term: string): boolean {
  return !/[&<!]/.test(term.replace(/'(?:[^']|'')*'/g, ''));
}

/** mention words shorter than this match whole: a prefix "el:*" would match half the language */
const MIN_PREFIX_LENGTH = 4;

/**
 * "fire strategy" -> `fire:* <-> strategy:*`, before analysis. Words are cut to letters (with their combining marks)
 * and digits, so nothing in a term can be read as tsquery syntax.
 */
function mentionQueryOf(term: string): string | null {
  const words = term
    .trim()
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= MIN_PREFIX_LENGTH ? `${w}:*` : w)).join(' <-> ');
}
