import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/domain/search/query-parser.js';
import { analyseQuery } from '../../src/storage/search/query-analysis.js';
import { rebuildStaleVocabularies } from '../../src/storage/search/vocabulary.js';
import { addBuilding } from '../helpers/search-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/**
 * Typo corrections as an oracle. A word the owner's documents use is taken as spelled; an unknown one is corrected to
 * its neighbours. When "known" meant known anywhere in the owner's vocabulary, a key that reaches building A could
 * learn whether a word occurs in building B, in a private folder or in a deleted document: searching it in A found
 * nothing where it was known elsewhere, and found A's near neighbour where it was known nowhere. Now a word counts only
 * where a document the caller may read holds it (migration 0057), so the answer in A is the same whatever B, the
 * private folder or the archive hold.
 */
describe.each(testEngines())('typo corrections tell nothing of what the caller cannot read, on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let otherBuildingId: string;
  /** a key for building A alone */
  let keyA: string;
  const ids: Record<string, string> = {};

  const searchA = async (query: string, key = keyA) => {
    const response = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/search?query=${encodeURIComponent(query)}`,
      key,
    });
    expect(response.status).toBe(200);
    return (response.body.hits as { id: string }[]).map((hit) => Object.keys(ids).find((k) => ids[k] === hit.id));
  };
  const alternatives = async (query: string, buildingIds: string[] | null) => {
    const analysed = await analyseQuery({
      db: t.deps.database.db,
      ownerId: seed.ownerId,
      buildingIds,
      query: parseQuery({ query, fuzziness: 'auto' }),
      compounds: true,
    });
    return analysed.include[0]?.alternatives ?? '';
  };

  /** the buildings marked as having maybe lost words, which the workers have yet to read again */
  const marked = async () =>
    (await t.deps.database.db.selectFrom('building_lexemes_stale').select('building_id').execute()).map(
      (row) => row.building_id,
    );

  /** asks again until `check` holds, for at most 30 s (the workers' minute round would take up to 60) */
  async function until(check: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 150 && !(await check()); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await check()).toBe(true);
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    // no minute's round: every reading here is one a change asked for, and none comes between a change and the checks
    // (a round's job queued at a deletion took the deletion's place, and one run after a rename took the old words)
    await t.deps.queue.boss.unschedule('search.vocabulary');
    seed = await t.seed();
    otherBuildingId = await addBuilding({ t, seed, name: 'Bergen Warehouse' });
    const made = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`,
      key: seed.key,
      payload: { privateFolders: ['Privat'] },
    });
    expect(made.status).toBe(200);
    const inA = { ...seed };
    const inB = { ...seed, buildingId: otherBuildingId };
    const files: [string, typeof seed, string, string][] = [
      ['public', inA, 'Drift/Kvernhjul.txt', 'Pumpen krasnoflex er koblet til ståldør og stål rekkverk ved trollgrep.'],
      ['otherBuilding', inB, 'Drift/Notat.txt', 'Leverandøren krasnoflux har levert branndør ved brann.'],
      ['private', inA, 'Privat/Leiekontrakt.txt', 'Leietaker krasnoflox har sagt opp kontrakten.'],
      ['deleted', inA, 'Gammelt/Notat.txt', 'Tidligere leietaker trollgrip flyttet ut.'],
    ];
    for (const [name, where, filename, text] of files)
      ids[name] = await t.upload({ seed: where, filename, bytes: Buffer.from(text) });
    await t.waitForProcessing(Object.values(ids));
    keyA = (await t.createKey({ partnerId: seed.partnerId, buildingIds: [seed.buildingId] })).key;
  }, 180_000);
  afterAll(() => t?.close());

  it('answers a word of another building, of a private folder or of nowhere alike', async () => {
    // known nowhere: corrected to A's neighbour
    expect(await searchA('krasnoflix')).toEqual(['public']);
    // known only in building B, which the key does not reach: the same answer (it was taken as spelled, and found
    // nothing)
    expect(await searchA('krasnoflux')).toEqual(['public']);
    // known only in a private folder of A: the same, for this key and for the whole-owner key alike
    expect(await searchA('krasnoflox')).toEqual(['public']);
    expect(await searchA('krasnoflox', seed.key)).toEqual(['public']);
    // the control: a word A's readers see is taken as spelled
    expect(await searchA('krasnoflex')).toEqual(['public']);
  });

  it('offers as corrections and compounds only words the scope may read', async () => {
    expect(await alternatives('krasnoflix', [seed.buildingId])).toBe("'krasnoflex'");
    // owner-wide, B's word too, but never the private folder's
    const ownerWide = await alternatives('krasnoflix', null);
    expect(ownerWide).toContain("'krasnoflux'");
    expect(ownerWide).toContain("'krasnoflex'");
    expect(ownerWide).not.toContain('krasnoflox');
    // `dør` finds the compounds of A (stål is a word of A's), not B's `branndør`
    const doors = await alternatives('dør', [seed.buildingId]);
    expect(doors).toContain("'ståldør'");
    expect(doors).not.toContain('branndør');
    expect(await alternatives('dør', [otherBuildingId])).toContain("'branndør'");
  });

  it('forgets the words of a deleted document at once, and the workers read the building again', async () => {
    expect(await alternatives('trollgrup', [seed.buildingId])).toBe("('trollgrep' | 'trollgrip')");
    const db = t.deps.database.db;
    const before = new Date();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.deleted}`,
      key: seed.key,
    });
    expect(deleted.status).toBe(200);
    delete ids.deleted;
    // before any worker has read the building: the deletion marked it, and the marked building's words are asked of
    // its live documents, so the deleted word is corrected as a word of nowhere is (the public one still counts). On a
    // loaded machine the reading (two seconds after the deletion) can come first: then the mark is gone because a
    // worker has begun or finished it, and the answers below are the reading's
    const stillMarked = await marked();
    const { rows: reading } = await t.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name = 'search.vocabulary' and state in ('active', 'completed') and started_on > $1`,
      [before],
    );
    if (reading[0]!.n === 0) expect(stillMarked).toEqual([seed.buildingId]);
    expect(await alternatives('trollgrup', [seed.buildingId])).toBe("'trollgrep'");
    expect(await alternatives('trollgrup', null)).toBe("'trollgrep'");
    expect(await searchA('trollgrip')).toEqual(['public']);
    // a reading asked for by a change (seconds after it: the minute's round starts when it is made) waits to begin
    // after the deletion: this one's, or an earlier change's that it joined
    const { rows } = await t.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job
        where name = 'search.vocabulary' and start_after > created_on + interval '1 second' and start_after > $1`,
      [before],
    );
    expect(rows[0]!.n).toBe(1);
    // the reading takes the word out of the vocabulary and the mark away; the answers stay the same
    await until(async () => (await marked()).length === 0);
    expect(await alternatives('trollgrup', [seed.buildingId])).toBe("'trollgrep'");
    expect(await searchA('trollgrip')).toEqual(['public']);
    expect(await alternatives('trollgrup', null)).toBe("'trollgrep'");
    expect(
      await db.selectFrom('building_lexemes').select('lexeme').where('lexeme', '=', 'trollgrip').execute(),
    ).toEqual([]);
  });

  it('forgets the words of a folder made private at once, and learns them again when it is opened', async () => {
    const folders = async (privateFolders: string[]) => {
      const response = await t.request({
        method: 'PATCH',
        url: `/v1/building_owners/${seed.ownerId}/buildings/${otherBuildingId}`,
        key: seed.key,
        payload: { privateFolders },
      });
      expect(response.status).toBe(200);
    };
    await folders(['Drift']);
    // at once: the change marked the building, whose words are then asked of the documents outside its private folders
    expect(await alternatives('krasnoflix', null)).not.toContain('krasnoflux');
    expect(await alternatives('dør', [otherBuildingId])).not.toContain('branndør');
    // and so once the workers, asked by the change, have read it again
    await until(async () => (await marked()).length === 0);
    expect(await alternatives('krasnoflix', null)).not.toContain('krasnoflux');
    await folders([]);
    await until(async () => (await alternatives('krasnoflix', null)).includes("'krasnoflux'"));
  });

  it('keeps the new words of a renamed document and drops the old ones at once', async () => {
    const rename = await t.request({
      method: 'PATCH',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/documents/${ids.public}`,
      key: seed.key,
      payload: { filename: 'Krasnoflug.txt' },
    });
    expect(rename.status).toBe(200);
    expect(await alternatives('krasnoflix', [seed.buildingId])).toContain("'krasnoflug'");
    // the old name's word is gone before the building is read again (the rename marked it), and after
    expect(await alternatives('kvernhjil', [seed.buildingId])).toBe('');
    await rebuildStaleVocabularies(t.deps.database.db);
    expect(await alternatives('kvernhjil', [seed.buildingId])).toBe('');
    expect(await alternatives('krasnoflix', [seed.buildingId])).toContain("'krasnoflug'");
    expect(await alternatives('krasnoflix', [seed.buildingId])).toContain("'krasnoflex'");
  });
});
