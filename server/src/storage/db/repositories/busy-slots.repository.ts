import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { BusySlot, BusySlots } from '../../../domain/access/busy-limit.js';
import type { DB } from '../schema.js';

/** a slot whose process died is free again after this long */
const LEASE_SECONDS = 60;
/** a slot held is renewed this often, well within its lease */
const RENEW_EVERY_MS = 20_000;

/**
 * Slots of costly work as rows of `busy_slots` (migration 0062), so that every API process on the database counts the
 * same ones. A slot is claimed by inserting its row, or by taking over a row whose lease has run out, in one statement:
 * PostgreSQL lets one of two claims of the same slot made at the same time through, and the other sees the row it
 * left. Times are the database server's, never a process's own clock.
 */
export function createBusySlotsRepository(
  db: Kysely<DB>,
  options: { leaseSeconds?: number; renewEveryMs?: number } = {},
): BusySlots {
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const renewEveryMs = options.renewEveryMs ?? RENEW_EVERY_MS;
  const leaseEnd = () => sql<Date>`now() + ${leaseSeconds}::int * interval '1 second'`;

  function held(key: { kind: string; holder: string; slot: number; token: string }): BusySlot {
    const own = () =>
      db
        .updateTable('busy_slots')
        .where('kind', '=', key.kind)
        .where('holder', '=', key.holder)
        .where('slot', '=', key.slot)
        .where('token', '=', key.token);
    // the work may outlast a lease: its process keeps the row alive while it runs (an unref'd timer, so a held slot
    // never keeps a process from exiting); a renewal that fails is tried again on the next tick
    const renewal = setInterval(() => {
      own()
        .set({ expires_at: leaseEnd() })
        .execute()
        .catch(() => undefined);
    }, renewEveryMs);
    renewal.unref();
    let released: Promise<void> | undefined;
    return {
      release() {
        released ??= (async () => {
          clearInterval(renewal);
          await db
            .deleteFrom('busy_slots')
            .where('kind', '=', key.kind)
            .where('holder', '=', key.holder)
            .where('slot', '=', key.slot)
            .where('token', '=', key.token)
            .execute()
            // the row runs out with its lease instead
            .catch(() => undefined);
        })();
        return released;
      },
    };
  }

  return {
    async acquire({ kind, holder, max }) {
      const live = await db
        .selectFrom('busy_slots')
        .select('slot')
        .where('kind', '=', kind)
        .where('holder', '=', holder)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
      const taken = new Set(live.map((row) => row.slot));
      const token = randomBytes(16).toString('base64url');
      for (let slot = 0; slot < max; slot += 1) {
        if (taken.has(slot)) continue;
        // a slot claimed by another request since the look above is left to it: the next free one is tried
        const claimed = await db
          .insertInto('busy_slots')
          .values({ kind, holder, slot, token, expires_at: leaseEnd() })
          .onConflict((conflict) =>
            conflict
              .columns(['kind', 'holder', 'slot'])
              .doUpdateSet({ token, expires_at: leaseEnd() })
              .where('busy_slots.expires_at', '<=', sql<Date>`now()`),
          )
          .returning('slot')
          .executeTakeFirst();
        if (claimed) return held({ kind, holder, slot, token });
      }
      return null;
    },
  };
}
