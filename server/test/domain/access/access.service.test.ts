import { describe, expect, it } from 'vitest';
import {
  createAccessService,
  type AccessRepository,
  type ApiKeyRecord,
  type Credential,
  type SubcontractorTokenRecord,
  type UserSessionRecord,
} from '../../../src/domain/access/access.service.js';
import { hashSecret } from '../../../src/domain/shared/secrets.js';

const NOW = new Date('2025-05-01T12:00:00Z');

const wholeKey: ApiKeyRecord = {
  id: 'key_1',
  partnerId: 'P',
  wholePartner: true,
  revoked: false,
  ownerIds: [],
  buildings: [],
};
const revokedKey: ApiKeyRecord = { ...wholeKey, id: 'key_2', revoked: true };

function fakeRepository(): AccessRepository & {
  ownerLookups: number;
  touched: string[];
  ended: string[];
  tokensTouched: string[];
} {
  const keys = new Map([
    [hashSecret('fk_live_good'), wholeKey],
    [hashSecret('fk_live_revoked'), revokedKey],
  ]);
  const sessions = new Map([
    [hashSecret('ft_good'), { apiKeyId: 'key_1', buildingOwnerId: 'O1', expiresAt: new Date(NOW.getTime() + 60_000) }],
    [hashSecret('ft_expired'), { apiKeyId: 'key_1', buildingOwnerId: 'O1', expiresAt: NOW }],
    [
      hashSecret('ft_of_revoked'),
      { apiKeyId: 'key_2', buildingOwnerId: 'O1', expiresAt: new Date(NOW.getTime() + 60_000) },
    ],
  ]);
  const HOUR = 3_600_000;
  const userSession = (id: string, over: Partial<UserSessionRecord>): UserSessionRecord => ({
    id,
    userId: 'user_1',
    platformAdmin: false,
    userStatus: 'active',
    lastSeenAt: new Date(NOW.getTime() - 5 * 60_000),
    expiresAt: new Date(NOW.getTime() + 24 * HOUR),
    ended: false,
    ...over,
  });
  const userSessions = new Map([
    [hashSecret('cookie_good'), userSession('uss_1', {})],
    [hashSecret('cookie_idle'), userSession('uss_2', { lastSeenAt: new Date(NOW.getTime() - 8 * HOUR) })],
    [hashSecret('cookie_past_lifetime'), userSession('uss_3', { expiresAt: NOW })],
    [hashSecret('cookie_of_deactivated'), userSession('uss_4', { userStatus: 'deactivated' })],
    [hashSecret('cookie_ended'), userSession('uss_5', { ended: true })],
  ]);
  const repository = {
    ownerLookups: 0,
    touched: [] as string[],
    ended: [] as string[],
    findUserSessionByHash: async (hash: string) => userSessions.get(hash) ?? null,
    touchUserSession: async ({ id }: { id: string }) => void repository.touched.push(id),
    endUserSession: async ({ id }: { id: string }) => void repository.ended.push(id),
    findUser: async (userId: string) =>
      userId === 'user_a'
        ? { platformAdmin: false, status: 'active' }
        : userId === 'user_gone'
          ? { platformAdmin: false, status: 'deactivated' }
          : null,
    findUserKeyByHash: async (hash: string) =>
      hash === hashSecret('fk_user_valid')
        ? {
            id: 'ukey_1',
            userId: 'user_1',
            platformAdmin: false,
            userStatus: 'active' as const,
            revoked: false,
            expiresAt: null,
            lastUsedAt: null,
            name: 'script',
            prefix: 'fk_user_x',
            userEmail: 'kari@example.test',
          }
        : hash === hashSecret('fk_user_of_deactivated')
          ? {
              id: 'ukey_2',
              userId: 'user_2',
              platformAdmin: false,
              userStatus: 'deactivated' as const,
              revoked: false,
              expiresAt: null,
              lastUsedAt: null,
              name: 'script',
              prefix: 'fk_user_x',
              userEmail: 'kari@example.test',
            }
          : hash === hashSecret('fk_user_expired')
            ? {
                id: 'ukey_3',
                userId: 'user_1',
                platformAdmin: false,
                userStatus: 'active' as const,
                revoked: false,
                expiresAt: new Date(NOW.getTime() - 1),
                lastUsedAt: null,
                name: 'script',
                prefix: 'fk_user_x',
                userEmail: 'kari@example.test',
              }
            : null,
    findApiKeyByHash: async (hash: string) => keys.get(hash) ?? null,
    findApiKeyById: async (id: string) => [...keys.values()].find((k) => k.id === id) ?? null,
    findSessionByHash: async (hash: string) => sessions.get(hash) ?? null,
    findOwner: async ({ ownerId, partnerId }: { ownerId: string; partnerId: string | null }) => {
      repository.ownerLookups++;
      return ownerId === 'O1' ? { id: 'O1', reachedByPartner: partnerId === 'P', personRole: null } : null;
    },
    ownerIdsOfPerson: async () => [],
    findBuilding: async (buildingId: string) => (buildingId === 'B1' ? { id: 'B1', ownerId: 'O1' } : null),
    findCustomer: async ({ customerId }: { customerId: string }) =>
      customerId === 'C1' ? { id: 'C1', role: 'READ_ACCESS' as const, hasProjectRole: false } : null,
    findProject: async ({ projectId }: { projectId: string }) =>
      projectId === 'PR1'
        ? {
            id: 'PR1',
            customerId: 'C1',
            customerRole: 'READ_ACCESS' as const,
            projectRole: 'WRITE_ACCESS' as const,
            status: 'ACTIVE' as const,
          }
        : null,
    findDocumentProject: async (documentId: string) => (documentId === 'D1' ? 'PR1' : null),
    tokensTouched: [] as string[],
    findSubcontractorToken: async (hash: string) => {
      const token = (secret: string, overrides: Partial<SubcontractorTokenRecord>) =>
        hash === hashSecret(secret)
          ? {
              id: `tok_${secret}`,
              projectId: 'PR1',
              subcontractorId: 'S1',
              expiresAt: new Date(NOW.getTime() + 3_600_000),
              revoked: false,
              gone: false,
              lastUsedAt: null,
              ...overrides,
            }
          : null;
      return (
        token('sct_good', {}) ??
        token('sct_recent', { lastUsedAt: new Date(NOW.getTime() - 5_000) }) ??
        token('sct_expired', { expiresAt: NOW }) ??
        token('sct_revoked', { revoked: true }) ??
        token('sct_gone', { gone: true })
      );
    },
    async touchSubcontractorToken({ id }: { id: string }) {
      repository.tokensTouched.push(id);
    },
    async touchUserKey() {},
    customerIdsOfPerson: async () => [],
  };
  return repository;
}

