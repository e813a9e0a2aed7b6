import type { App, HttpServices } from '../../app-types.js';
import { registerMeRoute } from '../auth/me.route.js';
import { registerGetCustomerRoute } from './customers/get-customer.route.js';
import { registerListCustomersRoute } from './customers/list-customers.route.js';

/**
 * The application's routes for signed-in people (the session cookie, or a personal key): registered in a scope that
 * authenticates every request; each route decides access through `services.access`.
 */
export function registerApplicationRoutes(app: App, services: HttpServices): void {
  registerMeRoute(app, services);
  registerListCustomersRoute(app, services);
  registerGetCustomerRoute(app, services);
}
