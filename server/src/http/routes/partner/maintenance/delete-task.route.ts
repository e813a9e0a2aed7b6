import type { MaintenanceService } from '../../../../domain/maintenance/maintenance.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { TaskParams } from '../../../presenters/maintenance.presenter.js';
import { SuccessSchema, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['maintenance'],
  summary: 'Delete a task from the plan (an extracted one comes back only if its document is uploaded again)',
  params: TaskParams,
  response: withProblems({ 200: SuccessSchema }),
};

export function registerDeleteTaskRoute(app: App, deps: { maintenance: MaintenanceService }): void {
  app.delete(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/maintenance_tasks/:taskId',
    { schema },
    async (request) => {
      await deps.maintenance.remove({
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
        taskId: request.params.taskId,
      });
      return { success: true as const };
    },
  );
}
