import type { DocumentRecord } from '../documents/document.js';
import type { ChunkRetriever } from './chunk-retriever.js';

export type SearchSortBy = 'relevance' | 'createdAt' | 'updatedAt' | 'filename';
export type SearchSortOrder = 'asc' | 'desc';
export type Fuzziness = 'auto' | 'on' | 'off';
export type DocumentType = 'document' | 'drawing';

/** One thing the user typed: a word or code, or a quoted phrase. */
export interface QueryTerm {
  text: string;
  phrase: boolean;
  /** typo tolerance for this term: 0 is exact; 1 or 2 allows that many edits (a code allows a shorter prefix) */
  maxEdits: number;
}

export interface ParsedQuery {
  include: QueryTerm[];
  /** `-term` and `-"a phrase"`: documents containing them are left out */
  exclude: QueryTerm[];
  /**
   * 'all': every term must match (keywords, codes). 'most': prose or a question; a document matching most of the
   * terms is a hit, ranked by how many and how rare the matched terms are.
   */
  match: 'all' | 'most';
  /** the query ends in a question mark */
  question: boolean;
  /** whether fuzzy matching was switched on for this query (rule 1) */
  fuzzy: boolean;
  /**
   * `fuzziness=on`: correct every word. Otherwise only words the owner's documents never use are corrected, so a
   * correctly spelled word does not also find its neighbours.
   */
  alwaysFuzzy: boolean;
}

export interface SearchFilters {
  discipline?: string;
  documentType?: DocumentType;
  floor?: string;
  /** an NS 3451 code: documents filed under it or under any code below it ('3' is every technical system) */
  category?: string;
  /** the file name's extension, without the dot */
  extension?: string;
  /** leave out documents superseded by a newer revision or version */
  latestRevisions?: boolean;
}

/** Which documents a search may see. */
export interface SearchScope {
  ownerId: string;
  /** null: every live building of the owner; otherwise only these (already authorised) buildings */
  buildingIds: readonly string[] | null;
}

export interface DocumentSearchRequest {
  scope: SearchScope;
  query: ParsedQuery;
  filters: SearchFilters;
  sortBy: SearchSortBy;
  sortOrder: SearchSortOrder;
  /** position of the first hit in the whole ordered hit set */
  offset: number;
  /** hits wanted from `offset` on; 0 when only the count (and aggregations) are wanted */
  limit: number;
  aggregations: boolean;
  /** each hit with its best passages (decisions.md, "Search passages") */
  passages?: boolean;
}

export interface AggregationBucket {
  key: string;
  count: number;
}

export interface SearchAggregations {
  discipline: AggregationBucket[];
  category: AggregationBucket[];
  extension: AggregationBucket[];
  drawing_floor: AggregationBucket[];
}

/** An excerpt of one page that matched the query. */
export interface SearchPassage {
  /** from 1 */
  pageNumber: number;
  /** verbatim page text, at most 400 characters, cut at word boundaries */
  text: string;
  /** half-open [start, end) ranges (UTF-16 indices into `text`), each a whole word that matched the query */
  highlights: [number, number][];
}

export interface SearchHit {
  document: DocumentRecord;
  /** larger is better; comparable within one result list */
  score: number;
  /** when asked for: up to 3, best first; empty when the document matched on its name or title only */
  passages?: SearchPassage[];
}

export interface DocumentSearchResult {
  /** the page, with documents in private folders left out (so it may be shorter than asked) */
  hits: SearchHit[];
  /** every matching document in scope, private folders included */
  numberOfHits: number;
  aggregations?: SearchAggregations;
}

/**
 * A search engine. The PostgreSQL full-text provider is the first; another engine implements the same two methods
 * and the routes and service stay as they are.
 */
export interface SearchProvider extends ChunkRetriever {
  searchDocuments(request: DocumentSearchRequest): Promise<DocumentSearchResult>;
}
