import type { AccessService } from '../access/access.service.js';
import type { BusySlots } from '../access/busy-limit.js';
import type { Principal } from '../access/principal.js';
import { jobDone, jobSkipped, type JobOutcome } from '../jobs/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import type { Clock } from '../shared/clock.js';
import { mailLocaleOf } from '../signin/passwords.service.js';
import { displayUrl } from './display-url.js';
import { newId } from '../shared/ids.js';
import { newWebhookSecret, webhookHeaders } from './signature.js';
import { CUSTOMER_EVENT_TYPES, PARTNER_EVENT_TYPES, type WebhookEventType } from './webhook-events.js';
import {
  webhookEventsInvalid,
  webhookLimitReached,
  webhookNotFound,
  webhookTestsPending,
  webhookUrlRefused,
} from './webhooks.errors.js';

/** whose a webhook is: a partner's (registered by a scoped key: only that key's reach) or a customer's */
export type WebhookScope =
  { kind: 'partner'; partnerId: string; apiKeyId: string | null } | { kind: 'customer'; customerId: string };

export interface WebhookRecord {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRecord {
  id: string;
  eventId: string;
  type: string;
  attempt: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
}

/** what one delivery attempt needs: the event's bytes, the endpoint and its sealed secret */
export interface DeliveryWork {
  deliveryId: string;
  status: DeliveryStatus;
  attempt: number;
  eventId: string;
  body: string;
  webhook: { id: string; url: string; enabled: boolean; deleted: boolean; secretSealed: string };
  /** whose endpoint it is (`partner:<id>` or `customer:<id>`): its deliveries take turns and share its slots */
  owner: string;
}

export interface WebhooksRepository {
  /**
   * null: the scope's owner (the partner, whichever key registers, or the customer) already has `max` webhooks; they
   * are counted under a lock on the owner, so two registrations at once cannot both take the last place
   */
  insert(params: {
    id: string;
    scope: WebhookScope;
    url: string;
    events: string[];
    description: string | null;
    secretSealed: string;
    at: Date;
    max: number;
  }): Promise<WebhookRecord | null>;
  list(scope: WebhookScope): Promise<WebhookRecord[]>;
  find(params: { scope: WebhookScope; webhookId: string }): Promise<WebhookRecord | null>;
  update(params: {
    webhookId: string;
    patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean };
    at: Date;
  }): Promise<WebhookRecord | null>;
  remove(params: { webhookId: string; at: Date }): Promise<void>;
  /**
   * a `webhook.test` event for this endpoint alone, its delivery and job in one transaction; none while `maxPending`
   * test deliveries of the endpoint are pending (counted under a lock on the endpoint): then when the soonest of them
   * is next tried (null: one has not been tried yet)
   */
  recordTest(params: {
    webhookId: string;
    at: Date;
    maxPending: number;
  }): Promise<{ recorded: true; eventId: string } | { recorded: false; nextAttemptAt: Date | null }>;
  deliveries(params: { webhookId: string; before: string | null; limit: number }): Promise<DeliveryRecord[]>;
  loadDelivery(deliveryId: string): Promise<DeliveryWork | null>;
  /**
   * One attempt's result, in one transaction: the delivery's state, the attempt in the log, the next attempt's job
   * (retryAfterSeconds, null: none follows) and the endpoint's failure streak; an endpoint failing for `disableAfterMs`
   * is disabled. Resolves whether it was disabled now.
   */
  recordAttempt(params: {
    deliveryId: string;
    webhookId: string;
    attempt: number;
    succeeded: boolean;
    responseStatus: number | null;
    error: string | null;
    durationMs: number;
    at: Date;
    retryAfterSeconds: number | null;
    disableAfterMs: number;
  }): Promise<{ disabled: boolean }>;
  /** what the mail about a disabled endpoint says, and to whom; null: no such webhook */
  disabledNotice(webhookId: string): Promise<DisabledNotice | null>;
  /**
   * whether the delivery's endpoint would still be told of its event, were it recorded now: the document not moved
   * into a private folder since, the endpoint still listening to the event, its key not revoked nor narrowed
   */
  stillReceives(deliveryId: string): Promise<boolean>;
  /** marks a delivery failed without an attempt (its endpoint was disabled or deleted meanwhile) */
  abandon(params: { deliveryId: string; reason: string; at: Date }): Promise<void>;
  /**
   * the delivery's job again, `afterSeconds` from now, behind its owner's other deliveries; its state untouched (no
   * attempt is spent). Taken while the job that asks is still running: the queue keeps one waiting and one running job
   * of a delivery.
   */
  defer(params: { deliveryId: string; owner: string; afterSeconds: number }): Promise<void>;
}

