import { Type } from '@sinclair/typebox';
import type { ApiKeySummary, Partner } from '../../domain/admin/admin.service.js';
import { Timestamp } from '../schemas/common.js';

export const PartnerSchema = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Timestamp });

export function presentPartner(partner: Partner) {
  return { id: partner.id, name: partner.name, createdAt: partner.createdAt.toISOString() };
}

export const ApiKeySchema = Type.Object({
  id: Type.String(),
  partnerId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  keyPrefix: Type.String(),
  environment: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  buildingOwnerIds: Type.Array(Type.String()),
  buildingIds: Type.Array(Type.String()),
  createdAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
});

export function presentApiKey(key: ApiKeySummary) {
  return {
    id: key.id,
    partnerId: key.partnerId,
    name: key.name,
    keyPrefix: key.keyPrefix,
    environment: key.environment,
    buildingOwnerIds: key.buildingOwnerIds,
    buildingIds: key.buildingIds,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
