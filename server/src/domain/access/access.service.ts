import type { Clock } from '../shared/clock.js';
import type { AppError } from '../shared/errors.js';
import { hashSecret } from '../shared/secrets.js';
import {
  credentialNotAccepted,
  documentNotFound,
  invalidAccessToken,
  invalidApiKey,
  invalidSessionToken,
  invalidSubcontractorToken,
  missingPartnerCredential,
  missingSubcontractorToken,
  sessionExpired,
  sessionTokenExpired,
} from './access.errors.js';
import type { Role } from '../people/roles.js';
import {
  accessManagementPolicy,
  askPolicy,
  buildingPolicy,
  documentPolicy,
  maintenancePolicy,
  ownerMaintenancePolicy,
  ownerPolicy,
  partnerPolicy,
  partnerWebhookPolicy,
  type PartnerWebhookGrant,
  PERSON_NEEDS,
  reportPolicy,
  sessionPolicy,
  surfacePolicy,
  threadPolicy,
  uploadPolicy,
  type AskGrant,
  type AskTarget,
  type BuildingFacts,
  type BuildingGrant,
  type BuildingNeed,
  type Decision,
  type DocumentFacts,
  type DocumentNeed,
  type MaintenanceNeed,
  type OwnerFacts,
  type OwnerGrant,
  type OwnerNeed,
  type PartnerGrant,
  type PartnerNeed,
  type ReportNeed,
  type SessionGrant,
  type ThreadFacts,
  type UploadPlacement,
  type UploadTarget,
} from './policies.js';
import {
  customerPolicy,
  platformAdminPolicy,
  portalPolicy,
  projectPolicy,
  type CustomerFacts,
  type CustomerGrant,
  type PeopleNeed,
  type ProjectFacts,
  type ProjectGrant,
} from './people-policies.js';
import type { KeyScope, Principal, SubcontractorPrincipal, Surface, UserPrincipal } from './principal.js';
import { recordForPerson, type AuditLog } from '../audit/audit.js';

export interface ApiKeyRecord {
  id: string;
  partnerId: string;
  wholePartner: boolean;
  revoked: boolean;
  ownerIds: string[];
  buildings: { buildingId: string; ownerId: string }[];
}

export interface SessionRecord {
  apiKeyId: string;
  buildingOwnerId: string;
  expiresAt: Date;
}

/** a person's key, with what decides whether it still works */
export interface UserKeyRecord {
  id: string;
  userId: string;
  platformAdmin: boolean;
  userStatus: 'invited' | 'active' | 'deactivated';
  revoked: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  name: string;
  prefix: string;
  /** the person's e-mail, for the audit log */
  userEmail: string;
}

/** a signed-in person's session (the cookie), with what decides whether it still works */
export interface UserSessionRecord {
  id: string;
  userId: string;
  platformAdmin: boolean;
  userStatus: 'invited' | 'active' | 'deactivated';
  lastSeenAt: Date;
  expiresAt: Date;
  ended: boolean;
}

