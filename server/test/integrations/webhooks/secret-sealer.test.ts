import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { newWebhookSecret, signatureMatches, signWebhook } from '../../../src/domain/webhooks/signature.js';
import { createSecretSealer, readOrCreateKeyFile } from '../../../src/integrations/webhooks/secret-sealer.js';

describe('webhook secrets at rest', () => {
  it('seals a secret so that only the same key opens it, and never stores it in the clear', () => {
    const secret = newWebhookSecret();
    const sealed = createSecretSealer('k'.repeat(40)).seal(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(createSecretSealer('k'.repeat(40)).open(sealed)).toBe(secret);
    expect(() => createSecretSealer('x'.repeat(40)).open(sealed)).toThrow(/cannot be opened with this key/);
    // the same secret sealed twice looks different (a fresh IV each time)
    expect(createSecretSealer('k'.repeat(40)).seal(secret)).not.toBe(sealed);
  });

  it('makes the key file once, readable by its owner only, and reads the same key after', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'byggdok-key-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'data', 'webhooks.key');
    const key = readOrCreateKeyFile(file);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateKeyFile(file)).toBe(key);
  });
});

describe('Standard Webhooks signatures', () => {
  it('signs the example of the specification as its reference code does', () => {
    // the test vector of standard-webhooks/standard-webhooks (libraries/javascript)
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    const signature = signWebhook({ secret, id, timestamp, body });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(signatureMatches({ secret, id, timestamp, body, header: `v1,bm90IHRoaXM= ${signature}` })).toBe(true);
    expect(signatureMatches({ secret, id, timestamp, body: `${body} `, header: signature })).toBe(false);
  });
});
