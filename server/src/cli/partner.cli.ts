import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ByggdokApiError,
  ByggdokNetworkError,
  createByggdokClient,
  type BuildingPath,
  type ByggdokClient,
  type DocumentListItem,
} from '@byggdok/sdk';
import type { Config } from '../config/config.js';
import { EXIT_UNREACHABLE, filesOf, keyOf, KEY_OPTIONS, serviceUrl, UsageError } from './cli-calls.js';

const USAGE = `byggdok <upload|search|ask|export|maintenance> ...   (a partner's commands, with its API key)

  upload <file or folder> --owner <buildingOwnerId> --building <buildingId> [--replaces <documentId>]
         every file, its path under the folder kept as originalPath, four at a time; files the building already has
         (the same MD5) are skipped, so it resumes after an interruption; then waits until they are processed.
         --replaces: the one file is a new version of that document of the building (a corrected edition, the
         next revision): once uploaded, it supersedes it
  search <query> --owner <id> [--building <id>]     the hits: filename, folder, NS 3451 category
  ask <question> --owner <id> [--building <id>]     the answer as it is written, then its numbered citations
  export <folder> --owner <id> --building <id>      every document into the folder at its original path, and
         byggdok-export.json with each one's metadata and classification; files already there are not fetched again
  maintenance export --owner <id> [--building <id>] [--format csv|ics] [--start YYYY-MM-DD] [--out <file>]
         the maintenance plan (a building's, or the owner's across its buildings) as CSV (default) or iCalendar,
         to the file or to stdout

Options: --key <API key> (default BYGGDOK_API_KEY), --key-file <file> (the key on the file's first line, out of the
process list other users of the machine can read), --url <service URL> (default BYGGDOK_PUBLIC_URL or
http://localhost:$PORT), --json (print the API's JSON instead of text)

Exit codes: 0 done; 2 the command was given wrong or the service refused it; 3 the service could not be reached
("cannot reach http://...: connection refused", or no answer in time); 1 anything else.
`;

/** files sent at once: enough to keep a connection busy while the next file is read */
const PARALLEL_TRANSFERS = 4;

const md5Of = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** runs `work` over the items, `parallel` at a time */
async function eachInParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/**
 * A progress bar on the terminal (stderr, one line redrawn): files done of all, and bytes. Nothing when stderr is not
 * a terminal, so logs and pipes get only the lines on stdout.
 */
