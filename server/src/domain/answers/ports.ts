import type { ThreadHolder } from '../access/policies.js';
import type { ChunkHit } from '../search/chunk-retriever.js';
import type { AnswerLanguage, ThreadTurn } from './answer.types.js';

/**
 * A piece of one page of a document the caller may read: a chunk hit of the one chunk retriever (`text` is exactly
 * `page.text.slice(charStart, charEnd)` of the stored extracted text, so a sentence inside it can be cited verbatim
 * with its page), with the word-weight ranking's match shares where it reported them.
 */
export type Passage = ChunkHit;

export interface PassageScope {
  ownerId: string;
  /** the buildings the caller is authorised for; nothing outside them is ever returned */
  buildingIds: readonly string[];
}

/** Reads given documents (attached ones, and pages an LLM asks for); only live, non-private documents in scope. */
export interface PassageReader {
  /** the passages of these documents, in reading order, at most `limitPerDocument` each */
  readPassages(params: PassageScope & { documentIds: readonly string[]; limitPerDocument: number }): Promise<Passage[]>;
  /** one page's passages, in reading order */
  readPage(params: PassageScope & { documentId: string; pageNumber: number }): Promise<Passage[]>;
  /** NS 3451 building categories with their document counts */
  categoryCounts(params: PassageScope): Promise<{ category: string; count: number }[]>;
}

export interface ReadableDocument {
  id: string;
  buildingId: string;
  filename: string;
  /** 'pdf', 'text', ... (null before processing) */
  fileKind: string | null;
  /** the next newer revision or version; null for the latest */
  supersededBy: string | null;
}

export interface StoredThread {
  id: string;
  ownerId: string;
  holder: ThreadHolder;
  /** null: an owner-wide thread */
  buildingId: string | null;
  /** the most recent turns, oldest first */
  turns: ThreadTurn[];
}

/** a thread as its holder's list shows it */
export interface ThreadSummary {
  id: string;
  buildingId: string | null;
  /** the question that opened it */
  firstQuestion: string;
  turns: number;
  createdAt: Date;
  updatedAt: Date;
}

/** a citation as a turn stores it (turns stored before 2026-11-24 lack text, building and file name) */
export interface StoredCitation {
  number: number;
  documentId: string;
  pageNumber: number | null;
  charStart: number;
  charEnd: number;
  citedText?: string;
  buildingId?: string;
  filename?: string;
  /** what superseded the cited document when the answer was given (turns stored before issue 45 lack it) */
  supersededBy?: string | null;
}

/** one question and its answer, as stored */
export interface StoredTurn {
  query: string;
  /** the language the answer was written in */
  language: AnswerLanguage;
  answer: string;
  citations: StoredCitation[];
  /** as `ThreadTurn.readDocumentIds` */
  readDocumentIds: string[];
  createdAt: Date;
}

export interface AskRepository {
  /** live buildings of the owner */
  liveBuildingIds(ownerId: string): Promise<string[]>;
  /** live, non-private documents among `documentIds` that lie in the given buildings */
  readableDocuments(params: PassageScope & { documentIds: readonly string[] }): Promise<ReadableDocument[]>;
  /** per document: its newer live revisions and versions in scope, nearest first (an empty list for the latest) */
  newerRevisions(params: PassageScope & { documentIds: readonly string[] }): Promise<Map<string, string[]>>;
  /** the stored text of pages, for verifying citations: key `${documentId}:${pageNumber}` */
  pageTexts(pages: readonly { documentId: string; pageNumber: number }[]): Promise<Map<string, string>>;
  createThread(thread: {
    id: string;
    ownerId: string;
    holder: ThreadHolder;
    buildingId: string | null;
    at: Date;
  }): Promise<void>;
  findThread(params: { threadId: string; maxTurns: number }): Promise<StoredThread | null>;
  /** the holder's threads of the owner, of one building or (null) owner-wide, most recently continued first */
  listThreads(params: {
    ownerId: string;
    holder: ThreadHolder;
    buildingId: string | null;
    limit: number;
  }): Promise<ThreadSummary[]>;
  /** every turn of a thread, oldest first */
  threadTurns(threadId: string): Promise<StoredTurn[]>;
  appendTurn(turn: {
    threadId: string;
    query: string;
    language: string;
    answer: string;
    citations: StoredCitation[];
    citedDocumentIds: string[];
    readDocumentIds: string[];
    at: Date;
  }): Promise<void>;
}

// ---- language models (implemented in src/integrations/llm) ----

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object */
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string;
      toolCalls?: ToolCall[];
      /** reasoning blocks a provider wants back unchanged in the next request (Anthropic thinking signatures) */
      reasoning?: { text: string; signature: string }[];
    }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export type ChatEvent =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string; signature?: string }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; stopReason: 'stop' | 'tool_calls' | 'length' | 'other' };

export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** `none`: the model must answer now, without calling a tool */
  toolChoice: 'auto' | 'none';
  maxTokens: number;
  signal: AbortSignal;
}

/** One chat-completions model: OpenAI-compatible servers, Anthropic's Messages API, or a fake in tests. */
export interface ChatModel {
  /** provider and model, for action labels and logs (never a credential) */
  readonly label: string;
  stream(request: ChatRequest): AsyncIterable<ChatEvent>;
}

export type ChatModelErrorKind =
  'timeout' | 'auth' | 'rate_limited' | 'not_found' | 'bad_request' | 'unavailable' | 'bad_response' | 'aborted';

/** A model call failed; `message` is safe to show a client (it never holds the API key). */
export class ChatModelError extends Error {
  override readonly name = 'ChatModelError';
  readonly kind: ChatModelErrorKind;
  constructor(kind: ChatModelErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
