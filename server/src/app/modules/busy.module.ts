import type { ConcurrencyConfig } from '../../config/config.js';
import { createBusyLimit } from '../../domain/access/busy-limit.js';
import { askBusy } from '../../domain/answers/answers.errors.js';
import { zipBusy } from '../../domain/documents/documents.errors.js';
import { createBusySlotsRepository } from '../../storage/db/repositories/busy-slots.repository.js';
import type { Db } from './app-module.js';

/** The costly work a credential may run only a few of at once, across every API process: asks and zip downloads. */
export function createBusyModule(deps: { db: Db; limits: ConcurrencyConfig }) {
  const slots = createBusySlotsRepository(deps.db);
  return {
    services: {
      askLimit: createBusyLimit({ slots, kind: 'ask', max: deps.limits.asks, busy: askBusy }),
      zipLimit: createBusyLimit({ slots, kind: 'zip', max: deps.limits.zipStreams, busy: zipBusy }),
    },
  };
}
