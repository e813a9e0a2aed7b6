import type { NamingConvention } from '../naming/naming-convention.js';
import type { AccessService } from '../access/access.service.js';
import type { ProjectGrant } from '../access/people-policies.js';
import type { Principal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import { projectRoleOf, type Role } from '../people/roles.js';
import { customerNotFound } from '../customers/customers.errors.js';
import { projectArchived, projectHandedOver, projectNotFound, statusNotSettable } from './projects.errors.js';

export const PROJECT_STATUSES = ['ACTIVE', 'HANDED_OVER', 'ARCHIVED'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** the members a project create or update names (update: all optional; null clears an optional member) */
export interface ProjectFields {
  name: string;
  projectNumber: string | null;
  address: string | null;
  description: string | null;
  /** YYYY-MM-DD */
  startDate: string | null;
  plannedHandoverDate: string | null;
  /** the daily reminder mails this project's subcontractors what they still owe */
  remindersEnabled: boolean;
  /** how bulk renaming names this project's documents */
  namingConvention: NamingConvention;
}

export interface ProjectRecord extends ProjectFields {
  id: string;
  customerId: string;
  status: ProjectStatus;
  buildings: { id: string; name: string }[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ProjectView extends ProjectRecord {
  /** the role the caller acts with in the project */
  role: Role;
}

export interface ProjectBuilding {
  id: string;
  name: string;
  projectId: string;
  createdAt: Date;
}

export interface ProjectsRepository {
  /** the customer's projects with the user's customer and project roles */
  listProjects(params: {
    customerId: string;
    userId: string;
  }): Promise<(ProjectRecord & { customerRole: Role | null; projectRole: Role | null })[]>;
  findProject(projectId: string): Promise<ProjectRecord | null>;
  /** the project and its buildings (in the customer's workspace owner) in one transaction */
  createProject(params: {
    customerId: string;
    fields: ProjectFields;
    buildingNames: string[];
  }): Promise<ProjectRecord | null>;
  /**
   * Changes an ACTIVE project, or makes an ARCHIVED one ACTIVE again (`status` ACTIVE). 'handed_over' or 'archived'
   * (and nothing changed) when the project is not in a state it may change from, even when it got there while the
   * update waited for its lock. Archiving revokes the project's live portal links in the same transaction
   * (`revokedLinks`, 0 otherwise).
   */
  updateProject(params: {
    projectId: string;
    fields: Partial<ProjectFields>;
    status?: ProjectStatus;
  }): Promise<{ project: ProjectRecord; revokedLinks: number } | 'handed_over' | 'archived' | null>;
  /** a building added to an ACTIVE project; 'handed_over' or 'archived' (nothing added) when it is not active */
  addBuilding(params: {
    projectId: string;
    name: string;
  }): Promise<{ id: string; name: string } | 'handed_over' | 'archived' | null>;
  /** buildings of the given projects, in the order they were added */
  listBuildings(projectIds: string[]): Promise<ProjectBuilding[]>;
  userLabel(userId: string): Promise<string>;
}

/**
 * Construction projects of a customer: created by anyone who may change the customer (WRITE_ACCESS), read by anyone
 * who reaches them, archived (and made active again) by OWNER or more; an archived project is read-only until then.
 * A project's buildings are ordinary buildings, held by the customer's workspace owner until a handover moves them.
 */
export function createProjectsService(deps: {
  repository: ProjectsRepository;
  access: AccessService;
  audit: AuditLog;
}) {
  const { repository, access, audit } = deps;

  async function actorOf(userId: string) {
    return { kind: 'user' as const, userId, label: await repository.userLabel(userId) };
  }

  async function loaded(grant: ProjectGrant): Promise<ProjectView> {
    const project = await repository.findProject(grant.projectId);
    if (!project) throw projectNotFound();
    return { ...project, role: grant.role };
  }

  async function listProjects(params: { principal: Principal; customerId: string }): Promise<ProjectView[]> {
    const grant = await access.authorizeCustomer({ ...params, need: 'read' });
    const rows = await repository.listProjects({ customerId: grant.customerId, userId: grant.userId });
    return rows.flatMap(({ customerRole, projectRole, ...project }) => {
      const role = projectRoleOf({ platformAdmin: grant.platformAdmin, customerRole, projectRole });
      return role === null || role === 'NO_ACCESS' ? [] : [{ ...project, role }];
    });
  }

  async function getProject(params: { principal: Principal; customerId?: string; projectId: string }) {
    return loaded(await access.authorizeProject({ ...params, need: 'read' }));
  }

  async function createProject(params: {
    principal: Principal;
    customerId: string;
    fields: ProjectFields;
    buildingNames: string[];
    clientAddress: string | null;
  }): Promise<ProjectView> {
    const grant = await access.authorizeCustomer({ ...params, need: 'write' });
    const project = await repository.createProject({
      customerId: grant.customerId,
      fields: params.fields,
      buildingNames: params.buildingNames,
    });
    if (!project) throw customerNotFound();
    await audit.record({
      customerId: grant.customerId,
      actor: await actorOf(grant.userId),
      action: 'project.created',
      target: { type: 'project', id: project.id },
      details: { name: project.name, buildings: project.buildings.length },
      clientAddress: params.clientAddress,
    });
    // the creator acts with their customer role (WRITE_ACCESS or more: they just passed that check)
    return { ...project, role: grant.role ?? 'WRITE_ACCESS' };
  }

  async function updateProject(params: {
    principal: Principal;
    customerId: string;
    projectId: string;
    fields: Partial<ProjectFields>;
    status?: ProjectStatus;
    clientAddress: string | null;
  }): Promise<ProjectView> {
    const { status, fields } = params;
    if (status === 'HANDED_OVER') throw statusNotSettable(status);
    const before = await loaded(await access.authorizeProject({ ...params, need: 'read' }));
    const changesStatus = status !== undefined && status !== before.status;
    // archiving, and bringing an archived project back, needs OWNER or more; an archived project takes no other
    // change, except in the body that makes it active again ({status: ARCHIVED} alone is a no-op for its OWNERs)
    const archivedStays = before.status === 'ARCHIVED' && status !== 'ACTIVE';
    const need = changesStatus || (archivedStays && status !== undefined) ? 'archive' : 'write';
    const current = await access.authorizeProject({ ...params, need });
    const named = Object.values(fields).some((value) => value !== undefined);
    if (archivedStays && named) throw projectArchived();
    const updated = await repository.updateProject({
      projectId: current.projectId,
      fields,
      ...(changesStatus ? { status } : {}),
    });
    if (updated === 'handed_over') throw projectHandedOver();
    if (updated === 'archived') throw projectArchived();
    if (!updated) throw projectNotFound();
    const { project, revokedLinks } = updated;
    const changed = Object.keys(fields).filter(
      (key) => before[key as keyof ProjectFields] !== fields[key as keyof ProjectFields],
    );
    if (changed.length > 0 || changesStatus) {
      await audit.record({
        customerId: current.customerId,
        actor: await actorOf(current.userId),
        action: changesStatus && status === 'ARCHIVED' ? 'project.archived' : 'project.updated',
        target: { type: 'project', id: project.id },
        details: {
          changed,
          ...(changesStatus ? { status: { from: before.status, to: status } } : {}),
          ...(revokedLinks > 0 ? { revokedTokens: revokedLinks } : {}),
        },
        clientAddress: params.clientAddress,
      });
    }
    return { ...project, role: current.role };
  }

  async function addBuilding(params: { principal: Principal; customerId: string; projectId: string; name: string }) {
    const grant = await access.authorizeProject({ ...params, need: 'write' });
    const building = await repository.addBuilding({ projectId: grant.projectId, name: params.name });
    if (building === 'handed_over') throw projectHandedOver();
    if (building === 'archived') throw projectArchived();
    if (!building) throw projectNotFound();
    return building;
  }

  async function listProjectBuildings(params: { principal: Principal; projectId: string }) {
    const grant = await access.authorizeProject({ ...params, need: 'read' });
    return repository.listBuildings([grant.projectId]);
  }

  /** the buildings of every project of the customer the caller reaches */
  async function listCustomerBuildings(params: { principal: Principal; customerId: string }) {
    const projects = await listProjects(params);
    return repository.listBuildings(projects.map((project) => project.id));
  }

  /**
   * The document-platform owner every live project of the customer was handed over to; null until the handover
   * feature moves projects.
   */
  return {
    listProjects,
    getProject,
    createProject,
    updateProject,
    addBuilding,
    listProjectBuildings,
    listCustomerBuildings,
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
