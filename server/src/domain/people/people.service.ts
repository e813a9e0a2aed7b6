import type { AccessService } from '../access/access.service.js';
import { userOf } from '../access/people-policies.js';
import type { Principal } from '../access/principal.js';
import { customerNotFound } from '../customers/customers.errors.js';
import { customerRoleOf, projectRoleOf, type Role } from './roles.js';

export interface PersonRecord {
  id: string;
  email: string;
  name: string;
  locale: string;
  platformAdmin: boolean;
}

export interface CustomerRecord {
  id: string;
  name: string;
  buildingOwnerId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** a customer as one user sees it: their own role in it, and whether they have a role in one of its projects */
export interface MemberCustomerRecord extends CustomerRecord {
  role: Role | null;
  hasProjectRole: boolean;
}

export interface MemberProjectRecord {
  id: string;
  customerId: string;
  name: string;
  customerRole: Role | null;
  projectRole: Role | null;
}

export interface PeopleRepository {
  findPerson(userId: string): Promise<PersonRecord | null>;
  /** the language the person chose: the web app's on every device */
  setLocale(userId: string, locale: string): Promise<void>;
  /** live customers with the user's roles; `all`: every live customer (platform administrators) */
  listCustomers(params: { userId: string; all: boolean }): Promise<MemberCustomerRecord[]>;
  /** projects of live customers with the user's roles; `all`: every such project */
  listProjects(params: { userId: string; all: boolean }): Promise<MemberProjectRecord[]>;
  findCustomer(customerId: string): Promise<CustomerRecord | null>;
}

export interface CustomerView extends CustomerRecord {
  /** the role the caller acts with in the customer; null when they reach only some of its projects */
  role: Role | null;
}

/**
 * Who the caller is and which customers and projects they reach, with the role they act with in each: what the web
 * app shows after sign-in. Platform administrators reach every customer as ADMIN.
 */
export function createPeopleService(deps: { repository: PeopleRepository; access: AccessService }) {
  const { repository, access } = deps;

  function visibleCustomers(user: { platformAdmin: boolean }, rows: MemberCustomerRecord[]): CustomerView[] {
    return rows.flatMap((row) => {
      const role = customerRoleOf({ platformAdmin: user.platformAdmin, customerRole: row.role });
      const reaches = (role !== null && role !== 'NO_ACCESS') || row.hasProjectRole;
      if (!reaches) return [];
      const { hasProjectRole: _ignored, ...customer } = row;
      return [{ ...customer, role: role === 'NO_ACCESS' ? null : role }];
    });
  }

  async function me(principal: Principal) {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    const user = decision.grant;
    const person = await repository.findPerson(user.userId);
    // a key or session outlives nothing: authentication found the user a moment ago
    if (!person) throw customerNotFound();
    const all = person.platformAdmin;
    const [customers, projects] = await Promise.all([
      repository.listCustomers({ userId: person.id, all }),
      repository.listProjects({ userId: person.id, all }),
    ]);
    return {
      ...person,
      customers: visibleCustomers(person, customers).map(({ id, name, role }) => ({ id, name, role })),
      projects: projects.flatMap((project) => {
        const role = projectRoleOf({
          platformAdmin: person.platformAdmin,
          customerRole: project.customerRole,
          projectRole: project.projectRole,
        });
        return role === null || role === 'NO_ACCESS'
          ? []
          : [{ id: project.id, customerId: project.customerId, name: project.name, role }];
      }),
    };
  }

  /** the person's language, remembered for every device they sign in on */
  async function setLocale(principal: Principal, locale: string) {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    await repository.setLocale(decision.grant.userId, locale);
    return me(principal);
  }

  async function listCustomers(principal: Principal): Promise<CustomerView[]> {
    const decision = userOf(principal);
    if (!decision.allowed) throw decision.error;
    const user = decision.grant;
    return visibleCustomers(user, await repository.listCustomers({ userId: user.userId, all: user.platformAdmin }));
  }

  async function getCustomer(params: { principal: Principal; customerId: string }): Promise<CustomerView> {
    const grant = await access.authorizeCustomer({ ...params, need: 'read' });
    const customer = await repository.findCustomer(grant.customerId);
    if (!customer) throw customerNotFound();
    return { ...customer, role: grant.role };
  }

  return { me, setLocale, listCustomers, getCustomer };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
