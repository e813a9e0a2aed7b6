import { AppError } from '../shared/errors.js';
import { credentialHolderOf } from './credential-holder.js';
import type { Principal } from './principal.js';

/**
 * Costly work a credential (or, for webhook deliveries, an owner) may run only a few of at once, whatever the rate
 * limit lets through: asks (a model's `deep` answer makes up to 8 calls), zip downloads (up to 5,000 files each),
 * handover dry runs and report PDFs, webhook deliveries to endpoints that may hang. Counted across every process:
 * each running piece of work holds a slot that all of them see.
 */
export type BusyKind = 'ask' | 'zip' | 'handover' | 'webhook';

/** how long a refused caller is told to wait: work of these kinds ends within seconds to minutes */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** A slot held while the work runs; given back when the work ends, however it ends. */
export interface BusySlot {
  /** idempotent, and never throws: a slot that cannot be given back now frees itself when its lease runs out */
  release(): Promise<void>;
}

export interface BusySlots {
  /**
   * one of the `max` slots of `kind` for `holder`, or null when each is held. Atomic across processes; a slot held
   * by a process that died is free again once its lease has run out.
   */
  acquire(params: { kind: BusyKind; holder: string; max: number }): Promise<BusySlot | null>;
}

export interface BusyLimit {
  /**
   * a slot of the caller's credential, taken before the work starts; refused (429, `busy`) when the credential holds
   * every one already
   */
  take(principal: Principal): Promise<BusySlot>;
}

export function createBusyLimit(deps: {
  slots: BusySlots;
  kind: BusyKind;
  max: number;
  /** the refusal's code (`ask.busy`) and the work in words (`questions being answered`) */
  refusal: { code: string; work: string };
}): BusyLimit {
  return {
    async take(principal) {
      const slot = await deps.slots.acquire({ kind: deps.kind, holder: credentialHolderOf(principal), max: deps.max });
      if (slot === null) {
        throw new AppError({
          code: deps.refusal.code,
          kind: 'too_many_requests',
          message: `This credential has as many ${deps.refusal.work} under way as it may at once; try again in ${BUSY_RETRY_AFTER_SECONDS} seconds, or once one has finished`,
          retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
        });
      }
      return slot;
    },
  };
}
