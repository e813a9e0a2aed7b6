import type { Clock } from '../shared/clock.js';
import { clientNetworkOf } from '../shared/ip-addresses.js';
import { hashSecret } from '../shared/secrets.js';

/** clients (assistants) one client address may register within the window */
export const REGISTRATIONS_PER_ADDRESS = 20;
/** the window registrations are counted in */
export const REGISTRATION_WINDOW_MS = 3_600_000;
/** how long a registered client no one ever allowed is kept: the upkeep deletes it after that */
export const UNUSED_CLIENT_MS = 24 * 3_600_000;

/** a client registered from a source, as the registrations repository reads it back */
export interface RecentRegistration {
  clientId: string;
  registeredAt: Date;
}

/**
 * The clients assistants registered at the embedded provider (its oidc_records), as far as the cap reads them. Each
 * is counted by the provider's own record of it, so every API process sees the same count.
 */
export interface AssistantRegistrationsRepository {
  /** the newest `limit` clients registered from this source since `since`, newest first */
  recent(params: { source: string; since: Date; limit: number }): Promise<RecentRegistration[]>;
  /**
   * Counts a client the provider has just stored against the source it was registered from, unless `limit` clients
   * of that source were already counted since `since`: null when counted, else those (newest first), the client left
   * uncounted. The claims of one source take turns (a lock), in every process.
   */
  claim(params: { clientId: string; source: string; since: Date; limit: number }): Promise<RecentRegistration[] | null>;
  /** deletes a client the provider has just stored, with its registration access token */
  remove(clientId: string): Promise<void>;
}

/**
 * Open registration (RFC 7591) needs no credential, and every client is kept: one client address may register at most
 * REGISTRATIONS_PER_ADDRESS clients in REGISTRATION_WINDOW_MS (an IPv6 address counts as its /64, which one holder
 * usually has whole). A registration is refused before the provider makes anything when the address is already at
 * the limit; one let through is counted once stored, one at a time per address, and deleted again when the limit was
 * reached meanwhile, so that of registrations made at the same time, in any process, no more than the limit are kept.
 */
export function createAssistantRegistrations(deps: { repository: AssistantRegistrationsRepository; clock: Clock }) {
  const { repository, clock } = deps;
  const windowStart = (now: Date) => new Date(now.getTime() - REGISTRATION_WINDOW_MS);

  return {
    /** before the provider registers anything: null when the address may register, else seconds to wait */
    async refusal(address: string): Promise<number | null> {
      const now = clock.now();
      const recent = await repository.recent({
        source: registrationSourceOf(address),
        since: windowStart(now),
        limit: REGISTRATIONS_PER_ADDRESS,
      });
      return recent.length < REGISTRATIONS_PER_ADDRESS ? null : secondsLeft(recent, now);
    },

    /**
     * After the provider stored a client: counts it against its address; past the limit it is deleted again and the
     * seconds to wait are answered (null: it stays).
     */
    async registered(params: { clientId: string; address: string }): Promise<number | null> {
      const now = clock.now();
      const earlier = await repository.claim({
        clientId: params.clientId,
        source: registrationSourceOf(params.address),
        since: windowStart(now),
        limit: REGISTRATIONS_PER_ADDRESS,
      });
      if (earlier === null) return null;
      await repository.remove(params.clientId);
      return secondsLeft(earlier, now);
    },
  };
}

export type AssistantRegistrations = ReturnType<typeof createAssistantRegistrations>;

/**
 * What registrations are counted by: the client address, an IPv6 one cut to its /64 (an IPv4 address inside IPv6 as
 * the IPv4 address), kept as its SHA-256 only, since the record outlives the hour it is needed for.
 */
export function registrationSourceOf(address: string): string {
  return hashSecret(`registration:${clientNetworkOf(address)}`);
}

/** seconds until the limit-th newest of these registrations (newest first) leaves the window; at least 1 */
function secondsLeft(recent: RecentRegistration[], now: Date): number {
  const oldest = recent[REGISTRATIONS_PER_ADDRESS - 1];
  if (!oldest) return 1;
  const seconds = Math.ceil((oldest.registeredAt.getTime() + REGISTRATION_WINDOW_MS - now.getTime()) / 1000);
  return Math.min(REGISTRATION_WINDOW_MS / 1000, Math.max(1, seconds));
}
