import { Type } from '@sinclair/typebox';
import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentConstructionBuilding } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { ConstructionBuildingSchema } from '../../../schemas/projects.js';

/** The buildings of one project the caller reaches. */
export function registerProjectBuildingsRoute(app: App, deps: { projects: ProjectsService }): void {
  app.get(
    '/construction/buildings/projects/:projectId',
    {
      schema: {
        tags: ['construction'],
        summary: 'Buildings of a project',
        security: PERSON_SECURITY,
        params: Type.Object({ projectId: Uuid('project id') }),
        response: withProblems(
          { 200: Type.Object({ buildings: Type.Array(ConstructionBuildingSchema) }) },
          [400, 401, 404],
        ),
      },
    },
    async (request) => {
      const buildings = await deps.projects.listProjectBuildings({
        principal: principalOf(request),
        projectId: request.params.projectId,
      });
      return { buildings: buildings.map(presentConstructionBuilding) };
    },
  );
}
