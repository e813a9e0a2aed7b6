import os from 'node:os';
import path from 'node:path';
import type { MailConfig } from '../../config/config.js';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import { createMailService, type MailTransport } from '../../domain/mail/mail.service.js';
import type { Clock } from '../../domain/shared/clock.js';
import { createOutboxMailTransport } from '../../integrations/mail/outbox.mail-transport.js';
import { createSmtpMailTransport } from '../../integrations/mail/smtp.mail-transport.js';
import { createMailRepository } from '../../storage/db/repositories/mail.repository.js';
import type { PgBossQueue } from '../../storage/queue/pg-boss.queue.js';
import type { Db } from './app-module.js';

/** without settings (tests that do not look at mail): the outbox transport in a folder of this process */
export const DEFAULT_MAIL: MailConfig = {
  smtpUrl: null,
  from: 'byggdok <no-reply@localhost>',
  outboxDir: path.join(os.tmpdir(), `byggdok-outbox-${process.pid}`),
};

/** Outgoing mail: stored, then sent by the mail.send job through SMTP or into the outbox folder. */
export function createMailModule(deps: { db: Db; queue: PgBossQueue; clock: Clock; mail: MailConfig }) {
  const { mail } = deps;
  const smtp = mail.smtpUrl ? createSmtpMailTransport({ url: mail.smtpUrl, from: mail.from }) : null;
  const transport: MailTransport = smtp ?? createOutboxMailTransport({ folder: mail.outboxDir, from: mail.from });
  const service = createMailService({
    repository: createMailRepository(deps.db),
    queue: deps.queue,
    transport,
    clock: deps.clock,
  });
  return {
    services: { mailer: service.mailer, mail: service },
    jobs: {
      handlers: {
        'mail.send': ({ messageId }, job) => service.deliver(messageId, { lastAttempt: job.lastAttempt }),
        'mail.sweep': () => service.requeueStale(),
      },
      schedules: [{ name: 'mail.sweep', cron: '*/5 * * * *' }],
    } satisfies JobContribution,
    close: async () => smtp?.close(),
  };
}
