import { roleAtLeast, type Role } from '../people/roles.js';
import type { AppError } from '../shared/errors.js';
import {
  accessManagementNotAllowed,
  apiKeyRequired,
  buildingNotFound,
  credentialNotAccepted,
  credentialNotForThisSurface,
  documentNotFound,
  noBuildingAccess,
  noOwnerAccess,
  noPartnerAccess,
  ownerAccessRequired,
  ownerNotFound,
  partnerAccessRequired,
  readOnlyToken,
  roleRequired,
  sessionTokenCannotCreateSessions,
  threadNotFound,
} from './access.errors.js';
import type { CredentialReach, PartnerPrincipal, Principal, Surface } from './principal.js';

/**
 * The access rules, one pure function per kind of resource: given who calls, what storage knows about the resource
 * and what the operation needs, allowed (with what the caller reaches) or refused (with the 401/403/404 to answer).
 * The access service gathers the facts and applies these; nothing else decides access.
 *
 * Partner credentials reach what their partner has (narrowed by a key's grants). A person (session cookie or personal
 * key) reaches the building owners that the customers they have a role in are linked to, with that role (see
 * PERSON_NEEDS); platform administrators act as ADMIN in every customer. A subcontractor token is not a credential of
 * the partner API at all (401).
 */
export type Decision<G> = { allowed: true; grant: G } | { allowed: false; error: AppError };

function allow<G>(grant: G): Decision<G> {
  return { allowed: true, grant };
}

function deny(error: AppError): { allowed: false; error: AppError } {
  return { allowed: false, error };
}

// ---- facts: what storage knows, as far as a decision needs it ----

/** a live (not archived) building owner */
export interface OwnerFacts {
  id: string;
  /** the caller's partner has this owner (always false for callers that are not partner credentials) */
  reachedByPartner: boolean;
  /**
   * a person's strongest role among the live customers linked to this owner (ADMIN for platform administrators when
   * any customer is linked to it); null for a person without one, and for every other kind of caller
   */
  personRole: Role | null;
}

/** a live building */
export interface BuildingFacts {
  id: string;
  ownerId: string;
}

/** a document the partner API may show (live, not under a private folder); anything else is no facts at all */
export interface DocumentFacts {
  id: string;
  buildingId: string;
}

/** a stored ask thread */
export interface ThreadFacts {
  ownerId: string;
  /** null: an owner-wide thread */
  buildingId: string | null;
  /** whose thread it is: a key (its session tokens share it) or a person */
  holder: ThreadHolder;
}

// ---- needs and grants ----

/** "create_building" and "manage" (rename or archive the owner) need the whole owner */
export type OwnerNeed = 'read' | 'create_building' | 'manage';
/** "write": documents into or of the building; "manage": rename or archive the building itself */
export type BuildingNeed = 'read' | 'write' | 'manage';
export type DocumentNeed = 'read' | 'write';
/** "write": generate a report, comment on or link evidence to its items */
export type ReportNeed = 'read' | 'write';
export type PartnerNeed = 'list_owners' | 'create_owner';
/** "write": confirm, edit, delete or add maintenance tasks (a key, not its session tokens; a person with WRITE_ACCESS) */
export type MaintenanceNeed = 'read' | 'write';

export interface PartnerGrant {
  /** the partner whose owners a listing shows; null for a person, who is not a partner's (onlyOwnerIds says which) */
  partnerId: string | null;
  /** the owners a listing shows; null: every owner of the partner */
  onlyOwnerIds: string[] | null;
  /** the credential that asked, so a page token of one credential is no use to another */
  credentialId: string;
}

export interface OwnerGrant {
  ownerId: string;
  /** the buildings reached; null: every building of the owner */
  buildingIds: readonly string[] | null;
}

export interface BuildingGrant {
  ownerId: string;
  buildingId: string;
}

export interface DocumentGrant extends BuildingGrant {
  documentId: string;
}

/** A session token may be made for this key and owner. */
export interface SessionGrant {
  apiKeyId: string;
  ownerId: string;
}

/** Where an upload goes. The portal will add targets (a delivery of a project) that resolve to a building too. */
export type UploadTarget = { kind: 'building'; ownerId: string; buildingId: string };

export interface UploadPlacement {
  ownerId: string;
  buildingId: string;
}

