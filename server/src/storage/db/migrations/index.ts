import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-document-pipeline.js';
import * as m0003 from './0003-classification-learning.js';
import * as m0004 from './0004-search.js';
import * as m0005 from './0005-reports.js';
import * as m0006 from './0006-ask.js';
import * as m0007 from './0007-chunk-vector.js';
import * as m0008 from './0008-extraction-kills.js';
import * as m0009 from './0009-people.js';
import * as m0010 from './0010-person-threads.js';
import * as m0011 from './0011-deliveries.js';
import * as m0012 from './0012-naming.js';
import * as m0013 from './0013-zip-archives.js';
import * as m0014 from './0014-handovers.js';
import * as m0015 from './0015-storage-provider.js';
import * as m0016 from './0016-duplicates.js';
import * as m0017 from './0017-processing-note.js';
import * as m0018 from './0018-text-language.js';
import * as m0019 from './0019-information-types-source.js';
import * as m0021 from './0021-sign-in-for-everyone.js';
import * as m0024 from './0024-search-scripts.js';
import * as m0026 from './0026-maintenance.js';
import * as m0027 from './0027-project-documents.js';
import * as m0028 from './0028-credentials-and-long-lists.js';
import * as m0029 from './0029-webhooks.js';
import * as m0030 from './0030-revisions.js';
import * as m0032 from './0032-upload-attempts.js';
import * as m0038 from './0038-correction-authors.js';
import * as m0039 from './0039-document-lexemes.js';
import * as m0040 from './0040-search-functions-plpgsql.js';
import * as m0041 from './0041-search-boost-index.js';
import * as m0042 from './0042-search-segments.js';
import * as m0043 from './0043-search-segment-presence.js';
import * as m0044 from './0044-search-segment-chunk-lexemes.js';
import * as m0045 from './0045-search-segment-first-chunks.js';
import * as m0046 from './0046-chunk-rows-whole.js';
import * as m0047 from './0047-search-segment-bitmaps.js';
import * as m0048 from './0048-search-vector-uncompressed.js';
import * as m0049 from './0049-search-segment-counts.js';
import * as m0050 from './0050-chunk-vector-trigger.js';
import * as m0051 from './0051-text-lz4.js';
import * as m0052 from './0052-search-page-documents.js';
import * as m0053 from './0053-search-page-documents-parallel.js';
import * as m0054 from './0054-oidc-secret-ids-hashed.js';
import * as m0055 from './0055-mail-keys-dropped-after-sending.js';
import * as m0056 from './0056-portal-upload-token.js';
import * as m0057 from './0057-building-vocabulary.js';
import * as m0058 from './0058-upload-registrant.js';
import * as m0059 from './0059-report-reuse.js';
import * as m0060 from './0060-import-requested-with-key.js';
import * as m0061 from './0061-ask-turn-read-documents.js';
import * as m0062 from './0062-busy-slots.js';
import * as m0063 from './0063-mail-requesting-customer.js';
import * as m0064 from './0064-names-without-hidden-characters.js';
import * as m0065 from './0065-person-history.js';
import * as m0066 from './0066-building-vocabulary-live.js';
import * as m0067 from './0067-learned-evidence-without-names.js';
import * as m0068 from './0068-document-lexemes-one-index.js';
import * as m0069 from './0069-search-segment-building-postings.js';

/** Every migration, in order. Names never change once released. */
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-document-pipeline': m0002,
  '0003-classification-learning': m0003,
  '0004-search': m0004,
  '0005-reports': m0005,
  '0006-ask': m0006,
  '0007-chunk-vector': m0007,
  '0008-extraction-kills': m0008,
  '0009-people': m0009,
  '0010-person-threads': m0010,
  '0011-deliveries': m0011,
  '0012-naming': m0012,
  '0013-zip-archives': m0013,
  '0014-handovers': m0014,
  '0015-storage-provider': m0015,
  '0016-duplicates': m0016,
  '0017-processing-note': m0017,
  '0018-text-language': m0018,
  '0019-information-types-source': m0019,
  '0021-sign-in-for-everyone': m0021,
  '0024-search-scripts': m0024,
  '0026-maintenance': m0026,
  '0027-project-documents': m0027,
  '0028-credentials-and-long-lists': m0028,
  '0029-webhooks': m0029,
  '0030-revisions': m0030,
  '0032-upload-attempts': m0032,
  '0038-correction-authors': m0038,
  '0039-document-lexemes': m0039,
  '0040-search-functions-plpgsql': m0040,
  '0041-search-boost-index': m0041,
  '0042-search-segments': m0042,
  '0043-search-segment-presence': m0043,
  '0044-search-segment-chunk-lexemes': m0044,
  '0045-search-segment-first-chunks': m0045,
  '0046-chunk-rows-whole': m0046,
  '0047-search-segment-bitmaps': m0047,
  '0048-search-vector-uncompressed': m0048,
  '0049-search-segment-counts': m0049,
  '0050-chunk-vector-trigger': m0050,
  '0051-text-lz4': m0051,
  '0052-search-page-documents': m0052,
  '0053-search-page-documents-parallel': m0053,
  '0054-oidc-secret-ids-hashed': m0054,
  '0055-mail-keys-dropped-after-sending': m0055,
  '0056-portal-upload-token': m0056,
  '0057-building-vocabulary': m0057,
  '0058-upload-registrant': m0058,
  '0059-report-reuse': m0059,
  '0060-import-requested-with-key': m0060,
  '0061-ask-turn-read-documents': m0061,
  '0062-busy-slots': m0062,
  '0063-mail-requesting-customer': m0063,
  '0064-names-without-hidden-characters': m0064,
  '0065-person-history': m0065,
  '0066-building-vocabulary-live': m0066,
  '0067-learned-evidence-without-names': m0067,
  '0068-document-lexemes-one-index': m0068,
  '0069-search-segment-building-postings': m0069,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The tables the migrator keeps its own state in (backups leave them out: a restore migrates the target itself). */
export const MIGRATION_TABLES = ['schema_migrations', 'schema_migrations_lock'] as const;

function migratorOf<T>(db: Kysely<T>): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: MIGRATION_TABLES[0],
    migrationLockTableName: MIGRATION_TABLES[1],
  });
}

/** Every migration this version knows, in order. */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}

/** The migrations applied to a database, in order (none on a database never migrated). */
export async function appliedMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const infos = await migratorOf(db).getMigrations();
  return infos.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<{ applied: string[] }> {
  if (await isUpToDate(db)) return { applied: [] };
  return applied(await migratorOf(db).migrateToLatest());
}

/**
 * Every start asks first, in one query, whether the applied migrations are exactly this version's: the migrator's own
 * check reads the whole catalogue (a third of a second on PGlite). Anything else, a database never migrated
 * included, goes to the migrator, which takes its lock and decides.
 */
async function isUpToDate<T>(db: Kysely<T>): Promise<boolean> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(MIGRATION_TABLES[0])} order by name`.execute(db);
    const names = migrationNames();
    return rows.length === names.length && rows.every((row, index) => row.name === names[index]);
  } catch {
    return false;
  }
}

/**
 * Migrates up to and including `name`: a restore loads a backup into the schema it was taken from, then migrates to
 * the latest, so the data changes of newer migrations apply to restored rows as they would have to the originals.
 */
export async function migrateTo<T>(db: Kysely<T>, name: string): Promise<{ applied: string[] }> {
  return applied(await migratorOf(db).migrateTo(name));
}

function applied({ error, results }: MigrationResultSet): { applied: string[] } {
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`migration ${failed.migrationName} failed`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
