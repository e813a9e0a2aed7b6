import { sql, type Kysely } from 'kysely';

/**
 * The embedded provider's codes and opaque tokens were stored under their own value (the row's id, and `jti` in the
 * payload): a refresh token an assistant holds for up to a year was readable in the table, a dump or a backup. They
 * are now stored as the SHA-256 of their value, hex, without `jti` (oidc-records.adapter.ts, SECRET_ID_MODELS);
 * the rows already there are turned the same way, so the tokens out there keep working. The list is this migration's
 * own (the adapter's may grow; what this migration did may not).
 */
const MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'BackchannelAuthenticationRequest',
  'ClientCredentials',
  'InitialAccessToken',
  'RefreshToken',
  'RegistrationAccessToken',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update oidc_records
    set id = encode(sha256(convert_to(id, 'UTF8')), 'hex'), payload = payload - 'jti'
    where model = any(${MODELS}::text[])`.execute(db);
}

export async function down(): Promise<void> {
  // a hash does not give its value back: the rows stay hashed (the code before finds none of them: assistants sign in
  // again)
}
