import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-document-pipeline.js';
import * as m0003 from './0003-classification-learning.js';
import * as m0004 from './0004-search.js';
import * as m0005 from './0005-reports.js';
import * as m0006 from './0006-ask.js';
import * as m0007 from './0007-chunk-vector.js';

/** Every migration, in order. Names never change once released. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-document-pipeline': m0002,
  '0003-classification-learning': m0003,
  '0004-search': m0004,
  '0005-reports': m0005,
  '0006-ask': m0006,
  '0007-chunk-vector': m0007,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<{ applied: string[] }> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`migration ${failed.migrationName} failed`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
