import type { TestApp } from './test-app.js';

/**
 * Until a statement of another connection waits for a row lock (PostgreSQL): a race test holds a lock in a
 * transaction of its own, sends the request it races, and goes on once that request is blocked on it. `waiting`:
 * until that many statements wait (a test racing several requests).
 */
export async function someoneWaitsForALock(t: TestApp, options: { waiting?: number } = {}): Promise<void> {
  // up to 15 s: a request goes through sign-in and access checks before it reaches the lock, slower on a busy machine
  for (let attempt = 0; attempt < 600; attempt++) {
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]!.n as number) >= (options.waiting ?? 1)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no statement waited for the lock');
}
