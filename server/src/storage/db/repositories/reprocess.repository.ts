import type { Kysely } from 'kysely';
import { PIPELINE } from '../../../domain/pipeline/stages.js';
import type { ReprocessRepository } from '../../../domain/pipeline/reprocess.service.js';
import type { JobQueue } from '../../../domain/jobs/jobs.js';
import type { DB } from '../schema.js';
import { isUuid } from './document-rows.js';
import { relinkRevisions } from './revisions.repository.js';

export function createReprocessRepository(params: { db: Kysely<DB>; queue: JobQueue }): ReprocessRepository {
  const { db, queue } = params;
  return {
    async enqueue(target) {
      let query = db
        .selectFrom('documents as d')
        .innerJoin('buildings as b', 'b.id', 'd.building_id')
        .select(['d.id', 'd.building_id'])
        .where('d.archived_at', 'is', null)
        .where('b.archived_at', 'is', null)
        .where('d.upload_state', '=', 'uploaded');
      if ('documentId' in target) {
        if (!isUuid(target.documentId)) return null;
        query = query.where('d.id', '=', target.documentId);
      } else if ('buildingId' in target) {
        const building = await db
          .selectFrom('buildings')
          .select('id')
          .where('id', '=', target.buildingId)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (!building) return null;
        query = query.where('d.building_id', '=', target.buildingId);
      }
      const rows = await query.execute();
      if ('documentId' in target && rows.length === 0) return null;
      // an explicit reprocess is a fresh start: sandbox kills counted against an older extractor no longer stand
      if ('documentId' in target) {
        await db.updateTable('documents').set({ extraction_kills: 0 }).where('id', '=', target.documentId).execute();
      } else if ('buildingId' in target) {
        await db
          .updateTable('documents')
          .set({ extraction_kills: 0 })
          .where('building_id', '=', target.buildingId)
          .where('extraction_kills', '>', 0)
          .execute();
      } else {
        await db.updateTable('documents').set({ extraction_kills: 0 }).where('extraction_kills', '>', 0).execute();
      }
      // one insert per thousand documents, not a round trip each: reprocessing everything stays quick
      await queue.enqueueMany(
        rows.map((row) => ({
          name: PIPELINE.afterUpload,
          payload: { documentId: row.id },
          options: { singletonKey: row.id, fairnessKey: row.building_id },
        })),
      );
      // a building processed again starts its revision chains afresh (each document relinks again when classified)
      if ('buildingId' in target) await relinkRevisions(db, { buildingId: target.buildingId });
      return rows.length;
    },
  };
}
