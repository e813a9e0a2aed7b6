import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/**
 * Project documents are the project's (issue 41): a document belongs to a construction project only by the
 * `project_id` it carries, no longer by lying in one of the project's buildings. Uploads have set it since; this
 * gives it to earlier documents wherever it is certain whose they are, and never to what a building owner added
 * after a handover:
 * - in a building still its contractor's (the project is not handed over, the building still belongs to the
 *   customer's workspace owner): whatever is there was uploaded for the project (portal, imports, members, packages);
 * - in a handed-over building: the files the handover's report lists (every live file, recorded at the handover),
 *   and the documents already deleted (archived) before the handover;
 * - a file unpacked from a package: its package's project.
 * Zips of a handed-over project's building finished after the handover were built from every file of the building,
 * the owner's included: they are withdrawn (failed, with the reason; the next request builds a new one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await backfillProjectDocuments(db);
  await sql`
    update zip_archives z
       set status = 'failed',
           error = 'withdrawn: built after the handover from every file of the building; ask for a new archive'
      from handovers h
     where z.project_id = h.project_id
       and z.status = 'ready'
       and z.ready_at >= h.created_at`.execute(db);
}

/** the backfill (the tenancy test runs the migration again on a database it made look older) */
async function backfillProjectDocuments(db: QueryExecutorProvider): Promise<void> {
  // buildings still their contractor's
  await sql`
    update documents d
       set project_id = (
         select pb.project_id
           from project_buildings pb
           join projects p on p.id = pb.project_id
           join customers c on c.id = p.customer_id
           join buildings b on b.id = pb.building_id
          where pb.building_id = d.building_id
            and p.status <> 'HANDED_OVER'
            and b.building_owner_id = c.workspace_owner_id
          order by pb.created_at, pb.project_id
          limit 1)
     where d.project_id is null
       and exists (
         select 1
           from project_buildings pb
           join projects p on p.id = pb.project_id
           join customers c on c.id = p.customer_id
           join buildings b on b.id = pb.building_id
          where pb.building_id = d.building_id
            and p.status <> 'HANDED_OVER'
            and b.building_owner_id = c.workspace_owner_id)`.execute(db);
  // handed-over buildings: what the report lists, in one of that project's buildings
  await sql`
    update documents d
       set project_id = f.project_id
      from (select h.project_id, file->>'documentId' as document_id
              from handovers h, jsonb_array_elements(h.report->'files') file) f
     where d.id::text = f.document_id
       and d.project_id is null
       and exists (
         select 1 from project_buildings pb where pb.project_id = f.project_id and pb.building_id = d.building_id)`.execute(
    db,
  );
  // and what was deleted before the handover
  await sql`
    update documents d
       set project_id = h.project_id
      from handovers h
      join project_buildings pb on pb.project_id = h.project_id
     where d.building_id = pb.building_id
       and d.project_id is null
       and d.archived_at < h.created_at`.execute(db);
  // files unpacked from a package, at any depth
  await sql`
    with recursive tree (id, project_id) as (
      select c.id, p.project_id
        from documents c
        join documents p on p.id = c.parent_document_id
       where c.project_id is null and p.project_id is not null
      union all
      select c.id, t.project_id
        from documents c
        join tree t on c.parent_document_id = t.id
       where c.project_id is null
    )
    update documents d
       set project_id = tree.project_id
      from tree
     where d.id = tree.id
       and d.project_id is null`.execute(db);
}

/** nothing to undo: the rows keep the project they were given (the old rule counted them as the project's too) */
export async function down(): Promise<void> {}
