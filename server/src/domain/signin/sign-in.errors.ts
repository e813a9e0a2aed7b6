import { AppError, forbidden, invalid } from '../shared/errors.js';

/** decided by the access rules (domain/access), re-exported where this feature's errors are looked for */
export { sessionExpired } from '../access/access.errors.js';

/**
 * Why a sign-in ended without a session. Codes are part of the API (the web app shows its own text for them); every
 * one is a 4xx, never a 500. The HTTP layer renders them as a page for browsers and problem+json for clients.
 */

/**
 * At the callback, once the person has proved who they are. A deactivated person is told the same (`cause`: the real
 * reason, for the audit log and the service's log): a sign-in never tells a deactivated address from an unknown one.
 */
export function notInvited(cause?: AppError): AppError {
  return new AppError({
    code: 'sign_in.not_invited',
    kind: 'forbidden',
    message: 'This e-mail address has not been invited',
    ...(cause ? { cause } : {}),
  });
}

/** the state is unknown, was used already or is too old: the sign-in must start again */
export function unknownSignInState(): AppError {
  return invalid('sign_in.invalid_state', 'This sign-in link is not valid any more; start the sign-in again');
}

/** the provider answered with `error` (access_denied: the person said no) */
export function providerRefused(params: { error: string; description: string | null }): AppError {
  const detail = params.description ? `${params.error}: ${params.description}` : params.error;
  return forbidden('sign_in.provider_refused', `The sign-in provider refused the sign-in (${detail})`);
}

/** the ID token failed a check (signature, issuer, audience, nonce, expiry) or the code exchange failed */
export function invalidIdToken(cause: unknown): AppError {
  return new AppError({
    code: 'sign_in.invalid_response',
    kind: 'unauthorized',
    message: 'The sign-in provider’s answer could not be verified',
    cause,
  });
}

export function providerUnreachable(cause: unknown): AppError {
  return new AppError({
    code: 'sign_in.provider_unreachable',
    kind: 'bad_gateway',
    message: 'The sign-in provider could not be reached',
    cause,
  });
}

export function emailNotVerified(): AppError {
  return forbidden('sign_in.email_not_verified', 'The sign-in provider has not verified this e-mail address');
}

export function userDeactivated(): AppError {
  return forbidden('sign_in.user_deactivated', 'This user has been deactivated');
}

/** a write authenticated by the session cookie without the service's own Origin */
export function crossSiteRequest(): AppError {
  return forbidden(
    'auth.cross_site_request',
    'A write with the session cookie must come from the service’s own origin',
  );
}

/** the callback came to a browser other than the one that started the sign-in (login CSRF), or its cookie is gone */
export function otherBrowser(): AppError {
  return invalid(
    'sign_in.other_browser',
    'This sign-in was started in another browser (or its cookie expired); start the sign-in again here',
  );
}

/** a link that sets a password and no longer works: used, expired, or never issued */
export function passwordLinkNotValid(state: 'used' | 'expired' | 'unknown'): AppError {
  const message = {
    used: 'This link has been used already; ask for a new one',
    expired: 'This link has expired; ask for a new one',
    unknown: 'This link is not valid; ask for a new one',
  }[state];
  return invalid(`auth.password_link_${state === 'unknown' ? 'invalid' : state}`, message, [
    { path: '/token', message },
  ]);
}

/** the new password breaks a rule (length, the e-mail, a common password, typed differently twice) */
export function passwordRejected(problems: { path: string; message: string }[]): AppError {
  return invalid(
    'auth.password_rejected',
    `The password is not accepted: ${problems.map((p) => p.message).join('; ')}`,
    problems,
  );
}

/** the current password, asked for before a change, is wrong */
export function wrongCurrentPassword(): AppError {
  return invalid('auth.wrong_password', 'The current password is wrong', [
    { path: '/currentPassword', message: 'is wrong' },
  ]);
}

export function emailTaken(): AppError {
  return new AppError({
    code: 'user.email_taken',
    kind: 'conflict',
    message: 'Another user already has this e-mail address',
    fieldErrors: [{ path: '/email', message: 'is already taken by another user' }],
  });
}

/** changing a password or one's sessions needs a person's own sign-in, never an assistant's token */
export function notForAssistants(): AppError {
  return forbidden('auth.assistant_not_allowed', 'An assistant cannot change its person’s account');
}

/** the service signs people in through an outside provider: passwords are that provider's business */
export function noLocalPasswords(): AppError {
  return forbidden('auth.no_local_passwords', 'Passwords are managed by your organisation’s sign-in provider');
}

/** a second account at the provider with a linked person's e-mail: it does not become that person */
export function accountLinkedElsewhere(): AppError {
  return forbidden(
    'sign_in.account_linked_elsewhere',
    'This person signs in with another account at this provider; this account is not theirs',
  );
}
