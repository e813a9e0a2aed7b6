import { AppError, forbidden, notFound, unauthorized } from '../shared/errors.js';

/**
 * Authentication and authorisation failures. Codes are part of the API (clients branch on them): never rename one.
 * 401: no usable credential. 403: a known caller that may not do this. The 404s that hide what a caller does not
 * reach are the owning feature's not-found errors, chosen by the policies in `policies.ts`.
 */

export function missingPartnerCredential(): AppError {
  return unauthorized(
    'auth.missing_key',
    'Send an API key in the x-api-key header, or a session token as a bearer token',
  );
}

/** a route that needs a caller was reached without one (a route registered outside the authenticated scope) */
export function authenticationRequired(): AppError {
  return unauthorized('auth.missing_key', 'Authentication required');
}

export function invalidApiKey(): AppError {
  return unauthorized('auth.invalid_key', 'The API key is not valid');
}

/** an OAuth access token that is not valid: forged, expired, for another resource, or its person deactivated */
export function invalidAccessToken(): AppError {
  return unauthorized('auth.invalid_token', 'The access token is not valid or has expired; sign in again');
}

/** a credential of another interface (the subcontractor portal's token) sent to a route that does not take it */
export function credentialNotAccepted(): AppError {
  return unauthorized('auth.credential_not_accepted', 'This credential is not accepted here');
}

/** an assistant's OAuth access token on a REST route: it was issued for the MCP endpoint only */
export function credentialNotForThisSurface(): AppError {
  return unauthorized(
    'auth.credential_not_accepted',
    "This credential is not accepted here: an assistant's access token is for the MCP endpoint (/mcp) only",
  );
}

/** creating keys, inviting people, changing roles, issuing portal tokens: not with an assistant's or a session token */
export function accessManagementNotAllowed(): AppError {
  return forbidden(
    'auth.credential_cannot_manage_access',
    "This credential cannot hand out access (keys, invitations, roles, portal tokens): sign in as the person, or use the person's own key",
  );
}

export function apiKeyRequired(): AppError {
  return forbidden('auth.api_key_required', "This operation needs a partner's API key");
}

export function noOwnerAccess(): AppError {
  return forbidden('auth.forbidden', 'This credential has no access to this building owner');
}

export function noBuildingAccess(): AppError {
  return forbidden('auth.forbidden', 'This credential has no access to this building');
}

export function noPartnerAccess(): AppError {
  return forbidden('auth.forbidden', "This credential does not reach a partner's building owners");
}

export function ownerAccessRequired(): AppError {
  return forbidden('auth.owner_access_required', 'This operation needs access to the whole building owner');
}

export function partnerAccessRequired(): AppError {
  return forbidden(
    'auth.partner_access_required',
    'Creating a building owner needs a key that reaches the whole partner',
  );
}

export function missingAdminToken(): AppError {
  return unauthorized('auth.missing_admin_token', 'Send the operator token as Authorization: Bearer <token>');
}

export function invalidAdminToken(): AppError {
  return unauthorized('auth.invalid_admin_token', 'The operator token is not valid');
}

export function invalidEventsToken(): AppError {
  return unauthorized('auth.invalid_events_token', 'The events token is not valid');
}

/** a construction or sign-in route reached with a partner's key or token: those are for the partner API */
export function signedInUserRequired(): AppError {
  return unauthorized('auth.user_required', 'Sign in, or send a personal API key (fk_user_...) in x-api-key');
}

export function roleRequired(role: string): AppError {
  return forbidden('auth.role_required', `This operation needs the ${role} role or more`);
}

export function platformAdminRequired(): AppError {
  return forbidden('auth.platform_admin_required', 'This operation is for platform administrators');
}

// ---- the errors of the features the access rules decide for (re-exported by each feature's errors) ----

export function invalidSessionToken(): AppError {
  return unauthorized('auth.invalid_token', 'The session token is not valid');
}

export function sessionTokenExpired(): AppError {
  return unauthorized('auth.token_expired', 'The session token has expired');
}

/** a session token tried an operation that writes */
export function readOnlyToken(): AppError {
  return forbidden('auth.read_only_token', 'A session token can only read; use an API key for this operation');
}

export function sessionTokenCannotCreateSessions(): AppError {
  return forbidden('auth.read_only_token', 'A session token cannot create session tokens; use an API key');
}

/** the session cookie names no live session (ended, idle too long, past its lifetime, user deactivated) */
export function sessionExpired(): AppError {
  return unauthorized('auth.session_expired', 'The sign-in session has ended; sign in again');
}

/** unknown, expired or revoked: the portal link no longer works */
export function invalidSubcontractorToken(): AppError {
  return unauthorized(
    'auth.invalid_subcontractor_token',
    'The link is not valid any more (expired or revoked); ask the contractor for a new one',
  );
}

export function missingSubcontractorToken(): AppError {
  return unauthorized(
    'auth.missing_subcontractor_token',
    'Send the subcontractor token as Authorization: <token> or Authorization: Bearer <token>',
  );
}

export function subcontractorNotFound(): AppError {
  return notFound('subcontractor');
}

/** also what a caller gets for an archived document or one under a private folder */
export function documentNotFound(): AppError {
  return notFound('document');
}

export function customerNotFound(): AppError {
  return notFound('customer');
}

/** a handed-over project belongs to its building owner now: the contractor reads it and no longer changes it */
export function projectHandedOver(): AppError {
  return new AppError({
    code: 'project.handed_over',
    kind: 'conflict',
    message: 'The project was handed over to its building owner and is read-only',
  });
}

/** an archived project is read-only until someone who may archive it (OWNER or more) makes it active again */
export function projectArchived(): AppError {
  return new AppError({
    code: 'project.archived',
    kind: 'conflict',
    message: 'The project is archived and read-only; an OWNER can make it active again',
  });
}

export function projectNotFound(): AppError {
  return notFound('project');
}

/** also another key's or another owner's thread: it does not exist as far as the caller can tell */
export function threadNotFound(): AppError {
  return notFound('thread');
}

/** also what a caller gets for an archived building, or a building of another owner than the path names */
export function buildingNotFound(): AppError {
  return notFound('building');
}

/** also what a caller gets for an archived owner */
export function ownerNotFound(): AppError {
  return notFound('building_owner');
}
