import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { AuditActor, AuditLog } from '../audit/audit.js';
import { deliveryLabel, type DeliveriesRepository } from '../deliveries/deliveries.service.js';
import { deliveryProgress } from '../deliveries/progress.js';
import { projectArchived, projectHandedOver, projectNotFound } from '../projects/projects.errors.js';
import type { Country, ReportVersion } from '../reports/checklist.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { Clock } from '../shared/clock.js';
import { invalidField, isAppError, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import {
  buildHandoverReport,
  type HandoverDeliveryFacts,
  type HandoverDocumentFacts,
  type HandoverReport,
} from './handover-report.js';

export interface HandoverProjectFacts {
  id: string;
  name: string;
  projectNumber: string | null;
  customerId: string;
  customerName: string;
  workspaceOwnerId: string;
  status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
}

export interface HandoverRepository {
  project(projectId: string): Promise<HandoverProjectFacts | null>;
  ownerName(ownerId: string): Promise<string | null>;
  /** the project's buildings (archived ones too: they move with the rest) */
  buildings(projectId: string): Promise<{ id: string; name: string; archived: boolean }[]>;
  /** every document of those buildings, archived ones too */
  documents(buildingIds: string[]): Promise<HandoverDocumentFacts[]>;
  subcontractorNames(projectId: string): Promise<Map<string, string>>;
  userLabel(userId: string): Promise<string>;
  /**
   * Moves the buildings, their documents, text and reports to the owner, marks the project HANDED_OVER and keeps the
   * report, in one transaction; false (and nothing changed) when the project is no longer ACTIVE.
   */
  handOver(params: {
    id: string;
    projectId: string;
    customerId: string;
    buildingIds: string[];
    toOwnerId: string;
    report: HandoverReport;
    createdBy: string | null;
    at: Date;
  }): Promise<boolean>;
  report(projectId: string): Promise<HandoverReport | null>;
  /** the owner every live project of the customer was handed over to; null when none, several, or one not yet */
  migrationTarget(customerId: string): Promise<{ buildingOwnerId: string; name: string } | null>;
}

export interface HandoverRequest {
  buildingOwnerId: string;
  dryRun?: boolean;
  /** the deficiency checklist run on each building (NO: TEK17, GB: Building Safety Act); NO unless told */
  country?: Country;
}

const CHECKLIST_VERSION: ReportVersion = 'v2';

/**
 * Handover: a construction project given to a building owner of the document platform. Its buildings and documents
 * (classification, history, approvals, files) become the owner's in place, with no copy of any file, and the partner
 * API of that owner serves them; the project is read-only for the contractor from then on. OWNER or ADMIN of the
 * project hands over (and must reach the owner); a dry run reports the same without changing anything. The operator
 * hands over from the command line.
 */
export function createHandoverService(deps: {
  repository: HandoverRepository;
  deliveries: Pick<DeliveriesRepository, 'list' | 'evidence'>;
  reports: Pick<ReportsService, 'assess'>;
  access: AccessService;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repository, access } = deps;

  async function deliveryFacts(projectId: string): Promise<HandoverDeliveryFacts[]> {
    const records = await deps.deliveries.list({ projectId });
    const evidence = await deps.deliveries.evidence(records.map((r) => r.id));
    const companies = await repository.subcontractorNames(projectId);
    return records.map((record) => ({
      id: record.id,
      label: deliveryLabel(record),
      buildingCategory: record.buildingCategory,
      fullCategory: record.fullCategory,
      discipline: record.discipline,
      subcontractor: record.subContractorId
        ? { id: record.subContractorId, companyName: companies.get(record.subContractorId) ?? '' }
        : null,
      progress: deliveryProgress({
        expected: record.informationTypesExpected,
        approvals: new Map(record.informationTypes.map((item) => [item.informationType, item.approvalStatus])),
        evidence: evidence.get(record.id) ?? new Map(),
      }),
      items: new Map(record.informationTypes.map((item) => [item.informationType, item])),
      expectedTypes: record.informationTypesExpected,
    }));
  }

  async function targetOwner(params: { principal: Principal | null; buildingOwnerId: string; workspace: string }) {
    const refused = invalidField('/buildingOwnerId', 'is not a building owner this project can be handed over to');
    if (params.buildingOwnerId === params.workspace) {
      throw invalidField('/buildingOwnerId', 'is the contractor’s own workspace: name the building owner');
    }
    if (params.principal) {
      try {
        await access.authorizeOwner({
          principal: params.principal,
          ownerId: params.buildingOwnerId,
          need: 'create_building',
        });
      } catch (error) {
        if (isAppError(error) && (error.kind === 'not_found' || error.kind === 'forbidden')) throw refused;
        throw error;
      }
    }
    const name = await repository.ownerName(params.buildingOwnerId);
    if (name === null) throw refused;
    return { id: params.buildingOwnerId, name };
  }

  /** the report, and (unless a dry run) the handover itself */
  async function run(params: {
    project: HandoverProjectFacts;
    request: HandoverRequest;
    actor: AuditActor;
    userId: string | null;
    principal: Principal | null;
    clientAddress: string | null;
  }): Promise<HandoverReport> {
    const { project, request } = params;
    if (project.status !== 'ACTIVE') {
      throw project.status === 'HANDED_OVER' ? projectHandedOver() : projectArchived();
    }
    const owner = await targetOwner({
      principal: params.principal,
      buildingOwnerId: request.buildingOwnerId,
      workspace: project.workspaceOwnerId,
    });
    const dryRun = request.dryRun ?? false;
    const country = request.country ?? 'NO';
    const buildings = await repository.buildings(project.id);
    const live = buildings.filter((b) => !b.archived);
    const assessments = new Map(
      await Promise.all(
        live.map(
          async (b) =>
            [
              b.id,
              {
                country,
                version: CHECKLIST_VERSION,
                report: await deps.reports.assess({ buildingId: b.id, country, version: CHECKLIST_VERSION }),
              },
            ] as const,
        ),
      ),
    );
    const id = dryRun ? null : newId.uuid();
    const at = deps.clock.now();
    const report = buildHandoverReport({
      id,
      dryRun,
      project: {
        id: project.id,
        name: project.name,
        projectNumber: project.projectNumber,
        customerId: project.customerId,
        customerName: project.customerName,
      },
      buildingOwner: owner,
      at,
      by: {
        userId: params.userId,
        name: params.actor.kind === 'user' ? params.actor.label : 'operator',
      },
      buildings: live,
      documents: await repository.documents(buildings.map((b) => b.id)),
      deliveries: await deliveryFacts(project.id),
      assessments,
    });
    if (dryRun || id === null) return report;

    const done = await repository.handOver({
      id,
      projectId: project.id,
      customerId: project.customerId,
      buildingIds: buildings.map((b) => b.id),
      toOwnerId: owner.id,
      report,
      createdBy: params.userId,
      at,
    });
    if (!done) {
      // handed over, or archived, while the report was made
      const now = await repository.project(project.id);
      throw now?.status === 'ARCHIVED' ? projectArchived() : projectHandedOver();
    }
    await deps.audit.record({
      customerId: project.customerId,
      actor: params.actor,
      action: 'project.handed_over',
      target: { type: 'project', id: project.id },
      details: {
        buildingOwnerId: owner.id,
        handoverId: id,
        buildings: report.summary.buildings,
        documents: report.summary.documents,
        incomplete: report.summary.incomplete,
      },
      clientAddress: params.clientAddress,
    });
    return report;
  }

  async function projectOf(projectId: string, customerId?: string): Promise<HandoverProjectFacts> {
    const project = await repository.project(projectId);
    if (!project || (customerId !== undefined && project.customerId !== customerId)) throw projectNotFound();
    return project;
  }

  return {
    /** POST .../handover: OWNER or more of an ACTIVE project */
    async handOver(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      request: HandoverRequest;
      clientAddress: string | null;
    }): Promise<HandoverReport> {
      const grant = await access.authorizeProject({ ...params, need: 'hand_over' });
      return run({
        project: await projectOf(grant.projectId),
        request: params.request,
        actor: { kind: 'user', userId: grant.userId, label: await repository.userLabel(grant.userId) },
        userId: grant.userId,
        principal: params.principal,
        clientAddress: params.clientAddress,
      });
    },

    /** the operator's command line: any owner, no person's reach to check */
    async handOverAsOperator(params: { projectId: string; request: HandoverRequest }): Promise<HandoverReport> {
      return run({
        project: await projectOf(params.projectId),
        request: params.request,
        actor: { kind: 'operator' },
        userId: null,
        principal: null,
        clientAddress: null,
      });
    },

    /** the report kept with a handover: READ_ACCESS to the project */
    async report(params: { principal: Principal; customerId: string; projectId: string }): Promise<HandoverReport> {
      const grant = await access.authorizeProject({ ...params, need: 'read' });
      const report = await repository.report(grant.projectId);
      if (!report) throw notFound('handover', 'The project has not been handed over');
      return report;
    },

    async migrationTarget(params: { principal: Principal; customerId: string }) {
      const grant = await access.authorizeCustomer({ ...params, need: 'read' });
      return repository.migrationTarget(grant.customerId);
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
