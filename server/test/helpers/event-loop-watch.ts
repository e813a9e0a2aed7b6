import { performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';
import { expect } from 'vitest';

/**
 * A vitest worker must answer its runner within 60 s (birpc's fixed timeout): when its event loop is kept from turning
 * that long, every test may pass and the run still fails with `Timeout calling "onTaskUpdate"`, naming no test (CI,
 * 2026-12-04). This setup file, loaded in every test worker (vitest.config.ts), says which test kept the loop waiting, whenever a
 * wait passes WARN_MS, so that such a failure points at its cause.
 */
const WARN_MS = 10_000;
const TICK_MS = 500;

const watched = globalThis as { byggdokEventLoopWatch?: true };
if (watched.byggdokEventLoopWatch === undefined) {
  // once per worker: setup files run again before every file when the worker keeps its modules (--no-isolate)
  watched.byggdokEventLoopWatch = true;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const waited = now - last - TICK_MS;
    last = now;
    if (waited < WARN_MS) return;
    const { currentTestName, testPath } = expect.getState();
    process.stderr.write(
      `event loop kept waiting ${(waited / 1000).toFixed(1)} s in ${testPath ?? 'a test file'}` +
        ` (${currentTestName ?? 'a hook'}); the runner gives up on a worker after 60 s\n`,
    );
  }, TICK_MS).unref();
}
