import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

describe.each(testEngines())('personal API keys on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  it("a person's key is a known caller, but reaches no partner's building owner by itself", async () => {
    const { key } = await createTestUser(t.deps.database.db);
    const response = await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}`, key });
    expect(response.status).toBe(403);
  });

  it('a key of a deactivated person, or a made-up one, is refused with 401', async () => {
    const { key } = await createTestUser(t.deps.database.db, { status: 'deactivated' });
    for (const candidate of [key, 'fk_user_madeup']) {
      const response = await t.request({ method: 'GET', url: `/v1/building_owners/${seed.ownerId}`, key: candidate });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('auth.invalid_key');
    }
  });
});
