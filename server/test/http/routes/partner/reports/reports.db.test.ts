import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dxfWithTitleBlock, makePdf } from '../../../../helpers/document-fixtures.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

const A1_LANDSCAPE: [number, number] = [2384, 1684];

describe.each(testEngines())('deficiency reports on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const buildings = { empty: '', fire: '', ventilation: '' };
  const ids: Record<string, string> = {};

  const base = (buildingId: string) => `/v1/building_owners/${seed.ownerId}/buildings/${buildingId}`;

  async function generate(buildingId: string, body: object, query = '') {
    return t.request({ method: 'POST', url: `${base(buildingId)}/reports${query}`, key: seed.key, payload: body });
  }

  async function report(buildingId: string, query = '') {
    const response = await t.request({ method: 'GET', url: `${base(buildingId)}/report${query}`, key: seed.key });
    expect(response.status).toBe(200);
    return response.body as {
      themes: Record<string, any>[];
      progressDetails: { theme: string; progress: number; total: number; percentage: number }[];
    };
  }

  const item = (r: { themes: Record<string, any>[] }, nameId: string) => {
    const found = r.themes.find((i) => i.nameId === nameId);
    if (!found) throw new Error(`no item ${nameId}`);
    return found;
  };

  async function createBuilding(name: string) {
    const response = await t.request({
      method: 'PUT',
      url: `/v1/building_owners/${seed.ownerId}/buildings`,
      key: seed.key,
      payload: { name },
    });
    return response.body as string;
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    buildings.empty = seed.buildingId;
    buildings.fire = await createBuilding('Fire Station Road 1');
    buildings.ventilation = await createBuilding('Airy House');
    await t.request({
      method: 'PATCH',
      url: base(buildings.fire),
      key: seed.key,
      payload: { privateFolders: ['HR/'] },
    });

    const upload = async (name: string, buildingId: string, filename: string, bytes: Buffer) => {
      ids[name] = await t.upload({ seed: { ...seed, buildingId }, filename, bytes });
    };
    await upload(
      'strategy',
      buildings.fire,
      'Brann/Brannkonsept Fire Station Road.pdf',
      await makePdf([
        'Brannkonsept for Fire Station Road 1\nRisikoklasse 4 og brannklasse 2.\nRømningsveier og brannceller er beskrevet i kapittel 3.',
      ]),
    );
    await upload(
      'fireDrawing',
      buildings.fire,
      'Brann/RIBr-101 Branntegning plan 1. etasje.dxf',
      Buffer.from(dxfWithTitleBlock('BRANNTEGNING PLAN 1. ETASJE - BRANNCELLER EI 60')),
    );
    await upload(
      'doorCertificate',
      buildings.fire,
      'Brann/Branndør EI2 30 produktsertifikat.pdf',
      await makePdf([
        'Produktsertifikat\nBranndør EI2 30-Sa\nSINTEF Teknisk godkjenning for branndører i rømningsvei.',
      ]),
    );
    await upload(
      'privateEvacuation',
      buildings.fire,
      'HR/Rømningsplan 1. etasje.pdf',
      await makePdf(['Rømningsplan\nDu er her. Nødutgang og samlingsplass.'], { size: A1_LANDSCAPE }),
    );
    await upload(
      'fdv',
      buildings.ventilation,
      'VVS/FDV ventilasjonsaggregat.pdf',
      await makePdf([
        'FDV-dokumentasjon ventilasjon\nDrift og vedlikehold av ventilasjonsaggregat VAX-1.\nFilterbytte hver sjette måned.',
      ]),
    );
    await upload(
      'energy',
      buildings.ventilation,
      'Energi/Energiattest.pdf',
      await makePdf(['Energiattest\nEnergikarakter C, oppvarmingskarakter gul.']),
    );
    await upload(
      'scan',
      buildings.ventilation,
      'Skann/Scan_0042.pdf',
      await makePdf(['Side 1 av 1\nSignert 12.03.2024']),
    );
    await t.waitForProcessing(Object.values(ids), 120_000);
  }, 240_000);
  afterAll(() => t.close());

  it('an empty building lacks everything: every item is missing and no theme has progress', async () => {
    const generated = await generate(buildings.empty, { country: 'NO', version: 'v1' });
    expect(generated.status).toBe(200);
    const statuses = new Set(generated.body.themes.map((i: { status: string }) => i.status));
    expect(statuses).toEqual(new Set(['missing']));
    expect(generated.body.progressDetails.every((p: { progress: number }) => p.progress === 0)).toBe(true);
    expect(item(generated.body, 'fire_safety.design')).toMatchObject({
      name: 'Brannteknisk dokumentasjon',
      theme: 'Brannsikkerhet',
      laws: expect.stringContaining('TEK17 § 11-11'),
      discipline: 'RIBr;ARK',
      comment: expect.stringContaining('Mangler: brannkonsept'),
      parentId: item(generated.body, 'fire_safety').id,
      nameParentId: 'fire_safety',
    });
    // readable right after the POST, in the same shape
    const read = await report(buildings.empty, '?country=NO');
    expect(read.themes).toEqual(generated.body.themes);
  });

  it('fire strategy, fire drawings and fire-door certificates make the fire design documentation complete', async () => {
    expect((await generate(buildings.fire, { country: 'NO', version: 'v1' })).status).toBe(200);
    const r = await report(buildings.fire, '?country=NO&locale=en');
    const design = item(r, 'fire_safety.design');
    expect(design.status).toBe('complete');
    expect(design.comment).toContain('Brannkonsept Fire Station Road.pdf');
    expect(design.comment).toContain('RIBr-101 Branntegning plan 1. etasje.dxf');
    expect(design.comment).toContain('Branndør EI2 30 produktsertifikat.pdf');
    // evacuation plans exist only in a private folder: they are no evidence
    expect(item(r, 'fire_safety.evacuation').status).toBe('missing');
    expect(item(r, 'fire_safety').status).toBe('partial');
    expect(item(r, 'fire_safety').comment).toBe('1 of 2 complete, 1 missing; 1 not applicable.');
    expect(r.progressDetails.find((p) => p.theme === 'Fire safety')).toEqual({
      theme: 'Fire safety',
      progress: 1,
      total: 2,
      percentage: 50,
    });
    // nothing in the building is about ventilation or mentions it
    expect(item(r, 'hvac.ventilation')).toMatchObject({
      status: 'not_applicable',
      comment: "Not applicable: none of the building's 3 readable documents is about ventilation or mentions it.",
    });
  });

  it('a document in a private folder can be neither evidence nor linked', async () => {
    const r = await report(buildings.fire, '?country=NO');
    const evacuation = item(r, 'fire_safety.evacuation');
    const linked = await t.request({
      method: 'PUT',
      url: `${base(buildings.fire)}/reports/${evacuation.id}/documents/${ids.privateEvacuation}`,
      key: seed.key,
    });
    expect(linked.status).toBe(404);
    expect(linked.body.code).toBe('document.not_found');
  });

  it('ventilation FDV without a commissioning report is partial, and the comment names the missing report', async () => {
    expect((await generate(buildings.ventilation, { country: 'NO', version: 'v1' })).status).toBe(200);
    const nb = item(await report(buildings.ventilation, '?country=NO'), 'hvac.ventilation');
    expect(nb.status).toBe('partial');
    expect(nb.comment).toBe(
      'Funnet: FDV-dokumentasjon (drifts- og vedlikeholdsinstruks) for ventilasjon (FDV ventilasjonsaggregat.pdf). ' +
        'Mangler: innreguleringsprotokoll / igangkjøringsrapport for ventilasjon.',
    );
    const en = item(await report(buildings.ventilation, '?country=NO&locale=en'), 'hvac.ventilation');
    expect(en.name).toBe('Ventilation');
    expect(en.comment).toContain('Missing: commissioning / balancing report for ventilation.');
    // `no` and `nn` read as Norwegian bokmål
    expect(item(await report(buildings.ventilation, '?locale=nn'), 'hvac.ventilation').name).toBe('Ventilasjonsanlegg');
  });

  it('a document linked by hand counts at once, and regenerating keeps the link and a person’s comment', async () => {
    const before = await report(buildings.ventilation, '?country=NO&locale=en');
    const ventilation = item(before, 'hvac.ventilation');
    const url = `${base(buildings.ventilation)}/reports/${ventilation.id}/documents`;

    const linked = await t.request({ method: 'PUT', url: `${url}/${ids.scan}`, key: seed.key });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: ventilation.id, status: 'complete' });
    expect(linked.body.comment).toContain('Scan_0042.pdf');
    const after = await report(buildings.ventilation, '?country=NO&locale=en');
    const hvac = (r: typeof before) => r.progressDetails.find((p) => p.theme === 'HVAC and plumbing')!;
    expect(hvac(after).progress).toBe(hvac(before).progress + 1);

    const listed = await t.request({ method: 'GET', url, key: seed.key });
    expect(listed.body.documents.map((d: { id: string }) => d.id)).toEqual([ids.scan]);

    const commented = await t.request({
      method: 'PATCH',
      url: `${base(buildings.ventilation)}/reports/${ventilation.id}`,
      key: seed.key,
      payload: { comment: 'Innreguleringen er skannet; original hos driftsleder.' },
    });
    expect(commented.body.comment).toBe('Innreguleringen er skannet; original hos driftsleder.');

    const regenerated = await generate(buildings.ventilation, { country: 'NO', version: 'v1' });
    expect(item(regenerated.body, 'hvac.ventilation')).toMatchObject({
      id: ventilation.id,
      status: 'complete',
      comment: 'Innreguleringen er skannet; original hos driftsleder.',
    });
    // v2 splits the item; the link on it now vouches for each finer item
    const v2 = await generate(buildings.ventilation, { country: 'NO', version: 'v2' });
    expect(item(v2.body, 'hvac.ventilation.commissioning').status).toBe('complete');

    const unlinked = await t.request({ method: 'DELETE', url: `${url}/${ids.scan}`, key: seed.key });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.status).toBe('partial');
    const again = await t.request({ method: 'DELETE', url: `${url}/${ids.scan}`, key: seed.key });
    expect(again.status).toBe(404);
  });

  it('reports for GB in English by default and in Norwegian on request; the golden thread needs a higher-risk building', async () => {
    const gb = await generate(buildings.fire, { country: 'GB', version: 'v1' });
    expect(gb.status).toBe(200);
    expect(item(gb.body, 'fire_safety.design')).toMatchObject({
      status: 'complete',
      name: 'Fire safety design documentation',
    });
    expect(item(gb.body, 'fire_safety.risk_assessment').status).toBe('missing');
    expect(item(gb.body, 'golden_thread.information')).toMatchObject({
      status: 'not_applicable',
      laws: 'Building Safety Act 2022 s.88',
      comment: expect.stringContaining('higher-risk building'),
    });
    const nb = await report(buildings.fire, '?country=GB&locale=nb');
    expect(item(nb, 'fire_safety.design').name).toBe('Brannteknisk dokumentasjon');
    expect(nb.progressDetails.map((p) => p.theme)).toContain('Golden thread (høyrisikobygninger)');
    // the newest report of any country is the list's
    const list = await t.request({ method: 'GET', url: `${base(buildings.fire)}/reports`, key: seed.key });
    expect(list.body.some((i: { nameId: string }) => i.nameId === 'golden_thread')).toBe(true);
  });

  it('v2 goes a level deeper: items nest through parentId down to single products', async () => {
    const v2 = await generate(buildings.fire, { country: 'NO', version: 'v2' });
    const byId = new Map(v2.body.themes.map((i: { id: string }) => [i.id, i]));
    for (const i of v2.body.themes) {
      if (i.parentId === null) expect(i.nameParentId).toBeNull();
      else expect((byId.get(i.parentId) as { nameId: string }).nameId).toBe(i.nameParentId);
    }
    expect(item(v2.body, 'fire_safety.design.products.doors').status).toBe('complete');
    expect(item(v2.body, 'fire_safety.design.products.dampers').status).toBe('not_applicable');
    // v2 also asks for fire stopping of penetrations, which this building does not document
    expect(item(v2.body, 'fire_safety.design.products.penetrations').status).toBe('missing');
    expect(item(v2.body, 'fire_safety.design.products').nameParentId).toBe('fire_safety.design');
    expect(item(v2.body, 'fire_safety.design').status).toBe('partial');
  });

  it('an archived document stops counting at once, without regenerating', async () => {
    const archived = await t.request({
      method: 'DELETE',
      url: `${base(buildings.fire)}/documents/${ids.doorCertificate}`,
      key: seed.key,
    });
    expect(archived.status).toBe(200);
    const doors = item(await report(buildings.fire, '?country=NO&locale=en'), 'fire_safety.design.products.doors');
    expect(doors.status).toBe('missing');
    expect(doors.comment).toBe('Missing: classification documents for fire doors.');
  });

  it('generating needs an API key that reaches the building and a valid country and version', async () => {
    const partial = await generate(buildings.empty, {});
    expect(partial.status).toBe(400);
    expect(partial.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/country', '/version']);
    expect((await generate(buildings.empty, { country: 'SE', version: 'v1' })).status).toBe(400);
    expect((await generate(buildings.empty, { country: 'NO', version: 'v1', extra: 1 })).status).toBe(400);

    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: {},
    });
    const token = session.body.token as string;
    const read = await t.request({ method: 'GET', url: `${base(buildings.fire)}/report?country=NO`, token });
    expect(read.status).toBe(200);
    const write = await t.request({
      method: 'POST',
      url: `${base(buildings.fire)}/reports`,
      token,
      payload: { country: 'NO', version: 'v1' },
    });
    expect(write.status).toBe(403);
    const link = await t.request({
      method: 'PUT',
      url: `${base(buildings.fire)}/reports/${item(read.body, 'fire_safety.evacuation').id}/documents/${ids.strategy}`,
      token,
    });
    expect(link.status).toBe(403);

    const scoped = await t.createKey({ partnerId: seed.partnerId, buildingIds: [buildings.empty] });
    const other = await t.request({ method: 'GET', url: `${base(buildings.fire)}/report`, key: scoped.key });
    expect(other.status).toBe(403);
    const own = await t.request({
      method: 'GET',
      // without /v1 and with a trailing slash: the same route
      url: `/building_owners/${seed.ownerId}/buildings/${buildings.empty}/reports/`,
      key: scoped.key,
    });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);

    const none = await t.request({ method: 'GET', url: `${base(buildings.empty)}/report?country=GB`, key: seed.key });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('report.not_found');
  });
});

