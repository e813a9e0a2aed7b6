/**
 * Outgoing e-mail. A message is stored and handed to a job that sends it (SMTP when `SMTP_URL` is set, otherwise an
 * `.eml` file in the outbox folder); a failed send is retried, and a message that never went stays visible as
 * failed with its error. Callers name a template; the mail feature renders it in the recipient's language, with an
 * HTML and a plain-text part.
 */
export const MAIL_LOCALES = ['en', 'no', 'fr', 'sv', 'fi', 'da'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** which product's wording a mail uses */
export type MailOrigin = 'construction' | 'document-platform';

export type MailTemplate =
  | {
      kind: 'invitation';
      locale: MailLocale;
      origin: MailOrigin;
      customerName: string;
      /** who invited, in words; null when the operator did */
      inviterName: string | null;
      /** where the invited person signs in */
      signInUrl: string;
    }
  | {
      /** a subcontractor is asked to deliver: the portal link and what is still missing */
      kind: 'subcontractor_request';
      locale: MailLocale;
      projectName: string;
      customerName: string;
      companyName: string;
      message: string | null;
      missing: { delivery: string; items: { informationType: string; declinedComment: string | null }[] }[];
      portalUrl: string;
    }
  | {
      /** information types of a delivery were approved or declined */
      kind: 'delivery_review';
      locale: MailLocale;
      projectName: string;
      deliveryLabel: string;
      approved: string[];
      declined: { informationType: string; comment: string | null }[];
      portalUrl: string;
    }
  | {
      kind: 'admin_message';
      subject: string;
      text: string;
      html: string | null;
    };

export interface Mailer {
  /** stores the message and queues its sending; resolves once it is safely queued, not when it is delivered */
  send(params: { to: string[]; template: MailTemplate }): Promise<{ messageId: string }>;
}