export interface AccessRepository {
  /** a sign-in session by the hash of its cookie's token, with its user */
  findUserSessionByHash(tokenHash: string): Promise<UserSessionRecord | null>;
  touchUserSession(params: { id: string; now: Date }): Promise<void>;
  endUserSession(params: { id: string; now: Date }): Promise<void>;
  /** a personal API key by the hash of its secret, with its user */
  findUserKeyByHash(keyHash: string): Promise<UserKeyRecord | null>;
  /** records a personal key's use */
  touchUserKey(params: { id: string; now: Date }): Promise<void>;
  /** the customers a person belongs to (a role in the customer or in one of its projects) */
  customerIdsOfPerson(userId: string): Promise<string[]>;
  /** a user's standing: whether they are a platform administrator and still active */
  findUser(userId: string): Promise<{ platformAdmin: boolean; status: string } | null>;
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  findApiKeyById(id: string): Promise<ApiKeyRecord | null>;
  findSessionByHash(tokenHash: string): Promise<SessionRecord | null>;
  /**
   * a live (not archived) owner, whether the partner has it (always false when no partner is named) and the named
   * person's role in it (null when no person is named)
   */
  findOwner(params: { ownerId: string; partnerId: string | null; person?: PersonRef }): Promise<OwnerFacts | null>;
  /** the live owners a person reads (READ_ACCESS, or `minimum`, or more in a live customer linked to them) */
  ownerIdsOfPerson(person: PersonRef, minimum?: Role): Promise<string[]>;
  /** a live building with its owner */
  findBuilding(buildingId: string): Promise<BuildingFacts | null>;
  /** a live customer with the user's roles in it */
  findCustomer(params: { customerId: string; userId: string }): Promise<CustomerFacts | null>;
  /** a project (any status) with the user's customer and project roles */
  findProject(params: { projectId: string; userId: string }): Promise<ProjectFacts | null>;
  /**
   * the project a document belongs to: the one it carries (uploaded for it, or while the building was the project's),
   * null when it lies under one of its building's private folders; live documents only unless `archived`
   */
  findDocumentProject(documentId: string, options?: { archived?: boolean }): Promise<string | null>;
  /** a subcontractor portal token by its hash, with what decides whether it still works */
  findSubcontractorToken(tokenHash: string): Promise<SubcontractorTokenRecord | null>;
  touchSubcontractorToken(params: { id: string; now: Date }): Promise<void>;
}

export interface SubcontractorTokenRecord {
  id: string;
  projectId: string;
  subcontractorId: string;
  expiresAt: Date;
  revoked: boolean;
  /** the subcontractor was removed, or the project deleted or archived */
  gone: boolean;
  lastUsedAt: Date | null;
}

/** a person, as far as what they reach on the partner routes depends on it */
export interface PersonRef {
  userId: string;
  platformAdmin: boolean;
}

/** A secret a request carries, already told apart by where and how it was sent. */
export type Credential =
  | { kind: 'api_key'; secret: string }
  | { kind: 'session_token'; secret: string }
  /** a person's own key (`fk_user_...` in x-api-key): acts as its user */
  | { kind: 'user_key'; secret: string }
  /** the sign-in session cookie (only looked at when no key or bearer token is sent) */
  | { kind: 'session_cookie'; secret: string }
  /** the subcontractor portal's token: accepted by the public routes only */
  | { kind: 'subcontractor_token'; secret: string }
  /** an OAuth access token (a signed JWT) the embedded provider issued to an assistant for the MCP server */
  | { kind: 'oauth_token'; secret: string };

/**
 * Checks an OAuth access token: its signature, issuer, audience and expiry. Answers whom and which client it was issued
 * for, or null when it is not valid. Null as a whole when the service issues no such tokens (an external provider).
 */
export type OAuthTokenVerifier = (token: string) => Promise<{ userId: string; clientId: string } | null>;

/** how long a sign-in session lasts without a request (its absolute end is stored with it) */
export interface UserSessionSettings {
  idleTimeoutMs: number;
}

/** last_seen_at is written at most this often per session, so that reads stay reads */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** a personal key's use is audited on its first use and then at most this often */
const KEY_USE_AUDIT_INTERVAL_MS = 24 * 3_600_000;

/**
 * Every authentication and authorisation decision is made here: `authenticate` turns a credential into a principal
 * (401 when it cannot), and one `authorize...` per kind of resource gathers the facts its policy needs and applies it
 * (403/404 when refused, see `policies.ts`). Services call these before they do anything; routes and repositories
 * never look at a principal.
 */
