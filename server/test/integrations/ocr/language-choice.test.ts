import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectedType } from '../../../src/domain/pipeline/extraction.types.js';
import { extractImage } from '../../../src/integrations/extract/image.extractor.js';
import {
  createOcr,
  listTesseractCliLanguages,
  listTesseractJsLanguages,
  type Ocr,
} from '../../../src/integrations/ocr/index.js';
import {
  languagesForScript,
  missingLanguagesForScript,
  otherLatinLanguage,
  scriptFromDetection,
  scriptFromOsd,
} from '../../../src/integrations/ocr/language-choice.js';

/** the same service report in six languages, as a building archive in the Nordics and its neighbours holds them */
const REPORTS = {
  nor: 'Rapport om ventilasjonsanlegget. Anlegget er kontrollert etter gjeldende regler, og det ble ikke funnet noen feil av betydning. Filtrene skal skiftes hvert halvår, og resultatet av målingene finnes i vedlegget.',
  dan: 'Rapport om ventilationsanlægget. Anlægget er kontrolleret efter gældende regler, og der blev ikke fundet nogle fejl af betydning. Filtrene skal skiftes hvert halve år, og resultatet af målingerne findes i bilaget.',
  swe: 'Besiktningsprotokoll för ventilationsanläggningen. Anläggningen är kontrollerad och uppfyller kraven enligt gällande regler. Filtren ska bytas var sjätte månad och detta ska dokumenteras i drift- och underhållsinstruktionen.',
  deu: 'Prüfbericht für die Lüftungsanlage. Die Anlage wurde nach den geltenden Regeln geprüft und ist in Ordnung. Der Filter muss alle sechs Monate gewechselt werden, und die Ergebnisse der Messungen sind im Anhang aufgeführt.',
  pol: 'Protokół z przeglądu instalacji wentylacyjnej. Instalacja jest sprawna i nie wymaga naprawy. Filtry należy wymieniać co sześć miesięcy, a wyniki pomiarów są w załączniku do protokołu oraz w dokumentacji budynku.',
  fra: "Rapport d'inspection de l'installation de ventilation. L'installation est conforme aux règles en vigueur et les filtres sont changés tous les six mois. Les résultats des mesures sont dans l'annexe, avec les remarques de l'équipe.",
  eng: 'Inspection report for the ventilation system. The system was tested against the current regulations and is in good order. The filters shall be changed every six months, and the results of the measurements are in the appendix.',
};

