import { Type } from '@sinclair/typebox';
import type { Building } from '../../domain/buildings/buildings.service.js';
import type { BuildingOwner } from '../../domain/owners/owners.service.js';
import { Timestamp } from '../schemas/common.js';

export const BuildingOwnerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export function presentOwner(owner: BuildingOwner) {
  return {
    id: owner.id,
    name: owner.name,
    createdAt: owner.createdAt.toISOString(),
    updatedAt: owner.updatedAt.toISOString(),
  };
}

export const BuildingSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  numberOfFiles: Type.Integer(),
  privateFolders: Type.Array(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export function presentBuilding(building: Building) {
  return {
    id: building.id,
    name: building.name,
    numberOfFiles: building.numberOfFiles,
    privateFolders: building.privateFolders,
    createdAt: building.createdAt.toISOString(),
    updatedAt: building.updatedAt.toISOString(),
  };
}
