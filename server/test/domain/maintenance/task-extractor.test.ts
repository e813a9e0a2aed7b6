import { describe, expect, it } from 'vitest';
import { findIntervals, parseIntervalCell } from '../../../src/domain/maintenance/intervals.js';
import { extractMaintenanceTasks } from '../../../src/domain/maintenance/task-extractor.js';

const extract = (...pages: string[]) =>
  extractMaintenanceTasks({ pages: pages.map((text, i) => ({ pageNumber: i + 1, text })) });

const interval = (text: string) => findIntervals(text).map((m) => m.interval);

describe('intervals as documents say them', () => {
  it.each([
    ['hver 6. måned', { every: 6, unit: 'month' }],
    ['hver sjette måned', { every: 6, unit: 'month' }],
    ['hvert 2. år', { every: 2, unit: 'year' }],
    ['annethvert år', { every: 2, unit: 'year' }],
    ['halvårlig', { every: 6, unit: 'month' }],
    ['2 ganger i året', { every: 6, unit: 'month' }],
    ['6 ganger i året', { every: 2, unit: 'month' }],
    ['en gang i halvåret', { every: 6, unit: 'month' }],
    ['hvert kvartal', { every: 3, unit: 'month' }],
    ['hver 14. dag', { every: 2, unit: 'week' }],
    ['vår og høst', { every: 6, unit: 'month' }],
    ['høyst 12 måneder', { every: 1, unit: 'year' }],
    ['før hver fyringssesong', { every: 1, unit: 'year' }],
  ])('bokmål: "%s"', (text, wanted) => {
    expect(interval(text)).toEqual([wanted]);
  });

  it.each([
    ['kvart år', { every: 1, unit: 'year' }],
    ['kvar månad', { every: 1, unit: 'month' }],
    ['kvar veke', { every: 1, unit: 'week' }],
    ['ein gong i året', { every: 1, unit: 'year' }],
    ['halvårleg', { every: 6, unit: 'month' }],
    ['vår og haust', { every: 6, unit: 'month' }],
  ])('nynorsk: "%s"', (text, wanted) => {
    expect(interval(text)).toEqual([wanted]);
  });

  it.each([
    ['kvar 3. veke', { every: 3, unit: 'week' }],
    ['kvar 3. veka', { every: 3, unit: 'week' }],
    ['kvar tredje veka', { every: 3, unit: 'week' }],
    ['kvar tredje veke', { every: 3, unit: 'week' }],
    ['kvar andre veka', { every: 2, unit: 'week' }],
    ['every 3 veka', { every: 3, unit: 'week' }],
    ['kvar veka', { every: 1, unit: 'week' }],
  ])('nynorsk weeks, "veka" too: "%s"', (text, wanted) => {
    expect(interval(text)).toEqual([wanted]);
    expect(interval(`Reingjer filteret ${text}.`)).toEqual([wanted]);
  });

  // more than once a day is no interval of whole days: the words are kept (as operating hours are), never "daily"
  it.each([
    '2 gonger i døgnet',
    'to gonger i døgnet',
    'tre gonger i døgnet',
    '2 ganger i døgnet',
    'to ganger i døgnet',
    'twice a day',
  ])('more than once a day: "%s" is kept as text, with no interval', (text) => {
    expect(findIntervals(`Kontroller trykket ${text}.`)).toMatchObject([{ text, interval: null }]);
  });

  it('still reads once a day as daily, in both written forms', () => {
    expect(interval('ein gong i døgnet')).toEqual([{ every: 1, unit: 'day' }]);
    expect(interval('en gang i døgnet')).toEqual([{ every: 1, unit: 'day' }]);
    expect(interval('1 gang i døgnet')).toEqual([{ every: 1, unit: 'day' }]);
  });

  it('tells bokmål "hvert kvart år" (a quarter) from Nynorsk "kvart år" (every year)', () => {
    expect(interval('hvert kvart år')).toEqual([{ every: 3, unit: 'month' }]);
    expect(interval('kvart år')).toEqual([{ every: 1, unit: 'year' }]);
  });

  it.each([
    ['quarterly', { every: 3, unit: 'month' }],
    ['annually', { every: 1, unit: 'year' }],
    ['every six months', { every: 6, unit: 'month' }],
    ['every other year', { every: 2, unit: 'year' }],
    ['twice a year', { every: 6, unit: 'month' }],
    ['once a month', { every: 1, unit: 'month' }],
    ['every fortnight', { every: 2, unit: 'week' }],
    ['semi-annually', { every: 6, unit: 'month' }],
    ['every spring and autumn', { every: 6, unit: 'month' }],
    ['before each heating season', { every: 1, unit: 'year' }],
    ['should not exceed six months', { every: 6, unit: 'month' }],
    ['at intervals of not more than twelve months', { every: 1, unit: 'year' }],
  ])('English: "%s"', (text, wanted) => {
    expect(interval(text)).toEqual([wanted]);
  });

  it('counts the calendar part of "every 2,000 operating hours or at least once a year", and keeps hours alone as text', () => {
    const both = findIntervals('every 2,000 operating hours or at least once a year');
    expect(both).toHaveLength(1);
    expect(both[0]).toMatchObject({
      interval: { every: 1, unit: 'year' },
      text: 'every 2,000 operating hours or at least once a year',
    });
    expect(findIntervals('hver 2000. driftstime')).toMatchObject([{ interval: null, text: 'hver 2000. driftstime' }]);
    expect(findIntervals('every 500 operating hours')).toMatchObject([{ interval: null }]);
  });

  it('takes durations for no interval: warranty, delivery, payment, fire ratings', () => {
    for (const text of [
      'Garantitiden er fem år',
      'i 5 år',
      'a 12-month warranty',
      'Leveringstid 6 uker',
      '30 dager netto',
      'EI 60 minutter',
      'six years',
    ])
      expect(findIntervals(text), text).toEqual([]);
  });

  // the extractor skips text without a word of an interval before it tries the phrases: the rarer spellings too
  it.each([
    ['annakvar veke', { every: 2, unit: 'week' }],
    ['ein gong i veka', { every: 1, unit: 'week' }],
    ['every 3 mo.', { every: 3, unit: 'month' }],
    ['every 6 mths', { every: 6, unit: 'month' }],
    ['every 2 wks', { every: 2, unit: 'week' }],
    ['every 2 yrs', { every: 2, unit: 'year' }],
    ['hver 3. md.', { every: 3, unit: 'month' }],
    ['hvert tertial', { every: 4, unit: 'month' }],
    ['daily', { every: 1, unit: 'day' }],
    ['fortnightly', { every: 2, unit: 'week' }],
    ['biennially', { every: 2, unit: 'year' }],
    ['6-monthly', { every: 6, unit: 'month' }],
    ['før frostperioden', { every: 1, unit: 'year' }],
    ['ved starten av hver varmesesong', { every: 1, unit: 'year' }],
    ['ein gong i døgnet', { every: 1, unit: 'day' }],
  ])('spelt rarely: "%s"', (text, wanted) => {
    expect(interval(text)).toEqual([wanted]);
    expect(interval(`Filteret skal byttes ${text}.`)).toEqual([wanted]);
  });

  it('reads operating hours however they are written', () => {
    for (const text of ['etter 500 driftstimar', 'hver 1000. brennertimer', 'every 250 running hours', '500 h drift'])
      expect(findIntervals(text), text).toMatchObject([{ interval: null }]);
  });

  it('reads a bare interval only in a table cell', () => {
    expect(parseIntervalCell('6 mnd')?.interval).toEqual({ every: 6, unit: 'month' });
    expect(parseIntervalCell('12 months')?.interval).toEqual({ every: 1, unit: 'year' });
    expect(parseIntervalCell('Årlig')?.interval).toEqual({ every: 1, unit: 'year' });
    expect(parseIntervalCell('—')).toBeNull();
    expect(parseIntervalCell('if required')).toBeNull();
    expect(findIntervals('6 months')).toEqual([]);
  });
});

