import { describe, expect, it } from 'vitest';
import {
  askPolicy,
  buildingPolicy,
  documentPolicy,
  ownerPolicy,
  partnerPolicy,
  reportPolicy,
  sessionPolicy,
  threadPolicy,
  uploadPolicy,
  type AskGrant,
  type BuildingFacts,
  type BuildingNeed,
  type Decision,
  type DocumentFacts,
  type OwnerFacts,
  type OwnerNeed,
  type ThreadFacts,
} from '../../../src/domain/access/policies.js';
import type { Principal } from '../../../src/domain/access/principal.js';
import type { Role } from '../../../src/domain/people/roles.js';

// ---- callers ----
const keyWhole: Principal = { kind: 'api_key', apiKeyId: 'key_whole', partnerId: 'P', scope: { kind: 'partner' } };
const keyOwner: Principal = {
  kind: 'api_key',
  apiKeyId: 'key_owner',
  partnerId: 'P',
  scope: { kind: 'grants', ownerIds: new Set(['O1']), buildings: new Map() },
};
const keyBuilding: Principal = {
  kind: 'api_key',
  apiKeyId: 'key_building',
  partnerId: 'P',
  scope: { kind: 'grants', ownerIds: new Set(), buildings: new Map([['B1', 'O1']]) },
};
const sessionO1: Principal = {
  kind: 'session_token',
  apiKeyId: 'key_whole',
  partnerId: 'P',
  scope: { kind: 'partner' },
  ownerId: 'O1',
};
const user: Principal = {
  kind: 'user',
  userId: 'user_a',
  platformAdmin: true,
  via: { kind: 'cookie', sessionId: 's' },
};
const subcontractor: Principal = { kind: 'subcontractor', tokenId: 't', projectId: 'p', subcontractorId: 's' };

// ---- what storage knows ----
const O1: OwnerFacts = { id: 'O1', reachedByPartner: true, personRole: null };
/** an owner the caller's partner does not have */
const O2: OwnerFacts = { id: 'O2', reachedByPartner: false, personRole: null };
/** an owner the partner has, that a session token for O1 does not reach */
const O3: OwnerFacts = { id: 'O3', reachedByPartner: true, personRole: null };
/** O1 as seen by a person with this role in a customer linked to it */
const O1as = (personRole: Role): OwnerFacts => ({ ...O1, personRole });
const B1: BuildingFacts = { id: 'B1', ownerId: 'O1' };
const B2: BuildingFacts = { id: 'B2', ownerId: 'O1' };
const BX: BuildingFacts = { id: 'BX', ownerId: 'O2' };
const D1: DocumentFacts = { id: 'D1', buildingId: 'B1' };
const D2: DocumentFacts = { id: 'D2', buildingId: 'B2' };

type Outcome = 'allowed' | 401 | 403 | 404;

const STATUS: Partial<Record<string, Outcome>> = { unauthorized: 401, forbidden: 403, not_found: 404 };

function outcomeOf(decision: Decision<unknown>): Outcome {
  if (decision.allowed) return 'allowed';
  const status = STATUS[decision.error.kind];
  if (!status) throw new Error(`a policy answered ${decision.error.kind}`);
  return status;
}

function codeOf(decision: Decision<unknown>): string | null {
  return decision.allowed ? null : decision.error.code;
}

type Row = [caller: string, principal: Principal, what: string, decide: () => Decision<unknown>, expected: Outcome];

function table(rows: Row[]) {
  return rows.map(([caller, principal, what, decide, expected]) => ({ caller, principal, what, decide, expected }));
}

