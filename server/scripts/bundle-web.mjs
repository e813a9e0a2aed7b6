#!/usr/bin/env node
/**
 * `npm pack` of the service (prepack): the web app's built files go into the package as web-dist/, so an install
 * outside the checkout serves /app/ (see webAppRoot). Build the web app first (`npm run build` at the root).
 */
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const server = path.resolve(import.meta.dirname, '..');
const built = path.resolve(server, '../web/dist');
const target = path.join(server, 'web-dist');
if (!fs.existsSync(path.join(built, 'index.html'))) {
  process.stderr.write(`bundle-web: no web app build at ${built}: run npm run build at the repository root first\n`);
  process.exit(1);
}
fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(built, target, { recursive: true, filter: (source) => !source.includes(`${path.sep}.inputs`) });
process.stdout.write(`bundle-web: ${path.relative(server, built)} -> web-dist\n`);
