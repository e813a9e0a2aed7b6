import path from 'node:path';
import { parseArgs } from 'node:util';
import { createByggdokClient, type ByggdokClient } from '@byggdok/sdk';
import { readAdminToken } from '../app/admin-token.js';
import type { Config } from '../config/config.js';
import { serviceUrl, UsageError } from './cli-calls.js';

const USAGE = `byggdok admin <command>   (calls the admin API of a running service)

  partner create --name <name>
  partner list
  partner grant-owner --partner <partnerId> --owner <buildingOwnerId>
  key create --partner <partnerId> [--name <name>] [--owner <id> ...] [--building <id> ...] [--test]
  key list --partner <partnerId>
  key revoke <keyId>
  document restore <documentId>
  document explain <documentId>   (states, flags, counts and every job with its attempts, timings and errors)
  reprocess --document <id> | --building <id> | --all
  user create --email <e-mail> --name <name> [--password <password>] [--platform-admin]
  user set-password --email <e-mail> | --id <userId> --password <password> [--revoke-api-keys]
                     (local accounts of the embedded sign-in; sessions and assistants end, personal keys too when asked)
  user deactivate --email <e-mail> | --id <userId>   (everywhere: sessions and personal keys end at once)
  user activate --email <e-mail> | --id <userId>
  customer create --name <name> [--owner <buildingOwnerId>] [--email <admin e-mail> ...]   (each e-mail invited as ADMIN)
  customer list
  project handover <projectId> --owner <buildingOwnerId> [--dry-run] [--country NO|GB]   (prints the handover report)
  outbox [--status queued|sent|failed]   (outgoing mail, newest first, failures with their error)

Options: --url <service URL> (default BYGGDOK_ADMIN_URL, BYGGDOK_PUBLIC_URL or http://localhost:$PORT)
         --token <operator token>
The operator token comes from, in this order: --token, BYGGDOK_ADMIN_TOKEN, the file admin-token in the data folder
(BYGGDOK_DATA_DIR, or ./data). A refusal names the one used.
Every command prints JSON.
`;

/** One admin API call, made through the typed SDK: a path or body the API does not have does not compile. */
export type AdminCall = (client: ByggdokClient) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function fail(message: string): never {
  throw new CliUsageError(message);
}

class CliUsageError extends Error {}

class ServiceUnreachableError extends Error {
  constructor(cause: unknown) {
    super('the service did not answer', { cause });
  }
}

/** A call about one user named by --id, or by --email (looked up first: a 404 when nobody has it). */
function withUser(
  values: { id?: string | undefined; email?: string[] | undefined },
  call: (client: ByggdokClient, userId: string) => ReturnType<AdminCall>,
): AdminCall {
  const byId = values.id;
  const email = byId ? undefined : (values.email?.[0] ?? fail('--email or --id is required'));
  return async (client) => {
    if (byId !== undefined) return call(client, byId);
    const found = await client.GET('/admin/users', { params: { query: { email: email! } } });
    if (!found.data) return found;
    const userId = found.data.users[0]?.id;
    if (!userId) return { error: `no user with the e-mail ${email}`, response: new Response(null, { status: 404 }) };
    return call(client, userId);
  };
}

