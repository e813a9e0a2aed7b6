import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * What a partner credential learns beyond what it may read: the documents in a building's private folders counted
 * through the status routes and the building list, and an owner listed to a session token whose key no longer
 * reaches it.
 */
describe.each(testEngines())('partner reach on %s', (engine) => {
  let t: TestApp;
  let seed: { partnerId: string; key: string; ownerId: string; buildingId: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
  });
  afterAll(() => t.close());

  const ownerUrl = () => `/v1/building_owners/${seed.ownerId}`;

  async function newBuilding(name: string): Promise<string> {
    const created = await t.request({
      method: 'PUT',
      url: `${ownerUrl()}/buildings`,
      key: seed.key,
      payload: { name },
    });
    expect(created.status).toBe(200);
    return created.body as string;
  }

  async function sessionToken(key: string): Promise<string> {
    const made = await t.request({ method: 'POST', url: `${ownerUrl()}/sessions`, key, payload: { expires_in: 600 } });
    expect(made.status).toBe(200);
    return made.body.token as string;
  }

  it("never counts, nor lets a reader watch, the documents in a building's private folders (status, numberOfFiles)", async () => {
    const building = await newBuilding('Bygg med HR-mappe');
    const inBuilding = { ...seed, buildingId: building };
    const hide = await t.request({
      method: 'PATCH',
      url: `${ownerUrl()}/buildings/${building}`,
      key: seed.key,
      payload: { privateFolders: ['HR/'] },
    });
    expect(hide.status).toBe(200);
    await t.upload({ seed: inBuilding, filename: 'FDV/Brukermanual ventilasjon.txt', bytes: Buffer.from('manual') });
    // a facility manager's key for this building, and the token its web page holds
    const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [building] });
    const token = await sessionToken(scoped.key);

    const seen = async () => ({
      building: (await t.request({ method: 'GET', url: `${ownerUrl()}/buildings/${building}/status`, token })).body
        .total_documents as number,
      owner: (await t.request({ method: 'GET', url: `${ownerUrl()}/status`, token })).body.total_documents as number,
      files: (await t.request({ method: 'GET', url: `${ownerUrl()}/buildings/${building}`, token })).body
        .numberOfFiles as number,
      listed: (await t.request({ method: 'GET', url: `${ownerUrl()}/buildings`, key: scoped.key })).body.buildings[0]
        .numberOfFiles as number,
    });
    expect(await seen()).toEqual({ building: 1, owner: 1, files: 1, listed: 1 });

    // the owner's partner files a dismissal letter under HR/: nothing a reader of the building sees changes
    const letter = await t.upload({
      seed: inBuilding,
      filename: 'HR/Oppsigelse Ola Nordmann.txt',
      bytes: Buffer.from('x'),
    });
    expect(
      (await t.request({ method: 'GET', url: `${ownerUrl()}/buildings/${building}/documents/${letter}`, token }))
        .status,
    ).toBe(404);
    expect(await seen()).toEqual({ building: 1, owner: 1, files: 1, listed: 1 });
    // the same for the partner's own key, which cannot read it either
    const whole = await t.request({ method: 'GET', url: `${ownerUrl()}/buildings/${building}/status`, key: seed.key });
    expect(whole.body.total_documents).toBe(1);

    // once the folder is no longer private the file counts again
    await t.request({
      method: 'PATCH',
      url: `${ownerUrl()}/buildings/${building}`,
      key: seed.key,
      payload: { privateFolders: [] },
    });
    expect(await seen()).toEqual({ building: 2, owner: 2, files: 2, listed: 2 });
  });

  it('does not list to a session token the owner its key no longer reaches', async () => {
    const building = await newBuilding('Bygg som arkiveres');
    const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [building] });
    const token = await sessionToken(scoped.key);
    const owners = async (credential: { key: string } | { token: string }) =>
      (await t.request({ method: 'GET', url: '/v1/building_owners', ...credential })).body.buildingOwners.map(
        (o: { id: string }) => o.id,
      );
    expect(await owners({ token })).toEqual([seed.ownerId]);

    // the key's only building of the owner is archived: the key reaches nothing of the owner any more
    const archived = await t.request({ method: 'DELETE', url: `${ownerUrl()}/buildings/${building}`, key: seed.key });
    expect(archived.status).toBe(200);
    expect(await owners({ key: scoped.key })).toEqual([]);
    expect((await t.request({ method: 'GET', url: ownerUrl(), token })).status).toBe(403);
    // nor does the token made from it: not the owner's name in the list either
    const listed = await t.request({ method: 'GET', url: '/v1/building_owners', token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ buildingOwners: [], nextToken: null });
  });
});
