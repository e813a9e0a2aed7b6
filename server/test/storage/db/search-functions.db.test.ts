import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/storage/db/database.js';
import * as searchFunctions from '../../../src/storage/db/migrations/0040-search-functions-plpgsql.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * Migration 0040 turns search_fold and search_text into PL/pgSQL (their plans are kept instead of made again in every
 * statement). Every vector stored before it was made by the SQL versions, so the new ones must give exactly what the
 * old ones gave, for every kind of input the analysis meets.
 */
const INPUTS = [
  'Brannklassifisert dør ARK-A-20-001 i 2. etasje',
  'Ventilasjonsaggregatene og filterbytte',
  'RIE-03-53-0513; tegning 4.1+2 og _x_',
  'Ærlig talt: Øvre Årdal, SKJØTEN',
  'Café Ñandú, naïve résumé, Ångström',
  'e\u0301tage og a\u030agang (kombinerte tegn)',
  '\ufb01le og \ufb02ow (ligaturer)',
  'مبنى\u0640ال\u064bطابق',
  '\u202ehøyre mot venstre\u202c og\tfaner\nlinjer\r',
  'fire-door — "sprinkler" + EICR (2024/25)',
  '',
];

describe.each(testEngines())('search functions as PL/pgSQL (migration 0040) on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => database.close());

  const outputs = async () =>
    (
      await sql<{ fold: string; text: string; nb: string; en: string }>`
        select search_fold(i) as fold, search_text(i) as text, search_vector(i, 'nb')::text as nb,
               search_vector(i, 'en')::text as en
        from unnest(${INPUTS}::text[]) with ordinality as t(i, n) order by n`.execute(database.db)
    ).rows;
  const languages = async () =>
    (
      await sql<{ name: string; language: string }>`
        select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname in ('search_fold', 'search_text') order by p.proname`.execute(database.db)
    ).rows;

  it('gives what the SQL functions gave, and goes down and up again', async () => {
    expect(await languages()).toEqual([
      { name: 'search_fold', language: 'plpgsql' },
      { name: 'search_text', language: 'plpgsql' },
    ]);
    const now = await outputs();
    await searchFunctions.down(database.db as unknown as Kysely<unknown>);
    expect((await languages()).map((f) => f.language)).toEqual(['sql', 'sql']);
    const before = await outputs();
    expect(now).toEqual(before);
    // the folding did work on these inputs (not a comparison of empty strings)
    expect(before[3]!.fold).toBe('ærlig talt: øvre årdal, skjøten');
    expect(before[4]!.fold).toBe('cafe nandu, naive resume, ångstrøm');
    expect(before[2]!.nb).toContain("'rie03530513'");
    await searchFunctions.up(database.db as unknown as Kysely<unknown>);
    expect(await outputs()).toEqual(before);
    expect((await languages()).map((f) => f.language)).toEqual(['plpgsql', 'plpgsql']);
    // a null stays null (both are strict)
    const nulls = (
      await sql<{ fold: string | null; text: string | null }>`
        select search_fold(null) as fold, search_text(null) as text`.execute(database.db)
    ).rows[0]!;
    expect(nulls).toEqual({ fold: null, text: null });
  });
});
