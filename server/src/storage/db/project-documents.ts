import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from './schema.js';
import { outsideBuildingPrivateFolders } from './visibility.js';

/**
 * The one rule of which documents are a project's, for every construction read and change (lists, a document, its
 * history, signed URLs, batch edits, bulk metadata, renames, zips): those that carry its `project_id`, and of them
 * none under one of its building's private folders (the partner API's rule). Never "the documents of its buildings":
 * after a handover the buildings are the owner's, and what the owner adds there carries no project. For a query over
 * `documents as d`.
 */
export function inProject(projectId: string) {
  return (eb: ExpressionBuilder<DB & { d: DB['documents'] }, 'd'>) =>
    eb.and([eb('d.project_id', '=', projectId), outsideBuildingPrivateFolders()]);
}

/**
 * A project document's next newer revision as the project's people see it: its `superseded_by` only when that
 * document is the same project's, else null. After a handover the owner's new revision of a delivered drawing
 * supersedes it for the partner API, but a former contractor learns nothing of what the owner adds (not its id, nor
 * that there is one), so for them the delivered revision stays the latest. Before a handover every live document of
 * the building outside its private folders is the project's, so nothing changes then. For a query over `documents as d`.
 */
export function projectSupersededBy() {
  return sql<
    string | null
  >`(select s.id from documents s where s.id = d.superseded_by and s.project_id = d.project_id)`;
}

/**
 * The project a document uploaded into a building now belongs to, whoever uploads it (a member, the portal, an import,
 * the pipeline unpacking a package): the project holding the building while the building is still its contractor's,
 * i.e. the project is not handed over and the building is still the customer's workspace owner's. Null afterwards:
 * what an owner adds to a handed-over building is the owner's alone. With several such projects, the first to name
 * the building.
 */
export function projectReceiving(buildingId: string) {
  return sql<string | null>`(
    select pb.project_id
      from project_buildings pb
      join projects p on p.id = pb.project_id
      join customers c on c.id = p.customer_id
      join buildings b on b.id = pb.building_id
     where pb.building_id = ${buildingId}
       and p.status <> 'HANDED_OVER'
       and b.building_owner_id = c.workspace_owner_id
     order by pb.created_at, pb.project_id
     limit 1)`;
}
