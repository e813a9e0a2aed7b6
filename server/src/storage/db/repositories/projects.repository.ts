import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProjectFields, ProjectRecord, ProjectsRepository } from '../../../domain/projects/projects.service.js';
import { newId } from '../../../domain/shared/ids.js';
import type { DB, ProjectsTable } from '../schema.js';

type ProjectRow = Selectable<ProjectsTable>;

function columnsOf(fields: Partial<ProjectFields>) {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.projectNumber !== undefined ? { project_number: fields.projectNumber } : {}),
    ...(fields.address !== undefined ? { address: fields.address } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.startDate !== undefined ? { start_date: fields.startDate } : {}),
    ...(fields.plannedHandoverDate !== undefined ? { planned_handover_date: fields.plannedHandoverDate } : {}),
    ...(fields.remindersEnabled !== undefined ? { reminders_enabled: fields.remindersEnabled } : {}),
    ...(fields.namingConvention !== undefined ? { naming_convention: fields.namingConvention } : {}),
  };
}

/** what a change refused because of the project's state answers */
function closedAs(status: 'HANDED_OVER' | 'ARCHIVED'): 'handed_over' | 'archived' {
  return status === 'HANDED_OVER' ? 'handed_over' : 'archived';
}

function recordOf(row: ProjectRow, buildings: { id: string; name: string }[]): ProjectRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    name: row.name,
    projectNumber: row.project_number,
    address: row.address,
    description: row.description,
    startDate: row.start_date,
    plannedHandoverDate: row.planned_handover_date,
    remindersEnabled: row.reminders_enabled,
    namingConvention: row.naming_convention,
    status: row.status,
    buildings,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** live buildings of the given projects, oldest first */
function buildingsOf(db: Kysely<DB>, projectIds: string[]) {
  return db
    .selectFrom('project_buildings as pb')
    .innerJoin('buildings as b', 'b.id', 'pb.building_id')
    .select(['b.id', 'b.name', 'pb.project_id', 'pb.created_at'])
    .where('pb.project_id', 'in', projectIds)
    .where('b.archived_at', 'is', null)
    .orderBy('pb.created_at')
    .orderBy('b.id')
    .execute();
}

async function withBuildings(db: Kysely<DB>, rows: ProjectRow[]): Promise<ProjectRecord[]> {
  if (rows.length === 0) return [];
  const buildings = await buildingsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    recordOf(
      row,
      buildings.filter((building) => building.project_id === row.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}

/** new buildings of a project: ordinary buildings of the customer's workspace owner, UUIDv7 ids */
async function insertBuildings(
  trx: Kysely<DB>,
  params: { projectId: string; customerId: string; names: string[] },
): Promise<{ id: string; name: string }[]> {
  if (params.names.length === 0) return [];
  const customer = await trx
    .selectFrom('customers')
    .select('workspace_owner_id')
    .where('id', '=', params.customerId)
    .executeTakeFirstOrThrow();
  const buildings = params.names.map((name) => ({ id: newId.uuid(), name }));
  await trx
    .insertInto('buildings')
    .values(buildings.map((building) => ({ ...building, building_owner_id: customer.workspace_owner_id })))
    .execute();
  await trx
    .insertInto('project_buildings')
    .values(buildings.map((building) => ({ project_id: params.projectId, building_id: building.id })))
    .execute();
  return buildings;
}

export function createProjectsRepository(db: Kysely<DB>): ProjectsRepository {
  async function findProject(projectId: string): Promise<ProjectRecord | null> {
    const row = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
    if (!row) return null;
    const [project] = await withBuildings(db, [row]);
    return project ?? null;
  }

  return {
    async listProjects({ customerId, userId }) {
      const rows = await db
        .selectFrom('projects as p')
        .leftJoin('customer_members as cm', (join) =>
          join.onRef('cm.customer_id', '=', 'p.customer_id').on('cm.user_id', '=', userId),
        )
        .leftJoin('project_members as pm', (join) =>
          join.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId),
        )
        .selectAll('p')
        .select(['cm.role as customer_role', 'pm.role as project_role'])
        .where('p.customer_id', '=', customerId)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute();
      const projects = await withBuildings(db, rows);
      return projects.map((project, index) => ({
        ...project,
        customerRole: rows[index]?.customer_role ?? null,
        projectRole: rows[index]?.project_role ?? null,
      }));
    },
    findProject,
    async createProject({ customerId, fields, buildingNames }) {
      const projectId = newId.uuid();
      const created = await db.transaction().execute(async (trx) => {
        const customer = await trx
          .selectFrom('customers')
          .select('id')
          .where('id', '=', customerId)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (!customer) return false;
        await trx
          .insertInto('projects')
          .values({ id: projectId, customer_id: customerId, ...columnsOf(fields), name: fields.name })
          .execute();
        await insertBuildings(trx, { projectId, customerId, names: buildingNames });
        return true;
      });
      return created ? findProject(projectId) : null;
    },
    async updateProject({ projectId, fields, status }) {
      const columns = { ...columnsOf(fields), ...(status ? { status } : {}) };
      let revokedLinks = 0;
      if (Object.keys(columns).length > 0) {
        // the state it was let in at may have changed while it waited for the row's lock, and the WHERE is checked
        // again on the row it then finds. Never a project handed over meanwhile: an update let in while it was
        // active and waiting for the handover's lock would otherwise write ARCHIVED over HANDED_OVER (and ACTIVE
        // after it), giving the contractor back the delivered documents in the owner's buildings. Nor one archived
        // meanwhile, unless this is what makes it active again: its other fields are not written over it.
        const changed = await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('projects')
            .set({ ...columns, updated_at: sql`now()` })
            .where('id', '=', projectId)
            .$if(status === 'ACTIVE', (query) => query.where('status', 'in', ['ACTIVE', 'ARCHIVED']))
            .$if(status !== 'ACTIVE', (query) => query.where('status', '=', 'ACTIVE'))
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          if (status !== 'ARCHIVED') return true;
          // archiving ends every portal link of the project for good, with the project's row held: a link being
          // issued meanwhile either waited for it and was refused, or went first and is revoked here. Making the
          // project active again brings none of them back (new links are sent)
          const revoked = await trx
            .updateTable('subcontractor_tokens')
            .set({ revoked_at: sql`now()` })
            .where('project_id', '=', projectId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .executeTakeFirst();
          revokedLinks = Number(revoked.numUpdatedRows);
          return true;
        });
        if (!changed) {
          const project = await findProject(projectId);
          if (!project) return null;
          return project.status === 'ACTIVE' ? { project, revokedLinks } : closedAs(project.status);
        }
      }
      const project = await findProject(projectId);
      return project && { project, revokedLinks };
    },
    async addBuilding({ projectId, name }) {
      return db.transaction().execute(async (trx) => {
        // held until the building is added: a handover or an archiving waits for it, or went first and is seen here
        const project = await trx
          .selectFrom('projects')
          .select(['customer_id', 'status'])
          .where('id', '=', projectId)
          .forUpdate()
          .executeTakeFirst();
        if (!project) return null;
        if (project.status !== 'ACTIVE') return closedAs(project.status);
        const [building] = await insertBuildings(trx, { projectId, customerId: project.customer_id, names: [name] });
        await trx
          .updateTable('projects')
          .set({ updated_at: sql`now()` })
          .where('id', '=', projectId)
          .execute();
        return building ?? null;
      });
    },
    async listBuildings(projectIds) {
      if (projectIds.length === 0) return [];
      const rows = await buildingsOf(db, projectIds);
      return rows.map((row) => ({ id: row.id, name: row.name, projectId: row.project_id, createdAt: row.created_at }));
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
