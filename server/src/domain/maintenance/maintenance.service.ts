import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { AuditActor, AuditLog } from '../audit/audit.js';
import { isValidBuildingCategory } from '../classification/reference-data.js';
import { nsCodeFromDigits } from '../classification/filename-conventions.js';
import { jobDone, jobSkipped, type JobOutcome } from '../jobs/jobs.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import type { PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import { tasksToCsv, tasksToICalendar } from './exports.js';
import { describeInterval, normaliseInterval, type Interval } from './intervals.js';
import type { TaskProposer } from './llm-proposer.js';
import { invalidBuildingCategoryOfTask, maintenanceTaskNotFound } from './maintenance.errors.js';
import type { MaintenanceTask, PerformedBy, TaskStatus } from './maintenance.types.js';
import type { MaintenanceDocument, MaintenanceRepository, TaskPatch, TaskScope } from './ports.js';
import { extractMaintenanceTasks } from './task-extractor.js';

/** information types whose documents hold maintenance instructions */
const MAINTENANCE_TYPES = new Set([
  'om_instructions',
  'user_manual',
  'product_data_sheet',
  'cleaning_instructions',
  'installation_instructions',
  'lift_documents',
  'description',
]);
/** information types that hold none, whatever words they use */
const NO_MAINTENANCE_TYPES = new Set([
  'fire_strategy',
  'evacuation_plan',
  'energy_certificate',
  'permit_documents',
  'declaration_of_performance',
  'declaration_of_conformity',
  'technical_approval',
  'epd',
  'environmental_self_declaration',
  'warranty',
  'test_measurement_report',
  'commissioning_report',
  'independent_control_report',
  'as_built_drawing',
  'schematic_diagram',
  'drawing',
  'calculation',
  'contract',
  'offer',
  'meeting_minutes',
  'photo',
  'photo_documentation',
  'model',
  'circuit_schedule',
  'supplier_list',
  'training_record',
  'safety_data_sheet',
]);
const MAINTENANCE_WORDS =
  /vedlikehold|vedlikehald|ettersyn|fdv|drift\s+og|service|maintenance|o\s*&\s*m\b|inspection|renhold|rengjøring|reingjering/iu;
/** how much page text extraction reads: a thousand pages of a long manual, and no more */
const MAX_CHARS = 4_000_000;
/** tasks one export holds at most */
export const MAX_EXPORT_TASKS = 10_000;

/**
 * Whether a document can hold maintenance instructions: O&M manuals, user manuals, data sheets and maintenance
 * schedules do, by their information types; fire strategies, certificates and contracts do not; a document whose
 * types say nothing either way does when its opening text speaks of maintenance.
 */
export function holdsMaintenance(document: MaintenanceDocument, openingText: string): boolean {
  const types = document.informationTypes;
  if (types.some((t) => MAINTENANCE_TYPES.has(t))) return true;
  if (types.length > 0 && types.every((t) => NO_MAINTENANCE_TYPES.has(t))) return false;
  return MAINTENANCE_WORDS.test(`${document.filename}\n${openingText}`);
}

export interface TaskInput {
  component: string;
  componentCode?: string | null;
  buildingCategory?: string | null;
  action: string;
  interval?: Interval | null;
  intervalText?: string;
  performedBy?: PerformedBy | null;
}

export interface TaskUpdate {
  component?: string;
  componentCode?: string | null;
  action?: string;
  interval?: Interval | null;
  performedBy?: PerformedBy | null;
  status?: TaskStatus;
}

export type ExportFormat = 'csv' | 'ics';

/** the NS 3451 part a TFM code's system number gives, e.g. "=360.001-LB01" -> "36" */
function categoryOfCode(code: string | null | undefined): string | null {
  const m = code ? /([2-7]\d{2,3})\./.exec(code) : null;
  return m ? nsCodeFromDigits(m[1]!) : null;
}

