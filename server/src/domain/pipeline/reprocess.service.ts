import { buildingNotFound } from '../buildings/buildings.errors.js';
import { documentNotFound } from '../documents/documents.errors.js';

export type ReprocessTarget = { documentId: string } | { buildingId: string } | { all: true };

export interface ReprocessRepository {
  /** enqueues processing for every live, uploaded document of the target; returns how many */
  enqueue(target: ReprocessTarget): Promise<number | null>;
}

/** Operator: run the pipeline again for one document, a building, or everything (after an extractor improved). */
export function createReprocessService(deps: { repository: ReprocessRepository }) {
  return {
    async reprocess(target: ReprocessTarget): Promise<{ enqueued: number }> {
      const enqueued = await deps.repository.enqueue(target);
      if (enqueued === null) throw 'documentId' in target ? documentNotFound() : buildingNotFound();
      return { enqueued };
    },
  };
}

export type ReprocessService = ReturnType<typeof createReprocessService>;
