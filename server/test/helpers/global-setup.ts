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
 * A PGlite database made and migrated once, as a data folder archive: each test's PGlite database starts from a copy
 * of it (PGlite's initdb and the migrations cost seconds, hundreds of times in a run, more than most tests).
 */
async function pgliteTemplate(): Promise<string> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  try {
    await migrateToLatest(db);
    const archive = await pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `byggdok-pglite-template-${process.pid}.tar`);
    await fs.writeFile(file, Buffer.from(await archive.arrayBuffer()));
    return file;
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
  const archive = await pgliteTemplate();
  provide('pgliteTemplate', archive);
  const removeArchive = () => fs.rm(archive, { force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return removeArchive;
  const template = `byggdok_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolMax: 1 });
  await migrateToLatest(database.db);
  await database.close();
  provide('postgresTemplate', template);

  return async () => {
    // databases of test files that crashed before dropping their copy
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'byggdok_t_${process.pid}_%'`,
    );
    for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await removeArchive();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | undefined;
    /** the migrated PGlite data folder archive's path */
    pgliteTemplate: string | undefined;
  }
}
