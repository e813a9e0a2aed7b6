import { parseArgs } from 'node:util';
import { ByggdokApiError, ByggdokNetworkError, createByggdokClient } from '@byggdok/sdk';
import type { Config } from '../config/config.js';
import { PARTNER_EVENT_TYPES } from '../domain/webhooks/webhook-events.js';
import { EXIT_UNREACHABLE, keyOf, KEY_OPTIONS, serviceUrl, UsageError } from './cli-calls.js';

const USAGE = `byggdok webhooks <list|create|update|rotate|delete|test|deliveries> ...   (a partner's webhooks, with its API key)

  list                                          every webhook: id, enabled, events, URL
  create <https URL> --events <type,type> [--description <text>]
                                                registers it and prints the secret (shown only now: keep it)
  update <webhookId> [--url <url>] [--events <type,...>] [--description <text>] [--enable | --disable]
  rotate <webhookId>                            a new secret: registers a copy of the webhook (same URL, events and
                                                description) and prints its secret; events then go to both, with the
                                                same webhook-id, until you delete the old one once the receiver
                                                checks with the new secret
  delete <webhookId>
  test <webhookId>                              sends a webhook.test event; prints its id (the webhook-id header)
  deliveries <webhookId> [--limit <n>]          newest first: status, attempts, the receiver's answer or the error

Event types: document.processed, document.failed, document.deleted, building.created, building.deleted,
report.generated, webhook.test. Options: --key <API key> (default BYGGDOK_API_KEY), --key-file <file> (the key
on the file's first line, out of the process list other users of the machine can read), --url-base <service URL>
(default BYGGDOK_PUBLIC_URL), --json (print the API's JSON)

Exit codes: 0 done; 2 the command was given wrong or the service refused it; 3 the service could not be reached.
`;

/** A partner's webhooks from the command line, through the SDK with the partner's key. */
export async function runWebhooksCli(params: { argv: string[]; config: Config }): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: params.argv,
      allowPositionals: true,
      options: {
        ...KEY_OPTIONS,
        'url-base': { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        description: { type: 'string' },
        enable: { type: 'boolean' },
        disable: { type: 'boolean' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, subject] = positionals;
    if (values.help || !command) {
      process.stdout.write(USAGE);
      return values.help ? 0 : 2;
    }
    const key = await keyOf(values, params.config);
    const client = createByggdokClient({
      baseUrl: serviceUrl(values['url-base'] ?? params.config.http.publicUrl, params.config),
      apiKey: key,
      allowInsecureHttp: params.config.allowPlainHttp,
    });
    const print = (value: unknown, text: string) =>
      process.stdout.write(values.json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
    const events = values.events
      ?.split(',')
      .map((event) => event.trim())
      .filter(Boolean);
    const unknown = (events ?? []).filter((event) => !(PARTNER_EVENT_TYPES as readonly string[]).includes(event));
    if (unknown.length > 0) {
      throw new UsageError(
        `not an event of partner webhooks: ${unknown.join(', ')} (they are ${PARTNER_EVENT_TYPES.join(', ')})`,
      );
    }
    const need = (what: string): string => {
      if (!subject) throw new UsageError(`byggdok webhooks ${command} <${what}>`);
      return subject;
    };
    switch (command) {
      case 'list': {
        const webhooks = await client.webhooks.list();
        print(
          webhooks,
          webhooks
            .map((w) => `${w.id}  ${w.enabled ? 'enabled ' : 'disabled'}  ${w.events.join(',')}  ${w.url}`)
            .join('\n') || 'no webhooks',
        );
        return 0;
      }
      case 'create': {
        if (!values.events) throw new UsageError('--events is required (comma-separated event types)');
        const created = await client.webhooks.create({
          url: need('https URL'),
          events: events as never,
          ...(values.description !== undefined ? { description: values.description } : {}),
        });
        print(
          created,
          `${created.id}\nsecret: ${created.secret}   (shown only now: keep it where the receiver reads it)`,
        );
        return 0;
      }
      case 'update': {
        const updated = await client.webhooks.update(need('webhookId'), {
          ...(values.url !== undefined ? { url: values.url } : {}),
          ...(events !== undefined ? { events: events as never } : {}),
          ...(values.description !== undefined ? { description: values.description } : {}),
          ...(values.enable ? { enabled: true } : values.disable ? { enabled: false } : {}),
        });
        print(
          updated,
          `${updated.id}  ${updated.enabled ? 'enabled' : 'disabled'}  ${updated.events.join(',')}  ${updated.url}`,
        );
        return 0;
      }
      case 'rotate': {
        const old = await client.webhooks.get(need('webhookId'));
        const created = await client.webhooks.create({
          url: old.url,
          events: old.events as never,
          description: old.description,
        });
        print(
          { ...created, replaces: old.id },
          [
            `${created.id}`,
            `secret: ${created.secret}   (shown only now: keep it where the receiver reads it)`,
            `Events now go to both webhooks with the same webhook-id (a receiver that deduplicates sees each once).`,
            `Once the receiver checks with the new secret: byggdok webhooks delete ${old.id}`,
          ].join('\n'),
        );
        return 0;
      }
      case 'delete':
        print(await client.webhooks.delete(need('webhookId')), 'deleted');
        return 0;
      case 'test': {
        const sent = await client.webhooks.test(need('webhookId'));
        print(sent, `webhook.test queued: ${sent.eventId}`);
        return 0;
      }
      case 'deliveries': {
        const limit = Number(values.limit ?? 20);
        const rows = [];
        for await (const delivery of client.webhooks.deliveries(need('webhookId'))) {
          rows.push(delivery);
          if (rows.length >= limit) break;
        }
        print(
          rows,
          rows
            .map(
              (d) =>
                `${d.createdAt}  ${d.type.padEnd(22)} ${d.status.padEnd(9)} attempts ${d.attempt}  ${
                  d.responseStatus ?? '-'
                }  ${d.error ?? ''}${d.nextAttemptAt ? `  next ${d.nextAttemptAt}` : ''}`,
            )
            .join('\n') || 'no deliveries',
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${command} (byggdok webhooks --help)`);
    }
  } catch (error) {
    if (error instanceof ByggdokNetworkError) {
      process.stderr.write(`byggdok webhooks: ${error.message}\n`);
      return EXIT_UNREACHABLE;
    }
    if (error instanceof ByggdokApiError) {
      process.stderr.write(`byggdok webhooks: the service refused: ${error.status} ${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`byggdok webhooks: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}
