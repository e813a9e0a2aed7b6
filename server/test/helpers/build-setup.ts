import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The process tests run the service and its CLI as built (`server/dist`, the web app's `web/dist`), the way an
 * operator runs them with `npm start`: a Node process that loads compiled JavaScript starts in a third of the CPU
 * time of one that compiles TypeScript as it loads, and the process tests start hundreds. So the build is brought up
 * to date first: it rebuilds only the workspaces whose sources changed since their last build, and nothing after
 * `npm ci` (whose prepare step builds all).
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], { cwd: root, stdio: 'inherit' });
}
