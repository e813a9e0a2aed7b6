import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords of local accounts (the embedded sign-in), hashed with scrypt (N=2^15, r=8, p=1: about 32 MB and
 * tens of milliseconds per guess). The stored form carries its parameters, so they can be raised later without
 * breaking old hashes: `scrypt$N$r$p$salt$hash` (base64url).
 */
export const DEFAULT_SCRYPT_COST = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: R, p: P });
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** checks a password against a stored hash, at the cost that hash was made with */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Hashing at one cost: new passwords get it, and a sign-in for an address nobody has is checked against a hash of the
 * same cost, so a wrong address takes as long as a wrong password.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** the stored hash, or for nobody a made-up one of the same cost (which nothing matches) */
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
}

export function createPasswordHasher(cost = DEFAULT_SCRYPT_COST): PasswordHasher {
  const nobody = ['scrypt', cost, R, P, 'A'.repeat(22), 'A'.repeat(43)].join('$');
  return {
    hash: (password) => hashPassword(password, cost),
    async verify(password, stored) {
      const ok = await verifyPassword(password, stored ?? nobody);
      return ok && Boolean(stored);
    },
  };
}

/** A password for a generated account (the first platform administrator): 24 characters, about 143 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
