import { AppError, notFound } from '../shared/errors.js';

export function userNotFound(): AppError {
  return notFound('user');
}

export function userAlreadyExists(): AppError {
  return new AppError({
    code: 'user.already_exists',
    kind: 'conflict',
    message: 'A user with this e-mail address already exists',
  });
}