/** Whose threads a caller continues: a key's (its session tokens share them) or a person's own. */
export type ThreadHolder = { kind: 'api_key'; apiKeyId: string } | { kind: 'user'; userId: string };

export type AskTarget =
  | { kind: 'building'; buildingId: string }
  /** chosen buildings of the owner */
  | { kind: 'buildings'; buildingIds: readonly string[] }
  /** every building the caller reaches */
  | { kind: 'owner' };

export interface AskGrant {
  ownerId: string;
  /** set for a building ask: threads are kept per building or per owner */
  buildingId: string | null;
  /** the buildings the answer reads */
  buildingIds: string[];
  threadHolder: ThreadHolder;
}

// ---- what a person may do on the partner routes ----

/**
 * The role a person needs for each operation of the partner routes: reading needs READ_ACCESS, writing documents and
 * reports WRITE_ACCESS, creating, renaming and archiving buildings OWNER, renaming or archiving the building owner
 * itself ADMIN.
 */
export const PERSON_NEEDS = {
  read: 'READ_ACCESS',
  write: 'WRITE_ACCESS',
  create_building: 'OWNER',
  manage_building: 'OWNER',
  manage_owner: 'ADMIN',
} as const satisfies Record<string, Role>;

function personNeedOf(need: OwnerNeed | BuildingNeed, level: 'owner' | 'building'): Role {
  switch (need) {
    case 'read':
      return PERSON_NEEDS.read;
    case 'write':
      return PERSON_NEEDS.write;
    case 'create_building':
      return PERSON_NEEDS.create_building;
    case 'manage':
      return level === 'owner' ? PERSON_NEEDS.manage_owner : PERSON_NEEDS.manage_building;
  }
}

/** A person's decision on an owner: 403 without a role that reads it, or without the role the operation needs. */
function personOnOwner(owner: OwnerFacts, needed: Role): Decision<OwnerGrant> {
  const role = owner.personRole;
  if (role === null || !roleAtLeast(role, PERSON_NEEDS.read)) return deny(noOwnerAccess());
  if (!roleAtLeast(role, needed)) return deny(roleRequired(needed));
  return allow({ ownerId: owner.id, buildingIds: null });
}

// ---- what a partner credential reaches ----

type OwnerReach = { kind: 'whole' } | { kind: 'buildings'; buildingIds: string[] } | { kind: 'none' };

/** What a partner credential reaches in one owner, given that its partner has the owner. */
function reachOfOwner(principal: PartnerPrincipal, ownerId: string): OwnerReach {
  if (principal.kind === 'session_token' && principal.ownerId !== ownerId) return { kind: 'none' };
  const scope = principal.scope;
  if (scope.kind === 'partner' || scope.ownerIds.has(ownerId)) return { kind: 'whole' };
  const buildingIds = [...scope.buildings].filter(([, owner]) => owner === ownerId).map(([building]) => building);
  return buildingIds.length > 0 ? { kind: 'buildings', buildingIds } : { kind: 'none' };
}

/** Whether the caller may change things at all (a session token is a read-only view of its key). */
function canWrite(principal: Principal): boolean {
  switch (principal.kind) {
    case 'api_key':
    case 'user':
      return true;
    case 'session_token':
    case 'subcontractor':
      return false;
  }
}

/** The buildings among `buildingIds` that a grant reaches, in the order given. */
function reachableBuildings(grant: OwnerGrant, buildingIds: readonly string[]): string[] {
  const reached = grant.buildingIds;
  return reached === null ? [...buildingIds] : buildingIds.filter((id) => reached.includes(id));
}

// ---- what each kind of credential is for ----

const EVERYWHERE: ReadonlySet<Surface> = new Set(['rest', 'mcp']);
const MCP_ONLY: ReadonlySet<Surface> = new Set(['mcp']);
const NOWHERE: ReadonlySet<Surface> = new Set();

/**
 * What a credential may be used for, whoever it acts as. A person's own proof (the session cookie, a personal key)
 * reaches everything the person may do. An assistant's OAuth access token (audience: the MCP resource) is accepted
 * by the MCP endpoint only, and never hands out access. A partner's key or session token hands out none either (the
 * people routes are not theirs at all); the portal's token is for the portal routes, which check it themselves.
 */
