/**
 * Is it a drawing, a schematic, as-built? And the drawing's number, revision, type, date, floor and title, from title
 * block attributes, title block text and the name.
 */
import type { ClassificationInput, DrawingType } from './classification.types.js';
import { leadingCode, type Iso19650Name } from './filename-conventions.js';
import { MODEL_EXTENSIONS } from './information-types.js';
import { withNynorsk } from './nynorsk.js';
import { confidenceOf } from './scoreboard.js';
import { PhraseMatcher } from './text-matcher.js';
import { normalizeForMatching, type PathParts } from './tokens.js';

export interface Decision<T> {
  value: T;
  confidence: number;
  evidence: string[];
}

/** Signed votes: positive for, negative against. */
class Tally {
  total = 0;
  readonly items: { weight: number; evidence: string }[] = [];
  add(weight: number, evidence: string): void {
    if (weight === 0) return;
    this.total += weight;
    this.items.push({ weight, evidence });
  }
  /** evidence on the side that won, strongest first */
  evidenceFor(positive: boolean): string[] {
    return this.items
      .filter((i) => (positive ? i.weight > 0 : i.weight < 0))
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
      .map((i) => i.evidence);
  }
  decision(threshold: number): Decision<boolean> {
    const value = this.total > threshold;
    const margin = Math.abs(this.total - threshold);
    return {
      value,
      confidence: Math.round(Math.min(0.99, 0.5 + margin / 12) * 100) / 100,
      evidence: this.evidenceFor(value),
    };
  }
}

function cueMatcher<T>(groups: readonly (readonly [T, number, string])[]): PhraseMatcher<{ key: T; weight: number }> {
  const entries: { pattern: string; payload: { key: T; weight: number } }[] = [];
  for (const [key, weight, patterns] of groups)
    for (const p of withNynorsk(patterns)
      .split('|')
      .map((x) => x.trim())
      .filter(Boolean))
      entries.push({ pattern: p, payload: { key, weight } });
  return new PhraseMatcher(entries);
}

// ------------------------------------------------------------------------------------------------ vocabularies
type DrawingCue = 'drawing' | 'document';
let drawingCues: PhraseMatcher<{ key: DrawingCue; weight: number }> | null = null;
function drawingCueMatcher(): PhraseMatcher<{ key: DrawingCue; weight: number }> {
  drawingCues ??= cueMatcher<DrawingCue>([
    [
      'drawing',
      3,
      'plantegning* | situasjonsplan* | utomhusplan* | floor plan* | roof plan* | site plan* | general arrangement | ga plan | plattegrond* | doorsnede* | tekening* | *tekening* | *tegning* | tegning* | prinsippskjema* | *skjema | schematic* | single line diagram | wiring diagram* | riser diagram* | principeschema* | rømningsplan* | branntegning* | armeringstegning*',
    ],
    [
      'drawing',
      2.5,
      'snitt | snitt* | fasade | fasader | oppriss* | drawing | drawings | dwg | layout | layouts | elevation | elevations | sections | aanzicht* | *gevel | gevels | *plan | plan | detalj* | *detalj | detail | details | plans',
    ],
    ['drawing', 1, 'skjema | section | diagram | branninstruks*'],
    [
      'document',
      3,
      'tegningsliste* | tegningsoversikt* | dokumentliste* | drawing register* | drawing list* | document register* | tekeningenlijst* | documentenlijst*',
    ],
    [
      'document',
      3,
      'rapport* | *rapport | report | reports | *datablad* | datablad* | instruks* | *instruks | manual* | *manual | anvisning* | *anvisning | veiledning* | *veiledning | beskrivelse* | *beskrivelse | erklæring* | *erklæring | declaration* | sertifikat* | certificate* | protokoll* | *protokoll | sjekkliste* | *kontrakt* | avtale* | *avtale | attest* | *attest | tillatelse* | *tillatelse | garanti* | warranty | guarantee | liste | *liste | list | *beregning* | calculation* | notat* | specification* | handleiding* | *handleiding | *verklaring* | product data | productdata | productinfo | product info* | data sheet | datasheet | o&m | guide | brochure | katalog* | *konsept | konsept* | *strategi* | strategy | program | *program | kontrollplan* | fremdriftsplan* | *fremdriftsplan* | phase plan | construction phase plan | kvalitetsplan* | sha-plan* | avfallsplan* | gjennomføringsplan* | nabovarsel* | ansvarsrett* | blankett* | maintenance plan* | management plan* | aftercare plan* | soft landings* | skjøtselsplan* | care plan* | vedlikeholdsplan* | *vurdering | vurdering* | tilstand* | utredning* | analyse* | *analyse | log | logbook | log book | records | vedlikeholdsplan* | miljøoppfølging* | beredskapsplan* | fuktsikringsplan* | test record* | test result* | *test | test | schedule | inregel* | assessment | statement | notice | survey | brev | letter | referat* | minutes | faktura* | invoice | tilbud* | søknad* | egenerklæring* | fdv | epd | sds | dop | servicehåndbok* | bruksanvisning* | energiattest* | *sertifikat | innregulering* | målerapport* | *kontroll | kontroll* | kursfortegnelse* | kursliste* | opplæring* | training | driftstillatelse* | funksjonstest* | leverandørliste* | kontaktliste* | directory | samsvarserklæring* | ytelseserklæring* | teknisk godkjenning | *godkjenning',
    ],
  ]);
  return drawingCues;
}

