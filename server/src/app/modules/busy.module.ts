import type { ConcurrencyConfig } from '../../config/config.js';
import { createBusyLimit } from '../../domain/access/busy-limit.js';
import { createBusySlotsRepository } from '../../storage/db/repositories/busy-slots.repository.js';
import type { Db } from './app-module.js';

/**
 * Handover dry runs and report PDFs one credential may have under way at once: a dry run evaluates every building of
 * the project, a PDF is drawn anew.
 */
const HANDOVER_WORK_AT_ONCE = 2;

/**
 * The costly work a credential may run only a few of at once, across every API process: asks, zip downloads, handover
 * dry runs and report PDFs.
 */
export function createBusyModule(deps: { db: Db; limits: ConcurrencyConfig }) {
  const slots = createBusySlotsRepository(deps.db);
  return {
    services: {
      askLimit: createBusyLimit({
        slots,
        kind: 'ask',
        max: deps.limits.asks,
        refusal: { code: 'ask.busy', work: 'questions being answered' },
      }),
      zipLimit: createBusyLimit({
        slots,
        kind: 'zip',
        max: deps.limits.zipStreams,
        refusal: { code: 'zip.busy', work: 'zip downloads streaming' },
      }),
      handoverLimit: createBusyLimit({
        slots,
        kind: 'handover',
        max: HANDOVER_WORK_AT_ONCE,
        refusal: { code: 'handover.busy', work: 'handover dry runs and report PDFs' },
      }),
    },
    /** the slots themselves, for work that waits its turn instead of being refused (webhook deliveries) */
    slots,
  };
}