export function createAccessService(deps: {
  repository: AccessRepository;
  clock: Clock;
  userSessions?: UserSessionSettings;
  verifyOAuthToken?: OAuthTokenVerifier | null;
  /** where the use of personal keys is recorded (absent: not recorded) */
  audit?: AuditLog;
}) {
  const { repository, clock } = deps;
  const idleTimeoutMs = deps.userSessions?.idleTimeoutMs ?? 8 * 3_600_000;

  function scopeOf(key: ApiKeyRecord): KeyScope {
    if (key.wholePartner) return { kind: 'partner' };
    return {
      kind: 'grants',
      ownerIds: new Set(key.ownerIds),
      buildings: new Map(key.buildings.map((b) => [b.buildingId, b.ownerId])),
    };
  }

  async function authenticateApiKey(rawKey: string): Promise<Principal> {
    const key = await repository.findApiKeyByHash(hashSecret(rawKey));
    if (!key || key.revoked) throw invalidApiKey();
    return { kind: 'api_key', apiKeyId: key.id, partnerId: key.partnerId, scope: scopeOf(key) };
  }

  async function authenticateSessionToken(rawToken: string): Promise<Principal> {
    const session = await repository.findSessionByHash(hashSecret(rawToken));
    if (!session) throw invalidSessionToken();
    if (session.expiresAt.getTime() <= clock.now().getTime()) throw sessionTokenExpired();
    // a revoked key ends its tokens at once
    const key = await repository.findApiKeyById(session.apiKeyId);
    if (!key || key.revoked) throw invalidSessionToken();
    return {
      kind: 'session_token',
      apiKeyId: key.id,
      partnerId: key.partnerId,
      scope: scopeOf(key),
      ownerId: session.buildingOwnerId,
    };
  }

  /** A personal key works while it is not revoked or expired and its user is not deactivated. */
  async function authenticateUserKey(rawKey: string): Promise<Principal> {
    const key = await repository.findUserKeyByHash(hashSecret(rawKey));
    const expired = key?.expiresAt ? key.expiresAt.getTime() <= clock.now().getTime() : false;
    if (!key || key.revoked || expired || key.userStatus === 'deactivated') throw invalidApiKey();
    await recordKeyUse(key);
    return {
      kind: 'user',
      userId: key.userId,
      platformAdmin: key.platformAdmin,
      via: { kind: 'personal_key', keyId: key.id },
    };
  }

  /** A key's last use, and in every customer log of its person its first use and then its first use of a day. */
  async function recordKeyUse(key: UserKeyRecord): Promise<void> {
    const now = clock.now();
    const since = key.lastUsedAt ? now.getTime() - key.lastUsedAt.getTime() : Infinity;
    if (since < SESSION_TOUCH_INTERVAL_MS) return;
    await repository.touchUserKey({ id: key.id, now });
    if (since < KEY_USE_AUDIT_INTERVAL_MS || !deps.audit) return;
    await recordForPerson(deps.audit, await repository.customerIdsOfPerson(key.userId), {
      actor: { kind: 'user', userId: key.userId, label: key.userEmail },
      action: 'api_key.used',
      target: { type: 'api_key', id: key.id },
      details: { name: key.name, prefix: key.prefix, previousUse: key.lastUsedAt?.toISOString() ?? null },
    });
  }

  /** An OAuth access token works while it is valid (an hour at most) and its user is not deactivated. */
  async function authenticateOAuthToken(token: string): Promise<Principal> {
    const verified = deps.verifyOAuthToken ? await deps.verifyOAuthToken(token) : null;
    const user = verified ? await repository.findUser(verified.userId) : null;
    if (!verified || !user || user.status === 'deactivated') throw invalidAccessToken();
    return {
      kind: 'user',
      userId: verified.userId,
      platformAdmin: user.platformAdmin,
      via: { kind: 'oauth', clientId: verified.clientId },
    };
  }

  /**
   * The session cookie: refused once ended, idle longer than the idle timeout, past its absolute end, or when its
   * user is deactivated (which ends it for good at once).
   */
  async function authenticateSessionCookie(rawToken: string): Promise<Principal> {
    const session = await repository.findUserSessionByHash(hashSecret(rawToken));
    const now = clock.now();
    if (!session || session.ended) throw sessionExpired();
    if (session.userStatus === 'deactivated') {
      await repository.endUserSession({ id: session.id, now });
      throw sessionExpired();
    }
    const idleEnd = session.lastSeenAt.getTime() + idleTimeoutMs;
    if (session.expiresAt.getTime() <= now.getTime() || idleEnd <= now.getTime()) throw sessionExpired();
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await repository.touchUserSession({ id: session.id, now });
    }
    return {
      kind: 'user',
      userId: session.userId,
      platformAdmin: session.platformAdmin,
      via: { kind: 'cookie', sessionId: session.id },
    };
  }

  /**
   * Whether a credential may write anywhere on the partner routes: what decides if an assistant is shown the write
   * tools at all (each write is still decided by its route). A person needs WRITE_ACCESS in some customer linked to an
   * owner; a READ_ACCESS person, like a session token, gets the read tools only.
   */
  async function writesAnywhere(principal: Principal): Promise<boolean> {
    switch (principal.kind) {
      case 'api_key':
        return true;
      case 'session_token':
      case 'subcontractor':
        return false;
      case 'user':
        if (principal.platformAdmin) return true;
        return (
          (await repository.ownerIdsOfPerson({ userId: principal.userId, platformAdmin: false }, PERSON_NEEDS.write))
            .length > 0
        );
    }
  }

  /**
   * 401 for a missing, unknown, revoked or expired credential, and for one the surface does not accept (an assistant's
   * token anywhere but the MCP endpoint).
   */
  async function authenticate(credential: Credential | null, options: { surface?: Surface } = {}): Promise<Principal> {
    const principal = await principalOf(credential);
    return decided(surfacePolicy({ principal, surface: options.surface ?? 'rest' }));
  }

  async function principalOf(credential: Credential | null): Promise<Principal> {
    if (!credential) throw missingPartnerCredential();
    switch (credential.kind) {
      case 'api_key':
        return authenticateApiKey(credential.secret);
      case 'session_token':
        return authenticateSessionToken(credential.secret);
      case 'user_key':
        return authenticateUserKey(credential.secret);
      case 'session_cookie':
        return authenticateSessionCookie(credential.secret);
      case 'oauth_token':
        return authenticateOAuthToken(credential.secret);
      case 'subcontractor_token':
        // the portal's token never reaches a partner or member route
        throw credentialNotAccepted();
    }
  }

  /**
   * The public subcontractor routes: the token alone (401 when missing, unknown, expired, revoked, or its
   * subcontractor or project is gone). Its last use is recorded (at most once a minute).
   */
  async function authenticateSubcontractor(rawToken: string | null): Promise<SubcontractorPrincipal> {
    if (!rawToken) throw missingSubcontractorToken();
    const token = await repository.findSubcontractorToken(hashSecret(rawToken));
    const now = clock.now();
    if (!token || token.revoked || token.gone || token.expiresAt.getTime() <= now.getTime()) {
      throw invalidSubcontractorToken();
    }
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await repository.touchSubcontractorToken({ id: token.id, now });
    }
    return {
      kind: 'subcontractor',
      tokenId: token.id,
      projectId: token.projectId,
      subcontractorId: token.subcontractorId,
    };
  }

  function decided<G>(decision: Decision<G>): G {
    if (!decision.allowed) throw decision.error;
    return decision.grant;
  }

  /** What storage knows about an owner, as far as this kind of caller needs. */
  async function ownerFacts(principal: Principal, ownerId: string): Promise<OwnerFacts | null> {
    switch (principal.kind) {
      case 'api_key':
      case 'session_token':
        return repository.findOwner({ ownerId, partnerId: principal.partnerId });
      case 'user':
        return repository.findOwner({
          ownerId,
          partnerId: null,
          person: { userId: principal.userId, platformAdmin: principal.platformAdmin },
        });
      case 'subcontractor':
        // refused before any fact about an owner matters
        return null;
    }
  }

  /** Owner and building facts; the building is not looked up when the owner is not there. */
  async function buildingFacts(params: { principal: Principal; ownerId: string; buildingId: string }) {
    const owner = await ownerFacts(params.principal, params.ownerId);
    const building = owner ? await repository.findBuilding(params.buildingId) : null;
    return { owner, building };
  }

  async function authorizePartner(params: { principal: Principal; need: PartnerNeed }): Promise<PartnerGrant> {
    const { principal } = params;
    const personOwnerIds =
      principal.kind === 'user' && params.need === 'list_owners'
        ? await repository.ownerIdsOfPerson({ userId: principal.userId, platformAdmin: principal.platformAdmin })
        : undefined;
    return decided(partnerPolicy({ ...params, ...(personOwnerIds ? { personOwnerIds } : {}) }));
  }

  async function authorizeOwner(params: {
    principal: Principal;
    ownerId: string;
    need: OwnerNeed;
  }): Promise<OwnerGrant> {
    const owner = await ownerFacts(params.principal, params.ownerId);
    return decided(ownerPolicy({ principal: params.principal, owner, need: params.need }));
  }

  async function authorizeBuilding(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    need: BuildingNeed;
  }): Promise<BuildingGrant> {
    const facts = await buildingFacts(params);
    return decided(buildingPolicy({ principal: params.principal, ...facts, need: params.need }));
  }

  /**
   * A document: the building is decided first, then `load` (the caller's own lookup of a document the partner API
   * may show) is asked for it and the document decided. Returns what `load` found.
   */
  async function authorizeDocument<D extends DocumentFacts>(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    need: DocumentNeed;
    load: () => Promise<D | null>;
  }): Promise<D> {
    const { principal, need } = params;
    const facts = await buildingFacts(params);
    decided(buildingPolicy({ principal, ...facts, need }));
    const document = await params.load();
    decided(documentPolicy({ principal, ...facts, document, need }));
    // the policy admitted it, so it was found
    return document as D;
  }

  async function authorizeReport(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    need: ReportNeed;
  }): Promise<BuildingGrant> {
    const facts = await buildingFacts(params);
    return decided(reportPolicy({ principal: params.principal, ...facts, need: params.need }));
  }

  async function authorizeMaintenance(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    need: MaintenanceNeed;
  }): Promise<BuildingGrant> {
    const facts = await buildingFacts(params);
    return decided(maintenancePolicy({ principal: params.principal, ...facts, need: params.need }));
  }

  /** An owner's maintenance plan: the buildings it shows (null: every building of the owner). */
  async function authorizeOwnerMaintenance(params: {
    principal: Principal;
    ownerId: string;
    buildingId?: string;
  }): Promise<OwnerGrant> {
    const owner = await ownerFacts(params.principal, params.ownerId);
    const building =
      params.buildingId === undefined
        ? null
        : { id: params.buildingId, facts: owner ? await repository.findBuilding(params.buildingId) : null };
    return decided(ownerMaintenancePolicy({ principal: params.principal, owner, building }));
  }

  async function authorizeSession(params: { principal: Principal; ownerId: string }): Promise<SessionGrant> {
    const { principal } = params;
    // the kinds refused outright are refused before the owner is looked up
    const owner = principal.kind === 'api_key' ? await ownerFacts(principal, params.ownerId) : null;
    return decided(sessionPolicy({ principal, owner }));
  }

  async function authorizeUpload(params: { principal: Principal; target: UploadTarget }): Promise<UploadPlacement> {
    const { principal, target } = params;
    const facts = await buildingFacts({ principal, ownerId: target.ownerId, buildingId: target.buildingId });
    return decided(uploadPolicy({ principal, target, ...facts }));
  }

  /**
   * An ask, with the buildings it reads. `liveBuildingIds` (the owner's live buildings) is asked for an owner-wide
   * ask only.
   */
  async function authorizeAsk(params: {
    principal: Principal;
    ownerId: string;
    target: AskTarget;
    liveBuildingIds: () => Promise<string[]>;
  }): Promise<AskGrant> {
    const { principal, target } = params;
    const owner = await ownerFacts(principal, params.ownerId);
    const wanted =
      target.kind === 'building'
        ? [target.buildingId]
        : target.kind === 'buildings'
          ? [...new Set(target.buildingIds)]
          : [];
    const buildings = new Map<string, BuildingFacts | null>();
    if (owner) for (const id of wanted) buildings.set(id, await repository.findBuilding(id));
    const live = owner && target.kind === 'owner' ? await params.liveBuildingIds() : [];
    return decided(askPolicy({ principal, target, owner, buildings, liveBuildingIds: live }));
  }

  /** A thread to continue: `load` finds it; someone else's thread is not there. Returns what `load` found. */
  async function authorizeThread<T extends ThreadFacts>(params: {
    ask: AskGrant;
    load: () => Promise<T | null>;
  }): Promise<T> {
    const thread = await params.load();
    decided(threadPolicy({ ask: params.ask, thread }));
    return thread as T;
  }

  /** A customer of the application, for a signed-in user (404 when the user has no role in it). */
  async function authorizeCustomer(params: {
    principal: Principal;
    customerId: string;
    need: PeopleNeed;
  }): Promise<CustomerGrant> {
    const { principal } = params;
    const customer =
      principal.kind === 'user'
        ? await repository.findCustomer({ customerId: params.customerId, userId: principal.userId })
        : null;
    return decided(customerPolicy({ principal, customer, need: params.need }));
  }

  /**
   * A construction project. With `customerId` (routes under a customer) a project of another customer is not
   * there either.
   */
  async function authorizeProject(params: {
    principal: Principal;
    projectId: string;
    customerId?: string;
    need: PeopleNeed;
    /** what is not there when the project is out of reach (a delivery of it answers delivery.not_found) */
    notFound?: () => AppError;
  }): Promise<ProjectGrant> {
    const { principal } = params;
    const found =
      principal.kind === 'user'
        ? await repository.findProject({ projectId: params.projectId, userId: principal.userId })
        : null;
    const project = found && (params.customerId === undefined || found.customerId === params.customerId) ? found : null;
    return decided(
      projectPolicy({
        principal,
        project,
        need: params.need,
        ...(params.notFound ? { notFound: params.notFound } : {}),
      }),
    );
  }

  /** Creating or revoking personal keys, or changing the person's account: a credential that hands out access (403). */
  function authorizeAccessManagement(params: { principal: Principal }): Principal {
    return decided(accessManagementPolicy(params));
  }

  /** A partner's webhooks (see partnerWebhookPolicy). */
  function authorizePartnerWebhooks(params: { principal: Principal }): PartnerWebhookGrant {
    return decided(partnerWebhookPolicy(params));
  }

  function authorizePlatformAdmin(params: { principal: Principal }): UserPrincipal {
    return decided(platformAdminPolicy(params));
  }

  /**
   * A document of a construction project, for a project member: the document's project decides (a document of a
   * project the caller does not reach is not there).
   */
  async function authorizeProjectDocument(params: {
    principal: Principal;
    documentId: string;
    need: PeopleNeed;
    /** a deleted (archived) document too: its history stays readable */
    archived?: boolean;
  }): Promise<ProjectGrant & { documentId: string }> {
    const { principal } = params;
    const projectId = await repository.findDocumentProject(params.documentId, { archived: params.archived ?? false });
    const project =
      projectId && principal.kind === 'user'
        ? await repository.findProject({ projectId, userId: principal.userId })
        : null;
    const grant = decided(projectPolicy({ principal, project, need: params.need, notFound: documentNotFound }));
    return { ...grant, documentId: params.documentId };
  }

  /** The portal: the path's project and subcontractor must be the token's, or they are not there. */
  function authorizePortal(params: {
    principal: SubcontractorPrincipal;
    projectId: string;
    subcontractorId: string;
  }): SubcontractorPrincipal {
    return decided(portalPolicy(params));
  }

  return {
    authenticate,
    writesAnywhere,
    /** a key's principal, for scripts and tests that act as a key */
    authenticateApiKey,
    authorizePartner,
    authorizeOwner,
    authorizeBuilding,
    authorizeDocument,
    authorizeReport,
    authorizeMaintenance,
    authorizeOwnerMaintenance,
    authorizeSession,
    authorizeUpload,
    authorizeAsk,
    authorizeThread,
    authorizeCustomer,
    authorizeProject,
    authorizePlatformAdmin,
    authorizeAccessManagement,
    authorizePartnerWebhooks,
    authorizeProjectDocument,
    authenticateSubcontractor,
    authorizePortal,
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
