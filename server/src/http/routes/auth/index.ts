import type { SignInService } from '../../../domain/signin/sign-in.service.js';
import type { App } from '../../app-types.js';
import { registerCallbackRoute } from './callback.route.js';
import { registerLoginRoute } from './login.route.js';
import { registerLogoutRoute } from './logout.route.js';
import type { CookieSettings } from './sign-in-context.js';
import type { PasswordsService } from '../../../domain/signin/passwords.service.js';
import { registerPasswordRoutes } from './passwords.routes.js';

/** Sign-in, callback, logout and passwords: reached without a credential (they are how one is made). */
export function registerSignInRoutes(
  app: App,
  deps: { signIn: SignInService; passwords: PasswordsService; cookies: CookieSettings; publicUrl: string },
): void {
  registerLoginRoute(app, deps);
  registerCallbackRoute(app, deps);
  registerLogoutRoute(app, deps);
  // passwords belong to the embedded sign-in; with an outside provider there are none here
  if (deps.passwords.localPasswords) registerPasswordRoutes(app, deps);
}
