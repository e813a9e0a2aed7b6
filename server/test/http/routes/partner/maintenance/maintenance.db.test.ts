import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makeXlsx } from '../../../../helpers/document-fixtures.js';
import { createTestCustomer, createTestUser, giveCustomerRole } from '../../../../helpers/people-fixtures.js';
import { createTestApp, type TestApp } from '../../../../helpers/test-app.js';
import { testEngines } from '../../../../helpers/test-database.js';

interface Task {
  id: string;
  component: string;
  componentCode: string | null;
  buildingCategory: string | null;
  action: string;
  interval: { every: number; unit: string } | null;
  intervalText: string;
  performedBy: string | null;
  source: string;
  status: string;
  citation: { document_id: string; page_number: number | null; cited_text: string } | null;
}

const FDV_PAGES = [
  'FDV ventilasjonsaggregat =360.001-LB01\nDrift og vedlikehold\nFilteret i ventilasjonsaggregatet skal byttes hver 6. måned.\nVifter og motorer kontrolleres halvårlig, og reimer byttes årlig av servicefirma.\nGarantitiden er fem år fra overtakelse.',
  'Vedlikehold av varmegjenvinner\nVarmegjenvinneren rengjøres 2 ganger i året.\nKompressoren skal ha service hver 2000. driftstime.',
];

