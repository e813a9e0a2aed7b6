import { sql, type Kysely } from 'kysely';
import type { UsersRepository } from '../../../domain/people/users.service.js';
import type { DB } from '../schema.js';
import { customerIdsOfPerson } from './access.repository.js';
import { revokeLiveKeysOfPerson } from './api-keys.repository.js';
import { endEverythingOfAccount } from './oidc-grants.js';
import { storeNewPassword } from './passwords.repository.js';
import { archivePendingUploadsOfPerson } from './uploads.repository.js';

export function createUsersRepository(db: Kysely<DB>): UsersRepository {
  return {
    async countUsers() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insertUser(params) {
      const row = await db
        .insertInto('users')
        .values({
          id: params.id,
          email: params.email,
          email_normalized: params.email.toLowerCase(),
          name: params.name,
          platform_admin: params.platformAdmin,
          status: 'invited',
          password_hash: params.passwordHash,
          must_change_password: params.mustChangePassword ?? false,
          created_at: params.now,
          updated_at: params.now,
        })
        .onConflict((oc) => oc.column('email_normalized').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email_normalized', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ?? null;
    },
    async setPasswordHash({ userId, passwordHash, now, revokeApiKeys }) {
      // a password the operator sets ends every session and assistant of the person, as the person's own change does,
      // and their personal keys when the operator asks
      return db.transaction().execute(async (trx) => {
        if (!(await storeNewPassword(trx, { userId, passwordHash, now, keepSessionId: null }))) return null;
        return { revokedKeys: revokeApiKeys ? await revokeLiveKeysOfPerson(trx, { userId, at: now }) : [] };
      });
    },
    customerIdsOfPerson: (userId) => customerIdsOfPerson(db, userId),
    async setStatus({ userId, status, now }) {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .updateTable('users')
          .set((eb) => ({
            // activating gives back what they were: invited until a first sign-in
            status:
              status === 'deactivated'
                ? 'deactivated'
                : eb
                    .case()
                    .when('last_sign_in_at', 'is', null)
                    .then(sql<'invited'>`'invited'`)
                    .else(sql<'active'>`'active'`)
                    .end(),
            updated_at: now,
          }))
          .where('id', '=', userId)
          .returning(['id', 'email', 'status'])
          .executeTakeFirst();
        if (user && status === 'deactivated') {
          await trx
            .updateTable('user_sessions')
            .set({ ended_at: now })
            .where('user_id', '=', userId)
            .where('ended_at', 'is', null)
            .execute();
          await endEverythingOfAccount(trx, userId);
          await archivePendingUploadsOfPerson(trx, { userId, at: now });
        }
        return user ?? null;
      });
    },
  };
}