/**
 * Who is told that an endpoint was disabled: a customer's webhook, the customer's ADMINs; a partner's (partners have
 * no people of their own; the operator manages them), the platform administrators. Deactivated people are not.
 */
export interface DisabledNotice {
  enabled: boolean;
  deleted: boolean;
  url: string;
  description: string | null;
  failingSince: Date | null;
  lastFailure: { status: number | null; error: string | null } | null;
  owner: { kind: 'customer'; customerId: string; name: string } | { kind: 'partner'; name: string };
  recipients: { email: string; locale: string }[];
}

/** Seals secrets for storage with a key kept outside the database (a dump alone cannot forge events). */
export interface SecretSealer {
  seal(secret: string): string;
  open(sealed: string): string;
}

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** The network side: where a URL resolves (and whether we may go there), and one POST. */
export interface WebhookSender {
  /** resolves the host; rejects with a reason in words when the URL may not be a webhook's */
  checkTarget(url: string): Promise<string | null>;
  /** resolves, checks and connects to the checked address; never follows a redirect; gives up after its timeout */
  send(params: { url: string; headers: Record<string, string>; body: string }): Promise<SendResult>;
}

export interface WebhookSettings {
  /** seconds to wait before each retry; its length is the number of retries */
  retryScheduleSeconds: readonly number[];
  /** deliveries of one owner being sent at once, across every worker process */
  concurrencyPerOwner: number;
  /** how long a delivery waits when its owner's deliveries already take every slot (whole seconds, 1 or more) */
  deferSeconds: number;
}

/** the decisions' schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** an endpoint whose deliveries have all failed this long is disabled */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** webhooks one partner (all its keys together), or one customer, may have; disabled ones count (they can be enabled) */
export const MAX_WEBHOOKS_PER_OWNER = 25;
/**
 * test deliveries of one webhook that may be pending at once: each is a job, retried on the schedule for some 32 hours
 * while its endpoint fails, so test calls without a cap would fill the queue
 */
export const MAX_PENDING_TESTS = 5;
/** the Retry-After of a refused test while one of the pending ones has not been tried yet: about one attempt's time */
const UNTRIED_TEST_RETRY_AFTER_SECONDS = 10;
/**
 * how long a delivery waits while its owner's others take every slot: a few seconds, well within one attempt's 10 s
 * timeout, so a slot freed is taken again soon
 */
export const DEFAULT_BUSY_OWNER_DEFER_SECONDS = 5;

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
}

