import type { CustomerView } from '../../domain/people/people.service.js';
import type { MemberRecord } from '../../domain/people/members.service.js';

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

export function presentMember(member: MemberRecord) {
  return { id: member.id, email: member.email, name: member.name, role: member.role, status: member.status };
}

export function presentMemberListItem(member: MemberRecord) {
  return {
    ...presentMember(member),
    locale: member.locale,
    lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
  };
}