function service() {
  const repository = fakeRepository();
  return { repository, access: createAccessService({ repository, clock: { now: () => NOW } }) };
}

async function failureOf(promise: Promise<unknown>): Promise<{ kind: string; code: string } | 'allowed'> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    const { kind, code } = error as { kind: string; code: string };
    return { kind, code };
  }
}

describe('the subcontractor portal token', () => {
  it('acts for its project and subcontractor, and its use is recorded at most once a minute', async () => {
    const { access, repository } = service();
    expect(await access.authenticateSubcontractor('sct_good')).toEqual({
      kind: 'subcontractor',
      tokenId: 'tok_sct_good',
      projectId: 'PR1',
      subcontractorId: 'S1',
    });
    await access.authenticateSubcontractor('sct_recent');
    expect(repository.tokensTouched).toEqual(['tok_sct_good']);
  });

  it.each([
    [null, 'auth.missing_subcontractor_token'],
    ['sct_unknown', 'auth.invalid_subcontractor_token'],
    ['sct_expired', 'auth.invalid_subcontractor_token'],
    ['sct_revoked', 'auth.invalid_subcontractor_token'],
    ['sct_gone', 'auth.invalid_subcontractor_token'],
  ])('refuses %s with 401 (%s)', async (secret, code) => {
    expect(await failureOf(service().access.authenticateSubcontractor(secret))).toEqual({
      kind: 'unauthorized',
      code,
    });
  });

  it('is refused on every other route, even when valid', async () => {
    const credential: Credential = { kind: 'subcontractor_token', secret: 'sct_good' };
    expect(await failureOf(service().access.authenticate(credential))).toEqual({
      kind: 'unauthorized',
      code: 'auth.credential_not_accepted',
    });
  });

  it('reaches only the project and subcontractor it was issued for (404 for the others)', async () => {
    const { access } = service();
    const principal = await access.authenticateSubcontractor('sct_good');
    expect(access.authorizePortal({ principal, projectId: 'PR1', subcontractorId: 'S1' })).toBe(principal);
    expect(
      await failureOf(
        Promise.resolve().then(() => access.authorizePortal({ principal, projectId: 'PR2', subcontractorId: 'S1' })),
      ),
    ).toEqual({
      kind: 'not_found',
      code: 'project.not_found',
    });
    expect(
      await failureOf(
        Promise.resolve().then(() => access.authorizePortal({ principal, projectId: 'PR1', subcontractorId: 'S2' })),
      ),
    ).toEqual({
      kind: 'not_found',
      code: 'subcontractor.not_found',
    });
  });
});

