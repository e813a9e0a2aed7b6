/** The shapes of the ask feature as the domain sees them. Presenters turn them into the wire shape. */
import type { TextLanguage } from '../shared/text-language.js';

/** Languages an answer can be written in. `no` is accepted on the wire and answered in Bokmål. */
export type AnswerLanguage = TextLanguage;
export type RequestedLanguage = AnswerLanguage | 'no';

/** How much retrieval and synthesis an answer gets. */
export type AskMode = 'fast' | 'balanced' | 'deep';
export type ReasoningEffort = 'low' | 'medium' | 'high';

export interface Citation {
  /** 1-based, in the order the markers first appear in the answer */
  number: number;
  documentId: string;
  buildingId: string;
  filename: string;
  /** present when the document has real pages (PDF pages, slides, scanned pages) */
  pageNumber: number | null;
  /** verbatim: `page.text.slice(charStart, charEnd)` of the stored extracted text */
  citedText: string;
  charStart: number;
  charEnd: number;
  /** the newer revision or version of the cited document; null when it is the latest */
  supersededBy: string | null;
}

export interface AnswerResult {
  threadId: string;
  /** text with markers `[1]`, `[2]` ...; every marker has its citation and every citation is used */
  answer: string;
  citations: Citation[];
  citedDocuments: { id: string; filename: string; buildingId: string }[];
  followUpSuggestions: string[];
  language: AnswerLanguage;
}

/** What an ask produces, in order. The HTTP layer writes them as SSE events or keeps only the finish. */
export type AskEvent =
  | { type: 'start'; threadId: string }
  | { type: 'action'; state: 'started' | 'completed' | 'failed'; value: string; result: string | null }
  | { type: 'thinking'; text: string }
  | { type: 'text'; text: string }
  | { type: 'finish'; result: AnswerResult };

/** An earlier turn of a thread, as it informs the next one. */
export interface ThreadTurn {
  query: string;
  answer: string;
  citedDocumentIds: string[];
  /**
   * the documents whose words the answer may hold, cited or not: those whose passages the answerer was handed, and for
   * an answerer that repeats earlier answers, those answers' documents (empty for turns stored before migration 0061)
   */
  readDocumentIds: string[];
}
