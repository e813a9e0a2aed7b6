import { ownerNotFound } from '../owners/owners.errors.js';
import { newId, randomSecret } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';
import { apiKeyNotFound, grantsOutsidePartner, partnerNotFound } from './admin.errors.js';
import type { Clock } from '../shared/clock.js';

export interface Partner {
  id: string;
  name: string;
  createdAt: Date;
}

export interface ApiKeySummary {
  id: string;
  partnerId: string;
  name: string | null;
  keyPrefix: string;
  environment: 'live' | 'test';
  buildingOwnerIds: string[];
  buildingIds: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

export interface AdminRepository {
  insertPartner(partner: Partner): Promise<void>;
  listPartners(): Promise<Partner[]>;
  findPartner(partnerId: string): Promise<Partner | null>;
  /** which of these owners the partner reaches (live owners only) */
  ownersReachedByPartner(params: { partnerId: string; ownerIds: string[] }): Promise<Set<string>>;
  /** which of these buildings belong to owners the partner reaches (live buildings only) */
  buildingsReachedByPartner(params: { partnerId: string; buildingIds: string[] }): Promise<Set<string>>;
  insertKey(key: ApiKeySummary & { keyHash: string; wholePartner: boolean }): Promise<void>;
  listKeys(partnerId: string): Promise<ApiKeySummary[]>;
  /** false when there is no such key */
  revokeKey(params: { keyId: string; at: Date }): Promise<boolean>;
  ownerExists(ownerId: string): Promise<boolean>;
  grantOwner(params: { partnerId: string; ownerId: string; at: Date }): Promise<void>;
}

/** Operator work: partner organisations, their keys and which building owners they reach. */
export function createAdminService(deps: { repository: AdminRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function requirePartner(partnerId: string): Promise<Partner> {
    return (await repository.findPartner(partnerId)) ?? Promise.reject(partnerNotFound());
  }

  async function createPartner(params: { name: string }): Promise<Partner> {
    const partner: Partner = { id: newId.partner(), name: params.name, createdAt: clock.now() };
    await repository.insertPartner(partner);
    return partner;
  }

  async function createKey(params: {
    partnerId: string;
    name?: string;
    buildingOwnerIds?: string[];
    buildingIds?: string[];
    environment?: 'live' | 'test';
  }): Promise<ApiKeySummary & { key: string }> {
    await requirePartner(params.partnerId);
    const ownerIds = [...new Set(params.buildingOwnerIds ?? [])];
    const buildingIds = [...new Set(params.buildingIds ?? [])];
    const [reachedOwners, reachedBuildings] = await Promise.all([
      repository.ownersReachedByPartner({ partnerId: params.partnerId, ownerIds }),
      repository.buildingsReachedByPartner({ partnerId: params.partnerId, buildingIds }),
    ]);
    const problems = [
      ...ownerIds.flatMap((id, i) =>
        reachedOwners.has(id)
          ? []
          : [{ path: `/buildingOwnerIds/${i}`, message: `building owner ${id} is not reached by this partner` }],
      ),
      ...buildingIds.flatMap((id, i) =>
        reachedBuildings.has(id)
          ? []
          : [{ path: `/buildingIds/${i}`, message: `building ${id} is not reached by this partner` }],
      ),
    ];
    if (problems.length > 0) throw grantsOutsidePartner(problems);

    const environment = params.environment ?? 'live';
    const key = `fk_${environment}_${randomSecret()}`;
    const summary: ApiKeySummary = {
      id: newId.apiKey(),
      partnerId: params.partnerId,
      name: params.name ?? null,
      keyPrefix: key.slice(0, 12),
      environment,
      buildingOwnerIds: ownerIds,
      buildingIds,
      createdAt: clock.now(),
      revokedAt: null,
    };
    await repository.insertKey({
      ...summary,
      keyHash: hashSecret(key),
      wholePartner: ownerIds.length === 0 && buildingIds.length === 0,
    });
    return { ...summary, key };
  }

  async function listKeys(partnerId: string): Promise<ApiKeySummary[]> {
    await requirePartner(partnerId);
    return repository.listKeys(partnerId);
  }

  async function revokeKey(keyId: string): Promise<void> {
    if (!(await repository.revokeKey({ keyId, at: clock.now() }))) throw apiKeyNotFound();
  }

  async function grantOwner(params: { partnerId: string; ownerId: string }): Promise<void> {
    await requirePartner(params.partnerId);
    if (!(await repository.ownerExists(params.ownerId))) throw ownerNotFound();
    await repository.grantOwner({ ...params, at: clock.now() });
  }

  return { createPartner, listPartners: () => repository.listPartners(), createKey, listKeys, revokeKey, grantOwner };
}

export type AdminService = ReturnType<typeof createAdminService>;
