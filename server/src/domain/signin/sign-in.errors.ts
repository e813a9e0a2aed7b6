import { AppError, forbidden, invalid, unauthorized } from '../shared/errors.js';

/**
 * Why a sign-in ended without a session. Codes are part of the API (the web app shows its own text for them); every
 * one is a 4xx, never a 500. The HTTP layer renders them as a page for browsers and problem+json for clients.
 */

export function notInvited(): AppError {
  return forbidden('sign_in.not_invited', 'This e-mail address has not been invited');
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

/** the session cookie names no live session (ended, idle too long, past its lifetime, user deactivated) */
export function sessionExpired(): AppError {
  return unauthorized('auth.session_expired', 'The sign-in session has ended; sign in again');
}

/** a write authenticated by the session cookie without the service's own Origin */
export function crossSiteRequest(): AppError {
  return forbidden(
    'auth.cross_site_request',
    'A write with the session cookie must come from the service’s own origin',
  );
}
