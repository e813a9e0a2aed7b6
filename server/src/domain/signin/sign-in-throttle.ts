import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';

/** the window failures are counted in */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** failed tries for one account (an e-mail, known or not) within the window before further tries are refused */
export const ACCOUNT_LIMIT = 10;
/** failed tries from one client address within the window before further tries are refused */
export const ADDRESS_LIMIT = 50;

/**
 * What is counted: password checks (`sign_in`: the login form, a password change's current password) and requests
 * about password links (`link`: forgot-password requests, and set-password tries with a link that does not work).
 */
export type ThrottledAction = 'sign_in' | 'link';

export type ThrottleBucket = 'account' | 'address' | 'link_account' | 'link_address';

export interface SignInThrottleRepository {
  record(params: { bucket: ThrottleBucket; subject: string; at: Date }): Promise<void>;
  /** the times of the newest `limit` tries counted since `since`, newest first */
  recent(params: { bucket: ThrottleBucket; subject: string; since: Date; limit: number }): Promise<Date[]>;
  clear(params: { bucket: ThrottleBucket; subject: string }): Promise<void>;
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
 */
export function createSignInThrottle(deps: { repository: SignInThrottleRepository; clock: Clock; audit: AuditLog }) {
  const { repository, clock, audit } = deps;

  function bucketsOf(params: { action: ThrottledAction; email: string | null; address: string | null }) {
    const account = params.action === 'sign_in' ? 'account' : 'link_account';
    const address = params.action === 'sign_in' ? 'address' : 'link_address';
    return [
      ...(params.email ? [{ bucket: account, subject: normalise(params.email), limit: ACCOUNT_LIMIT } as const] : []),
      ...(params.address ? [{ bucket: address, subject: params.address, limit: ADDRESS_LIMIT } as const] : []),
    ];
  }

  /** seconds until a try is taken again for this bucket, or 0 */
  async function waitFor(bucket: { bucket: ThrottleBucket; subject: string; limit: number }, now: Date) {
    const times = await repository.recent({
      ...bucket,
      since: new Date(now.getTime() - THROTTLE_WINDOW_MS),
      limit: bucket.limit,
    });
    const oldest = times[bucket.limit - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
  }

  /** throws tooManyAttempts while the account or the address is locked */
  async function check(params: { action: ThrottledAction; email: string | null; address: string | null }) {
    const now = clock.now();
    let wait = 0;
    for (const bucket of bucketsOf(params)) wait = Math.max(wait, await waitFor(bucket, now));
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** counts a failed try; the one that locks an account or address is audited */
  async function fail(params: { action: ThrottledAction; email: string | null; address: string | null }) {
    const now = clock.now();
    for (const bucket of bucketsOf(params)) {
      await repository.record({ bucket: bucket.bucket, subject: bucket.subject, at: now });
      const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
      const count = (await repository.recent({ ...bucket, since, limit: bucket.limit + 1 })).length;
      // exactly the try that reached the limit: later ones are refused before they are counted
      if (count === bucket.limit) {
        const wait = await waitFor(bucket, now);
        const isAccount = bucket.bucket === 'account' || bucket.bucket === 'link_account';
        await audit.record({
          customerId: null,
          actor: { kind: 'anonymous', label: isAccount ? bucket.subject : null },
          action: 'auth.locked_out',
          details: {
            scope: isAccount ? 'account' : 'address',
            action: params.action,
            failures: count,
            until: new Date(now.getTime() + wait * 1000).toISOString(),
          },
          clientAddress: params.address,
        });
      }
    }
  }

  /** a right password: the account's count starts again (the address's does not) */
  async function succeed(params: { email: string }) {
    await repository.clear({ bucket: 'account', subject: normalise(params.email) });
  }

  return { check, fail, succeed };
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
