import type { TextLanguage } from '../shared/text-language.js';

/** A passage of one page. `text` is `page.text.slice(charStart, charEnd)` of the stored extracted text. */
export interface ChunkHit {
  documentId: string;
  buildingId: string;
  filename: string;
  chunkId: string;
  pageNumber: number;
  charStart: number;
  charEnd: number;
  text: string;
  /** larger is better; comparable within one result list */
  score: number;
  /** what its text is written in, when its document was read since languages were told apart (migration 0018) */
  language?: TextLanguage;
  /**
   * identifiers the service extracted from its document (drawing number, TFM tag, serial number), where the ranking
   * read them: a question asking for one is answered by the sentence that holds it
   */
  identifiers?: string[];
  /**
   * the share (0..1) of the query's word weight this passage matched, where the ranking knows it: low when the
   * query's most telling words are in no passage, as when the documents do not hold the answer
   */
  queryShare?: number;
  /**
   * the share (0..1) of the query's word weight in words that no readable document holds at all, where the ranking
   * knows it (the same for every passage of one retrieval): a question about something the building lacks
   */
  queryUnmatchedShare?: number;
}

/**
 * How passages are ranked. Both read the same stored vector and the same visibility rule; they differ only in the
 * score, so the evals can compare them on one code path.
 *
 * - `word-weight`: each query word (its stem matched as a prefix, so inflections and the compounds it starts count)
 *   weighs by how few readable documents hold it (BM25's idf); a passage scores the sum of the words it holds, and
 *   reports the shares above. What answers use.
 * - `search-rank`: the document search's formula on passages: ts_rank per word times idf, typo corrections, the
 *   document's title, a length norm and a bonus for holding more of the words. No shares.
 */
export type ChunkRanking = 'word-weight' | 'search-rank';

export const DEFAULT_CHUNK_RANKING: ChunkRanking = 'word-weight';

export interface ChunkRetrievalRequest {
  ownerId: string;
  /** already authorised; nothing outside them is returned */
  buildingIds: readonly string[];
  query: string;
  limit: number;
  /** omitted: DEFAULT_CHUNK_RANKING */
  ranking?: ChunkRanking;
  /** the question's language: its words' own analysis; omitted, it is told from the words (see query-analysis.ts) */
  language?: TextLanguage;
}

export interface ChunkMentionsRequest {
  /** already authorised; nothing outside them is counted */
  buildingIds: readonly string[];
  /** words or phrases ("fire strategy"); a word finds its inflections and the compounds it starts */
  terms: readonly string[];
  /** only each document's first chunks are read: they say what a document is, and they bound the work */
  firstChunks: number;
}

/** One term found in one document. */
export interface ChunkMention {
  /** as given in the request */
  term: string;
  documentId: string;
  /** chunks (of the first `firstChunks`) that hold the term */
  chunks: number;
  /** the document's path (with its filename) or title holds it */
  inName: boolean;
}

/**
 * Full text over the chunks of live, non-private documents of the given buildings (archived documents and buildings
 * never appear), through one stored vector per chunk and one analysis of words. Answers, reports' evidence and the
 * evals all read chunks through this one port.
 */
export interface ChunkRetriever {
  /** The passages that best match a query, best first. Question words and stop words are ignored. */
  retrieveChunks(request: ChunkRetrievalRequest): Promise<ChunkHit[]>;
  /** For each term, the documents that mention it and in how many chunks; terms found nowhere are left out. */
  findMentions(request: ChunkMentionsRequest): Promise<ChunkMention[]>;
}
