import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import nb from '../../../web/src/locales/nb.json' with { type: 'json' };
import { SIGNAL_CODES, signalInWords, type Names } from '../../../web/src/evidence.js';
import { classifyDocument } from '../../src/domain/classification/classify.js';
import { codeSignal, signalCodeExamples } from '../../src/domain/classification/signal-codes.js';
import {
  disciplineEntries,
  informationTypeEntries,
  ns3451Entries,
} from '../../src/domain/classification/reference-data.js';
import { A1, doc } from '../domain/classification/helpers.js';

/**
 * The web app says the classifier's signals in the person's words (web/src/evidence.ts reads the codes the service
 * sends): every signal the classifier gives the documents of a typical handover has a code the app knows, so the
 * Norwegian app shows none of them in English and none with a raw id; every code the service can send has words in
 * both languages.
 */
const DOCUMENTS = [
  doc({
    path: 'RIV/FDV ventilasjonsaggregat.pdf',
    text: 'Drift og vedlikehold.\nFilteret skal byttes hver sjette måned.',
  }),
  doc({
    path: 'ARK/Plan 1. etasje.pdf',
    size: A1,
    text: 'PLAN 1. ETASJE\nTegningsnr: A-10-101\nRev: C\nMålestokk 1:100',
  }),
  doc({ path: 'RIE/Kursfortegnelse.pdf', text: 'Kursfortegnelse hovedtavle. Kurs 1 lys, kurs 2 stikk.' }),
  doc({ path: 'Produktdatablad blandebatteri.pdf', text: 'Produktdatablad. Teknisk data: blandebatteri BX-200.' }),
  doc({ path: 'Brann/Samsvarserklæring brannalarm.pdf', text: 'Samsvarserklæring for brannalarmanlegg.' }),
  doc({
    path: 'Overlevering/Sprinkler FDV.docx',
    kind: 'docx',
    text: 'FDV sprinkleranlegg. Sprinkleranlegg, vedlikehold.',
  }),
];

function names(): Names {
  const types = new Map([...informationTypeEntries().values()].map((entry) => [entry.id, entry.nameNo]));
  const parts = new Map([...ns3451Entries()].map((entry) => [entry.code, entry.nameNo]));
  const disciplines = new Map([...disciplineEntries().values()].map((entry) => [entry.code, entry.nameNo]));
  return {
    isType: (id) => types.has(id),
    type: (id) => types.get(id) ?? id,
    category: (code) => (parts.has(code) ? `${code} ${parts.get(code)}` : code),
    discipline: (code) => (disciplines.has(code) ? `${code} ${disciplines.get(code)}` : code),
  };
}

async function translator(lng: 'nb' | 'en') {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { nb: { translation: nb }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe("the classifier's signals, as the web app words them", () => {
  it('knows every signal of a typical handover, and says them in Norwegian without raw ids', async () => {
    const i18n = await translator('nb');
    const signals = DOCUMENTS.flatMap((input) =>
      Object.values(classifyDocument(input).evidence).flatMap((entry) => entry?.evidence ?? []),
    );
    expect(signals.length).toBeGreaterThan(20);
    const coded = signals.map((text) => codeSignal(text));
    expect(coded.filter((signal) => signal.code === 'unknown').map((signal) => signal.text)).toEqual([]);
    const said = coded.map((signal) => [signal.text, signalInWords(signal, i18n.t, names())] as const);
    expect(said.filter(([, words]) => words === null).map(([signal]) => signal)).toEqual([]);
    const text = said.map(([, words]) => words).join('\n');
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(text).not.toMatch(/\b(mentions|says|filename|folder|the|and)\b/);
  });
});

describe('every code the service can send', () => {
  const examples = signalCodeExamples();

  it('is read back from the phrase the classifier writes for it', () => {
    for (const { code, example } of examples) expect([example, codeSignal(example).code]).toEqual([example, code]);
  });

  it.each(['nb', 'en'] as const)('has words in %s, and the app knows no code the service cannot send', async (lng) => {
    const i18n = await translator(lng);
    const codes = [...new Set(examples.map((e) => e.code))];
    expect([...SIGNAL_CODES].sort()).toEqual([...codes].sort());
    for (const { code, example } of examples) {
      const words = signalInWords(codeSignal(example), i18n.t, names());
      expect([code, words]).toEqual([code, expect.any(String)]);
      expect([code, words]).not.toEqual([code, expect.stringMatching(/classification\.|\{\{|\bundefined\b/)]);
      if (lng === 'nb') expect([code, words]).not.toEqual([code, expect.stringMatching(/\b(mentions|says|the)\b/)]);
    }
  });
});
