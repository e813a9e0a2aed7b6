import { AppError } from '../shared/errors.js';

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
      /**
       * a personal API key was made on the person's account (POST /auth/api-keys), mailed to them at once: a key made
       * with a session someone else held for a moment outlives a password change, and this is how the person learns
       * of it. Never the key itself.
       */
      kind: 'api_key_created';
      locale: MailLocale;
      /** as its creator named it */
      keyName: string;
      createdAt: Date;
      expiresAt: Date | null;
      /** the address the request came from, when known */
      clientAddress: string | null;
      /** the web app's account page with the person's keys, where one is revoked */
      keysUrl: string;
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

/** at most `max` mails within each window of `windowMs` */
export interface MailLimit {
  max: number;
  windowMs: number;
}

/**
 * The mails a caller's request sends to an address it names (an invitation, a subcontractor's portal link, a review
 * of its delivery, a forgot-password link): each kind at most `max` to one address (whatever its case) within each
 * window, counted over every customer and caller, so that no credential makes the service mail an outside address
 * again and again. Mails the service sends of itself (daily reminders) are counted, not refused.
 */
export const RECIPIENT_LIMITS = {
  invitation: [
    { max: 5, windowMs: 3_600_000 },
    { max: 20, windowMs: 86_400_000 },
  ],
  subcontractor_request: [
    { max: 5, windowMs: 3_600_000 },
    { max: 20, windowMs: 86_400_000 },
  ],
  delivery_review: [
    { max: 20, windowMs: 3_600_000 },
    { max: 100, windowMs: 86_400_000 },
  ],
  // the sign-in throttle holds these to 10 in 15 minutes an account; this holds them to 20 a day (anyone may ask for
  // them, so anyone may use up an account's day of links: each of those went to the account's own address); past
  // them passwords.service.ts mails another only when none of the account's links works (one an hour at most)
  password_link: [{ max: 20, windowMs: 86_400_000 }],
  // only the person's own session or key makes their keys, and so these mails: one per key, but a script (or an
  // intruder) making key after key does not flood the person's mailbox; past them the key is made without its mail
  api_key_created: [{ max: 20, windowMs: 86_400_000 }],
} as const satisfies Partial<Record<MailTemplate['kind'], readonly MailLimit[]>>;

export type LimitedMailKind = keyof typeof RECIPIENT_LIMITS;

/**
 * The same mails counted per customer whose people ask for them, over all addresses: each kind at most `max` within
 * each window, so that a customer's ADMIN inviting one new address after another (each within its own limit), or a
 * writer mailing subcontractor records with ever new addresses, does not make the service mail without end either.
 */
export const CUSTOMER_LIMITS = {
  invitation: [
    { max: 50, windowMs: 3_600_000 },
    { max: 200, windowMs: 86_400_000 },
  ],
  subcontractor_request: [
    { max: 50, windowMs: 3_600_000 },
    { max: 200, windowMs: 86_400_000 },
  ],
  // reviews are many more a day on a busy project (one per delivery and change), never thousands
  delivery_review: [
    { max: 200, windowMs: 3_600_000 },
    { max: 1_000, windowMs: 86_400_000 },
  ],
} as const satisfies Partial<Record<LimitedMailKind, readonly MailLimit[]>>;

/** how long until another mail a caller asks for may go (0: now), and whose limit holds it */
export interface MailWait {
  seconds: number;
  limit: 'recipient' | 'customer';
}

/** an address (RECIPIENT_LIMITS), or the customer asking (CUSTOMER_LIMITS), has had as many of these mails as it may */
export function mailTooMany(wait: MailWait): AppError {
  return new AppError({
    code: 'mail.too_many',
    kind: 'too_many_requests',
    message:
      wait.limit === 'customer'
        ? `This customer has had as many of these e-mails sent as it may for now; try again in ${wait.seconds} seconds`
        : `This address has been sent as many of these e-mails as it may get for now; try again in ${wait.seconds} seconds`,
    retryAfterSeconds: wait.seconds,
  });
}

export interface Mailer {
  /**
   * stores the message and queues its sending; resolves once it is safely queued, not when it is delivered.
   * `onceKey`: a message with this key is stored once only (a job that runs again after a crash sends no second one).
   * `limited`: a mail a caller asked for (RECIPIENT_LIMITS of its kind): counted once stored, so that mails sent at the
   * same time see each other, and taken back with mailTooMany when that count is past a limit for any recipient.
   * `customerId`: the customer whose people asked for it, stored with it; with `limited`, its count against
   * CUSTOMER_LIMITS of its kind is held the same way.
   */
  send(params: {
    to: string[];
    template: MailTemplate;
    onceKey?: string;
    limited?: boolean;
    customerId?: string;
  }): Promise<{ messageId: string }>;
  /**
   * how long until `to` may be sent another mail of this kind a caller asks for (for `customerId`: also within the
   * customer's limits); asked before a request changes anything, so that a refused one changes nothing (send's own
   * count holds the limits against races)
   */
  waitFor(params: { to: string; kind: LimitedMailKind; customerId?: string }): Promise<MailWait>;
}
