import type { TestApp } from './test-app.js';

/**
 * Until a statement of another connection waits for a row lock (PostgreSQL): a race test holds a lock in a
 * transaction of its own, sends the request it races, and goes on once that request is blocked on it.
 */
export async function someoneWaitsForALock(t: TestApp): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]!.n as number) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no statement waited for the lock');
}
