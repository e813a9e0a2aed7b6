import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testSettings, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';
import { testWebhookSettings, until } from '../helpers/webhook-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A receiver that holds the requests to a path unanswered while told to, answers those it held once told to answer,
 * and answers 200 otherwise, and counts the requests of each path open at the same moment.
 */
async function startCountingReceiver() {
  const held = new Set<string>();
  const waiting = new Map<string, http.ServerResponse[]>();
  const open = new Map<string, number>();
  const most = new Map<string, number>();
  const requests: { path: string; at: number; closedAt: number | null }[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    const entry = { path, at: Date.now(), closedAt: null as number | null };
    requests.push(entry);
    open.set(path, (open.get(path) ?? 0) + 1);
    most.set(path, Math.max(most.get(path) ?? 0, open.get(path) ?? 0));
    // answered, or given up by the sender: either way no longer being sent
    response.on('close', () => {
      entry.closedAt = Date.now();
      open.set(path, (open.get(path) ?? 1) - 1);
    });
    request.resume();
    request.on('end', () => {
      if (!held.has(path)) response.writeHead(200).end('ok');
      else waiting.set(path, [...(waiting.get(path) ?? []), response]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hold: (path: string) => held.add(path),
    answer: (path: string) => {
      held.delete(path);
      for (const response of waiting.get(path) ?? []) response.writeHead(200).end('ok');
      waiting.delete(path);
    },
    at: (path: string) => requests.filter((r) => r.path === path),
    openAt: (path: string) => open.get(path) ?? 0,
    mostOpenAt: (path: string) => most.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An owner's webhook deliveries being sent at once are capped (WEBHOOK_CONCURRENCY_PER_OWNER, 2 here), across every
 * worker process (busy_slots): an owner whose endpoint hangs for the whole timeout holds two of the workers, not all
 * of them, so another owner's events go out meanwhile. A delivery held back is queued again and later sent on its first
 * attempt; a slot a dead process left behind holds nothing back.
 */
describe.each(testEngines())('webhook deliveries sent at once per owner on %s', (engine) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startCountingReceiver>>;
  // far beyond the test's own waits, so the hanging requests are still open however slowly a loaded machine sends the
  // other owner's (CI failed so at 5 s, on PGlite); the receiver answers them once the test is done looking
  const TIMEOUT_MS = 60_000;

  const register = async (seed: { key: string }, path: string) => {
    const made = await t.request({
      method: 'POST',
      url: '/v1/webhooks',
      key: seed.key,
      payload: { url: receiver.url(path), events: ['building.created'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id as string;
  };
  const newBuilding = async (seed: { key: string; ownerId: string }, name: string) => {
    const made = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name },
    });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  };
  const deliveriesOf = async (key: string, webhookId: string) =>
    (await t.request({ method: 'GET', url: `/v1/webhooks/${webhookId}/deliveries`, key })).body.deliveries as {
      id: string;
      attempt: number;
      status: string;
      responseStatus: number | null;
    }[];
  const attemptsOf = (webhookId: string) =>
    t.deps.database.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.delivery_id', 'a.attempt'])
      .where('d.webhook_id', '=', webhookId)
      .execute();
  const slotsOf = (holder: string) =>
    t.deps.database.db
      .selectFrom('busy_slots')
      .select('slot')
      .where('kind', '=', 'webhook')
      .where('holder', '=', holder)
      .execute();

  beforeAll(async () => {
    receiver = await startCountingReceiver();
    t = await createTestApp({
      engine,
      workers: true,
      settings: {
        // four delivery workers: without a cap per owner, a hanging endpoint would hold every one of them
        worker: { ...testSettings().worker, concurrency: 4 },
        // no retries; a held-back delivery is tried again after 1 s
        webhooks: testWebhookSettings({ timeoutMs: TIMEOUT_MS, retryScheduleSeconds: [], deferSeconds: 1 }),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("sends at most 2 of an owner's deliveries at once while its endpoint hangs, another owner's meanwhile, and the rest later on their first attempt", async () => {
    const slow = await t.seed();
    const other = await t.seed();
    const slowHook = await register(slow, '/slow');
    const otherHook = await register(other, '/other');
    receiver.hold('/slow');

    for (let i = 1; i <= 6; i++) await newBuilding(slow, `Treg ${i}`);
    await until(
      () => receiver.openAt('/slow'),
      (n) => n >= 2,
      'two of the slow owner’s deliveries being sent',
    );
    // time for the idle workers to take more of them, were they allowed to
    await sleep(1000);
    expect(receiver.openAt('/slow')).toBe(2);

    await newBuilding(other, 'Annen 1');
    await newBuilding(other, 'Annen 2');
    await until(
      () => receiver.at('/other'),
      (received) => received.length === 2,
      "the other owner's events",
    );
    // sent while the slow owner's first two still hang: no worker waited out their timeout
    expect(receiver.at('/slow').every((r) => r.closedAt === null)).toBe(true);
    expect(receiver.at('/slow')).toHaveLength(2);

    receiver.answer('/slow');
    const settled = await until(
      () => deliveriesOf(slow.key, slowHook),
      (deliveries) => deliveries.length === 6 && deliveries.every((d) => d.status !== 'pending'),
      'every delivery of the slow owner tried',
    );
    // the two that hung were answered at last; the four held back meanwhile were sent later, each on its first attempt
    expect(settled.map((d) => `${d.status}/${d.attempt}`).sort()).toEqual([
      'succeeded/1',
      'succeeded/1',
      'succeeded/1',
      'succeeded/1',
      'succeeded/1',
      'succeeded/1',
    ]);
    const attempts = await attemptsOf(slowHook);
    expect(attempts).toHaveLength(6);
    expect(new Set(attempts.map((a) => a.delivery_id)).size).toBe(6);
    expect(attempts.every((a) => a.attempt === 1)).toBe(true);
    // each delivery reached the endpoint once: one held back sent nothing
    expect(receiver.at('/slow')).toHaveLength(6);
    expect(receiver.mostOpenAt('/slow')).toBe(2);
    expect((await deliveriesOf(other.key, otherHook)).map((d) => `${d.status}/${d.attempt}`)).toEqual([
      'succeeded/1',
      'succeeded/1',
    ]);
    // every slot given back (each just after its attempt was recorded)
    await until(
      () => slotsOf(`partner:${slow.partnerId}`),
      (rows) => rows.length === 0,
      'the slots given back',
    );
  });

  it("holds an owner's delivery back while another process sends its 2, and not for the slots of a process that died", async () => {
    const owner = await t.seed();
    const hook = await register(owner, '/elsewhere');
    const holder = `partner:${owner.partnerId}`;
    // another worker process, on the same database, sending two of this owner's deliveries now
    await t.deps.database.db
      .insertInto('busy_slots')
      .values(
        [0, 1].map((slot) => ({
          kind: 'webhook',
          holder,
          slot,
          token: `other-${slot}`,
          expires_at: sql<Date>`now() + interval '1 minute'`,
        })),
      )
      .execute();

    await newBuilding(owner, 'Venter');
    // several of its turns (one a second) go by without a send
    await sleep(3000);
    expect(receiver.at('/elsewhere')).toHaveLength(0);
    expect((await deliveriesOf(owner.key, hook)).map((d) => `${d.status}/${d.attempt}`)).toEqual(['pending/0']);

    // that process died: its leases run out, and the delivery goes on its first attempt
    await t.deps.database.db
      .updateTable('busy_slots')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('kind', '=', 'webhook')
      .where('holder', '=', holder)
      .execute();
    const done = await until(
      () => deliveriesOf(owner.key, hook),
      (deliveries) => deliveries.every((d) => d.status !== 'pending'),
      'the delivery sent',
    );
    expect(done.map((d) => `${d.status}/${d.attempt}/${d.responseStatus}`)).toEqual(['succeeded/1/200']);
    expect(receiver.at('/elsewhere')).toHaveLength(1);
  });
});
