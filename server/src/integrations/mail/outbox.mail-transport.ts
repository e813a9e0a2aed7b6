import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailTransport } from '../../domain/mail/mail.service.js';

/**
 * The zero-setup default: every message is written as an RFC 822 `.eml` file into the outbox folder (any mail
 * program opens one), named by time and message id, so `byggdok admin outbox` and a person can read them.
 */
export function createOutboxMailTransport(params: { folder: string; from: string }): MailTransport {
  // nodemailer is loaded with the first message, not at every start
  let composer: Promise<Transporter> | undefined;
  return {
    async deliver(message) {
      composer ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (
        await composer
      ).sendMail({
        from: params.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@byggdok>`,
      });
      await mkdir(params.folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(params.folder, `${stamp}-${message.id}.eml`);
      // written whole under a temporary name first: a reader never sees half a message
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      return file;
    },
  };
}
