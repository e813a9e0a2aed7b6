#!/usr/bin/env node
/**
 * `npm test`: every tier, in two lanes side by side, so a 2-core machine is busy all the way through.
 *
 * - first, the migrated template databases every database test starts from, made once for every vitest run below
 *   (server/test/helpers/test-templates.ts), while the unit and jsdom files, which need none, run;
 * - the process lane: the unit files in one process without isolation (they keep no state between files, and
 *   importing the server's modules once instead of per file halves the tier's time), the jsdom files, then spawned
 *   services, workers and a real Chromium, one file at a time (their timing matters), then the database files that
 *   need a process of their own (vitest.config.ts);
 * - the other lane, at a lower CPU priority (`nice`), so the process lane runs as if it were alone and this one takes
 *   what it leaves: the integration files two at a time in two processes that keep their modules from file to file.
 *
 * Measured on 2026-11-30's slow machine, both cores busy throughout (so only less work shortens the run): with the
 * unit files before the integration files and each integration file in a process of its own, `npm test` took
 * 1,940 s; these lanes with that isolation 2,049 s (about 4,000 s of CPU; collecting the integration files, mostly
 * importing modules, 471 s of it); without it 1,705 s (3,306 s of CPU, collecting 83 s). Each lane's lines carry its
 * name; every vitest run prints its own summary and failures. With arguments (`npm test -- server/test/x.test.ts`)
 * it is one plain `vitest run` with them.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';
import readline from 'node:readline';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

/** runs `vitest run <args>`, each line of its output prefixed: its exit code */
function vitest(lane, vitestArgs, { nice = false, env = {} } = {}) {
  const command = nice ? 'nice' : process.execPath;
  const commandArgs = nice ? ['-n', '10', process.execPath, ...VITEST, ...vitestArgs] : [...VITEST, ...vitestArgs];
  const started = Date.now();
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`[${lane}] could not start vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `[${lane}] vitest ${vitestArgs.join(' ')}: ${signal ?? `exit ${code}`} after ${seconds} s\n`,
      );
      resolve(code ?? 1);
    });
  });
}

async function lane(name, runs, options) {
  let failed = 0;
  // a failed run does not stop the lane: every tier's failures are worth seeing in one CI run
  for (const pending of runs) {
    const run = await pending;
    if (run.failed || (await vitest(name, run.args, { ...options, env: run.env })) !== 0) failed = 1;
  }
  return failed;
}

/** runs a TypeScript file with tsx: its standard output, or null (its error printed) when it fails */
function tsx(tsxArgs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...tsxArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      process.stdout.write(`could not run ${tsxArgs[0]}: ${error.message}\n`);
      resolve(null);
    });
    child.on('close', (code) => resolve(code === 0 ? output.trim() : null));
  });
}

/** the template databases as JSON (server/test/helpers/test-templates.ts), or null when they could not be made */
async function makeTemplates() {
  const templates = await tsx(['server/test/helpers/test-templates.ts', 'create']);
  if (templates === null) process.stdout.write('npm test: the template databases could not be made\n');
  return templates;
}

if (args.length > 0) {
  process.exitCode = await new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
} else {
  const started = Date.now();
  // the migrated template databases, made once here for every vitest run that opens databases (instead of once per
  // run): the unit and jsdom files, which open none, run meanwhile
  const templates = makeTemplates();
  const withTemplates = async (run) => {
    const made = await templates;
    return made ? { ...run, env: { ...run.env, BYGGDOK_TEST_TEMPLATES: made } } : { failed: true };
  };
  const codes = await Promise.all([
    lane('process', [
      // no test database to prepare for the unit files
      { args: ['--project', 'unit', '--no-isolate'], env: { BYGGDOK_TEST_DATABASES: 'none' } },
      { args: ['--project', 'web'], env: { BYGGDOK_TEST_DATABASES: 'none' } },
      withTemplates({ args: ['--project', 'process'] }),
      // the files that need a process of their own: this lane ends minutes before the other (2026-11-30: 1,086 s
      // against 1,501 s), and at the end of the other lane they kept one core busy and left the other idle
      withTemplates({ args: ['--project', 'integration-own-process'] }),
    ]),
    lane(
      'rest',
      [
        // one module cache per worker: each file opens its own databases and app and closes them, so importing the
        // server's modules once per worker instead of once per file saves minutes of CPU
        withTemplates({ args: ['--project', 'integration', '--no-isolate'] }),
      ],
      { nice: true },
    ),
  ]);
  const made = await templates;
  if (made) await tsx(['server/test/helpers/test-templates.ts', 'remove', made]);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const failed = codes.some((code) => code !== 0);
  process.stdout.write(`npm test: ${failed ? 'FAILED' : 'passed'} in ${seconds} s\n`);
  process.exitCode = failed ? 1 : 0;
}