/** RFC 4180 rows: quoted fields may hold commas, quotes and line breaks */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe.each(testEngines())('the maintenance plan on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let other: Awaited<ReturnType<TestApp['seed']>>;
  const ids = { fdv: '', fire: '', sheet: '' };
  let token = '';
  let otherBuilding = '';
  const people = { reader: '', writer: '' };

  const base = () => `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/maintenance_tasks`;
  const list = async (key = seed.key, url = base()) => {
    const response = await t.request({ method: 'GET', url, key });
    expect(response.status).toBe(200);
    return response.body.tasks as Task[];
  };
  const ofDocument = (tasks: Task[], documentId: string) =>
    tasks.filter((task) => task.citation?.document_id === documentId);

  async function waitForTasks(documentId: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const tasks = ofDocument(await list(), documentId);
      if (tasks.length > 0) return tasks;
      if (Date.now() > deadline) throw new Error(`no maintenance tasks for ${documentId}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    other = await t.seed();
    ids.fdv = await t.upload({ seed, filename: 'RIV/FDV ventilasjonsaggregat.pdf', bytes: await makePdf(FDV_PAGES) });
    ids.fire = await t.upload({
      seed,
      filename: 'RIBr/Brannstrategi.pdf',
      bytes: await makePdf([
        'Brannstrategi\nBygget er i risikoklasse 4. Bærende konstruksjoner skal ha brannmotstand R 60.\nDører til trapperom skal være EI2 30-Sa og holdes lukket hver dag.',
      ]),
    });
    ids.sheet = await t.upload({
      seed,
      filename: 'FDV/Vedlikeholdsplan.xlsx',
      bytes: await makeXlsx(
        [
          ['Komponent', 'Tiltak', 'Eier', 'Installatør'],
          ['Avtrekksfilter', 'Bytte', '6 mnd', '-'],
          ['Kondensavløp', 'Rengjøring', '3 mnd', '1 år'],
        ],
        'Vedlikeholdsplan',
      ),
    });
    await t.waitForProcessing(Object.values(ids));
    const session = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${seed.ownerId}/sessions`,
      key: seed.key,
      payload: { expires_in: 600 },
    });
    token = session.body.token as string;
    otherBuilding = other.buildingId;
    const { customerId } = await createTestCustomer(t.deps.database.db, { buildingOwnerId: seed.ownerId });
    const reader = await createTestUser(t.deps.database.db);
    const writer = await createTestUser(t.deps.database.db);
    await giveCustomerRole(t.deps.database.db, { customerId, userId: reader.userId, role: 'READ_ACCESS' });
    await giveCustomerRole(t.deps.database.db, { customerId, userId: writer.userId, role: 'WRITE_ACCESS' });
    people.reader = reader.key;
    people.writer = writer.key;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('finds the tasks of an FDV manual while processing it, proposed, each cited verbatim from its page', async () => {
    const tasks = await waitForTasks(ids.fdv);
    const pages = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.fdv}/pages`,
      key: seed.key,
    });
    for (const task of tasks) {
      const page = (pages.body.pages as { pageNumber: number; text: string }[]).find(
        (p) => p.pageNumber === task.citation!.page_number,
      );
      expect(page?.text).toContain(task.citation!.cited_text);
      expect(task.status).toBe('proposed');
      expect(task.source).toBe('extracted');
    }
    const filter = tasks.find((task) => task.citation!.cited_text.startsWith('Filteret'));
    expect(filter).toMatchObject({
      action: 'replace',
      interval: { every: 6, unit: 'month' },
      intervalText: 'hver 6. måned',
      componentCode: '=360.001-LB01',
      buildingCategory: '36',
    });
    // two tasks with two intervals in one sentence, the second by a service company
    const belts = tasks.find((task) => task.component === 'Reimer');
    expect(belts).toMatchObject({ action: 'replace', interval: { every: 1, unit: 'year' } });
    expect(belts?.performedBy).toBe('service_company');
    expect(tasks.find((task) => task.component === 'Vifter og motorer')?.interval).toEqual({
      every: 6,
      unit: 'month',
    });
    expect(tasks.find((task) => task.citation!.cited_text.startsWith('Varmegjenvinneren'))?.interval).toEqual({
      every: 6,
      unit: 'month',
    });
    // operating hours alone: kept as the text says it, no calendar interval
    const hours = tasks.find((task) => task.citation!.cited_text.includes('driftstime'));
    expect(hours).toMatchObject({ interval: null, intervalText: 'hver 2000. driftstime' });
    // the warranty period is no task
    expect(tasks.some((task) => task.citation!.cited_text.includes('Garanti'))).toBe(false);
  });

  it('reads a maintenance spreadsheet row by row, the owner and installer columns as tasks of their own', async () => {
    const tasks = await waitForTasks(ids.sheet);
    const rows = tasks.map((task) => [task.component, task.action, task.interval, task.performedBy]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Avtrekksfilter', 'replace', { every: 6, unit: 'month' }, 'owner'],
        ['Kondensavløp', 'clean', { every: 3, unit: 'month' }, 'owner'],
        ['Kondensavløp', 'clean', { every: 1, unit: 'year' }, 'service_company'],
      ]),
    );
    expect(tasks).toHaveLength(3);
  });

  it('finds nothing in a fire strategy', async () => {
    await t.deps.services.maintenance.extractDocument(ids.fire);
    expect(ofDocument(await list(), ids.fire)).toEqual([]);
  });

  it("keeps a person's confirmations, edits and own tasks when the document is processed again", async () => {
    const before = await waitForTasks(ids.fdv);
    const filter = before.find((task) => task.citation!.cited_text.startsWith('Filteret'))!;
    const fans = before.find((task) => task.component === 'Vifter og motorer')!;
    const untouched = before.find((task) => task.citation!.cited_text.startsWith('Varmegjenvinneren'))!;
    const confirmed = await t.request({
      method: 'PATCH',
      url: `${base()}/${filter.id}`,
      key: seed.key,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    const edited = await t.request({
      method: 'PATCH',
      url: `${base()}/${fans.id}`,
      key: seed.key,
      payload: { interval: { every: 3, unit: 'month' }, performedBy: 'operator' },
    });
    expect(edited.body).toMatchObject({ interval: { every: 3, unit: 'month' }, performedBy: 'operator' });
    const own = await t.request({
      method: 'POST',
      url: base(),
      key: seed.key,
      payload: { component: 'Takrenner', action: 'clean', interval: { every: 6, unit: 'month' } },
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ source: 'person', status: 'confirmed', citation: null });

    await t.deps.services.maintenance.extractDocument(ids.fdv);
    const after = await list();
    expect(after.find((task) => task.id === filter.id)?.status).toBe('confirmed');
    expect(after.find((task) => task.id === fans.id)).toMatchObject({
      interval: { every: 3, unit: 'month' },
      performedBy: 'operator',
    });
    expect(after.find((task) => task.id === own.body.id)).toBeDefined();
    // a proposal nobody touched is found again (a new row), never twice
    expect(after.some((task) => task.id === untouched.id)).toBe(false);
    expect(after.filter((task) => task.citation?.cited_text === untouched.citation!.cited_text)).toHaveLength(1);
    // the confirmed task is not proposed a second time beside itself, nor the edited one beside the person's version
    expect(after.filter((task) => task.citation?.cited_text === filter.citation!.cited_text)).toHaveLength(1);
    const sameSentence = (tasks: Task[]) =>
      tasks.filter((task) => task.citation?.cited_text === fans.citation!.cited_text).length;
    expect(sameSentence(after)).toBe(sameSentence(before));
  });

  it('exports the plan as CSV (a header and one row per task) and iCalendar (an RRULE per interval)', async () => {
    const tasks = await list();
    const csv = await t.request({ method: 'GET', url: `${base()}?format=csv`, key: seed.key });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.body as string);
    expect(rows[0]).toEqual([
      'id',
      'component',
      'componentCode',
      'buildingCategory',
      'action',
      'every',
      'unit',
      'intervalText',
      'performedBy',
      'source',
      'status',
      'documentId',
      'pageNumber',
      'citedText',
    ]);
    expect(rows.length - 1).toBe(tasks.length);
    const filterRow = rows.find((row) => row[13]?.startsWith('Filteret'))!;
    expect(filterRow.slice(4, 7)).toEqual(['replace', '6', 'month']);

    const ics = await t.request({ method: 'GET', url: `${base()}?format=ics&start=2026-01-15`, key: seed.key });
    expect(ics.status).toBe(200);
    expect(String(ics.headers['content-type'])).toMatch(/^text\/calendar/);
    const text = (ics.body as string).replace(/\r\n /g, '');
    const events = text.split('BEGIN:VEVENT').slice(1);
    const withInterval = tasks.filter((task) => task.interval !== null);
    expect(events).toHaveLength(withInterval.length);
    expect(tasks.length).toBeGreaterThan(withInterval.length);
    for (const task of withInterval) {
      const event = events.find((e) => e.includes(`UID:${task.id}@`));
      const freq = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' }[task.interval!.unit];
      expect(event).toContain(`RRULE:FREQ=${freq};INTERVAL=${task.interval!.every}`);
      expect(event).toContain('DTSTART;VALUE=DATE:20260115');
      expect(event).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    }
  });

  it('shows the owner-wide plan with each task its building, and one building of it on request', async () => {
    const ownerUrl = `/v1/building_owners/${seed.ownerId}/maintenance_tasks`;
    const all = await t.request({ method: 'GET', url: ownerUrl, key: seed.key });
    expect(all.status).toBe(200);
    expect(all.body.tasks.length).toBeGreaterThan(0);
    expect(all.body.tasks.every((task: { buildingId: string }) => task.buildingId === seed.buildingId)).toBe(true);
    const one = await t.request({ method: 'GET', url: `${ownerUrl}?building_id=${seed.buildingId}`, key: seed.key });
    expect(one.body.tasks).toHaveLength(all.body.tasks.length);
    const paged = await t.request({ method: 'GET', url: `${ownerUrl}?limit=2`, key: seed.key });
    expect(paged.body.tasks).toHaveLength(2);
    const next = await t.request({
      method: 'GET',
      url: `${ownerUrl}?limit=2&next_token=${encodeURIComponent(paged.body.nextToken)}`,
      key: seed.key,
    });
    expect(next.body.tasks[0].id).not.toBe(paged.body.tasks[0].id);
    // a building of another owner under this owner is not there
    const foreign = await t.request({ method: 'GET', url: `${ownerUrl}?building_id=${otherBuilding}`, key: seed.key });
    expect(foreign.status).toBe(404);
  });

  it('lets a session token read the plan and refuses it every write', async () => {
    const tasks = await list(undefined);
    const read = await t.request({ method: 'GET', url: base(), token });
    expect(read.status).toBe(200);
    const attempts = [
      { method: 'POST' as const, url: base(), payload: { component: 'X', action: 'inspect' } },
      { method: 'PATCH' as const, url: `${base()}/${tasks[0]!.id}`, payload: { status: 'confirmed' } },
      { method: 'DELETE' as const, url: `${base()}/${tasks[0]!.id}` },
    ];
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, token });
      expect(response.status).toBe(403);
    }
  });

  it("refuses another owner's key, and answers 404 for another owner's task under the caller's own owner", async () => {
    const refused = await t.request({ method: 'GET', url: base(), key: other.key });
    expect(refused.status).toBe(403);
    const ownerWide = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/maintenance_tasks`,
      key: other.key,
    });
    expect(ownerWide.status).toBe(403);
    const theirs = await t.request({
      method: 'POST',
      url: `/v1/building_owners/${other.ownerId}/buildings/${other.buildingId}/maintenance_tasks`,
      key: other.key,
      payload: { component: 'Heis', action: 'inspect', interval: { every: 1, unit: 'year' } },
    });
    expect(theirs.status).toBe(201);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `${base()}/${theirs.body.id}`,
        key: seed.key,
        ...(method === 'PATCH' ? { payload: { status: 'confirmed' } } : {}),
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('maintenance_task.not_found');
    }
    // their task in their building, reached through this owner's path: not there either
    const crossed = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${other.buildingId}/maintenance_tasks`,
      key: seed.key,
    });
    expect(crossed.status).toBe(404);
  });

  it('lets a READ_ACCESS person read and a WRITE_ACCESS person change the plan', async () => {
    expect((await t.request({ method: 'GET', url: base(), key: people.reader })).status).toBe(200);
    const denied = await t.request({
      method: 'POST',
      url: base(),
      key: people.reader,
      payload: { component: 'Sluk', action: 'clean' },
    });
    expect(denied.status).toBe(403);
    const made = await t.request({
      method: 'POST',
      url: base(),
      key: people.writer,
      payload: { component: 'Sluk', action: 'clean', interval: { every: 3, unit: 'month' }, performedBy: 'owner' },
    });
    expect(made.status).toBe(201);
    expect(made.body.intervalText).toBe('every 3 months');
    const removed = await t.request({ method: 'DELETE', url: `${base()}/${made.body.id}`, key: people.writer });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    const gone = await t.request({ method: 'DELETE', url: `${base()}/${made.body.id}`, key: people.writer });
    expect(gone.status).toBe(404);
  });

  it('answers a bad value of each field with a 400 naming it', async () => {
    const task = (await list())[0]!;
    const cases: { method: 'POST' | 'PATCH'; url: string; payload: unknown; field: RegExp }[] = [
      { method: 'POST', url: base(), payload: null, field: /body|\//i },
      { method: 'POST', url: base(), payload: { action: 'inspect' }, field: /component/ },
      { method: 'POST', url: base(), payload: { component: ' ', action: 'inspect' }, field: /component/ },
      { method: 'POST', url: base(), payload: { component: 'X', action: '' }, field: /action/ },
      {
        method: 'POST',
        url: base(),
        payload: { component: 'X', action: 'inspect', interval: { every: 0, unit: 'month' } },
        field: /interval\/every/,
      },
      {
        method: 'POST',
        url: base(),
        payload: { component: 'X', action: 'inspect', interval: { every: 2, unit: 'fortnight' } },
        field: /interval\/unit/,
      },
      {
        method: 'POST',
        url: base(),
        payload: { component: 'X', action: 'inspect', performedBy: 'janitor' },
        field: /performedBy/,
      },
      {
        method: 'POST',
        url: base(),
        payload: { component: 'X', action: 'inspect', buildingCategory: '19' },
        field: /buildingCategory/,
      },
      {
        method: 'POST',
        url: base(),
        payload: { component: 'X', action: 'inspect', componentCode: '<script>' },
        field: /componentCode/,
      },
      { method: 'PATCH', url: `${base()}/${task.id}`, payload: null, field: /body|\//i },
      { method: 'PATCH', url: `${base()}/${task.id}`, payload: { status: 'done' }, field: /status/ },
      { method: 'PATCH', url: `${base()}/${task.id}`, payload: { surprise: 1 }, field: /surprise|additional/i },
    ];
    for (const c of cases) {
      const response = await t.request({
        method: c.method,
        url: c.url,
        key: seed.key,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(c.payload),
      });
      expect(response.status, JSON.stringify(c.payload)).toBe(400);
      expect(JSON.stringify(response.body), JSON.stringify(c.payload)).toMatch(c.field);
      // only the field that failed: not also the null a nullable field may be, nor the whole body
      const named = (response.body.errors as { path: string; message: string }[]).map((e) => `${e.path} ${e.message}`);
      expect(named.filter((line) => / must be null$| must match a schema in anyOf$/.test(line))).toEqual([]);
    }
    for (const query of ['format=pdf', 'limit=0', 'limit=1001', 'start=tomorrow', 'next_token=forged']) {
      const response = await t.request({ method: 'GET', url: `${base()}?${query}`, key: seed.key });
      expect(response.status, query).toBe(400);
    }
  });

  it('removes the tasks of a deleted document and records the confirmed ones removed in the audit log', async () => {
    expect(ofDocument(await list(), ids.fdv).some((task) => task.status === 'confirmed')).toBe(true);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.fdv}`,
      key: seed.key,
    });
    expect(deleted.status).toBe(200);
    expect(ofDocument(await list(), ids.fdv)).toEqual([]);
    const rows = await t.deps.database.db
      .selectFrom('maintenance_tasks')
      .select('id')
      .where('document_id', '=', ids.fdv)
      .execute();
    expect(rows).toEqual([]);
    const audit = await t.deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'maintenance.tasks_removed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).toContain('FDV ventilasjonsaggregat.pdf');
    // a person's own task stays
    expect((await list()).some((task) => task.component === 'Takrenner')).toBe(true);
  });
});
