/**
 * IFC building models (ISO 10303-21 "STEP" text): the facts a person searches a model for, as one page of text —
 * project, site, building and its address, storeys with elevations, spaces, property values (single, enumerated,
 * bounded, list, table and complex), materials and their layer sets, types, classification references, and the
 * names, descriptions, object types and tags of the model's elements.
 *
 * Models run to hundreds of megabytes, so the file is streamed and cut into `#id=TYPE(args);` statements as it
 * arrives; only the few entity types we render are tokenised and kept. Statements may span lines or share one,
 * so we split on `;` outside strings rather than on line ends.
 */
import { createReadStream } from 'node:fs';
import {
  CorruptFileError,
  type Extraction,
  type Extractor,
  type ExtractorInput,
} from '../../domain/pipeline/extraction.types.js';

export interface IfcLimits {
  /** the generic "other properties" section stops growing here (the headline sections are always complete) */
  maxPropertyTextLength: number;
}

const DEFAULT_IFC_LIMITS: IfcLimits = { maxPropertyTextLength: 2 * 1024 * 1024 };

function createIfcExtractor(limits: Partial<IfcLimits> = {}): Extractor {
  const settings: IfcLimits = { ...DEFAULT_IFC_LIMITS, ...limits };
  return async (input) => extractIfcWith(input, settings);
}

export const extractIfc: Extractor = createIfcExtractor();

// ---------------------------------------------------------------------------------------------------------------
// STEP values and tokenizer

export type StepValue =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; id: number }
  | { kind: 'enum'; value: string }
  | { kind: 'list'; items: StepValue[] }
  | { kind: 'typed'; type: string; args: StepValue[] }
  | { kind: 'null' };