let schemaCues: PhraseMatcher<{ key: 'schema'; weight: number }> | null = null;
function schemaCueMatcher(): PhraseMatcher<{ key: 'schema'; weight: number }> {
  schemaCues ??= cueMatcher<'schema'>([
    [
      'schema',
      4,
      'prinsippskjema* | *prinsippskjema | flytskjema* | koblingsskjema* | enlinjeskjema* | strømskjema* | tavleskjema* | systemskjema* | reguleringsskjema* | styringsskjema* | rørskjema* | schematic* | single line diagram* | one line diagram* | principle diagram* | flow diagram* | wiring diagram* | riser diagram* | principeschema* | p&id | line diagram*',
    ],
    ['schema', 3, 'sld | skjema'],
    ['schema', 2.5, 'schema'],
    ['schema', 1.5, 'diagram'],
    [
      'schema',
      -4,
      'kontrollskjema* | romskjema* | dørskjema* | søknadsskjema* | sjekkskjema* | registreringsskjema* | skjema for | bestillingsskjema* | egenkontrollskjema* | skjemaet | romdataskjema*',
    ],
  ]);
  return schemaCues;
}

let asBuiltCues: PhraseMatcher<{ key: 'asBuilt'; weight: number }> | null = null;
function asBuiltCueMatcher(): PhraseMatcher<{ key: 'asBuilt'; weight: number }> {
  asBuiltCues ??= cueMatcher<'asBuilt'>([
    [
      'asBuilt',
      4,
      'som bygget | som-bygget | sombygget | som bygd | as built | as-built | asbuilt | as installed | as-installed | as constructed | as-constructed | record drawing* | revisjonstegning* | revisietekening* | *revisietekening* | oppdatert iht. utførelse | as built record',
    ],
    ['asBuilt', 2, 'revisie'],
    [
      'asBuilt',
      -4,
      'arbeidstegning* | for bygging | anbudstegning* | anbud | forprosjekt* | skisseprosjekt* | skisse | tender | for construction | preliminary | for approval | konkurransegrunnlag* | detaljprosjekt* | rammesøknad* | for godkjenning | work in progress | wip',
    ],
  ]);
  return asBuiltCues;
}

