import { parseArgs } from 'node:util';
import { readAdminToken } from '../app/admin-token.js';
import type { Config } from '../config/config.js';

const USAGE = `byggdok admin <command>   (calls the admin API of a running service)

  partner create --name <name>
  partner list
  partner grant-owner --partner <partnerId> --owner <buildingOwnerId>
  key create --partner <partnerId> [--name <name>] [--owner <id> ...] [--building <id> ...] [--test]
  key list --partner <partnerId>
  key revoke <keyId>
  document restore <documentId>
  reprocess --document <id> | --building <id> | --all

Options: --url <service URL> (default BYGGDOK_ADMIN_URL, BYGGDOK_PUBLIC_URL or http://localhost:$PORT)
The operator token comes from BYGGDOK_ADMIN_TOKEN or the file admin-token in the data folder.
Every command prints JSON.
`;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

function fail(message: string): never {
  throw new CliUsageError(message);
}

class CliUsageError extends Error {}

/** Turns argv into one admin API call. */
export function adminCallOf(argv: string[]): Call {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      partner: { type: 'string' },
      owner: { type: 'string', multiple: true },
      building: { type: 'string', multiple: true },
      test: { type: 'boolean' },
      document: { type: 'string' },
      all: { type: 'boolean' },
      url: { type: 'string' },
    },
  });
  const [area, command, arg] = positionals;
  const need = (value: string | undefined, flag: string) => value ?? fail(`--${flag} is required`);
  const partner = () => encodeURIComponent(need(values.partner, 'partner'));
  switch (`${area ?? ''} ${command ?? ''}`) {
    case 'partner create':
      return { method: 'POST', path: '/admin/partners', body: { name: need(values.name, 'name') } };
    case 'partner list':
      return { method: 'GET', path: '/admin/partners' };
    case 'partner grant-owner':
      return {
        method: 'PUT',
        path: `/admin/partners/${partner()}/building_owners/${encodeURIComponent(need(values.owner?.[0], 'owner'))}`,
      };
    case 'key create':
      return {
        method: 'POST',
        path: `/admin/partners/${partner()}/keys`,
        body: {
          ...(values.name ? { name: values.name } : {}),
          ...(values.owner ? { buildingOwnerIds: values.owner } : {}),
          ...(values.building ? { buildingIds: values.building } : {}),
          ...(values.test ? { environment: 'test' } : {}),
        },
      };
    case 'key list':
      return { method: 'GET', path: `/admin/partners/${partner()}/keys` };
    case 'key revoke':
      return { method: 'DELETE', path: `/admin/keys/${encodeURIComponent(arg ?? fail('the key id is required'))}` };
    case 'document restore':
      return {
        method: 'POST',
        path: `/admin/documents/${encodeURIComponent(arg ?? fail('the document id is required'))}/restore`,
      };
    default:
      if (area === 'reprocess') {
        const body = values.document
          ? { documentId: values.document }
          : values.building?.[0]
            ? { buildingId: values.building[0] }
            : values.all
              ? { all: true }
              : fail('reprocess needs --document <id>, --building <id> or --all');
        return { method: 'POST', path: '/admin/reprocess', body };
      }
      return fail(`unknown command "${[area, command].filter(Boolean).join(' ')}"`);
  }
}

function urlOption(argv: string[]): string | undefined {
  const index = argv.indexOf('--url');
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--url='))?.slice(6);
}

export async function runAdminCli(params: { argv: string[]; config: Config }): Promise<number> {
  const { argv, config } = params;
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let call: Call;
  try {
    call = adminCallOf(argv);
  } catch (error) {
    if (error instanceof CliUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`byggdok admin: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  const token = await readAdminToken({ configured: config.adminToken, dataDir: config.dataDir });
  if (!token) {
    process.stderr.write(
      'byggdok admin: no operator token: set BYGGDOK_ADMIN_TOKEN or start the service once to create one\n',
    );
    return 2;
  }
  const base = (urlOption(argv) ?? config.adminUrl ?? config.http.publicUrl).replace(/\/+$/, '');
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  }).catch((error: unknown) => {
    process.stderr.write(
      `byggdok admin: cannot reach ${base} (${(error as Error).message}); is the service running?\n`,
    );
    return null;
  });
  if (!response) return 1;
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`${text || `HTTP ${response.status}`}\n`);
    return 1;
  }
  process.stdout.write(text ? `${JSON.stringify(JSON.parse(text), null, 2)}\n` : `${JSON.stringify({ ok: true })}\n`);
  return 0;
}