/**
 * Webhooks of partners and customers: registration (every route's caller decided by domain/access), the delivery
 * log, and the `webhook.deliver` job that sends one event to one endpoint, signed, and schedules its retry.
 */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  access: AccessService;
  sender: WebhookSender;
  /** the slots of deliveries being sent, per owner, shared by every worker process */
  slots: BusySlots;
  sealer: SecretSealer;
  clock: Clock;
  settings: WebhookSettings;
  mailer: Mailer;
  /** the web app's address (the Webhooks page in the mail about a disabled endpoint) */
  publicUrl: string;
  /** told of every attempt's outcome (metrics) */
  onAttempt?: (outcome: 'succeeded' | 'retrying' | 'failed') => void;
}) {
  const { repository, access, sender, sealer, clock, settings } = deps;

  async function scopeOf(params: { principal: Principal; customerId?: string }): Promise<WebhookScope> {
    if (params.customerId === undefined) {
      const grant = access.authorizePartnerWebhooks({ principal: params.principal });
      return { kind: 'partner', partnerId: grant.partnerId, apiKeyId: grant.apiKeyId };
    }
    const grant = await access.authorizeCustomer({
      principal: params.principal,
      customerId: params.customerId,
      need: 'administer',
    });
    return { kind: 'customer', customerId: grant.customerId };
  }

  function checkEvents(scope: WebhookScope, events: string[]): void {
    const allowed: readonly string[] = scope.kind === 'partner' ? PARTNER_EVENT_TYPES : CUSTOMER_EVENT_TYPES;
    const unknown = events.filter((event) => !allowed.includes(event));
    if (unknown.length > 0) throw webhookEventsInvalid(`are not events of this API: ${unknown.join(', ')}`);
    if (events.length === 0 || events.length > 20) throw webhookEventsInvalid('must name 1 to 20 event types');
  }

  async function checkUrl(url: string): Promise<void> {
    const refused = await sender.checkTarget(url);
    if (refused) throw webhookUrlRefused(refused);
  }

  async function found(scope: WebhookScope, webhookId: string): Promise<WebhookRecord> {
    const webhook = await repository.find({ scope, webhookId });
    if (!webhook) throw webhookNotFound();
    return webhook;
  }

  /** one attempt of a pending delivery to a live endpoint, with a slot of its owner's held */
  async function attemptDelivery(work: DeliveryWork): Promise<JobOutcome> {
    const { deliveryId } = work;
    // receivers are chosen when the event is recorded; an attempt (the first or a retry) sends only what the
    // endpoint may still be told
    if (!(await repository.stillReceives(deliveryId))) {
      await repository.abandon({
        deliveryId,
        reason: 'the endpoint may no longer be told of this event (a private folder, its events or its key changed)',
        at: clock.now(),
      });
      return jobSkipped('no longer for this endpoint');
    }
    const started = clock.now();
    const t0 = Date.now();
    let result: SendResult;
    try {
      const headers = webhookHeaders({
        secret: sealer.open(work.webhook.secretSealed),
        id: work.eventId,
        timestamp: Math.floor(started.getTime() / 1000),
        body: work.body,
      });
      result = await sender.send({ url: work.webhook.url, headers, body: work.body });
    } catch (error) {
      // a secret this key cannot open (a restore without its key): a failed attempt the log shows, not a crash
      result = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    const attempt = work.attempt + 1;
    const retryAfterSeconds = result.ok ? null : (settings.retryScheduleSeconds[attempt - 1] ?? null);
    await repository.recordAttempt({
      deliveryId,
      webhookId: work.webhook.id,
      attempt,
      succeeded: result.ok,
      responseStatus: result.status,
      error: result.ok ? null : result.error,
      durationMs: Date.now() - t0,
      at: clock.now(),
      retryAfterSeconds,
      disableAfterMs: DISABLE_AFTER_MS,
    });
    deps.onAttempt?.(result.ok ? 'succeeded' : retryAfterSeconds === null ? 'failed' : 'retrying');
    return jobDone();
  }

  type Caller = { principal: Principal; customerId?: string };

  return {
    async create(params: Caller & { input: WebhookInput }) {
      const scope = await scopeOf(params);
      const events = [...new Set(params.input.events)];
      checkEvents(scope, events);
      await checkUrl(params.input.url);
      const secret = newWebhookSecret();
      const webhook = await repository.insert({
        id: newId.uuid(),
        scope,
        url: params.input.url,
        events,
        description: params.input.description ?? null,
        secretSealed: sealer.seal(secret),
        at: clock.now(),
        max: MAX_WEBHOOKS_PER_OWNER,
      });
      if (!webhook) throw webhookLimitReached({ owner: scope.kind, max: MAX_WEBHOOKS_PER_OWNER });
      return { webhook, secret };
    },

    async list(params: Caller) {
      return repository.list(await scopeOf(params));
    },

    async get(params: Caller & { webhookId: string }) {
      return found(await scopeOf(params), params.webhookId);
    },

    async update(
      params: Caller & {
        webhookId: string;
        patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean };
      },
    ) {
      const scope = await scopeOf(params);
      await found(scope, params.webhookId);
      const patch = { ...params.patch };
      if (patch.events) {
        patch.events = [...new Set(patch.events)];
        checkEvents(scope, patch.events);
      }
      if (patch.url !== undefined) await checkUrl(patch.url);
      const updated = await repository.update({ webhookId: params.webhookId, patch, at: clock.now() });
      if (!updated) throw webhookNotFound();
      return updated;
    },

    async remove(params: Caller & { webhookId: string }) {
      const scope = await scopeOf(params);
      await found(scope, params.webhookId);
      await repository.remove({ webhookId: params.webhookId, at: clock.now() });
    },

    async test(params: Caller & { webhookId: string }) {
      const scope = await scopeOf(params);
      await found(scope, params.webhookId);
      const now = clock.now();
      const test = await repository.recordTest({ webhookId: params.webhookId, at: now, maxPending: MAX_PENDING_TESTS });
      if (test.recorded) return { eventId: test.eventId };
      const retryAfterSeconds =
        test.nextAttemptAt === null
          ? UNTRIED_TEST_RETRY_AFTER_SECONDS
          : Math.max(1, Math.ceil((test.nextAttemptAt.getTime() - now.getTime()) / 1000));
      throw webhookTestsPending({ max: MAX_PENDING_TESTS, retryAfterSeconds });
    },

    async deliveries(params: Caller & { webhookId: string; limit: number; nextToken?: string | undefined }) {
      const scope = await scopeOf(params);
      await found(scope, params.webhookId);
      const rows = await repository.deliveries({
        webhookId: params.webhookId,
        before: params.nextToken ?? null,
        limit: params.limit + 1,
      });
      const page = rows.slice(0, params.limit);
      return { deliveries: page, nextToken: rows.length > params.limit ? (page.at(-1)?.id ?? null) : null };
    },

    /**
     * The `webhook.deliver` job: one attempt of one delivery. The target is checked again (an address that changed to
     * a private one since registration is refused, and the connection goes to the address checked). A failure
     * schedules the next attempt by the retry schedule, or ends the delivery as failed.
     *
     * An owner has only `concurrencyPerOwner` deliveries being sent at once, whichever processes send them: while its
     * deliveries hold every slot (endpoints that hang for the whole timeout), another of its deliveries is not sent
     * but queued again a few seconds later, spending none of its attempts, and the workers go to other owners.
     */
    async deliver(deliveryId: string): Promise<JobOutcome> {
      const work = await repository.loadDelivery(deliveryId);
      if (!work) return jobSkipped('no such delivery');
      if (work.status !== 'pending') return jobSkipped(`already ${work.status}`);
      if (work.webhook.deleted || !work.webhook.enabled) {
        await repository.abandon({
          deliveryId,
          reason: work.webhook.deleted ? 'the webhook was deleted' : 'the webhook is disabled',
          at: clock.now(),
        });
        return jobSkipped('webhook disabled or deleted');
      }
      const slot = await deps.slots.acquire({ kind: 'webhook', holder: work.owner, max: settings.concurrencyPerOwner });
      if (slot === null) {
        await repository.defer({ deliveryId, owner: work.owner, afterSeconds: settings.deferSeconds });
        return jobSkipped("its owner's deliveries take every slot: queued again");
      }
      try {
        return await attemptDelivery(work);
      } finally {
        await slot.release();
      }
    },

    /**
     * The `webhook.disabled` job, queued in the transaction that disabled the endpoint: each person to tell gets one
     * mail in their language (a run again after a crash sends no second one: the mail is keyed by the disabling).
     * An endpoint enabled again or deleted before the job ran is not reported.
     */
    async notifyDisabled(params: { webhookId: string; disabledAt: string }): Promise<JobOutcome> {
      const notice = await repository.disabledNotice(params.webhookId);
      if (!notice) return jobSkipped('no such webhook');
      if (notice.deleted || notice.enabled) return jobSkipped('enabled again or deleted before the mail went');
      const failingSince = notice.failingSince ?? new Date(new Date(params.disabledAt).getTime() - DISABLE_AFTER_MS);
      const enable =
        notice.owner.kind === 'customer'
          ? {
              kind: 'page' as const,
              url: `${deps.publicUrl}/app/webhooks?customer=${encodeURIComponent(notice.owner.customerId)}`,
            }
          : { kind: 'api' as const, webhookId: params.webhookId };
      for (const recipient of notice.recipients) {
        await deps.mailer.send({
          to: [recipient.email],
          template: {
            kind: 'webhook_disabled',
            locale: mailLocaleOf(recipient.locale),
            ownerName: notice.owner.name,
            url: displayUrl(notice.url),
            description: notice.description,
            failingSince,
            lastFailure: notice.lastFailure,
            enable,
          },
          onceKey: `webhook.disabled:${params.webhookId}:${params.disabledAt}:${recipient.email.toLowerCase()}`,
        });
      }
      return notice.recipients.length > 0 ? jobDone() : jobSkipped('nobody to tell');
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
