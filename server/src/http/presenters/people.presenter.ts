import type { CustomerView } from '../../domain/people/people.service.js';

export function presentCustomer(customer: CustomerView) {
  return {
    id: customer.id,
    name: customer.name,
    buildingOwnerId: customer.buildingOwnerId,
    role: customer.role,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}
