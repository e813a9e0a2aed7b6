import path from 'node:path';
import { defineConfigPart } from '../config-part.js';

export interface MailConfig {
  /** null: every message is written as an `.eml` file into `outboxDir` */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

export const mailConfig = defineConfigPart({
  variables: [
    {
      name: 'SMTP_URL',
      default: 'unset: messages written as `.eml` files to `$BYGGDOK_DATA_DIR/outbox`',
      description:
        'SMTP server for outgoing mail (`smtp://user:password@host:587`, `smtps://...:465`); its password is never logged',
    },
    {
      name: 'MAIL_FROM',
      default: '`byggdok <no-reply@` + the public URL’s host + `>`',
      description: 'sender of invitations and other mail',
    },
  ],
  read(env, context): { mail: MailConfig } {
    const smtpUrl = env.url('SMTP_URL', ['smtp:', 'smtps:']) ?? null;
    const publicHost = (() => {
      try {
        return new URL(env.string('BYGGDOK_PUBLIC_URL') ?? 'http://localhost').hostname;
      } catch {
        return 'localhost';
      }
    })();
    return {
      mail: {
        smtpUrl,
        from: env.string('MAIL_FROM') ?? `byggdok <no-reply@${publicHost}>`,
        outboxDir: path.join(context.dataDir, 'outbox'),
      },
    };
  },
});
