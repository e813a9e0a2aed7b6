import { type Kysely, type Transaction } from 'kysely';
import type {
  NewPasswordLink,
  PasswordAccount,
  PasswordsRepository,
} from '../../../domain/signin/passwords.service.js';
import type { DB } from '../schema.js';
import { customerIdsOfPerson } from './access.repository.js';
import { revokeLiveKeysOfPerson } from './api-keys.repository.js';
import { endEverythingOfAccount } from './oidc-grants.js';

const ACCOUNT_COLUMNS = [
  'u.id',
  'u.email',
  'u.name',
  'u.locale',
  'u.status',
  'u.password_hash',
  'u.must_change_password',
] as const;

function accountOf(row: {
  id: string;
  email: string;
  name: string;
  locale: string;
  status: PasswordAccount['status'];
  password_hash: string | null;
  must_change_password: boolean;
}): PasswordAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale,
    status: row.status,
    passwordHash: row.password_hash,
    mustChangePassword: row.must_change_password,
  };
}

/**
 * A person's new password, and everything that ends with the old one: their other sessions, every link that would
 * set a password, and their assistants' grants, refresh tokens and sign-ins at the embedded provider. Shared by the
 * person's own change and the operator's.
 */
export async function storeNewPassword(
  trx: Transaction<DB>,
  params: { userId: string; passwordHash: string; now: Date; keepSessionId: string | null },
): Promise<boolean> {
  const updated = await trx
    .updateTable('users')
    .set({ password_hash: params.passwordHash, must_change_password: false, updated_at: params.now })
    .where('id', '=', params.userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('password_links')
    .set({ used_at: params.now })
    .where('user_id', '=', params.userId)
    .where('used_at', 'is', null)
    .execute();
  let sessions = trx
    .updateTable('user_sessions')
    .set({ ended_at: params.now })
    .where('user_id', '=', params.userId)
    .where('ended_at', 'is', null);
  if (params.keepSessionId) sessions = sessions.where('id', '<>', params.keepSessionId);
  await sessions.execute();
  await endEverythingOfAccount(trx, params.userId);
  return true;
}

function linkRow(link: NewPasswordLink) {
  return {
    id: link.id,
    token_hash: link.tokenHash,
    user_id: link.userId,
    purpose: link.purpose,
    created_at: link.now,
    expires_at: link.expiresAt,
  };
}

export function createPasswordsRepository(db: Kysely<DB>): PasswordsRepository {
  return {
    async insertLink(params) {
      await db.insertInto('password_links').values(linkRow(params)).execute();
    },
    async insertLinkUnlessOneWorks(params) {
      return db.transaction().execute(async (trx) => {
        // requests at the same time wait here for each other, and see the link the first one made
        await trx.selectFrom('users').select('id').where('id', '=', params.userId).forUpdate().execute();
        const working = await trx
          .selectFrom('password_links')
          .select('id')
          .where('user_id', '=', params.userId)
          .where('purpose', '=', params.purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', params.now)
          .executeTakeFirst();
        if (working) return false;
        await trx.insertInto('password_links').values(linkRow(params)).execute();
        return true;
      });
    },
    async findLink(tokenHash) {
      const row = await db
        .selectFrom('password_links as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id as link_id', 'l.purpose', 'l.expires_at', 'l.used_at', ...ACCOUNT_COLUMNS])
        .where('l.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.link_id,
        purpose: row.purpose,
        expiresAt: new Date(row.expires_at),
        usedAt: row.used_at,
        account: accountOf(row),
      };
    },
    async findAccount(userId) {
      const row = await db
        .selectFrom('users as u')
        .select(ACCOUNT_COLUMNS)
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return row ? accountOf(row) : null;
    },
    async findAccountByEmail(email) {
      const row = await db
        .selectFrom('users as u')
        .select(ACCOUNT_COLUMNS)
        .where('u.email_normalized', '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? accountOf(row) : null;
    },
    async retireGeneratedPassword(userId) {
      await db
        .updateTable('users')
        .set({ password_hash: null })
        .where('id', '=', userId)
        .where('must_change_password', '=', true)
        .execute();
    },
    async countLiveKeys({ userId, now }) {
      const row = await db
        .selectFrom('user_api_keys')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    customerIdsOfPerson: (userId) => customerIdsOfPerson(db, userId),
    async replacePassword(params) {
      return db
        .transaction()
        .execute(async (trx) => {
          if (params.linkId) {
            // one update decides: a link used in another request meanwhile finds used_at set
            const used = await trx
              .updateTable('password_links')
              .set({ used_at: params.now })
              .where('id', '=', params.linkId)
              .where('used_at', 'is', null)
              .where('expires_at', '>', params.now)
              .returning('id')
              .executeTakeFirst();
            if (!used) return { outcome: 'link_used' as const, revokedKeys: [] };
          }
          if (params.newEmail) {
            const taken = await trx
              .selectFrom('users')
              .select('id')
              .where('email_normalized', '=', params.newEmail.toLowerCase())
              .where('id', '<>', params.userId)
              .executeTakeFirst();
            if (taken) throw new EmailTaken();
            await trx
              .updateTable('users')
              .set({ email: params.newEmail, email_normalized: params.newEmail.toLowerCase() })
              .where('id', '=', params.userId)
              .execute();
          }
          await storeNewPassword(trx, params);
          // the person asked: a key made by whoever held their account ends with the old password
          const revokedKeys = params.revokeApiKeys
            ? await revokeLiveKeysOfPerson(trx, { userId: params.userId, at: params.now })
            : [];
          return { outcome: 'done' as const, revokedKeys };
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTaken) return { outcome: 'email_taken' as const, revokedKeys: [] };
          throw error;
        });
    },
  };
}

/** rolls the transaction back: the link stays unused when the e-mail cannot be had */
class EmailTaken extends Error {}
