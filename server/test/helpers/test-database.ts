import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../src/storage/db/database.js';
import { migrateToLatest } from '../../src/storage/db/migrations/index.js';
import { asAdmin } from './test-templates.js';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteArchive: Promise<Blob> | undefined;

/** the migrated data folder the global setup made, read once per test process */
function migratedPGlite(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteArchive ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteArchive;
}

/**
 * Makes `dataDir` a migrated PGlite data folder, as a service's first start leaves it: a copy of the one the global
 * setup made (PGlite's initdb and the migrations cost seconds); without the global setup, left for PGlite to create.
 */
export async function migratedPGliteFolder(dataDir: string): Promise<void> {
  const template = inject('pgliteDataDir');
  if (template) await fs.cp(template, dataDir, { recursive: true });
}

/** A fresh, migrated database for one test file (or one describe block); `url` lets another "process" connect. */
export async function createTestDatabase(engine: Engine): Promise<Database & { url: string | null }> {
  if (engine === 'pglite') {
    const archive = await migratedPGlite();
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(archive ? { loadDataDir: archive } : {}),
    });
    // nothing to do after a copy of the migrated archive; everything without one
    await migrateToLatest(database.db);
    return { ...database, url: null };
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `byggdok_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  await asAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl.toString(), poolMax: 5 });
  return {
    ...database,
    url: databaseUrl.toString(),
    close: async () => {
      await database.close();
      await asAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
