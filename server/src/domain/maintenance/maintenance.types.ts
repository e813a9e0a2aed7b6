import type { Interval } from './intervals.js';

export type PerformedBy = 'owner' | 'operator' | 'service_company';
export const PERFORMERS: readonly PerformedBy[] = ['owner', 'operator', 'service_company'];

export type TaskSource = 'extracted' | 'person';
export type TaskStatus = 'proposed' | 'confirmed';

/** What a document says must be done: found in its text, with the verbatim words and the page that say it. */
export interface ExtractedTask {
  component: string;
  /** TFM, e.g. "=360.001-LB01" or "360.001", where the text gives one */
  componentCode: string | null;
  /** NS 3451 */
  buildingCategory: string | null;
  /** inspect, clean, replace, test, lubricate, service, adjust, drain, refill, paint, measure */
  action: string;
  interval: Interval | null;
  /** the interval as the document says it */
  intervalText: string;
  performedBy: PerformedBy | null;
  pageNumber: number;
  /** verbatim page text that states the task: a sentence, a list item or a table row */
  citedText: string;
}

export interface MaintenanceTask {
  id: string;
  ownerId: string;
  buildingId: string;
  component: string;
  componentCode: string | null;
  buildingCategory: string | null;
  action: string;
  interval: Interval | null;
  intervalText: string;
  performedBy: PerformedBy | null;
  source: TaskSource;
  status: TaskStatus;
  citation: { documentId: string; pageNumber: number | null; citedText: string } | null;
  /** a person changed this extracted task: reprocessing its document keeps it as it is */
  editedByPerson: boolean;
  createdAt: Date;
  updatedAt: Date;
}
