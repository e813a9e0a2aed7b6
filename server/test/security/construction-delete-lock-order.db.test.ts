import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, portalUpload, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { holdLocks, someoneWaitsForALock } from '../helpers/row-locks.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every writer of revision chains takes the building's revision lock before any row of the document (lockRevisionsOf):
 * a relink holds that lock while it updates other documents of the building. A project member's delete used to update
 * the document's row first and take the lock only in its relink, so a relink of the building waiting for that row
 * while the delete waited for its lock deadlocked one of them (a 500, nothing changed).
 *
 * Two transactions at once: the PostgreSQL server only (PGlite runs one connection).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a project member deleting a document during a relink, on postgres',
  () => {
    let t: TestApp;
    let w: DeliveryWorld;
    let documentId: string;

    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
      w = await createDeliveryWorld(t);
      documentId = await portalUpload(t, {
        ...w,
        filename: 'ARK-A-20-001 Plan 1. etasje.pdf',
        bytes: Buffer.from('%PDF-1.4 plan'),
      });
    }, 120_000);
    afterAll(() => t.close());

    it('waits for the building’s revision lock before it touches the document’s row', async () => {
      const db = t.deps.database.db;
      const { building_id: buildingId } = await db
        .selectFrom('documents')
        .select('building_id')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      // a relink of the building under way: it holds the building's revision lock
      const relinking = await holdLocks(db, (trx) =>
        sql`select pg_advisory_xact_lock(hashtext(${`revisions:${buildingId}`}))`.execute(trx),
      );
      const deleting = t.request({ method: 'DELETE', url: `/construction/documents/${documentId}`, key: w.adminKey });
      try {
        await someoneWaitsForALock(t, { racing: deleting });
        // the relink can still take the document's row: the waiting delete holds none of it
        const rowFree = await db.transaction().execute(async (trx) => {
          try {
            await sql`select id from documents where id = ${documentId} for update nowait`.execute(trx);
            return true;
          } catch (error) {
            if ((error as { code?: string }).code === '55P03') return false;
            throw error;
          }
        });
        expect(rowFree, 'the document’s row while the delete waits').toBe(true);
      } finally {
        await relinking.release();
      }
      expect((await deleting).body).toEqual({ success: true });
      const row = await db
        .selectFrom('documents')
        .select('archived_at')
        .where('id', '=', documentId)
        .executeTakeFirst();
      expect(row?.archived_at).not.toBeNull();
    });
  },
);
