import { customerRoleOf, projectRoleOf, roleAtLeast, type Role } from '../people/roles.js';
import {
  customerNotFound,
  platformAdminRequired,
  projectArchived,
  projectHandedOver,
  projectNotFound,
  roleRequired,
  signedInUserRequired,
  subcontractorNotFound,
} from './access.errors.js';
import { accessManagementPolicy, type Decision } from './policies.js';
import type { AppError } from '../shared/errors.js';
import type { Principal, SubcontractorPrincipal, UserPrincipal } from './principal.js';

/**
 * The application's access rules for people, as one table: what each operation on a customer or project needs,
 * and the role a user acts with (customer role, overridden per project; platform administrators are ADMIN
 * everywhere). A customer or project the caller has no role in is a 404, never a 403: its existence is not told.
 */
export const NEEDED_ROLE = {
  /** see the customer or project, its buildings, deliveries, documents */
  read: 'READ_ACCESS',
  /** change them: projects, buildings, deliveries, documents, subcontractors */
  write: 'WRITE_ACCESS',
  /** invite people, set roles within what the caller has, archive a project */
  manage_members: 'OWNER',
  archive: 'OWNER',
  /** hand the project over to a building owner of the document platform */
  hand_over: 'OWNER',
  /** customer-wide user management: roles across projects, the audit log */
  administer: 'ADMIN',
  /** issue a subcontractor a portal token for the project */
  issue_portal_token: 'WRITE_ACCESS',
} as const satisfies Record<string, Role>;

export type PeopleNeed = keyof typeof NEEDED_ROLE;

/** the operations that hand out access: only a credential whose reach manages access may (see `reachOf`) */
const HANDS_OUT_ACCESS: ReadonlySet<PeopleNeed> = new Set(['manage_members', 'administer', 'issue_portal_token']);

/** 403 when the operation hands out access and the credential may not (an assistant's token) */
function credentialMayDo(principal: Principal, need: PeopleNeed): Decision<Principal> {
  return HANDS_OUT_ACCESS.has(need) ? accessManagementPolicy({ principal }) : allow(principal);
}

/** after a handover the project is read-only: people still read it and say who may read it */
const STILL_ALLOWED_AFTER_HANDOVER: ReadonlySet<PeopleNeed> = new Set(['read', 'manage_members']);

/** an archived project is read-only too, until someone who may archive it makes it active again */
const STILL_ALLOWED_WHILE_ARCHIVED: ReadonlySet<PeopleNeed> = new Set(['read', 'manage_members', 'archive']);

/** what storage knows about a customer, as seen by one user */
export interface CustomerFacts {
  id: string;
  /** the user's role in the customer, null when none */
  role: Role | null;
  /** the user has a role other than NO_ACCESS in at least one of its projects */
  hasProjectRole: boolean;
}

/** what storage knows about a project, as seen by one user */
export interface ProjectFacts {
  id: string;
  customerId: string;
  customerRole: Role | null;
  projectRole: Role | null;
  /** a project handed over to its owner is read-only for the contractor, and an archived one until made active */
  status: 'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED';
}

export interface CustomerGrant {
  customerId: string;
  userId: string;
  /** the role the user acts with in the customer (null: none, but a role in one of its projects) */
  role: Role | null;
  platformAdmin: boolean;
}

export interface ProjectGrant {
  customerId: string;
  projectId: string;
  userId: string;
  role: Role;
  platformAdmin: boolean;
}

function allow<G>(grant: G): Decision<G> {
  return { allowed: true, grant };
}

/** Only people (a session cookie or a personal key) use the application's routes. */
export function userOf(principal: Principal): Decision<UserPrincipal> {
  switch (principal.kind) {
    case 'user':
      return allow(principal);
    case 'api_key':
    case 'session_token':
    case 'subcontractor':
      return { allowed: false, error: signedInUserRequired() };
  }
}

export function customerPolicy(params: {
  principal: Principal;
  customer: CustomerFacts | null;
  need: PeopleNeed;
}): Decision<CustomerGrant> {
  const user = userOf(params.principal);
  if (!user.allowed) return user;
  const { customer, need } = params;
  const reach = credentialMayDo(params.principal, need);
  if (!reach.allowed) return reach;
  const role = customer
    ? customerRoleOf({ platformAdmin: user.grant.platformAdmin, customerRole: customer.role })
    : null;
  const visible = role !== null && (role !== 'NO_ACCESS' || customer?.hasProjectRole === true);
  if (!customer || !visible) return { allowed: false, error: customerNotFound() };
  const needed = NEEDED_ROLE[need];
  if (!roleAtLeast(role, needed)) {
    // someone who reaches only some projects may still see the customer itself
    if (!(need === 'read' && customer.hasProjectRole)) return { allowed: false, error: roleRequired(needed) };
  }
  return allow({
    customerId: customer.id,
    userId: user.grant.userId,
    role: role === 'NO_ACCESS' ? null : role,
    platformAdmin: user.grant.platformAdmin,
  });
}

export function projectPolicy(params: {
  principal: Principal;
  project: ProjectFacts | null;
  need: PeopleNeed;
  /** what is not there when the project is out of reach (a document of it answers document.not_found) */
  notFound?: () => AppError;
}): Decision<ProjectGrant> {
  const user = userOf(params.principal);
  if (!user.allowed) return user;
  const { project, need } = params;
  const reach = credentialMayDo(params.principal, need);
  if (!reach.allowed) return reach;
  const role = project
    ? projectRoleOf({
        platformAdmin: user.grant.platformAdmin,
        customerRole: project.customerRole,
        projectRole: project.projectRole,
      })
    : null;
  if (!project || role === null || role === 'NO_ACCESS') {
    return { allowed: false, error: (params.notFound ?? projectNotFound)() };
  }
  const needed = NEEDED_ROLE[need];
  if (!roleAtLeast(role, needed)) return { allowed: false, error: roleRequired(needed) };
  if (project.status === 'HANDED_OVER' && !STILL_ALLOWED_AFTER_HANDOVER.has(need)) {
    return { allowed: false, error: projectHandedOver() };
  }
  if (project.status === 'ARCHIVED' && !STILL_ALLOWED_WHILE_ARCHIVED.has(need)) {
    return { allowed: false, error: projectArchived() };
  }
  return allow({
    customerId: project.customerId,
    projectId: project.id,
    userId: user.grant.userId,
    role,
    platformAdmin: user.grant.platformAdmin,
  });
}

/** `/construction/admin/...` and permanent deletion: platform administrators only (a customer's ADMIN gets 403). */
export function platformAdminPolicy(params: { principal: Principal }): Decision<UserPrincipal> {
  const user = userOf(params.principal);
  if (!user.allowed) return user;
  if (!user.grant.platformAdmin) return { allowed: false, error: platformAdminRequired() };
  return user;
}

/**
 * The subcontractor portal: a token reaches one project and one subcontractor. Any other project or subcontractor in
 * the path is not there (404): a subcontractor cannot even tell whether another one exists.
 */
export function portalPolicy(params: {
  principal: SubcontractorPrincipal;
  projectId: string;
  subcontractorId: string;
}): Decision<SubcontractorPrincipal> {
  const { principal } = params;
  if (principal.projectId !== params.projectId) return { allowed: false, error: projectNotFound() };
  if (principal.subcontractorId !== params.subcontractorId) return { allowed: false, error: subcontractorNotFound() };
  return allow(principal);
}
