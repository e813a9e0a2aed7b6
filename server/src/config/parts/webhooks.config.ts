import path from 'node:path';
import { defineConfigPart } from '../config-part.js';

export interface WebhooksConfig {
  /** private, loopback and link-local targets and http allowed (tests, closed networks) */
  allowPrivate: boolean;
  /** seconds before each retry */
  retryScheduleSeconds: number[];
  /** deliveries of one owner (a partner or a customer) being sent at once, across every worker process */
  concurrencyPerOwner: number;
  /** the key webhook secrets are sealed with; null: the key file */
  secretKey: string | null;
  /** where the key is kept when WEBHOOKS_SECRET_KEY is unset (created on first start, mode 0600) */
  keyFile: string;
}

const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
export const DEFAULT_WEBHOOK_CONCURRENCY_PER_OWNER = 2;

export const webhooksConfig = defineConfigPart({
  variables: [
    {
      name: 'WEBHOOKS_SECRET_KEY',
      default: 'unset: a key made on first start in `$BYGGDOK_DATA_DIR/webhooks.key` (mode 0600)',
      description:
        'the key (32 characters or more) webhook secrets are encrypted with in the database; the same in every process (set it when processes run on more than one machine); keep it beside the backups, without it a restored database cannot sign webhooks (register them again)',
    },
    {
      name: 'WEBHOOKS_ALLOW_PRIVATE',
      default: '`false`',
      description:
        '`true`: webhooks may be `http` and go to loopback, private, link-local and unique-local addresses (tests and closed networks)',
    },
    {
      name: 'WEBHOOKS_RETRY_SCHEDULE',
      default: '`5,300,1800,7200,18000,36000,36000`',
      description:
        'seconds to wait before each retry of a failed webhook delivery, comma-separated; after the last one it is `failed`',
    },
    {
      name: 'WEBHOOK_CONCURRENCY_PER_OWNER',
      default: '`2`',
      description:
        'webhook deliveries of one owner (a partner with all its keys, or a customer) sent at once, counted in the database across every worker process; another of its deliveries waits a few seconds and is tried then, spending none of its attempts, so endpoints that hang hold no more workers than this',
    },
  ],
  read(env, context): { webhooks: WebhooksConfig } {
    const raw = env.string('WEBHOOKS_RETRY_SCHEDULE');
    let retryScheduleSeconds = DEFAULT_SCHEDULE;
    if (raw !== undefined) {
      const parts = raw.split(',').map((part) => part.trim());
      const numbers = parts.map(Number);
      if (
        parts.length === 0 ||
        numbers.some((n, i) => parts[i] === '' || !Number.isInteger(n) || n < 0 || n > 604800)
      ) {
        env.problem('WEBHOOKS_RETRY_SCHEDULE', 'must be whole seconds (0 to 604800), comma-separated');
      } else retryScheduleSeconds = numbers;
    }
    return {
      webhooks: {
        allowPrivate: env.boolean('WEBHOOKS_ALLOW_PRIVATE', false),
        retryScheduleSeconds,
        concurrencyPerOwner: env.int('WEBHOOK_CONCURRENCY_PER_OWNER', {
          default: DEFAULT_WEBHOOK_CONCURRENCY_PER_OWNER,
          min: 1,
          max: 100,
        }),
        secretKey: env.secret('WEBHOOKS_SECRET_KEY', 32),
        keyFile: path.join(context.dataDir, 'webhooks.key'),
      },
    };
  },
});