let drawingTypeCues: PhraseMatcher<{ key: DrawingType; weight: number }> | null = null;
function drawingTypeCueMatcher(): PhraseMatcher<{ key: DrawingType; weight: number }> {
  drawingTypeCues ??= cueMatcher<DrawingType>([
    [
      'site',
      4,
      'situasjonsplan* | site plan* | situatie* | utomhusplan* | landscape general arrangement | external works* | landscape plan* | hard landscape* | soft landscape* | utvendig va | utomhus*',
    ],
    [
      'plan',
      3,
      'plantegning* | planutsnitt* | floor plan* | ga plan | general arrangement | plattegrond* | roof plan* | layout | layouts | plans | etasjeplan* | takplan* | dekkeplan* | fundamentplan* | peleplan*',
    ],
    ['plan', 2, 'plan | *plan'],
    ['section', 3, 'snitt | snitt* | sections | doorsnede* | section a* | section b* | cross section*'],
    ['section', 1.5, 'section'],
    ['elevation', 3, 'fasade | fasader | fasade* | oppriss* | elevation* | *gevel | gevel | gevels | aanzicht*'],
    ['detail', 3, 'detalj* | *detalj | detail* | details'],
  ]);
  return drawingTypeCues;
}

// ------------------------------------------------------------------------------------------------ page sizes
const A_SIZES: readonly [string, number, number][] = [
  ['A0', 841, 1189],
  ['A1', 594, 841],
  ['A2', 420, 594],
  ['A3', 297, 420],
  ['A4', 210, 297],
  ['Letter', 216, 279],
];

export function sheetSize(widthMm: number, heightMm: number): string | null {
  const short = Math.min(widthMm, heightMm);
  const long = Math.max(widthMm, heightMm);
  for (const [name, s, l] of A_SIZES) {
    if (Math.abs(short - s) <= Math.max(5, s * 0.03) && Math.abs(long - l) <= Math.max(5, l * 0.03)) return name;
  }
  return null;
}

function fmt(n: number): string {
  return String(Math.round(n));
}

// ------------------------------------------------------------------------------------------------ is it a drawing
const NON_DRAWING_KINDS = new Set([
  'xlsx',
  'xls',
  'csv',
  'docx',
  'doc',
  'pptx',
  'eml',
  'msg',
  'text',
  'html',
  'xml',
  'zip',
  'video',
  'audio',
]);

