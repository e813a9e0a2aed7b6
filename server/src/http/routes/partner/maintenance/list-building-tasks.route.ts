import { Type } from '@sinclair/typebox';
import type { MaintenanceService } from '../../../../domain/maintenance/maintenance.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { EXPORT_TYPES, presentTask, TaskListQuery, TaskSchema } from '../../../presenters/maintenance.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['maintenance'],
  summary:
    "A building's maintenance plan: tasks found in its documents (with the verbatim text and page that state each) and " +
    'tasks people added; format=csv or format=ics for the whole plan as a spreadsheet or a calendar',
  params: BuildingParams,
  querystring: TaskListQuery,
  response: withProblems({
    200: Type.Object({ tasks: Type.Array(TaskSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
  }),
};

export function registerListBuildingTasksRoute(app: App, deps: { maintenance: MaintenanceService }): void {
  app.get(
    '/building_owners/:buildingOwnerId/buildings/:buildingId/maintenance_tasks',
    { schema },
    async (request, reply) => {
      const { query } = request;
      const target = {
        principal: principalOf(request),
        ownerId: request.params.buildingOwnerId,
        buildingId: request.params.buildingId,
      };
      if (query.format !== 'json') {
        const body = await deps.maintenance.exportTasks({
          ...target,
          ownerWide: false,
          format: query.format,
          start: query.start ? new Date(`${query.start}T00:00:00Z`) : null,
          name: `Maintenance plan ${request.params.buildingId}`,
        });
        const extension = query.format === 'csv' ? 'csv' : 'ics';
        return reply
          .type(EXPORT_TYPES[query.format])
          .header('content-disposition', `attachment; filename="maintenance-plan.${extension}"`)
          .send(body);
      }
      const page = await deps.maintenance.listBuilding({
        ...target,
        limit: query.limit,
        ...(query.next_token ? { nextToken: query.next_token } : {}),
      });
      return { tasks: page.items.map(presentTask), nextToken: page.nextToken };
    },
  );
}