describe('access policies: caller x resource x need -> allowed / 401 / 403 / 404', () => {
  const owner = (principal: Principal, facts: OwnerFacts | null, need: OwnerNeed) => () =>
    ownerPolicy({ principal, owner: facts, need });
  const building = (principal: Principal, o: OwnerFacts | null, b: BuildingFacts | null, need: BuildingNeed) => () =>
    buildingPolicy({ principal, owner: o, building: b, need });
  const document =
    (principal: Principal, b: BuildingFacts | null, d: DocumentFacts | null, need: 'read' | 'write') => () =>
      documentPolicy({ principal, owner: O1, building: b, document: d, need });
  const report = (principal: Principal, b: BuildingFacts | null, need: 'read' | 'write') => () =>
    reportPolicy({ principal, owner: O1, building: b, need });
  const session = (principal: Principal, o: OwnerFacts | null) => () => sessionPolicy({ principal, owner: o });
  const upload = (principal: Principal, o: OwnerFacts | null, b: BuildingFacts | null) => () =>
    uploadPolicy({
      principal,
      target: { kind: 'building', ownerId: o?.id ?? 'O?', buildingId: b?.id ?? 'B?' },
      owner: o,
      building: b,
    });
  const partner = (principal: Principal, need: 'list_owners' | 'create_owner') => () =>
    partnerPolicy({ principal, need });

  const rows = table([
    // the partner's collection of owners
    ['whole-partner key', keyWhole, 'partner: list owners', partner(keyWhole, 'list_owners'), 'allowed'],
    ['whole-partner key', keyWhole, 'partner: create an owner', partner(keyWhole, 'create_owner'), 'allowed'],
    ['owner key', keyOwner, 'partner: create an owner', partner(keyOwner, 'create_owner'), 403],
    ['session token', sessionO1, 'partner: list owners', partner(sessionO1, 'list_owners'), 'allowed'],
    ['session token', sessionO1, 'partner: create an owner', partner(sessionO1, 'create_owner'), 403],
    ['user', user, 'partner: list owners (those of its customers)', partner(user, 'list_owners'), 'allowed'],
    ['user', user, 'partner: create an owner', partner(user, 'create_owner'), 403],
    ['subcontractor', subcontractor, 'partner: list owners', partner(subcontractor, 'list_owners'), 401],

    // owners
    ['whole-partner key', keyWhole, 'owner: read', owner(keyWhole, O1, 'read'), 'allowed'],
    ['whole-partner key', keyWhole, 'owner: manage', owner(keyWhole, O1, 'manage'), 'allowed'],
    ['whole-partner key', keyWhole, 'owner: read a missing owner', owner(keyWhole, null, 'read'), 404],
    ['whole-partner key', keyWhole, "owner: read another partner's owner", owner(keyWhole, O2, 'read'), 403],
    ['owner key', keyOwner, 'owner: manage its owner', owner(keyOwner, O1, 'manage'), 'allowed'],
    ['owner key', keyOwner, 'owner: read an owner of the partner it is not granted', owner(keyOwner, O3, 'read'), 403],
    ['building key', keyBuilding, 'owner: read the owner of its building', owner(keyBuilding, O1, 'read'), 'allowed'],
    ['building key', keyBuilding, 'owner: manage the owner of its building', owner(keyBuilding, O1, 'manage'), 403],
    ['session token', sessionO1, 'owner: read its owner', owner(sessionO1, O1, 'read'), 'allowed'],
    ['session token', sessionO1, 'owner: manage its owner', owner(sessionO1, O1, 'manage'), 403],
    ['session token', sessionO1, 'owner: read another owner of the partner', owner(sessionO1, O3, 'read'), 403],
    ['session token', sessionO1, 'owner: read a missing owner', owner(sessionO1, null, 'read'), 404],
    ['user', user, 'owner: read one no customer of theirs is linked to', owner(user, O1, 'read'), 403],
    ['user', user, 'owner: read a missing owner', owner(user, null, 'read'), 404],
    ['NO_ACCESS', user, 'owner: read', owner(user, O1as('NO_ACCESS'), 'read'), 403],
    ['READ_ACCESS', user, 'owner: read', owner(user, O1as('READ_ACCESS'), 'read'), 'allowed'],
    ['WRITE_ACCESS', user, 'owner: create a building', owner(user, O1as('WRITE_ACCESS'), 'create_building'), 403],
    ['OWNER', user, 'owner: create a building', owner(user, O1as('OWNER'), 'create_building'), 'allowed'],
    ['OWNER', user, 'owner: rename or archive it', owner(user, O1as('OWNER'), 'manage'), 403],
    ['ADMIN', user, 'owner: rename or archive it', owner(user, O1as('ADMIN'), 'manage'), 'allowed'],
    ['READ_ACCESS', user, 'building: read', building(user, O1as('READ_ACCESS'), B1, 'read'), 'allowed'],
    ['READ_ACCESS', user, 'building: write documents', building(user, O1as('READ_ACCESS'), B1, 'write'), 403],
    ['WRITE_ACCESS', user, 'building: write documents', building(user, O1as('WRITE_ACCESS'), B1, 'write'), 'allowed'],
    ['WRITE_ACCESS', user, 'building: rename or archive', building(user, O1as('WRITE_ACCESS'), B1, 'manage'), 403],
    ['OWNER', user, 'building: rename or archive', building(user, O1as('OWNER'), B1, 'manage'), 'allowed'],
    ['OWNER', user, "building: another owner's", building(user, O1as('OWNER'), BX, 'read'), 404],
    ['READ_ACCESS', user, 'upload: into a building', upload(user, O1as('READ_ACCESS'), B1), 403],
    ['WRITE_ACCESS', user, 'upload: into a building', upload(user, O1as('WRITE_ACCESS'), B1), 'allowed'],
    ['subcontractor', subcontractor, 'owner: read', owner(subcontractor, O1, 'read'), 401],
    ['subcontractor', subcontractor, 'owner: read a missing owner', owner(subcontractor, null, 'read'), 401],

    // buildings
    ['whole-partner key', keyWhole, 'building: read', building(keyWhole, O1, B1, 'read'), 'allowed'],
    ['whole-partner key', keyWhole, 'building: write', building(keyWhole, O1, B1, 'write'), 'allowed'],
    ['whole-partner key', keyWhole, 'building: missing', building(keyWhole, O1, null, 'read'), 404],
    ['whole-partner key', keyWhole, 'building: of another owner', building(keyWhole, O1, BX, 'read'), 404],
    ['whole-partner key', keyWhole, 'building: of a missing owner', building(keyWhole, null, B1, 'read'), 404],
    ['building key', keyBuilding, 'building: write its building', building(keyBuilding, O1, B1, 'write'), 'allowed'],
    ['building key', keyBuilding, 'building: read a sibling', building(keyBuilding, O1, B2, 'read'), 403],
    ['building key', keyBuilding, 'building: a missing one', building(keyBuilding, O1, null, 'read'), 404],
    ['session token', sessionO1, 'building: read', building(sessionO1, O1, B1, 'read'), 'allowed'],
    ['session token', sessionO1, 'building: write', building(sessionO1, O1, B1, 'write'), 403],
    ['user', user, 'building: read', building(user, O1, B1, 'read'), 403],
    ['subcontractor', subcontractor, 'building: read', building(subcontractor, O1, B1, 'read'), 401],

    // documents
    ['whole-partner key', keyWhole, 'document: read', document(keyWhole, B1, D1, 'read'), 'allowed'],
    ['whole-partner key', keyWhole, 'document: write', document(keyWhole, B1, D1, 'write'), 'allowed'],
    ['whole-partner key', keyWhole, 'document: not there to show', document(keyWhole, B1, null, 'read'), 404],
    ['whole-partner key', keyWhole, 'document: of another building', document(keyWhole, B1, D2, 'read'), 404],
    ['building key', keyBuilding, 'document: of a sibling building', document(keyBuilding, B2, D2, 'read'), 403],
    ['session token', sessionO1, 'document: read', document(sessionO1, B1, D1, 'read'), 'allowed'],
    ['session token', sessionO1, 'document: write', document(sessionO1, B1, D1, 'write'), 403],
    ['user', user, 'document: read', document(user, B1, D1, 'read'), 403],
    ['subcontractor', subcontractor, 'document: read', document(subcontractor, B1, D1, 'read'), 401],

    // reports
    ['whole-partner key', keyWhole, 'report: generate', report(keyWhole, B1, 'write'), 'allowed'],
    ['building key', keyBuilding, 'report: read a sibling building', report(keyBuilding, B2, 'read'), 403],
    ['session token', sessionO1, 'report: read', report(sessionO1, B1, 'read'), 'allowed'],
    ['session token', sessionO1, 'report: generate', report(sessionO1, B1, 'write'), 403],
    ['whole-partner key', keyWhole, 'report: of a missing building', report(keyWhole, null, 'read'), 404],
    ['user', user, 'report: read', report(user, B1, 'read'), 403],
    ['subcontractor', subcontractor, 'report: read', report(subcontractor, B1, 'read'), 401],

    // session tokens
    ['whole-partner key', keyWhole, 'session: for an owner it reaches', session(keyWhole, O1), 'allowed'],
    ['whole-partner key', keyWhole, 'session: for a missing owner', session(keyWhole, null), 404],
    ['building key', keyBuilding, 'session: for the owner of its building', session(keyBuilding, O1), 'allowed'],
    ['building key', keyBuilding, 'session: for an owner it does not reach', session(keyBuilding, O3), 403],
    ['session token', sessionO1, 'session: another session token', session(sessionO1, O1), 403],
    ['user', user, 'session: make one', session(user, O1), 403],
    ['subcontractor', subcontractor, 'session: make one', session(subcontractor, O1), 401],

    // uploads
    ['whole-partner key', keyWhole, 'upload: into a building', upload(keyWhole, O1, B1), 'allowed'],
    ['whole-partner key', keyWhole, 'upload: into a missing building', upload(keyWhole, O1, null), 404],
    ['building key', keyBuilding, 'upload: into a sibling building', upload(keyBuilding, O1, B2), 403],
    ['session token', sessionO1, 'upload: into its owner', upload(sessionO1, O1, B1), 403],
    ['user', user, 'upload: into a building', upload(user, O1, B1), 403],
    ['subcontractor', subcontractor, 'upload: into a partner building', upload(subcontractor, O1, B1), 401],
  ]);

  it.each(rows)('$caller, $what -> $expected', ({ decide, expected }) => {
    expect(outcomeOf(decide())).toBe(expected);
  });

  it('gives every kind of caller a decision on every kind of resource', () => {
    const kinds = new Set(rows.map((r) => r.principal.kind));
    expect([...kinds].sort()).toEqual(['api_key', 'session_token', 'subcontractor', 'user']);
  });

  it('names why a caller is refused, with the codes clients branch on', () => {
    expect(codeOf(owner(keyBuilding, O1, 'manage')())).toBe('auth.owner_access_required');
    expect(codeOf(owner(sessionO1, O1, 'manage')())).toBe('auth.read_only_token');
    expect(codeOf(owner(keyWhole, O2, 'read')())).toBe('auth.forbidden');
    expect(codeOf(owner(keyWhole, null, 'read')())).toBe('building_owner.not_found');
    expect(codeOf(building(keyWhole, O1, BX, 'read')())).toBe('building.not_found');
    expect(codeOf(document(keyWhole, B1, null, 'read')())).toBe('document.not_found');
    expect(codeOf(partner(keyOwner, 'create_owner')())).toBe('auth.partner_access_required');
    expect(codeOf(partner(sessionO1, 'create_owner')())).toBe('auth.read_only_token');
    expect(codeOf(session(sessionO1, O1)())).toBe('auth.read_only_token');
    expect(codeOf(session(user, O1)())).toBe('auth.api_key_required');
    expect(codeOf(owner(subcontractor, O1, 'read')())).toBe('auth.credential_not_accepted');
  });
});

