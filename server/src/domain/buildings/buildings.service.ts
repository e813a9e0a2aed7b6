import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { pathSegments } from '../documents/document.js';
import { summariseStatus, type ProcessingSummary, type DocumentStatusCounts } from '../documents/processing-status.js';
import { newId } from '../shared/ids.js';
import type { PageCursor, PageTokenCodec } from '../shared/page-token.js';
import { readPage, type Page } from '../shared/paging.js';
import { buildingNotFound, invalidPrivateFolder } from './buildings.errors.js';
import type { Clock } from '../shared/clock.js';
import type { VocabularyRefresh } from '../search/vocabulary-refresh.js';

export interface Building {
  id: string;
  ownerId: string;
  name: string;
  /** folder paths (ending in '/') whose documents the partner API never returns */
  privateFolders: string[];
  numberOfFiles: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface BuildingsRepository {
  list(params: {
    ownerId: string;
    /** null: every building of the owner */
    onlyIds: readonly string[] | null;
    after: PageCursor | null;
    limit: number;
  }): Promise<Building[]>;
  insert(building: Omit<Building, 'numberOfFiles'>): Promise<void>;
  find(params: { ownerId: string; buildingId: string }): Promise<Building | null>;
  update(params: { buildingId: string; name?: string; privateFolders?: string[]; at: Date }): Promise<void>;
  archive(params: { buildingId: string; at: Date }): Promise<void>;
  statusCounts(params: { ownerId: string; buildingId: string }): Promise<DocumentStatusCounts>;
}

/**
 * `HR`, `/HR/`, `HR\\Lønn` -> `HR/`, `HR/Lønn/`: folders compare as '/'-separated prefixes ending in '/', with their
 * segments cleaned exactly as an upload path's are (`pathSegments`): a hidden character becomes `_` (`HR<U+200E>` keeps
 * `HR_/` private) and the spaces around a segment go (` HR ` and `HR /Lønn` keep `HR/` and `HR/Lønn/` private; an
 * uploaded path never keeps them, so a folder that did would match nothing). `.` and `..` are refused, not dropped:
 * what such a folder means is not clear, and no stored path holds one.
 */
function normalizePrivateFolder(folder: string): string | null {
  const parts = pathSegments(folder);
  if (parts.length === 0 || parts.some((p) => p === '.' || p === '..')) return null;
  return `${parts.join('/')}/`;
}

export function createBuildingsService(deps: {
  repository: BuildingsRepository;
  access: AccessService;
  pageTokens: PageTokenCodec;
  clock: Clock;
  /** a folder made private takes its documents' words from the building's readers: their vocabulary is read again */
  refreshVocabularies?: VocabularyRefresh;
}) {
  const { repository, access, pageTokens, clock } = deps;

  async function list(params: {
    principal: Principal;
    ownerId: string;
    limit: number;
    nextToken?: string;
  }): Promise<Page<Building>> {
    const grant = await access.authorizeOwner({ principal: params.principal, ownerId: params.ownerId, need: 'read' });
    const onlyIds = grant.buildingIds;
    return readPage({
      codec: pageTokens,
      context: `buildings:${params.ownerId}`,
      nextToken: params.nextToken,
      limit: params.limit,
      fetch: (after, limit) => repository.list({ ownerId: params.ownerId, onlyIds, after, limit }),
      cursorOf: (b) => ({ value: b.createdAt.toISOString(), id: b.id }),
    });
  }

  async function create(params: { principal: Principal; ownerId: string; name: string }): Promise<string> {
    await access.authorizeOwner({ principal: params.principal, ownerId: params.ownerId, need: 'create_building' });
    const now = clock.now();
    const id = newId.building();
    await repository.insert({
      id,
      ownerId: params.ownerId,
      name: params.name,
      privateFolders: [],
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  async function get(params: { principal: Principal; ownerId: string; buildingId: string }): Promise<Building> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    return (await repository.find(params)) ?? Promise.reject(buildingNotFound());
  }

  async function update(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
    name?: string;
    privateFolders?: string[];
  }): Promise<Building> {
    await access.authorizeBuilding({ ...params, need: 'manage' });
    let privateFolders: string[] | undefined;
    if (params.privateFolders) {
      privateFolders = params.privateFolders.map((folder, index) => {
        const normalized = normalizePrivateFolder(folder);
        if (normalized === null) throw invalidPrivateFolder(index);
        return normalized;
      });
      privateFolders = [...new Set(privateFolders)];
    }
    await repository.update({
      buildingId: params.buildingId,
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(privateFolders !== undefined ? { privateFolders } : {}),
      at: clock.now(),
    });
    if (privateFolders !== undefined) await deps.refreshVocabularies?.();
    return (await repository.find(params)) ?? Promise.reject(buildingNotFound());
  }

  async function archive(params: { principal: Principal; ownerId: string; buildingId: string }): Promise<void> {
    await access.authorizeBuilding({ ...params, need: 'manage' });
    await repository.archive({ buildingId: params.buildingId, at: clock.now() });
  }

  async function status(params: {
    principal: Principal;
    ownerId: string;
    buildingId: string;
  }): Promise<ProcessingSummary> {
    await access.authorizeBuilding({ ...params, need: 'read' });
    return summariseStatus(await repository.statusCounts({ ownerId: params.ownerId, buildingId: params.buildingId }));
  }

  return { list, create, get, update, archive, status };
}

export type BuildingsService = ReturnType<typeof createBuildingsService>;
