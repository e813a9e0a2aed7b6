import { Type } from '@sinclair/typebox';
import type { PlatformAdminService } from '../../../../domain/platform/platform-admin.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { SuccessSchema, withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

/**
 * Deletes a project for good, with its buildings' documents and stored files (platform administrators only); the
 * audit log keeps what was deleted, by whom and when.
 */
export function registerDeleteProjectRoute(app: App, deps: { platformAdmin: PlatformAdminService }): void {
  app.delete(
    '/construction/admin/projects/:id',
    {
      schema: {
        tags: ['construction'],
        summary: 'Permanently delete a construction project',
        security: PERSON_SECURITY,
        params: Type.Object({ id: Uuid('project id') }),
        response: withProblems({ 200: SuccessSchema }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      deps.platformAdmin.deleteProject({
        principal: principalOf(request),
        projectId: request.params.id,
        clientAddress: request.ip,
      }),
  );
}
