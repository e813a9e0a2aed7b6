import { AppError, forbidden, invalidField } from '../shared/errors.js';

/** nobody gives a role above their own, or changes the role of someone who outranks them */
export function roleAboveOwn(ownRole: string): AppError {
  return forbidden('role.above_own', `You cannot give or change a role above your own (${ownRole})`);
}

/**
 * a customer role reaches every project without a role of its own, so it is bounded by the giver's role in each: the
 * project is named when the giver sees it (one that hides them stays unnamed, as everywhere else)
 */
export function roleAboveOwnInProject(params: { ownRole: string; projectName: string | null }): AppError {
  const where = params.projectName === null ? 'one of its projects' : `project ${params.projectName}`;
  return forbidden(
    'role.above_own',
    `You cannot give or change a role in the whole customer above your role in ${where} (${params.ownRole}): ` +
      'a customer role reaches every project',
  );
}

/** one's own customer role is changed by someone else (another ADMIN), never by oneself */
export function ownRoleUnchangeable(): AppError {
  return forbidden('role.own', 'You cannot change your own role: another ADMIN of the customer can');
}

export function lastAdmin(): AppError {
  return new AppError({
    code: 'customer.last_admin',
    kind: 'conflict',
    message: 'This is the last ADMIN of the customer: make someone else ADMIN first',
  });
}

export function userDeactivated(): AppError {
  return new AppError({
    code: 'user.deactivated',
    kind: 'conflict',
    message: 'This person’s account is deactivated; a platform administrator can reactivate it',
  });
}

export function projectOfAnotherCustomer(index: number): AppError {
  return invalidField(`/roles/${index}/projectId`, 'is not a project of this customer');
}

export function invitedToProjectOfAnotherCustomer(): AppError {
  return invalidField('/projectId', 'is not a project of this customer');
}

export function projectNamedTwice(index: number): AppError {
  return invalidField(`/roles/${index}/projectId`, 'names a project already named earlier in the list');
}
