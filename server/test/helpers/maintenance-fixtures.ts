import type { Kysely } from 'kysely';
import { newId } from '../../src/domain/shared/ids.js';
import type { DB } from '../../src/storage/db/schema.js';

/** a maintenance task as the maintenance job stores it, extracted from a document (proposed, cited from page 1) */
export async function storeExtractedTask(
  db: Kysely<DB>,
  params: { ownerId: string; buildingId: string; documentId: string; component: string },
): Promise<string> {
  const id = newId.uuid();
  const at = new Date();
  await db
    .insertInto('maintenance_tasks')
    .values({
      id,
      building_owner_id: params.ownerId,
      building_id: params.buildingId,
      document_id: params.documentId,
      page_number: 1,
      cited_text: `${params.component} skal kontrolleres årlig.`,
      component: params.component,
      component_code: null,
      building_category: null,
      action: 'inspect',
      interval_every: 1,
      interval_unit: 'year',
      interval_text: 'årlig',
      performed_by: null,
      source: 'extracted',
      status: 'proposed',
      edited_by_person: false,
      extraction_signature: params.component,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
