/**
 * Bulk renaming by a naming convention: from each document's metadata, a file name in a fixed order of fields.
 * Pure and deterministic: the same documents, flags and convention give the same names, so what the preview shows
 * is exactly what the update applies.
 *
 * byggdok (the default), fields joined by `-`:
 *   project number, location code (building_floor_room; when asked), discipline, NS 3451 category, information type
 *   (when asked), TFM code (when asked), sequence number (three digits, per group of equal prefix, in upload order),
 *   descriptive name; then the original extension. `P1042-HusA_02_R201-RIV-320-FDV-001-Pumpe.pdf`.
 * iso19650 (ISO 19650-2 style): project, originator, volume/system, level/location, type, role, number (four
 *   digits), then the descriptive name. `P1042-RORV-HUSA-02-FDV-RIV-0001-Pumpe.pdf`.
 *
 * Revision, status and dates never go into a name: a document's identity is its id, not its name.
 */
import { notDeviceName, visibleName } from '../documents/document.js';

export const NAMING_CONVENTIONS = ['byggdok', 'iso19650'] as const;
export type NamingConvention = (typeof NAMING_CONVENTIONS)[number];

export interface NamingFlags {
  useLocationCode: boolean;
  useInformationType: boolean;
  useTFMCode: boolean;
}

export interface NamingDocument {
  id: string;
  buildingId: string;
  buildingName: string;
  filename: string;
  /** the name it was uploaded with (the descriptive part falls back to it) */
  originalFilename: string;
  filenameDescriptive: string | null;
  floor: string | null;
  roomLocations: string[];
  discipline: string | null;
  buildingCategory: string | null;
  /** the information type the upload answered, else the first one classification found */
  informationType: string | null;
  tfmCode: string | null;
  /** who delivered it (the subcontractor's company), for the ISO originator */
  originator: string | null;
  createdAt: Date;
}

export interface NamingResult {
  id: string;
  filename: string;
  newFilename: string | null;
  reason: string | null;
}

/** the longest name a rename gives (most file systems take 255 bytes; archives and sync tools like less) */
export const MAX_NAME_LENGTH = 180;

/**
 * what a name part never keeps besides what visibleName replaces (control characters, direction marks): separators and
 * reserved characters
 */
