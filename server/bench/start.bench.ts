/**
 * Starting the service as the README says (`npm start`, embedded defaults): time from the command to the first
 * answer of /readyz. The baseline, measured in the same run, is the first start: it builds (every workspace's build
 * stamp removed first) and creates the data folder; then starts on an unchanged build and the same data folder.
 * The target: an unchanged start answers in under 3 s. Nothing fails.
 *
 *   npm run bench:start                one building start, three unchanged starts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `npm start` on this data folder until /readyz answers 200: milliseconds */
async function timedStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, BYGGDOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    // the whole group: npm and the node it started
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const stamps = ['sdk', 'server', 'web'].map((dir) => path.join(ROOT, dir, 'dist', '.inputs'));
await Promise.all(stamps.map((stamp) => rm(stamp, { force: true })));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'byggdok-start-'));
const building = await timedStart(dataDir);
const unchanged: number[] = [];
for (let run = 0; run < 3; run++) unchanged.push(await timedStart(dataDir));
await rm(dataDir, { recursive: true, force: true });
const median = [...unchanged].sort((a, b) => a - b)[1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`start that builds (baseline): ${seconds(building)}`);
console.log(`unchanged starts: ${unchanged.map(seconds).join(', ')} (median ${seconds(median)})`);
console.log(
  `ratio: ${(median / building).toFixed(2)}x the baseline; target < 3 s: ${median < 3000 ? 'met' : 'missed'}`,
);
