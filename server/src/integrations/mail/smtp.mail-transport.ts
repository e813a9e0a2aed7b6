import type { Transporter } from 'nodemailer';
import type { MailTransport } from '../../domain/mail/mail.service.js';

/** Sends through an SMTP server (`SMTP_URL`, smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailTransport(params: { url: string; from: string }): MailTransport & { close(): void } {
  // nodemailer is loaded, and the connection pool made, with the first message
  let transporter: Promise<Transporter> | undefined;
  return {
    async deliver(message) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(params.url));
      const info = await (
        await transporter
      ).sendMail({
        from: params.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@byggdok>`,
      });
      return String(info.messageId);
    },
    close: () => void transporter?.then((made) => made.close()),
  };
}
