import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';

/**
 * The SDK's types, generated from the committed OpenAPI document: `tsx sdk/scripts/generate-types.ts` writes them,
 * `--check` fails when the committed file differs from a fresh generation (hand edits, or a document regenerated
 * without its types).
 */

const SDK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOCUMENT_PATH = path.join(SDK, 'openapi.json');
export const TYPES_PATH = path.join(SDK, 'src/generated/schema.ts');

const HEADER = `/**
 * Generated from sdk/openapi.json by openapi-typescript (npm run sdk:generate). Do not edit: npm run sdk:check fails
 * when this file differs from a fresh generation.
 */

`;

/** openapi-typescript's output, formatted as the repository formats TypeScript. */
export async function generateTypes(document: OpenAPI3): Promise<string> {
  const code = HEADER + astToString(await openapiTS(document, { silent: true }));
  const options = await prettier.resolveConfig(TYPES_PATH);
  return prettier.format(code, { ...options, filepath: TYPES_PATH });
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean' } } });
  const document = JSON.parse(await readFile(DOCUMENT_PATH, 'utf8')) as OpenAPI3;
  const fresh = await generateTypes(document);
  const relative = path.relative(process.cwd(), TYPES_PATH);
  if (!values.check) {
    await writeFile(TYPES_PATH, fresh);
    return 0;
  }
  const committed = await readFile(TYPES_PATH, 'utf8').catch(() => null);
  if (committed === fresh) return 0;
  const freshCopy = path.join(await mkdtemp(path.join(os.tmpdir(), 'byggdok-sdk-types-')), 'schema.ts');
  await writeFile(freshCopy, fresh);
  process.stderr.write(
    `${relative} does not match the types generated from ${path.relative(process.cwd(), DOCUMENT_PATH)} ` +
      `(edited by hand, or the document was regenerated without them). A fresh copy is in ${freshCopy}. ` +
      'Run `npm run sdk:generate` and commit the result.\n',
  );
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(
      `generate-types: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
