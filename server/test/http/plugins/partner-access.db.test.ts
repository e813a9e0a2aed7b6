import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

describe.each(testEngines())('partner access rules on %s', (engine) => {
  let t: TestApp;
  let partnerId: string;
  let key: string;
  let ownerA: string;
  let ownerB: string;
  let buildingA1: string;
  let buildingA2: string;
  let buildingB1: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ partnerId, key, ownerId: ownerA, buildingId: buildingA1 } = await t.seed());
    buildingA2 = (
      await t.request({ method: 'PUT', url: `/v1/building_owners/${ownerA}/buildings`, key, payload: { name: 'A2' } })
    ).body;
    ownerB = (await t.request({ method: 'POST', url: '/v1/building_owners', key, payload: { name: 'Owner B' } })).body
      .id;
    buildingB1 = (
      await t.request({ method: 'PUT', url: `/v1/building_owners/${ownerB}/buildings`, key, payload: { name: 'B1' } })
    ).body;
  });
  afterAll(() => t.close());

  it('answers 401 for a missing, unknown or revoked key', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/building_owners' })).status).toBe(401);
    const unknown = await t.request({ method: 'GET', url: '/v1/building_owners', key: 'fk_live_nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('auth.invalid_key');

    const temporary = await t.createKey({ partnerId });
    expect((await t.request({ method: 'GET', url: '/v1/building_owners', key: temporary.key })).status).toBe(200);
    const revoke = await t.request({
      method: 'DELETE',
      url: `/admin/keys/${temporary.id}`,
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    expect(revoke.status).toBe(204);
    expect((await t.request({ method: 'GET', url: '/v1/building_owners', key: temporary.key })).status).toBe(401);
  });

  it('gives a whole-partner key every owner and building', async () => {
    const owners = await t.request({ method: 'GET', url: '/v1/building_owners', key });
    expect(owners.status).toBe(200);
    expect(owners.body.buildingOwners.map((o: { id: string }) => o.id)).toEqual([ownerA, ownerB]);
    expect(owners.body.nextToken).toBeNull();
    const buildings = await t.request({ method: 'GET', url: `/v1/building_owners/${ownerA}/buildings`, key });
    expect(buildings.body.buildings.map((b: { id: string }) => b.id)).toEqual([buildingA1, buildingA2]);
    expect(buildings.body.buildings[0]).toMatchObject({ name: 'Oslo Office Tower', numberOfFiles: 0 });
  });

  it('shows a building-scoped key only its own buildings and their owners', async () => {
    const scoped = await t.createKey({ partnerId, buildingIds: [buildingA2] });
    const owners = await t.request({ method: 'GET', url: '/v1/building_owners', key: scoped.key });
    expect(owners.body.buildingOwners.map((o: { id: string }) => o.id)).toEqual([ownerA]);
    const buildings = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${ownerA}/buildings`,
      key: scoped.key,
    });
    expect(buildings.body.buildings.map((b: { id: string }) => b.id)).toEqual([buildingA2]);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${ownerA}/buildings/${buildingA1}`,
          key: scoped.key,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `/v1/building_owners/${ownerB}/buildings`, key: scoped.key })).status,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/v1/building_owners/${ownerA}/buildings/${buildingA1}/status`,
          key: scoped.key,
        })
      ).status,
    ).toBe(403);
  });

  it('requires whole-owner access to create a building or rename or delete an owner', async () => {
    const scoped = await t.createKey({ partnerId, buildingIds: [buildingA2] });
    const create = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${ownerA}/buildings`,
      key: scoped.key,
      payload: { name: 'X' },
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('auth.owner_access_required');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/v1/building_owners/${ownerA}`,
          key: scoped.key,
          payload: { name: 'X' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/v1/building_owners/${ownerA}`, key: scoped.key })).status).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'POST', url: '/v1/building_owners', key: scoped.key, payload: { name: 'X' } })).status,
    ).toBe(403);

    const ownerScoped = await t.createKey({ partnerId, buildingOwnerIds: [ownerB] });
    const created = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${ownerB}/buildings`,
      key: ownerScoped.key,
      payload: { name: 'B2' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatch(/^[0-9a-f-]{36}$/);
    // an owner-scoped key cannot create owners: that needs the whole partner
    expect(
      (await t.request({ method: 'POST', url: '/v1/building_owners', key: ownerScoped.key, payload: { name: 'X' } }))
        .status,
    ).toBe(403);
  });

  it('lets a key of single buildings use its building but not change or archive it', async () => {
    const building = `/v1/building_owners/${ownerA}/buildings/${buildingA2}`;
    const hide = await t.request({ method: 'PATCH', url: building, key, payload: { privateFolders: ['HR/'] } });
    expect(hide.status).toBe(200);
    const scoped = await t.createKey({ partnerId, buildingIds: [buildingA2] });
    const token = (
      await t.request({ method: 'POST', url: `/v1/building_owners/${ownerA}/sessions`, key: scoped.key, payload: {} })
    ).body.token as string | undefined;
    // the owner's partner hid a folder: the building's own key (and a token from it) may not lift it, rename the
    // building or archive it
    for (const credential of [{ key: scoped.key }, ...(token ? [{ token }] : [])]) {
      const lift = await t.request({ method: 'PATCH', url: building, ...credential, payload: { privateFolders: [] } });
      expect(lift.status).toBe(403);
      // a token may be refused before that, as a read-only one
      if ('key' in credential) expect(lift.body.code).toBe('auth.owner_access_required');
      const rename = await t.request({ method: 'PATCH', url: building, ...credential, payload: { name: 'X' } });
      expect(rename.status).toBe(403);
      expect((await t.request({ method: 'DELETE', url: building, ...credential })).status).toBe(403);
    }
    const after = await t.request({ method: 'GET', url: building, key: scoped.key });
    expect(after.status).toBe(200);
    expect(after.body.privateFolders).toEqual(['HR/']);
    expect(after.body.name).toBe('A2');
  });

  it('tells a foreign owner (403) from an unknown one (404)', async () => {
    const otherPartner = await t.createPartner('Other Partner');
    const otherKey = await t.createKey({ partnerId: otherPartner });
    const foreign = await t.request({ method: 'GET', url: `/v1/building_owners/${ownerA}`, key: otherKey.key });
    expect(foreign.status).toBe(403);
    const unknown = await t.request({
      method: 'GET',
      url: '/v1/building_owners/00000000-0000-7000-8000-000000000000',
      key,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('building_owner.not_found');
    const unknownBuilding = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${ownerA}/buildings/bld_nope`,
      key,
    });
    expect(unknownBuilding.status).toBe(404);
    // a building of owner B addressed under owner A does not exist there
    expect(
      (await t.request({ method: 'GET', url: `/v1/building_owners/${ownerA}/buildings/${buildingB1}`, key })).status,
    ).toBe(404);
    // once the operator gives the owner to the other partner, its key reaches it
    const grant = await t.request({
      method: 'PUT',
      url: `/admin/partners/${otherPartner}/building_owners/${ownerA}`,
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    expect(grant.status).toBe(204);
    expect((await t.request({ method: 'GET', url: `/v1/building_owners/${ownerA}`, key: otherKey.key })).status).toBe(
      200,
    );
  });

  it('renames and archives owners and buildings; archived ones are gone from every read', async () => {
    const owner = (
      await t.request({ method: 'POST', url: '/v1/building_owners', key, payload: { name: 'Temporary AS' } })
    ).body.id;
    const building = (
      await t.request({
        method: 'PUT',
        url: `/v1/building_owners/${owner}/buildings`,
        key,
        payload: { name: 'Old name' },
      })
    ).body;
    const renamed = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${owner}`,
      key,
      payload: { name: 'Renamed AS' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed AS');
    const renamedBuilding = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${owner}/buildings/${building}`,
      key,
      payload: { name: 'New name', privateFolders: ['HR', '/Contracts/Signed/'] },
    });
    expect(renamedBuilding.body).toMatchObject({ name: 'New name', privateFolders: ['HR/', 'Contracts/Signed/'] });

    expect(
      (await t.request({ method: 'DELETE', url: `/v1/building_owners/${owner}/buildings/${building}`, key })).body,
    ).toEqual({ success: true });
    expect(
      (await t.request({ method: 'GET', url: `/v1/building_owners/${owner}/buildings/${building}`, key })).status,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/v1/building_owners/${owner}/buildings`, key })).body.buildings,
    ).toEqual([]);

    expect((await t.request({ method: 'DELETE', url: `/v1/building_owners/${owner}`, key })).body).toEqual({
      success: true,
    });
    expect((await t.request({ method: 'GET', url: `/v1/building_owners/${owner}`, key })).status).toBe(404);
    const owners = await t.request({ method: 'GET', url: '/v1/building_owners', key });
    expect(owners.body.buildingOwners.map((o: { id: string }) => o.id)).not.toContain(owner);
    // nothing is destroyed
    const row = await t.deps.database.db
      .selectFrom('building_owners')
      .select(['name', 'archived_at'])
      .where('id', '=', owner)
      .executeTakeFirst();
    expect(row?.name).toBe('Renamed AS');
    expect(row?.archived_at).not.toBeNull();
  });

  it('reports the building and owner status record with every field, zero before documents exist', async () => {
    const status = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${ownerA}/buildings/${buildingA1}/status`,
      key,
    });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      extracted_text: false,
      extracted_file: false,
      uncompressed_package: false,
      valid_file: false,
      invalid_file: false,
      categorised: false,
      skip_extract_file: false,
      text_extraction_error: false,
      total_documents: 0,
      processed_documents: 0,
      categorized_documents: 0,
      extracted_percentage: 0,
      categorized_percentage: 0,
      duplicate_documents: 0,
    });
    const ownerStatus = await t.request({ method: 'GET', url: `/v1/building_owners/${ownerA}/status`, key });
    expect(ownerStatus.body.total_documents).toBe(0);
  });

  it('answers on /v1 and without it, with and without a trailing slash', async () => {
    for (const url of ['/v1/building_owners', '/building_owners', '/v1/building_owners/', '/building_owners/']) {
      const response = await t.request({ method: 'GET', url, key });
      expect(response.status, url).toBe(200);
      expect(response.body.buildingOwners.length).toBeGreaterThan(0);
    }
    expect(
      (await t.request({ method: 'GET', url: `/building_owners/${ownerA}/buildings/${buildingA1}/status/`, key }))
        .status,
    ).toBe(200);
  });
});
