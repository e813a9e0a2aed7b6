import type { JobName } from '../jobs/jobs.js';

/** Which stage follows which: the one place that says how a document moves through the pipeline. */
export const PIPELINE = {
  afterUpload: 'document.process',
  afterProcess: 'document.classify',
  afterClassify: 'maintenance.extract',
} as const satisfies Record<string, JobName>;
