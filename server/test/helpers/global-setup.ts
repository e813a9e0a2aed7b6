import pg from 'pg';
import { openDatabase } from '../../src/storage/db/database.js';
import { migrateToLatest } from '../../src/storage/db/migrations/index.js';

/**
 * With TEST_DATABASE_URL set, every database test also runs on that PostgreSQL server: a template database is
 * migrated once here, and each test file gets its own copy of it (CREATE DATABASE ... TEMPLATE is fast).
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | undefined;
  }
}
