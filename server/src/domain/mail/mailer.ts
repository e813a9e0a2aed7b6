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
      /** the project the person is invited into (its role applies there), or null for the whole customer */
      projectName: string | null;
      /** the role given (ADMIN, OWNER, WRITE_ACCESS, READ_ACCESS, NO_ACCESS) */
      role: string;
      /** who invited, in words (their name and e-mail); null when the operator did */
      inviterName: string | null;
      /** how the invited person gets in */
      access: InvitationAccess;
    }
  | {
      /** a one-time link that sets a new password (forgot password, or a new link for an old one) */
      kind: 'password_link';
      locale: MailLocale;
      url: string;
      validMinutes: number;
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
      /** a webhook was disabled after its deliveries failed for 5 days (decisions.md, "Webhooks") */
      kind: 'webhook_disabled';
      locale: MailLocale;
      /** whose webhook: the customer's or the partner's name */
      ownerName: string;
      /** the URL without credentials or tokens (domain/webhooks/display-url) */
      url: string;
      description: string | null;
      /** the first failed attempt since the last success */
      failingSince: Date;
      /** the last attempt's outcome: the receiver's HTTP status, or what went wrong */
      lastFailure: { status: number | null; error: string | null } | null;
      /** how to turn it on again: the web app's Webhooks page (customers), or the API and CLI (partners) */
      enable: { kind: 'page'; url: string } | { kind: 'api'; webhookId: string };
    }
  | {
      kind: 'admin_message';
      subject: string;
      text: string;
      html: string | null;
    };

/**
 * `set_password`: a person with no way to sign in yet (the embedded sign-in, no password) chooses one through a
 * one-time link; `sign_in`: the person signs in as they already can (with their password, and the forgot-password
 * page when they have one; through the outside provider when one is configured).
 */
export type InvitationAccess =
  | { kind: 'set_password'; url: string; validDays: number }
  | { kind: 'sign_in'; url: string; forgotPasswordUrl: string | null };

export interface Mailer {
  /**
   * stores the message and queues its sending; resolves once it is safely queued, not when it is delivered.
   * `onceKey`: a message with this key is stored once only (a job that runs again after a crash sends no second one).
   */
  send(params: { to: string[]; template: MailTemplate; onceKey?: string }): Promise<{ messageId: string }>;
}
