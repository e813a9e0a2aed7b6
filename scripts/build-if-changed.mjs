#!/usr/bin/env node
/**
 * `npm start` builds only what changed: each workspace (sdk, server, web) is built when its inputs (its sources and
 * configuration, and those of what it builds on) differ from those of its last build, or its build is missing. The
 * inputs are fingerprinted by path, size and modification time, kept in dist/.inputs. `--all` builds everything.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const CONFIG = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts', 'index.html'];

/** what each workspace is built from; a workspace rebuilds when any of them changed */
const WORKSPACES = [
  { name: '@byggdok/sdk', dir: 'sdk', inputs: ['sdk/src', 'sdk/openapi.json'] },
  { name: '@byggdok/server', dir: 'server', inputs: ['server/src', 'sdk/src'] },
  // the web app bundles the classification reference tables from the server's sources
  {
    name: '@byggdok/web',
    dir: 'web',
    inputs: ['web/src', 'web/public', 'sdk/src', 'server/src/domain/classification'],
  },
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield [entry, stat];
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    yield* files(path.join(entry, name));
  }
}

function fingerprint(workspace) {
  const hash = createHash('sha256');
  const entries = [...workspace.inputs, ...CONFIG.map((name) => path.join(workspace.dir, name)), 'package-lock.json'];
  for (const entry of entries) {
    for (const [file, stat] of files(entry)) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

// --all (npm run build, and so npm ci's prepare): everything, stamped, so the next start builds nothing
const all = process.argv.includes('--all');
let built = 0;
for (const workspace of WORKSPACES) {
  const stamp = path.join(root, workspace.dir, 'dist', '.inputs');
  const now = fingerprint(workspace);
  const last = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (last === now && !all) continue;
  if (!all) process.stderr.write(`building ${workspace.name} (${last ? 'sources changed' : 'no build yet'})\n`);
  execFileSync('npm', ['run', 'build', '--workspace', workspace.name, '--silent'], { cwd: root, stdio: 'inherit' });
  // the build may have emptied dist: the stamp is written after it
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${now}\n`);
  built += 1;
}
if (built === 0) process.stderr.write('the build is up to date\n');
