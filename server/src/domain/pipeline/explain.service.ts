import { documentNotFound } from '../documents/documents.errors.js';

/** One queued, running or finished job that names the document in its payload. */
export interface DocumentJob {
  id: string;
  name: string;
  state: string;
  /** failed attempts so far (pg-boss's retry_count) */
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** the handler's outcome, or the error of a failed attempt, as the queue stored it */
  output: unknown;
}

/** What the operator needs to see why a document is stuck or failed: its row's states and every job for it. */
export interface DocumentExplanation {
  document: {
    id: string;
    buildingId: string;
    filename: string;
    uploadState: string;
    uploadedAt: Date | null;
    processedAt: Date | null;
    archivedAt: Date | null;
    processingError: string | null;
    flags: Record<string, boolean>;
    pageCount: number;
    chunkCount: number;
    classification: { categorised: boolean; buildingCategory: string | null; source: string | null };
  };
  jobs: DocumentJob[];
}

export interface ExplainRepository {
  /** null: no such document (archived ones are explained too) */
  explain(documentId: string): Promise<DocumentExplanation | null>;
}

/** Operator: `byggdok admin document explain <id>`. */
export function createExplainService(deps: { repository: ExplainRepository }) {
  return {
    async explain(documentId: string): Promise<DocumentExplanation> {
      return (await deps.repository.explain(documentId)) ?? Promise.reject(documentNotFound());
    },
  };
}

export type ExplainService = ReturnType<typeof createExplainService>;
