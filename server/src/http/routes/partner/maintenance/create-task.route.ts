import { Type } from '@sinclair/typebox';
import type { MaintenanceService } from '../../../../domain/maintenance/maintenance.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  IntervalSchema,
  PerformedBySchema,
  presentTask,
  TaskSchema,
} from '../../../presenters/maintenance.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

export const TaskText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
export const ComponentCode = Type.Union([
  Type.String({ minLength: 1, maxLength: 100, pattern: '^[+=%]?[\\p{L}\\p{N}.:\\-/ ]+$' }),
  Type.Null(),
]);

const schema = {
  tags: ['maintenance'],
  summary: "Add a person's own task to the plan (source person, confirmed); needs a key or WRITE_ACCESS",
  params: BuildingParams,
  body: Type.Object(
    {
      component: TaskText(300),
      componentCode: Type.Optional(ComponentCode),
      buildingCategory: Type.Optional(
        Type.Union([Type.String({ pattern: '^[2-7]\\d{0,3}$', description: 'NS 3451' }), Type.Null()]),
      ),
      action: TaskText(100),
      interval: Type.Optional(Type.Union([IntervalSchema, Type.Null()])),
      intervalText: Type.Optional(TaskText(200)),
      performedBy: Type.Optional(PerformedBySchema),
    },
    { additionalProperties: false },
  ),
  response: withProblems({ 201: TaskSchema }),
};

export function registerCreateTaskRoute(app: App, deps: { maintenance: MaintenanceService }): void {
  app.post(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/maintenance_tasks',
    { schema },
    async (request, reply) => {
      const { body } = request;
      const task = await deps.maintenance.create({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        input: {
          component: body.component,
          action: body.action,
          ...(body.componentCode !== undefined ? { componentCode: body.componentCode } : {}),
          ...(body.buildingCategory !== undefined ? { buildingCategory: body.buildingCategory } : {}),
          ...(body.interval !== undefined ? { interval: body.interval } : {}),
          ...(body.intervalText !== undefined ? { intervalText: body.intervalText } : {}),
          ...(body.performedBy !== undefined ? { performedBy: body.performedBy } : {}),
        },
      });
      return reply.code(201).send(presentTask(task));
    },
  );
}