describe.each(testEngines())('a report that takes longer than the wait bound on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // no workers yet: the job cannot finish within the (zero) bound
    t = await createTestApp({ engine, settings: { reports: { waitMs: 0 } } });
  });
  afterAll(() => t.close());

  it('gives requests made before the job begins the same report, and one made after it a report of its own', async () => {
    const seed = await t.seed();
    const url = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/reports`;
    const post = (payload: { country: string; version: string }) =>
      t.request({ method: 'POST', url, key: seed.key, payload });
    const asked = await Promise.all([1, 2, 3].map(() => post({ country: 'NO', version: 'v2' })));
    expect(asked.map((r) => r.status)).toEqual([202, 202, 202]);
    const reportId = asked[0]!.body.reportId;
    expect(asked.map((r) => r.body.reportId)).toEqual([reportId, reportId, reportId]);
    expect((await post({ country: 'NO', version: 'v2' })).body.reportId).toBe(reportId);
    // another version or country is another report
    const other = await post({ country: 'NO', version: 'v1' });
    expect(other.body.reportId).not.toBe(reportId);
    const queued = await t.deps.database.db
      .selectFrom('reports')
      .select('id')
      .where('building_id', '=', seed.buildingId)
      .execute();
    expect(queued).toHaveLength(2);

    // the job has begun to read the documents: a later request may have changed them, so it gets a new report
    await t.deps.services.reports.runGeneration(reportId, { lastAttempt: false });
    const after = await post({ country: 'NO', version: 'v2' });
    expect(after.status).toBe(202);
    expect(after.body.reportId).not.toBe(reportId);
  });

  it('is answered 202 and can be read once the job has run', async () => {
    const seed = await t.seed();
    const base = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
    const generated = await t.request({
      method: 'POST',
      url: `${base}/reports`,
      key: seed.key,
      payload: { country: 'GB', version: 'v2' },
    });
    expect(generated.status).toBe(202);
    expect(generated.body).toEqual({ state: 'pending', reportId: expect.any(String) });
    expect((await t.request({ method: 'GET', url: `${base}/report`, key: seed.key })).status).toBe(404);

    await t.deps.startWorkers();
    let report = await t.request({ method: 'GET', url: `${base}/report`, key: seed.key });
    for (let attempt = 0; report.status === 404 && attempt < 300; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await t.request({ method: 'GET', url: `${base}/report`, key: seed.key });
    }
    expect(report.status).toBe(200);
    expect(report.body.progressDetails.map((p: { theme: string }) => p.theme)).toContain(
      'Golden thread (higher-risk buildings)',
    );
  });
});
