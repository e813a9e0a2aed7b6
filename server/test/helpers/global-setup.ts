import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/storage/db/database.js';
import { migrateToLatest } from '../../src/storage/db/migrations/index.js';
import { PGlitePool } from '../../src/storage/db/pglite-pool.js';

/**
 * A PGlite database made and migrated once, in a data folder on disk and as that folder's archive: each test's PGlite
 * database starts from a copy of the archive, and each `byggdok serve` a test starts on embedded defaults from a copy
 * of the folder (PGlite's initdb and the migrations cost seconds, hundreds of times in a run, more than most tests).
 */
async function pgliteTemplate(): Promise<{ archive: string; dataDir: string }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-pglite-template-'));
  const dataDir = path.join(folder, 'pglite');
  const pglite = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  try {
    await migrateToLatest(db);
    const archive = path.join(folder, 'pglite.tar');
    await fs.writeFile(archive, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return { archive, dataDir };
  } finally {
    await db.destroy();
    await pglite.close();
  }
}

/**
 * Every database test runs on PGlite from a migrated archive made here; with TEST_DATABASE_URL set, it also runs on
 * that PostgreSQL server: a template database is migrated once here, and each test file gets its own copy of it
 * (CREATE DATABASE ... TEMPLATE is fast).
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  // `npm test` runs the unit files in a vitest run of their own, which opens no database (scripts/test.mjs)
  if (process.env.BYGGDOK_TEST_DATABASES === 'none') return;
  const template = await pgliteTemplate();
  provide('pgliteTemplate', template.archive);
  provide('pgliteDataDir', template.dataDir);
  const removeArchive = () => fs.rm(path.dirname(template.archive), { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return removeArchive;
  const postgresTemplate = `byggdok_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${postgresTemplate}`);
  await admin.query(`create database ${postgresTemplate}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${postgresTemplate}`;
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolMax: 1 });
  await migrateToLatest(database.db);
  await database.close();
  provide('postgresTemplate', postgresTemplate);

  return async () => {
    // databases of test files that crashed before dropping their copy
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'byggdok_t_${process.pid}_%'`,
    );
    for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
    await admin.end();
    await removeArchive();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | undefined;
    /** the migrated PGlite data folder archive's path */
    pgliteTemplate: string | undefined;
    /** the migrated PGlite data folder itself (copy it before use: PGlite writes into the folder it opens) */
    pgliteDataDir: string | undefined;
  }
}
