import type { AccessService } from '../access/access.service.js';
import { reachOfOwner, type Principal } from '../access/principal.js';
import {
  summariseStatus,
  type BuildingProcessingStatus,
  type DocumentStatusCounts,
} from '../documents/processing-status.js';
import { forbidden, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import type { Clock } from '../shared/clock.js';

export interface BuildingOwner {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface OwnersRepository {
  listForPartner(params: {
    partnerId: string;
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
  statusCounts(params: { ownerId: string; buildingIds: string[] | null }): Promise<DocumentStatusCounts>;
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
    const { principal } = params;
    const scope = principal.scope;
    let onlyOwnerIds: string[] | null = null;
    if (principal.sessionOwnerId !== null) onlyOwnerIds = [principal.sessionOwnerId];
    else if (scope.kind === 'grants') onlyOwnerIds = [...new Set([...scope.ownerIds, ...scope.buildings.values()])];
    return readPage({
      codec: pageTokens,
      context: `owners:${principal.partnerId}:${principal.apiKeyId}`,
      nextToken: params.nextToken,
      limit: params.limit,
      fetch: (after, limit) =>
        repository.listForPartner({ partnerId: principal.partnerId, onlyOwnerIds, after, limit }),
      cursorOf: (owner) => ({ value: owner.createdAt.toISOString(), id: owner.id }),
    });
  }

  async function create(params: { principal: Principal; name: string }): Promise<BuildingOwner> {
    access.requireWritable(params.principal);
    if (params.principal.scope.kind !== 'partner') {
      throw forbidden(
        'auth.partner_access_required',
        'Creating a building owner needs a key that reaches the whole partner',
      );
    }
    const now = clock.now();
    const owner: BuildingOwner = { id: newId.uuid(), name: params.name, createdAt: now, updatedAt: now };
    await repository.insert({ owner, partnerId: params.principal.partnerId });
    return owner;
  }

  async function get(params: { principal: Principal; ownerId: string }): Promise<BuildingOwner> {
    await access.authorizeOwner({ ...params, need: 'read' });
    return (await repository.find(params.ownerId)) ?? Promise.reject(notFound('building_owner'));
  }

  async function rename(params: { principal: Principal; ownerId: string; name: string }): Promise<BuildingOwner> {
    await access.authorizeOwner({ principal: params.principal, ownerId: params.ownerId, need: 'manage' });
    const owner = await repository.rename({ ownerId: params.ownerId, name: params.name, at: clock.now() });
    if (!owner) throw notFound('building_owner');
    return owner;
  }

  async function archive(params: { principal: Principal; ownerId: string }): Promise<void> {
    await access.authorizeOwner({ ...params, need: 'manage' });
    await repository.archive({ ownerId: params.ownerId, at: clock.now() });
  }

  async function status(params: { principal: Principal; ownerId: string }): Promise<BuildingProcessingStatus> {
    await access.authorizeOwner({ ...params, need: 'read' });
    const reach = reachOfOwner(params.principal, params.ownerId);
    const buildingIds = reach.kind === 'buildings' ? reach.buildingIds : null;
    return summariseStatus(await repository.statusCounts({ ownerId: params.ownerId, buildingIds }));
  }

  return { list, create, get, rename, archive, status };
}

export type OwnersService = ReturnType<typeof createOwnersService>;
