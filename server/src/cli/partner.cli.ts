import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createByggdokClient, type ByggdokClient } from '@byggdok/sdk';
import type { Config } from '../config/config.js';
import { contentTypeOf, filesOf, ok, UsageError } from './cli-calls.js';

const USAGE = `byggdok <upload|search|ask> ...   (a partner's commands, with its API key)

  upload <file or folder> --owner <buildingOwnerId> --building <buildingId>
         every file, its path under the folder kept as originalPath; then waits until they are processed
  search <query> --owner <id> [--building <id>]     the hits: filename, folder, NS 3451 category
  ask <question> --owner <id> [--building <id>]     the answer with its numbered citations

Options: --key <API key> (default BYGGDOK_API_KEY), --url <service URL> (default BYGGDOK_PUBLIC_URL or
http://localhost:$PORT), --json (print the API's JSON instead of text)
`;

/** the MD5 of every document the building already has (every page of the list) */
async function checksumsOf(client: ByggdokClient, buildingPath: { buildingOwnerId: string; buildingId: string }) {
  const checksums = new Set<string>();
  let nextToken: string | undefined;
  do {
    const page = await ok(
      "listing the building's documents",
      client.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
        params: {
          path: buildingPath,
          query: {
            limit: 1000,
            sort_by: 'createdAt',
            sort_order: 'desc',
            ...(nextToken ? { next_token: nextToken } : {}),
          },
        },
      }),
    );
    for (const document of page.documents) if (document.md5Checksum) checksums.add(document.md5Checksum);
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
  return checksums;
}

/** files sent at once: enough to keep a connection busy while the next file is read */
const PARALLEL_UPLOADS = 4;

async function upload(client: ByggdokClient, target: string, owner: string, building: string, json: boolean) {
  const buildingPath = { buildingOwnerId: owner, buildingId: building };
  const files = await filesOf(target);
  // run again after an interruption (or on a folder that grew), it sends only what the building does not have
  const present = await checksumsOf(client, buildingPath);
  const ids: string[] = [];
  const skipped: string[] = [];
  let next = 0;
  const sendNext = async (): Promise<void> => {
    for (let index = next++; index < files.length; index = next++) {
      const file = files[index]!;
      const bytes = await fs.readFile(file.full);
      const md5 = createHash('md5').update(bytes).digest('hex');
      if (present.has(md5)) {
        skipped.push(file.name);
        if (!json) process.stdout.write(`already there ${file.name}\n`);
        continue;
      }
      present.add(md5);
      const registered = await ok(
        `registering ${file.name}`,
        client.PUT('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
          params: { path: buildingPath },
          body: { filename: file.name },
        }),
      );
      const sent = await fetch(registered.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': contentTypeOf(file.name) },
        body: bytes,
      });
      if (!sent.ok) throw new UsageError(`uploading ${file.name}: ${sent.status}`);
      ids.push(registered.documentId);
      if (!json) process.stdout.write(`uploaded ${file.name}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, sendNext));
  // followed until every document of the building is processed (or ten minutes have passed)
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const status = await ok(
      'reading the building status',
      client.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/status', {
        params: { path: buildingPath },
      }),
    );
    if (status.processed_documents >= status.total_documents) break;
    if (Date.now() > deadline) {
      throw new UsageError(
        `uploaded, but ${status.total_documents - status.processed_documents} documents are still processing after ` +
          'ten minutes; follow them with GET .../status',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const states = await Promise.all(
    ids.map((documentId) =>
      ok(
        'reading a document status',
        client.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/status', {
          params: { path: { ...buildingPath, documentId } },
        }),
      ),
    ),
  );
  if (json) return process.stdout.write(`${JSON.stringify({ documents: states, alreadyThere: skipped }, null, 2)}\n`);
  const corrupt = states.filter((s) => s.corrupt);
  process.stdout.write(
    `${states.length} uploaded and processed` +
      (skipped.length ? `; ${skipped.length} already there (the same MD5)` : '') +
      (corrupt.length ? `; corrupt: ${corrupt.map((s) => s.filename).join(', ')}` : '') +
      '\n',
  );
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`--${flag} is required`);
  return value;
}

/**
 * A partner's everyday commands, one line each: upload a folder (both steps per file, then waiting for processing),
 * search, ask. They use the partner API with the partner's key, as any program would.
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
        key: { type: 'string' },
        url: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const key = values.key ?? config.partnerApiKey;
    if (!key) throw new UsageError('no API key: pass --key or set BYGGDOK_API_KEY');
    const owner = required(values.owner, 'owner');
    const subject = positionals.join(' ').trim();
    if (!subject) throw new UsageError(`what to ${command}? (see byggdok ${command} --help)`);
    const base = (values.url ?? config.http.publicUrl).replace(/\/+$/, '');
    const client = createByggdokClient({ baseUrl: base, apiKey: key });
    const json = values.json ?? false;
    if (command === 'upload') {
      await upload(client, subject, owner, required(values.building, 'building'), json);
      return 0;
    }
    if (command === 'search') {
      const query = {
        query: subject,
        max_results: 20,
        start_index: 0,
        sort_by: 'relevance' as const,
        sort_order: 'desc' as const,
        include_aggregations: false,
        fuzziness: 'auto' as const,
      };
      const result = values.building
        ? await ok(
            'searching',
            client.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/search', {
              params: { path: { buildingOwnerId: owner, buildingId: values.building }, query },
            }),
          )
        : await ok(
            'searching',
            client.GET('/v1/building_owners/{buildingOwnerId}/search', {
              params: { path: { buildingOwnerId: owner }, query },
            }),
          );
      if (json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else
        for (const hit of result.hits)
          process.stdout.write(`${hit.filename}  ${hit.originalPath ?? ''}  ${hit.buildingCategory ?? '-'}\n`);
      return 0;
    }
    const body = { query: subject };
    const answer = values.building
      ? await ok(
          'asking',
          client.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/ask', {
            params: { path: { buildingOwnerId: owner, buildingId: values.building } },
            body,
          }),
        )
      : await ok(
          'asking',
          client.POST('/v1/building_owners/{buildingOwnerId}/ask', {
            params: { path: { buildingOwnerId: owner } },
            body,
          }),
        );
    if (json) {
      process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      return 0;
    }
    const names = new Map(answer.cited_documents.map((d) => [d.id, d.filename]));
    process.stdout.write(`${answer.answer}\n`);
    for (const [n, citation] of Object.entries(answer.citations)) {
      const page = citation.page_number ? `, page ${citation.page_number}` : '';
      process.stdout.write(
        `  [${n}] ${names.get(citation.document_id) ?? citation.document_id}${page}: “${citation.cited_text}”\n`,
      );
    }
    return 0;
  } catch (error) {
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
