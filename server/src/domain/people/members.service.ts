import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { AuditActor, AuditLog } from '../audit/audit.js';
import { mailTooMany, type InvitationAccess, type MailLocale, type MailOrigin, type Mailer } from '../mail/mailer.js';
import { customerNotFound } from '../customers/customers.errors.js';
import {
  invitedToProjectOfAnotherCustomer,
  lastAdmin,
  ownRoleUnchangeable,
  projectNamedTwice,
  projectOfAnotherCustomer,
  roleAboveOwn,
  roleAboveOwnInProject,
  userDeactivated,
} from './members.errors.js';
import { projectRoleOf, roleAtLeast, type Role } from './roles.js';
import { userNotFound } from './users.errors.js';
import { indexOfRepeat } from '../shared/lists.js';

export type UserStatus = 'invited' | 'active' | 'deactivated';

export interface MemberRecord {
  id: string;
  email: string;
  name: string;
  locale: string;
  status: UserStatus;
  role: Role;
  lastSignInAt: Date | null;
}

export interface MembersRepository {
  listMembers(customerId: string): Promise<MemberRecord[]>;
  findMember(params: { customerId: string; userId: string }): Promise<MemberRecord | null>;
  /** the user with this e-mail (any case), created as invited when there is none; never two users for one e-mail */
  findOrCreateUser(params: { email: string; locale: string }): Promise<{ id: string; created: boolean }>;
  findUser(userId: string): Promise<{ id: string; email: string; name: string; status: UserStatus } | null>;
  findUserByEmail(email: string): Promise<{ id: string; status: UserStatus } | null>;
  /**
   * Sets the customer role; 'last_admin' (and nothing changed) when it would leave the customer without an ADMIN.
   * Returns the role held before (null: not a member).
   */
  setCustomerRole(params: {
    customerId: string;
    userId: string;
    role: Role;
  }): Promise<{ previous: Role | null } | 'last_admin'>;
  /**
   * Takes the person out of the customer: its role and their roles in its projects. 'last_admin' (and nothing
   * changed) when that would leave the customer without an ADMIN; null when they were not in it.
   */
  removeMember(params: { customerId: string; userId: string }): Promise<{ previous: Role } | 'last_admin' | null>;
  /** the project roles a user holds in the customer's projects */
  projectRoles(params: { customerId: string; userId: string }): Promise<Map<string, Role>>;
  /** the roles people hold in one project (userId -> role), where they override the customer role */
  projectMemberRoles(projectId: string): Promise<Map<string, Role>>;
  /** which of these are projects of the customer */
  projectsOfCustomer(params: { customerId: string; projectIds: string[] }): Promise<Set<string>>;
  /** all of them, or none (one transaction) */
  setProjectRoles(params: { userId: string; roles: { projectId: string; role: Role }[] }): Promise<void>;
  customerName(customerId: string): Promise<string | null>;
  projectName(projectId: string): Promise<string | null>;
}

export interface Invitation {
  email: string;
  role: Role;
  locale?: MailLocale | undefined;
  origin?: MailOrigin | undefined;
  /**
   * invited into this project of the customer, by someone who manages its people (OWNER there): `role` is the project
   * role (the customer role of a newcomer is NO_ACCESS)
   */
  projectId?: string | undefined;
}

/**
 * People of a customer: who is in it with which role, invitations (one user per e-mail, an invitation mail in the
 * person's language), and role changes per project and across projects. Nobody gives a role above their own or
 * changes someone who outranks them, and a customer always keeps one ADMIN.
 */
