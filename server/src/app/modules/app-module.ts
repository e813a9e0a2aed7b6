import type { Kysely } from 'kysely';
import type { JobContribution } from '../../domain/jobs/jobs.js';
import type { DB } from '../../storage/db/schema.js';
import type { Transaction } from 'kysely';
import type { WebhookOutbox } from '../../domain/webhooks/webhook-events.js';

/**
 * What one area's factory returns: the services it offers (joined into the services the HTTP layer and the CLI
 * call), the handlers and schedules of its jobs, and what to release at shutdown. A factory may return more
 * (a service another module needs, such as the classifier); the composition root passes that on by name.
 * Factories live in app/ because they join storage and integrations to the domain, which imports neither.
 */
export interface AppModule<S extends object> {
  services: S;
  jobs?: JobContribution;
  close?(): Promise<void>;
}

/** the database handle every module's repositories are built on */
export type Db = Kysely<DB>;

/** the webhook outbox, on the storage layer's transactions */
export type Outbox = WebhookOutbox<Transaction<DB>>;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/**
 * The services of every module in one object, typed as the join of theirs: a service the HTTP layer needs and no
 * module offers fails to compile where the result is used.
 */
export function joinServices<const M extends readonly AppModule<object>[]>(
  modules: M,
): Intersection<M[number]['services']> {
  return Object.assign({}, ...modules.map((module) => module.services)) as Intersection<M[number]['services']>;
}
