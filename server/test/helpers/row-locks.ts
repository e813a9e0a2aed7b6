import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../src/storage/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Runs `lock` in a transaction of its own and answers once that transaction holds what it locked, never before: a
 * request sent earlier could reach the row first and not race at all. `release` lets the transaction go on with
 * `then`, commits it and answers once it has; call it in a `finally`, or a failing test leaves the transaction open
 * and the test app's close waits for it for ever.
 */
export async function holdLocks(
  db: Kysely<DB>,
  lock: (trx: Transaction<DB>) => Promise<unknown>,
  then?: (trx: Transaction<DB>) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction().execute(async (trx) => {
    await lock(trx);
    held();
    await released;
    await then?.(trx);
  });
  await Promise.race([holding, done]);
  let finished = false;
  return {
    release: async () => {
      if (finished) return;
      finished = true;
      letGo();
      await done;
    },
  };
}

/**
 * Until a statement of another connection waits for a row lock (PostgreSQL): a race test holds a lock in a
 * transaction of its own (`holdLocks`), sends the request it races, and goes on once that request is blocked on it.
 * `waiting`: until that many statements wait (a test racing several requests). `racing`: the request raced; should
 * it answer without ever waiting, the error says what it answered.
 */
export async function someoneWaitsForALock(
  t: TestApp,
  options: { waiting?: number; racing?: Promise<{ status: number; body: unknown }> } = {},
): Promise<void> {
  let answered: { status: number; body: unknown } | undefined;
  void options.racing?.then((answer) => (answered = answer)).catch(() => undefined);
  // up to 60 s: a request goes through sign-in and access checks before it reaches the lock, far slower on a machine
  // busy with the whole suite
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]!.n as number) >= (options.waiting ?? 1)) return;
    if (answered) throw new Error(`answered ${answered.status} without waiting: ${JSON.stringify(answered.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no statement waited for the lock');
}
