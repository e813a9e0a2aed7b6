import { randomSecret } from '../shared/ids.js';

/** Personal API keys: `fk_user_` and 256 random bits. Only a SHA-256 hash is stored; the key is shown once. */
export const USER_KEY_PREFIX = 'fk_user_';

export function generateUserKey(): string {
  return `${USER_KEY_PREFIX}${randomSecret()}`;
}

/** the first characters, so a person can tell their keys apart in a list */
export function userKeyPrefix(key: string): string {
  return key.slice(0, USER_KEY_PREFIX.length + 6);
}
