import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Identifiers are time-ordered (UUIDv7 and its 26-character Crockford base32 form), so new rows land at the end of
 * their indexes. Prefixes tell a building id from a key id in logs and support tickets.
 */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out;
}

function orderedId(prefix: string): string {
  const hex = uuidv7().replace(/-/g, '');
  return `${prefix}_${base32(Buffer.from(hex, 'hex'))}`;
}

export const newId = {
  uuid: (): string => uuidv7(),
  /** UUIDv7, like every id the application interface carries; `bld_...` ids issued before keep working */
  building: (): string => uuidv7(),
  partner: (): string => orderedId('prt'),
  apiKey: (): string => orderedId('key'),
  session: (): string => orderedId('ses'),
  /** the application spec's pattern: `user_` and 26 lower-case letters or digits */
  user: (): string => orderedId('user'),
  userSession: (): string => orderedId('uss'),
  userApiKey: (): string => orderedId('ukey'),
};

/** A secret with 256 bits of entropy, URL-safe. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
