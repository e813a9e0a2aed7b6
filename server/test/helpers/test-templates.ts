import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { embeddedProviderSecrets } from '../../src/app/modules/sign-in.module.js';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/storage/db/database.js';
import { migrateToLatest } from '../../src/storage/db/migrations/index.js';
import { PGlitePool } from '../../src/storage/db/pglite-pool.js';
import type { DB } from '../../src/storage/db/schema.js';

/**
 * The migrated databases every database test starts from: a PGlite data folder and its archive (each test's PGlite
 * database is a copy of the archive, each `byggdok serve` a test starts on embedded defaults a copy of the folder), and
 * with TEST_DATABASE_URL a template database on that server (each test file's database is CREATE DATABASE ...
 * TEMPLATE it). PGlite's initdb and the migrations cost seconds, hundreds of times in a run, more than most tests.
 * Each template also holds the embedded sign-in's secrets, as an installation has them after its first start: making
 * the RSA signing key took a fifth of a second of CPU in each of the run's hundreds of installations. The tests of a
 * very first start make an empty folder or database of their own.
 */
export interface TestTemplates {
  pgliteArchive: string;
  pgliteDataDir: string;
  postgresTemplate: string | undefined;
}

/** `npm test` makes the templates once for its vitest runs and hands them over in this variable (scripts/test.mjs) */
export const TEMPLATES_VARIABLE = 'BYGGDOK_TEST_TEMPLATES';

async function pgliteTemplate(): Promise<{ archive: string; dataDir: string }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-pglite-template-'));
  const dataDir = path.join(folder, 'pglite');
  const pglite = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  try {
    await migrateToLatest(db);
    await embeddedProviderSecrets(db as Kysely<DB>);
    const archive = path.join(folder, 'pglite.tar');
    await fs.writeFile(archive, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return { archive, dataDir };
  } finally {
    await db.destroy();
    await pglite.close();
  }
}

/** `work` on one connection to the server as TEST_DATABASE_URL's user, closed after it */
export async function asAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(url: string): Promise<string> {
  const name = `byggdok_test_template_${process.pid}`;
  await asAdmin(url, async (admin) => {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  });
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolMax: 1 });
  try {
    await migrateToLatest(database.db);
    await embeddedProviderSecrets(database.db);
  } finally {
    await database.close();
  }
  return name;
}

/** both templates, made side by side (the PGlite one is CPU work in this process, the other the server's) */
export async function createTestTemplates(): Promise<TestTemplates> {
  const url = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([pgliteTemplate(), url ? postgresTemplate(url) : undefined]);
  return { pgliteArchive: pglite.archive, pgliteDataDir: pglite.dataDir, postgresTemplate: postgres };
}

export async function removeTestTemplates(templates: TestTemplates): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const template = templates.postgresTemplate;
  if (url && template) await asAdmin(url, (admin) => admin.query(`drop database if exists ${template} with (force)`));
  await fs.rm(path.dirname(templates.pgliteArchive), { recursive: true, force: true });
}

// `tsx server/test/helpers/test-templates.ts create` prints the templates as JSON; `... remove '<that JSON>'` removes
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [command, json] = process.argv.slice(2);
  if (command === 'create') process.stdout.write(`${JSON.stringify(await createTestTemplates())}\n`);
  else if (command === 'remove' && json) await removeTestTemplates(JSON.parse(json) as TestTemplates);
  else throw new Error('usage: test-templates.ts create | remove <json>');
}
