import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * What an ask thread's id tells someone who may not read the thread: reading it back answered 404 for an id that is
 * no thread, but 403 for a real thread of an owner the caller does not reach (or of a building its key does not
 * reach), so a leaked or logged id could be tested for being a live thread, and of which owner.
 */
describe.each(testEngines())('ask thread ids read by others, on %s', (engine) => {
  let t: TestApp;
  let seed: { partnerId: string; key: string; ownerId: string; buildingId: string };
  let threadId: string;
  const noThread = '01900000-0000-7000-8000-000000000000';

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    const asked = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/ask`,
      key: seed.key,
      payload: { query: 'Hvem leverte sprinkleranlegget?' },
    });
    expect(asked.status).toBe(200);
    threadId = asked.body.thread_id as string;
  });
  afterAll(() => t.close());

  const readBack = async (id: string, key: string) => {
    const response = await t.request({ url: `/v1/building_owners/${seed.ownerId}/ask/threads/${id}`, key });
    return { status: response.status, code: response.body.code as string };
  };

  it("answers another partner's key alike for a real thread of an owner it does not reach and for no thread", async () => {
    const otherPartner = await t.createPartner('Annen proptech');
    const { key } = await t.createKey({ partnerId: otherPartner });
    expect((await readBack(threadId, seed.key)).status).toBe(200);

    const real = await readBack(threadId, key);
    expect(real.status).toBeGreaterThanOrEqual(400);
    expect(real).toEqual(await readBack(noThread, key));
  });

  it('answers a key of another building alike for a real thread of a building it does not reach and for no thread', async () => {
    const other = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name: 'Lagerbygg' },
    });
    expect(other.status).toBe(200);
    const { key } = await t.createKey({ partnerId: seed.partnerId, buildingIds: [other.body as string] });

    const real = await readBack(threadId, key);
    expect(real).toEqual({ status: 404, code: 'thread.not_found' });
    expect(await readBack(noThread, key)).toEqual(real);
  });
});
