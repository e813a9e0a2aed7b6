import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `byggdok <args>` as its own process, the way an operator would: as built (`npm start` runs server/dist), which
 * the process tests' setup brings up to date with the sources (build-setup.ts).
 */
export function runByggdok(params: {
  args: string[];
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ProcessResult> {
  const child = startByggdok(params);
  return waitForExit(child, params.timeoutMs ?? 30_000);
}

export function startByggdok(params: {
  args: string[];
  env: Record<string, string>;
}): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/main.js'), ...params.args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...params.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return Object.assign(child, { output: () => output });
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process did not exit within ${timeoutMs} ms: ${stdout}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** waits for a started byggdok to answer `/readyz`; when it does not, the error says what the process printed */
export async function waitForReady(
  service: ReturnType<typeof startByggdok>,
  base: string,
  timeoutMs = 30_000,
): Promise<void> {
  try {
    await waitForHttp(`${base}/readyz`, timeoutMs);
  } catch (error) {
    throw new Error(`byggdok did not become ready at ${base}:\n${service.output()}`, { cause: error });
  }
}

const STOP_GRACE_MS = 40_000;

/**
 * Stops a process with SIGTERM, as a process manager would. byggdok exits by itself 25 s after the signal at the latest,
 * so one still running 40 s later is stuck (its main thread blocked: no signal handler runs): it is killed, and the
 * stop fails saying so, instead of holding the test's hook until its timeout.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  // ended already: by itself, or by a signal (exitCode stays null then)
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const stuck = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), STOP_GRACE_MS))),
  ]);
  clearTimeout(timer);
  if (!stuck) return;
  child.kill('SIGKILL');
  await exited;
  throw new Error(`process ${child.pid} did not stop within ${STOP_GRACE_MS} ms of SIGTERM: killed`);
}

/**
 * A new data folder for a service a test starts on embedded defaults, its PGlite database already migrated: a copy of
 * the one the global setup made, so the service starts in seconds instead of running PGlite's initdb and every
 * migration (a third of a browser test's time). The tests of the very first start make an empty folder of their own.
 */
export async function newDataDir(prefix: string): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // imported here, not above: the benches use this file's other helpers outside vitest
  const { migratedPGliteFolder } = await import('./test-database.js');
  await migratedPGliteFolder(path.join(dataDir, 'pglite'));
  return dataDir;
}

/**
 * `byggdok serve` on embedded defaults in a new data folder (its database migrated, see `newDataDir`), answering on a
 * free port: its address, the environment it runs with (for CLI commands against it), and a stop that also removes
 * the folder.
 */
export async function startEmbeddedService(prefix: string) {
  const dataDir = await newDataDir(prefix);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { BYGGDOK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BYGGDOK_PUBLIC_URL: base };
  const service = startByggdok({ args: ['serve'], env });
  try {
    await waitForReady(service, base, 60_000);
  } catch (error) {
    await stopProcess(service);
    throw error;
  }
  return {
    service,
    dataDir,
    base,
    env,
    async stop() {
      await stopProcess(service);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The first administrator of a freshly started embedded service, ready to sign in: the generated first password must be
 * changed at the first sign-in (sign-in.process.test.ts walks through that page), so the operator sets a known one
 * through the admin API, as `byggdok` operators can.
 */
export async function firstAdminLogin(base: string, dataDir: string): Promise<{ email: string; password: string }> {
  const first = await fs.readFile(path.join(dataDir, 'first-admin.txt'), 'utf8');
  const email = /^email=(.+)$/m.exec(first)?.[1] ?? '';
  const admin = { authorization: `Bearer ${(await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim()}` };
  const found = (await (
    await fetch(`${base}/admin/users?email=${encodeURIComponent(email)}`, { headers: admin })
  ).json()) as { users: { id: string }[] };
  const password = `first-admin-${Date.now().toString(36)}-password`;
  const set = await fetch(`${base}/admin/users/${found.users[0]!.id}/password`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!set.ok) throw new Error(`setting the first administrator's password: ${set.status} ${await set.text()}`);
  return { email, password };
}
