import type { ProjectsService } from '../../../../domain/projects/projects.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentProject } from '../../../presenters/projects.presenter.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { ProjectParams, ProjectSchema, ProjectUpdateBody } from '../../../schemas/projects.js';
import { namedProjectFields } from './project-fields.js';

/**
 * Changes the members the body names (WRITE_ACCESS); `status` ARCHIVED archives the project and ACTIVE brings it back
 * (OWNER or more). An archived project takes no other change (409 project.archived) except in the body that makes it
 * active again.
 */
export function registerUpdateProjectRoute(app: App, deps: { projects: ProjectsService }): void {
  app.put(
    '/construction/customers/:customerId/projects/:projectId',
    {
      schema: {
        tags: ['construction'],
        summary: 'Update or archive a project',
        security: PERSON_SECURITY,
        params: ProjectParams,
        body: ProjectUpdateBody,
        response: withProblems({ 200: ProjectSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { status, ...members } = request.body;
      const project = await deps.projects.updateProject({
        principal: principalOf(request),
        ...request.params,
        fields: namedProjectFields(members),
        ...(status !== undefined ? { status } : {}),
        clientAddress: request.ip,
      });
      return presentProject(project);
    },
  );
}
