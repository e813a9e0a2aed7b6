import type { AnswerLanguage, AskEvent, AskMode, ThreadTurn } from './answer.types.js';
import type { CitationBook } from './citations.js';
import type { Passage } from './ports.js';

/** Reading the documents of the ask's scope; nothing outside it can be reached through these. */
export interface AnswerTools {
  retrieve(params: { query: string; limit: number }): Promise<Passage[]>;
  readPassages(params: { documentIds: readonly string[]; limitPerDocument: number }): Promise<Passage[]>;
  readPage(params: { documentId: string; pageNumber: number }): Promise<Passage[]>;
  categoryCounts(): Promise<{ category: string; count: number }[]>;
}

export interface AnswerContext {
  question: string;
  language: AnswerLanguage;
  mode: AskMode;
  /** earlier turns of the thread, oldest first: only those whose documents, cited or read, the ask still reads */
  history: readonly ThreadTurn[];
  attachedDocumentIds: readonly string[];
  tools: AnswerTools;
  /** verifies and numbers citations; call it in the order the markers appear in the text */
  citations: CitationBook;
  signal: AbortSignal;
}

/** What an answerer yields while it works: progress, reasoning, and the answer text in increments. */
export type AnswererEvent = Extract<AskEvent, { type: 'action' | 'thinking' | 'text' }>;

export interface AnswerOutcome {
  /** exactly the concatenation of the text events */
  answer: string;
  followUpSuggestions: string[];
}

/**
 * Writes the answer to a question from the documents. The built-in answerer needs no model; the LLM answerer lets a
 * chat model search and read the documents with tools. Both cite through the same CitationBook.
 */
export interface Answerer {
  /**
   * whether an answer may repeat words of the earlier answers in `history`: a model is given them as the conversation
   * it continues, so its answer holds their documents' words too; the built-in answerer quotes only passages
   */
  readonly repeatsEarlierAnswers: boolean;
  answer(context: AnswerContext): AsyncGenerator<AnswererEvent, AnswerOutcome>;
}

/** How much each mode retrieves and reads. */
export const MODE_BUDGETS: Record<AskMode, { passages: number; sentences: number; llmSteps: number }> = {
  fast: { passages: 12, sentences: 1, llmSteps: 2 },
  balanced: { passages: 24, sentences: 2, llmSteps: 4 },
  deep: { passages: 48, sentences: 3, llmSteps: 8 },
};

/** Splits answer text into a few words per event, so a client can render it as it comes. */
export function* textIncrements(text: string, wordsPerEvent = 4): Generator<string> {
  const pieces = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  let buffer = leading;
  let count = 0;
  for (const piece of pieces) {
    buffer += piece;
    count += 1;
    if (count >= wordsPerEvent) {
      yield buffer;
      buffer = '';
      count = 0;
    }
  }
  if (buffer !== '') yield buffer;
}
