import { jobDone, jobSkipped, type JobOutcome } from '../jobs/jobs.js';
import type { DocumentClassifier, PipelineRepository } from './ports.js';
import type { Clock } from '../shared/clock.js';

/** how much text classification reads: the opening pages carry the title block, headings and vocabulary */
const CLASSIFY_MAX_CHARS = 20_000;

/** Stage two: classification. A category a person set is kept; everything else is (re)computed. */
export async function classifyDocument(
  documentId: string,
  context: { repository: PipelineRepository; classifier: DocumentClassifier; clock: Clock },
): Promise<JobOutcome> {
  const document = await context.repository.load(documentId);
  if (!document) return jobSkipped('the document does not exist');
  if (document.archivedAt !== null) return jobSkipped('the document is archived');
  const pages = await context.repository.loadPages({ documentId, maxChars: CLASSIFY_MAX_CHARS });
  const classification = await context.classifier.classify({ document, pages });
  await context.repository.saveClassification({ documentId, classification, at: context.clock.now() });
  return jobDone();
}
