import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { AssistantRegistrationsRepository } from '../../../domain/signin/assistant-registrations.js';
import { UNUSED_CLIENT_MS } from '../../../domain/signin/assistant-registrations.js';
import type { DB } from '../schema.js';

/*
 * A client an assistant registered is the embedded provider's Client record in oidc_records (see
 * oidc-records.adapter.ts): its payload is the client's metadata, with `client_id_issued_at` (seconds) set by the
 * provider. Two notes of the service's own are added to that payload: where it was registered from, and that it was
 * ever granted. The provider reads back only the metadata it knows, so neither reaches a client or the provider; and
 * it never writes the record again (registration management, RFC 7592, is off).
 */

/** the registering address's source (registrationSourceOf: a hash), for the cap on registrations per address */
const REGISTERED_FROM = 'byggdok_registered_from';
/** set once the client has had a grant (a person allowed it): it is kept for good, as before, even once it ended */
const GRANTED = 'byggdok_granted';

/** the provider's `client_id_issued_at` of a Client row, or null when it is not a number */
function issuedAt(alias?: string): RawBuilder<number | null> {
  const payload = alias ? sql.ref(`${alias}.payload`) : sql.ref('payload');
  return sql<number | null>`case when jsonb_typeof(${payload}->'client_id_issued_at') = 'number'
    then (${payload}->>'client_id_issued_at')::float8 end`;
}

/** the newest `limit` clients registered from a source since a time, newest first */
async function recentOf(db: Kysely<DB> | Transaction<DB>, params: { source: string; since: Date; limit: number }) {
  const rows = await db
    .selectFrom('oidc_records')
    .select(['id', issuedAt().as('issued_at')])
    .where('model', '=', 'Client')
    .where(sql<string>`payload->>${sql.lit(REGISTERED_FROM)}`, '=', params.source)
    .where(issuedAt(), '>=', Math.floor(params.since.getTime() / 1000))
    .orderBy(issuedAt(), 'desc')
    .limit(params.limit)
    .execute();
  return rows.map((row) => ({ clientId: row.id, registeredAt: new Date(Number(row.issued_at) * 1000) }));
}

export function createAssistantRegistrationsRepository(db: Kysely<DB>): AssistantRegistrationsRepository {
  return {
    recent: (params) => recentOf(db, params),
    claim: ({ clientId, source, since, limit }) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`oidc-registrations:${source}`}))`.execute(trx);
        const earlier = await recentOf(trx, { source, since, limit });
        if (earlier.length >= limit) return earlier;
        await trx
          .updateTable('oidc_records')
          .set({ payload: sql<string>`payload || ${JSON.stringify({ [REGISTERED_FROM]: source })}::jsonb` })
          .where('model', '=', 'Client')
          .where('id', '=', clientId)
          .execute();
        return null;
      }),
    async remove(clientId) {
      await db.deleteFrom('oidc_records').where('model', '=', 'Client').where('id', '=', clientId).execute();
      await db
        .deleteFrom('oidc_records')
        .where('model', '=', 'RegistrationAccessToken')
        .where(sql<string>`payload->>'clientId'`, '=', clientId)
        .execute();
    },
  };
}

/** notes that a client has had a grant (a Grant record naming it was just stored); the service's own client has no row */
export async function markClientGranted(db: Kysely<DB>, clientId: string): Promise<void> {
  await db
    .updateTable('oidc_records')
    .set({ payload: sql<string>`payload || ${JSON.stringify({ [GRANTED]: true })}::jsonb` })
    .where('model', '=', 'Client')
    .where('id', '=', clientId)
    .where(sql<string | null>`payload->>${sql.lit(GRANTED)}`, 'is', null)
    .execute();
}

/**
 * Deletes the clients registered more than UNUSED_CLIENT_MS ago that no one ever allowed (never granted, and no grant
 * names them now, which also keeps clients granted before the note existed), with their registration access tokens
 * and any such token left without its client. A client a person allowed is kept, whatever became of the grant.
 */
export async function deleteUnusedClients(db: Kysely<DB>, now: Date): Promise<void> {
  const cutoff = Math.floor((now.getTime() - UNUSED_CLIENT_MS) / 1000);
  await db
    .deleteFrom('oidc_records as c')
    .where('c.model', '=', 'Client')
    .where(issuedAt('c'), '<', cutoff)
    .where(sql<string | null>`c.payload->>${sql.lit(GRANTED)}`, 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('oidc_records as g')
            .select('g.id')
            .where('g.model', '=', 'Grant')
            .whereRef(sql<string>`g.payload->>'clientId'`, '=', 'c.id'),
        ),
      ),
    )
    .execute();
  await db
    .deleteFrom('oidc_records as t')
    .where('t.model', '=', 'RegistrationAccessToken')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('oidc_records as c')
            .select('c.id')
            .where('c.model', '=', 'Client')
            .where('c.id', '=', sql<string>`t.payload->>'clientId'`),
        ),
      ),
    )
    .execute();
}
