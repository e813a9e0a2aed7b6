import { sql, type Kysely } from 'kysely';
import type { PlatformAdminRepository } from '../../../domain/platform/platform-admin.service.js';
import type { DB } from '../schema.js';

export function createPlatformAdminRepository(db: Kysely<DB>): PlatformAdminRepository {
  return {
    async recipients(audience) {
      if ('userIds' in audience) {
        if (audience.userIds.length === 0) return { addresses: [], customerId: null };
        const rows = await db
          .selectFrom('users')
          .select('email')
          .where('id', 'in', audience.userIds)
          .where('status', '<>', 'deactivated')
          .orderBy('email_normalized')
          .execute();
        return { addresses: rows.map((row) => row.email), customerId: null };
      }
      if ('customerId' in audience) {
        const customer = await db
          .selectFrom('customers')
          .select('id')
          .where('id', '=', audience.customerId)
          .executeTakeFirst();
        if (!customer) return null;
        // a customer role other than NO_ACCESS, or a role in one of its projects
        const rows = await sql<{ email: string }>`
          select distinct u.email, u.email_normalized from users u
          where u.status <> 'deactivated' and (
            exists (select 1 from customer_members m
                    where m.user_id = u.id and m.customer_id = ${customer.id} and m.role <> 'NO_ACCESS')
            or exists (select 1 from project_members pm join projects p on p.id = pm.project_id
                       where pm.user_id = u.id and p.customer_id = ${customer.id} and pm.role <> 'NO_ACCESS'))
          order by u.email_normalized`.execute(db);
        return { addresses: rows.rows.map((row) => row.email), customerId: customer.id };
      }
      const project = await db
        .selectFrom('projects')
        .select(['id', 'customer_id'])
        .where('id', '=', audience.projectId)
        .executeTakeFirst();
      if (!project) return null;
      // the project role overrides the customer role
      const rows = await sql<{ email: string }>`
        select u.email from users u
        left join customer_members m on m.user_id = u.id and m.customer_id = ${project.customer_id}
        left join project_members pm on pm.user_id = u.id and pm.project_id = ${project.id}
        where u.status <> 'deactivated' and coalesce(pm.role, m.role) is not null
          and coalesce(pm.role, m.role) <> 'NO_ACCESS'
        order by u.email_normalized`.execute(db);
      return { addresses: rows.rows.map((row) => row.email), customerId: project.customer_id };
    },
    async existingUsers(userIds) {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).execute();
      return new Set(rows.map((row) => row.id));
    },
    async deleteProject(projectId) {
      return db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('projects')
          .select(['id', 'customer_id', 'name'])
          .where('id', '=', projectId)
          .forUpdate()
          .executeTakeFirst();
        if (!project) return null;
        const buildings = (
          await trx.selectFrom('project_buildings').select('building_id').where('project_id', '=', projectId).execute()
        ).map((row) => row.building_id);
        // buildings another project also names stay (with their documents)
        const shared = buildings.length
          ? new Set(
              (
                await trx
                  .selectFrom('project_buildings')
                  .select('building_id')
                  .where('building_id', 'in', buildings)
                  .where('project_id', '<>', projectId)
                  .execute()
              ).map((row) => row.building_id),
            )
          : new Set<string>();
        const own = buildings.filter((id) => !shared.has(id));
        let blobKeys: string[] = [];
        let documents = 0;
        if (own.length > 0) {
          const docs = await trx
            .selectFrom('documents')
            .select(['id', 'blob_key', 'preview_key'])
            .where('building_id', 'in', own)
            .execute();
          documents = docs.length;
          blobKeys = docs.flatMap((doc) => [doc.blob_key, ...(doc.preview_key ? [doc.preview_key] : [])]);
          const docIds = docs.map((doc) => doc.id);
          const items = trx.selectFrom('report_items').select('id').where('building_id', 'in', own);
          await trx.deleteFrom('report_item_documents').where('item_id', 'in', items).execute();
          await trx.deleteFrom('report_items').where('building_id', 'in', own).execute();
          await trx.deleteFrom('reports').where('building_id', 'in', own).execute();
          const threads = trx.selectFrom('ask_threads').select('id').where('building_id', 'in', own);
          await trx.deleteFrom('ask_turns').where('thread_id', 'in', threads).execute();
          await trx.deleteFrom('ask_threads').where('building_id', 'in', own).execute();
          await trx.deleteFrom('api_key_building_grants').where('building_id', 'in', own).execute();
          if (docIds.length > 0) {
            await trx.deleteFrom('classification_corrections').where('document_id', 'in', docIds).execute();
            await trx.deleteFrom('document_chunks').where('document_id', 'in', docIds).execute();
            await trx.deleteFrom('document_pages').where('document_id', 'in', docIds).execute();
            await trx.updateTable('documents').set({ parent_document_id: null }).where('id', 'in', docIds).execute();
            // after the last change to the documents: their triggers keep the search row up to date
            await trx.deleteFrom('search_documents').where('document_id', 'in', docIds).execute();
            await trx.deleteFrom('documents').where('id', 'in', docIds).execute();
          }
        }
        await trx.deleteFrom('project_members').where('project_id', '=', projectId).execute();
        await trx.deleteFrom('project_buildings').where('project_id', '=', projectId).execute();
        if (own.length > 0) await trx.deleteFrom('buildings').where('id', 'in', own).execute();
        await trx.deleteFrom('projects').where('id', '=', projectId).execute();
        return { customerId: project.customer_id, name: project.name, buildings: own.length, documents, blobKeys };
      });
    },
    async userLabel(userId) {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? userId;
    },
  };
}
