import { describe, expect, it } from 'vitest';
import {
  customerPolicy,
  platformAdminPolicy,
  projectPolicy,
  type PeopleNeed,
} from '../../../src/domain/access/people-policies.js';
import type { Principal } from '../../../src/domain/access/principal.js';
import type { Role } from '../../../src/domain/people/roles.js';

const person: Principal = {
  kind: 'user',
  userId: 'user_a',
  platformAdmin: false,
  via: { kind: 'cookie', sessionId: 's' },
};
const platformAdmin: Principal = { ...person, platformAdmin: true };
const partnerKey: Principal = { kind: 'api_key', apiKeyId: 'k', partnerId: 'p', scope: { kind: 'partner' } };
const subcontractor: Principal = { kind: 'subcontractor', tokenId: 't', projectId: 'PR1', subcontractorId: 's' };

function outcome(decision: { allowed: true } | { allowed: false; error: { code: string } }): string {
  return decision.allowed ? 'allowed' : decision.error.code;
}

describe('what each role may do in a project', () => {
  const needs: PeopleNeed[] = ['read', 'write', 'manage_members', 'archive', 'administer'];
  const table: [Role, string[]][] = [
    [
      'READ_ACCESS',
      ['allowed', 'auth.role_required', 'auth.role_required', 'auth.role_required', 'auth.role_required'],
    ],
    ['WRITE_ACCESS', ['allowed', 'allowed', 'auth.role_required', 'auth.role_required', 'auth.role_required']],
    ['OWNER', ['allowed', 'allowed', 'allowed', 'allowed', 'auth.role_required']],
    ['ADMIN', ['allowed', 'allowed', 'allowed', 'allowed', 'allowed']],
    ['NO_ACCESS', needs.map(() => 'project.not_found')],
  ];
  it.each(table)('%s', (role, expected) => {
    const project = { id: 'PR1', customerId: 'C1', customerRole: role, projectRole: null, status: 'ACTIVE' as const };
    expect(needs.map((need) => outcome(projectPolicy({ principal: person, project, need })))).toEqual(expected);
  });

  it('a project role overrides the customer role, both ways', () => {
    const raised = {
      id: 'PR1',
      customerId: 'C1',
      customerRole: 'READ_ACCESS' as const,
      projectRole: 'OWNER' as const,
      status: 'ACTIVE' as const,
    };
    expect(outcome(projectPolicy({ principal: person, project: raised, need: 'archive' }))).toBe('allowed');
    const hidden = {
      id: 'PR1',
      customerId: 'C1',
      customerRole: 'ADMIN' as const,
      projectRole: 'NO_ACCESS' as const,
      status: 'ACTIVE' as const,
    };
    expect(outcome(projectPolicy({ principal: person, project: hidden, need: 'read' }))).toBe('project.not_found');
  });

  it('a project the user has no role in is not there (404), and platform administrators are ADMIN in all', () => {
    const foreign = { id: 'PR1', customerId: 'C1', customerRole: null, projectRole: null, status: 'ACTIVE' as const };
    expect(outcome(projectPolicy({ principal: person, project: foreign, need: 'read' }))).toBe('project.not_found');
    expect(outcome(projectPolicy({ principal: platformAdmin, project: foreign, need: 'administer' }))).toBe('allowed');
  });

  it('a handed-over project is read-only: it is read and its members managed, nothing else, even by an ADMIN', () => {
    const project = { id: 'PR1', customerId: 'C1', customerRole: 'ADMIN' as const, projectRole: null };
    const handedOver = { ...project, status: 'HANDED_OVER' as const };
    const all: PeopleNeed[] = [...needs, 'hand_over'];
    expect(all.map((need) => outcome(projectPolicy({ principal: person, project: handedOver, need })))).toEqual([
      'allowed',
      'project.handed_over',
      'allowed',
      'project.handed_over',
      'project.handed_over',
      'project.handed_over',
    ]);
    const active = { ...project, status: 'ACTIVE' as const };
    expect(all.map((need) => outcome(projectPolicy({ principal: person, project: active, need })))).toEqual(
      all.map(() => 'allowed'),
    );
    // the role is checked first: a reader of a handed-over project is told what it lacks, not that it is read-only
    const reader = { ...handedOver, customerRole: 'READ_ACCESS' as const };
    expect(outcome(projectPolicy({ principal: person, project: reader, need: 'hand_over' }))).toBe(
      'auth.role_required',
    );
  });

  it('an archived project is read-only until made active: read, members managed and its status set back, nothing else', () => {
    const project = { id: 'PR1', customerId: 'C1', customerRole: 'ADMIN' as const, projectRole: null };
    const archived = { ...project, status: 'ARCHIVED' as const };
    const all: PeopleNeed[] = [...needs, 'hand_over', 'issue_portal_token'];
    expect(all.map((need) => outcome(projectPolicy({ principal: person, project: archived, need })))).toEqual([
      'allowed',
      'project.archived',
      'allowed',
      'allowed',
      'project.archived',
      'project.archived',
      'project.archived',
    ]);
    // the role is checked first: a WRITE_ACCESS member may not make it active again (403), whatever its state
    const writer = { ...archived, customerRole: 'WRITE_ACCESS' as const };
    expect(outcome(projectPolicy({ principal: person, project: writer, need: 'archive' }))).toBe('auth.role_required');
    expect(outcome(projectPolicy({ principal: person, project: writer, need: 'write' }))).toBe('project.archived');
  });

  it('partner keys and subcontractor tokens are not credentials of the application routes (401)', () => {
    const project = {
      id: 'PR1',
      customerId: 'C1',
      customerRole: 'ADMIN' as const,
      projectRole: null,
      status: 'ACTIVE' as const,
    };
    expect(outcome(projectPolicy({ principal: partnerKey, project, need: 'read' }))).toBe('auth.user_required');
    expect(outcome(projectPolicy({ principal: subcontractor, project, need: 'read' }))).toBe('auth.user_required');
  });
});

describe('customers', () => {
  it('someone with NO_ACCESS in the customer but a role in one project sees the customer, and nothing more', () => {
    const customer = { id: 'C1', role: 'NO_ACCESS' as const, hasProjectRole: true };
    expect(outcome(customerPolicy({ principal: person, customer, need: 'read' }))).toBe('allowed');
    expect(outcome(customerPolicy({ principal: person, customer, need: 'write' }))).toBe('auth.role_required');
  });

  it('a customer without any role of the user is a 404', () => {
    expect(outcome(customerPolicy({ principal: person, customer: null, need: 'read' }))).toBe('customer.not_found');
    const customer = { id: 'C1', role: 'NO_ACCESS' as const, hasProjectRole: false };
    expect(outcome(customerPolicy({ principal: person, customer, need: 'read' }))).toBe('customer.not_found');
    const stranger = { id: 'C1', role: null, hasProjectRole: false };
    expect(outcome(customerPolicy({ principal: person, customer: stranger, need: 'read' }))).toBe('customer.not_found');
  });
});

describe('platform administration', () => {
  it('is for platform administrators only: a customer ADMIN gets 403, a partner key 401', () => {
    expect(outcome(platformAdminPolicy({ principal: platformAdmin }))).toBe('allowed');
    expect(outcome(platformAdminPolicy({ principal: person }))).toBe('auth.platform_admin_required');
    expect(outcome(platformAdminPolicy({ principal: partnerKey }))).toBe('auth.user_required');
  });
});
