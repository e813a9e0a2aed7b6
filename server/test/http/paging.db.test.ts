import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

describe.each(testEngines())('paging tokens on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    ids = [seed.buildingId];
    for (let i = 1; i < 7; i++) {
      ids.push(
        (
          await t.request({
            method: 'PUT',
            url: `/v1/building_owners/${seed.ownerId}/buildings`,
            key: seed.key,
            payload: { name: `B${i}` },
          })
        ).body,
      );
    }
  });
  afterAll(() => t.close());

  const list = (query: string) =>
    t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}/buildings?${query}`, key: seed.key });

  it('pages through every building exactly once, with nextToken null on the last page', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const response = await list(`limit=3${token ? `&next_token=${encodeURIComponent(token)}` : ''}`);
      expect(response.status).toBe(200);
      seen.push(...response.body.buildings.map((b: { id: string }) => b.id));
      token = response.body.nextToken;
    } while (token);
    expect(seen).toEqual(ids);
  });

  it('stays stable while buildings are inserted between pages', async () => {
    const first = await list('limit=4');
    const inserted = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${seed.ownerId}/buildings`,
        key: seed.key,
        payload: { name: 'Late' },
      })
    ).body;
    const second = await list(`limit=100&next_token=${encodeURIComponent(first.body.nextToken)}`);
    const all = [...first.body.buildings, ...second.body.buildings].map((b: { id: string }) => b.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...ids, inserted]);
  });

  it('answers 400, never 500 or data, for an edited, forged or foreign token', async () => {
    const { nextToken } = (await list('limit=2')).body;
    const [payload, signature] = nextToken.split('.');
    const editedPayload = Buffer.from(JSON.stringify(['1970-01-01T00:00:00.000Z', ''])).toString('base64url');
    const cases = [
      `${editedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}xx`,
      'garbage',
      `${payload}.${signature}.extra`,
      '....',
    ];
    for (const token of cases) {
      const response = await list(`limit=2&next_token=${encodeURIComponent(token)}`);
      expect(response.status, token).toBe(400);
      expect(response.body.code).toBe('request.invalid_next_token');
    }
    // a building token replayed on the owners list is refused too
    const owners = await t.request({
      method: 'GET',
      url: `/v1/building_owners?next_token=${encodeURIComponent(nextToken)}`,
      key: seed.key,
    });
    expect(owners.status).toBe(400);
  });

  it('validates limit', async () => {
    expect((await list('limit=0')).status).toBe(400);
    expect((await list('limit=1001')).status).toBe(400);
    const bad = await list('limit=ten');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/limit');
    expect((await list('limit=1000')).status).toBe(200);
    expect((await list('unknown=1')).body.errors[0]).toEqual({
      path: '/unknown',
      message: 'is not a known query parameter',
    });
  });
});