describe('the built-in maintenance extractor', () => {
  it('finds a Norwegian task with its component, action, interval and the verbatim sentence', () => {
    const text = 'Drift\nFilteret i ventilasjonsaggregatet skal byttes hver 6. måned, eller oftere ved behov.';
    const [task, ...rest] = extract(text);
    expect(rest).toEqual([]);
    expect(task).toMatchObject({
      component: 'Filteret i ventilasjonsaggregatet',
      action: 'replace',
      interval: { every: 6, unit: 'month' },
      intervalText: 'hver 6. måned',
      buildingCategory: '36',
      pageNumber: 1,
    });
    expect(text).toContain(task!.citedText);
  });

  it('finds two tasks with two intervals in one sentence, in both languages', () => {
    const nb = extract('Vifter og motorer kontrolleres halvårlig, og reimer byttes årlig av servicefirma.');
    expect(nb.map((t) => [t.component, t.action, t.interval])).toEqual([
      ['Vifter og motorer', 'inspect', { every: 6, unit: 'month' }],
      ['Reimer', 'replace', { every: 1, unit: 'year' }],
    ]);
    expect(nb[1]!.performedBy).toBe('service_company');
    const en = extract('Clean the condenser coil every three months and replace the air filter annually.');
    expect(en.map((t) => [t.action, t.interval])).toEqual([
      ['clean', { every: 3, unit: 'month' }],
      ['replace', { every: 1, unit: 'year' }],
    ]);
  });

  it('keeps nouns that begin with an action word whole: "vaskerom" is a room, not a wash', () => {
    const tasks = extract('Sluk i bad og vaskerom rengjøres minst hver 3. måned. Vaskeservanten kontrolleres årlig.');
    expect(tasks.map((t) => [t.component, t.action, t.interval])).toEqual([
      ['Sluk i bad og vaskerom', 'clean', { every: 3, unit: 'month' }],
      ['Vaskeservanten', 'inspect', { every: 1, unit: 'year' }],
    ]);
  });

  it('finds Nynorsk tasks', () => {
    const tasks = extract(
      'Takrenner og nedløp skal reinsast kvart år av eigar.\nSirkulasjonspumpa skal kontrollerast kvar månad.',
    );
    expect(tasks.map((t) => [t.component, t.action, t.interval, t.performedBy])).toEqual([
      ['Takrenner og nedløp', 'clean', { every: 1, unit: 'year' }, 'owner'],
      ['Sirkulasjonspumpa', 'inspect', { every: 1, unit: 'month' }, null],
    ]);
  });

  it('applies an interval in a heading to the list under it, citing each item', () => {
    const text =
      'Hver måned:\n• Test røykvarslerne ved å bruke testknappen.\n• Rengjør kjøkkenviften.\nEvery 6 months:\n- Inspect the fan belts.';
    const tasks = extract(text);
    expect(tasks.map((t) => [t.action, t.interval, t.citedText])).toEqual([
      ['test', { every: 1, unit: 'month' }, '• Test røykvarslerne ved å bruke testknappen.'],
      ['clean', { every: 1, unit: 'month' }, '• Rengjør kjøkkenviften.'],
      ['inspect', { every: 6, unit: 'month' }, '- Inspect the fan belts.'],
    ]);
  });

  it('keeps operating hours alone as text, and the calendar part when one is given too', () => {
    const tasks = extract(
      'The compressor should be serviced every 2,000 operating hours or at least once a year.\nThe drive belt must be inspected every 500 operating hours.',
    );
    expect(tasks.map((t) => [t.component, t.interval, t.intervalText])).toEqual([
      ['Compressor', { every: 1, unit: 'year' }, 'every 2,000 operating hours or at least once a year'],
      ['Drive belt', null, 'every 500 operating hours'],
    ]);
  });

  it('reads a table with an interval column row by row, and separate owner and installer columns as two tasks', () => {
    const tasks = extract(
      'Component\tTask\tFrequency\tPerformed by\nCirculation pump\tCheck for noise and leaks\tQuarterly\tOperator\nExpansion vessel\tCheck pre-charge pressure\tAnnually\tService company',
      'Komponent\tTiltak\tEier\tInstallatør\nAvtrekksfilter\tBytte\t6 mnd\t-\nKondensavløp\tRengjøring\t3 mnd\t1 år',
    );
    expect(tasks.map((t) => [t.pageNumber, t.component, t.action, t.interval, t.performedBy])).toEqual([
      [1, 'Circulation pump', 'inspect', { every: 3, unit: 'month' }, 'operator'],
      [1, 'Expansion vessel', 'inspect', { every: 1, unit: 'year' }, 'service_company'],
      [2, 'Avtrekksfilter', 'replace', { every: 6, unit: 'month' }, 'owner'],
      [2, 'Kondensavløp', 'clean', { every: 3, unit: 'month' }, 'owner'],
      [2, 'Kondensavløp', 'clean', { every: 1, unit: 'year' }, 'service_company'],
    ]);
    expect(tasks[3]!.citedText).toBe('Kondensavløp\tRengjøring\t3 mnd\t1 år');
  });

  it('takes a TFM code and its NS 3451 part from the document', () => {
    const [task] = extract('Aggregat =360.001-LB01\nBatteriet avluftes før hver fyringssesong.');
    expect(task).toMatchObject({ componentCode: '=360.001-LB01', buildingCategory: '36', action: 'drain' });
  });

  it('finds nothing in text that mentions time but asks for nothing to be done', () => {
    const decoys = [
      'Garantitiden er 5 år fra overtakelse. Reklamasjoner må fremmes innen 2 måneder.',
      'Leveringstid er normalt 6-8 uker. Betalingsbetingelser: 30 dager netto.',
      'Seksjonseier vil bli fakturert kostnadene sammen med felleskostnadene en gang i året.',
      'Luftmengden ble målt til 2400 m3/h den 12.03.2024. Trykkprøving ble utført med godkjent resultat.',
      'Høsten 2010 ble det renset og montert luker over slukene.',
      'Bærende konstruksjoner skal ha brannmotstand R 60. Rømningstiden er beregnet til 4 minutter.',
      'The warranty period is 24 months. Delivery time for spare parts is 10 working days.',
      'The fire alarm system was tested on 14 March 2025 and all detectors operated correctly.',
      'Payment is due within 30 days of invoice. Compartment walls provide 60 minutes fire resistance.',
      'Kjelen vart kontrollert 14. mars 2024 utan avvik. Faktura vert send kvar månad.',
    ];
    for (const text of decoys) expect(extract(text), text).toEqual([]);
  });
});