export function reachOf(principal: Principal): CredentialReach {
  switch (principal.kind) {
    case 'api_key':
    case 'session_token':
      return { surfaces: EVERYWHERE, managesAccess: false };
    case 'subcontractor':
      return { surfaces: NOWHERE, managesAccess: false };
    case 'user':
      switch (principal.via.kind) {
        case 'cookie':
        case 'personal_key':
          return { surfaces: EVERYWHERE, managesAccess: true };
        case 'oauth':
          return { surfaces: MCP_ONLY, managesAccess: false };
      }
  }
}

/** A credential presented where it is not accepted (an assistant's token on a REST route) is not a credential: 401. */
export function surfacePolicy(params: { principal: Principal; surface: Surface }): Decision<Principal> {
  return reachOf(params.principal).surfaces.has(params.surface)
    ? allow(params.principal)
    : deny(credentialNotForThisSurface());
}

/**
 * Handing out access (personal keys, invitations, roles, portal tokens, the person's account): only a credential whose
 * reach says so, whatever role its person has.
 */
export function accessManagementPolicy(params: { principal: Principal }): Decision<Principal> {
  return reachOf(params.principal).managesAccess ? allow(params.principal) : deny(accessManagementNotAllowed());
}

// ---- the policies ----

/** The partner's collection of building owners: list them, or create one. */
export function partnerPolicy(params: {
  principal: Principal;
  need: PartnerNeed;
  /** for a person: the owners they read (through the customers linked to them) */
  personOwnerIds?: readonly string[];
}): Decision<PartnerGrant> {
  const { principal, need } = params;
  switch (principal.kind) {
    case 'subcontractor':
      return deny(credentialNotAccepted());
    case 'user':
      if (need === 'create_owner') return deny(noPartnerAccess());
      return allow({
        partnerId: null,
        onlyOwnerIds: [...(params.personOwnerIds ?? [])],
        credentialId: principal.userId,
      });
    case 'session_token':
      if (need === 'create_owner') return deny(readOnlyToken());
      return allow({
        partnerId: principal.partnerId,
        // its owner only while its key still reaches it: a token never lists what its key no longer does (the key's
        // building there archived, its grant taken away)
        onlyOwnerIds: reachOfOwner(principal, principal.ownerId).kind === 'none' ? [] : [principal.ownerId],
        credentialId: principal.apiKeyId,
      });
    case 'api_key': {
      const scope = principal.scope;
      if (need === 'create_owner' && scope.kind !== 'partner') return deny(partnerAccessRequired());
      const onlyOwnerIds =
        scope.kind === 'partner' ? null : [...new Set([...scope.ownerIds, ...scope.buildings.values()])];
      return allow({ partnerId: principal.partnerId, onlyOwnerIds, credentialId: principal.apiKeyId });
    }
  }
}

/**
 * A building owner. 404: it does not exist or is archived. 403: it exists, but the credential does not reach it, or
 * the operation needs the whole owner (or a credential that writes) and this one has less.
 */
export function ownerPolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  need: OwnerNeed;
}): Decision<OwnerGrant> {
  const { principal, owner, need } = params;
  switch (principal.kind) {
    case 'subcontractor':
      return deny(credentialNotAccepted());
    case 'user':
      return owner ? personOnOwner(owner, personNeedOf(need, 'owner')) : deny(ownerNotFound());
    case 'api_key':
    case 'session_token': {
      if (!owner) return deny(ownerNotFound());
      const reach = owner.reachedByPartner ? reachOfOwner(principal, owner.id) : { kind: 'none' as const };
      if (reach.kind === 'none') return deny(noOwnerAccess());
      if (need !== 'read') {
        if (!canWrite(principal)) return deny(readOnlyToken());
        if (reach.kind !== 'whole') return deny(ownerAccessRequired());
      }
      return allow({ ownerId: owner.id, buildingIds: reach.kind === 'whole' ? null : reach.buildingIds });
    }
  }
}

/**
 * A building of an owner. The owner is decided first (404/403 as above); then 404 when the building does not exist,
 * is archived or belongs to another owner; 403 when the credential reaches other buildings of the owner only, or
 * cannot write and the operation writes, or manages the building (update, archive) with a key of single buildings.
 */
