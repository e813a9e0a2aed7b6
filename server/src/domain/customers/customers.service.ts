import type { AuditLog } from '../audit/audit.js';
import type { MembersService } from '../people/members.service.js';
import type { CustomerRecord } from '../people/people.service.js';
import { newId } from '../shared/ids.js';
import { linkedOwnerNotFound } from './customers.errors.js';

export interface CustomersRepository {
  /** the customer and its workspace owner (where its project buildings live until a handover), in one transaction */
  insertCustomer(params: {
    id: string;
    name: string;
    buildingOwnerId: string | null;
    workspaceOwnerId: string;
  }): Promise<CustomerRecord>;
  listAll(): Promise<CustomerRecord[]>;
  ownerExists(ownerId: string): Promise<boolean>;
}

/**
 * Customers as the operator manages them (`POST /admin/customers`, the CLI): an organisation that uses the app,
 * optionally linked to a building owner of the document platform, with its first administrators invited.
 */
export function createCustomersService(deps: {
  repository: CustomersRepository;
  members: MembersService;
  audit: AuditLog;
}) {
  const { repository, members, audit } = deps;

  async function createCustomer(params: {
    name: string;
    buildingOwnerId: string | null;
    adminEmails: string[];
  }): Promise<CustomerRecord> {
    if (params.buildingOwnerId !== null && !(await repository.ownerExists(params.buildingOwnerId))) {
      throw linkedOwnerNotFound();
    }
    const customer = await repository.insertCustomer({
      id: newId.uuid(),
      name: params.name.trim(),
      buildingOwnerId: params.buildingOwnerId,
      workspaceOwnerId: newId.uuid(),
    });
    await audit.record({
      customerId: customer.id,
      actor: { kind: 'operator' },
      action: 'customer.created',
      target: { type: 'customer', id: customer.id },
      details: { name: customer.name, buildingOwnerId: customer.buildingOwnerId },
    });
    const origin = params.buildingOwnerId ? 'document-platform' : 'construction';
    for (const email of new Set(params.adminEmails.map((address) => address.trim().toLowerCase()))) {
      await members.inviteAsOperator({ customerId: customer.id, invitation: { email, role: 'ADMIN', origin } });
    }
    return customer;
  }

  return { createCustomer, listCustomers: () => repository.listAll() };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
