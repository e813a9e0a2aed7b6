import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { clientNetworkOf } from '../shared/ip-addresses.js';

/** the window failures are counted in */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** failed tries for one account (an e-mail, known or not) within the window before further tries are refused */
export const ACCOUNT_LIMIT = 10;
/** failed tries from one client address (an IPv6 one: its /64) within the window before further tries are refused */
export const ADDRESS_LIMIT = 50;

/**
 * What is counted: password checks (`sign_in`: the login form, a password change's current password) and requests
 * about password links (`link`: forgot-password requests, and set-password tries with a link that does not work).
 */
export type ThrottledAction = 'sign_in' | 'link';

export type ThrottleBucket = 'account' | 'address' | 'link_account' | 'link_address';

export interface SignInThrottleRepository {
  /** counts one try (written at once, for every process to see); its id */
  record(params: { bucket: ThrottleBucket; subject: string; at: Date }): Promise<string>;
  /** takes counted tries back */
  remove(ids: string[]): Promise<void>;
  /** the times of the newest `limit` tries counted since `since`, newest first */
  recent(params: { bucket: ThrottleBucket; subject: string; since: Date; limit: number }): Promise<Date[]>;
  clear(params: { bucket: ThrottleBucket; subject: string }): Promise<void>;
}

/** a try `begin` let through: counted as a failure until it says otherwise */
export interface ThrottledTry {
  /** it failed (or it is one that always counts): it stays counted; the try that reached a limit is audited */
  failed(): Promise<void>;
  /** it was right: not counted after all */
  succeeded(): Promise<void>;
}

/** refused without a look at the password: too many failed tries; the same answer for every account */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError({
    code: 'auth.too_many_attempts',
    kind: 'too_many_requests',
    message: `Too many failed attempts; try again in ${retryAfterSeconds} seconds`,
    retryAfterSeconds,
  });
}

/**
 * Slowed guessing: failed tries are counted per account and per client address in the database, so every API process
 * sees the same counts, whatever credential headers a request claims and whether the rate limit is on. Once an account
 * has ACCOUNT_LIMIT failures, or an address ADDRESS_LIMIT, within THROTTLE_WINDOW_MS, further tries are refused
 * (without checking anything) until the oldest of those failures leaves the window. An e-mail that names nobody is
 * counted like any other, so a refusal never tells a locked account from an unknown one. The start of each lockout
 * is audited.
 *
 * A try is counted as failed before the password is looked at, and taken back when it was right or refused: tries
 * made at the same time, in any process, see each other, so no more than the limit are ever checked in a window
 * (a check first and a count after the slow password hash would let hundreds of parallel tries through).
 */
export function createSignInThrottle(deps: { repository: SignInThrottleRepository; clock: Clock; audit: AuditLog }) {
  const { repository, clock, audit } = deps;

  function bucketsOf(params: { action: ThrottledAction; email: string | null; address: string | null }) {
    const account = params.action === 'sign_in' ? 'account' : 'link_account';
    const address = params.action === 'sign_in' ? 'address' : 'link_address';
    return [
      ...(params.email ? [{ bucket: account, subject: normalise(params.email), limit: ACCOUNT_LIMIT } as const] : []),
      // an IPv6 client as its /64: a new address of its network for every try would otherwise count as a new client
      ...(params.address
        ? [{ bucket: address, subject: clientNetworkOf(params.address), limit: ADDRESS_LIMIT } as const]
        : []),
    ];
  }

  /** seconds until a try is taken again for this bucket, or 0 */
  async function waitFor(bucket: { bucket: ThrottleBucket; subject: string; limit: number }, now: Date) {
    const times = await repository.recent({
      ...bucket,
      since: new Date(now.getTime() - THROTTLE_WINDOW_MS),
      limit: bucket.limit,
    });
    return secondsLeft(times, bucket.limit, now);
  }

  /**
   * Takes a try: counted at once in the account's and the address's buckets, then refused (tooManyAttempts, and
   * taken back) when that count is past either limit. Whoever was counted k-th sees at least k, so at most the limit
   * of failed tries get through, however many are made at the same time.
   */
  async function begin(params: {
    action: ThrottledAction;
    email: string | null;
    address: string | null;
  }): Promise<ThrottledTry> {
    const now = clock.now();
    const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const buckets = bucketsOf(params);
    const ids: string[] = [];
    for (const bucket of buckets) {
      ids.push(await repository.record({ bucket: bucket.bucket, subject: bucket.subject, at: now }));
    }
    const counts: number[] = [];
    let wait = 0;
    for (const bucket of buckets) {
      const times = await repository.recent({ ...bucket, since, limit: bucket.limit + 1 });
      counts.push(times.length);
      if (times.length <= bucket.limit) continue;
      // as long as the others counted keep it locked (tries still under way among them: they count as failed until
      // they are known, and the same answer is given as for a lockout of finished tries)
      const own = times.findIndex((time) => time.getTime() === now.getTime());
      wait = Math.max(wait, secondsLeft(own >= 0 ? times.toSpliced(own, 1) : times, bucket.limit, now));
    }
    if (wait > 0) {
      await repository.remove(ids);
      throw tooManyAttempts(wait);
    }
    return {
      async failed() {
        for (const [i, bucket] of buckets.entries()) {
          // exactly the try that reached the limit: later ones are refused (and not counted)
          if (counts[i] === bucket.limit) await lockedOut(params, bucket, now);
        }
      },
      succeeded: () => repository.remove(ids),
    };
  }

  async function lockedOut(
    params: { action: ThrottledAction; address: string | null },
    bucket: { bucket: ThrottleBucket; subject: string; limit: number },
    now: Date,
  ) {
    const wait = await waitFor(bucket, now);
    const isAccount = bucket.bucket === 'account' || bucket.bucket === 'link_account';
    await audit.record({
      customerId: null,
      actor: { kind: 'anonymous', label: isAccount ? bucket.subject : null },
      action: 'auth.locked_out',
      details: {
        scope: isAccount ? 'account' : 'address',
        action: params.action,
        failures: bucket.limit,
        until: new Date(now.getTime() + wait * 1000).toISOString(),
      },
      clientAddress: params.address,
    });
  }

  /** a right password: the account's count starts again (the address's does not) */
  async function succeed(params: { email: string }) {
    await repository.clear({ bucket: 'account', subject: normalise(params.email) });
  }

  return { begin, succeed };
}

/**
 * seconds until the `limit`-th newest of these tries (newest first) leaves the window, or 0 when there are fewer; never
 * more than the window (a try made in another request a moment after `now` may be among them)
 */
function secondsLeft(times: Date[], limit: number, now: Date): number {
  const oldest = times[limit - 1];
  if (!oldest) return 0;
  const seconds = Math.ceil((oldest.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000);
  return Math.min(THROTTLE_WINDOW_MS / 1000, Math.max(1, seconds));
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
