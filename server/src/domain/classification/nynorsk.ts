/**
 * Nynorsk forms of the bokmål words the classifier knows. Every vocabulary pattern (vocabulary.ts) and every cue list
 * of drawing.ts goes through `withNynorsk`, so a rule that knows "brukerveiledning", "nødlys" or "vannmåler" also
 * knows "brukarrettleiing", "naudlys" and "vassmålar". The pairs are stems, replaced inside patterns; a replacement
 * that yields no real word only adds a pattern that never matches.
 *
 * Sources: the official nynorsk forms (Nynorskordboka) of the words Norwegian FDV documents, permit forms and
 * drawings use; where nynorsk accepts the bokmål form too (anlegg, ventilasjon, tavle) nothing is needed.
 */

/** [bokmål stem, nynorsk stem]; longer stems first where one contains another */
export const NYNORSK_STEMS: readonly (readonly [string, string])[] = [
  // documents and genres
  ['brukerveiledning', 'brukarrettleiing'],
  ['veiledning', 'rettleiing'],
  ['bruker', 'brukar'],
  ['håndbok', 'handbok'],
  ['beskrivelse', 'skildring'],
  ['beregning', 'berekning'],
  ['vedlikehold', 'vedlikehald'],
  ['renhold', 'reinhald'],
  ['rengjøring', 'reingjering'],
  ['tegning', 'teikning'],
  ['byggemøte', 'byggjemøte'],
  ['byggesak', 'byggjesak'],
  ['byggetillatelse', 'byggjeløyve'],
  ['igangsettingstillatelse', 'igangsetjingsløyve'],
  ['igangsetting', 'igangsetjing'],
  ['midlertidig', 'mellombels'],
  ['tillatelse', 'løyve'],
  ['igangkjøring', 'igangkøyring'],
  ['egenkontroll', 'eigenkontroll'],
  ['egenerklæring', 'eigenerklæring'],
  ['sikkerhetsdatablad', 'tryggleiksdatablad'],
  ['sikkerhet', 'tryggleik'],
  ['ytelseserklæring', 'yteevneerklæring'],
  ['ytelse', 'yting'],
  ['utredning', 'utgreiing'],
  ['oversikt', 'oversyn'],
  ['tilbud', 'tilbod'],
  ['fremdrift', 'framdrift'],
  ['rømningsvei', 'rømmingsveg'],
  ['rømning', 'rømming'],
  ['bilde', 'bilete'],
  ['beboer', 'bebuar'],
  ['leilighet', 'leilegheit'],
  ['hjem', 'heim'],
  ['årlig', 'årleg'],
  ['ansvarlig', 'ansvarleg'],
  ['utførelse', 'utføring'],
  ['tetthet', 'tettleik'],
  ['behandling', 'handsaming'],
  ['beskyttelse', 'vern'],
  ['opplæring', 'opplæring'],
  // building parts and systems
  ['nød', 'naud'],
  ['hoved', 'hovud'],
  ['lavspenning', 'lågspenning'],
  ['strøm', 'straum'],
  ['utendørs', 'utandørs'],
  ['innendørs', 'innandørs'],
  ['lekeplass', 'leikeplass'],
  ['lekeapparat', 'leikeapparat'],
  ['lekeareal', 'leikeareal'],
  ['vindu', 'vindauge'],
  ['gulv', 'golv'],
  ['glass', 'glas'],
  ['rørlegger', 'røyrleggjar'],
  ['rør', 'røyr'],
  ['håndslokk', 'handsløkk'],
  ['slokk', 'sløkk'],
  ['slukk', 'sløkk'],
  ['hånd', 'hand'],
  ['vannbåren', 'vassboren'],
  ['varsler', 'varslar'],
  ['måler', 'målar'],
  ['gjenvinner', 'gjenvinnar'],
  ['bereder', 'beredar'],
  ['ledning', 'leidning'],
  ['hvit', 'kvit'],
  ['adgangskontroll', 'tilgjengekontroll'],
  ['elektriker', 'elektrikar'],
  ['tømrer', 'tømrar'],
  ['snekker', 'snikkar'],
  ['kjøre', 'køyre'],
];

/** Compounds on "vann-" become "vass-" (vassmålar, vassboren); "vann" as a word or at a compound's end becomes "vatn". */
function waterForms(pattern: string): string[] {
  const out: string[] = [];
  if (/(^|[\s*])vann(?=\p{L})/u.test(pattern)) out.push(pattern.replace(/(^|[\s*])vann(?=\p{L})/gu, '$1vass'));
  if (/vann(?=$|[\s*])/u.test(pattern)) out.push(pattern.replace(/vann(?=$|[\s*])/gu, 'vatn'));
  return out;
}

/**
 * Plural -er becomes -ar for most nouns (kummar, bjelkar, målingar, armaturar); patterns with a star after the stem
 * already match both.
 */
function pluralForms(pattern: string): string[] {
  return /\p{L}{3,}er\*?$/u.test(pattern) ? [pattern.replace(/er(\*?)$/u, 'ar$1')] : [];
}

/** One pattern's nynorsk forms (without the pattern itself): each stem replaced alone, and all of them together. */
export function nynorskForms(pattern: string): string[] {
  const forms = new Set<string>();
  let all = pattern;
  for (const [nb, nn] of NYNORSK_STEMS) {
    if (nb === nn || !pattern.includes(nb)) continue;
    forms.add(pattern.split(nb).join(nn));
    if (all.includes(nb)) all = all.split(nb).join(nn);
  }
  forms.add(all);
  for (const base of [pattern, all, ...forms]) {
    for (const w of waterForms(base)) forms.add(w);
    for (const p of pluralForms(base)) forms.add(p);
  }
  forms.delete(pattern);
  return [...forms];
}

/** A "a | b* | *c" pattern list with every pattern's nynorsk forms added after it. */
export function withNynorsk(patterns: string): string {
  const list = patterns
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of list) {
    for (const form of [p, ...nynorskForms(p)]) {
      if (seen.has(form)) continue;
      seen.add(form);
      out.push(form);
    }
  }
  return out.join(' | ');
}
