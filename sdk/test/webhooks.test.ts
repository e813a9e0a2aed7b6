import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src/webhooks.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const body = '{"type":"webhook.test","timestamp":"2021-02-25T15:02:10.000Z","data":{}}';
const now = new Date(timestamp * 1000);

describe('verifyWebhook', () => {
  it("matches the specification's test vector", async () => {
    expect(await signWebhook({ secret, id, timestamp, body: '{"test": 2432232314}' })).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('returns the event of a request signed with the secret, from a plain object or Headers', async () => {
    const signature = await signWebhook({ secret, id, timestamp, body });
    const headers = { 'Webhook-Id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    await expect(verifyWebhook(secret, headers, body, { now })).resolves.toMatchObject({ type: 'webhook.test' });
    await expect(verifyWebhook(secret, new Headers(headers), new TextEncoder().encode(body), { now })).resolves.toEqual(
      JSON.parse(body),
    );
  });

  it('refuses a changed body, another secret, a replay outside the tolerance and missing headers', async () => {
    const signature = await signWebhook({ secret, id, timestamp, body });
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    const refusals = [
      () => verifyWebhook(secret, headers, body.replace('{}', '{"x":1}'), { now }),
      () => verifyWebhook('whsec_' + Buffer.from('another secret of ours').toString('base64'), headers, body, { now }),
      () => verifyWebhook(secret, headers, body, { now: new Date((timestamp + 301) * 1000) }),
      () => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body, { now }),
      () => verifyWebhook(secret, { 'webhook-id': id }, body, { now }),
    ];
    for (const refusal of refusals) await expect(refusal()).rejects.toBeInstanceOf(WebhookVerificationError);
  });
});
