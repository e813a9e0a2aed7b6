import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.js';

/**
 * The embedded provider's records of one person, read and ended from outside the provider (its records are in
 * oidc_records, see oidc-records.adapter.ts): a Grant is what a person allowed a client; its tokens (refresh tokens,
 * codes) carry its id in grant_id; Sessions and Grants name the person in payload.accountId.
 */
type Executor = Kysely<DB> | Transaction<DB>;

/** the service's own client: its grants are made at sign-in, never shown as assistants */
const OWN_CLIENT_ID = 'byggdok';

/** ends the grants (with every token made under them) and the provider sign-ins of a person */
export async function endEverythingOfAccount(db: Executor, userId: string): Promise<void> {
  const grants = db
    .selectFrom('oidc_records')
    .select('id')
    .where('model', '=', 'Grant')
    .where(sql<string>`payload->>'accountId'`, '=', userId);
  await db.deleteFrom('assistant_grant_sessions').where('grant_id', 'in', grants).execute();
  await db.deleteFrom('oidc_records').where('grant_id', 'in', grants).execute();
  await db
    .deleteFrom('oidc_records')
    .where(sql<string>`payload->>'accountId'`, '=', userId)
    .execute();
}

/** ends some grants of a person, with their tokens; answers which of them existed */
export async function endGrants(db: Executor, params: { userId: string; grantIds: string[] }): Promise<string[]> {
  if (params.grantIds.length === 0) return [];
  const ended = await db
    .deleteFrom('oidc_records')
    .where('model', '=', 'Grant')
    .where('id', 'in', params.grantIds)
    .where(sql<string>`payload->>'accountId'`, '=', params.userId)
    .returning('id')
    .execute();
  const ids = ended.map((row) => row.id);
  if (ids.length === 0) return [];
  await db.deleteFrom('oidc_records').where('grant_id', 'in', ids).execute();
  await db.deleteFrom('assistant_grant_sessions').where('grant_id', 'in', ids).execute();
  return ids;
}

export interface AssistantGrantRow {
  grantId: string;
  clientId: string;
  clientName: string | null;
  redirectUris: string[];
  connectedAt: Date | null;
  lastUsedAt: Date | null;
}

/** the person's live grants to clients other than the service itself: their connected assistants, newest first */
export async function listAssistantGrants(db: Executor, params: { userId: string; now: Date }) {
  const rows = await db
    .selectFrom('oidc_records as g')
    .leftJoin('oidc_records as c', (join) =>
      join.on('c.model', '=', 'Client').on('c.id', '=', sql<string>`g.payload->>'clientId'`),
    )
    .select([
      'g.id as grant_id',
      sql<string>`g.payload->>'clientId'`.as('client_id'),
      sql<string | null>`c.payload->>'client_name'`.as('client_name'),
      sql<unknown>`c.payload->'redirect_uris'`.as('redirect_uris'),
      sql<string | null>`g.payload->>'iat'`.as('iat'),
      (eb) =>
        eb
          .selectFrom('oidc_records as t')
          .select(sql<string | null>`max((t.payload->>'iat')::bigint)::text`.as('used'))
          .whereRef('t.grant_id', '=', 'g.id')
          .as('last_used'),
    ])
    .where('g.model', '=', 'Grant')
    .where(sql<string>`g.payload->>'accountId'`, '=', params.userId)
    .where(sql<string>`g.payload->>'clientId'`, '<>', OWN_CLIENT_ID)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', params.now)]))
    .execute();
  const seconds = (value: string | null) => (value ? new Date(Number(value) * 1000) : null);
  return rows
    .map((row): AssistantGrantRow => ({
      grantId: row.grant_id,
      clientId: row.client_id,
      clientName: row.client_name,
      redirectUris: parseList(row.redirect_uris),
      connectedAt: seconds(row.iat),
      lastUsedAt: seconds(row.last_used),
    }))
    .sort((a, b) => (b.connectedAt?.getTime() ?? 0) - (a.connectedAt?.getTime() ?? 0));
}

/** whether a grant is still there: an assistant's access token dies with its grant */
export async function isGrantLive(db: Executor, grantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_records')
    .select('id')
    .where('model', '=', 'Grant')
    .where('id', '=', grantId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirst();
  return row !== undefined;
}

function parseList(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}