describe('choosing OCR languages', () => {
  it("tells the neighbours' languages from Norwegian and English by their common words", () => {
    expect(otherLatinLanguage(REPORTS.nor)).toBeNull();
    expect(otherLatinLanguage(REPORTS.eng)).toBeNull();
    expect(otherLatinLanguage(REPORTS.dan)).toBe('dan');
    expect(otherLatinLanguage(REPORTS.swe)).toBe('swe');
    expect(otherLatinLanguage(REPORTS.deu)).toBe('deu');
    expect(otherLatinLanguage(REPORTS.pol)).toBe('pol');
    expect(otherLatinLanguage(REPORTS.fra)).toBe('fra');
    // as a Norwegian reading garbles them: German without its umlauts, Polish without its tails
    expect(otherLatinLanguage(REPORTS.deu.replace(/ü/g, 'u').replace(/ä/g, 'a'))).toBe('deu');
    expect(otherLatinLanguage(REPORTS.pol.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l'))).toBe('pol');
    // a title block's few words decide nothing
    expect(otherLatinLanguage('Plan 1. etasje und Schnitt')).toBeNull();
  });

  it("takes the script from Tesseract's orientation report, and the installed languages of that script", () => {
    const report = (script: string, confidence: number) =>
      `Page number: 0\nOrientation in degrees: 0\nRotate: 0\nOrientation confidence: 9.1\nScript: ${script}\nScript confidence: ${confidence}\n`;
    expect(scriptFromOsd(report('Cyrillic', 4.2))).toBe('Cyrillic');
    expect(scriptFromOsd(report('Cyrillic', 0.3))).toBeNull();
    expect(languagesForScript('Cyrillic', ['eng', 'nor', 'rus'])).toEqual(['rus', 'eng']);
    expect(languagesForScript('Cyrillic', ['eng', 'nor'])).toBeNull();
    expect(languagesForScript('Latin', ['eng', 'nor', 'deu'])).toBeNull();
    expect(languagesForScript(null, ['eng'])).toBeNull();
    expect(scriptFromDetection({ script: 'Devanagari', script_confidence: 32 })).toBe('Devanagari');
    expect(scriptFromDetection({ script: 'Devanagari', script_confidence: 0.2 })).toBeNull();
  });

  it('names the language a page in another script needs when none of its languages is installed', () => {
    expect(missingLanguagesForScript('Devanagari', ['eng', 'nor'], 29)).toEqual(['hin', 'mar', 'nep', 'san']);
    expect(missingLanguagesForScript('Devanagari', ['eng', 'hin'], 29)).toEqual([]);
    expect(missingLanguagesForScript('Hebrew', ['eng', 'nor'], 67)).toEqual(['heb']);
    // Latin is read in Norwegian and English at worst; an unknown or unsure script is not guessed at (Tesseract calls
    // a few lines of large bold English "Cyrillic" at 7.8)
    expect(missingLanguagesForScript('Latin', ['eng'], 30)).toEqual([]);
    expect(missingLanguagesForScript('Cyrillic', ['eng', 'nor'], 7.8)).toEqual([]);
    expect(missingLanguagesForScript(null, ['eng'], 30)).toEqual([]);
  });
});

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/ocr');
const cliLanguages = await listTesseractCliLanguages();
const hasCli = ['nor', 'eng', 'osd'].every((language) => cliLanguages.includes(language));

/**
 * Real test images of Tesseract (see fixtures/ocr/README.md), read on a machine without the `tesseract` binary (`js`:
 * tesseract.js with the npm traineddata packages) and with it (`auto`: the binary, tesseract.js for the languages
 * only its packages have).
 */
const providers: ('js' | 'auto')[] = hasCli ? ['js', 'auto'] : ['js'];
describe.each(providers)('OCR beyond Norwegian and English (%s)', (provider) => {
  let ocr: Ocr;
  beforeAll(async () => {
    ocr = await createOcr({ provider });
  });
  afterAll(async () => ocr?.close());

  const detected: DetectedType = { kind: 'image', mime: 'image/png', extension: 'png', extensionMismatch: false };
  const extract = (name: string) =>
    extractImage({ path: path.join(FIXTURES, name), filename: name, detected }, { ocr });

  it('the traineddata packages this project ships are found', () => {
    expect(listTesseractJsLanguages()).toEqual(expect.arrayContaining(['chi_sim', 'eng', 'fra', 'hin', 'nor', 'osd']));
  });

  it('reads a Hindi scan in Hindi', async () => {
    const { pages, note } = await extract('tesseract-devatest.png');
    expect(pages[0]!.text).toContain('सभी मनुष्यों को गौरव और अधिकारों के मामले में');
    expect(note).toBeUndefined();
  }, 120_000);

  it('reads a page scanned upside down the right way up', async () => {
    const { pages } = await extract('tesseract-phototest-rotated-180.png');
    expect(pages[0]!.text).toContain('The quick brown dog jumped over the');
  }, 120_000);

  it('says which language a scan in a script with no installed language needs, instead of reading mojibake', async () => {
    const { pages, note } = await extract('tesseract-hebrew.png');
    expect(pages[0]!.text).toBe('');
    expect(note).toBe('OCR language not installed: heb');
  }, 120_000);
});

const installed = await listTesseractCliLanguages();
const needed = ['nor', 'eng', 'osd', 'deu', 'pol', 'rus'];

describe.skipIf(!needed.every((language) => installed.includes(language)))('OCR in the language of the page', () => {
  let dir: string;
  let ocr: Ocr;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'byggdok-ocr-language-'));
    ocr = await createOcr({ provider: 'cli' });
  });
  afterAll(async () => {
    await ocr?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** a scanned page of the text, printed in DejaVu Sans at 300 dpi, turned as told */
  async function scan(name: string, text: string, degrees = 0): Promise<string> {
    const file = path.join(dir, `${name}.png`);
    const printed = await sharp({ text: { text, font: 'DejaVu Sans 11', dpi: 300, width: 2200, rgba: true } })
      .png()
      .toBuffer();
    await sharp(printed)
      .flatten({ background: '#ffffff' })
      .extend({ top: 120, bottom: 120, left: 120, right: 120, background: '#ffffff' })
      .rotate(degrees)
      .png()
      .toFile(file);
    return file;
  }
  const detected: DetectedType = { kind: 'image', mime: 'image/png', extension: 'png', extensionMismatch: false };
  const read = async (file: string) =>
    (await extractImage({ path: file, filename: path.basename(file), detected }, { ocr })).pages[0]!.text;

  it('reads German and Polish pages with their own letters, and Norwegian as before', async () => {
    const german = await read(await scan('tysk', REPORTS.deu));
    expect(german).toContain('Prüfbericht für die Lüftungsanlage');
    expect(german).toContain('aufgeführt');
    // upside down as well
    const polish = await read(await scan('polsk', REPORTS.pol, 180));
    expect(polish).toContain('Protokół z przeglądu');
    expect(polish).toContain('należy wymieniać co sześć miesięcy');
    const norwegian = await read(await scan('norsk', REPORTS.nor));
    expect(norwegian).toContain('skiftes hvert halvår, og resultatet av målingene');
  }, 120_000);

  it('reads a Cyrillic page in Russian', async () => {
    const russian = await read(await scan('russisk', 'Протокол испытаний системы вентиляции. Фильтры заменены.'));
    expect(russian).toContain('Протокол испытаний системы вентиляции');
  });
});
