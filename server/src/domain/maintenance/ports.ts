/** What the maintenance plan needs from storage (implemented in src/storage/db/repositories/maintenance.repository.ts). */
import type { PageCursor } from '../shared/page-token.js';
import type { Interval } from './intervals.js';
import type { ExtractedTask, MaintenanceTask, PerformedBy, TaskStatus } from './maintenance.types.js';

/** a document as far as extraction needs it */
export interface MaintenanceDocument {
  id: string;
  ownerId: string;
  buildingId: string;
  filename: string;
  archived: boolean;
  /** the classification's information types (primary first) and NS 3451 category */
  informationTypes: string[];
  buildingCategory: string | null;
  processed: boolean;
}

/** whose tasks a list shows: an owner's, in some of its buildings (null: all) */
export interface TaskScope {
  ownerId: string;
  buildingIds: readonly string[] | null;
}

export interface NewTask {
  id: string;
  ownerId: string;
  buildingId: string;
  component: string;
  componentCode: string | null;
  buildingCategory: string | null;
  action: string;
  interval: Interval | null;
  intervalText: string;
  performedBy: PerformedBy | null;
  at: Date;
}

export interface TaskPatch {
  component?: string;
  componentCode?: string | null;
  buildingCategory?: string | null;
  action?: string;
  interval?: Interval | null;
  intervalText?: string;
  performedBy?: PerformedBy | null;
  status?: TaskStatus;
}

export interface MaintenanceRepository {
  /** the document and its page text, in page order, at most `maxChars` in all; null when there is no such document */
  loadDocument(params: {
    documentId: string;
    maxChars: number;
  }): Promise<{ document: MaintenanceDocument; pages: { pageNumber: number; text: string }[] } | null>;
  /**
   * The document's extracted tasks become `tasks`, in one transaction: proposed tasks nobody touched are replaced;
   * confirmed or edited ones stay, and a new task saying the same (page, text, action) as one of them is not added.
   */
  replaceExtracted(params: { document: MaintenanceDocument; tasks: readonly ExtractedTask[]; at: Date }): Promise<void>;
  /** tasks of visible documents and people's own tasks, oldest first */
  list(params: { scope: TaskScope; after: PageCursor | null; limit: number }): Promise<MaintenanceTask[]>;
  /** a task of the scope (of a visible document, or a person's own); null when there is none */
  find(params: { scope: TaskScope; taskId: string }): Promise<MaintenanceTask | null>;
  insert(task: NewTask): Promise<void>;
  update(params: { taskId: string; patch: TaskPatch; editedByPerson: boolean; at: Date }): Promise<void>;
  delete(taskId: string): Promise<void>;
  /** removes the document's extracted tasks and answers what was removed */
  removeForDocument(documentId: string): Promise<MaintenanceTask[]>;
  /** the live customers linked to the owner: where a removal is recorded */
  customersOfOwner(ownerId: string): Promise<string[]>;
  userLabel(userId: string): Promise<string>;
}