/** Parses the argument list of an entity, `'a',#12,(1.,2.),.T.,$,IFCLABEL('x')`, into values. */
export function parseStepArguments(source: string): StepValue[] {
  let position = 0;

  const skipSpace = (): void => {
    while (position < source.length && /\s/.test(source[position]!)) position += 1;
  };

  const parseValue = (): StepValue => {
    skipSpace();
    const char = source[position];
    if (char === undefined) throw new Error('unexpected end of arguments');
    if (char === "'") {
      let raw = '';
      position += 1;
      for (;;) {
        const next = source.indexOf("'", position);
        if (next === -1) throw new Error('unterminated string');
        raw += source.slice(position, next);
        if (source[next + 1] === "'") {
          raw += "'";
          position = next + 2;
        } else {
          position = next + 1;
          break;
        }
      }
      return { kind: 'string', value: decodeStepString(raw) };
    }
    if (char === '#') {
      const match = /^#(\d+)/.exec(source.slice(position, position + 24));
      if (!match) throw new Error('bad reference');
      position += match[0].length;
      return { kind: 'ref', id: Number(match[1]) };
    }
    if (char === '$' || char === '*') {
      position += 1;
      return { kind: 'null' };
    }
    if (char === '.') {
      const end = source.indexOf('.', position + 1);
      if (end === -1) throw new Error('unterminated enumeration');
      const value = source.slice(position + 1, end);
      position = end + 1;
      return { kind: 'enum', value };
    }
    if (char === '(') {
      position += 1;
      return { kind: 'list', items: parseList() };
    }
    if (char === '"') {
      // Binary literal: not text we render.
      const end = source.indexOf('"', position + 1);
      position = end === -1 ? source.length : end + 1;
      return { kind: 'null' };
    }
    const number = /^[+-]?(\d+\.?\d*(E[+-]?\d+)?|\.\d+(E[+-]?\d+)?)/i.exec(source.slice(position, position + 64));
    if (number) {
      position += number[0].length;
      return { kind: 'number', value: Number.parseFloat(number[0]) };
    }
    const typed = /^([A-Za-z_][A-Za-z0-9_]*)\s*\(/.exec(source.slice(position, position + 128));
    if (typed) {
      position += typed[0].length;
      return { kind: 'typed', type: typed[1]!.toUpperCase(), args: parseList() };
    }
    throw new Error(`unexpected character ${char}`);
  };

  /** Items up to and including the closing parenthesis (the opening one is already consumed). */
  const parseList = (): StepValue[] => {
    const items: StepValue[] = [];
    skipSpace();
    if (source[position] === ')') {
      position += 1;
      return items;
    }
    for (;;) {
      items.push(parseValue());
      skipSpace();
      const separator = source[position];
      position += 1;
      if (separator === ')') return items;
      if (separator !== ',') throw new Error('expected , or )');
    }
  };

  skipSpace();
  if (source[position] !== '(') throw new Error('expected (');
  position += 1;
  return parseList();
}

/**
 * STEP string escapes (ISO 10303-21 7.3.3): `\X2\00E6\X0\` (UTF-16 hex, æ), `\X4\...\X0\` (UTF-32 hex),
 * `\X\E6` (one ISO 8859-1 byte), `\S\f` (the character + 128), `\\` (backslash); `\P?\` code page switches are
 * dropped. Many exporters also write raw UTF-8, which we read as Latin-1 bytes and re-decode here.
 */
export function decodeStepString(raw: string): string {
  const text = /[\u0080-\u00ff]/.test(raw) ? reinterpretUtf8(raw) : raw;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char !== '\\') {
      out += char;
      i += 1;
      continue;
    }
    if (text.startsWith('\\X2\\', i) || text.startsWith('\\X4\\', i)) {
      const width = text[i + 2] === '2' ? 4 : 8;
      const end = text.indexOf('\\X0\\', i + 4);
      const hex = text.slice(i + 4, end === -1 ? text.length : end);
      for (let j = 0; j + width <= hex.length; j += width) {
        const code = parseInt(hex.slice(j, j + width), 16);
        if (Number.isNaN(code)) continue;
        out += width === 4 ? String.fromCharCode(code) : safeCodePoint(code);
      }
      i = end === -1 ? text.length : end + 4;
    } else if (text.startsWith('\\X\\', i)) {
      const code = parseInt(text.slice(i + 3, i + 5), 16);
      out += Number.isNaN(code) ? '' : String.fromCharCode(code);
      i += 5;
    } else if (text.startsWith('\\S\\', i)) {
      const base = text[i + 3];
      out += base === undefined ? '' : String.fromCharCode(base.charCodeAt(0) + 128);
      i += 4;
    } else if (/^\\P[A-I]\\/.test(text.slice(i, i + 4))) {
      i += 4;
    } else if (text[i + 1] === '\\') {
      out += '\\';
      i += 2;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

function reinterpretUtf8(latin1: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return latin1;
  }
}

function safeCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

// ---------------------------------------------------------------------------------------------------------------
// Statement stream

/**
 * Yields complete statements (without the trailing `;`) from a stream of text chunks, tracking strings and
 * comments so a `;` inside `'...'` or `/* *\/` does not end a statement.
 */
export async function* readStepStatements(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const QUOTE = 0x27;
  const SLASH = 0x2f;
  const STAR = 0x2a;
  const SEMICOLON = 0x3b;
  let pending = '';
  let inString = false;
  let inComment = false;
  let previous = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      let char = chunk.charCodeAt(i);
      if (inComment) {
        if (char === SLASH && previous === STAR) {
          inComment = false;
          start = i + 1;
          char = 0;
        }
      } else if (inString) {
        if (char === QUOTE) inString = false;
      } else if (char === QUOTE) {
        inString = true;
      } else if (char === STAR && previous === SLASH) {
        // Drop the "/" that opened the comment, wherever it was: in this chunk or at the end of the last one.
        if (i > start) pending += chunk.slice(start, i - 1);
        else pending = pending.slice(0, -1);
        inComment = true;
        char = 0;
      } else if (char === SEMICOLON) {
        const statement = (pending + chunk.slice(start, i)).trim();
        pending = '';
        start = i + 1;
        if (statement) yield statement;
      }
      previous = char;
    }
    if (!inComment) pending += chunk.slice(start);
  }
  if (pending.trim()) yield pending.trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Model summary

