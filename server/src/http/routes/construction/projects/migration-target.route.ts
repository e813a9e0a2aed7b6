import { Type } from '@sinclair/typebox';
import type { HandoverService } from '../../../../domain/handover/handover.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { CustomerParams } from '../../../schemas/projects.js';

const MigrationTargetSchema = Type.Union([
  Type.Object({ buildingOwnerId: Type.String(), name: Type.String() }),
  Type.Null(),
]);

/** The document-platform owner every live project of the customer was handed over to, or null. */
export function registerMigrationTargetRoute(app: App, deps: { handover: HandoverService }): void {
  app.get(
    '/construction/customers/:customerId/projects/migration-target',
    {
      schema: {
        tags: ['construction'],
        summary: 'Where the customer’s projects were handed over to',
        security: PERSON_SECURITY,
        params: CustomerParams,
        response: withProblems({ 200: MigrationTargetSchema }, [400, 401, 404]),
      },
    },
    async (request) =>
      deps.handover.migrationTarget({ principal: principalOf(request), customerId: request.params.customerId }),
  );
}
