/**
 * Building parts whose documentation is only expected when the building has them. A part is recognised by NS 3451
 * category, discipline, or a mention in any document's name or text (Norwegian and English words, since buildings in
 * either country hold documents in both).
 */
import type { BuildingPart } from '../checklist.js';

const part = (p: BuildingPart): BuildingPart => p;

export const PARTS = {
  ventilation: part({
    key: 'ventilation',
    label: { nb: 'ventilasjon', en: 'ventilation' },
    categories: ['36'],
    terms: ['ventilasjon', 'luftbehandling', 'ventilasjonsaggregat', 'ventilation', 'air handling', 'mvhr'],
  }),
  heating: part({
    key: 'heating',
    label: { nb: 'varmeanlegg', en: 'heating' },
    alwaysPresent: true,
    categories: ['32', '45'],
    terms: [
      'varmeanlegg',
      'oppvarming',
      'radiator',
      'gulvvarme',
      'varmepumpe',
      'fjernvarme',
      'heating',
      'boiler',
      'heat pump',
      'underfloor heating',
    ],
  }),
  cooling: part({
    key: 'cooling',
    label: { nb: 'kjøling', en: 'cooling' },
    categories: ['35', '37'],
    terms: ['kjøleanlegg', 'komfortkjøling', 'kjølemaskin', 'cooling', 'chiller', 'air conditioning'],
  }),
  sanitary: part({
    key: 'sanitary',
    label: { nb: 'sanitæranlegg (vann og avløp)', en: 'water and drainage installations' },
    alwaysPresent: true,
    categories: ['31'],
    terms: [
      'sanitær',
      'vanninstallasjon',
      'tappevann',
      'forbruksvann',
      'avløpsanlegg',
      'plumbing',
      'water supply',
      'hot water',
      'soil and waste',
    ],
  }),
  sprinkler: part({
    key: 'sprinkler',
    label: { nb: 'sprinkleranlegg', en: 'sprinklers' },
    categories: ['33'],
    terms: ['sprinkler', 'slokkeanlegg', 'vanntåke', 'sprinklers', 'fire suppression', 'water mist'],
  }),
  fire_alarm: part({
    key: 'fire_alarm',
    label: { nb: 'brannalarmanlegg', en: 'fire alarm system' },
    categories: ['542'],
    terms: ['brannalarm', 'brannvarsling', 'røykvarsler', 'fire alarm', 'fire detection', 'smoke detector'],
  }),
  emergency_lighting: part({
    key: 'emergency_lighting',
    label: { nb: 'nødlys og ledesystem', en: 'emergency lighting' },
    categories: ['443'],
    terms: ['nødlys', 'ledelys', 'ledesystem', 'markeringslys', 'emergency lighting', 'emergency light'],
  }),
  electrical: part({
    key: 'electrical',
    label: { nb: 'elektrisk anlegg', en: 'electrical installation' },
    alwaysPresent: true,
    // not by discipline: electrical engineers (RIE) also own lifts, telecom and automation
    categories: ['4'],
    terms: [
      'elektro',
      'elektrisk anlegg',
      'elanlegg',
      'el-anlegg',
      'hovedtavle',
      'fordelingstavle',
      'sikringsskap',
      'electrical installation',
      'distribution board',
      'consumer unit',
    ],
  }),
  lift: part({
    key: 'lift',
    label: { nb: 'heis', en: 'lifts' },
    categories: ['62'],
    terms: ['heis', 'heiser', 'løfteplattform', 'trappeheis', 'lift', 'lifts', 'elevator', 'passenger lift'],
  }),
  wet_rooms: part({
    key: 'wet_rooms',
    label: { nb: 'våtrom', en: 'wet rooms' },
    terms: ['våtrom', 'baderom', 'dusjrom', 'vaskerom', 'wet room', 'bathroom', 'shower room', 'en-suite'],
  }),
  outdoor: part({
    key: 'outdoor',
    label: { nb: 'utomhusanlegg', en: 'external works' },
    categories: ['7'],
    disciplines: ['LARK', 'L'],
    terms: ['utomhus', 'uteareal', 'utomhusplan', 'lekeplass', 'external works', 'landscaping', 'playground'],
  }),
  higher_risk: part({
    key: 'higher_risk',
    label: { nb: 'høyrisikobygning (Building Safety Act)', en: 'higher-risk building (Building Safety Act)' },
    terms: [
      'higher-risk building',
      'higher risk building',
      'golden thread',
      'accountable person',
      'building safety regulator',
      'safety case',
      'høyrisikobygning',
    ],
  }),
} as const satisfies Record<string, BuildingPart>;

export type PartKey = keyof typeof PARTS;

/** The building systems whose FDV/O&M documentation is expected system by system. */
export const SYSTEM_PARTS: readonly PartKey[] = [
  'ventilation',
  'heating',
  'cooling',
  'sanitary',
  'sprinkler',
  'fire_alarm',
  'emergency_lighting',
  'electrical',
  'lift',
];

/** Fire safety installations that need periodic inspection and service. */
export const FIRE_INSTALLATION_PARTS: readonly PartKey[] = ['fire_alarm', 'sprinkler', 'emergency_lighting'];