describe('documents of a construction project', () => {
  it('follow the role in their project, and are not there for anyone else', async () => {
    const { access } = service();
    const member = {
      kind: 'user' as const,
      userId: 'user_1',
      platformAdmin: false,
      via: { kind: 'personal_key' as const, keyId: 'k' },
    };
    expect(await access.authorizeProjectDocument({ principal: member, documentId: 'D1', need: 'write' })).toMatchObject(
      {
        projectId: 'PR1',
        documentId: 'D1',
        role: 'WRITE_ACCESS',
      },
    );
    expect(
      await failureOf(access.authorizeProjectDocument({ principal: member, documentId: 'D2', need: 'read' })),
    ).toEqual({
      kind: 'not_found',
      code: 'document.not_found',
    });
    expect(
      await failureOf(access.authorizeProjectDocument({ principal: member, documentId: 'D1', need: 'manage_members' })),
    ).toEqual({
      kind: 'forbidden',
      code: 'auth.role_required',
    });
  });
});

describe('authentication', () => {
  it('a personal key acts as its user', async () => {
    expect(await service().access.authenticate({ kind: 'user_key', secret: 'fk_user_valid' })).toEqual({
      kind: 'user',
      userId: 'user_1',
      platformAdmin: false,
      via: { kind: 'personal_key', keyId: 'ukey_1' },
    });
  });

  it('a session cookie acts as its user and is marked seen (at most once a minute)', async () => {
    const { access, repository } = service();
    expect(await access.authenticate({ kind: 'session_cookie', secret: 'cookie_good' })).toEqual({
      kind: 'user',
      userId: 'user_1',
      platformAdmin: false,
      via: { kind: 'cookie', sessionId: 'uss_1' },
    });
    expect(repository.touched).toEqual(['uss_1']);
  });

  it('the session of a deactivated user is refused and ended for good', async () => {
    const { access, repository } = service();
    const credential: Credential = { kind: 'session_cookie', secret: 'cookie_of_deactivated' };
    expect(await failureOf(access.authenticate(credential))).toEqual({
      kind: 'unauthorized',
      code: 'auth.session_expired',
    });
    expect(repository.ended).toEqual(['uss_4']);
  });

  it('the idle timeout comes from the settings', async () => {
    const repository = fakeRepository();
    const access = createAccessService({
      repository,
      clock: { now: () => NOW },
      userSessions: { idleTimeoutMs: 60_000 },
    });
    expect(await failureOf(access.authenticate({ kind: 'session_cookie', secret: 'cookie_good' }))).toEqual({
      kind: 'unauthorized',
      code: 'auth.session_expired',
    });
  });

  it.each<[string, Credential | null, string]>([
    ['no credential', null, 'auth.missing_key'],
    ['an unknown key', { kind: 'api_key', secret: 'fk_live_nope' }, 'auth.invalid_key'],
    ['a revoked key', { kind: 'api_key', secret: 'fk_live_revoked' }, 'auth.invalid_key'],
    ['an unknown session token', { kind: 'session_token', secret: 'ft_nope' }, 'auth.invalid_token'],
    ['an expired session token', { kind: 'session_token', secret: 'ft_expired' }, 'auth.token_expired'],
    ['a session token of a revoked key', { kind: 'session_token', secret: 'ft_of_revoked' }, 'auth.invalid_token'],
    ['an unknown personal key', { kind: 'user_key', secret: 'fk_user_nope' }, 'auth.invalid_key'],
    [
      'a personal key of a deactivated user',
      { kind: 'user_key', secret: 'fk_user_of_deactivated' },
      'auth.invalid_key',
    ],
    ['an expired personal key', { kind: 'user_key', secret: 'fk_user_expired' }, 'auth.invalid_key'],
    ['an unknown session cookie', { kind: 'session_cookie', secret: 'cookie_nope' }, 'auth.session_expired'],
    ['a session idle for the idle timeout', { kind: 'session_cookie', secret: 'cookie_idle' }, 'auth.session_expired'],
    [
      'a session past its absolute lifetime',
      { kind: 'session_cookie', secret: 'cookie_past_lifetime' },
      'auth.session_expired',
    ],
    ['a session that was ended', { kind: 'session_cookie', secret: 'cookie_ended' }, 'auth.session_expired'],
  ])('answers 401 for %s', async (_name, credential, code) => {
    expect(await failureOf(service().access.authenticate(credential))).toEqual({ kind: 'unauthorized', code });
  });

  it('makes a key a partner principal, and a session token a read-only one narrowed to its owner', async () => {
    const { access } = service();
    expect(await access.authenticate({ kind: 'api_key', secret: 'fk_live_good' })).toMatchObject({
      kind: 'api_key',
      apiKeyId: 'key_1',
      partnerId: 'P',
      scope: { kind: 'partner' },
    });
    const token = await access.authenticate({ kind: 'session_token', secret: 'ft_good' });
    expect(token).toMatchObject({ kind: 'session_token', apiKeyId: 'key_1', ownerId: 'O1' });
    expect(
      await failureOf(access.authorizeBuilding({ principal: token, ownerId: 'O1', buildingId: 'B1', need: 'write' })),
    ).toEqual({ kind: 'forbidden', code: 'auth.read_only_token' });
  });
});

