import { randomBytes } from 'node:crypto';
import type { WebhooksConfig } from '../../config/config.js';
import { DEFAULT_WEBHOOK_CONCURRENCY_PER_OWNER } from '../../config/parts/webhooks.config.js';
import type { AccessService } from '../../domain/access/access.service.js';
import type { BusySlots } from '../../domain/access/busy-limit.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import type { Clock } from '../../domain/shared/clock.js';
import {
  createWebhooksService,
  DEFAULT_BUSY_OWNER_DEFER_SECONDS,
  DEFAULT_RETRY_SCHEDULE,
} from '../../domain/webhooks/webhooks.service.js';
import { createHttpWebhookSender } from '../../integrations/webhooks/http.webhook-sender.js';
import { createSecretSealer, readOrCreateKeyFile } from '../../integrations/webhooks/secret-sealer.js';
import { createWebhooksRepository, webhookDeliveryStats } from '../../storage/db/repositories/webhooks.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import { recordWebhookAttempt } from '../metrics.js';
import type { Db } from './app-module.js';

/** What the composition root reads for webhooks: the configuration's part, and test-only timings and trust. */
export type WebhookSettings = WebhooksConfig & {
  /** 10 s unless a test needs less */
  timeoutMs?: number;
  /** how long a delivery waits while its owner's others take every slot: 5 s unless a test needs less */
  deferSeconds?: number;
  /** a test receiver's self-signed certificate */
  ca?: string;
};

/** without settings (tests that do not look at webhooks): the default schedule, a key of this process only */
export const DEFAULT_WEBHOOKS: WebhookSettings = {
  allowPrivate: false,
  retryScheduleSeconds: [...DEFAULT_RETRY_SCHEDULE],
  concurrencyPerOwner: DEFAULT_WEBHOOK_CONCURRENCY_PER_OWNER,
  secretKey: randomBytes(32).toString('base64'),
  keyFile: '',
};

/** Webhooks: registration for partners and customers, and the `webhook.deliver` job. */
export function createWebhooksModule(deps: {
  db: Db;
  queue: PgBossQueue;
  access: AccessService;
  /** the slots of deliveries being sent, per owner (busy_slots) */
  slots: BusySlots;
  clock: Clock;
  settings: WebhookSettings;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { settings } = deps;
  const sealer = createSecretSealer(settings.secretKey ?? readOrCreateKeyFile(settings.keyFile));
  const service = createWebhooksService({
    repository: createWebhooksRepository({ db: deps.db, queue: deps.queue }),
    access: deps.access,
    sender: createHttpWebhookSender({
      allowPrivate: settings.allowPrivate,
      timeoutMs: settings.timeoutMs ?? 10_000,
      ...(settings.ca ? { ca: settings.ca } : {}),
    }),
    slots: deps.slots,
    sealer,
    clock: deps.clock,
    settings: {
      retryScheduleSeconds: settings.retryScheduleSeconds,
      concurrencyPerOwner: settings.concurrencyPerOwner,
      deferSeconds: settings.deferSeconds ?? DEFAULT_BUSY_OWNER_DEFER_SECONDS,
    },
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    onAttempt: recordWebhookAttempt,
  });
  return {
    services: { webhooks: service },
    stats: () => webhookDeliveryStats(deps.db),
    jobs: {
      handlers: {
        'webhook.deliver': ({ deliveryId }) => service.deliver(deliveryId),
        'webhook.disabled': (payload) => service.notifyDisabled(payload),
      },
    } satisfies JobContribution,
  };
}
