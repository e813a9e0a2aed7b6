import { Type } from '@sinclair/typebox';
import type { MaintenanceService } from '../../../../domain/maintenance/maintenance.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  IntervalSchema,
  PerformedBySchema,
  presentTask,
  TaskParams,
  TaskSchema,
} from '../../../presenters/maintenance.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { ComponentCode, TaskText } from './create-task.route.js';

const schema = {
  tags: ['maintenance'],
  summary:
    'Confirm or edit a task; an edited extracted task is kept as the person left it when its document is processed again',
  params: TaskParams,
  body: Type.Object(
    {
      component: Type.Optional(TaskText(300)),
      componentCode: Type.Optional(ComponentCode),
      action: Type.Optional(TaskText(100)),
      interval: Type.Optional(Type.Union([IntervalSchema, Type.Null()])),
      performedBy: Type.Optional(PerformedBySchema),
      status: Type.Optional(Type.Union([Type.Literal('proposed'), Type.Literal('confirmed')])),
    },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: TaskSchema }),
};

export function registerUpdateTaskRoute(app: App, deps: { maintenance: MaintenanceService }): void {
  app.patch(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/maintenance_tasks/:taskId',
    { schema },
    async (request) => {
      const { body } = request;
      const task = await deps.maintenance.update({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        taskId: request.params.taskId,
        update: {
          ...(body.component !== undefined ? { component: body.component } : {}),
          ...(body.componentCode !== undefined ? { componentCode: body.componentCode } : {}),
          ...(body.action !== undefined ? { action: body.action } : {}),
          ...(body.interval !== undefined ? { interval: body.interval } : {}),
          ...(body.performedBy !== undefined ? { performedBy: body.performedBy } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        },
      });
      return presentTask(task);
    },
  );
}
