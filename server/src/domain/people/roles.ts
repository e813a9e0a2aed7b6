/**
 * Roles of the application's people, weakest first. A user has a role in a customer that applies to all its
 * projects, and may have a project role that overrides it (NO_ACCESS hides a project). Platform administrators act
 * as ADMIN in every customer.
 */
export const ROLES = ['NO_ACCESS', 'READ_ACCESS', 'WRITE_ACCESS', 'OWNER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** `role` is `needed` or stronger */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return roleRank(role) >= roleRank(needed);
}

/** The role a user acts with in a customer: platform administrators are ADMIN everywhere. */
export function customerRoleOf(params: { platformAdmin: boolean; customerRole: Role | null }): Role | null {
  if (params.platformAdmin) return 'ADMIN';
  return params.customerRole;
}

/** The role a user acts with in a project: the project role overrides the customer role. */
export function projectRoleOf(params: {
  platformAdmin: boolean;
  customerRole: Role | null;
  projectRole: Role | null;
}): Role | null {
  if (params.platformAdmin) return 'ADMIN';
  return params.projectRole ?? params.customerRole;
}
