import { sql } from 'kysely';
import { createAccessService, type AccessService } from '../domain/access/access.service.js';
import { createAdminService, type AdminService } from '../domain/admin/admin.service.js';
import { createBuildingsService, type BuildingsService } from '../domain/buildings/buildings.service.js';
import { createOwnersService, type OwnersService } from '../domain/owners/owners.service.js';
import { createSessionsService, type SessionsService } from '../domain/sessions/sessions.service.js';
import { randomSecret } from '../domain/shared/ids.js';
import { createPageTokenCodec } from '../domain/shared/page-token.js';
import { openDatabase, type Database, type DatabaseTarget } from '../storage/db/database.js';
import { migrateToLatest } from '../storage/db/migrations/index.js';
import { createAccessRepository } from '../storage/db/repositories/access.repository.js';
import { createAdminRepository } from '../storage/db/repositories/admin.repository.js';
import { createBuildingsRepository } from '../storage/db/repositories/buildings.repository.js';
import { createOwnersRepository } from '../storage/db/repositories/owners.repository.js';
import { createSessionsRepository } from '../storage/db/repositories/sessions.repository.js';
import { getOrCreateSetting } from '../storage/db/repositories/settings.repository.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  access: AccessService;
  admin: AdminService;
  owners: OwnersService;
  buildings: BuildingsService;
  sessions: SessionsService;
}

export interface Dependencies {
  database: Database;
  services: Services;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The composition root: one place where repositories, services and adapters are made and wired. Services receive
 * only what they use.
 */
export async function createDependencies(params: {
  database: DatabaseTarget | Database;
  clock?: Clock;
  migrate?: boolean;
}): Promise<Dependencies> {
  const database = 'db' in params.database ? params.database : await openDatabase(params.database);
  try {
    if (params.migrate !== false) await migrateToLatest(database.db);
    const clock = params.clock ?? systemClock;
    const { db } = database;
    const signingSecret = await getOrCreateSetting({ db, key: 'signing_secret', create: () => randomSecret(48) });
    const pageTokens = createPageTokenCodec(signingSecret);

    const access = createAccessService({ repository: createAccessRepository(db), clock });
    const services: Services = {
      access,
      admin: createAdminService({ repository: createAdminRepository(db), clock }),
      owners: createOwnersService({ repository: createOwnersRepository(db), access, pageTokens, clock }),
      buildings: createBuildingsService({ repository: createBuildingsRepository(db), access, pageTokens, clock }),
      sessions: createSessionsService({ repository: createSessionsRepository(db), access, clock }),
    };
    return {
      database,
      services,
      isReady: async () => {
        await sql`select 1`.execute(db);
        return true;
      },
      close: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
