import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Keys and tokens carry 256 random bits, so a plain SHA-256 is a safe way to store them (no salt or slow hash is
 * needed against guessing), and it lets a request find its key with one indexed lookup.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function hmac(key: string, data: string): string {
  return createHmac('sha256', key).update(data, 'utf8').digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
