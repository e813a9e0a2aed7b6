import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, told apart by the test file's name, so a developer runs the fast one in seconds and CI runs all:
 * - unit (`*.test.ts`): no database, no spawned service; `npm run test:unit`
 * - integration (`*.db.test.ts`): a fresh database per file, on PGlite and, with TEST_DATABASE_URL, PostgreSQL too
 * - process (`*.process.test.ts`): spawned services and workers whose timing matters
 * - web (`web/test/`): the web app's components in jsdom; its pages end to end are process tests in a real Chromium
 * `server/test/` mirrors `server/src/`: a test of server/src/domain/answers lives in server/test/domain/answers.
 */
const DB = '**/*.db.test.ts';
const PROCESS = '**/*.process.test.ts';
/**
 * database files that need a process of their own: they change what every later file in the process would see (an
 * empty PATH, so the tool probes cached per process find no poppler, tesseract or LibreOffice)
 */
const OWN_PROCESS = ['server/test/domain/pipeline/corpus-fresh-machine.db.test.ts'];

export default defineConfig({
  resolve: {
    // the SDK from source, as tsconfig.json's paths has it (vitest does not read those)
    alias: { '@byggdok/sdk': fileURLToPath(new URL('./sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    globalSetup: ['server/test/helpers/global-setup.ts'],
    // says which test kept a worker's event loop waiting for 10 s or more (the runner gives up on a worker after 60 s)
    setupFiles: ['server/test/helpers/event-loop-watch.ts'],
    // generous: `npm test` runs the unit and integration files at a lower priority beside the process lane, and on a
    // slow 2-core machine a test that takes 3 s alone took 25-30 s there; a limit only stops a test that hangs
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // a larger young generation for the test processes: they allocate a lot that dies young (PGlite's query buffers,
    // JSON, HTTP bodies), and with V8's default semi-space scavenges ran so often that three database files took 6 %
    // more CPU (2026-12-07: 76.8 and 73.5 CPU-s against 70.4 and 70.0 with 32 MB; 64 MB was no better)
    poolOptions: { forks: { execArgv: ['--max-semi-space-size=32'] } },
    // two at a time (vitest's default on a 2-core machine is one): most files wait on PostgreSQL, not the CPU; the
    // process tests, whose timing matters, still run one by one, after the rest
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/test/**/*.test.ts', 'sdk/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', DB, PROCESS],
        },
      },
      {
        // `npm test` runs these with --no-isolate (scripts/test.mjs): the files of a worker share its modules (the
        // pool's isolation is one setting for every project, so it cannot be set here); the files that change the
        // process itself are a project of their own, run with isolation
        extends: true,
        test: { name: 'integration', include: [`server/test/${DB}`], exclude: ['**/node_modules/**', ...OWN_PROCESS] },
      },
      { extends: true, test: { name: 'integration-own-process', include: OWN_PROCESS } },
      {
        // the web app's pieces in a DOM (jsdom), rendered by React as in the browser
        extends: true,
        esbuild: { jsx: 'automatic' },
        test: { name: 'web', include: ['web/test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: [`server/test/${PROCESS}`],
          // the services and CLIs these files start run as built: the build is brought up to date first
          globalSetup: ['server/test/helpers/global-setup.ts', 'server/test/helpers/build-setup.ts'],
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
