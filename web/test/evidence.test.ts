import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  disciplineEntries,
  informationTypeEntries,
  ns3451Entries,
} from '../../server/src/domain/classification/reference-data.js';
import { codeSignal } from '../../server/src/domain/classification/signal-codes.js';
import { signalInWords as sayCoded, signalsInWords, type Names } from '../src/evidence.js';
import { changeLanguage, setupI18n } from '../src/i18n.js';

/** the reference names as the app gives them (reference.ts) */
function names(language: 'nb' | 'en'): Names {
  const pick = (entry: { nameNo: string; nameEn: string }) => (language === 'nb' ? entry.nameNo : entry.nameEn);
  const types = new Map([...informationTypeEntries().values()].map((entry) => [entry.id, pick(entry)]));
  const parts = new Map([...ns3451Entries()].map((entry) => [entry.code, pick(entry)]));
  const disciplines = new Map([...disciplineEntries().values()].map((entry) => [entry.code, pick(entry)]));
  return {
    isType: (id) => types.has(id),
    type: (id) => types.get(id) ?? id,
    category: (code) => (parts.has(code) ? `${code} ${parts.get(code)}` : code),
    discipline: (code) => (disciplines.has(code) ? `${code} ${disciplines.get(code)}` : code),
  };
}

/** a classifier phrase as the service sends it: coded */
const signalInWords = (text: string, t: typeof i18next.t, names: Names) => sayCoded(codeSignal(text), t, names);

describe('the classifier’s signals in words', () => {
  beforeAll(async () => {
    await setupI18n();
  });

  it('says what the classifier saw in Norwegian, with types, parts and disciplines by name and no raw ids', async () => {
    await changeLanguage('nb');
    const nb = names('nb');
    const t = i18next.t;
    expect(signalInWords('filename mentions "FDV"', t, nb)).toBe('filnavnet nevner «FDV»');
    expect(signalInWords('folder "RIV"', t, nb)).toBe('mappen «RIV»');
    expect(signalInWords('om_instructions: filename mentions "FDV"', t, nb)).toMatch(/^FDV.*: filnavnet nevner «FDV»$/);
    expect(signalInWords('information type om_instructions', t, nb)).not.toMatch(/om_instructions/);
    expect(signalInWords('discipline ARK usually files under 20', t, nb)).toBe(
      'ARK Arkitekt hører vanligvis til 20 Bygning, generelt',
    );
    expect(signalInWords('text model 1.00 ("ark", "drift", adapted by 2 corrections in this owner)', t, nb)).toBe(
      'tekstmodell 1.00 (ark, drift) · lært av 2 rettinger hos denne eieren',
    );
    // a phrase the app does not know is left to the caller, never guessed at
    expect(signalInWords('something new the classifier says', t, nb)).toBeNull();
    expect(sayCoded({ code: 'a_code_from_a_newer_service', params: {}, text: 'x' }, t, nb)).toBeNull();
  });

  it('reads the code and its parameters, never the English phrase, so a reworded phrase still reads right', async () => {
    await changeLanguage('nb');
    const said = sayCoded(
      { code: 'filename_token', params: { token: 'ARK' }, text: 'the file name has the token ARK in it' },
      i18next.t,
      names('nb'),
    );
    expect(said).toBe('del av filnavnet «ARK»');
  });

  it('says each thing once, though the classifier saw it twice', async () => {
    await changeLanguage('en');
    const coded = [
      'filename mentions "plan"',
      'filename mentions "plan"',
      'title mentions "plan"',
      'something new the classifier says',
      'something new the classifier says',
      'text model 1.00 ("ark", "ark", "drift")',
    ].map(codeSignal);
    const { known, unknown } = signalsInWords(coded, i18next.t, names('en'));
    expect(known).toEqual([
      'the file name mentions “plan”',
      'the title mentions “plan”',
      'text model 1.00 (ark, drift)',
    ]);
    expect(unknown).toEqual(['something new the classifier says']);
  });
});