export function decideIsDrawing(args: {
  input: ClassificationInput;
  parts: PathParts;
  iso: Iso19650Name | null;
  schemaScore: number;
  text: string;
}): Decision<boolean> {
  const { input, parts, iso } = args;
  const t = new Tally();
  const kind = input.fileKind;
  if (kind === 'dwg' || kind === 'dxf') t.add(8, `${kind.toUpperCase()} file (CAD drawing)`);
  else if (kind === 'ifc') t.add(-8, 'IFC file (a model, not a drawing)');
  else if (kind === 'image') t.add(-6, 'image file (photo)');
  else if (NON_DRAWING_KINDS.has(kind)) t.add(-8, `${kind} file`);
  else if (MODEL_EXTENSIONS.has(parts.extension)) t.add(-8, `.${parts.extension} file (a model, not a drawing)`);

  const sized = input.pages.find((p) => p.widthMm !== undefined && p.heightMm !== undefined);
  if (sized && sized.widthMm !== undefined && sized.heightMm !== undefined) {
    const size = sheetSize(sized.widthMm, sized.heightMm);
    const dims = `${fmt(Math.max(sized.widthMm, sized.heightMm))}x${fmt(Math.min(sized.widthMm, sized.heightMm))} mm`;
    if (size === 'A0' || size === 'A1' || size === 'A2') t.add(5, `page size ${size} (${dims})`);
    // A3 carries details and schematics, but also reports and schedules printed landscape.
    else if (size === 'A3') t.add(2, `page size A3 (${dims})`);
    else if (size === 'A4' || size === 'Letter') t.add(-1.5, `page size ${size} (${dims})`);
    else if (Math.max(sized.widthMm, sized.heightMm) > 450) t.add(4, `large sheet (${dims})`);
  }

  if (iso) {
    if (iso.type === 'DR') t.add(6, `ISO 19650 type "DR" (drawing)`);
    else t.add(-5, `ISO 19650 type "${iso.type}" (not a drawing)`);
  }

  // Words in the name: "plan", "snitt", "fasade", "tegning" for; "rapport", "datablad", "instruks" against.
  const nameSources: [string, number, string][] = [
    [parts.stem, 1, 'filename'],
    [input.title ?? '', 0.8, 'title'],
  ];
  let forWords = 0;
  let againstWords = 0;
  for (const [text, scale, where] of nameSources) {
    if (!text) continue;
    for (const m of drawingCueMatcher().findAll(normalizeForMatching(text, { splitCamelCase: true }))) {
      const w = m.payload.weight * scale;
      if (m.payload.key === 'drawing' && forWords < 5) {
        forWords += w;
        t.add(w, `${where} says "${m.word}"`);
      } else if (m.payload.key === 'document' && againstWords < 7) {
        againstWords += w;
        t.add(-w, `${where} says "${m.word}" (a document, not a drawing)`);
      }
    }
  }
  const folderText = normalizeForMatching(parts.folders.slice(-2).join(' / '));
  if (
    /\b(tegninger|tegning|teikningar|teikning|drawings|tekeningen|dwg|som bygget|som bygd|arbeidstegninger|arbeidsteikningar|revisietekeningen|plattegronden)\b/.test(
      folderText,
    )
  )
    t.add(1.5, `folder "${parts.folders.slice(-2).join('/')}" holds drawings`);
  else if (/\b(rapporter|rapportar|reports|fdv|o&m|health and safety file|commercial)\b/.test(folderText))
    t.add(-1, `folder "${parts.folders.slice(-2).join('/')}" holds documents`);

  const code = leadingCode(parts.stem);
  if (code && !iso) t.add(1.5, `name starts with a drawing number "${code}"`);
  if (args.schemaScore >= 3) t.add(2, 'schematic diagram');

  // Title block and density: drawings carry a scale and a drawing-number label, and little running text.
  const sample = args.text.slice(0, 20000);
  const scale =
    /(?:målestokk|scale|schaal|\bm)\s*[:=]?\s*1\s?:\s?(\d{1,4})\b|\b1:(5|10|20|25|50|100|200|250|500|1000)\b/i.exec(
      sample,
    );
  if (scale) t.add(2, `text has a scale "${scale[0].trim()}"`);
  const label =
    /\b(tegn(?:ings)?\.?\s?n(?:umme)?r\.?|tegningsnummer|drawing\s?(?:no|number)\.?|dwg\.?\s?no\.?|tekeningnummer|drawing title)/i.exec(
      sample,
    );
  if (label) t.add(2.5, `title block label "${label[0]}"`);
  const textPages = input.pages.filter((p) => p.text.trim() !== '');
  if (kind === 'pdf' && textPages.length > 0) {
    const perPage = textPages.reduce((sum, p) => sum + p.text.length, 0) / textPages.length;
    if (perPage > 2500) t.add(-2, `dense text (${Math.round(perPage)} characters per page)`);
    else if (perPage > 1500) t.add(-1, `much text (${Math.round(perPage)} characters per page)`);
    else if (perPage < 400) t.add(0.5, `little text (${Math.round(perPage)} characters per page)`);
  }
  return t.decision(0.5);
}

/** Score for "this is a schematic": filename/title cues count fully, page text half. */
export function schemaScore(args: { stem: string; title: string; text: string }): {
  score: number;
  evidence: string[];
} {
  let score = 0;
  const evidence: string[] = [];
  const sources: [string, number, string][] = [
    [args.stem, 1, 'filename'],
    [args.title, 1, 'title'],
    [args.text.slice(0, 3000), 0.5, 'text'],
  ];
  for (const [text, scale, where] of sources) {
    for (const m of schemaCueMatcher().findAll(normalizeForMatching(text))) {
      score += m.payload.weight * scale;
      evidence.push(`${where} says "${m.word}"`);
    }
  }
  return { score, evidence };
}

