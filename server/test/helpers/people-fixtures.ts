import type { Kysely } from 'kysely';
import { generateUserKey, userKeyPrefix } from '../../src/domain/access/user-keys.js';
import type { Role } from '../../src/domain/people/roles.js';
import { newId, randomSecret } from '../../src/domain/shared/ids.js';
import { hashSecret } from '../../src/domain/shared/secrets.js';
import type { DB } from '../../src/storage/db/schema.js';

/**
 * People for tests, written straight into the database: a user with a personal key to call the application routes
 * as that user, customers and roles. The routes that create them have their own tests.
 */
export async function createTestUser(
  db: Kysely<DB>,
  params: {
    email?: string;
    name?: string;
    platformAdmin?: boolean;
    status?: 'invited' | 'active' | 'deactivated';
  } = {},
): Promise<{ userId: string; email: string; key: string }> {
  const userId = newId.user();
  const email = params.email ?? `${userId}@example.test`;
  await db
    .insertInto('users')
    .values({
      id: userId,
      email,
      email_normalized: email.toLowerCase(),
      name: params.name ?? email.split('@')[0] ?? '',
      platform_admin: params.platformAdmin ?? false,
      status: params.status ?? 'active',
      password_hash: null,
    })
    .execute();
  const key = generateUserKey();
  await db
    .insertInto('user_api_keys')
    .values({
      id: newId.userApiKey(),
      user_id: userId,
      name: 'test',
      key_hash: hashSecret(key),
      key_prefix: userKeyPrefix(key),
    })
    .execute();
  return { userId, email, key };
}

/** a customer with its own workspace owner (where its project buildings live until a handover) */
export async function createTestCustomer(
  db: Kysely<DB>,
  params: { name?: string; buildingOwnerId?: string | null } = {},
): Promise<{ customerId: string; workspaceOwnerId: string }> {
  const customerId = newId.uuid();
  const workspaceOwnerId = newId.uuid();
  const name = params.name ?? 'Test Entreprenør AS';
  await db.insertInto('building_owners').values({ id: workspaceOwnerId, name }).execute();
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      name,
      building_owner_id: params.buildingOwnerId ?? null,
      workspace_owner_id: workspaceOwnerId,
    })
    .execute();
  return { customerId, workspaceOwnerId };
}

export async function giveCustomerRole(
  db: Kysely<DB>,
  params: { customerId: string; userId: string; role: Role },
): Promise<void> {
  await db
    .insertInto('customer_members')
    .values({ customer_id: params.customerId, user_id: params.userId, role: params.role })
    .onConflict((oc) => oc.columns(['customer_id', 'user_id']).doUpdateSet({ role: params.role }))
    .execute();
}

/** a sign-in session of the user, as /auth/callback leaves it: the cookie's value to send */
export async function createTestSession(db: Kysely<DB>, userId: string): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto('user_sessions')
    .values({
      id: newId.userSession(),
      token_hash: hashSecret(token),
      user_id: userId,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return token;
}

/** every kind of person a role table is checked with: someone with no role, each role, a platform administrator */
export type RoleCaller = { label: string; role: Role | 'stranger' | 'platform admin' };

export function roleCallers(strangerLabel = 'stranger'): RoleCaller[] {
  return [
    { label: strangerLabel, role: 'stranger' },
    ...ROLE_RANK.map((role) => ({ label: role, role })),
    { label: 'platform admin', role: 'platform admin' },
  ];
}

/** the roles from least to most */
export const ROLE_RANK: readonly Role[] = ['NO_ACCESS', 'READ_ACCESS', 'WRITE_ACCESS', 'OWNER', 'ADMIN'];
