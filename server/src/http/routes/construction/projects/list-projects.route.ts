import { Type } from '@sinclair/typebox';
import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProject } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { CustomerParams, ProjectSchema } from '../../../schemas/projects.js';

/** The customer's projects the caller reaches, oldest first (a project role of NO_ACCESS hides one). */
export function registerListProjectsRoute(app: App, deps: { projects: ProjectsService }): void {
  app.get(
    '/construction/customers/:customerId/projects',
    {
      schema: {
        tags: ['construction'],
        summary: 'Projects of a customer',
        security: PERSON_SECURITY,
        params: CustomerParams,
        response: withProblems({ 200: Type.Object({ projects: Type.Array(ProjectSchema) }) }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const projects = await deps.projects.listProjects({
        principal: principalOf(request),
        customerId: request.params.customerId,
      });
      return { projects: projects.map(presentProject) };
    },
  );
}
