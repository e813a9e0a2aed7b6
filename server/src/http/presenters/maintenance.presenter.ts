import { Type } from '@sinclair/typebox';
import type { MaintenanceTask } from '../../domain/maintenance/maintenance.types.js';
import { Id, Timestamp } from '../schemas/common.js';

export const IntervalSchema = Type.Object(
  {
    every: Type.Integer({ minimum: 1, maximum: 1000 }),
    unit: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
  },
  { additionalProperties: false },
);

export const PerformedBySchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('operator'),
  Type.Literal('service_company'),
  Type.Null(),
]);

export const TaskSchema = Type.Object({
  id: Type.String(),
  component: Type.String(),
  componentCode: Type.Union([Type.String(), Type.Null()], { description: 'TFM, e.g. "=360.001-LB01" or "360.001"' }),
  buildingCategory: Type.Union([Type.String(), Type.Null()], { description: 'NS 3451' }),
  action: Type.String({ description: 'inspect, clean, replace, test, lubricate, service, adjust, drain, ...' }),
  interval: Type.Union([IntervalSchema, Type.Null()], {
    description: 'null: not a calendar interval (operating hours), or none given',
  }),
  intervalText: Type.String({ description: 'the interval as the document says it' }),
  performedBy: PerformedBySchema,
  source: Type.Union([Type.Literal('extracted'), Type.Literal('person')]),
  status: Type.Union([Type.Literal('proposed'), Type.Literal('confirmed')]),
  citation: Type.Union([
    Type.Object({
      document_id: Type.String(),
      page_number: Type.Union([Type.Integer(), Type.Null()]),
      cited_text: Type.String({ description: 'verbatim page text that states the task' }),
    }),
    Type.Null(),
  ]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const OwnerTaskSchema = Type.Composite([TaskSchema, Type.Object({ buildingId: Type.String() })]);

export const TaskParams = Type.Object({
  buildingOwnerId: Id('building owner id'),
  buildingId: Id('building id'),
  taskId: Id('maintenance task id'),
});

export const TaskListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    format: Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('ics')], {
      default: 'json',
      description:
        'csv: text/csv, one row per task; ics: an iCalendar file, a recurring event per task with an interval',
    }),
    start: Type.Optional(
      Type.String({
        format: 'date',
        description: "ics: the plan's start date (each event's DTSTART); default: the day each task was made",
      }),
    ),
  },
  { additionalProperties: false },
);

export function presentTask(task: MaintenanceTask) {
  return {
    id: task.id,
    component: task.component,
    componentCode: task.componentCode,
    buildingCategory: task.buildingCategory,
    action: task.action,
    interval: task.interval ? { every: task.interval.every, unit: task.interval.unit } : null,
    intervalText: task.intervalText,
    performedBy: task.performedBy,
    source: task.source,
    status: task.status,
    citation: task.citation
      ? {
          document_id: task.citation.documentId,
          page_number: task.citation.pageNumber,
          cited_text: task.citation.citedText,
        }
      : null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}

export function presentOwnerTask(task: MaintenanceTask) {
  return { ...presentTask(task), buildingId: task.buildingId };
}

export const EXPORT_TYPES = { csv: 'text/csv; charset=utf-8', ics: 'text/calendar; charset=utf-8' } as const;