/** Turns argv into one admin API call; a command that is incomplete fails here, before anything is sent. */
export function adminCallOf(argv: string[]): AdminCall {
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
      email: { type: 'string', multiple: true },
      status: { type: 'string' },
      id: { type: 'string' },
      password: { type: 'string' },
      'platform-admin': { type: 'boolean' },
      'revoke-api-keys': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      country: { type: 'string' },
      token: { type: 'string' },
    },
  });
  const [area, command, arg] = positionals;
  const need = (value: string | undefined, flag: string) => value ?? fail(`--${flag} is required`);
  switch (`${area ?? ''} ${command ?? ''}`) {
    case 'partner create': {
      const name = need(values.name, 'name');
      return (client) => client.POST('/admin/partners', { body: { name } });
    }
    case 'partner list':
      return (client) => client.GET('/admin/partners');
    case 'partner grant-owner': {
      const path = { partnerId: need(values.partner, 'partner'), buildingOwnerId: need(values.owner?.[0], 'owner') };
      return (client) =>
        client.PUT('/admin/partners/{partnerId}/building_owners/{buildingOwnerId}', { params: { path } });
    }
    case 'key create': {
      const path = { partnerId: need(values.partner, 'partner') };
      const body = {
        ...(values.name ? { name: values.name } : {}),
        ...(values.owner ? { buildingOwnerIds: values.owner } : {}),
        ...(values.building ? { buildingIds: values.building } : {}),
        ...(values.test ? { environment: 'test' as const } : {}),
      };
      return (client) => client.POST('/admin/partners/{partnerId}/keys', { params: { path }, body });
    }
    case 'key list': {
      const path = { partnerId: need(values.partner, 'partner') };
      return (client) => client.GET('/admin/partners/{partnerId}/keys', { params: { path } });
    }
    case 'key revoke': {
      const path = { keyId: arg ?? fail('the key id is required') };
      return (client) => client.DELETE('/admin/keys/{keyId}', { params: { path } });
    }
    case 'document explain': {
      const path = { documentId: arg ?? fail('the document id is required') };
      return (client) => client.GET('/admin/documents/{documentId}/explain', { params: { path } });
    }
    case 'user create': {
      const body = {
        email: need(values.email?.[0], 'email'),
        name: need(values.name, 'name'),
        ...(values.password ? { password: values.password } : {}),
        ...(values['platform-admin'] ? { platformAdmin: true } : {}),
      };
      return (client) => client.POST('/admin/users', { body });
    }
    case 'user set-password': {
      const body = {
        password: need(values.password, 'password'),
        ...(values['revoke-api-keys'] ? { revokeApiKeys: true } : {}),
      };
      return withUser(values, (client, userId) =>
        client.PUT('/admin/users/{userId}/password', { params: { path: { userId } }, body }),
      );
    }
    case 'user deactivate':
    case 'user activate': {
      const body = { status: command === 'user activate' ? ('active' as const) : ('deactivated' as const) };
      return withUser(values, (client, userId) =>
        client.PUT('/admin/users/{userId}/status', { params: { path: { userId } }, body }),
      );
    }
    case 'customer create': {
      const body = {
        name: need(values.name, 'name'),
        ...(values.owner?.[0] ? { buildingOwnerId: values.owner[0] } : {}),
        ...(values.email ? { adminEmails: values.email } : {}),
      };
      return (client) => client.POST('/admin/customers', { body });
    }
    case 'customer list':
      return (client) => client.GET('/admin/customers');
    case 'project handover': {
      const path = { projectId: arg ?? fail('the project id is required') };
      const country =
        values.country === undefined
          ? undefined
          : ((['NO', 'GB'] as const).find((c) => c === values.country) ?? fail('--country is NO or GB'));
      const body = {
        buildingOwnerId: need(values.owner?.[0], 'owner'),
        ...(values['dry-run'] ? { dryRun: true } : {}),
        ...(country ? { country } : {}),
      };
      return (client) => client.POST('/admin/projects/{projectId}/handover', { params: { path }, body });
    }
    case 'document restore': {
      const path = { documentId: arg ?? fail('the document id is required') };
      return (client) => client.POST('/admin/documents/{documentId}/restore', { params: { path } });
    }
    default:
      if (area === 'outbox') {
        const status = values.status;
        if (status !== undefined && status !== 'queued' && status !== 'sent' && status !== 'failed')
          fail('--status is queued, sent or failed');
        return (client) =>
          client.GET('/admin/mail', { params: { query: { limit: 100, ...(status ? { status } : {}) } } });
      }
      if (area === 'reprocess') {
        const body = values.document
          ? { documentId: values.document }
          : values.building?.[0]
            ? { buildingId: values.building[0] }
            : values.all
              ? { all: true as const }
              : fail('reprocess needs --document <id>, --building <id> or --all');
        return (client) => client.POST('/admin/reprocess', { body });
      }
      return fail(`unknown command "${[area, command].filter(Boolean).join(' ')}"`);
  }
}

/** --name value or --name=value */
export function optionValue(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** the operator token by the CLI's one rule: --token, BYGGDOK_ADMIN_TOKEN, the data folder's admin-token */
export function operatorToken(argv: string[], config: Config) {
  return readAdminToken({
    flag: optionValue(argv, 'token'),
    configured: config.adminToken,
    dataDir: config.dataDir,
    dataDirFromEnvironment: path.resolve(config.dataDir) !== path.resolve('data'),
  });
}

export async function runAdminCli(params: {
  argv: string[];
  config: Config;
  /** another fetch (tests); default: the global fetch */
  fetch?: (request: Request) => Promise<Response>;
}): Promise<number> {
  const { argv, config } = params;
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let call: AdminCall;
  try {
    call = adminCallOf(argv);
  } catch (error) {
    if (error instanceof CliUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`byggdok admin: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  const found = await operatorToken(argv, config);
  if (found.token === null) {
    process.stderr.write(
      `byggdok admin: no operator token (looked at ${found.looked}). Start the service once to create one, or ` +
        'pass the one it uses.\n',
    );
    return 2;
  }
  const token = found.token;
  let base: string;
  try {
    base = serviceUrl(optionValue(argv, 'url') ?? config.adminUrl ?? config.http.publicUrl, config);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`byggdok admin: ${error.message}\n`);
    return 2;
  }
  const send = params.fetch ?? globalThis.fetch;
  const client = createByggdokClient({
    baseUrl: base,
    adminToken: token,
    allowInsecureHttp: config.allowPlainHttp,
    // only a request that never got an answer means the service is away; anything else is a real failure
    fetch: (request) =>
      send(request).catch((error: unknown) => {
        throw new ServiceUnreachableError(error);
      }),
  });
  const result = await call(client).catch((error: unknown) => {
    if (!(error instanceof ServiceUnreachableError)) throw error;
    process.stderr.write(
      `byggdok admin: cannot reach ${base} (${(error.cause as Error).message}); is the service running?\n`,
    );
    return null;
  });
  if (!result) return 1;
  if (!result.response.ok) {
    // the problem document as the service sent it (the SDK has parsed it; JSON.stringify gives the same text back)
    const { error } = result;
    const text = error === undefined || error === '' ? '' : typeof error === 'string' ? error : JSON.stringify(error);
    if (result.response.status === 401) {
      process.stderr.write(
        `byggdok admin: ${base} refused the operator token from ${found.source}. The service uses ` +
          'BYGGDOK_ADMIN_TOKEN where it runs, or the admin-token file in its own data folder.\n',
      );
    }
    process.stderr.write(`${text || `HTTP ${result.response.status}`}\n`);
    return 1;
  }
  process.stdout.write(
    result.data !== undefined ? `${JSON.stringify(result.data, null, 2)}\n` : `${JSON.stringify({ ok: true })}\n`,
  );
  return 0;
}