export function progressBar(params: { total: number; verb: string; stream?: NodeJS.WriteStream }) {
  const stream = params.stream ?? process.stderr;
  let done = 0;
  let bytes = 0;
  const draw = (): void => {
    if (!stream.isTTY) return;
    const width = 30;
    const filled = params.total ? Math.round((done / params.total) * width) : width;
    const megabytes = (bytes / 1024 / 1024).toFixed(1);
    stream.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${params.total} ${params.verb}, ${megabytes} MB`,
    );
  };
  draw();
  return {
    tick(size: number): void {
      done += 1;
      bytes += size;
      draw();
    },
    end(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
}

async function upload(
  client: ByggdokClient,
  target: string,
  building: BuildingPath,
  json: boolean,
  replaces: string | undefined,
) {
  const files = await filesOf(target);
  if (replaces !== undefined && files.length !== 1)
    throw new UsageError(`--replaces names one document: give one file, not ${files.length}`);
  // run again after an interruption (or on a folder that grew), it sends only what the building does not have; a new
  // version is sent as asked (run again, the service refuses it: the document it replaces is superseded by then)
  const present = new Set<string>();
  if (replaces === undefined)
    for await (const document of client.documents.iterate(building, { limit: 1000 }))
      if (document.md5Checksum) present.add(document.md5Checksum);
  const ids: string[] = [];
  const skipped: string[] = [];
  const bar = json ? null : progressBar({ total: files.length, verb: 'files' });
  await eachInParallel(files, PARALLEL_TRANSFERS, async (file) => {
    const bytes = await fs.readFile(file.full);
    const md5 = md5Of(bytes);
    if (present.has(md5)) {
      skipped.push(file.name);
      if (!json) process.stdout.write(`already there ${file.name}\n`);
    } else {
      present.add(md5);
      const { documentId } = await client.documents.upload(building, {
        filename: file.name,
        body: bytes,
        ...(replaces !== undefined ? { replacesDocumentId: replaces } : {}),
      });
      ids.push(documentId);
      if (!json)
        process.stdout.write(
          `uploaded ${file.name}${replaces !== undefined ? `, a new version of ${replaces}` : ''}\n`,
        );
    }
    bar?.tick(bytes.length);
  });
  bar?.end();
  // followed until every document of the building is processed (or ten minutes have passed)
  await client.buildings.waitUntilProcessed(building).catch((error: unknown) => {
    if (error instanceof ByggdokApiError || error instanceof ByggdokNetworkError) throw error;
    throw new UsageError(
      `uploaded, but ${(error as Error).message} after ten minutes; follow them with GET .../status`,
    );
  });
  const states = await Promise.all(ids.map((documentId) => client.documents.status({ ...building, documentId })));
  if (json) return process.stdout.write(`${JSON.stringify({ documents: states, alreadyThere: skipped }, null, 2)}\n`);
  const corrupt = states.filter((s) => s.corrupt);
  process.stdout.write(
    `${states.length} uploaded and processed` +
      (skipped.length ? `; ${skipped.length} already there (the same MD5)` : '') +
      (corrupt.length ? `; corrupt: ${corrupt.map((s) => s.filename).join(', ')}` : '') +
      '\n',
  );
}

/** a document's place under the export folder: its original path, with nothing that could climb out of the folder */
export function exportPathOf(document: Pick<DocumentListItem, 'id' | 'filename' | 'originalPath'>): string {
  const segments = (document.originalPath || document.filename)
    .split(/[\\/]+/)
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.length ? segments.join('/') : document.id;
}

/** `a/b.pdf` taken: `a/b (2).pdf`, then `a/b (3).pdf` ... */
function unique(relative: string, taken: Set<string>): string {
  let candidate = relative;
  const extension = path.posix.extname(relative);
  for (let n = 2; taken.has(candidate.toLowerCase()); n++)
    candidate = `${relative.slice(0, relative.length - extension.length)} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

async function md5OfFile(file: string): Promise<string | null> {
  return fs.readFile(file).then(md5Of, () => null);
}

async function exportBuilding(client: ByggdokClient, folder: string, building: BuildingPath, json: boolean) {
  const listed: DocumentListItem[] = [];
  for await (const document of client.documents.iterate(building, { limit: 1000, sort_order: 'asc' }))
    listed.push(document);
  const taken = new Set<string>();
  const planned = listed.map((document) => ({ document, relative: unique(exportPathOf(document), taken) }));
  const exported: unknown[] = [];
  let fetched = 0;
  let kept = 0;
  const bar = json ? null : progressBar({ total: planned.length, verb: 'documents' });
  await eachInParallel(planned, PARALLEL_TRANSFERS, async ({ document, relative }) => {
    const target = path.join(folder, ...relative.split('/'));
    // the metadata with its classification and evidence, and a download link valid for an hour
    const full = await client.documents.get({ ...building, documentId: document.id });
    exported.push({ ...full, url: undefined, previewUrl: undefined, exportedAs: relative });
    if (document.md5Checksum && (await md5OfFile(target)) === document.md5Checksum) {
      kept += 1;
    } else {
      const response = await fetch(full.url);
      if (!response.ok) throw new UsageError(`downloading ${relative}: ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
      fetched += 1;
      if (!json) process.stdout.write(`exported ${relative}\n`);
    }
    bar?.tick(document.size ?? 0);
  });
  bar?.end();
  exported.sort((a, b) =>
    (a as { exportedAs: string }).exportedAs.localeCompare((b as { exportedAs: string }).exportedAs),
  );
  const manifest = { ...building, exportedAt: new Date().toISOString(), documents: exported };
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'byggdok-export.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const summary = { documents: planned.length, fetched, alreadyThere: kept, folder };
  if (json) return process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(
    `${planned.length} documents in ${folder} (${fetched} fetched` +
      (kept ? `, ${kept} already there with the same MD5` : '') +
      '); metadata in byggdok-export.json\n',
  );
}

async function search(
  client: ByggdokClient,
  query: string,
  owner: string,
  building: string | undefined,
  json: boolean,
) {
  const result = building
    ? await client.search.building({ buildingOwnerId: owner, buildingId: building }, { query })
    : await client.search.owner({ buildingOwnerId: owner }, { query });
  if (json) return process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  for (const hit of result.hits)
    process.stdout.write(`${hit.filename}  ${hit.originalPath ?? ''}  ${hit.buildingCategory ?? '-'}\n`);
}

/** the answer written to the terminal as it arrives, then its sources; --json: the JSON answer */
async function ask(client: ByggdokClient, query: string, owner: string, building: string | undefined, json: boolean) {
  const stream = client.ask.stream(
    building
      ? { buildingOwnerId: owner, buildingId: building, input: { query } }
      : { buildingOwnerId: owner, input: { query } },
  );
  for await (const event of stream) {
    if (event.type === 'error') throw new UsageError(`asking: ${event.data.message}`);
    if (event.type === 'text' && !json) process.stdout.write(event.data.text);
    if (event.type !== 'finish') continue;
    const answer = event.data;
    if (json) return process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    const names = new Map(answer.cited_documents.map((d) => [d.id, d.filename]));
    process.stdout.write('\n');
    for (const [n, citation] of Object.entries(answer.citations)) {
      const page = citation.page_number ? `, page ${citation.page_number}` : '';
      process.stdout.write(
        `  [${n}] ${names.get(citation.document_id) ?? citation.document_id}${page}: “${citation.cited_text}”\n`,
      );
    }
  }
}

/** the plan as CSV or iCalendar, to a file or to stdout */
async function exportMaintenance(
  client: ByggdokClient,
  params: {
    owner: string;
    building: string | undefined;
    format: string;
    start: string | undefined;
    out: string | undefined;
  },
) {
  if (params.format !== 'csv' && params.format !== 'ics') throw new UsageError('--format is csv or ics');
  if (params.start !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(params.start))
    throw new UsageError('--start is a date, YYYY-MM-DD');
  const text = await client.maintenance.export(
    { buildingOwnerId: params.owner, ...(params.building ? { buildingId: params.building } : {}) },
    { format: params.format, ...(params.start ? { start: params.start } : {}) },
  );
  if (!params.out) return process.stdout.write(text);
  await fs.writeFile(params.out, text);
  const rows =
    params.format === 'csv' ? text.split('\r\n').filter(Boolean).length - 1 : text.split('BEGIN:VEVENT').length - 1;
  process.stdout.write(`${rows} ${params.format === 'csv' ? 'tasks' : 'recurring events'} written to ${params.out}\n`);
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`--${flag} is required`);
  return value;
}

/**
 * A partner's everyday commands, one line each: upload a folder (both steps per file, then waiting for processing),
 * search, ask, export. They use the partner API through the SDK with the partner's key, as any program would.
 */
export async function runPartnerCli(params: { command: string; argv: string[]; config: Config }): Promise<number> {
  const { command, config } = params;
  try {
    const { values, positionals } = parseArgs({
      args: params.argv,
      allowPositionals: true,
      options: {
        owner: { type: 'string' },
        building: { type: 'string' },
        ...KEY_OPTIONS,
        url: { type: 'string' },
        json: { type: 'boolean' },
        format: { type: 'string' },
        start: { type: 'string' },
        out: { type: 'string' },
        replaces: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const key = await keyOf(values, config);
    const owner = required(values.owner, 'owner');
    const subject = positionals.join(' ').trim();
    if (!subject) throw new UsageError(`what to ${command}? (see byggdok ${command} --help)`);
    const base = serviceUrl(values.url ?? config.http.publicUrl, config);
    const client = createByggdokClient({ baseUrl: base, apiKey: key, allowInsecureHttp: config.allowPlainHttp });
    const json = values.json ?? false;
    const buildingPath = (): BuildingPath => ({
      buildingOwnerId: owner,
      buildingId: required(values.building, 'building'),
    });
    if (command === 'maintenance') {
      if (subject !== 'export') throw new UsageError('byggdok maintenance export --owner <id> [--building <id>]');
      await exportMaintenance(client, {
        owner,
        building: values.building,
        format: values.format ?? 'csv',
        start: values.start,
        out: values.out,
      });
    } else if (command === 'upload') await upload(client, subject, buildingPath(), json, values.replaces);
    else if (command === 'export') await exportBuilding(client, path.resolve(subject), buildingPath(), json);
    else if (command === 'search') await search(client, subject, owner, values.building, json);
    else await ask(client, subject, owner, values.building, json);
    return 0;
  } catch (error) {
    if (error instanceof ByggdokNetworkError) {
      process.stderr.write(`byggdok ${command}: ${error.message}\n`);
      return EXIT_UNREACHABLE;
    }
    if (error instanceof ByggdokApiError) {
      process.stderr.write(`byggdok ${command}: the service refused: ${error.status} ${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`byggdok ${command}: ${(error as Error).message}\n`);
      return 2;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`byggdok ${command}: no such file or folder: ${(error as NodeJS.ErrnoException).path}\n`);
      return 2;
    }
    throw error;
  }
}