export function createMaintenanceService(deps: {
  repository: MaintenanceRepository;
  access: AccessService;
  clock: Clock;
  pageTokens: PageTokenCodec;
  audit: AuditLog;
  /** with a model configured, its proposals join the built-in tasks (verified first) */
  proposer?: TaskProposer | null;
  /** the service's host, for calendar UIDs */
  domain: string;
}) {
  const { repository, access, clock, pageTokens } = deps;

  interface BuildingTarget {
    principal: Principal;
    ownerId: string;
    buildingId: string;
  }

  function pageOf(params: { scope: TaskScope; context: string; limit: number; nextToken?: string | undefined }) {
    return readPage({
      codec: pageTokens,
      context: params.context,
      nextToken: params.nextToken,
      limit: params.limit,
      fetch: (after, limit) => repository.list({ scope: params.scope, after, limit }),
      cursorOf: (task) => ({ value: task.createdAt.toISOString(), id: task.id }),
    });
  }

  async function everyTask(scope: TaskScope): Promise<MaintenanceTask[]> {
    return repository.list({ scope, after: null, limit: MAX_EXPORT_TASKS });
  }

  async function buildingScope(params: BuildingTarget, need: 'read' | 'write'): Promise<TaskScope> {
    const grant = await access.authorizeMaintenance({ ...params, need });
    return { ownerId: grant.ownerId, buildingIds: [grant.buildingId] };
  }

  async function requireTask(scope: TaskScope, taskId: string): Promise<MaintenanceTask> {
    const task = await repository.find({ scope, taskId });
    if (!task) throw maintenanceTaskNotFound();
    return task;
  }

  function checkCategory(code: string | null | undefined): void {
    if (code !== undefined && code !== null && !isValidBuildingCategory(code)) throw invalidBuildingCategoryOfTask();
  }

  return {
    async listBuilding(params: BuildingTarget & { limit: number; nextToken?: string }): Promise<Page<MaintenanceTask>> {
      const scope = await buildingScope(params, 'read');
      return pageOf({
        scope,
        context: `maintenance:${params.buildingId}`,
        limit: params.limit,
        nextToken: params.nextToken,
      });
    },

    async listOwner(params: {
      principal: Principal;
      ownerId: string;
      buildingId?: string;
      limit: number;
      nextToken?: string;
    }): Promise<Page<MaintenanceTask>> {
      const grant = await access.authorizeOwnerMaintenance(params);
      const scope = { ownerId: grant.ownerId, buildingIds: grant.buildingIds };
      const context = `maintenance-owner:${params.ownerId}:${params.buildingId ?? ''}`;
      return pageOf({ scope, context, limit: params.limit, nextToken: params.nextToken });
    },

    /** every task of a building (or of the owner's buildings the caller reaches) as CSV or iCalendar */
    async exportTasks(params: {
      principal: Principal;
      ownerId: string;
      buildingId?: string;
      ownerWide: boolean;
      format: ExportFormat;
      start: Date | null;
      name: string;
    }): Promise<string> {
      let scope: TaskScope;
      if (params.ownerWide) {
        const grant = await access.authorizeOwnerMaintenance(params);
        scope = { ownerId: grant.ownerId, buildingIds: grant.buildingIds };
      } else {
        scope = await buildingScope({ ...params, buildingId: params.buildingId ?? '' }, 'read');
      }
      const tasks = await everyTask(scope);
      if (params.format === 'csv') return tasksToCsv(tasks);
      return tasksToICalendar({ tasks, now: clock.now(), start: params.start, name: params.name, domain: deps.domain });
    },

    /** a person's own task: confirmed from the start */
    async create(params: BuildingTarget & { input: TaskInput }): Promise<MaintenanceTask> {
      const scope = await buildingScope(params, 'write');
      const { input } = params;
      checkCategory(input.buildingCategory);
      const interval = input.interval ? normaliseInterval(input.interval) : null;
      const id = newId.uuid();
      await repository.insert({
        id,
        ownerId: params.ownerId,
        buildingId: params.buildingId,
        component: input.component.trim(),
        componentCode: input.componentCode?.trim() || null,
        buildingCategory: input.buildingCategory ?? categoryOfCode(input.componentCode),
        action: input.action.trim(),
        interval,
        intervalText: input.intervalText?.trim() || describeInterval(interval),
        performedBy: input.performedBy ?? null,
        at: clock.now(),
      });
      return requireTask(scope, id);
    },

    /**
     * Confirms or edits a task. Any change but a bare confirmation marks an extracted task as a person's: reprocessing
     * its document keeps it as it is.
     */
    async update(params: BuildingTarget & { taskId: string; update: TaskUpdate }): Promise<MaintenanceTask> {
      const scope = await buildingScope(params, 'write');
      const task = await requireTask(scope, params.taskId);
      const { update } = params;
      const patch: TaskPatch = {};
      if (update.component !== undefined) patch.component = update.component.trim();
      if (update.componentCode !== undefined) {
        patch.componentCode = update.componentCode?.trim() || null;
        const category = categoryOfCode(patch.componentCode);
        if (category) patch.buildingCategory = category;
      }
      if (update.action !== undefined) patch.action = update.action.trim();
      if (update.interval !== undefined) {
        patch.interval = update.interval ? normaliseInterval(update.interval) : null;
        patch.intervalText = describeInterval(patch.interval);
      }
      if (update.performedBy !== undefined) patch.performedBy = update.performedBy;
      if (update.status !== undefined) patch.status = update.status;
      const edited = Object.keys(patch).some((key) => key !== 'status');
      await repository.update({
        taskId: task.id,
        patch,
        editedByPerson: task.editedByPerson || edited,
        at: clock.now(),
      });
      return requireTask(scope, task.id);
    },

    async remove(params: BuildingTarget & { taskId: string }): Promise<void> {
      const scope = await buildingScope(params, 'write');
      const task = await requireTask(scope, params.taskId);
      await repository.delete(task.id);
    },

    /**
     * The maintenance.extract job: the document's tasks found again (built in, and with a model its verified
     * proposals). Idempotent: proposals nobody touched are replaced, confirmed and edited tasks stay.
     */
    async extractDocument(documentId: string): Promise<JobOutcome> {
      const loaded = await repository.loadDocument({ documentId, maxChars: MAX_CHARS });
      if (!loaded) return jobSkipped('the document does not exist');
      const { document, pages } = loaded;
      if (document.archived) return jobSkipped('the document is archived');
      const opening = pages
        .slice(0, 3)
        .map((p) => p.text)
        .join('\n')
        .slice(0, 20_000);
      if (!holdsMaintenance(document, opening)) {
        await repository.replaceExtracted({ document, tasks: [], at: clock.now() });
        return jobSkipped('the document holds no maintenance instructions');
      }
      const tasks = extractMaintenanceTasks({ pages, buildingCategory: document.buildingCategory });
      if (deps.proposer) {
        tasks.push(
          ...(await deps.proposer.propose({ pages, known: tasks, buildingCategory: document.buildingCategory })),
        );
      }
      await repository.replaceExtracted({ document, tasks, at: clock.now() });
      return jobDone();
    },

    /**
     * A document was deleted: its extracted tasks go with it. Confirmed ones were a person's decision, so their
     * removal is written to the audit log of the customers linked to the owner, naming the document and the tasks.
     */
    async documentArchived(params: {
      principal: Principal;
      document: { id: string; ownerId: string; filename: string };
    }): Promise<void> {
      const removed = await repository.removeForDocument(params.document.id);
      const confirmed = removed.filter((t) => t.status === 'confirmed' || t.editedByPerson);
      if (confirmed.length === 0) return;
      const actor: AuditActor =
        params.principal.kind === 'user'
          ? {
              kind: 'user',
              userId: params.principal.userId,
              label: await repository.userLabel(params.principal.userId),
            }
          : { kind: 'system' };
      for (const customerId of await repository.customersOfOwner(params.document.ownerId)) {
        await deps.audit.record({
          customerId,
          actor,
          action: 'maintenance.tasks_removed',
          target: { type: 'document', id: params.document.id },
          details: {
            filename: params.document.filename,
            tasks: confirmed.map((t) => ({
              id: t.id,
              component: t.component,
              action: t.action,
              interval: t.intervalText,
              buildingId: t.buildingId,
            })),
          },
        });
      }
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