export function decideAsBuilt(args: {
  parts: PathParts;
  title: string;
  text: string;
  iso: Iso19650Name | null;
  attributes: Record<string, string>;
}): Decision<boolean> {
  const t = new Tally();
  const { parts } = args;
  const sources: [string, number, string][] = [
    [parts.stem, 1, 'filename'],
    [args.title, 1, 'title'],
    [parts.folders.slice(-5).join(' / '), 0.75, 'folder'],
    [Object.values(args.attributes).join(' / '), 1, 'title block'],
    [args.text.slice(0, 20000), 0.5, 'text'],
  ];
  for (const [text, scale, where] of sources) {
    const seen = new Set<string>();
    for (const m of asBuiltCueMatcher().findAll(normalizeForMatching(text))) {
      if (seen.has(m.term)) continue;
      seen.add(m.term);
      // Dutch "revisie" marks as-built only in names and folders; in running text it is any revision.
      if (m.term === 'revisie' && where === 'text') continue;
      // In page text an as-built stamp outweighs the working-drawing status it was added to.
      const w = where === 'text' ? m.payload.weight * (m.payload.weight < 0 ? 0.5 : 0.75) : m.payload.weight * scale;
      t.add(w, `${where} says "${m.word}"`);
    }
  }
  // "_SB" / "-SB" in a name is the Norwegian short form of "som bygget"; "SB001" would be a TFM component.
  if (/(?:^|[-_ ])SB(?=$|[-_ .])/.test(parts.stem)) t.add(4, 'filename token "SB" (som bygget)');
  if (args.iso && /(?:^|[-_ ])AB(?=$|[-_ .])/.test(parts.stem)) t.add(3, 'filename token "AB" (as built)');
  return t.decision(0);
}

