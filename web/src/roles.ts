import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api.js';

export const ROLES = ['NO_ACCESS', 'READ_ACCESS', 'WRITE_ACCESS', 'OWNER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** whether a role grants what `need` grants (roles are ordered: each includes those below it) */
export function atLeast(role: Role | null | undefined, need: Role): boolean {
  return role != null && ROLES.indexOf(role) >= ROLES.indexOf(need);
}

/**
 * A customer role reaches every project, so a non-ADMIN gives one only up to their role in each: their customer role,
 * lowered by the projects they see with less. A project that hides them is not listed here; the service refuses what
 * that would bound, and the form shows its answer.
 */
export function customerGrantBound(params: {
  role: Role;
  customerId: string;
  /** the projects they see (`/auth/me`), with the role they act with in each */
  projects: { customerId: string; role: Role }[];
}): Role {
  const { role } = params;
  if (role === 'ADMIN') return role;
  return params.projects
    .filter((project) => project.customerId === params.customerId)
    .reduce<Role>((lowest, project) => (atLeast(project.role, lowest) ? lowest : project.role), role);
}

export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => unwrap(api.GET('/auth/me')), staleTime: 60_000 });
}

/**
 * The role the signed-in person acts with for one building owner: through the customer linked to it (platform
 * administrators: ADMIN). undefined while it is being found out, null when no customer of theirs is linked to it.
 * The service decides every request itself; this only keeps out of sight what it would refuse.
 */
export function useOwnerRole(ownerId: string | undefined): Role | null | undefined {
  const me = useMe();
  const customers = useQuery({
    queryKey: ['customers'],
    queryFn: () => unwrap(api.GET('/construction/customers/')),
    staleTime: 60_000,
  });
  if (me.data?.platformAdmin) return 'ADMIN';
  if (!me.data || !customers.data) return undefined;
  const linked = customers.data.customers.filter((c) => c.buildingOwnerId === ownerId);
  const best = linked
    .map((c) => c.role)
    .filter((role): role is Role => role !== null)
    .sort((a, b) => ROLES.indexOf(b) - ROLES.indexOf(a))[0];
  return best ?? null;
}
