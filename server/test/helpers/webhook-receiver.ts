import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookSettings } from '../../src/app/modules/webhooks.module.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** the key webhook secrets are sealed with in tests: the same across a restart */
export const TEST_WEBHOOKS_KEY = 'test-webhooks-key-0123456789abcdef0123456789';

/** private targets and http allowed (a receiver on loopback), two quick retries, a timeout short enough for a hanging receiver */
export function testWebhookSettings(overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  return {
    allowPrivate: true,
    retryScheduleSeconds: [0, 0],
    concurrencyPerOwner: 2,
    secretKey: TEST_WEBHOOKS_KEY,
    keyFile: '',
    timeoutMs: 5000,
    ...overrides,
  };
}

/**
 * A webhook receiver on loopback that records every request. By path: `/hang...` never answers, `/redirect...`
 * answers 302 to `/redirected`, a path given failures answers 500 that many times first, anything else 200.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path.startsWith('/hang')) return;
      if (path.startsWith('/redirect')) {
        response.writeHead(302, { location: '/redirected' }).end();
        return;
      }
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        response.writeHead(500).end('busy');
        return;
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    failFirst(path: string, times: number) {
      failures.set(path, times);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** waits until the condition holds (the test's own timeout bounds it) */
export async function until<T>(read: () => Promise<T> | T, holds: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
