import { defineConfigPart } from '../config-part.js';

export interface WorkerConfig {
  /** jobs of each kind one process runs at once */
  concurrency: number;
  /** a job running longer than this counts as crashed: its run is aborted and it is retried */
  jobExpireSeconds: number;
  retryLimit: number;
  /** LibreOffice binary for Office previews (null: looked up on PATH when needed) */
  libreOfficePath: string | null;
  /** when the daily reminder to subcontractors runs (cron, server time); null: never; absent: 07:00 */
  remindersCron?: string | null;
  /** owners with at least this many documents get a search segment (0: none); absent: 20,000 */
  searchSegmentMinDocuments?: number;
}

export const DEFAULT_REMINDERS_CRON = '0 7 * * *';

export const workerConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_WORKER_CONCURRENCY',
      default: '`2`',
      description: 'jobs of each kind one worker process runs at once',
    },
    {
      name: 'BYGGDOK_JOB_EXPIRE_SECONDS',
      default: '`900`',
      description: 'a job running longer counts as crashed: its extraction is stopped and it is retried',
    },
    {
      name: 'BYGGDOK_JOB_RETRY_LIMIT',
      default: '`4`',
      description: 'retries (with back-off) before a failure is recorded on the document',
    },
    {
      name: 'BYGGDOK_LIBREOFFICE_PATH',
      default: '`soffice`/`libreoffice` on PATH',
      description: 'LibreOffice for Office previews (no preview without it)',
    },
    {
      name: 'BYGGDOK_REMINDERS_CRON',
      default: '`0 7 * * *` (07:00 daily)',
      description:
        'when subcontractors are reminded of missing or declined documentation (cron, five fields; `off`: never; a project can turn its reminders off)',
    },
    {
      name: 'BYGGDOK_SEARCH_SEGMENT_MIN_DOCUMENTS',
      default: '`20000`',
      description:
        'owners with at least this many documents get their own inverted index for owner-wide searches, kept current by the workers (`0`: none; see Search at scale)',
    },
  ],
  read(env): { worker: WorkerConfig } {
    const cron = env.string('BYGGDOK_REMINDERS_CRON')?.trim();
    if (cron && cron !== 'off' && !/^\S+( \S+){4}$/.test(cron)) {
      env.problem('BYGGDOK_REMINDERS_CRON', 'must be a cron expression of five fields, or off');
    }
    return {
      worker: {
        concurrency: env.int('BYGGDOK_WORKER_CONCURRENCY', { default: 2, min: 1, max: 64 }),
        jobExpireSeconds: env.int('BYGGDOK_JOB_EXPIRE_SECONDS', { default: 900, min: 1, max: 86_400 }),
        retryLimit: env.int('BYGGDOK_JOB_RETRY_LIMIT', { default: 4, min: 0, max: 100 }),
        libreOfficePath: env.string('BYGGDOK_LIBREOFFICE_PATH') ?? null,
        remindersCron: cron === 'off' ? null : cron || DEFAULT_REMINDERS_CRON,
        searchSegmentMinDocuments: env.int('BYGGDOK_SEARCH_SEGMENT_MIN_DOCUMENTS', {
          default: 20_000,
          min: 0,
          max: 100_000_000,
        }),
      },
    };
  },
});
