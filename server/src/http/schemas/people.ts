import { Type } from '@sinclair/typebox';
import { ROLES } from '../../domain/people/roles.js';

/** The application's ids are UUIDs (8-4-4-4-12 hexadecimal characters). */
export const Uuid = (description: string) =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: `${description} (UUID)`,
  });

export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));

/** a signed-in person: the session cookie, or a personal key in x-api-key */
export const PERSON_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { apiKey: [] }];

export const CustomerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  buildingOwnerId: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([RoleSchema, Type.Null()], {
    description: 'the role the caller acts with in the customer; null when they reach only some of its projects',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
