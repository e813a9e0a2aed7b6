import type { JobOutcome, JobQueue } from '../jobs/jobs.js';
import { jobDone, jobFailed, jobSkipped } from '../jobs/jobs.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import {
  CUSTOMER_LIMITS,
  mailTooMany,
  RECIPIENT_LIMITS,
  type LimitedMailKind,
  type MailLimit,
  type Mailer,
  type MailTemplate,
  type MailWait,
} from './mailer.js';
import { v5 as uuidv5 } from 'uuid';
import { renderMail, withoutKeys, type RenderedMail } from './templates.js';

/** the namespace of the ids of messages sent once per key (Mailer.send's onceKey) */
const ONCE_NAMESPACE = '5b0c3f4e-7a51-4d7e-9d1a-2f6c8e0b9a41';

export type MailStatus = 'queued' | 'sent' | 'failed';

/**
 * A stored message: its record (subject and bodies with every key link cut to its page, what stays after sending)
 * and, until it has gone or failed for good, the bodies to send (`pending`, with the links whole).
 */
export interface MailMessage extends RenderedMail {
  id: string;
  pending: { text: string; html: string } | null;
  kind: MailTemplate['kind'];
  to: string[];
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  deliveryRef: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** Hands a message to the world: an SMTP server, or an `.eml` file in the outbox folder. */
export interface MailTransport {
  /** resolves with where it went (the SMTP server's message id, or the file written); throws when it could not */
  deliver(message: { id: string; to: string[]; subject: string; text: string; html: string }): Promise<string>;
}

export interface MailRepository {
  /** stores a message (its record, and the bodies to send); one whose id is already stored is left as it is */
  insert(message: {
    id: string;
    kind: string;
    to: string[];
    /** the customer whose people asked for it (CUSTOMER_LIMITS), or null */
    customerId: string | null;
    record: RenderedMail;
    pending: RenderedMail;
  }): Promise<void>;
  find(id: string): Promise<MailMessage | null>;
  /** the message went: the bodies to send are dropped, the record stays */
  markSent(params: { id: string; deliveryRef: string; at: Date }): Promise<void>;
  /** one more attempt failed; `final`: none follows, the message is failed (and its bodies to send dropped) */
  markAttemptFailed(params: { id: string; error: string; final: boolean }): Promise<void>;
  /** a message stored but never queued (refused by a limit) is taken back */
  remove(id: string): Promise<void>;
  /**
   * the newest `limit` messages of this kind stored within `withinMs` to this address (lower-cased; any recipient of
   * a message counts), newest first, with their ages in milliseconds by the database's clock (which stamps them)
   */
  recentTo(params: {
    kind: string;
    address: string;
    withinMs: number;
    limit: number;
  }): Promise<{ id: string; ageMs: number }[]>;
  /** the same for the messages of this kind that the customer's people asked for, whatever their addresses */
  recentFor(params: {
    kind: string;
    customerId: string;
    withinMs: number;
    limit: number;
  }): Promise<{ id: string; ageMs: number }[]>;
  list(params: { status?: MailStatus; limit: number }): Promise<MailMessage[]>;
  /** queued messages older than this whose job may have been lost */
  stale(params: { olderThan: Date }): Promise<string[]>;
}

/**
 * Outgoing mail: `send` renders the message, stores it and queues `mail.send`; the job hands it to the transport,
 * and a failure is retried by the queue and, when retries are spent, left visible as failed with its error.
 */
export function createMailService(deps: {
  repository: MailRepository;
  queue: JobQueue;
  transport: MailTransport;
  clock: Clock;
}) {
  const { repository, queue, transport, clock } = deps;

  /**
   * seconds until another may be taken within every window, from the ones already taken (newest first; `except`: not
   * this one), or 0
   */
  function secondsLeft(windows: readonly MailLimit[], taken: { id: string; ageMs: number }[], except?: string) {
    const ages = taken.filter((m) => m.id !== except).map((m) => m.ageMs);
    let wait = 0;
    for (const window of windows) {
      // newest first: the max-th newest within the window has to leave it before another is taken
      const within = ages.filter((age) => age < window.windowMs);
      const oldest = within[window.max - 1];
      if (oldest !== undefined) wait = Math.max(wait, Math.ceil((window.windowMs - oldest) / 1000));
    }
    return wait > 0 ? Math.max(1, wait) : 0;
  }

  /** how far back to look: the longest window, and one more than the most any window holds */
  function reachOf(windows: readonly MailLimit[]) {
    return {
      withinMs: Math.max(...windows.map((w) => w.windowMs)),
      limit: Math.max(...windows.map((w) => w.max)) + 1,
    };
  }

  /** seconds until `address` may get another mail of this kind, from the others already stored */
  async function recipientWait(params: { kind: LimitedMailKind; address: string; except?: string }): Promise<number> {
    const windows = RECIPIENT_LIMITS[params.kind];
    const address = params.address.trim().toLowerCase();
    const taken = await repository.recentTo({ kind: params.kind, address, ...reachOf(windows) });
    return secondsLeft(windows, taken, params.except);
  }

  /** seconds until the customer's people may have another mail of this kind sent, to any address */
  async function customerWait(params: { kind: LimitedMailKind; customerId: string; except?: string }): Promise<number> {
    if (!hasCustomerLimits(params.kind)) return 0;
    const windows = CUSTOMER_LIMITS[params.kind];
    const taken = await repository.recentFor({
      kind: params.kind,
      customerId: params.customerId,
      ...reachOf(windows),
    });
    return secondsLeft(windows, taken, params.except);
  }

  /** the longer of the waits of every recipient and of the customer asking */
  async function waitOf(params: {
    kind: LimitedMailKind;
    to: string[];
    customerId: string | undefined;
    except?: string;
  }): Promise<MailWait> {
    let wait: MailWait = { seconds: 0, limit: 'recipient' };
    for (const address of params.to) {
      const seconds = await recipientWait({ kind: params.kind, address, except: params.except });
      if (seconds > wait.seconds) wait = { seconds, limit: 'recipient' };
    }
    if (params.customerId !== undefined) {
      const seconds = await customerWait({ kind: params.kind, customerId: params.customerId, except: params.except });
      if (seconds > wait.seconds) wait = { seconds, limit: 'customer' };
    }
    return wait;
  }

  function isLimited(kind: MailTemplate['kind']): kind is LimitedMailKind {
    return Object.hasOwn(RECIPIENT_LIMITS, kind);
  }

  function hasCustomerLimits(kind: LimitedMailKind): kind is keyof typeof CUSTOMER_LIMITS {
    return Object.hasOwn(CUSTOMER_LIMITS, kind);
  }

  const mailer: Mailer = {
    async send({ to, template, onceKey, limited, customerId }) {
      const id = onceKey === undefined ? newId.uuid() : uuidv5(onceKey, ONCE_NAMESPACE);
      // a message already stored under this key is not stored again; queueing it again is harmless (sent ones skip)
      await repository.insert({
        id,
        kind: template.kind,
        to,
        customerId: customerId ?? null,
        record: renderMail(withoutKeys(template)),
        pending: renderMail(template),
      });
      if (limited && isLimited(template.kind)) {
        // counted by being stored: mails stored at the same time see each other, so no more than a limit get through
        const wait = await waitOf({ kind: template.kind, to, customerId, except: id });
        if (wait.seconds > 0) {
          await repository.remove(id);
          throw mailTooMany(wait);
        }
      }
      await queue.enqueue('mail.send', { messageId: id });
      return { messageId: id };
    },
    waitFor: ({ to, kind, customerId }) => waitOf({ kind, to: [to], customerId }),
  };

  async function deliver(messageId: string, job: { lastAttempt: boolean }): Promise<JobOutcome> {
    const message = await repository.find(messageId);
    if (!message) return jobSkipped('no such message');
    if (message.status !== 'queued') return jobSkipped(`already ${message.status}`);
    // a queued message has its bodies to send (migration 0055 gave them to the ones queued before it)
    const bodies = message.pending ?? { text: message.text, html: message.html };
    try {
      const deliveryRef = await transport.deliver({
        id: message.id,
        to: message.to,
        subject: message.subject,
        ...bodies,
      });
      await repository.markSent({ id: message.id, deliveryRef, at: clock.now() });
      return jobDone();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await repository.markAttemptFailed({ id: message.id, error: reason, final: job.lastAttempt });
      if (job.lastAttempt) return jobFailed(reason);
      throw error;
    }
  }

  /** queued messages whose job went missing (a crash between storing and queueing) get one again */
  async function requeueStale(): Promise<JobOutcome> {
    const ids = await repository.stale({ olderThan: new Date(clock.now().getTime() - 10 * 60_000) });
    if (ids.length > 0) {
      await queue.enqueueMany(ids.map((messageId) => ({ name: 'mail.send' as const, payload: { messageId } })));
    }
    return jobDone();
  }

  return {
    mailer,
    deliver,
    requeueStale,
    list: (params: { status?: MailStatus; limit: number }) => repository.list(params),
  };
}

export type MailService = ReturnType<typeof createMailService>;
