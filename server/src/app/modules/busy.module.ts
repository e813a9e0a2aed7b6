import type { ConcurrencyConfig } from '../../config/config.js';
import { createBusyLimit } from '../../domain/access/busy-limit.js';
import { askBusy } from '../../domain/answers/answers.errors.js';
import { zipBusy } from '../../domain/documents/documents.errors.js';
import { handoverBusy, HANDOVER_WORK_AT_ONCE } from '../../domain/handover/handover.errors.js';
import { createBusySlotsRepository } from '../../storage/db/repositories/busy-slots.repository.js';
import type { Db } from './app-module.js';

/**
 * The costly work a credential may run only a few of at once, across every API process: asks, zip downloads, handover
 * dry runs and report PDFs.
 */
export function createBusyModule(deps: { db: Db; limits: ConcurrencyConfig }) {
  const slots = createBusySlotsRepository(deps.db);
  return {
    services: {
      askLimit: createBusyLimit({ slots, kind: 'ask', max: deps.limits.asks, busy: askBusy }),
      zipLimit: createBusyLimit({ slots, kind: 'zip', max: deps.limits.zipStreams, busy: zipBusy }),
      handoverLimit: createBusyLimit({ slots, kind: 'handover', max: HANDOVER_WORK_AT_ONCE, busy: handoverBusy }),
    },
    /** the slots themselves, for work that waits its turn instead of being refused (webhook deliveries) */
    slots,
  };
}
