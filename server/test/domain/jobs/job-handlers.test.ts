import { describe, expect, it } from 'vitest';
import { assembleJobHandlers } from '../../../src/domain/jobs/job-handlers.js';
import { JobError } from '../../../src/domain/jobs/jobs.errors.js';
import { jobDone, type JobContribution } from '../../../src/domain/jobs/jobs.js';

const done = async () => jobDone();

const pipeline: JobContribution = { handlers: { 'document.process': done, 'document.classify': done } };
const uploads: JobContribution = { handlers: { 'uploads.poll': done, 'uploads.sweep': done } };
const reports: JobContribution = { handlers: { 'report.generate': done } };
const mail: JobContribution = { handlers: { 'mail.send': done, 'mail.sweep': done } };
const deliveries: JobContribution = {
  handlers: { 'deliveries.remind': done, 'zip.build': done, 'storage_provider.import': done },
};
const maintenance: JobContribution = { handlers: { 'maintenance.extract': done } };
const webhooks: JobContribution = { handlers: { 'webhook.deliver': done, 'webhook.disabled': done } };
const search: JobContribution = { handlers: { 'search.segments': done, 'search.vocabulary': done } };
const signIn: JobContribution = { handlers: { 'signin.sweep': done } };
const everyOther = [maintenance, webhooks, search, signIn];

function problemOf(contributions: JobContribution[]): JobError {
  try {
    assembleJobHandlers(contributions);
  } catch (error) {
    if (error instanceof JobError) return error;
    throw error;
  }
  throw new Error('expected the handler table to be refused');
}

describe('assembling the job handlers of every module', () => {
  it('joins one handler per job from the modules that own them', () => {
    const handlers = assembleJobHandlers([pipeline, uploads, reports, mail, deliveries, ...everyOther]);

    expect(Object.keys(handlers).sort()).toEqual([
      'deliveries.remind',
      'document.classify',
      'document.process',
      'mail.send',
      'mail.sweep',
      'maintenance.extract',
      'report.generate',
      'search.segments',
      'search.vocabulary',
      'signin.sweep',
      'storage_provider.import',
      'uploads.poll',
      'uploads.sweep',
      'webhook.deliver',
      'webhook.disabled',
      'zip.build',
    ]);
    expect(handlers['uploads.poll']).toBe(done);
  });

  it('refuses to start when a job has no handler, naming it', () => {
    const error = problemOf([pipeline, uploads, mail, deliveries, ...everyOther]);

    expect(error.code).toBe('job.handlers_invalid');
    expect(error.message).toContain('no handler for report.generate');
  });

  it('refuses two modules handling the same job, and handlers for jobs that do not exist', () => {
    const stray = { handlers: { 'report.generate': done, 'mail.resend': done } } as unknown as JobContribution;

    const error = problemOf([pipeline, uploads, reports, mail, deliveries, ...everyOther, stray]);

    expect(error.message).toContain('more than one handler for report.generate');
    expect(error.message).toContain('handlers for unknown jobs mail.resend');
  });
});
