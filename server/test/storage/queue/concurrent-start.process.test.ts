import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/storage/db/database.js';
import { migrateToLatest } from '../../../src/storage/db/migrations/index.js';
import { JOB_NAMES } from '../../../src/domain/jobs/jobs.js';
import { BOSS_CREATE_QUEUE, createPgBossQueue } from '../../../src/storage/queue/pg-boss.queue.js';

/**
 * Several processes (APIs and workers started together by a process manager) on one fresh PostgreSQL database: each
 * process's queue is modelled by its own connection pool, which is what PostgreSQL sees of a process. Only a server:
 * embedded PGlite is one process per data folder by design (a second one is refused), so there is nothing to race.
 */
describe('the queue-creation lock', () => {
  it("takes every queue creation pg-boss sends: its statement is the one pg-boss's plans write", () => {
    // pg-boss's own start creates its cron queue; were its statement to change, it would run without the lock again
    const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { createQueue: (schema: string) => string };
    expect(plans.createQueue('pgboss')).toBe(BOSS_CREATE_QUEUE);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('processes starting at once on a fresh database, on postgres', () => {
  const name = `byggdok_t_start_${process.pid}`;
  const base = process.env.TEST_DATABASE_URL ?? '';
  let url: string;
  const databases: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    // not from the test template: a database pg-boss has never seen, as on an installation's first start
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(base);
    target.pathname = `/${name}`;
    url = target.toString();
    const first = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    await migrateToLatest(first.db);
    await first.close();
  }, 60_000);

  afterAll(async () => {
    for (const database of databases) await database.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('all start, with every job queue made once and one job at a time per key', async () => {
    for (let i = 0; i < 4; i += 1) databases.push(await openDatabase({ kind: 'postgres', url, poolMax: 3 }));
    const queues = databases.map((executor) => createPgBossQueue({ executor }));

    const started = await Promise.allSettled(queues.map((queue) => queue.start()));

    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
      'started',
    ]);
    const { rows } = await databases[0]!.executeSql(
      "select name, policy from pgboss.queue where not starts_with(name, '__pgboss') order by name",
    );
    expect(rows).toEqual([...JOB_NAMES].sort().map((job) => ({ name: job, policy: 'stately' })));
    await Promise.all(queues.map((queue) => queue.stop()));
  }, 60_000);
});