export function createMembersService(deps: {
  repository: MembersRepository;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  /** how an invited person gets in: a link to choose a password, or the sign-in page */
  invitationAccess: (user: { userId: string; email: string }) => Promise<InvitationAccess>;
}) {
  const { repository, access, audit, mailer } = deps;

  async function actorOf(userId: string) {
    const user = await repository.findUser(userId);
    return { kind: 'user' as const, userId, label: user?.email ?? userId };
  }

  /** who invited, in words for the mail: their name and e-mail */
  async function inviterOf(userId: string): Promise<string | null> {
    const user = await repository.findUser(userId);
    if (!user) return null;
    return user.name ? `${user.name} (${user.email})` : user.email;
  }

  /** the acting role must reach the role given and the role the person holds now */
  function checkRank(own: Role, ...roles: (Role | null | undefined)[]) {
    for (const role of roles) if (role && !roleAtLeast(own, role)) throw roleAboveOwn(own);
  }

  /**
   * A customer role reaches every project where the person has no role of their own, hidden ones too, so giving or
   * changing one needs the giver's rank in each of the customer's projects (whatever their state): their customer
   * role, lowered by their project roles. Otherwise an OWNER shut out of a project (NO_ACCESS or READ_ACCESS there)
   * would invite a second address of theirs as the customer's OWNER and be OWNER there again. An ADMIN (a platform
   * administrator too) administers every project and may set their own role there back, so is not bounded.
   */
  async function checkCustomerWideRank(params: {
    customerId: string;
    userId: string;
    own: Role;
    roles: (Role | null | undefined)[];
  }): Promise<void> {
    if (params.own === 'ADMIN') return;
    const needed = params.roles.filter((role): role is Role => Boolean(role));
    const projectRoles = await repository.projectRoles({ customerId: params.customerId, userId: params.userId });
    const lower = [...projectRoles]
      .filter(([, role]) => needed.some((need) => !roleAtLeast(role, need)))
      .map(([projectId, role]) => ({ projectId, role }));
    if (lower.length === 0) return;
    // a project the giver still sees is named; one that hides them only as "one of its projects"
    const named = lower.find((entry) => entry.role !== 'NO_ACCESS') ?? lower[0]!;
    const projectName = named.role === 'NO_ACCESS' ? null : await repository.projectName(named.projectId);
    throw roleAboveOwnInProject({ ownRole: named.role, projectName });
  }

  async function listMembers(params: { principal: Principal; customerId: string }) {
    const grant = await access.authorizeCustomer({ ...params, need: 'manage_members' });
    return repository.listMembers(grant.customerId);
  }

  /** the customer's people with the role each acts with in one project, and whether it is set for the project */
  async function listProjectMembers(params: { principal: Principal; customerId: string; projectId: string }) {
    const grant = await access.authorizeProject({ ...params, need: 'manage_members' });
    const [members, projectRoles] = await Promise.all([
      repository.listMembers(grant.customerId),
      repository.projectMemberRoles(grant.projectId),
    ]);
    return members.map((member) => {
      const projectRole = projectRoles.get(member.id) ?? null;
      return {
        ...member,
        customerRole: member.role,
        projectRole,
        role: projectRoleOf({ platformAdmin: false, customerRole: member.role, projectRole }) ?? member.role,
      };
    });
  }

  /**
   * Who may invite, and the rank that bounds them. Into a project: the role they act with in that project, as the
   * project's role route decides (one they only read is refused), and a project of another customer, or one that
   * hides them, is named as not this customer's (400 on `/projectId`) alike. Otherwise: their customer role.
   */
  async function authorizeInvitation(params: {
    principal: Principal;
    customerId: string;
    projectId: string | undefined;
  }): Promise<{ customerId: string; userId: string; role: Role }> {
    const { principal, projectId } = params;
    if (!projectId) {
      const grant = await access.authorizeCustomer({
        principal,
        customerId: params.customerId,
        need: 'manage_members',
      });
      return { customerId: grant.customerId, userId: grant.userId, role: grant.role ?? 'NO_ACCESS' };
    }
    const customer = await access.authorizeCustomer({ principal, customerId: params.customerId, need: 'read' });
    const known = await repository.projectsOfCustomer({ customerId: customer.customerId, projectIds: [projectId] });
    if (!known.has(projectId)) throw invitedToProjectOfAnotherCustomer();
    // a project of this customer that hides the caller is answered as one of another customer's: the answer must not
    // tell someone who reads the customer which ids are its projects
    const grant = await access.authorizeProject({
      principal,
      customerId: customer.customerId,
      projectId,
      need: 'manage_members',
      notFound: invitedToProjectOfAnotherCustomer,
    });
    return { customerId: grant.customerId, userId: grant.userId, role: grant.role };
  }

  /** the role someone acts with now: in the project (its own role there, else the customer role), or the customer */
  async function roleHeld(params: {
    customerId: string;
    userId: string;
    member: MemberRecord | null;
    projectId: string | undefined;
  }): Promise<Role | null> {
    const customerRole = params.member?.role ?? null;
    if (!params.projectId) return customerRole;
    const roles = await repository.projectRoles({ customerId: params.customerId, userId: params.userId });
    return projectRoleOf({ platformAdmin: false, customerRole, projectRole: roles.get(params.projectId) ?? null });
  }

  async function invite(params: {
    principal: Principal;
    customerId: string;
    invitation: Invitation;
    clientAddress: string | null;
  }): Promise<{ member: MemberRecord; existed: boolean }> {
    const { invitation } = params;
    const grant = await authorizeInvitation({
      principal: params.principal,
      customerId: params.customerId,
      projectId: invitation.projectId,
    });
    const own = grant.role;
    const email = invitation.email.trim();
    checkRank(own, invitation.role);
    const known = await repository.findUserByEmail(email);
    const before = known ? await repository.findMember({ customerId: grant.customerId, userId: known.id }) : null;
    const held = known
      ? await roleHeld({
          customerId: grant.customerId,
          userId: known.id,
          member: before,
          projectId: invitation.projectId,
        })
      : null;
    checkRank(own, held);
    if (!invitation.projectId) {
      await checkCustomerWideRank({
        customerId: grant.customerId,
        userId: grant.userId,
        own,
        roles: [invitation.role, held],
      });
    }
    if (known?.status === 'deactivated') throw userDeactivated();
    // an invitation mails the address: refused before anything changes when the address, or the customer, has had
    // its share (RECIPIENT_LIMITS, CUSTOMER_LIMITS)
    const wait = await mailer.waitFor({ to: email, kind: 'invitation', customerId: grant.customerId });
    if (wait.seconds > 0) throw mailTooMany(wait);
    const { id: userId } = known ?? (await repository.findOrCreateUser({ email, locale: invitation.locale ?? 'en' }));
    const user = await repository.findUser(userId);
    if (!user) throw userNotFound();
    await enrol({
      customerId: grant.customerId,
      user,
      invitation,
      actor: await actorOf(grant.userId),
      inviter: await inviterOf(grant.userId),
      clientAddress: params.clientAddress,
      limited: true,
    });
    const member = await repository.findMember({ customerId: grant.customerId, userId });
    if (!member) throw userNotFound();
    return { member, existed: before !== null };
  }

  /**
   * gives the role (keeping the customer's last ADMIN; into a project: the project role, and NO_ACCESS in the customer
   * for a newcomer), sends the invitation mail, records it
   */
  async function enrol(params: {
    customerId: string;
    user: { id: string; email: string };
    invitation: Invitation;
    actor: AuditActor;
    /** who invited, in words; null when the operator did */
    inviter: string | null;
    clientAddress: string | null;
    /** a caller's invitation: its mail counts against the address's and the customer's limits (the operator's not) */
    limited: boolean;
  }): Promise<void> {
    const { customerId, user, invitation, actor } = params;
    const locale = invitation.locale ?? 'en';
    let previous: Role | null;
    let projectName: string | null = null;
    if (invitation.projectId) {
      const member = await repository.findMember({ customerId, userId: user.id });
      if (!member) {
        const changed = await repository.setCustomerRole({ customerId, userId: user.id, role: 'NO_ACCESS' });
        if (changed === 'last_admin') throw lastAdmin();
      }
      previous = (await repository.projectRoles({ customerId, userId: user.id })).get(invitation.projectId) ?? null;
      await repository.setProjectRoles({
        userId: user.id,
        roles: [{ projectId: invitation.projectId, role: invitation.role }],
      });
      projectName = await repository.projectName(invitation.projectId);
    } else {
      const changed = await repository.setCustomerRole({ customerId, userId: user.id, role: invitation.role });
      if (changed === 'last_admin') throw lastAdmin();
      previous = changed.previous;
    }
    const customerName = await repository.customerName(customerId);
    if (customerName === null) throw customerNotFound();
    await mailer.send({
      to: [user.email],
      ...(params.limited ? { limited: true, customerId } : {}),
      template: {
        kind: 'invitation',
        locale,
        origin: invitation.origin ?? 'construction',
        customerName,
        projectName,
        role: invitation.role,
        inviterName: params.inviter,
        access: await deps.invitationAccess({ userId: user.id, email: user.email }),
      },
    });
    await audit.record({
      customerId,
      actor,
      action: 'user.invited',
      target: { type: 'user', id: user.id },
      details: {
        email: user.email,
        role: invitation.role,
        previousRole: previous,
        locale,
        ...(invitation.projectId ? { projectId: invitation.projectId } : {}),
      },
      clientAddress: params.clientAddress,
    });
  }

  /** the operator adds a customer's first people (POST /admin/customers): no role of their own limits them */
  async function inviteAsOperator(params: { customerId: string; invitation: Invitation }): Promise<void> {
    const email = params.invitation.email.trim();
    const known = await repository.findUserByEmail(email);
    const { id } = known ?? (await repository.findOrCreateUser({ email, locale: params.invitation.locale ?? 'en' }));
    const user = await repository.findUser(id);
    if (!user) throw userNotFound();
    await enrol({
      customerId: params.customerId,
      user,
      invitation: params.invitation,
      actor: { kind: 'operator' },
      inviter: null,
      clientAddress: null,
      limited: false,
    });
  }

  async function setProjectRole(params: {
    principal: Principal;
    customerId: string;
    projectId: string;
    userId: string;
    role: Role;
    clientAddress: string | null;
  }) {
    const grant = await access.authorizeProject({ ...params, need: 'manage_members' });
    const member = await repository.findMember({ customerId: grant.customerId, userId: params.userId });
    if (!member) throw userNotFound();
    const current = (await repository.projectRoles({ customerId: grant.customerId, userId: params.userId })).get(
      grant.projectId,
    );
    const acting = projectRoleOf({ platformAdmin: false, customerRole: member.role, projectRole: current ?? null });
    checkRank(grant.role, params.role, acting);
    await repository.setProjectRoles({
      userId: params.userId,
      roles: [{ projectId: grant.projectId, role: params.role }],
    });
    await audit.record({
      customerId: grant.customerId,
      actor: await actorOf(grant.userId),
      action: 'user.role_changed',
      target: { type: 'user', id: params.userId },
      details: { projectId: grant.projectId, role: params.role, previousRole: acting },
      clientAddress: params.clientAddress,
    });
    return { userId: params.userId, projectId: grant.projectId, role: params.role };
  }

  /**
   * Changes someone's role in the whole customer without inviting them again (no mail): by the invitation's rules for
   * giving a role (OWNER or more, never above one's own role, nor, below ADMIN, above one's role in any project of the
   * customer), never for someone who outranks the caller there, never one's own role, and the customer keeps its last
   * ADMIN. Someone who is not of this customer is not found, whoever they are elsewhere.
   */
  async function changeCustomerRole(params: {
    principal: Principal;
    customerId: string;
    userId: string;
    role: Role;
    clientAddress: string | null;
  }): Promise<MemberRecord> {
    const grant = await access.authorizeCustomer({ ...params, need: 'manage_members' });
    const member = await repository.findMember({ customerId: grant.customerId, userId: params.userId });
    if (!member) throw userNotFound();
    // one's own rank is not one's own to set: a lowered OWNER would otherwise lift themselves, and an ADMIN could
    // leave the customer's management by mistake; another ADMIN changes it
    if (member.id === grant.userId) throw ownRoleUnchangeable();
    const own = grant.role ?? 'NO_ACCESS';
    checkRank(own, params.role, member.role);
    await checkCustomerWideRank({
      customerId: grant.customerId,
      userId: grant.userId,
      own,
      roles: [params.role, member.role],
    });
    if (member.role === params.role) return member;
    const changed = await repository.setCustomerRole({
      customerId: grant.customerId,
      userId: member.id,
      role: params.role,
    });
    if (changed === 'last_admin') throw lastAdmin();
    await audit.record({
      customerId: grant.customerId,
      actor: await actorOf(grant.userId),
      action: 'user.role_changed',
      target: { type: 'user', id: member.id },
      details: { email: member.email, role: params.role, previousRole: changed.previous ?? member.role },
      clientAddress: params.clientAddress,
    });
    return { ...member, role: params.role };
  }

  /** roles in several projects of the customer at once, all or nothing (customer-wide management: ADMIN) */
  async function setProjectRoles(params: {
    principal: Principal;
    customerId: string;
    userId: string;
    roles: { projectId: string; role: Role }[];
    clientAddress: string | null;
  }) {
    const grant = await access.authorizeCustomer({ ...params, need: 'administer' });
    const member = await repository.findMember({ customerId: grant.customerId, userId: params.userId });
    if (!member) throw userNotFound();
    const own = grant.role ?? 'NO_ACCESS';
    const repeated = indexOfRepeat(params.roles.map((entry) => entry.projectId.toLowerCase()));
    if (repeated >= 0) throw projectNamedTwice(repeated);
    const known = await repository.projectsOfCustomer({
      customerId: grant.customerId,
      projectIds: params.roles.map((entry) => entry.projectId),
    });
    params.roles.forEach((entry, index) => {
      if (!known.has(entry.projectId)) throw projectOfAnotherCustomer(index);
    });
    const current = await repository.projectRoles({ customerId: grant.customerId, userId: params.userId });
    for (const entry of params.roles) checkRank(own, entry.role, current.get(entry.projectId) ?? member.role);
    await repository.setProjectRoles({ userId: params.userId, roles: params.roles });
    await audit.record({
      customerId: grant.customerId,
      actor: await actorOf(grant.userId),
      action: 'user.project_roles_changed',
      target: { type: 'user', id: params.userId },
      details: { roles: params.roles },
      clientAddress: params.clientAddress,
    });
    return { userId: params.userId, roles: params.roles };
  }

  /**
   * Customer-wide user management (ADMIN): takes someone out of the customer, with their project roles. Nobody
   * removes someone who outranks them, and the last ADMIN stays. They keep their account (other customers may have
   * them); the operator deactivates a person everywhere.
   */
  async function removeMember(params: {
    principal: Principal;
    customerId: string;
    userId: string;
    clientAddress: string | null;
  }): Promise<void> {
    const grant = await access.authorizeCustomer({ ...params, need: 'administer' });
    const member = await repository.findMember({ customerId: grant.customerId, userId: params.userId });
    if (!member) throw userNotFound();
    checkRank(grant.role ?? 'NO_ACCESS', member.role);
    const removed = await repository.removeMember({ customerId: grant.customerId, userId: params.userId });
    if (removed === 'last_admin') throw lastAdmin();
    if (removed === null) throw userNotFound();
    await audit.record({
      customerId: grant.customerId,
      actor: await actorOf(grant.userId),
      action: 'user.removed',
      target: { type: 'user', id: params.userId },
      details: { email: member.email, previousRole: removed.previous },
      clientAddress: params.clientAddress,
    });
  }

  return {
    listMembers,
    listProjectMembers,
    invite,
    inviteAsOperator,
    setProjectRole,
    setProjectRoles,
    changeCustomerRole,
    removeMember,
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
