import { sql, type Kysely, type Transaction } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { hashSecret } from '../../../domain/shared/secrets.js';
import type { DB } from '../schema.js';
import { deleteUnusedClients, markClientGranted } from './assistant-registrations.repository.js';

/** expired records, and clients no one allowed a day after they registered, are swept now and then, on a write */
const SWEEP_EVERY_WRITES = 200;

/**
 * The models whose id is the secret itself, as the client holds it (a code, an opaque token): stored as its SHA-256
 * and left out of the stored payload (`jti`), so that the table, a dump or a backup gives no usable code or token
 * (migration 0054 turned the ones stored before). Only models the provider finds by their id alone: a session (found
 * by its uid too) and a device code (by its user code; the flow is off) would need their id back from the payload.
 */
export const SECRET_ID_MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'BackchannelAuthenticationRequest',
  'ClientCredentials',
  'InitialAccessToken',
  'RefreshToken',
  'RegistrationAccessToken',
];

/**
 * The embedded OpenID provider's storage (sessions, interactions, codes, grants, tokens) in the database, so that any
 * API process serves any step of a sign-in. One table for every model; expired records are never returned.
 */
export function createOidcAdapterFactory(
  db: Kysely<DB>,
  options: {
    /** what a code or refresh token another request used first is answered with (the provider's invalid_grant) */
    replayed: (model: string) => Error;
  } = { replayed: (model) => new Error(`${model} already used`) },
): AdapterFactory {
  let writes = 0;
  return (model: string): Adapter => {
    const secret = SECRET_ID_MODELS.includes(model);
    /** the row's id for the provider's id */
    const keyOf = (id: string) => (secret ? hashSecret(id) : id);
    const live = (id: string) =>
      db
        .selectFrom('oidc_records')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', model)
        .where('id', '=', keyOf(id))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]));
    const payloadOf = (row: { payload: unknown; consumed_at: Date | null } | undefined, id?: string) => {
      if (!row) return undefined;
      const stored = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      // a secret's id comes back from the one who holds it
      const payload = secret && id !== undefined ? { ...stored, jti: id } : stored;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    };
    const findBy = async (column: 'uid' | 'user_code', value: string) =>
      payloadOf(
        await db
          .selectFrom('oidc_records')
          .select(['payload', 'consumed_at'])
          .where('model', '=', model)
          .where(column, '=', value)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
          .executeTakeFirst(),
      );
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        const kept: AdapterPayload = { ...payload };
        if (secret) delete kept.jti;
        const values = {
          payload: JSON.stringify(kept),
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          expires_at: expiresAt,
        };
        await db
          .insertInto('oidc_records')
          .values({ model, id: keyOf(id), ...values })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
          .execute();
        if (model === 'Grant' && typeof payload.clientId === 'string') await markClientGranted(db, payload.clientId);
        if (++writes % SWEEP_EVERY_WRITES === 0) await sweepOidcRecords(db, new Date());
      },
      async find(id) {
        return payloadOf(await live(id).executeTakeFirst(), id);
      },
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('user_code', userCode),
      async consume(id) {
        // one statement decides which of several requests holding the same code or refresh token uses it: the
        // provider reads `consumed` before it consumes, so requests sent at once all passed that check
        const used = await db
          .updateTable('oidc_records')
          .set({ consumed_at: new Date() })
          .where('model', '=', model)
          .where('id', '=', keyOf(id))
          .where('consumed_at', 'is', null)
          .returning('grant_id')
          .executeTakeFirst();
        if (used) return;
        // used by another request meanwhile: a replay, ended as the provider ends one it sees (its grant and every
        // token of it)
        const replayed = await db
          .selectFrom('oidc_records')
          .select('grant_id')
          .where('model', '=', model)
          .where('id', '=', keyOf(id))
          .executeTakeFirst();
        if (replayed?.grant_id) await endGrant(db, replayed.grant_id);
        throw options.replayed(model);
      },
      async destroy(id) {
        await db.deleteFrom('oidc_records').where('model', '=', model).where('id', '=', keyOf(id)).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_records').where('grant_id', '=', grantId).execute();
      },
    };
  };
}

/** a grant and everything issued under it (oidc-provider's revoke): its tokens and codes die with it */
async function endGrant(db: Kysely<DB>, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_records')
    .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]))
    .execute();
}

/**
 * The table's upkeep, run now and then on a write (so the writes that fill it also empty it): records past their
 * expiry, and the clients assistants registered that no one allowed within a day (open registration needs no
 * credential; a client a person allowed is kept).
 */
export async function sweepOidcRecords(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('oidc_records').where('expires_at', '<', now).execute();
  await deleteUnusedClients(db, now);
}

/**
 * Ends the embedded provider's sign-ins of a person (every browser's): its Session records, which name the person in
 * payload.accountId (one row each, keyed by the session's id; its uid is a column of the same row). A browser the
 * provider no longer knows is asked for the password at the next sign-in; its grants and tokens are left alone.
 */
export async function endProviderSessions(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('oidc_records')
    .where('model', '=', 'Session')
    .where(sql<string>`payload->>'accountId'`, '=', userId)
    .execute();
}
