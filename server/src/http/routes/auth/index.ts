import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { registerCallbackRoute } from './callback.route.js';
import { registerLoginRoute } from './login.route.js';
import { registerLogoutRoute } from './logout.route.js';
import type { CookieSettings } from './sign-in-context.js';

/** Sign-in, callback and logout: reached without a credential (they are how one is made). */
export function registerSignInRoutes(app: App, deps: { signIn: SignInService; cookies: CookieSettings }): void {
  registerLoginRoute(app, deps);
  registerCallbackRoute(app, deps);
  registerLogoutRoute(app, deps);
}