export function buildingPolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  building: BuildingFacts | null;
  need: BuildingNeed;
}): Decision<BuildingGrant> {
  const { principal, building, need } = params;
  const ownerDecision = ownerPolicy({ principal, owner: params.owner, need: 'read' });
  if (!ownerDecision.allowed) return ownerDecision;
  const { grant } = ownerDecision;
  if (!building || building.ownerId !== grant.ownerId) return deny(buildingNotFound());
  if (reachableBuildings(grant, [building.id]).length === 0) return deny(noBuildingAccess());
  if (need !== 'read') {
    if (!canWrite(principal)) return deny(readOnlyToken());
    if (principal.kind === 'user' && params.owner) {
      const decision = personOnOwner(params.owner, personNeedOf(need, 'building'));
      if (!decision.allowed) return decision;
    }
    // changing or archiving the building itself (its private folders among its settings) is the owner's partner's:
    // a key granted single buildings, and its session tokens, use the building but do not manage it (it could lift
    // the private folders the owner's partner set, for itself and every other reader, or archive the building)
    if (need === 'manage' && principal.kind !== 'user' && grant.buildingIds !== null) {
      return deny(ownerAccessRequired());
    }
  }
  return allow({ ownerId: grant.ownerId, buildingId: building.id });
}

/**
 * A document of a building: the building decides, then 404 for a document that is not there to show (unknown,
 * archived, under a private folder, or in another building).
 */
export function documentPolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  building: BuildingFacts | null;
  document: DocumentFacts | null;
  need: DocumentNeed;
}): Decision<DocumentGrant> {
  const buildingDecision = buildingPolicy(params);
  if (!buildingDecision.allowed) return buildingDecision;
  const { grant } = buildingDecision;
  const { document } = params;
  if (!document || document.buildingId !== grant.buildingId) return deny(documentNotFound());
  return allow({ ...grant, documentId: document.id });
}

/** A building's deficiency reports: reading them reads the building; generating or annotating writes to it. */
export function reportPolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  building: BuildingFacts | null;
  need: ReportNeed;
}): Decision<BuildingGrant> {
  return buildingPolicy(params);
}

/** A building's maintenance plan: reading it reads the building; confirming, editing or adding tasks writes to it. */
export function maintenancePolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  building: BuildingFacts | null;
  need: MaintenanceNeed;
}): Decision<BuildingGrant> {
  return buildingPolicy(params);
}

/**
 * An owner's maintenance plan across its buildings (read only): the buildings the caller reaches, or the one building
 * asked for (404 when it is not the owner's, 403 when the caller does not reach it).
 */
export function ownerMaintenancePolicy(params: {
  principal: Principal;
  owner: OwnerFacts | null;
  /** the one building asked for, when one was */
  building: { id: string; facts: BuildingFacts | null } | null;
}): Decision<OwnerGrant> {
  const { principal, owner, building } = params;
  const ownerDecision = ownerPolicy({ principal, owner, need: 'read' });
  if (!ownerDecision.allowed || !building) return ownerDecision;
  const buildingDecision = buildingPolicy({ principal, owner, building: building.facts, need: 'read' });
  if (!buildingDecision.allowed) return buildingDecision;
  return allow({ ownerId: ownerDecision.grant.ownerId, buildingIds: [building.id] });
}

/** Making a session token: only an API key makes them, for an owner it reaches. */
export function sessionPolicy(params: { principal: Principal; owner: OwnerFacts | null }): Decision<SessionGrant> {
  const { principal } = params;
  switch (principal.kind) {
    case 'subcontractor':
      return deny(credentialNotAccepted());
    case 'session_token':
      return deny(sessionTokenCannotCreateSessions());
    case 'user':
      return deny(apiKeyRequired());
    case 'api_key': {
      const ownerDecision = ownerPolicy({ principal, owner: params.owner, need: 'read' });
      if (!ownerDecision.allowed) return ownerDecision;
      return allow({ apiKeyId: principal.apiKeyId, ownerId: ownerDecision.grant.ownerId });
    }
  }
}

/** Registering an upload writes a document into a building. */
export function uploadPolicy(params: {
  principal: Principal;
  target: UploadTarget;
  owner: OwnerFacts | null;
  building: BuildingFacts | null;
}): Decision<UploadPlacement> {
  const { target } = params;
  switch (target.kind) {
    case 'building': {
      const decision = buildingPolicy({ ...params, need: 'write' });
      return decision.allowed
        ? allow({ ownerId: decision.grant.ownerId, buildingId: decision.grant.buildingId })
        : decision;
    }
  }
}

