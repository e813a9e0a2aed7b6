import { describe, expect, it } from 'vitest';
import { customerGrantBound } from '../src/roles.js';

/**
 * The invitation form offers a customer-wide role only up to the person's role in every project they see: an OWNER who
 * only reads one project is not offered OWNER or WRITE_ACCESS (the service would refuse them, 403 role.above_own).
 */
describe('the roles the people page offers for a customer-wide invitation', () => {
  const customerId = 'c1';

  it('stops at the lowest role the OWNER acts with in a project of the customer', () => {
    const projects = [
      { customerId, role: 'OWNER' as const },
      { customerId, role: 'READ_ACCESS' as const },
      { customerId, role: 'WRITE_ACCESS' as const },
    ];
    expect(customerGrantBound({ role: 'OWNER', customerId, projects })).toBe('READ_ACCESS');
  });

  it('is lowered only by the projects of this customer, never lifted by a project role above the customer role', () => {
    const otherCustomer = { customerId: 'c2', role: 'READ_ACCESS' as const };
    const lifted = { customerId, role: 'ADMIN' as const };
    expect(customerGrantBound({ role: 'OWNER', customerId, projects: [otherCustomer, lifted] })).toBe('OWNER');
    const writing = { customerId, role: 'WRITE_ACCESS' as const };
    expect(customerGrantBound({ role: 'OWNER', customerId, projects: [otherCustomer, lifted, writing] })).toBe(
      'WRITE_ACCESS',
    );
  });

  it('leaves an ADMIN every role, as the service does, where an OWNER is lowered', () => {
    const projects = [{ customerId, role: 'READ_ACCESS' as const }];
    expect(customerGrantBound({ role: 'ADMIN', customerId, projects })).toBe('ADMIN');
    expect(customerGrantBound({ role: 'OWNER', customerId, projects })).toBe('READ_ACCESS');
  });
});