const ENTITY_HEAD = /^#(\d+)\s*=\s*([A-Za-z0-9_]+)\s*\(/;
const KEPT_TYPES = new Set([
  'IFCPROJECT',
  'IFCSITE',
  'IFCBUILDING',
  'IFCBUILDINGSTOREY',
  'IFCSPACE',
  'IFCPOSTALADDRESS',
  'IFCPROPERTYSET',
  'IFCPROPERTYSINGLEVALUE',
  'IFCPROPERTYENUMERATEDVALUE',
  'IFCRELDEFINESBYPROPERTIES',
  'IFCSIUNIT',
  'IFCPROPERTYBOUNDEDVALUE',
  'IFCPROPERTYLISTVALUE',
  'IFCPROPERTYTABLEVALUE',
  'IFCCOMPLEXPROPERTY',
  'IFCMATERIAL',
  'IFCMATERIALLAYER',
  'IFCMATERIALLAYERSET',
  'IFCMATERIALCONSTITUENT',
  'IFCMATERIALCONSTITUENTSET',
  'IFCMATERIALPROFILE',
  'IFCMATERIALPROFILESET',
  'IFCCLASSIFICATIONREFERENCE',
]);

/** a rooted object (element, type, group, system ...): its arguments start with a 22-character GlobalId */
const ROOTED = /^\s*'[0-9A-Za-z_$]{22}'/;
/** rooted entities that are relationships or property definitions, not things a person names */
const NOT_OBJECTS = /^IFC(?:REL|PROPERTYSET|ELEMENTQUANTITY|OWNERHISTORY)/;

interface Named {
  id: number;
  name?: string;
  longName?: string;
  description?: string;
}

interface ModelSummary {
  fileName?: string;
  timeStamp?: string;
  authors: string[];
  organisations: string[];
  originatingSystem?: string;
  schema?: string;
  project?: Named & { phase?: string };
  sites: (Named & { addressId?: number })[];
  buildings: (Named & { addressId?: number })[];
  storeys: (Named & { elevation?: number })[];
  spaces: Named[];
  addresses: Map<number, string>;
  lengthUnit?: string;
  /** property id -> "Name = value" */
  properties: Map<number, string>;
  propertySets: Map<number, { name: string; propertyIds: number[] }>;
  /** property set id -> ids of the headline objects (project, site, building, storey, space) it describes */
  headlinePropertySets: Map<number, number[]>;
  /** complex property id -> its name and the properties it groups */
  complexProperties: Map<number, { name: string; propertyIds: number[] }>;
  /** material id -> "Name (category)" */
  materials: Map<number, string>;
  /** material layer or constituent or profile id -> its material, thickness and name */
  materialParts: Map<number, { materialId?: number; thickness?: number; name?: string }>;
  /** layer, constituent and profile sets: their name and parts */
  materialSets: { name?: string; partIds: number[] }[];
  /** "IfcSlabType 200mm Concrete (FLOOR)" */
  types: string[];
  /** "IfcBeam Example Element", with description, object type and tag where given */
  objects: string[];
  classifications: string[];
}