describe('what a grant reaches', () => {
  it('lists only the owners a scoped key or a session token reaches; null for a whole-partner key', () => {
    const grantOf = (principal: Principal) => {
      const decision = partnerPolicy({ principal, need: 'list_owners' });
      return decision.allowed ? decision.grant.onlyOwnerIds : 'refused';
    };
    expect(grantOf(keyWhole)).toBeNull();
    expect(grantOf(keyOwner)).toEqual(['O1']);
    expect(grantOf(keyBuilding)).toEqual(['O1']);
    expect(grantOf(sessionO1)).toEqual(['O1']);
  });

  it("narrows an owner to a building key's own buildings", () => {
    const decision = ownerPolicy({ principal: keyBuilding, owner: O1, need: 'read' });
    expect(decision.allowed && decision.grant.buildingIds).toEqual(['B1']);
    const whole = ownerPolicy({ principal: keyOwner, owner: O1, need: 'read' });
    expect(whole.allowed && whole.grant.buildingIds).toBeNull();
  });
});

describe('ask and thread policies', () => {
  const buildings = new Map<string, BuildingFacts | null>([
    ['B1', B1],
    ['B2', B2],
    ['BX', BX],
    ['B404', null],
  ]);
  const ask = (principal: Principal, target: Parameters<typeof askPolicy>[0]['target']) =>
    askPolicy({ principal, target, owner: O1, buildings, liveBuildingIds: ['B1', 'B2'] });

  it('reads every live building a whole key reaches, and only its own for a building key', () => {
    const whole = ask(keyWhole, { kind: 'owner' });
    expect(whole.allowed && whole.grant.buildingIds).toEqual(['B1', 'B2']);
    const scoped = ask(keyBuilding, { kind: 'owner' });
    expect(scoped.allowed && scoped.grant.buildingIds).toEqual(['B1']);
  });

  it('reports an unknown building before a forbidden one among chosen buildings', () => {
    const decision = ask(keyBuilding, { kind: 'buildings', buildingIds: ['B2', 'B404'] });
    expect(outcomeOf(decision)).toBe(404);
    expect(outcomeOf(ask(keyBuilding, { kind: 'buildings', buildingIds: ['B1', 'B2'] }))).toBe(403);
    expect(outcomeOf(ask(keyBuilding, { kind: 'buildings', buildingIds: ['B1', 'B1'] }))).toBe('allowed');
  });

  it.each([
    ['user', user, 403],
    ['subcontractor', subcontractor, 401],
    ['session token', sessionO1, 'allowed'],
  ] as const)('decides an ask by a %s: %s', (_name, principal, expected) => {
    expect(outcomeOf(ask(principal, { kind: 'building', buildingId: 'B1' }))).toBe(expected);
  });

  it('lets a person who reads the owner ask, keeping their own threads', () => {
    const decision = askPolicy({
      principal: user,
      target: { kind: 'owner' },
      owner: O1as('READ_ACCESS'),
      buildings,
      liveBuildingIds: ['B1', 'B2'],
    });
    expect(decision.allowed && decision.grant).toMatchObject({
      buildingIds: ['B1', 'B2'],
      threadHolder: { kind: 'user', userId: 'user_a' },
    });
  });

  const grant = (principal: Principal, buildingId: string | null): AskGrant => {
    const decision = ask(principal, buildingId ? { kind: 'building', buildingId } : { kind: 'owner' });
    if (!decision.allowed) throw decision.error;
    return decision.grant;
  };
  const thread: ThreadFacts = { ownerId: 'O1', buildingId: 'B1', holder: { kind: 'api_key', apiKeyId: 'key_whole' } };
  const personGrant: AskGrant = { ...grant(keyWhole, 'B1'), threadHolder: { kind: 'user', userId: 'user_a' } };

  it.each([
    ['its own thread', grant(keyWhole, 'B1'), thread, 'allowed'],
    ["its key's thread, by a session token of that key", grant(sessionO1, 'B1'), thread, 'allowed'],
    ["another key's thread", grant(keyOwner, 'B1'), thread, 404],
    ['a thread of another building', grant(keyWhole, 'B2'), thread, 404],
    ['a building thread continued owner-wide', grant(keyWhole, null), thread, 404],
    ['a thread of another owner', grant(keyWhole, 'B1'), { ...thread, ownerId: 'O3' }, 404],
    ['a missing thread', grant(keyWhole, 'B1'), null, 404],
    ["a key's thread, by a person", personGrant, thread, 404],
    ["a person's own thread", personGrant, { ...thread, holder: { kind: 'user', userId: 'user_a' } }, 'allowed'],
    [
      "another person's thread",
      personGrant,
      { ...thread, holder: { kind: 'user', userId: 'user_b' } } satisfies ThreadFacts,
      404,
    ],
  ] as const)('continues %s -> %s', (_name, askGrant, facts, expected) => {
    expect(outcomeOf(threadPolicy({ ask: askGrant, thread: facts }))).toBe(expected);
  });
});