const UNSAFE = /[/\\:*?"<>|%#{}~&$!'`@=+^[\];,]/g;

/** a field made safe for file systems, URLs and TFM codes: unsafe characters replaced, spaces joined, letters kept */
export function safePart(value: string): string {
  return visibleName(value.normalize('NFC'))
    .replace(UNSAFE, '_')
    .replace(/\s+/g, '_')
    .replace(/-+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
}

function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

function withoutExtension(filename: string): string {
  return filename.replace(/\.[A-Za-z0-9]{1,10}$/, '');
}

/** a short code of a name: its letters and digits, upper case (`Hus A` -> `HUSA`) */
function code(value: string, length: number): string {
  return safePart(value)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase()
    .slice(0, length);
}

interface Plan {
  prefix: string[];
  missing: string[];
}

function byggdokPrefix(projectNumber: string | null, document: NamingDocument, flags: NamingFlags): Plan {
  const missing: string[] = [];
  const need = (value: string | null | undefined, what: string): string => {
    const safe = value ? safePart(value) : '';
    if (!safe) missing.push(what);
    return safe;
  };
  const prefix = [need(projectNumber, 'the project has no project number')];
  if (flags.useLocationCode) {
    const floor = need(document.floor, 'no floor (location code)');
    const room = document.roomLocations[0] ? safePart(document.roomLocations[0]) : '';
    prefix.push([code(document.buildingName, 12), floor, room].filter(Boolean).join('_'));
  }
  prefix.push(need(document.discipline, 'no discipline'));
  prefix.push(need(document.buildingCategory, 'no NS 3451 category'));
  if (flags.useInformationType) prefix.push(need(document.informationType, 'no information type'));
  if (flags.useTFMCode) prefix.push(need(document.tfmCode, 'no TFM code'));
  return { prefix, missing };
}

function isoPrefix(projectNumber: string | null, document: NamingDocument): Plan {
  const missing: string[] = [];
  const need = (value: string | null | undefined, what: string, length: number): string => {
    const short = value ? code(value, length) : '';
    if (!short) missing.push(what);
    return short;
  };
  return {
    prefix: [
      need(projectNumber, 'the project has no project number', 12),
      need(document.originator, 'no originator (the document was not delivered by a subcontractor)', 6),
      code(document.buildingName, 6) || 'ZZ',
      document.floor ? code(document.floor, 4) || 'XX' : 'XX',
      need(document.informationType, 'no information type', 6),
      need(document.discipline, 'no discipline', 6),
    ],
    missing,
  };
}

/** the pattern a preview shows for the convention and flags */
export function namingPattern(convention: NamingConvention, flags: NamingFlags): string {
  if (convention === 'iso19650') {
    return '{project}-{originator}-{volume}-{level}-{type}-{role}-{number:0000}-{description}.{ext}';
  }
  return [
    '{projectNumber}',
    ...(flags.useLocationCode ? ['{building_floor_room}'] : []),
    '{discipline}',
    '{ns3451}',
    ...(flags.useInformationType ? ['{informationType}'] : []),
    ...(flags.useTFMCode ? ['{tfm}'] : []),
    '{number:000}',
    '{description}',
  ]
    .join('-')
    .concat('.{ext}');
}

/**
 * New names for the documents. A document lacking a field the convention needs keeps its name and says why. Numbers
 * count per group of equal prefix in upload order, so they stay put while a group only grows. No two documents of a
 * building get the same name (compared without case, as Windows does), renamed or not.
 */
export function planNames(params: {
  projectNumber: string | null;
  documents: NamingDocument[];
  flags: NamingFlags;
  convention: NamingConvention;
}): NamingResult[] {
  const { convention } = params;
  const ordered = [...params.documents].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const counters = new Map<string, number>();
  const planned = new Map<string, NamingResult>();
  for (const document of ordered) {
    const plan =
      convention === 'iso19650'
        ? isoPrefix(params.projectNumber, document)
        : byggdokPrefix(params.projectNumber, document, params.flags);
    if (plan.missing.length > 0) {
      planned.set(document.id, {
        id: document.id,
        filename: document.filename,
        newFilename: null,
        reason: plan.missing.join('; '),
      });
      continue;
    }
    const group = `${document.buildingId}\u0000${plan.prefix.join('-').toLowerCase()}`;
    const number = (counters.get(group) ?? 0) + 1;
    counters.set(group, number);
    const sequence = String(number).padStart(convention === 'iso19650' ? 4 : 3, '0');
    const extension = extensionOf(document.originalFilename) || extensionOf(document.filename);
    // a project number `CON.1` would make `CON.1-RIV-...`, which Windows opens as its console; the head holds every
    // `-`, so only a dot in its first field can end a name's first part in a device name
    const head = notDeviceName([...plan.prefix, sequence].join('-'));
    if (head.length + extension.length > MAX_NAME_LENGTH) {
      // the fields alone (a discipline or TFM code of hundreds of characters) make a name no file system takes
      planned.set(document.id, {
        id: document.id,
        filename: document.filename,
        newFilename: null,
        reason: `the name would be longer than ${MAX_NAME_LENGTH} characters`,
      });
      continue;
    }
    const room = MAX_NAME_LENGTH - head.length - extension.length - 1;
    const description = safePart(document.filenameDescriptive ?? withoutExtension(document.originalFilename))
      .slice(0, Math.max(0, room))
      .replace(/[_.]+$/, '');
    const newFilename = `${head}${description ? `-${description}` : ''}${extension}`;
    planned.set(document.id, { id: document.id, filename: document.filename, newFilename, reason: null });
  }
  refuseCollisions(params.documents, planned);
  return params.documents.map((document) => planned.get(document.id)!);
}

/** a new name equal to another document's name in the building (its new one, or the one it keeps) is not given */
function refuseCollisions(documents: NamingDocument[], planned: Map<string, NamingResult>): void {
  const buildingOf = new Map(documents.map((d) => [d.id, d.buildingId]));
  const finalName = (result: NamingResult) => (result.newFilename ?? result.filename).toLowerCase();
  for (;;) {
    const owners = new Map<string, string[]>();
    for (const result of planned.values()) {
      const key = `${buildingOf.get(result.id)}\u0000${finalName(result)}`;
      // added to in place: copying the list on every add took quadratic time for thousands of files of one name
      const ids = owners.get(key);
      if (ids) ids.push(result.id);
      else owners.set(key, [result.id]);
    }
    let changed = false;
    for (const ids of owners.values()) {
      if (ids.length < 2) continue;
      for (const id of ids) {
        const result = planned.get(id)!;
        if (result.newFilename !== null && result.newFilename !== result.filename) {
          planned.set(id, { ...result, newFilename: null, reason: 'another document in the building has this name' });
          changed = true;
        }
      }
    }
    if (!changed) return;
  }
}
