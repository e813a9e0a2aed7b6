import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusySlot } from '../../../src/domain/access/busy-limit.js';
import { openDatabase, type Database } from '../../../src/storage/db/database.js';
import { createBusySlotsRepository } from '../../../src/storage/db/repositories/busy-slots.repository.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The slots of costly work (asks, zip downloads) a credential holds, as rows every API process sees: never more
 * held at once than allowed, however many processes claim them at the same moment; free again when the work ends, or
 * when the process that held one died and its lease ran out.
 */
describe.each(testEngines())('busy slots on %s', (engine) => {
  let database: Database & { url: string | null };
  /** a second API process on the same database (its own pool), where the engine has a server */
  let other: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    other = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolMax: 5 }) : database;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  let holders = 0;
  const nextHolder = () => `key:test-${++holders}`;
  const rowsOf = (holder: string) =>
    database.db
      .selectFrom('busy_slots')
      .select(['kind', 'slot', 'token'])
      .where('holder', '=', holder)
      .orderBy('kind')
      .orderBy('slot')
      .execute();

  it('hands out exactly max slots to 20 claims made at once by two processes', async () => {
    const holder = nextHolder();
    const processes = [createBusySlotsRepository(database.db), createBusySlotsRepository(other.db)];
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => processes[i % 2]!.acquire({ kind: 'ask', holder, max: 4 })),
    );
    const held = claims.filter((slot): slot is BusySlot => slot !== null);
    expect(held).toHaveLength(4);
    expect((await rowsOf(holder)).map((row) => row.slot)).toEqual([0, 1, 2, 3]);
    await Promise.all(held.map((slot) => slot.release()));
    expect(await rowsOf(holder)).toEqual([]);
  });

  it('gives a released slot to the next claim, and counts each kind and each holder apart', async () => {
    const slots = createBusySlotsRepository(database.db);
    const holder = nextHolder();
    const first = await slots.acquire({ kind: 'zip', holder, max: 2 });
    const second = await slots.acquire({ kind: 'zip', holder, max: 2 });
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await slots.acquire({ kind: 'zip', holder, max: 2 })).toBeNull();
    // another kind of work, and another credential, have slots of their own
    const ask = await slots.acquire({ kind: 'ask', holder, max: 2 });
    const stranger = await slots.acquire({ kind: 'zip', holder: nextHolder(), max: 2 });
    expect(ask).not.toBeNull();
    expect(stranger).not.toBeNull();

    await first!.release();
    // giving a slot back twice frees nothing more
    await first!.release();
    const third = await slots.acquire({ kind: 'zip', holder, max: 2 });
    expect(third).not.toBeNull();
    expect(await slots.acquire({ kind: 'zip', holder, max: 2 })).toBeNull();
    for (const slot of [second, third, ask, stranger]) await slot!.release();
    expect(await rowsOf(holder)).toEqual([]);
  });

  it('frees the slots of a process that died once their lease has run out, and only then', async () => {
    const slots = createBusySlotsRepository(database.db);
    const holder = nextHolder();
    // rows a crashed process left: one whose lease ran out, one still within it
    await database.db
      .insertInto('busy_slots')
      .values([
        { kind: 'ask', holder, slot: 0, token: 'dead', expires_at: sql<Date>`now() - interval '1 second'` },
        { kind: 'ask', holder, slot: 1, token: 'alive', expires_at: sql<Date>`now() + interval '1 minute'` },
      ])
      .execute();
    const claimed = await slots.acquire({ kind: 'ask', holder, max: 2 });
    expect(claimed).not.toBeNull();
    expect(await slots.acquire({ kind: 'ask', holder, max: 2 })).toBeNull();
    const rows = await rowsOf(holder);
    expect(rows.map((row) => [row.slot, row.token === 'dead', row.token === 'alive'])).toEqual([
      [0, false, false],
      [1, false, true],
    ]);
    await claimed!.release();
    expect((await rowsOf(holder)).map((row) => row.token)).toEqual(['alive']);
  });

  it('keeps a slot held past its lease while the work runs, and never frees a slot claimed again by another', async () => {
    const holder = nextHolder();
    const quick = createBusySlotsRepository(database.db, { leaseSeconds: 1, renewEveryMs: 200 });
    const running = await quick.acquire({ kind: 'ask', holder, max: 1 });
    expect(running).not.toBeNull();
    await sleep(1600);
    // renewed: still held after more than its lease
    expect(await quick.acquire({ kind: 'ask', holder, max: 1 })).toBeNull();
    await running!.release();

    // a slot whose process stopped renewing it (paused past its lease) is claimed again; the first holder's late
    // release takes back its own row only
    const paused = createBusySlotsRepository(database.db, { leaseSeconds: 1, renewEveryMs: 60_000 });
    const stale = await paused.acquire({ kind: 'ask', holder, max: 1 });
    await sleep(1200);
    const next = await paused.acquire({ kind: 'ask', holder, max: 1 });
    expect(next).not.toBeNull();
    await stale!.release();
    expect(await rowsOf(holder)).toHaveLength(1);
    expect(await quick.acquire({ kind: 'ask', holder, max: 1 })).toBeNull();
    await next!.release();
    expect(await rowsOf(holder)).toEqual([]);
  });
});
