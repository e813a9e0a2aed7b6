import { jobHandlersInvalid } from './jobs.errors.js';
import { JOB_NAMES, type JobContribution, type JobHandlers, type JobName } from './jobs.js';

/**
 * Joins the handlers each area's module contributes into the one table a worker runs. Checked at start-up: a job
 * with no handler would wait in its queue forever, and two handlers for one job would mean one of them never runs.
 */
export function assembleJobHandlers(contributions: readonly JobContribution[]): JobHandlers {
  const handlers: Partial<Record<JobName, unknown>> = {};
  const duplicated: string[] = [];
  const unknown: string[] = [];
  for (const contribution of contributions) {
    for (const [name, handler] of Object.entries(contribution.handlers)) {
      if (!(JOB_NAMES as readonly string[]).includes(name)) unknown.push(name);
      else if (handlers[name as JobName]) duplicated.push(name);
      else handlers[name as JobName] = handler;
    }
  }
  const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length || duplicated.length || unknown.length) throw jobHandlersInvalid({ missing, duplicated, unknown });
  return handlers as JobHandlers;
}
