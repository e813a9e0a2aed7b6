import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorld, type DeliveryWorld } from '../helpers/delivery-fixtures.js';
import { holdLocks, someoneWaitsForALock } from '../helpers/row-locks.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A handover moves a project's buildings to the building owner and archives the uploads still pending in them, in one
 * transaction. A registration that had been let in just before (the project active, the building the contractor's)
 * and wrote its row just after that transaction committed used to land in the owner's building, with the old owner's
 * id on its row. The registration now holds the project and the building as it found them, so it waits for a
 * handover under way and is then refused.
 *
 * Two transactions at once: the PostgreSQL server only (PGlite runs one connection, so the race cannot happen there).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a registration racing a handover, on postgres', () => {
  let t: TestApp;
  let w: DeliveryWorld;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    w = await createDeliveryWorld(t, { projectName: 'Kappløpet' });
    ownerId = (await t.seed()).ownerId;
  }, 120_000);
  afterAll(() => t.close());

  it('waits for the handover and is refused, and nothing lands in the owner’s building', async () => {
    const db = t.deps.database.db;
    // the handover's first steps: the project and its buildings locked, then moved and closed
    const handover = await holdLocks(
      db,
      async (trx) => {
        await trx.selectFrom('projects').select('id').where('id', '=', w.projectId).forUpdate().execute();
        await trx.selectFrom('buildings').select('id').where('id', '=', w.buildingId).forUpdate().execute();
      },
      async (trx) => {
        await trx.updateTable('buildings').set({ building_owner_id: ownerId }).where('id', '=', w.buildingId).execute();
        await trx
          .updateTable('documents')
          .set({ building_owner_id: ownerId })
          .where('building_id', '=', w.buildingId)
          .execute();
        await trx.updateTable('projects').set({ status: 'HANDED_OVER' }).where('id', '=', w.projectId).execute();
      },
    );

    // the portal's registration: its authorization reads the project as active (the handover has not committed)
    const registering = t.request({
      method: 'POST',
      url: `/construction/public/upload/${w.projectId}/${w.subcontractorId}`,
      token: w.token,
      payload: { buildingId: w.buildingId, filename: 'VVS/Sent levert.pdf', uploadedBy: 'Kari Rørlegger' },
    });
    try {
      await someoneWaitsForALock(t, { racing: registering });
    } finally {
      await handover.release();
    }

    const registered = await registering;
    expect(registered.status, JSON.stringify(registered.body)).toBe(410);
    expect(registered.body.code).toBe('upload.project_closed');
    const rows = await db
      .selectFrom('documents')
      .select(['building_owner_id', sql<number>`count(*)::int`.as('n')])
      .where('building_id', '=', w.buildingId)
      .groupBy('building_owner_id')
      .execute();
    expect(rows).toEqual([]);
  });
});