/** Whose threads the caller continues: a key's (shared by its session tokens), or a person's own. */
function threadHolderOf(principal: Principal): Decision<ThreadHolder> {
  switch (principal.kind) {
    case 'api_key':
    case 'session_token':
      return allow({ kind: 'api_key', apiKeyId: principal.apiKeyId });
    case 'user':
      return allow({ kind: 'user', userId: principal.userId });
    case 'subcontractor':
      return deny(credentialNotAccepted());
  }
}

/**
 * A question about one building, chosen buildings, or every building the caller reaches. With chosen buildings an
 * unknown building says more than a forbidden one, so it is reported first.
 */
export function askPolicy(params: {
  principal: Principal;
  target: AskTarget;
  owner: OwnerFacts | null;
  /** facts of the target's buildings (the one building, or the chosen ones) */
  buildings: ReadonlyMap<string, BuildingFacts | null>;
  /** the owner's live buildings, for an owner-wide ask */
  liveBuildingIds: readonly string[];
}): Decision<AskGrant> {
  const { principal, target, owner } = params;
  const ownerDecision = ownerPolicy({ principal, owner, need: 'read' });
  if (!ownerDecision.allowed) return ownerDecision;
  const holder = threadHolderOf(principal);
  if (!holder.allowed) return holder;
  const base = { ownerId: ownerDecision.grant.ownerId, threadHolder: holder.grant };
  const buildingDecision = (buildingId: string) =>
    buildingPolicy({ principal, owner, building: params.buildings.get(buildingId) ?? null, need: 'read' });
  switch (target.kind) {
    case 'building': {
      const decision = buildingDecision(target.buildingId);
      if (!decision.allowed) return decision;
      return allow({ ...base, buildingId: target.buildingId, buildingIds: [target.buildingId] });
    }
    case 'buildings': {
      const wanted = [...new Set(target.buildingIds)];
      const refusals = wanted.flatMap((id) => {
        const decision = buildingDecision(id);
        return decision.allowed ? [] : [decision];
      });
      const refusal = refusals.find((r) => r.error.kind === 'not_found') ?? refusals[0];
      if (refusal) return refusal;
      return allow({ ...base, buildingId: null, buildingIds: wanted });
    }
    case 'owner':
      return allow({
        ...base,
        buildingId: null,
        buildingIds: reachableBuildings(ownerDecision.grant, params.liveBuildingIds),
      });
  }
}

/** A thread continues only for the holder that started it, on the same owner and building; otherwise it is not there. */
export function threadPolicy(params: { ask: AskGrant; thread: ThreadFacts | null }): Decision<AskGrant> {
  const { ask, thread } = params;
  if (
    !thread ||
    thread.ownerId !== ask.ownerId ||
    !sameHolder(thread.holder, ask.threadHolder) ||
    thread.buildingId !== ask.buildingId
  ) {
    return deny(threadNotFound());
  }
  return allow(ask);
}

function sameHolder(a: ThreadHolder, b: ThreadHolder): boolean {
  if (a.kind === 'api_key') return b.kind === 'api_key' && a.apiKeyId === b.apiKeyId;
  return b.kind === 'user' && a.userId === b.userId;
}

/** Whose webhooks a partner credential manages: its partner's, or only those its scoped key registered. */
export interface PartnerWebhookGrant {
  partnerId: string;
  /** null: a key that reaches the whole partner (manages every webhook of it); else the scoped key */
  apiKeyId: string | null;
}

/**
 * A partner's webhooks: an API key only (a scoped key registers and sees the webhooks of its own scope); session
 * tokens (a read-only view for client-side code) and people cannot; the subcontractor token is not a credential here.
 */
export function partnerWebhookPolicy(params: { principal: Principal }): Decision<PartnerWebhookGrant> {
  const { principal } = params;
  switch (principal.kind) {
    case 'subcontractor':
      return deny(credentialNotAccepted());
    case 'user':
    case 'session_token':
      return deny(apiKeyRequired());
    case 'api_key':
      return allow({
        partnerId: principal.partnerId,
        apiKeyId: principal.scope.kind === 'partner' ? null : principal.apiKeyId,
      });
  }
}
