import nodemailer from 'nodemailer';
import type { MailTransport } from '../../domain/mail/mail.service.js';

/** Sends through an SMTP server (`SMTP_URL`, smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailTransport(params: { url: string; from: string }): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(params.url);
  return {
    async deliver(message) {
      const info = await transporter.sendMail({
        from: params.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@byggdok>`,
      });
      return String(info.messageId);
    },
    close: () => transporter.close(),
  };
}
