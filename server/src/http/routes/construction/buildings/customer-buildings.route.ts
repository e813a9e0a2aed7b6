import { Type } from '@sinclair/typebox';
import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentConstructionBuilding } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { ConstructionBuildingSchema, CustomerParams } from '../../../schemas/projects.js';

/** The buildings of every project of the customer the caller reaches. */
export function registerCustomerBuildingsRoute(app: App, deps: { projects: ProjectsService }): void {
  app.get(
    '/construction/buildings/customer/:customerId',
    {
      schema: {
        tags: ['construction'],
        summary: 'Buildings of a customer',
        security: PERSON_SECURITY,
        params: CustomerParams,
        response: withProblems(
          { 200: Type.Object({ buildings: Type.Array(ConstructionBuildingSchema) }) },
          [400, 401, 404],
        ),
      },
    },
    async (request) => {
      const buildings = await deps.projects.listCustomerBuildings({
        principal: principalOf(request),
        customerId: request.params.customerId,
      });
      return { buildings: buildings.map(presentConstructionBuilding) };
    },
  );
}
