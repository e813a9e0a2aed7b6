import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

const nfd = (text: string) => text.normalize('NFD');

/** name -> [file name, text], each in a script whose words carry combining marks or come in more than one encoding */
const FILES: Record<string, [string, string]> = {
  hindi: ['hindi.txt', 'अग्नि सुरक्षा निर्देश: हिन्दी भाषा में भवन का क़ानून और रखरखाव'],
  thai: ['thai.txt', 'คู่มือ การบำรุงรักษา ระบบดับเพลิง ของอาคาร'],
  bengali: ['bengali.txt', 'অগ্নি নির্বাপক যন্ত্র রক্ষণাবেক্ষণ'],
  tamil: ['tamil.txt', 'தீயணைப்பு கருவி பராமரிப்பு கையேடு'],
  arabicVowelled: ['arabic.txt', 'دَلِيلُ الصِّيَانَةِ لِلْمَبْنَى وَنِظَامِ الإِطْفَاءِ'],
  // what pdftotext and pdf.js hand on from an Arabic PDF: presentation forms, and direction marks around the line
  arabicPdf: ['arabic-pdf.txt', '\u202bاﻧﻮاع اﳋﻄﻮط اﻟﻌﺮﺑﻴﺔ\u202c'],
  // Vietnamese decomposed (as some PDF tools and macOS write it)
  vietnamese: ['vietnamese.txt', nfd('Hướng dẫn bảo trì hệ thống phòng cháy')],
  // a Norwegian file named on a Mac: decomposed å in the name and the text
  norwegian: [nfd('Årskontroll sprinkler.txt'), nfd('Sprinkleranlegget på loftet får årlig kontroll.')],
};

describe.each(testEngines())('search in other scripts on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  const ids: Record<string, string> = {};

  const search = async (query: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}/search?${new URLSearchParams({ query, fuzziness: 'off' }).toString()}`,
      key: seed.key,
    });
    expect(response.status).toBe(200);
    return (response.body as { hits: { id: string }[] }).hits.map(
      (hit) => Object.entries(ids).find(([, id]) => id === hit.id)?.[0] ?? hit.id,
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, workers: true });
    seed = await t.seed();
    for (const [name, [filename, text]] of Object.entries(FILES)) {
      ids[name] = await t.upload({ seed, filename, bytes: Buffer.from(text) });
    }
    await t.waitForProcessing(Object.values(ids));
  }, 120_000);
  afterAll(() => t?.close());

  it.each([
    ['a Devanagari word with a virama and a vowel sign', 'हिन्दी', 'hindi'],
    ['a Devanagari word with a vowel sign below', 'सुरक्षा', 'hindi'],
    // U+0958 in the text, क + nukta typed: one letter either way
    ['a Devanagari nukta letter typed as two code points', 'क\u093cानून', 'hindi'],
    ['a Thai word with vowel signs and a tone mark', 'ระบบดับเพลิง', 'thai'],
    ['a Bengali word with a hasanta and vowel signs', 'নির্বাপক', 'bengali'],
    ['a Tamil word with pulli and vowel signs', 'பராமரிப்பு', 'tamil'],
    ['Arabic typed without the vowel marks the text has', 'الصيانة', 'arabicVowelled'],
    ['Arabic typed with the vowel marks', 'الصِّيَانَةِ', 'arabicVowelled'],
    ['Arabic letters in a text of presentation forms', 'العربية', 'arabicPdf'],
    ['composed Vietnamese in a decomposed text', 'bảo trì', 'vietnamese'],
    ['decomposed Vietnamese in the same text', nfd('hệ thống'), 'vietnamese'],
    ['a composed å in a decomposed Norwegian text', 'loftet får', 'norwegian'],
    ['a composed å in a decomposed file name', 'årskontroll', 'norwegian'],
  ])('finds %s', async (_, query, expected) => {
    expect(await search(query)).toEqual([expected]);
  });

  it('does not find a word from the pieces a split at the marks would have made', async () => {
    // `हिन्दी` split at its virama is `हिन` + `दी`: neither is a word of the text
    expect(await search('हिन')).toEqual([]);
  });

  it('keeps Norwegian folding as it was: æ ø å apart from a o e', async () => {
    expect(await search('sprinkleranlegget')).toEqual(['norwegian']);
    expect(await search('far')).toEqual([]);
  });
});
