import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpWebhookSender } from '../../src/integrations/webhooks/http.webhook-sender.js';

/**
 * A webhook receiver that holds the worker sending to it: it answers 200 at once and then sends a body that never ends
 * (to fill the worker's memory, or to keep the attempt open forever), or trickles a byte now and then (so that no idle
 * timeout ever fires). The sender reads at most 64 KiB of an answer and gives the whole attempt, body included, its
 * timeout; the receiver sees its connection closed.
 */
describe('hostile webhook receivers', () => {
  let server: http.Server;
  let base = '';
  /** per path: whether the service closed the connection while the receiver was still sending */
  const cutOff = new Map<string, boolean>();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = request.url ?? '';
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.on('close', () => cutOff.set(path, !response.writableFinished));
        if (path === '/endless') {
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const more = () => {
            while (!response.destroyed && response.write(chunk));
            if (!response.destroyed) response.once('drain', more);
          };
          more();
        } else if (path === '/trickle') {
          const timer = setInterval(() => response.write('.'), 100);
          response.on('close', () => clearInterval(timer));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // loopback needs WEBHOOKS_ALLOW_PRIVATE; the reading and the timeout are the same without it
  const sender = createHttpWebhookSender({ allowPrivate: true, timeoutMs: 2000 });
  const send = (path: string) => sender.send({ url: `${base}${path}`, headers: {}, body: '{"type":"webhook.test"}' });

  it('stops reading an answer that never ends: the 200 counts, the connection is closed', async () => {
    expect(await send('/endless')).toEqual({ ok: true, status: 200 });
    await until(() => cutOff.has('/endless'));
    expect(cutOff.get('/endless')).toBe(true);
  });

  it('ends an attempt whose answer trickles in, body included, at its timeout', async () => {
    const result = await send('/trickle');
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.ok ? '' : result.error).toContain('no answer within 2 s');
    await until(() => cutOff.has('/trickle'));
    expect(cutOff.get('/trickle')).toBe(true);
  });
});

/**
 * A webhook host whose DNS server never answers (the attacker's own, for a name they register): each lookup of it
 * holds one of the few threads the process also reads files, hashes passwords and compresses with, for 30 s and more.
 * Registrations and deliveries of such names at once may hold only two of them; each is refused within its timeout,
 * and names are looked up again once those lookups end.
 */
describe('webhook hosts whose DNS never answers', () => {
  it('hold at most two lookups at once, and are refused in time as not resolving', async () => {
    const hanging: (() => void)[] = [];
    const started: string[] = [];
    const sender = createHttpWebhookSender({
      allowPrivate: false,
      timeoutMs: 300,
      lookup: (host) => {
        started.push(host);
        if (host === 'public.example.test') return Promise.resolve([{ address: '203.0.113.10', family: 4 }]);
        return new Promise((_resolve, reject) => hanging.push(() => reject(new Error('ETIMEOUT'))));
      },
    });
    const refusals = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sender.checkTarget(`https://hook${i}.slow-dns.example.test/in`)),
    );
    for (const refusal of refusals)
      expect(refusal).toMatch(/does not resolve in time \(hook\d\.slow-dns\.example\.test\)/);
    expect(started).toHaveLength(2);
    // while those two still wait for their DNS server, another name waits for them too
    expect(await sender.checkTarget('https://public.example.test/in')).toContain('does not resolve in time');
    for (const end of hanging.splice(0)) end();
    expect(await sender.checkTarget('https://public.example.test/in')).toBeNull();
    expect(started.filter((host) => host.includes('slow-dns'))).toHaveLength(2);
  });
});

/**
 * DNS rebinding between the check and the connection: the name resolves to a public address when the sender checks it
 * and to loopback when the connection is made (`localhost` here, as the system resolves it). The connection goes to
 * the address that was checked, so a server on loopback sees none.
 */
describe('a webhook host that resolves elsewhere after its check', () => {
  it('is connected to at the address checked, never at the one it resolves to afterwards', async () => {
    let connections = 0;
    const inside = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = inside.address() as AddressInfo;
      const checked: string[] = [];
      const sender = createHttpWebhookSender({
        allowPrivate: false,
        timeoutMs: 500,
        // the sender's own lookup sees a public address; any other lookup of `localhost` sees loopback
        lookup: (host) => {
          checked.push(host);
          return Promise.resolve([{ address: '203.0.113.10', family: 4 }]);
        },
      });
      const result = await sender.send({ url: `https://localhost:${port}/hook`, headers: {}, body: '{}' });
      expect(checked).toEqual(['localhost']);
      expect(result.ok).toBe(false);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => inside.close(resolve));
    }
  });
});

/** waits until the receiver has seen its connection end (the test's own timeout bounds it) */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((resolve) => setTimeout(resolve, 20));
}
