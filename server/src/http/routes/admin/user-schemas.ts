import { Type } from '@sinclair/typebox';

/** the application spec's user id: `user_` and 26 lower-case letters or digits */
export const UserId = Type.String({ pattern: '^user_[a-z0-9]{26}$', description: 'user id' });

/** a local account's password: long enough to resist guessing, short enough to hash quickly */
export const Password = Type.String({ minLength: 12, maxLength: 200, description: 'at least 12 characters' });