describe('authorisation gathers the facts its policy needs', () => {
  it('looks nothing up for a caller that is refused outright', async () => {
    const { access, repository } = service();
    const principal = { kind: 'subcontractor', tokenId: 't', projectId: 'p', subcontractorId: 's' } as const;
    expect(await failureOf(access.authorizeOwner({ principal, ownerId: 'O1', need: 'read' }))).toEqual({
      kind: 'unauthorized',
      code: 'auth.credential_not_accepted',
    });
    expect(await failureOf(access.authorizeSession({ principal, ownerId: 'O1' }))).toMatchObject({
      kind: 'unauthorized',
    });
    expect(repository.ownerLookups).toBe(0);
  });

  it("asks for a document only once the building is decided, and returns what the caller's lookup found", async () => {
    const { access } = service();
    const principal = await access.authenticate({ kind: 'api_key', secret: 'fk_live_good' });
    let loads = 0;
    const load = async () => {
      loads++;
      return { id: 'D1', buildingId: 'B1', filename: 'a.pdf' };
    };
    const base = { principal, ownerId: 'O1', need: 'read' as const, load };
    expect(await failureOf(access.authorizeDocument({ ...base, buildingId: 'B404' }))).toEqual({
      kind: 'not_found',
      code: 'building.not_found',
    });
    expect(loads).toBe(0);
    expect(await access.authorizeDocument({ ...base, buildingId: 'B1' })).toEqual({
      id: 'D1',
      buildingId: 'B1',
      filename: 'a.pdf',
    });
    expect(await failureOf(access.authorizeDocument({ ...base, buildingId: 'B1', load: async () => null }))).toEqual({
      kind: 'not_found',
      code: 'document.not_found',
    });
  });

  it('refuses a signed-in user on partner resources for now, without a partner to ask about', async () => {
    const { access } = service();
    const principal = {
      kind: 'user',
      userId: 'user_a',
      platformAdmin: false,
      via: { kind: 'personal_key', keyId: 'k' },
    } as const;
    expect(await failureOf(access.authorizeOwner({ principal, ownerId: 'O1', need: 'read' }))).toEqual({
      kind: 'forbidden',
      code: 'auth.forbidden',
    });
    expect(await failureOf(access.authorizeOwner({ principal, ownerId: 'O404', need: 'read' }))).toEqual({
      kind: 'not_found',
      code: 'building_owner.not_found',
    });
  });
});

describe('an OAuth access token (an assistant signed in as a person)', () => {
  /** a verifier that knows these tokens, as the embedded provider's signature check would */
  const verifier = async (token: string) =>
    ({
      'jwt.user_a': { userId: 'user_a', clientId: 'claude' },
      'jwt.user_gone': { userId: 'user_gone', clientId: 'claude' },
      'jwt.nobody': { userId: 'user_unknown', clientId: 'claude' },
    })[token] ?? null;
  const credential = (secret: string): Credential => ({ kind: 'oauth_token', secret });

  it('acts as its person at the MCP endpoint, marked as coming through the OAuth client', async () => {
    const access = createAccessService({
      repository: fakeRepository(),
      clock: { now: () => NOW },
      verifyOAuthToken: verifier,
    });
    expect(await access.authenticate(credential('jwt.user_a'), { surface: 'mcp' })).toEqual({
      kind: 'user',
      userId: 'user_a',
      platformAdmin: false,
      via: { kind: 'oauth', clientId: 'claude' },
    });
  });

  it('is refused on the REST surface (401), being issued for the MCP endpoint only', async () => {
    const access = createAccessService({
      repository: fakeRepository(),
      clock: { now: () => NOW },
      verifyOAuthToken: verifier,
    });
    expect(await failureOf(access.authenticate(credential('jwt.user_a')))).toEqual({
      kind: 'unauthorized',
      code: 'auth.credential_not_accepted',
    });
  });

  it.each(['jwt.forged', 'jwt.user_gone', 'jwt.nobody'])('refuses %s with 401', async (token) => {
    const access = createAccessService({
      repository: fakeRepository(),
      clock: { now: () => NOW },
      verifyOAuthToken: verifier,
    });
    expect(await failureOf(access.authenticate(credential(token)))).toEqual({
      kind: 'unauthorized',
      code: 'auth.invalid_token',
    });
  });

  it('is refused where the service issues no tokens (an external provider signs people in)', async () => {
    const { access } = service();
    expect(await failureOf(access.authenticate(credential('jwt.user_a')))).toEqual({
      kind: 'unauthorized',
      code: 'auth.invalid_token',
    });
  });
});
