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

/**
 * The private-folder rule, for a query over `documents as d`: the document does not lie under one of its building's
 * private folders (`privateFolders`, set by the owner's partner). The partner API's readers apply it through
 * `visibleDocuments`; every construction read of a building applies it too (`storage/db/project-documents.ts`), so
 * a folder an owner keeps private is private from a former contractor as well. `building` names a `buildings` alias
 * already joined to `d`; without one, the document's building is looked up.
 */
export function outsideBuildingPrivateFolders(building?: 'b') {
  return building
    ? sql<boolean>`not exists (select 1 from unnest(${sql.ref(`${building}.private_folders`)}) f where starts_with(d.original_path, f))`
    : sql<boolean>`not exists (select 1 from buildings pfb, unnest(pfb.private_folders) f where pfb.id = d.building_id and starts_with(d.original_path, f))`;
}

/**
 * `scope`, for statements over `document_lexemes`: the scope's live buildings (`live`) and those of them with private
 * folders (`private`), looked up once, so that a row is tested against its building's folders only when it has some.
 */
export function lexemesScope(ownerId: string, buildingIds: readonly string[]) {
  return sql`scope as materialized (
    select coalesce(array_agg(b.id), '{}') as live,
           coalesce(array_agg(b.id) filter (where cardinality(b.private_folders) > 0), '{}') as private
    from buildings b
    where b.id = any(${[...buildingIds]}::text[]) and b.building_owner_id = ${ownerId} and b.archived_at is null
  )`;
}

/**
 * The private-folder rule on a `document_lexemes` row `x` (migration 0039: a document's path and building beside its
 * lexemes), for a statement with `scope.private`, the scope's buildings that have private folders: only their documents
 * are tested.
 */
export function lexemesOutsidePrivateFolders() {
  return sql<boolean>`(x.building_id <> all(scope.private) or not exists (
    select 1 from buildings pb cross join unnest(pb.private_folders) f
    where pb.id = x.building_id and starts_with(x.original_path, f)))`;
}

/**
 * The ids of the scope's live documents that lie under one of their building's private folders (a subquery of `id`),
 * for what a search tells about its hits beyond their count: the facets leave these out, while `numberOfHits` counts
 * them (partner-api rule 4). `buildingIds` null: every building of the owner. Only buildings with private folders are
 * read, so an owner with none pays one look at its buildings.
 */
export function privateFolderDocumentIds(ownerId: string, buildingIds: readonly string[] | null) {
  const inScope = buildingIds === null ? sql`true` : sql`pb.id = any(${[...buildingIds]}::text[])`;
  return sql<{ id: string }>`select pd.id from buildings pb join documents pd on pd.building_id = pb.id
    where pb.building_owner_id = ${ownerId} and ${inScope} and cardinality(pb.private_folders) > 0
      and pd.archived_at is null
      and exists (select 1 from unnest(pb.private_folders) f where starts_with(pd.original_path, f))`;
}

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
 *
 * A search reads its page's documents inside its own statement through `search_page_documents` (migration 0052), which
 * restates this rule in SQL: a change here needs a migration changing that function too
 * (`search-page-documents.db.test.ts` holds the two to the same rows).
 */
export function visibleDocuments(db: Kysely<DB>, scope: DocumentScope, options: VisibilityOptions = {}) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('buildings as b', 'b.id', 'd.building_id')
    .where('d.archived_at', 'is', null)
    .where('b.archived_at', 'is', null)
    .where(outsideBuildingPrivateFolders('b'));
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
