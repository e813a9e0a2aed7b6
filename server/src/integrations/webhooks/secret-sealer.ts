import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretSealer } from '../../domain/webhooks/webhooks.service.js';

/**
 * AES-256-GCM with a key kept outside the database: WEBHOOKS_SECRET_KEY, or a file in the data folder (created once,
 * mode 0600). A database dump without the key cannot forge a webhook; a restore needs the key beside the backup.
 */
export function createSecretSealer(keyMaterial: string): SecretSealer {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('webhook secret: unknown sealing');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(
          'webhook secret: cannot be opened with this key (WEBHOOKS_SECRET_KEY or the key file differs from the one it was sealed with)',
        );
      }
    },
  };
}

/** the key in a file of the data folder, made on first use with owner-only permissions */
export function readOrCreateKeyFile(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // another process of this data folder made it first: theirs is the key
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}
