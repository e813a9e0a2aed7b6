import type { Kysely } from 'kysely';
import type { SignInRepository, SignInUser } from '../../../domain/signin/ports.js';
import type { DB } from '../schema.js';
import { endGrants } from './oidc-grants.js';
import { endProviderSessions } from './oidc-records.adapter.js';

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.name',
  'u.status',
  'u.platform_admin',
  'u.password_hash',
  'u.must_change_password',
] as const;

function userOf(row: {
  id: string;
  email: string;
  name: string;
  status: SignInUser['status'];
  platform_admin: boolean;
  password_hash: string | null;
  must_change_password: boolean;
}): SignInUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    platformAdmin: row.platform_admin,
    passwordHash: row.password_hash,
    mustChangePassword: row.must_change_password,
  };
}

export function createSignInRepository(db: Kysely<DB>): SignInRepository {
  return {
    async createAttempt(params) {
      // attempts nobody finished are of no use after they expire
      await db.deleteFrom('sign_in_attempts').where('expires_at', '<', params.now).execute();
      await db
        .insertInto('sign_in_attempts')
        .values({
          state_hash: params.stateHash,
          nonce: params.nonce,
          code_verifier: params.codeVerifier,
          redirect_uri: params.redirectUri,
          login_hint: params.loginHint,
          browser_hash: params.browserHash,
          created_at: params.now,
          expires_at: params.expiresAt,
        })
        .execute();
    },
    async consumeAttempt({ stateHash, now }) {
      // one update decides: a replayed state finds consumed_at set and gets nothing
      const row = await db
        .updateTable('sign_in_attempts')
        .set({ consumed_at: now })
        .where('state_hash', '=', stateHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['nonce', 'code_verifier', 'redirect_uri', 'browser_hash'])
        .executeTakeFirst();
      return row
        ? {
            nonce: row.nonce,
            codeVerifier: row.code_verifier,
            redirectUri: row.redirect_uri,
            browserHash: row.browser_hash,
          }
        : null;
    },
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users as u')
        .select(USER_COLUMNS)
        .where('u.email_normalized', '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? userOf(row) : null;
    },
    async findUserById(userId) {
      const row = await db.selectFrom('users as u').select(USER_COLUMNS).where('u.id', '=', userId).executeTakeFirst();
      return row ? userOf(row) : null;
    },
    async findUserByIdentity({ issuer, subject }) {
      const row = await db
        .selectFrom('user_identities as i')
        .innerJoin('users as u', 'u.id', 'i.user_id')
        .select(USER_COLUMNS)
        .where('i.issuer', '=', issuer)
        .where('i.subject', '=', subject)
        .executeTakeFirst();
      return row ? userOf(row) : null;
    },
    async linkIdentity({ issuer, subject, userId, email }) {
      await db
        .insertInto('user_identities')
        .values({ issuer, subject, user_id: userId, email })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .execute();
    },
    async hasOtherIdentity({ userId, issuer, subject }) {
      const row = await db
        .selectFrom('user_identities')
        .select('subject')
        .where('user_id', '=', userId)
        .where('issuer', '=', issuer)
        .where('subject', '<>', subject)
        .executeTakeFirst();
      return row !== undefined;
    },
    async recordSignIn({ userId, issuer, subject, name, now }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ last_sign_in_at: now, updated_at: now })
          .where('id', '=', userId)
          .execute();
        const given = name?.trim().slice(0, 200);
        if (given) {
          // the provider's name, unless the person chose their own
          await trx
            .updateTable('users')
            .set({ name: given })
            .where('id', '=', userId)
            .where('name_chosen', '=', false)
            .execute();
        }
        await trx
          .updateTable('users')
          .set({ status: 'active' })
          .where('id', '=', userId)
          .where('status', '=', 'invited')
          .execute();
        await trx
          .updateTable('user_identities')
          .set({ last_used_at: now })
          .where('issuer', '=', issuer)
          .where('subject', '=', subject)
          .execute();
      });
    },
    async createSession(params) {
      await db
        .insertInto('user_sessions')
        .values({
          id: params.id,
          token_hash: params.tokenHash,
          user_id: params.userId,
          issuer: params.issuer,
          id_token: params.idToken,
          created_at: params.now,
          last_seen_at: params.now,
          expires_at: params.expiresAt,
          client_address: params.clientAddress,
          user_agent: params.userAgent,
        })
        .execute();
    },
    async findLiveSession({ tokenHash }) {
      const row = await db
        .selectFrom('user_sessions')
        .select(['id', 'user_id', 'issuer', 'id_token'])
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id, issuer: row.issuer, idToken: row.id_token } : null;
    },
    async endSession({ id, userId, now }) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('user_sessions').set({ ended_at: now }).where('id', '=', id).execute();
        const linked = await trx
          .selectFrom('assistant_grant_sessions')
          .select('grant_id')
          .where('session_id', '=', id)
          .execute();
        await endGrants(trx, { userId, grantIds: linked.map((row) => row.grant_id) });
        // the embedded provider's sign-ins of the person: else the next /auth/login gets a session without a password
        await endProviderSessions(trx, userId);
      });
    },
    async linkAssistantToSession({ grantId, sessionTokenHash, userId }) {
      const session = await db
        .selectFrom('user_sessions')
        .select('id')
        .where('token_hash', '=', sessionTokenHash)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (!session) return;
      await db
        .insertInto('assistant_grant_sessions')
        .values({ grant_id: grantId, session_id: session.id })
        .onConflict((oc) => oc.column('grant_id').doUpdateSet({ session_id: session.id }))
        .execute();
    },
  };
}
