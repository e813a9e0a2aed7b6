import { verifyWebhook } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runWebhooksCli } from '../../src/cli/webhooks.cli.js';
import { loadConfig } from '../../src/config/config.js';
import { freePort } from '../helpers/service-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { startWebhookReceiver, testWebhookSettings, until, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * `byggdok webhooks` against a listening service with its workers and a real receiver on loopback: register (the
 * secret printed once), list, test (the event arrives signed with that secret), deliveries, disable and enable, a new
 * secret by rotation, delete; another partner's webhook is refused, and so is a command given wrong.
 */
describe.each(testEngines())('byggdok webhooks against a running service on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let receiver: WebhookReceiver;
  let partner: { key: string };
  let other: { key: string };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ engine, workers: true, settings: { webhooks: testWebhookSettings() } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    partner = await t.seed();
    other = await t.seed();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Runs `byggdok webhooks <args>` in this process, as main.ts does, and collects what it prints. */
  async function webhooks(args: string[], env: Record<string, string> = { BYGGDOK_API_KEY: partner.key }) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    try {
      const config = loadConfig({ BYGGDOK_PUBLIC_URL: base, ...env });
      const code = await runWebhooksCli({ argv: args, config });
      return { code, stdout: stdout.join(''), stderr: stderr.join('') };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it(
    'registers, lists, tests, shows deliveries, turns off and on, rotates and deletes',
    { timeout: 120_000 },
    async () => {
      const created = await webhooks([
        'create',
        receiver.url('/cli'),
        '--events',
        'document.processed, webhook.test',
        '--description',
        'ERP',
      ]);
      expect(created.code, created.stderr).toBe(0);
      const [idLine, secretLine] = created.stdout.trim().split('\n');
      const webhookId = idLine!;
      const secret = /^secret: (whsec_\S+) {3}\(shown only now/.exec(secretLine!)?.[1] ?? '';
      expect(secret).toMatch(/^whsec_/);

      const list = await webhooks(['list']);
      expect(list.stdout).toBe(`${webhookId}  enabled   document.processed,webhook.test  ${receiver.url('/cli')}\n`);
      // the secret is not shown again, not even as JSON
      const listJson = await webhooks(['list', '--json']);
      expect(JSON.parse(listJson.stdout)).toEqual([expect.objectContaining({ id: webhookId, description: 'ERP' })]);
      expect(listJson.stdout).not.toContain('whsec_');

      const tested = await webhooks(['test', webhookId]);
      expect(tested.code, tested.stderr).toBe(0);
      const eventId = /^webhook\.test queued: (\S+)\n$/.exec(tested.stdout)?.[1];
      const [arrived] = await until(
        () => receiver.at('/cli'),
        (r) => r.length === 1,
        'the test event',
      );
      expect(arrived!.headers['webhook-id']).toBe(eventId);
      await expect(verifyWebhook(secret, arrived!.headers as never, arrived!.body)).resolves.toMatchObject({
        type: 'webhook.test',
      });
      const shown = await until(
        () => webhooks(['deliveries', webhookId]),
        (r) => r.stdout.includes('succeeded'),
        'the delivery shown as succeeded',
      );
      expect(shown.stdout).toMatch(/^\S+ {2}webhook\.test {11}succeeded attempts 1 {2}200 {2}\n$/);

      const off = await webhooks(['update', webhookId, '--disable']);
      expect(off.stdout).toBe(`${webhookId}  disabled  document.processed,webhook.test  ${receiver.url('/cli')}\n`);
      const on = await webhooks(['update', webhookId, '--enable', '--events', 'webhook.test']);
      expect(on.stdout).toBe(`${webhookId}  enabled  webhook.test  ${receiver.url('/cli')}\n`);

      // a new secret: a copy with the same URL, events and description, the old one still there until deleted
      const rotated = await webhooks(['rotate', webhookId, '--json']);
      expect(rotated.code, rotated.stderr).toBe(0);
      const copy = JSON.parse(rotated.stdout);
      expect(copy).toMatchObject({
        url: receiver.url('/cli'),
        events: ['webhook.test'],
        description: 'ERP',
        replaces: webhookId,
        secret: expect.stringMatching(/^whsec_/),
      });
      expect(copy.secret).not.toBe(secret);
      const rotatedText = await webhooks(['rotate', copy.id]);
      expect(rotatedText.stdout).toContain(
        `Once the receiver checks with the new secret: byggdok webhooks delete ${copy.id}`,
      );

      for (const id of [webhookId, copy.id, rotatedText.stdout.split('\n')[0]!]) {
        const deleted = await webhooks(['delete', id]);
        expect(deleted).toEqual({ code: 0, stdout: 'deleted\n', stderr: '' });
      }
      expect((await webhooks(['list'])).stdout).toBe('no webhooks\n');
    },
  );

  it("refuses another partner's webhook, a wrong event, a missing key, and says when the service is not there", async () => {
    const created = await webhooks(['create', receiver.url('/mine'), '--events', 'webhook.test', '--json']);
    const mine = JSON.parse(created.stdout).id as string;
    for (const args of [
      ['test', mine],
      ['delete', mine],
      ['rotate', mine],
      ['deliveries', mine],
    ]) {
      const refused = await webhooks(args, { BYGGDOK_API_KEY: other.key });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(/^byggdok webhooks: the service refused: 404 /);
    }
    expect((await webhooks(['list'], { BYGGDOK_API_KEY: other.key })).stdout).toBe('no webhooks\n');
    // the partner's own webhook is still there, untouched
    expect((await webhooks(['list'])).stdout).toContain(mine);

    const wrongEvent = await webhooks(['create', receiver.url('/x'), '--events', 'delivery.approved']);
    expect(wrongEvent.code).toBe(2);
    expect(wrongEvent.stderr).toMatch(
      /^byggdok webhooks: not an event of partner webhooks: delivery\.approved \(they are document\.processed, /,
    );
    const noKey = await webhooks(['list'], {});
    expect(noKey).toEqual({
      code: 2,
      stdout: '',
      stderr: 'byggdok webhooks: no API key: pass --key-file (or --key) or set BYGGDOK_API_KEY\n',
    });
    const noEvents = await webhooks(['create', receiver.url('/x')]);
    expect(noEvents.stderr).toBe('byggdok webhooks: --events is required (comma-separated event types)\n');
    const nobody = await webhooks(['list', '--url-base', `http://127.0.0.1:${await freePort()}`]);
    expect(nobody.code).toBe(3);
    expect(nobody.stderr).toMatch(/^byggdok webhooks: cannot reach http:\/\/127\.0\.0\.1:\d+/);
  });
});
