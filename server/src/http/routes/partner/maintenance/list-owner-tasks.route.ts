import { Type } from '@sinclair/typebox';
import type { MaintenanceService } from '../../../../domain/maintenance/maintenance.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import {
  EXPORT_TYPES,
  OwnerTaskSchema,
  presentOwnerTask,
  TaskListQuery,
} from '../../../presenters/maintenance.presenter.js';
import { Id, OwnerParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['maintenance'],
  summary:
    "An owner's maintenance plan across the buildings the caller reaches (or one, building_id), each task with its " +
    'buildingId; format=csv or format=ics as for one building',
  params: OwnerParams,
  querystring: Type.Composite(
    [
      TaskListQuery,
      Type.Object({ building_id: Type.Optional(Id('only this building')) }, { additionalProperties: false }),
    ],
    { additionalProperties: false },
  ),
  response: withProblems({
    200: Type.Object({ tasks: Type.Array(OwnerTaskSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
  }),
};

export function registerListOwnerTasksRoute(app: App, deps: { maintenance: MaintenanceService }): void {
  app.get('/building_owners/:buildingOwnerId/maintenance_tasks', { schema }, async (request, reply) => {
    const { query } = request;
    const target = {
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      ...(query.building_id ? { buildingId: query.building_id } : {}),
    };
    if (query.format !== 'json') {
      const body = await deps.maintenance.exportTasks({
        ...target,
        ownerWide: true,
        format: query.format,
        start: query.start ? new Date(`${query.start}T00:00:00Z`) : null,
        name: `Maintenance plan ${request.params.buildingOwnerId}`,
      });
      return reply
        .type(EXPORT_TYPES[query.format])
        .header('content-disposition', `attachment; filename="maintenance-plan.${query.format}"`)
        .send(body);
    }
    const page = await deps.maintenance.listOwner({
      ...target,
      limit: query.limit,
      ...(query.next_token ? { nextToken: query.next_token } : {}),
    });
    return { tasks: page.items.map(presentOwnerTask), nextToken: page.nextToken };
  });
}
