import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import { NYNORSK_STEMS, nynorskForms } from '../../../src/domain/classification/nynorsk.js';
import { vocabularyMatchers, writtenVocabulary } from '../../../src/domain/classification/vocabulary.js';
import { normalizeForMatching } from '../../../src/domain/classification/tokens.js';
import { A1, A4, doc } from './helpers.js';

describe('nynorsk forms of the vocabulary', () => {
  it('derives the nynorsk forms of bokmål stems', () => {
    expect(nynorskForms('brukerveiledning*')).toContain('brukarrettleiing*');
    expect(nynorskForms('nødlys*')).toContain('naudlys*');
    expect(nynorskForms('vannmåler*')).toContain('vassmålar*');
    expect(nynorskForms('tappevann*')).toContain('tappevatn*');
    expect(nynorskForms('håndslokkeapparat*')).toContain('handsløkkeapparat*');
    expect(nynorskForms('midlertidig brukstillatelse')).toContain('mellombels bruksløyve');
    expect(nynorskForms('varmekabler*')).toContain('varmekablar*');
    expect(nynorskForms('ventilasjon*')).toEqual([]);
  });

  // Every rule that knows a bokmål word knows its nynorsk form: each written pattern holding a bokmål stem is matched,
  // in its nynorsk form, to the same target.
  it('matches the nynorsk form of every written pattern that holds a bokmål stem to the same target', () => {
    const matchers = vocabularyMatchers();
    const missing: string[] = [];
    let checked = 0;
    for (const { kind, key, patterns } of writtenVocabulary()) {
      for (const pattern of patterns) {
        if (!NYNORSK_STEMS.some(([nb, nn]) => nb !== nn && pattern.includes(nb))) continue;
        const all = nynorskForms(pattern).at(-1) ?? pattern;
        // the pattern as a word: stars stand for any continuation, so the bare stem is a word it matches
        const word = normalizeForMatching(all.replace(/\*/g, ''));
        const found = matchers[kind]
          .findAll(word)
          .some((m) =>
            m.payload.some((t) =>
              t.target.kind === 'ns'
                ? key.startsWith(t.target.code) || t.target.code.startsWith(key)
                : (t.target.kind === 'discipline' && t.target.code === key) ||
                  (t.target.kind === 'type' && t.target.id === key),
            ),
          );
        checked++;
        if (!found) missing.push(`${kind} ${key}: "${pattern}" -> "${all}"`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});

describe('nynorsk documents', () => {
  const pairs: [string, string, string, string, [string | null, string, string | null]][] = [
    [
      'Brukerveiledning ventilasjonsaggregat.pdf',
      'Brukarrettleiing ventilasjonsaggregat.pdf',
      'Brukerveiledning\nVentilasjonsaggregat\nFilterbytte',
      'Brukarrettleiing\nVentilasjonsaggregat\nFilterbyte',
      ['RIV', '36', 'user_manual'],
    ],
    [
      'Nødlys kontroll.pdf',
      'Naudlys kontroll.pdf',
      'Årlig kontroll\nNødlys og ledelys',
      'Årleg kontroll\nNaudlys og ledelys',
      ['RIE', '443', 'test_measurement_report'],
    ],
    [
      'Vannmåler produktdatablad.pdf',
      'Vassmålar produktdatablad.pdf',
      'Produktdatablad\nVannmåler for kaldtvann',
      'Produktdatablad\nVassmålar for kaldtvatn',
      ['RIV', '31', 'product_data_sheet'],
    ],
    [
      'Sikkerhetsdatablad fugemasse.pdf',
      'Tryggleiksdatablad fugemasse.pdf',
      'Sikkerhetsdatablad\nAvsnitt 1',
      'Tryggleiksdatablad\nAvsnitt 1',
      [null, 'MSC', 'safety_data_sheet'],
    ],
    [
      'Egenkontroll røranlegg.pdf',
      'Eigenkontroll røyranlegg.pdf',
      'Egenkontroll\nRøranlegg for tappevann',
      'Eigenkontroll\nRøyranlegg for tappevatn',
      ['RIV', '31', 'self_inspection_checklist'],
    ],
    [
      'Søknad om midlertidig brukstillatelse.pdf',
      'Søknad om mellombels bruksløyve.pdf',
      'Søknad om midlertidig brukstillatelse\nGjenstående arbeider',
      'Søknad om mellombels bruksløyve\nAttståande arbeid',
      ['ARK', '20', 'permit_documents'],
    ],
  ];
  it.each(pairs)('classifies "%s" and its nynorsk "%s" alike', (nbName, nnName, nbText, nnText, expected) => {
    const nb = classifyDocument(doc({ path: `Skole/FDV/${nbName}`, size: A4, text: nbText }));
    const nn = classifyDocument(doc({ path: `Skule/FDV/${nnName}`, size: A4, text: nnText }));
    for (const c of [nb, nn]) {
      expect([c.discipline, c.buildingCategory.slice(0, expected[1].length), c.informationType]).toEqual(expected);
    }
  });

  it('reads nynorsk drawings, as-built stamps and fire drawings', () => {
    const asBuilt = classifyDocument(
      doc({
        path: 'Skule/Teikningar/RIV/Ventilasjon plan 2 som bygd.pdf',
        size: A1,
        text: 'VENTILASJON PLAN 2\nSom bygd',
      }),
    );
    expect([asBuilt.isDrawing, asBuilt.informationType, asBuilt.discipline]).toEqual([true, 'as_built_drawing', 'RIV']);
    const fire = classifyDocument(
      doc({ path: 'Skule/Teikningar/Brann/Brannteikning plan 1.pdf', size: A1, text: 'BRANNTEIKNING\nRømmingsvegar' }),
    );
    expect([fire.informationType, fire.discipline, fire.buildingCategory]).toEqual(['fire_strategy', 'RIBr', '20']);
  });

  it("files a nynorsk schedule and residents' folder under no part", () => {
    const schedule = classifyDocument(
      doc({ path: 'Skule/Framdrift/Framdriftsplan rev 3.pdf', size: A4, text: 'FRAMDRIFTSPLAN\nRåbygg\nTett bygg' }),
    );
    expect([schedule.discipline, schedule.buildingCategory]).toEqual([null, 'MSC']);
    const folder = classifyDocument(
      doc({
        path: 'Bustader/Overlevering/Bustadmappe.pdf',
        size: A4,
        text: 'BUSTADMAPPE\nVelkomen til ny bustad\nOppvarming og ventilasjon',
      }),
    );
    expect([folder.discipline, folder.buildingCategory, folder.informationType]).toEqual([null, 'MSC', 'user_manual']);
  });
});
