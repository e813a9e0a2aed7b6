import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Whose documents a reader looks at: an owner's, in the buildings the caller reaches (authorised before the read).
 * A later kind of caller narrows further by adding a field here, and every reader follows.
 */
export type DocumentScope =
  | {
      ownerId: string;
      /** omitted: every building of the owner */
      buildingIds?: readonly string[];
    }
  | {
      /** omitted where the buildings alone pin the owner down */
      ownerId?: string;
      buildingIds: readonly string[];
    };

export interface VisibilityOptions {
  /**
   * Documents whose upload has not arrived yet. The documents API shows them (their status says so); nothing reads
   * their content, so search, answers and reports never see them.
   */
  includePendingUploads?: boolean;
}

/**
 * The one visibility rule, for every reader of documents (search, passages, answers, reports, the documents API):
 * a document is visible when it and its building are live (not archived), its upload has arrived, it is not under one
 * of the building's private folders, and it lies in the scope. Returns `documents as d` joined with `buildings as b`,
 * filtered, for the caller to select from or to use as a subquery.
 */
export function visibleDocuments(db: Kysely<DB>, scope: DocumentScope, options: VisibilityOptions = {}) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('buildings as b', 'b.id', 'd.building_id')
    .where('d.archived_at', 'is', null)
    .where('b.archived_at', 'is', null)
    .where(sql<boolean>`not exists (select 1 from unnest(b.private_folders) f where starts_with(d.original_path, f))`);
  if (!options.includePendingUploads) query = query.where('d.upload_state', '=', 'uploaded');
  if (scope.ownerId !== undefined) query = query.where('d.building_owner_id', '=', scope.ownerId);
  if (scope.buildingIds !== undefined) {
    const [only, ...more] = scope.buildingIds;
    query =
      only === undefined
        ? query.where(sql<boolean>`false`)
        : more.length === 0
          ? query.where('d.building_id', '=', only)
          : query.where(sql<boolean>`d.building_id = any(${[...scope.buildingIds]}::text[])`);
  }
  return query;
}
