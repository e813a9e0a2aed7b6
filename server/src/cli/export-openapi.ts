import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Services } from '../app/dependencies.js';
import { VERSION } from '../app/version.js';
import { createLogger } from '../http/logging.js';
import { buildServer } from '../http/server.js';

/**
 * The OpenAPI document the SDK is generated from: every route the service can serve, described by the route schemas.
 *
 * Run with `tsx src/cli/export-openapi.ts --out sdk/openapi.json` (npm run sdk:generate), or `--check <file>` to fail
 * when a committed copy differs from a fresh export (npm run sdk:check).
 */

type JsonObject = { [key: string]: unknown };

/**
 * Route registration only keeps references to the services; describing the routes never calls them. A stand-in that
 * fails loudly when called keeps the export free of a database, and tells at once if a route starts doing work at
 * registration time.
 */
function servicesThatAreNeverCalled(): Services {
  const service = (name: string) =>
    new Proxy(
      {},
      {
        get: (_target, member) =>
          // `then` is probed by `await`; symbols by inspection: neither is a call of the service
          typeof member === 'symbol' || member === 'then'
            ? undefined
            : () => {
                throw new Error(`export-openapi: ${name}.${member} was called while only describing the routes`);
              },
      },
    );
  return new Proxy({} as Services, {
    get: (_target, name) => (typeof name === 'symbol' || name === 'then' ? undefined : service(name)),
  });
}

/** The document as the service would serve it, with every optional route on and nothing host-specific in it. */
export async function buildOpenApiDocument(): Promise<JsonObject> {
  const app = await buildServer({
    services: servicesThatAreNeverCalled(),
    // the embedded storage's blob routes are hidden from the document either way
    localBlobs: null,
    logger: createLogger({ level: 'silent' }),
    isReady: async () => true,
    options: {
      // dropped below: clients pass their own base URL
      publicUrl: 'http://localhost',
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      adminToken: 'export-only-token-that-no-request-will-ever-see',
      // the rate limiter adds no route and needs no Redis to be described
      rateLimit: { enabled: false, max: 1, windowMs: 1 },
      redisUrl: null,
      version: VERSION,
      // served only with S3 storage; described so the document covers every route the service has
      s3EventsToken: 'export-only-token-that-no-request-will-ever-see',
    },
  });
  try {
    await app.ready();
    const document = structuredClone(app.swagger()) as unknown as JsonObject;
    delete document.servers;
    return canonical(document);
  } finally {
    await app.close();
  }
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortedObject(object: JsonObject, compare: (a: string, b: string) => number = byName): JsonObject {
  return Object.fromEntries(
    Object.keys(object)
      .sort(compare)
      .map((key) => [key, object[key]]),
  );
}

/**
 * Paths, methods and components in a fixed order, so that moving a route file or registering routes in another order
 * does not change the document; within a schema the declared order stays, since it is what a reader expects.
 */
function canonical(document: JsonObject): JsonObject {
  const paths = sortedObject((document.paths ?? {}) as JsonObject);
  for (const [pathName, item] of Object.entries(paths)) {
    paths[pathName] = sortedObject(item as JsonObject, (a, b) => {
      const rank = (key: string) => (METHOD_ORDER.includes(key) ? METHOD_ORDER.indexOf(key) : METHOD_ORDER.length);
      return rank(a) - rank(b) || byName(a, b);
    });
  }
  const components = document.components as Record<string, JsonObject> | undefined;
  const sortedComponents = components
    ? Object.fromEntries(Object.entries(sortedObject(components)).map(([k, v]) => [k, sortedObject(v as JsonObject)]))
    : undefined;
  return { ...document, ...(sortedComponents ? { components: sortedComponents } : {}), paths };
}

/** Two-space JSON with a final newline: the committed form of the document. */
export function renderOpenApiDocument(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Where two texts first differ, as a line number and both lines, for a message a developer can act on. */
export function firstDifference(committed: string, fresh: string): { line: number; committed: string; fresh: string } {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  let line = 0;
  while (line < Math.max(a.length, b.length) && a[line] === b[line]) line++;
  return { line: line + 1, committed: a[line] ?? '(end of file)', fresh: b[line] ?? '(end of file)' };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, check: { type: 'string' } } });
  const text = renderOpenApiDocument(await buildOpenApiDocument());
  if (values.check) {
    const committed = await readFile(values.check, 'utf8').catch(() => null);
    if (committed === text) return 0;
    const freshCopy = path.join(await mkdtemp(path.join(os.tmpdir(), 'byggdok-openapi-')), 'openapi.json');
    await writeFile(freshCopy, text);
    const where =
      committed === null
        ? `${values.check} does not exist`
        : (() => {
            const d = firstDifference(committed, text);
            return `first difference at line ${d.line}:\n  committed: ${d.committed.trim()}\n  fresh:     ${d.fresh.trim()}`;
          })();
    process.stderr.write(
      `${values.check} is out of date with the route schemas; ${where}\n` +
        `A fresh export is in ${freshCopy}. Run \`npm run sdk:generate\` and commit the result.\n`,
    );
    return 1;
  }
  if (values.out) await writeFile(values.out, text);
  else process.stdout.write(text);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(
        `export-openapi: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
