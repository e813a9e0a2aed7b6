import { noPartnerAccess } from '../access/access.errors.js';
import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { summariseStatus, type ProcessingSummary, type DocumentStatusCounts } from '../documents/processing-status.js';
import { newId } from '../shared/ids.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import { ownerNotFound } from './owners.errors.js';
import type { Clock } from '../shared/clock.js';

export interface BuildingOwner {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface OwnersRepository {
  listForPartner(params: {
    /** null: not limited to one partner's owners (a person's listing; onlyOwnerIds says which) */
    partnerId: string | null;
    /** null: every owner the partner reaches */
    onlyOwnerIds: string[] | null;
    after: PageCursor | null;
    limit: number;
  }): Promise<BuildingOwner[]>;
  insert(params: { owner: BuildingOwner; partnerId: string }): Promise<void>;
  find(ownerId: string): Promise<BuildingOwner | null>;
  rename(params: { ownerId: string; name: string; at: Date }): Promise<BuildingOwner | null>;
  /** archives the owner with its buildings; nothing is destroyed */
  archive(params: { ownerId: string; at: Date }): Promise<void>;
  /** buildingIds null: every building of the owner */
  statusCounts(params: { ownerId: string; buildingIds: readonly string[] | null }): Promise<DocumentStatusCounts>;
}

export function createOwnersService(deps: {
  repository: OwnersRepository;
  access: AccessService;
  pageTokens: PageTokenCodec;
  clock: Clock;
}) {
  const { repository, access, pageTokens, clock } = deps;

  async function list(params: {
    principal: Principal;
    limit: number;
    nextToken?: string;
  }): Promise<Page<BuildingOwner>> {
    const grant = await access.authorizePartner({ principal: params.principal, need: 'list_owners' });
    return readPage({
      codec: pageTokens,
      context: `owners:${grant.partnerId}:${grant.credentialId}`,
      nextToken: params.nextToken,
      limit: params.limit,
      fetch: (after, limit) =>
        repository.listForPartner({ partnerId: grant.partnerId, onlyOwnerIds: grant.onlyOwnerIds, after, limit }),
      cursorOf: (owner) => ({ value: owner.createdAt.toISOString(), id: owner.id }),
    });
  }

  async function create(params: { principal: Principal; name: string }): Promise<BuildingOwner> {
    const grant = await access.authorizePartner({ principal: params.principal, need: 'create_owner' });
    const now = clock.now();
    const owner: BuildingOwner = { id: newId.uuid(), name: params.name, createdAt: now, updatedAt: now };
    // the policy gives create_owner to partner keys only, which always name their partner
    if (grant.partnerId === null) throw noPartnerAccess();
    await repository.insert({ owner, partnerId: grant.partnerId });
    return owner;
  }

  async function get(params: { principal: Principal; ownerId: string }): Promise<BuildingOwner> {
    await access.authorizeOwner({ ...params, need: 'read' });
    return (await repository.find(params.ownerId)) ?? Promise.reject(ownerNotFound());
  }

  async function rename(params: { principal: Principal; ownerId: string; name: string }): Promise<BuildingOwner> {
    await access.authorizeOwner({ principal: params.principal, ownerId: params.ownerId, need: 'manage' });
    const owner = await repository.rename({ ownerId: params.ownerId, name: params.name, at: clock.now() });
    if (!owner) throw ownerNotFound();
    return owner;
  }

  async function archive(params: { principal: Principal; ownerId: string }): Promise<void> {
    await access.authorizeOwner({ ...params, need: 'manage' });
    await repository.archive({ ownerId: params.ownerId, at: clock.now() });
  }

  async function status(params: { principal: Principal; ownerId: string }): Promise<ProcessingSummary> {
    const grant = await access.authorizeOwner({ ...params, need: 'read' });
    return summariseStatus(await repository.statusCounts({ ownerId: params.ownerId, buildingIds: grant.buildingIds }));
  }

  return { list, create, get, rename, archive, status };
}

export type OwnersService = ReturnType<typeof createOwnersService>;
