import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProject } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { CustomerParams, ProjectCreateBody, ProjectSchema } from '../../../schemas/projects.js';

/** A new project of the customer, with its first buildings (WRITE_ACCESS or more in the customer). */
export function registerCreateProjectRoute(app: App, deps: { projects: ProjectsService }): void {
  app.post(
    '/construction/customers/:customerId/projects',
    {
      schema: {
        tags: ['construction'],
        summary: 'Create a project',
        security: PERSON_SECURITY,
        params: CustomerParams,
        body: ProjectCreateBody,
        response: withProblems({ 201: ProjectSchema }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const project = await deps.projects.createProject({
        principal: principalOf(request),
        customerId: request.params.customerId,
        fields: {
          name: body.name,
          projectNumber: body.projectNumber ?? null,
          address: body.address ?? null,
          description: body.description ?? null,
          startDate: body.startDate ?? null,
          plannedHandoverDate: body.plannedHandoverDate ?? null,
          remindersEnabled: body.remindersEnabled ?? true,
          namingConvention: body.namingConvention ?? 'byggdok',
        },
        buildingNames: (body.buildings ?? []).map((building) => building.name),
        clientAddress: request.ip,
      });
      return reply.code(201).send(presentProject(project));
    },
  );
}
