import type { Kysely } from 'kysely';
import type { ClassifierRepository } from '../../../domain/documents/classifier.service.js';
import type { PipelineRepository } from '../../../domain/pipeline/ports.js';
import type { DB } from '../schema.js';

export function createClassifierRepository(params: {
  db: Kysely<DB>;
  pages: Pick<PipelineRepository, 'loadPages'>;
}): ClassifierRepository {
  const { db } = params;

  const recordCorrections: ClassifierRepository['recordCorrections'] = async ({ ownerId, corrections, update }) => {
    if (corrections.length === 0) return;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('classification_corrections')
        .values(
          corrections.map(({ documentId, correction, correctedByUserId }) => ({
            building_owner_id: ownerId,
            document_id: documentId,
            field: correction.field,
            value: JSON.stringify(correction.value),
            previous_value: correction.previousValue === undefined ? null : JSON.stringify(correction.previousValue),
            features: JSON.stringify(correction.features),
            corrected_by_user_id: correctedByUserId,
          })),
        )
        .execute();
      const current = await trx
        .selectFrom('owner_classifier_models')
        .select(['model', 'corrections'])
        .where('building_owner_id', '=', ownerId)
        .forUpdate()
        .executeTakeFirst();
      const model = JSON.stringify(update(current?.model ?? null));
      const count = (current?.corrections ?? 0) + corrections.length;
      await trx
        .insertInto('owner_classifier_models')
        .values({ building_owner_id: ownerId, model, corrections: corrections.length, updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('building_owner_id').doUpdateSet({ model, corrections: count, updated_at: new Date() }),
        )
        .execute();
    });
  };

  return {
    async loadOwnerModel(ownerId) {
      const row = await db
        .selectFrom('owner_classifier_models')
        .select('model')
        .where('building_owner_id', '=', ownerId)
        .executeTakeFirst();
      return row?.model ?? null;
    },
    async corrections(documentId) {
      const rows = await db
        .selectFrom('classification_corrections as c')
        .leftJoin('users as u', 'u.id', 'c.corrected_by_user_id')
        .select(['c.field', 'c.created_at', 'u.name', 'u.email'])
        .where('c.document_id', '=', documentId)
        .orderBy('c.id', 'desc')
        .execute();
      const newest = new Map<string, { field: string; correctedAt: Date; correctedBy: string | null }>();
      for (const row of rows) {
        if (newest.has(row.field)) continue;
        newest.set(row.field, {
          field: row.field,
          correctedAt: row.created_at,
          correctedBy: row.name || row.email || null,
        });
      }
      return [...newest.values()];
    },
    async recordCorrection({ ownerId, documentId, correction, correctedByUserId, update }) {
      await recordCorrections({ ownerId, corrections: [{ documentId, correction, correctedByUserId }], update });
    },
    recordCorrections,
    loadPages: (input) => params.pages.loadPages(input),
    async buildingDisciplines({ buildingId, exceptDocumentId }) {
      const rows = await db
        .selectFrom('documents')
        .select(['discipline', (eb) => eb.fn.countAll<string>().as('n')])
        .where('building_id', '=', buildingId)
        .where('id', '!=', exceptDocumentId)
        .where('archived_at', 'is', null)
        .where('discipline', 'is not', null)
        .groupBy('discipline')
        .execute();
      return new Map(rows.map((r) => [r.discipline as string, Number(r.n)]));
    },
  };
}
