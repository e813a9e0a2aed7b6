import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of the secret after its `whsec_` prefix.
 */
export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function signWebhook(params: { secret: string; id: string; timestamp: number; body: string }): string {
  const mac = createHmac('sha256', secretBytes(params.secret))
    .update(`${params.id}.${params.timestamp}.${params.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** the headers of one delivery attempt */
export function webhookHeaders(params: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': params.id,
    'webhook-timestamp': String(params.timestamp),
    'webhook-signature': signWebhook(params),
  };
}

/** whether one of the space-separated signatures of a header is this body's (constant-time comparison) */
export function signatureMatches(params: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
  header: string;
}) {
  const expected = Buffer.from(signWebhook(params));
  return params.header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
