import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/domain/search/query-parser.js';
import type { Fuzziness } from '../../../src/domain/search/search.types.js';
import { analyseQuery } from '../../../src/storage/search/query-analysis.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';
import { recording, type Recorded } from '../../../bench/search-recording.js';

/**
 * A word's typo corrections and compounds are looked up inside the analysis statement (query-analysis.ts, expansionOf),
 * with the ranges computed there from the server's own lexeme. These tests hold it to the statement of their own it
 * replaced (expand), which computes the same ranges in the process: the same alternatives for every kind of word.
 */
describe.each(testEngines())('typo and compound expansion inside the analysis on %s', (engine) => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    const seed = await t.seed();
    ownerId = seed.ownerId;
    const texts: Record<string, string> = {
      'FDV/Brannslukkere.txt':
        'Brannslukkerne i 2. etasje kontrolleres årlig. Sjekk trykket på hver brannslukker og håndslukker.',
      'FDV/Dører.txt':
        'Branndør og ytterdør i stål holder ved brann. Leverandør av dører: Dørfabrikken. Innerdør, skyvedør og ståldør i kjelleren.',
      'FDV/Ventilasjon.txt':
        'Ventilasjonsaggregatet skal ha filterbytte hver sjette måned. Aggregat med varmegjenvinner, modell Kvadra eller Kvadro.',
      'FDV/Kulde.txt': 'Kuldemediet i varmepumpen. Kuldemedium R410A fylles av sertifisert montør.',
      'Manuals/Fire doors.txt': 'Fire doors and door closers are inspected every year. Extinguishers on every floor.',
      'Docs/Пожарная безопасность.txt': 'Пожарный выход и огнетушитель проверяются ежегодно.',
      'Tegninger/ARK-A-20-001 Plan 1. etasje.txt': 'Plan første etasje med rømningsveier.',
    };
    const ids: string[] = [];
    for (const [filename, text] of Object.entries(texts))
      ids.push(await t.upload({ seed, filename, bytes: Buffer.from(text) }));
    await t.waitForProcessing(ids);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const analyse = async (params: {
    query: string;
    fuzziness?: Fuzziness;
    compounds?: boolean;
    expansion: 'in-analysis' | 'own-statement';
  }) => {
    const statements: Recorded[] = [];
    const db = recording(t.deps.database.db, statements);
    const analysed = await analyseQuery({
      db,
      ownerId,
      buildingIds: null,
      query: parseQuery({ query: params.query, fuzziness: params.fuzziness ?? 'auto' }),
      compounds: params.compounds ?? true,
      prefixStems: true,
      expansion: params.expansion,
    });
    await db.destroy();
    return { analysed, statements: statements.length };
  };

  const queries = [
    // compounds ending in a word, but not a word that only ends like it (`leverandør` is no kind of `dør`)
    'dør',
    'aggregat',
    // misspelt: corrections from the owner's vocabulary
    'brannslukkr',
    'filterbyte',
    'ventilasjonsagregatet',
    // a word the owner uses: taken as spelled, though a neighbour (`kvadro`) is in the vocabulary
    'kvadra',
    'kuldemedim',
    // several words, one misspelt, one excluded (exclusions are never expanded)
    'ståldør brannslukkr -leverandør',
    'dør -aggregat',
    // English, and a word in another script
    'extingusher',
    'door',
    'пожарнй',
    // a code and a number: no expansion; a stop word and a word too short to expand
    'ARK-A-20-001',
    'R410A',
    'og i',
    'ut',
    // a phrase beside a word
    '"sjekk trykket" brannslukkr',
  ];

  it('finds the same alternatives for every kind of word as the statement of their own, in one statement fewer', async () => {
    const expanded: string[] = [];
    for (const query of queries) {
      const inAnalysis = await analyse({ query, expansion: 'in-analysis' });
      const own = await analyse({ query, expansion: 'own-statement' });
      expect(inAnalysis.analysed, query).toEqual(own.analysed);
      if (inAnalysis.analysed.include.some((term) => term.alternatives !== null)) {
        expanded.push(query);
        expect(inAnalysis.statements, query).toBe(own.statements - 1);
      } else {
        expect(inAnalysis.statements, query).toBeLessThanOrEqual(own.statements);
      }
    }
    // the comparison covered words that do get alternatives: compounds, corrections, English, another script
    for (const query of [
      'dør',
      'brannslukkr',
      'filterbyte',
      'extingusher',
      'пожарнй',
      'ståldør brannslukkr -leverandør',
    ])
      expect(expanded, query).toContain(query);
  });

  it('finds compounds ending in a word and corrections of an unknown one, and none for a known word unless asked', async () => {
    const { analysed } = await analyse({ query: 'dør', expansion: 'in-analysis' });
    const door = analysed.include[0]?.alternatives ?? '';
    expect(door).toContain("'branndør'");
    expect(door).toContain("'ytterdør'");
    expect(door).not.toContain('leverandør');
    const typo = (await analyse({ query: 'brannslukkr', expansion: 'in-analysis' })).analysed.include[0];
    expect(typo?.alternatives).toContain("'brannslukk");
    // a word the owner uses is taken as spelled (`kvadra` is no typo of `kvadro`); with fuzziness on it is corrected
    const known = await analyse({ query: 'kvadra', compounds: false, expansion: 'in-analysis' });
    expect(known.analysed.include[0]?.alternatives ?? '').not.toContain('kvadro');
    const always = await analyse({ query: 'kvadra', compounds: false, fuzziness: 'on', expansion: 'in-analysis' });
    expect(always.analysed.include[0]?.alternatives).toContain("'kvadro'");
    const own = await analyse({ query: 'kvadra', compounds: false, fuzziness: 'on', expansion: 'own-statement' });
    expect(always.analysed).toEqual(own.analysed);
  });

  it('leaves compounds out when they are not asked for (passage retrieval) and still corrects', async () => {
    for (const query of ['dør', 'brannslukkr dør']) {
      const inAnalysis = await analyse({ query, compounds: false, expansion: 'in-analysis' });
      const own = await analyse({ query, compounds: false, expansion: 'own-statement' });
      expect(inAnalysis.analysed, query).toEqual(own.analysed);
      expect(JSON.stringify(inAnalysis.analysed), query).not.toContain('branndør');
    }
  });
});
