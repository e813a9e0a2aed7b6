/** The plan as a spreadsheet (CSV) and as a calendar (iCalendar, RFC 5545, one recurring event per task). */
import { csvCell } from '../shared/csv.js';
import type { IntervalUnit } from './intervals.js';
import type { MaintenanceTask } from './maintenance.types.js';

export const CSV_COLUMNS = [
  'id',
  'component',
  'componentCode',
  'buildingCategory',
  'action',
  'every',
  'unit',
  'intervalText',
  'performedBy',
  'source',
  'status',
  'documentId',
  'pageNumber',
  'citedText',
] as const;

/** one row per task under a header row; fields quoted as RFC 4180 says, lines ended with CRLF */
export function tasksToCsv(tasks: readonly MaintenanceTask[]): string {
  const rows = tasks.map((t) =>
    [
      t.id,
      t.component,
      t.componentCode,
      t.buildingCategory,
      t.action,
      t.interval?.every ?? null,
      t.interval?.unit ?? null,
      t.intervalText,
      t.performedBy,
      t.source,
      t.status,
      t.citation?.documentId ?? null,
      t.citation?.pageNumber ?? null,
      t.citation?.citedText ?? null,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

const FREQ: Record<IntervalUnit, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };

function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** lines longer than 75 octets are folded (RFC 5545 3.1) */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * A calendar with one all-day recurring event per task that has an interval (operating hours alone make no calendar
 * event). DTSTART is `start` when given (the plan's start date), else the day the task was made.
 */
export function tasksToICalendar(params: {
  tasks: readonly MaintenanceTask[];
  now: Date;
  start: Date | null;
  name: string;
  /** the host of the service, for globally unique UIDs */
  domain: string;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//byggdok//maintenance plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(params.name)}`,
  ];
  for (const task of params.tasks) {
    if (!task.interval) continue;
    const start = params.start ?? task.createdAt;
    const description = [
      `${task.action}: ${task.component}`,
      `${task.intervalText}`,
      ...(task.performedBy ? [`performed by: ${task.performedBy}`] : []),
      ...(task.citation ? [`source: "${task.citation.citedText}" (page ${task.citation.pageNumber ?? '-'})`] : []),
    ].join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${task.id}@${params.domain}`,
      `DTSTAMP:${stamp(params.now)}`,
      `DTSTART;VALUE=DATE:${day(start)}`,
      `RRULE:FREQ=${FREQ[task.interval.unit]};INTERVAL=${task.interval.every}`,
      `SUMMARY:${icsText(`${task.component}: ${task.action}`)}`,
      `DESCRIPTION:${icsText(description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
