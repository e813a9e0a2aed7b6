import { Type, type TSchema } from '@sinclair/typebox';
import { PROJECT_STATUSES } from '../../domain/projects/projects.service.js';
import { NAMING_CONVENTIONS } from '../../domain/naming/naming-convention.js';
import { RoleSchema, Uuid } from './people.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Day = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` });

const NamingConventionSchema = Type.Union(
  NAMING_CONVENTIONS.map((convention) => Type.Literal(convention)),
  { description: 'how bulk renaming names documents: byggdok (default) or iso19650 (ISO 19650-2 style)' },
);

const BuildingName = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'not blank' });

/** the members a project create and update share; optional ones may be null to clear them */
const projectMembers = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'not blank' }),
  projectNumber: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  startDate: Type.Optional(Nullable(Day('start'))),
  plannedHandoverDate: Type.Optional(Nullable(Day('planned handover'))),
  namingConvention: Type.Optional(NamingConventionSchema),
  remindersEnabled: Type.Optional(
    Type.Boolean({ description: 'the daily reminder of what subcontractors still owe (default true)' }),
  ),
};

export const ProjectCreateBody = Type.Object(
  {
    ...projectMembers,
    buildings: Type.Optional(
      Type.Array(Type.Object({ name: BuildingName }, { additionalProperties: false }), { maxItems: 100 }),
    ),
  },
  { additionalProperties: false },
);

export const ProjectUpdateBody = Type.Object(
  {
    ...projectMembers,
    name: Type.Optional(projectMembers.name),
    status: Type.Optional(
      Type.Union(
        PROJECT_STATUSES.map((status) => Type.Literal(status)),
        {
          description:
            'ARCHIVED archives the project, ACTIVE brings it back (OWNER or more); HANDED_OVER is set by the ' +
            'handover. An archived project is read-only (409 project.archived) until a body with ACTIVE, which may ' +
            'change other members too',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const BuildingCreateBody = Type.Object({ name: BuildingName }, { additionalProperties: false });

export const ProjectBuildingSchema = Type.Object({ id: Type.String(), name: Type.String() });

export const ProjectSchema = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  projectNumber: Nullable(Type.String()),
  address: Nullable(Type.String()),
  description: Nullable(Type.String()),
  startDate: Nullable(Type.String()),
  plannedHandoverDate: Nullable(Type.String()),
  remindersEnabled: Type.Boolean(),
  namingConvention: NamingConventionSchema,
  status: Type.Union(PROJECT_STATUSES.map((status) => Type.Literal(status))),
  buildings: Type.Array(ProjectBuildingSchema),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const CustomerParams = Type.Object({ customerId: Uuid('customer id') });
export const ProjectParams = Type.Object({ customerId: Uuid('customer id'), projectId: Uuid('project id') });

/** a building of a project, as the construction building lists show it */
export const ConstructionBuildingSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  projectId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
