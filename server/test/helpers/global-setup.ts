import process from 'node:process';
import {
  asAdmin,
  createTestTemplates,
  removeTestTemplates,
  TEMPLATES_VARIABLE,
  type TestTemplates,
} from './test-templates.js';

/**
 * Every database test runs on PGlite from a migrated archive; with TEST_DATABASE_URL set, it also runs on that
 * PostgreSQL server, each test file on its own copy of a migrated template database. `npm test` makes the templates
 * once for all its vitest runs (BYGGDOK_TEST_TEMPLATES); a vitest run of its own makes and removes them here.
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  // `npm test` runs the unit and jsdom files in vitest runs of their own, which open no database (scripts/test.mjs)
  if (process.env.BYGGDOK_TEST_DATABASES === 'none') return;
  const handedOver = process.env[TEMPLATES_VARIABLE];
  const templates = handedOver ? (JSON.parse(handedOver) as TestTemplates) : await createTestTemplates();
  provide('pgliteTemplate', templates.pgliteArchive);
  provide('pgliteDataDir', templates.pgliteDataDir);
  provide('postgresTemplate', templates.postgresTemplate);

  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // databases of test files that crashed before dropping their copy (test-database.ts names them by this process)
      await asAdmin(url, async (admin) => {
        const leftovers = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like 'byggdok_t_${process.pid}_%'`,
        );
        for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      });
    }
    if (!handedOver) await removeTestTemplates(templates);
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
