/**
 * Who is calling. A key reaches either every building owner of its partner (present and future) or only the owners
 * and buildings granted to it. A session token is a read-only view of its key, narrowed to one building owner.
 */
export type KeyScope =
  | { kind: 'partner' }
  | {
      kind: 'grants';
      /** whole building owners */
      ownerIds: ReadonlySet<string>;
      /** individual buildings, with the owner each belongs to */
      buildings: ReadonlyMap<string, string>;
    };

export interface Principal {
  kind: 'api_key' | 'session';
  apiKeyId: string;
  partnerId: string;
  scope: KeyScope;
  /** set for session tokens: the one owner the token is for */
  sessionOwnerId: string | null;
}

export type OwnerReach =
  /** every building of the owner, and the owner itself may be managed */
  | { kind: 'whole' }
  /** only these buildings of the owner */
  | { kind: 'buildings'; buildingIds: string[] }
  | { kind: 'none' };

/** What the principal reaches in one owner, given that the partner reaches the owner. */
export function reachOfOwner(principal: Principal, ownerId: string): OwnerReach {
  if (principal.sessionOwnerId !== null && principal.sessionOwnerId !== ownerId) return { kind: 'none' };
  const scope = principal.scope;
  if (scope.kind === 'partner' || scope.ownerIds.has(ownerId)) return { kind: 'whole' };
  const buildingIds = [...scope.buildings].filter(([, owner]) => owner === ownerId).map(([building]) => building);
  return buildingIds.length > 0 ? { kind: 'buildings', buildingIds } : { kind: 'none' };
}

export function isReadOnly(principal: Principal): boolean {
  return principal.kind === 'session';
}

/** The building ids a building-scoped principal is limited to (null: not limited to individual buildings). */
export function grantedBuildingIds(principal: Principal): string[] | null {
  return principal.scope.kind === 'grants' && principal.scope.ownerIds.size === 0
    ? [...principal.scope.buildings.keys()]
    : null;
}
