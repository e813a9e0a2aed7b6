import type { App, HttpServices } from '../../app-types.js';
import { registerApiKeyRoutes } from '../auth/api-keys.route.js';
import { registerMeRoute } from '../auth/me.route.js';
import { registerAccountRoutes } from '../auth/account.routes.js';
import type { CookieSettings } from '../auth/sign-in-context.js';
import { registerAdminEmailRoute } from './admin/admin-email.route.js';
import { registerDeleteProjectRoute } from './admin/delete-project.route.js';
import { registerCustomerBuildingsRoute } from './buildings/customer-buildings.route.js';
import { registerProjectBuildingsRoute } from './buildings/project-buildings.route.js';
import { registerAuditRoute } from './customers/audit.route.js';
import { CUSTOMER_EVENT_TYPES } from '../../../domain/webhooks/webhook-events.js';
import { CustomerParams } from '../../schemas/projects.js';
import { PERSON_SECURITY } from '../../schemas/people.js';
import { registerWebhookRoutes } from '../webhooks/webhook-routes.js';
import { registerGetCustomerRoute } from './customers/get-customer.route.js';
import { registerListCustomersRoute } from './customers/list-customers.route.js';
import { registerInviteMemberRoute } from './members/invite-member.route.js';
import { registerListMembersRoute } from './members/list-members.route.js';
import { registerSetProjectRoleRoute } from './members/set-project-role.route.js';
import { registerSetProjectRolesRoute } from './members/set-project-roles.route.js';
import { registerRemoveMemberRoute } from './members/remove-member.route.js';
import { registerSetCustomerRoleRoute } from './members/set-customer-role.route.js';
import { registerAddBuildingRoute } from './projects/add-building.route.js';
import { registerCreateProjectRoute } from './projects/create-project.route.js';
import { registerGetProjectRoute } from './projects/get-project.route.js';
import { registerListProjectsRoute } from './projects/list-projects.route.js';
import { registerMigrationTargetRoute } from './projects/migration-target.route.js';
import { registerUpdateProjectRoute } from './projects/update-project.route.js';
import { registerBulkMetadataRoute } from './projects/bulk-metadata.route.js';
import { registerZipRoutes } from './zip/zip.routes.js';
import { registerHandoverRoutes } from './handover/handover.routes.js';
import { registerDwgViewerRoute } from './documents/dwg-viewer.route.js';
import { registerStorageProviderRoutes } from '../integrations/storage-provider.routes.js';
import { registerFilenameRoutes } from './projects/filenames.routes.js';
import { registerSubcontractorRoutes } from './subcontractors/subcontractors.routes.js';
import { registerDeliveryRoutes } from './deliveries/deliveries.routes.js';
import { registerConstructionDocumentRoutes } from './documents/construction-documents.routes.js';

/**
 * The application's routes for signed-in people (the session cookie, or a personal key): registered in a scope that
 * authenticates every request; each route decides access through `services.access`.
 */
export function registerApplicationRoutes(
  app: App,
  services: HttpServices,
  options: { cookies: CookieSettings },
): void {
  registerMeRoute(app, services);
  registerAccountRoutes(app, { ...services, cookies: options.cookies });
  registerApiKeyRoutes(app, services);
  registerListCustomersRoute(app, services);
  registerGetCustomerRoute(app, services);
  registerAuditRoute(app, services);
  registerWebhookRoutes(app, services, {
    base: '/construction/customers/:customerId/webhooks',
    params: CustomerParams,
    eventTypes: CUSTOMER_EVENT_TYPES,
    tags: ['construction'],
    security: PERSON_SECURITY,
    customerOf: (params) => params.customerId?.toLowerCase(),
  });
  registerListProjectsRoute(app, services);
  registerCreateProjectRoute(app, services);
  registerMigrationTargetRoute(app, services);
  registerGetProjectRoute(app, services);
  registerUpdateProjectRoute(app, services);
  registerAddBuildingRoute(app, services);
  registerProjectBuildingsRoute(app, services);
  registerCustomerBuildingsRoute(app, services);
  registerListMembersRoute(app, services);
  registerInviteMemberRoute(app, services);
  registerSetProjectRoleRoute(app, services);
  registerSetProjectRolesRoute(app, services);
  registerSetCustomerRoleRoute(app, services);
  registerRemoveMemberRoute(app, services);
  registerAdminEmailRoute(app, services);
  registerDeleteProjectRoute(app, services);
  registerSubcontractorRoutes(app, services);
  registerDeliveryRoutes(app, services);
  registerConstructionDocumentRoutes(app, services);
  registerFilenameRoutes(app, services);
  registerBulkMetadataRoute(app, services);
  registerZipRoutes(app, services);
  registerHandoverRoutes(app, services);
  registerDwgViewerRoute(app, services);
  registerStorageProviderRoutes(app, services);
}
