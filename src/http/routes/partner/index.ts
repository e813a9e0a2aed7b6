import type { Services } from '../../../app/dependencies.js';
import type { App } from '../../app-types.js';
import { registerBuildingStatusRoute } from './buildings/building-status.route.js';
import { registerCreateBuildingRoute } from './buildings/create-building.route.js';
import { registerDeleteBuildingRoute } from './buildings/delete-building.route.js';
import { registerGetBuildingRoute } from './buildings/get-building.route.js';
import { registerListBuildingsRoute } from './buildings/list-buildings.route.js';
import { registerUpdateBuildingRoute } from './buildings/update-building.route.js';
import { registerBuildingCategoryRoutes } from './documents/building-categories.route.js';
import { registerDeleteDocumentRoute } from './documents/delete-document.route.js';
import { registerDocumentStatusRoute } from './documents/document-status.route.js';
import { registerGetDocumentRoute } from './documents/get-document.route.js';
import { registerListDocumentsRoute } from './documents/list-documents.route.js';
import { registerRequestUploadRoute } from './documents/request-upload.route.js';
import { registerUpdateDocumentRoute } from './documents/update-document.route.js';
import { registerCreateOwnerRoute } from './owners/create-owner.route.js';
import { registerDeleteOwnerRoute } from './owners/delete-owner.route.js';
import { registerGetOwnerRoute } from './owners/get-owner.route.js';
import { registerListOwnersRoute } from './owners/list-owners.route.js';
import { registerOwnerStatusRoute } from './owners/owner-status.route.js';
import { registerUpdateOwnerRoute } from './owners/update-owner.route.js';
import { registerCreateSessionRoute } from './sessions/create-session.route.js';

/** Every partner route; registered once under /v1 and once without a version segment. */
export function registerPartnerRoutes(app: App, services: Services): void {
  registerListOwnersRoute(app, services);
  registerCreateOwnerRoute(app, services);
  registerGetOwnerRoute(app, services);
  registerUpdateOwnerRoute(app, services);
  registerDeleteOwnerRoute(app, services);
  registerOwnerStatusRoute(app, services);
  registerCreateSessionRoute(app, services);
  registerListBuildingsRoute(app, services);
  registerCreateBuildingRoute(app, services);
  registerGetBuildingRoute(app, services);
  registerUpdateBuildingRoute(app, services);
  registerDeleteBuildingRoute(app, services);
  registerBuildingStatusRoute(app, services);
  registerRequestUploadRoute(app, services);
  registerListDocumentsRoute(app, services);
  registerGetDocumentRoute(app, services);
  registerUpdateDocumentRoute(app, services);
  registerDeleteDocumentRoute(app, services);
  registerDocumentStatusRoute(app, services);
  registerBuildingCategoryRoutes(app, services);
}
