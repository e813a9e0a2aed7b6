import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProject } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { ProjectParams, ProjectSchema } from '../../../schemas/projects.js';

/** One project of the customer, with its buildings and the caller's role in it. */
export function registerGetProjectRoute(app: App, deps: { projects: ProjectsService }): void {
  app.get(
    '/construction/customers/:customerId/projects/:projectId',
    {
      schema: {
        tags: ['construction'],
        summary: 'One project',
        security: PERSON_SECURITY,
        params: ProjectParams,
        response: withProblems({ 200: ProjectSchema }, [400, 401, 404]),
      },
    },
    async (request) =>
      presentProject(await deps.projects.getProject({ principal: principalOf(request), ...request.params })),
  );
}
