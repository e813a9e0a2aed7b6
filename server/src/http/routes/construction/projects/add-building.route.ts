import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { BuildingCreateBody, ProjectBuildingSchema, ProjectParams } from '../../../schemas/projects.js';

/** A new building of the project: an ordinary building, with a UUID id (WRITE_ACCESS). */
export function registerAddBuildingRoute(app: App, deps: { projects: ProjectsService }): void {
  app.post(
    '/construction/customers/:customerId/projects/:projectId/buildings',
    {
      schema: {
        tags: ['construction'],
        summary: 'Add a building to a project',
        security: PERSON_SECURITY,
        params: ProjectParams,
        body: BuildingCreateBody,
        response: withProblems({ 201: ProjectBuildingSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const building = await deps.projects.addBuilding({
        principal: principalOf(request),
        ...request.params,
        name: request.body.name,
      });
      return reply.code(201).send(building);
    },
  );
}
