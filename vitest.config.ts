import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, told apart by the test file's name, so a developer runs the fast one in seconds and CI runs all:
 * - unit (`*.test.ts`): no database, no spawned service; `npm run test:unit`
 * - integration (`*.db.test.ts`): a fresh database per file, on PGlite and, with TEST_DATABASE_URL, PostgreSQL too
 * - process (`*.process.test.ts`): spawned services and workers whose timing matters
 * `test/` mirrors `src/`: a test of src/domain/answers lives in test/domain/answers.
 */
const DB = '**/*.db.test.ts';
const PROCESS = '**/*.process.test.ts';

export default defineConfig({
  resolve: {
    // the SDK from source, as tsconfig.json's paths has it (vitest does not read those)
    alias: { '@byggdok/sdk': fileURLToPath(new URL('./sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'sdk/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', DB, PROCESS],
        },
      },
      { extends: true, test: { name: 'integration', include: [`test/${DB}`] } },
      { extends: true, test: { name: 'process', include: [`test/${PROCESS}`] } },
    ],
  },
});