export function decideDrawingType(args: {
  stem: string;
  title: string;
  text: string;
  isSchema: boolean;
}): Decision<DrawingType> {
  if (args.isSchema) return { value: 'schematic', confidence: 0.9, evidence: ['schematic diagram'] };
  const scores = new Map<DrawingType, { score: number; evidence: string[] }>();
  const sources: [string, number, string][] = [
    [args.stem, 1, 'filename'],
    [args.title, 1, 'title'],
    [args.text.slice(0, 3000), 0.3, 'text'],
  ];
  for (const [text, scale, where] of sources) {
    for (const m of drawingTypeCueMatcher().findAll(normalizeForMatching(text))) {
      const entry = scores.get(m.payload.key) ?? { score: 0, evidence: [] };
      entry.score += m.payload.weight * scale;
      entry.evidence.push(`${where} says "${m.word}"`);
      scores.set(m.payload.key, entry);
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score);
  const [best, second] = ranked;
  if (!best || best[1].score < 1)
    return { value: 'other', confidence: 0.3, evidence: ['no plan/section/elevation/detail cue'] };
  return {
    value: best[0],
    confidence: confidenceOf(best[1].score, second?.[1].score ?? 0),
    evidence: best[1].evidence,
  };
}

// ------------------------------------------------------------------------------------------------ metadata
function attribute(attributes: Record<string, string>, keys: readonly string[]): [string, string] | null {
  for (const [k, v] of Object.entries(attributes)) {
    const key = k.toUpperCase().replace(/[\s.-]/g, '_');
    if (keys.includes(key) && v.trim() !== '') return [k, v.trim()];
  }
  return null;
}

const NUMBER_KEYS = [
  'TEGNINGSNR',
  'TEGNINGSNUMMER',
  'TEGNNR',
  'TEGN_NR',
  'TEGNR',
  'DRAWINGNO',
  'DRAWING_NO',
  'DRAWING_NUMBER',
  'DWGNO',
  'DWG_NO',
  'DWG_NUMBER',
  'TEKENINGNUMMER',
  'DOC_NO',
  'DOCUMENT_NUMBER',
  'NUMMER',
];
const REVISION_KEYS = ['REV', 'REVISJON', 'REVISION', 'REV_NO', 'REVNR', 'WIJZIGING', 'REVISIE'];
const DATE_KEYS = ['DATO', 'DATE', 'DATUM', 'TEGNET_DATO', 'REV_DATO', 'REVISION_DATE'];
const TITLE_KEYS = [
  'TITTEL',
  'TITLE',
  'TEGNINGSTITTEL',
  'DRAWING_TITLE',
  'BENEVNELSE',
  'BENAMING',
  'OMSCHRIJVING',
  'TITEL',
];

export function drawingNumberOf(args: {
  attributes: Record<string, string>;
  text: string;
  iso: Iso19650Name | null;
  stem: string;
}): Decision<string | null> {
  const attr = attribute(args.attributes, NUMBER_KEYS);
  if (attr) return { value: attr[1], confidence: 0.95, evidence: [`title block attribute ${attr[0]} = "${attr[1]}"`] };
  const m =
    /(?:tegn(?:ings)?\.?\s?n(?:umme)?r\.?|tegningsnummer|drawing\s?(?:no|number)\.?|dwg\.?\s?no\.?|tekeningnummer|tegn\.\s?nr\.?)\s*[:.]?\s*([A-Z0-9][A-Z0-9._\-/]{2,40}[A-Z0-9])/i.exec(
      args.text,
    );
  if (m && /\d/.test(m[1]!)) return { value: m[1]!, confidence: 0.9, evidence: [`title block "${m[0].trim()}"`] };
  if (args.iso) return { value: args.iso.code, confidence: 0.9, evidence: [`ISO 19650 name "${args.iso.code}"`] };
  const code = leadingCode(args.stem);
  if (code) return { value: code, confidence: 0.7, evidence: [`name starts with "${code}"`] };
  return { value: null, confidence: 0, evidence: [] };
}

export function drawingRevisionOf(args: {
  attributes: Record<string, string>;
  text: string;
  stem: string;
}): Decision<string | null> {
  const attr = attribute(args.attributes, REVISION_KEYS);
  if (attr) return { value: attr[1], confidence: 0.95, evidence: [`title block attribute ${attr[0]} = "${attr[1]}"`] };
  const m =
    /\b(?:rev\.?|revisjon|revision|wijziging)(?![\p{L}])\s*[:.]?\s*([A-Z]?\d{1,3}|[A-Z]{1,2}\d{0,2})(?![\p{L}\d])/iu.exec(
      args.text,
    );
  if (m) return { value: m[1]!.toUpperCase(), confidence: 0.85, evidence: [`title block "${m[0].trim()}"`] };
  // an ISO 19650 name's status and revision fields: "...-DR-A-1003-S2-P02", "...-DR-A-1003-C01"
  const iso =
    /^[A-Z0-9]{2,8}-[A-Z0-9]{2,6}-[A-Z0-9]{1,4}-[A-Z0-9]{2,4}-[A-Z0-9]{2}-[A-Z]{1,2}-\d{3,6}(?:-(?:S\d|A\d|B\d|CR|D\d))?-([PC]\d{2}(?:\.\d{1,2})?)(?=$|[\s_.-])/.exec(
      args.stem.trim(),
    );
  if (iso) return { value: iso[1]!, confidence: 0.8, evidence: [`ISO 19650 name revision "${iso[1]}"`] };
  const f = /[-_ ](?:rev\.?\s?)([A-Z0-9]{1,3})$|_([PC]\d{2})(?=$|[-_ ])/i.exec(args.stem);
  const value = f?.[1] ?? f?.[2];
  if (value)
    return { value: value.toUpperCase(), confidence: 0.7, evidence: [`filename "${f![0].replace(/^[-_ ]/, '')}"`] };
  return { value: null, confidence: 0, evidence: [] };
}

/** dd.mm.yyyy, dd/mm/yy, yyyy-mm-dd ... -> YYYY-MM-DD; null when it is not a real date. */
export function normalizeDate(raw: string): string | null {
  let y: number;
  let mo: number;
  let d: number;
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(raw);
  if (m) {
    y = Number(m[1]);
    mo = Number(m[2]);
    d = Number(m[3]);
  } else {
    m = /^(\d{1,2})[-./](\d{1,2})[-./](\d{2}|\d{4})$/.exec(raw);
    if (!m) return null;
    // Norway, the UK and the Netherlands all write the day first.
    d = Number(m[1]);
    mo = Number(m[2]);
    y = Number(m[3]);
    if (y < 100) y += 2000;
  }
  if (y < 1950 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE_PATTERN = /\b(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2}))\b/;

export function drawingDateOf(args: {
  attributes: Record<string, string>;
  text: string;
  stem: string;
}): Decision<string | null> {
  const attr = attribute(args.attributes, DATE_KEYS);
  if (attr) {
    const value = normalizeDate(attr[1]);
    if (value) return { value, confidence: 0.95, evidence: [`title block attribute ${attr[0]} = "${attr[1]}"`] };
  }
  const labelled = new RegExp(`\\b(?:dato|date|datum)\\s*[:.]?\\s*${DATE_PATTERN.source}`, 'i').exec(args.text);
  if (labelled) {
    const value = normalizeDate(labelled[1]!);
    if (value) return { value, confidence: 0.9, evidence: [`title block "${labelled[0].trim()}"`] };
  }
  const inName = /(?:^|[-_ ])(\d{4}-\d{2}-\d{2})(?=$|[-_ .])/.exec(args.stem);
  if (inName) {
    const value = normalizeDate(inName[1]!);
    if (value) return { value, confidence: 0.75, evidence: [`filename date "${inName[1]}"`] };
  }
  const anywhere = DATE_PATTERN.exec(args.text.slice(0, 5000));
  if (anywhere) {
    const value = normalizeDate(anywhere[1]!);
    if (value) return { value, confidence: 0.5, evidence: [`first date in the text "${anywhere[1]}"`] };
  }
  return { value: null, confidence: 0, evidence: [] };
}

const pad = (n: string): string => n.padStart(2, '0');
const ORDINALS: Record<string, string> = {
  first: '01',
  second: '02',
  third: '03',
  fourth: '04',
  fifth: '05',
  sixth: '06',
};

/**
 * A floor in the form the drawing_floor facet uses: 'U1' (basement), '00' (ground floor, UK/NL style), '01', '02' ...,
 * 'roof'. Norwegian "1. etasje" is '01' because that is how Norwegian projects number it.
 */
export function floorFrom(raw: string, options: { strict: boolean }): { floor: string; phrase: string } | null {
  const t = normalizeForMatching(raw);
  const rules: [RegExp, (m: RegExpExecArray) => string, boolean][] = [
    [/\b(\d{1,2})\s?\.?\s?(?:etasje|etg|et)\b/, (m) => pad(m[1]!), true],
    [/\betasje\s?(\d{1,2})\b/, (m) => pad(m[1]!), true],
    [/\b(\d{1,2})e\s+verdieping\b/, (m) => pad(m[1]!), true],
    [/\bverdieping\s+(\d{1,2})\b/, (m) => pad(m[1]!), true],
    [/\blevel\s?(\d{1,2})\b/, (m) => pad(m[1]!), true],
    [/\b(\d{1,2})(?:st|nd|rd|th)\s+floor\b/, (m) => pad(m[1]!), true],
    [/\b(first|second|third|fourth|fifth|sixth)\s+floor\b/, (m) => ORDINALS[m[1]!] ?? '01', true],
    [/\b(?:ground floor|begane grond)\b/, () => '00', true],
    [/\b(?:underetasje|kjeller|kjelleretasje|sokkeletasje|basement|kelder)\b/, () => 'U1', true],
    [/\b(?:takplan|roof plan|roof level|takterrasse|takoppbygg)\b/, () => 'roof', true],
    [/\bu(\d)\b/, (m) => `U${m[1]!}`, false],
    [/\bplan\s?(\d{1,2})\b/, (m) => pad(m[1]!), false],
    [/^(?:tak|roof|dak)$|\b(?:roof|tak)\b(?! ?[:=])/, () => 'roof', false],
  ];
  for (const [re, value, always] of rules) {
    if (options.strict && !always) continue;
    const m = re.exec(t);
    if (m) return { floor: value(m), phrase: m[0] };
  }
  return null;
}

const ISO_LEVELS: Record<string, string> = {
  GF: '00',
  RF: 'roof',
  R1: 'roof',
  RL: 'roof',
  B1: 'U1',
  B2: 'U2',
  B3: 'U3',
  LG: 'U1',
};

export function floorOf(args: {
  iso: Iso19650Name | null;
  stem: string;
  title: string;
  attributes: Record<string, string>;
  text: string;
}): Decision<string | null> {
  if (args.iso) {
    const level = args.iso.level;
    const value = /^\d{2}$/.test(level) ? level : ISO_LEVELS[level];
    if (value) return { value, confidence: 0.9, evidence: [`ISO 19650 level "${level}"`] };
  }
  const attrTitle = attribute(args.attributes, TITLE_KEYS);
  const sources: [string, boolean, string, number][] = [
    [args.stem, false, 'filename', 0.85],
    [args.title, false, 'title', 0.8],
    [attrTitle?.[1] ?? '', false, 'title block', 0.85],
    [args.text.slice(0, 2000), true, 'text', 0.5],
  ];
  for (const [text, strict, where, confidence] of sources) {
    if (!text) continue;
    const found = floorFrom(text, { strict });
    if (found) return { value: found.floor, confidence, evidence: [`${where} says "${found.phrase}"`] };
  }
  return { value: null, confidence: 0, evidence: [] };
}

const GENERIC_TITLES =
  /^(?:microsoft (?:word|excel|powerpoint) - .*|untitled|document\d*|dokument\d*|presentation\d*|slide \d+|page \d+|side \d+|scan.*|img.*|\s*)$/i;

export function titleOf(args: {
  input: ClassificationInput;
  parts: PathParts;
  attributes: Record<string, string>;
  text: string;
  isDrawing: boolean;
  iso: Iso19650Name | null;
}): Decision<string | null> {
  const meta = (args.input.title ?? '').replace(/^microsoft (?:word|excel|powerpoint) - /i, '').trim();
  if (meta && !GENERIC_TITLES.test(meta) && meta !== args.parts.filename && meta !== args.parts.stem)
    return { value: meta, confidence: 0.85, evidence: ['document metadata title'] };
  const attr = attribute(args.attributes, TITLE_KEYS);
  if (attr) return { value: attr[1], confidence: 0.9, evidence: [`title block attribute ${attr[0]}`] };
  if (args.isDrawing) {
    const m = /^\s*(?:tegning|drawing title|title|tittel|tegningstittel|benevnelse)\s*[:.]\s*(.{3,80})$/im.exec(
      args.text,
    );
    if (m) return { value: m[1]!.trim(), confidence: 0.8, evidence: [`title block "${m[0].trim()}"`] };
  }
  let name = args.parts.stem;
  if (args.iso) name = name.slice(args.iso.code.length);
  else {
    const code = leadingCode(name);
    if (code && name.startsWith(code)) name = name.slice(code.length);
  }
  name = name
    .replace(/[_]+/g, ' ')
    .replace(/(?:^|\s)(?:rev\.?\s?[A-Z0-9]{1,3}|[PC]\d{2})$/i, '')
    .replace(/^[\s\-–.,]+|[\s\-–.,]+$/g, '')
    .replace(/\s{2,}/g, ' ');
  if (name === '' || GENERIC_TITLES.test(name)) name = args.parts.stem;
  return { value: name, confidence: 0.6, evidence: ['derived from the filename'] };
}
