import { Type } from '@sinclair/typebox';
import { PARTNER_EVENT_TYPES } from '../../../domain/webhooks/webhook-events.js';
import type { App, HttpServices } from '../../app-types.js';
import { registerWebhookRoutes } from '../webhooks/webhook-routes.js';
import { registerBuildingAskRoute } from './ask/building-ask.route.js';
import { registerOwnerAskRoute } from './ask/owner-ask.route.js';
import { registerThreadRoutes } from './ask/threads.route.js';
import { registerBuildingStatusRoute } from './buildings/building-status.route.js';
import { registerCreateBuildingRoute } from './buildings/create-building.route.js';
import { registerDeleteBuildingRoute } from './buildings/delete-building.route.js';
import { registerGetBuildingRoute } from './buildings/get-building.route.js';
import { registerListBuildingsRoute } from './buildings/list-buildings.route.js';
import { registerUpdateBuildingRoute } from './buildings/update-building.route.js';
import { registerBulkDocumentRoutes } from './documents/bulk-documents.route.js';
import { registerBuildingCategoryRoutes } from './documents/building-categories.route.js';
import { registerDeleteDocumentRoute } from './documents/delete-document.route.js';
import { registerDocumentStatusRoute } from './documents/document-status.route.js';
import { registerDocumentVersionsRoute } from './documents/document-versions.route.js';
import { registerGetDocumentRoute } from './documents/get-document.route.js';
import { registerDocumentPagesRoute } from './documents/document-pages.route.js';
import { registerListDocumentsRoute } from './documents/list-documents.route.js';
import { registerRequestUploadRoute } from './documents/request-upload.route.js';
import { registerUpdateDocumentRoute } from './documents/update-document.route.js';
import { registerCreateOwnerRoute } from './owners/create-owner.route.js';
import { registerDeleteOwnerRoute } from './owners/delete-owner.route.js';
import { registerGetOwnerRoute } from './owners/get-owner.route.js';
import { registerListOwnersRoute } from './owners/list-owners.route.js';
import { registerOwnerStatusRoute } from './owners/owner-status.route.js';
import { registerUpdateOwnerRoute } from './owners/update-owner.route.js';
import { registerGenerateReportRoute } from './reports/generate-report.route.js';
import { registerGetReportRoute } from './reports/get-report.route.js';
import { registerLinkItemDocumentRoute } from './reports/link-item-document.route.js';
import { registerListItemDocumentsRoute } from './reports/list-item-documents.route.js';
import { registerListReportItemsRoute } from './reports/list-report-items.route.js';
import { registerUnlinkItemDocumentRoute } from './reports/unlink-item-document.route.js';
import { registerUpdateReportItemRoute } from './reports/update-report-item.route.js';
import { registerCreateSessionRoute } from './sessions/create-session.route.js';
import { registerCreateTaskRoute } from './maintenance/create-task.route.js';
import { registerDeleteTaskRoute } from './maintenance/delete-task.route.js';
import { registerListBuildingTasksRoute } from './maintenance/list-building-tasks.route.js';
import { registerListOwnerTasksRoute } from './maintenance/list-owner-tasks.route.js';
import { registerUpdateTaskRoute } from './maintenance/update-task.route.js';
import { registerBuildingSearchRoute } from './search/building-search.route.js';
import { registerOwnerSearchRoute } from './search/owner-search.route.js';

/** Every partner route; registered once under /v1 and once without a version segment. */
export function registerPartnerRoutes(app: App, services: HttpServices): void {
  registerListOwnersRoute(app, services);
  registerCreateOwnerRoute(app, services);
  registerGetOwnerRoute(app, services);
  registerUpdateOwnerRoute(app, services);
  registerDeleteOwnerRoute(app, services);
  registerOwnerStatusRoute(app, services);
  registerCreateSessionRoute(app, services);
  registerListBuildingsRoute(app, services);
  registerWebhookRoutes(app, services, {
    base: '/webhooks',
    params: Type.Object({}),
    eventTypes: PARTNER_EVENT_TYPES,
    tags: ['webhooks'],
    customerOf: () => undefined,
  });
  registerCreateBuildingRoute(app, services);
  registerGetBuildingRoute(app, services);
  registerUpdateBuildingRoute(app, services);
  registerDeleteBuildingRoute(app, services);
  registerBuildingStatusRoute(app, services);
  registerRequestUploadRoute(app, services);
  registerListDocumentsRoute(app, services);
  registerBulkDocumentRoutes(app, services);
  registerGetDocumentRoute(app, services);
  registerDocumentPagesRoute(app, services);
  registerUpdateDocumentRoute(app, services);
  registerDeleteDocumentRoute(app, services);
  registerDocumentStatusRoute(app, services);
  registerDocumentVersionsRoute(app, services);
  registerBuildingCategoryRoutes(app, services);
  registerBuildingSearchRoute(app, services);
  registerOwnerSearchRoute(app, services);
  registerGenerateReportRoute(app, services);
  registerListReportItemsRoute(app, services);
  registerGetReportRoute(app, services);
  registerUpdateReportItemRoute(app, services);
  registerListItemDocumentsRoute(app, services);
  registerLinkItemDocumentRoute(app, services);
  registerUnlinkItemDocumentRoute(app, services);
  registerBuildingAskRoute(app, services);
  registerOwnerAskRoute(app, services);
  registerThreadRoutes(app, services);
  registerListBuildingTasksRoute(app, services);
  registerCreateTaskRoute(app, services);
  registerUpdateTaskRoute(app, services);
  registerDeleteTaskRoute(app, services);
  registerListOwnerTasksRoute(app, services);
}
