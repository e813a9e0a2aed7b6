import type { HandoverService } from '../../../domain/handover/handover.service.js';
import type { App } from '../../app-types.js';
import { withProblems } from '../../schemas/common.js';
import { HandoverBody, HandoverReportSchema } from '../../schemas/handover.js';
import { Uuid } from '../../schemas/people.js';
import { Type } from '@sinclair/typebox';

/** The operator hands a project over to any building owner (`byggdok admin project handover`), or dry-runs it. */
export function registerHandoverAdminRoute(app: App, deps: { handover: HandoverService }): void {
  app.post(
    '/admin/projects/:projectId/handover',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hand a project over to a building owner (or report what a handover would do)',
        security: [{ adminToken: [] }],
        params: Type.Object({ projectId: Uuid('project id') }),
        body: HandoverBody,
        response: withProblems({ 200: HandoverReportSchema }, [400, 401, 404, 409]),
      },
    },
    async (request) => deps.handover.handOverAsOperator({ projectId: request.params.projectId, request: request.body }),
  );
}
