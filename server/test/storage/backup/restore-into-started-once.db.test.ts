import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirstAdministrator, FIRST_ADMIN_EMAIL } from '../../../src/app/first-admin.js';
import { runBackupCli, type BackupMode } from '../../../src/cli/backup.cli.js';
import { loadConfig } from '../../../src/config/config.js';
import { createBackup } from '../../../src/storage/backup/backup.js';
import { openDatabase, type Database, type Engine } from '../../../src/storage/db/database.js';
import { migrateToLatest } from '../../../src/storage/db/migrations/index.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { migratedPGliteFolder, testEngines } from '../../helpers/test-database.js';

/**
 * Issue 41, item 9: the README says a restore goes into "a database migrated and started once, with no data", but the
 * first start's administrator and audit entry made `byggdok restore` refuse every such target.
 */

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
let work: string;
let backupDir: string;
let source: TestApp;
let sourceSecret: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'byggdok-restore-started-'));
  backupDir = path.join(work, 'backup');
  source = await createTestApp({
    engine: 'pglite',
    settings: { storage: { kind: 'fs', root: path.join(work, 'source-files') } },
  });
  const seed = await source.seed();
  await source.upload({ seed, filename: 'FDV/Ventilasjon.pdf', bytes: Buffer.from('%PDF-1.4 ventilasjon') });
  await source.deps.services.users.createUser({
    email: 'driftssjef@eiendom.no',
    name: 'Driftssjef',
    password: 'en lang og god passordfrase',
    platformAdmin: true,
    actor: { kind: 'operator' },
  });
  sourceSecret = await secretOf(source.deps.database);
  await createBackup({
    database: source.deps.database,
    blobs: source.deps.blobs,
    dir: backupDir,
    blobStoreKind: 'fs',
    version: 'test',
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
  await rm(work, { recursive: true, force: true });
});

async function secretOf(database: Database): Promise<string> {
  const row = await database.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'signing_secret')
    .executeTakeFirstOrThrow();
  return String(row.value);
}

/** a new installation on `engine`, as `npm start` leaves it after its first start: migrated, first administrator */
async function startedOnce(engine: Engine, name: string) {
  const dataDir = path.join(work, name);
  const env: Record<string, string> = { BYGGDOK_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  let drop = async () => undefined;
  if (engine === 'pglite') await migratedPGliteFolder(path.join(dataDir, 'pglite'));
  if (engine === 'postgres') {
    const database = `byggdok_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    open = () => openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
    drop = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
    };
  }
  const database = await open();
  await migrateToLatest(database.db);
  const t = await createTestApp({
    engine,
    database,
    settings: { storage: { kind: 'fs', root: path.join(dataDir, 'files') } },
  });
  // what the service's first start does (run-server.ts)
  const file = await createFirstAdministrator({ users: t.deps.services.users, dataDir });
  expect(file).not.toBeNull();
  return { env, dataDir, open, drop, app: t };
}

async function cli(mode: BackupMode, argv: string[], env: Record<string, string>) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  try {
    const code = await runBackupCli({ mode, argv, config: loadConfig(env, { cwd: work }) });
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe.each(testEngines())('restore into an installation started once, on %s', (engine) => {
  it('counts the first start as empty: the backup’s users and signing secret replace what it made', async () => {
    const target = await startedOnce(engine, `started-${engine}`);
    try {
      await target.app.close();
      const restored = await cli('restore', [backupDir], target.env);
      expect(restored.stderr).not.toContain('byggdok restore:');
      expect(restored.code).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ replacedFirstStart: true });
      // the generated password belonged to the administrator who gave way
      expect(existsSync(path.join(target.dataDir, 'first-admin.txt'))).toBe(false);

      const database = await target.open();
      try {
        const users = await database.db.selectFrom('users').select('email').orderBy('email').execute();
        const sourceUsers = await source.deps.database.db
          .selectFrom('users')
          .select('email')
          .orderBy('email')
          .execute();
        expect(users).toEqual(sourceUsers);
        expect(users.map((u) => u.email)).not.toContain(FIRST_ADMIN_EMAIL);
        const audit = await database.db.selectFrom('audit_events').select('id').orderBy('id').execute();
        const sourceAudit = await source.deps.database.db
          .selectFrom('audit_events')
          .select('id')
          .orderBy('id')
          .execute();
        expect(audit).toEqual(sourceAudit);
        expect(await secretOf(database)).toBe(sourceSecret);
        expect(await database.db.selectFrom('documents').select('id').execute()).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('refuses a target whose first administrator has signed in, and changes nothing', async () => {
    const target = await startedOnce(engine, `used-${engine}`);
    try {
      const admin = await target.app.deps.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', FIRST_ADMIN_EMAIL)
        .executeTakeFirstOrThrow();
      // the administrator chose their own password: the installation is in use
      await target.app.deps.database.db
        .updateTable('users')
        .set({ must_change_password: false, last_sign_in_at: new Date() })
        .where('id', '=', admin.id)
        .execute();
      await target.app.close();

      const refused = await cli('restore', [backupDir], target.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/byggdok restore: the target installation is not empty: .*users \(1 rows\)/);
      const database = await target.open();
      try {
        const users = await database.db.selectFrom('users').select('email').execute();
        expect(users).toEqual([{ email: FIRST_ADMIN_EMAIL }]);
        expect(await database.db.selectFrom('documents').select('id').execute()).toHaveLength(0);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);
});