async function extractIfcWith(input: ExtractorInput, limits: IfcLimits): Promise<Extraction> {
  // Latin-1 maps bytes 1:1, so raw UTF-8 inside strings survives until decodeStepString re-decodes it.
  const stream = createReadStream(input.path, { encoding: 'latin1', highWaterMark: 1024 * 1024 });
  const summary: ModelSummary = {
    authors: [],
    organisations: [],
    sites: [],
    buildings: [],
    storeys: [],
    spaces: [],
    addresses: new Map(),
    properties: new Map(),
    propertySets: new Map(),
    headlinePropertySets: new Map(),
    complexProperties: new Map(),
    materials: new Map(),
    materialParts: new Map(),
    materialSets: [],
    types: [],
    objects: [],
    classifications: [],
  };
  const headlineIds = new Set<number>();
  const interned = new Map<string, string>();
  const intern = (text: string): string => {
    const existing = interned.get(text);
    if (existing !== undefined) return existing;
    interned.set(text, text);
    return text;
  };

  let sawHeader = false;
  let statements = 0;
  try {
    for await (const statement of readStepStatements(stream as AsyncIterable<string>)) {
      statements += 1;
      if (statements % 50_000 === 0) input.signal?.throwIfAborted();
      if (statement.startsWith('ISO-10303-21')) {
        sawHeader = true;
        continue;
      }
      if (statement.startsWith('FILE_NAME') || statement.startsWith('FILE_SCHEMA')) {
        readHeaderStatement(statement, summary);
        continue;
      }
      const head = ENTITY_HEAD.exec(statement);
      if (!head) continue;
      const type = head[2]!.toUpperCase();
      if (!KEPT_TYPES.has(type) && !(ROOTED.test(statement.slice(head[0].length)) && !NOT_OBJECTS.test(type))) {
        continue;
      }
      let args: StepValue[];
      try {
        args = parseStepArguments(statement.slice(head[0].length - 1));
      } catch {
        continue;
      }
      readEntity({ id: Number(head[1]), type, args, summary, headlineIds, intern });
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new CorruptFileError('IFC model cannot be read', { cause: error });
  } finally {
    stream.destroy();
  }
  if (!sawHeader) throw new CorruptFileError('not an IFC model: no ISO-10303-21 header');

  const text = renderSummary(summary, limits);
  const title = summary.project?.name ?? summary.project?.longName;
  const createdAt =
    summary.timeStamp && !Number.isNaN(Date.parse(summary.timeStamp))
      ? new Date(summary.timeStamp).toISOString()
      : undefined;
  return {
    pages: [{ pageNumber: 1, text }],
    ...(title ? { title } : {}),
    metadata: {
      ...(summary.authors.length > 0 ? { author: summary.authors.join(', ') } : {}),
      ...(createdAt ? { createdAt } : {}),
      ...(summary.originatingSystem ? { producer: summary.originatingSystem } : {}),
    },
  };
}

function readHeaderStatement(statement: string, summary: ModelSummary): void {
  let args: StepValue[];
  try {
    args = parseStepArguments(statement.slice(statement.indexOf('(')));
  } catch {
    return;
  }
  if (statement.startsWith('FILE_SCHEMA')) {
    summary.schema = stringsIn(args[0]).join(', ') || undefined;
    return;
  }
  // FILE_NAME(name, time_stamp, (author), (organization), preprocessor_version, originating_system, authorization)
  summary.fileName = stringOf(args[0]);
  summary.timeStamp = stringOf(args[1]);
  summary.authors = stringsIn(args[2]).filter(Boolean);
  summary.organisations = stringsIn(args[3]).filter(Boolean);
  summary.originatingSystem = stringOf(args[5]);
}

function readEntity(input: {
  id: number;
  type: string;
  args: StepValue[];
  summary: ModelSummary;
  headlineIds: Set<number>;
  intern: (text: string) => string;
}): void {
  const { id, args, summary } = input;
  // Attribute positions follow the IFC2x3/IFC4 schemas (IfcRoot: GlobalId, OwnerHistory, Name, Description, ...).
  const named = (): Named => ({
    id,
    ...withText('name', stringOf(args[2])),
    ...withText('description', stringOf(args[3])),
  });
  switch (input.type) {
    case 'IFCPROJECT':
      summary.project = {
        ...named(),
        ...withText('longName', stringOf(args[5])),
        ...withText('phase', stringOf(args[6])),
      };
      input.headlineIds.add(id);
      return;
    case 'IFCSITE':
      summary.sites.push({ ...named(), ...withText('longName', stringOf(args[7])), ...withRef('addressId', args[13]) });
      input.headlineIds.add(id);
      return;
    case 'IFCBUILDING':
      summary.buildings.push({
        ...named(),
        ...withText('longName', stringOf(args[7])),
        ...withRef('addressId', args[11]),
      });
      input.headlineIds.add(id);
      return;
    case 'IFCBUILDINGSTOREY': {
      const elevation = numberOf(args[9]);
      summary.storeys.push({
        ...named(),
        ...withText('longName', stringOf(args[7])),
        ...(elevation === undefined ? {} : { elevation }),
      });
      input.headlineIds.add(id);
      return;
    }
    case 'IFCSPACE':
      summary.spaces.push({ ...named(), ...withText('longName', stringOf(args[7])) });
      input.headlineIds.add(id);
      return;
    case 'IFCPOSTALADDRESS': {
      // (Purpose, Description, UserDefinedPurpose, InternalLocation, AddressLines, PostalBox, Town, Region, PostalCode, Country)
      const lines = stringsIn(args[4]);
      const town = [stringOf(args[8]), stringOf(args[6])].filter(Boolean).join(' ');
      const parts = [...lines, town, stringOf(args[7]), stringOf(args[9])].filter((part): part is string => !!part);
      if (parts.length > 0) summary.addresses.set(id, parts.join(', '));
      return;
    }
    case 'IFCPROPERTYSET': {
      const name = stringOf(args[2]);
      const refs =
        args[4]?.kind === 'list' ? args[4].items.flatMap((item) => (item.kind === 'ref' ? [item.id] : [])) : [];
      if (name && refs.length > 0) summary.propertySets.set(id, { name: input.intern(name), propertyIds: refs });
      return;
    }
    case 'IFCPROPERTYSINGLEVALUE':
    case 'IFCPROPERTYENUMERATEDVALUE': {
      const name = stringOf(args[0]);
      const value =
        input.type === 'IFCPROPERTYSINGLEVALUE'
          ? renderValue(args[2])
          : args[2]?.kind === 'list'
            ? args[2].items.map(renderValue).filter(Boolean).join(', ')
            : undefined;
      if (name && value) summary.properties.set(id, input.intern(`${name} = ${value}`));
      return;
    }
    case 'IFCRELDEFINESBYPROPERTIES': {
      // (GlobalId, OwnerHistory, Name, Description, RelatedObjects, RelatingPropertyDefinition). Exporters write
      // relationships after the objects, so headline objects are already known here; others are not kept.
      const related =
        args[4]?.kind === 'list' ? args[4].items.flatMap((item) => (item.kind === 'ref' ? [item.id] : [])) : [];
      const definition = args[5]?.kind === 'ref' ? args[5].id : undefined;
      const headline = related.filter((objectId) => input.headlineIds.has(objectId));
      if (definition !== undefined && headline.length > 0) {
        summary.headlinePropertySets.set(definition, [
          ...(summary.headlinePropertySets.get(definition) ?? []),
          ...headline,
        ]);
      }
      return;
    }
    case 'IFCPROPERTYBOUNDEDVALUE': {
      // (Name, Description, UpperBoundValue, LowerBoundValue, Unit, SetPointValue)
      const name = stringOf(args[0]);
      const bounds = [renderValue(args[3]), renderValue(args[2])].filter((bound): bound is string => !!bound);
      // exporters disagree on which bound comes first: numbers are shown low to high
      if (bounds.length === 2 && bounds.every((bound) => !Number.isNaN(Number(bound)))) {
        bounds.sort((a, b) => Number(a) - Number(b));
      }
      const value = bounds.join('–') || undefined;
      if (name && value) summary.properties.set(id, input.intern(`${name} = ${value}`));
      return;
    }
    case 'IFCPROPERTYLISTVALUE': {
      const name = stringOf(args[0]);
      const value = renderValue(args[2]);
      if (name && value) summary.properties.set(id, input.intern(`${name} = ${value}`));
      return;
    }
    case 'IFCPROPERTYTABLEVALUE': {
      // (Name, Description, DefiningValues, DefinedValues, Expression, ...): "1: 10, 2: 20"
      const name = stringOf(args[0]);
      const defining = args[2]?.kind === 'list' ? args[2].items.map(renderValue) : [];
      const defined = args[3]?.kind === 'list' ? args[3].items.map(renderValue) : [];
      const pairs = defining.map((key, index) => [key, defined[index]].filter(Boolean).join(': ')).filter(Boolean);
      if (name && pairs.length > 0) summary.properties.set(id, input.intern(`${name} = ${pairs.join(', ')}`));
      return;
    }
    case 'IFCCOMPLEXPROPERTY': {
      // (Name, Description, UsageName, HasProperties)
      const name = stringOf(args[0]);
      if (name) summary.complexProperties.set(id, { name: input.intern(name), propertyIds: refsIn(args[3]) });
      return;
    }
    case 'IFCMATERIAL': {
      // (Name, Description, Category); IFC2x3 has the name only
      const name = stringOf(args[0]);
      const category = stringOf(args[2]);
      if (name) summary.materials.set(id, input.intern(category && category !== name ? `${name} (${category})` : name));
      return;
    }
    case 'IFCMATERIALLAYER':
      // (Material, LayerThickness, IsVentilated, Name, Description, Category, Priority)
      summary.materialParts.set(id, {
        ...withRef('materialId', args[0]),
        ...(numberOf(args[1]) === undefined ? {} : { thickness: numberOf(args[1])! }),
        ...withText('name', stringOf(args[3])),
      });
      return;
    case 'IFCMATERIALCONSTITUENT':
      // (Name, Description, Material, Fraction, Category)
      summary.materialParts.set(id, { ...withRef('materialId', args[2]), ...withText('name', stringOf(args[0])) });
      return;
    case 'IFCMATERIALPROFILE':
      // (Name, Description, Material, Profile, Priority, Category)
      summary.materialParts.set(id, { ...withRef('materialId', args[2]), ...withText('name', stringOf(args[0])) });
      return;
    case 'IFCMATERIALLAYERSET':
      // (MaterialLayers, LayerSetName, Description)
      summary.materialSets.push({ ...withText('name', stringOf(args[1])), partIds: refsIn(args[0]) });
      return;
    case 'IFCMATERIALCONSTITUENTSET':
    case 'IFCMATERIALPROFILESET':
      // (Name, Description, MaterialConstituents | MaterialProfiles, ...)
      summary.materialSets.push({ ...withText('name', stringOf(args[0])), partIds: refsIn(args[2]) });
      return;
    case 'IFCCLASSIFICATIONREFERENCE': {
      // (Location, Identification (ItemReference in IFC2x3), Name, ReferencedSource, Description, Sort)
      const text = [stringOf(args[1]), stringOf(args[2])].filter(Boolean).join(' ');
      if (text) summary.classifications.push(input.intern(text));
      return;
    }
    case 'IFCSIUNIT': {
      // (Dimensions, UnitType, Prefix, Name)
      if (args[1]?.kind === 'enum' && args[1].value === 'LENGTHUNIT' && args[3]?.kind === 'enum') {
        const prefix = args[2]?.kind === 'enum' ? args[2].value : '';
        const symbol = args[3].value === 'METRE' ? 'm' : args[3].value.toLowerCase();
        summary.lengthUnit = `${UNIT_PREFIX[prefix] ?? ''}${symbol}`;
      }
      return;
    }
    default:
      readObject(input);
      return;
  }
}

/**
 * Any other rooted object: an element (wall, door, pump ...), a type (IfcWallType, IfcDoorStyle), a group or a system,
 * by its class and the words it carries — Name, Description, ObjectType (an element's own type name) and Tag. IfcRoot
 * puts Name and Description third and fourth; IfcObject adds ObjectType fifth; IfcElement its Tag eighth; a type's
 * last argument is its predefined type.
 */
function readObject(input: {
  type: string;
  args: StepValue[];
  summary: ModelSummary;
  intern: (text: string) => string;
}): void {
  const { args, summary } = input;
  const className = classWords(input.type);
  const name = stringOf(args[2]);
  const description = stringOf(args[3]);
  const isType = /(?:TYPE|STYLE)$/.test(input.type);
  if (isType) {
    const last = args.at(-1);
    const predefined =
      last?.kind === 'enum' && !['NOTDEFINED', 'USERDEFINED'].includes(last.value) ? last.value : undefined;
    const elementType = stringOf(args[9]);
    const words = [name, description, elementType].filter((word, index, all) => word && all.indexOf(word) === index);
    if (words.length === 0) return;
    summary.types.push(input.intern(`${className} ${words.join(' – ')}${predefined ? ` (${predefined})` : ''}`));
    return;
  }
  const objectType = stringOf(args[4]);
  const tag = stringOf(args[7]);
  const words = [name, description, objectType].filter((word, index, all) => word && all.indexOf(word) === index);
  if (words.length === 0 && !tag) return;
  summary.objects.push(input.intern(`${className} ${words.join(' – ')}${tag ? ` [${tag}]` : ''}`.trim()));
}

/** `IFCSLABTYPE` -> `Slab type`, `IFCWALLSTANDARDCASE` -> `Wall`: the class as words (STEP writes it in capitals) */
function classWords(type: string): string {
  const bare = type.replace(/^IFC/, '').replace(/STANDARDCASE$|ELEMENTEDCASE$/, '');
  const kind = /(TYPE|STYLE)$/.exec(bare)?.[1];
  const head = kind ? bare.slice(0, -kind.length) : bare;
  const word = head.charAt(0) + head.slice(1).toLowerCase();
  return kind ? `${word} ${kind.toLowerCase()}` : word;
}

function refsIn(value: StepValue | undefined): number[] {
  return value?.kind === 'list' ? value.items.flatMap((item) => (item.kind === 'ref' ? [item.id] : [])) : [];
}

const UNIT_PREFIX: Record<string, string> = { MILLI: 'm', CENTI: 'c', DECI: 'd', KILO: 'k' };

function renderSummary(summary: ModelSummary, limits: IfcLimits): string {
  const lines: string[] = [];
  const label = (item: Named): string =>
    [item.name, item.longName && item.longName !== item.name ? item.longName : undefined].filter(Boolean).join(' – ');
  const objectLabels = new Map<number, string>();

  if (summary.project) {
    lines.push(`Project: ${label(summary.project)}`);
    if (summary.project.description) lines.push(`Description: ${summary.project.description}`);
    if (summary.project.phase) lines.push(`Phase: ${summary.project.phase}`);
    objectLabels.set(summary.project.id, `Project ${label(summary.project)}`);
  }
  for (const site of summary.sites) {
    lines.push(`Site: ${label(site)}`);
    const address = site.addressId === undefined ? undefined : summary.addresses.get(site.addressId);
    if (address) lines.push(`Site address: ${address}`);
    objectLabels.set(site.id, `Site ${label(site)}`);
  }
  for (const building of summary.buildings) {
    lines.push(`Building: ${label(building)}`);
    if (building.description) lines.push(`Building description: ${building.description}`);
    const address = building.addressId === undefined ? undefined : summary.addresses.get(building.addressId);
    if (address) lines.push(`Address: ${address}`);
    objectLabels.set(building.id, `Building ${label(building)}`);
  }

  const storeys = [...summary.storeys].sort(
    (a, b) => (a.elevation ?? Number.POSITIVE_INFINITY) - (b.elevation ?? Number.POSITIVE_INFINITY),
  );
  if (storeys.length > 0) lines.push('', 'Storeys:');
  for (const storey of storeys) {
    const elevation =
      storey.elevation === undefined
        ? ''
        : ` (elevation ${formatNumber(storey.elevation)}${summary.lengthUnit ? ` ${summary.lengthUnit}` : ''})`;
    lines.push(`${label(storey) || `#${storey.id}`}${elevation}`);
    objectLabels.set(storey.id, `Storey ${label(storey)}`);
  }

  if (summary.spaces.length > 0) lines.push('', 'Spaces:');
  for (const space of summary.spaces) {
    lines.push(label(space) || `#${space.id}`);
    objectLabels.set(space.id, `Space ${label(space)}`);
  }

  const renderProperties = (prefix: string, propertyIds: readonly number[], depth: number): string[] =>
    propertyIds.flatMap((propertyId) => {
      const property = summary.properties.get(propertyId);
      if (property) return [`${prefix}: ${property}`];
      const complex = summary.complexProperties.get(propertyId);
      // complex properties nest; a cycle in a broken file stops at a few levels
      return complex && depth < 4 ? renderProperties(`${prefix}: ${complex.name}`, complex.propertyIds, depth + 1) : [];
    });
  const renderSet = (setId: number): string[] => {
    const set = summary.propertySets.get(setId);
    return set ? renderProperties(set.name, set.propertyIds, 0) : [];
  };

  const headlineSections = new Map<string, string[]>();
  for (const [setId, objectIds] of summary.headlinePropertySets) {
    const setLines = renderSet(setId);
    for (const objectId of objectIds) {
      const owner = objectLabels.get(objectId) ?? `#${objectId}`;
      headlineSections.set(owner, [...(headlineSections.get(owner) ?? []), ...setLines]);
    }
  }
  for (const [owner, ownerLines] of headlineSections) {
    if (ownerLines.length > 0) lines.push('', `Properties of ${owner}:`, ...ownerLines);
  }

  // Every other distinct property value once: fire ratings, products, classifications ... capped in length.
  const seen = new Set<string>(headlineSections.size > 0 ? [...headlineSections.values()].flat() : []);
  const others: string[] = [];
  let length = 0;
  outer: for (const setId of summary.propertySets.keys()) {
    for (const line of renderSet(setId)) {
      if (seen.has(line)) continue;
      seen.add(line);
      length += line.length + 1;
      if (length > limits.maxPropertyTextLength) break outer;
      others.push(line);
    }
  }
  if (others.length > 0) lines.push('', 'Properties:', ...others);

  // materials, the layer sets they make, types, classifications and elements: each distinct line once, capped alike
  const materialLines = [...new Set(summary.materials.values())];
  if (materialLines.length > 0) lines.push('', 'Materials:', ...materialLines);
  const setLines = summary.materialSets.flatMap((set) => {
    const parts = set.partIds.flatMap((partId) => {
      const part = summary.materialParts.get(partId);
      if (!part) return [];
      const material = part.materialId === undefined ? undefined : summary.materials.get(part.materialId);
      const thickness =
        part.thickness === undefined
          ? ''
          : ` ${formatNumber(part.thickness)}${summary.lengthUnit ? ` ${summary.lengthUnit}` : ''}`;
      const text =
        `${material ?? ''}${thickness}${part.name && part.name !== material ? ` (${part.name})` : ''}`.trim();
      return text ? [text] : [];
    });
    return parts.length > 0 || set.name
      ? [`${set.name ?? 'Material set'}: ${parts.join(' / ')}`.replace(/: $/, '')]
      : [];
  });
  if (setLines.length > 0) lines.push('', 'Material layer sets:', ...new Set(setLines));
  let budget = limits.maxPropertyTextLength - length;
  const capped = (section: string, values: readonly string[]): void => {
    const kept: string[] = [];
    for (const value of new Set(values)) {
      budget -= value.length + 1;
      if (budget < 0) break;
      kept.push(value);
    }
    if (kept.length > 0) lines.push('', section, ...kept);
  };
  capped('Types:', summary.types);
  capped('Classifications:', summary.classifications);
  capped('Elements:', summary.objects);

  const header = [
    summary.schema ? `Schema: ${summary.schema}` : undefined,
    summary.originatingSystem ? `Application: ${summary.originatingSystem}` : undefined,
    summary.organisations.length > 0 ? `Organisation: ${summary.organisations.join(', ')}` : undefined,
  ].filter((line): line is string => line !== undefined);
  return [...lines, ...(header.length > 0 ? ['', ...header] : [])].join('\n').trim();
}

function renderValue(value: StepValue | undefined): string | undefined {
  if (!value) return undefined;
  switch (value.kind) {
    case 'string':
      return value.value.trim() || undefined;
    case 'number':
      return formatNumber(value.value);
    case 'enum':
      if (value.value === 'T') return 'true';
      if (value.value === 'F') return 'false';
      if (value.value === 'U') return 'unknown';
      return value.value;
    case 'typed':
      return renderValue(value.args[0]);
    case 'list':
      return value.items.map(renderValue).filter(Boolean).join(', ') || undefined;
    case 'ref':
    case 'null':
      return undefined;
  }
}

function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function stringOf(value: StepValue | undefined): string | undefined {
  if (value?.kind === 'string') return value.value.trim() || undefined;
  if (value?.kind === 'typed') return stringOf(value.args[0]);
  return undefined;
}

function stringsIn(value: StepValue | undefined): string[] {
  if (!value) return [];
  if (value.kind === 'list') return value.items.flatMap(stringsIn);
  const text = stringOf(value);
  return text ? [text] : [];
}

function numberOf(value: StepValue | undefined): number | undefined {
  if (value?.kind === 'number') return value.value;
  if (value?.kind === 'typed') return numberOf(value.args[0]);
  return undefined;
}

function withText<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

function withRef<K extends string>(key: K, value: StepValue | undefined): Partial<Record<K, number>> {
  return value?.kind === 'ref' ? ({ [key]: value.id } as Record<K, number>) : {};
}
