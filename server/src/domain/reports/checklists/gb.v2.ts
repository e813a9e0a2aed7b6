/**
 * Great Britain, version 2: version 1 in more depth. Fire design, fire installations, O&M per system, electrical
 * certificates, lifts and energy are split into one item per document or system; the higher-risk building gateways,
 * wet rooms and further handover items are added. Items keep their v1 nameIds, so links carry over.
 */
import type { Checklist, ChecklistItem } from '../checklist.js';
import { deepen, itemOf, themeOf } from './derive.js';
import { GB_V1 } from './gb.v1.js';
import { PARTS, SYSTEM_PARTS } from './parts.js';
import { R } from './requirements.js';

const v1 = (nameId: string) => itemOf(GB_V1, nameId);

const systemOm: ChecklistItem[] = SYSTEM_PARTS.map((key) => ({
  nameId: `om_handover.system_om.${key}`,
  name: { nb: `FDV for ${PARTS[key].label.nb}`, en: `O&M for ${PARTS[key].label.en}` },
  description: {
    nb: `Drifts- og vedlikeholdsinformasjon for ${PARTS[key].label.nb}, når bygget har det.`,
    en: `Operation and maintenance information for ${PARTS[key].label.en}, where the building has it.`,
  },
  laws: 'Building Regulations 2010 reg. 40',
  discipline: key === 'electrical' || key === 'fire_alarm' || key === 'emergency_lighting' ? 'RIE' : 'RIV',
  requires: [R.om_instructions],
  parts: [key],
}));

const fireInstallation = (
  key: 'fire_alarm' | 'sprinkler' | 'emergency_lighting',
  discipline: string,
): ChecklistItem => ({
  nameId: `fire_safety.installations.${key}`,
  name: { nb: `Service og kontroll: ${PARTS[key].label.nb}`, en: `Service and inspection: ${PARTS[key].label.en}` },
  description: {
    nb: `Siste service- eller kontrollrapport for ${PARTS[key].label.nb}.`,
    en: `The latest service or inspection record for the ${PARTS[key].label.en}.`,
  },
  laws: 'Regulatory Reform (Fire Safety) Order 2005 art. 17',
  discipline,
  requires: [R.fire_service_reports],
  parts: [key],
});

const gateway = (
  nameId: string,
  name: ChecklistItem['name'],
  description: ChecklistItem['description'],
  requirement: (typeof R)[keyof typeof R],
): ChecklistItem => ({
  nameId: `golden_thread.gateways.${nameId}`,
  name,
  description,
  laws: 'Building Safety Act 2022 Part 3; Building (Higher-Risk Buildings Procedures) (England) Regulations 2023',
  discipline: 'ALL',
  requires: [requirement],
  parts: ['higher_risk'],
});

export const GB_V2: Checklist = {
  country: 'GB',
  version: 'v2',
  parts: PARTS,
  themes: [
    {
      ...themeOf(GB_V1, 'fire_safety'),
      items: [
        v1('fire_safety.risk_assessment'),
        deepen(v1('fire_safety.design'), [
          {
            nameId: 'fire_safety.design.strategy',
            name: { nb: 'Brannstrategi med prosjekteringsgrunnlag', en: 'Fire strategy and its design basis' },
            description: {
              nb: 'Brannstrategi som sier hvilket grunnlag den bygger på (BS 9991, BS 9999 eller Approved Document B).',
              en: 'A fire strategy stating its design basis (BS 9991, BS 9999 or Approved Document B).',
            },
            laws: 'Approved Document B; BS 9991:2024; BS 9999',
            discipline: 'RIBr',
            requires: [R.fire_strategy, R.fire_design_basis],
          },
          {
            nameId: 'fire_safety.design.drawings',
            name: { nb: 'Branntegninger', en: 'Fire drawings' },
            description: {
              nb: 'Tegninger som viser brannceller, rømningsveier og brannsikkerhetsutstyr.',
              en: 'Drawings showing compartmentation, escape routes and fire safety equipment.',
            },
            laws: 'Approved Document B',
            discipline: 'RIBr;ARK',
            requires: [R.fire_drawings],
          },
          {
            nameId: 'fire_safety.design.products',
            name: { nb: 'Brannklassifiserte produkter', en: 'Fire-rated products' },
            description: {
              nb: 'Dokumentasjon for branndører, brannspjeld og branntetting.',
              en: 'Documents for fire doors, fire dampers and fire stopping.',
            },
            laws: 'Approved Document B; Building Regulations 2010 reg. 7',
            discipline: 'RIBr;ARK;RIV',
            children: [
              {
                nameId: 'fire_safety.design.products.doors',
                name: { nb: 'Branndører', en: 'Fire doors' },
                description: {
                  nb: 'Sertifiserte branndørsett med dokumentert brannmotstand.',
                  en: 'Certified fire doorsets with documented fire resistance.',
                },
                laws: 'Approved Document B; BS 8214',
                discipline: 'ARK;RIBr',
                requires: [R.fire_doors],
              },
              {
                nameId: 'fire_safety.design.products.dampers',
                name: { nb: 'Brannspjeld', en: 'Fire dampers' },
                description: {
                  nb: 'Brann- og røykspjeld i kanaler gjennom brannskiller.',
                  en: 'Fire and smoke dampers in ducts through compartment walls and floors.',
                },
                laws: 'Approved Document B',
                discipline: 'RIV;RIBr',
                requires: [R.fire_dampers],
                parts: ['ventilation'],
              },
              {
                nameId: 'fire_safety.design.products.penetrations',
                name: { nb: 'Branntetting', en: 'Fire stopping' },
                description: {
                  nb: 'Produktdokumentasjon og foto av branntettede gjennomføringer.',
                  en: 'Product documents and photos of fire-stopped penetrations.',
                },
                laws: 'Approved Document B',
                discipline: 'RIBr;RIV;RIE',
                requires: [R.fire_stopping],
              },
            ],
          },
        ]),
        v1('fire_safety.reg38'),
        deepen(v1('fire_safety.installations'), [
          fireInstallation('fire_alarm', 'RIE;RIBr'),
          fireInstallation('sprinkler', 'RIV;RIBr'),
          fireInstallation('emergency_lighting', 'RIE'),
        ]),
        v1('fire_safety.doors'),
        v1('fire_safety.evacuation'),
        {
          nameId: 'fire_safety.premises_information',
          name: { nb: 'Informasjon til brannvesenet', en: 'Information for the fire and rescue service' },
          description: {
            nb: 'I høye boligbygg: elektroniske plantegninger og informasjon om ytterveggene til brannvesenet.',
            en: 'In tall residential buildings: electronic floor plans and external wall information for the fire and rescue service.',
          },
          laws: 'Fire Safety (England) Regulations 2022',
          discipline: 'ARK;RIBr',
          requires: [R.floor_plans, R.external_wall_info],
          parts: ['higher_risk'],
        },
      ],
    },
    {
      ...themeOf(GB_V1, 'golden_thread'),
      items: [
        v1('golden_thread.information'),
        v1('golden_thread.safety_case'),
        v1('golden_thread.residents'),
        v1('golden_thread.occurrences'),
        {
          nameId: 'golden_thread.gateways',
          name: { nb: 'Gateway 2 og 3', en: 'Gateways 2 and 3' },
          description: {
            nb: 'Dokumentene byggekontrollen krever før arbeid (gateway 2) og ved ferdigstillelse (gateway 3).',
            en: 'The documents building control requires before work (gateway 2) and at completion (gateway 3).',
          },
          laws: 'Building Safety Act 2022 Part 3; Building (Higher-Risk Buildings Procedures) (England) Regulations 2023',
          discipline: 'ALL',
          children: [
            gateway(
              'construction_control',
              { nb: 'Plan for byggekontroll', en: 'Construction control plan' },
              {
                nb: 'Hvordan etterlevelse sikres under byggingen.',
                en: 'How compliance is maintained during construction.',
              },
              R.construction_control_plan,
            ),
            gateway(
              'change_control',
              { nb: 'Plan for endringskontroll', en: 'Change control plan' },
              { nb: 'Hvordan endringer registreres og godkjennes.', en: 'How changes are recorded and approved.' },
              R.change_control_plan,
            ),
            gateway(
              'fire_emergency_file',
              { nb: 'Brann- og beredskapsmappe', en: 'Fire and emergency file' },
              {
                nb: 'Brannsikkerhetsinformasjonen som overleveres ved ferdigstillelse.',
                en: 'The fire safety information handed over at completion.',
              },
              R.fire_emergency_file,
            ),
            gateway(
              'competence',
              { nb: 'Kompetanseerklæringer', en: 'Competence declarations' },
              {
                nb: 'Erklæringer fra ansvarlige aktører om kompetanse.',
                en: 'Declarations of competence from the dutyholders.',
              },
              R.competence_declarations,
            ),
            gateway(
              'completion',
              { nb: 'Ferdigattest', en: 'Completion certificate' },
              { nb: 'Ferdigattest fra byggekontrollen.', en: 'The completion certificate from building control.' },
              R.completion_certificate,
            ),
          ],
        },
      ],
    },
    {
      ...themeOf(GB_V1, 'om_handover'),
      items: [
        deepen(v1('om_handover.system_om'), systemOm),
        v1('om_handover.log_book'),
        deepen(v1('om_handover.products'), [
          {
            nameId: 'om_handover.products.data_sheets',
            name: { nb: 'Produktdatablad og monteringsanvisninger', en: 'Data sheets and installation instructions' },
            description: {
              nb: 'Teknisk produktinformasjon for installerte produkter.',
              en: 'Technical product information for installed products.',
            },
            laws: 'Building Regulations 2010 reg. 7',
            discipline: 'ALL',
            requires: [R.product_documentation],
          },
          {
            nameId: 'om_handover.products.dop',
            name: { nb: 'Ytelseserklæringer', en: 'Declarations of performance' },
            description: {
              nb: 'Ytelseserklæringer for byggevarer med UKCA- eller CE-merking.',
              en: 'Declarations of performance for UKCA or CE marked construction products.',
            },
            laws: 'Construction Products Regulations',
            discipline: 'ALL',
            requires: [R.declaration_of_performance],
          },
        ]),
        v1('om_handover.as_built'),
        v1('om_handover.hs_file'),
        {
          nameId: 'om_handover.suppliers',
          name: { nb: 'Leverandørliste', en: 'Supplier list' },
          description: {
            nb: 'Leverandører og kontakter for service og garanti.',
            en: 'Suppliers and contacts for service and warranty claims.',
          },
          laws: 'Building Regulations 2010 reg. 40',
          discipline: 'ALL',
          requires: [R.supplier_list],
        },
        {
          nameId: 'om_handover.warranties',
          name: { nb: 'Garantier og reservedeler', en: 'Warranties and spare parts' },
          description: {
            nb: 'Garantier og reservedelslister for installerte produkter.',
            en: 'Warranties and spare parts lists for installed products.',
          },
          laws: 'Contract',
          discipline: 'ALL',
          requires: [R.warranty, R.spare_parts],
        },
        {
          nameId: 'om_handover.training',
          name: { nb: 'Opplæring', en: 'Training' },
          description: {
            nb: 'Dokumentert opplæring av driftspersonell.',
            en: 'Documented training of the operating staff.',
          },
          laws: 'Contract; BSRIA BG 54 (Soft Landings)',
          discipline: 'ALL',
          requires: [R.training_record],
        },
      ],
    },
    themeOf(GB_V1, 'structural'),
    {
      ...themeOf(GB_V1, 'hvac'),
      items: [
        deepen(v1('hvac.ventilation'), [
          {
            nameId: 'hvac.ventilation.om',
            name: { nb: 'FDV for ventilasjon', en: 'Ventilation O&M' },
            description: {
              nb: 'Drifts- og vedlikeholdsinformasjon for ventilasjonsanlegget.',
              en: 'Operation and maintenance information for the ventilation system.',
            },
            laws: 'Building Regulations 2010 reg. 40',
            discipline: 'RIV',
            requires: [R.om_instructions],
            parts: ['ventilation'],
          },
          {
            nameId: 'hvac.ventilation.commissioning',
            name: { nb: 'Igangkjøring av ventilasjon', en: 'Ventilation commissioning' },
            description: {
              nb: 'Igangkjøringsrapport med målte luftmengder, meldt til byggekontrollen.',
              en: 'A commissioning report with measured air flows, notified to building control.',
            },
            laws: 'Approved Document F',
            discipline: 'RIV',
            requires: [R.commissioning_report],
            parts: ['ventilation'],
          },
          {
            nameId: 'hvac.ventilation.schematics',
            name: { nb: 'Prinsippskjema ventilasjon', en: 'Ventilation schematics' },
            description: {
              nb: 'Prinsippskjema for ventilasjonsanlegget.',
              en: 'System schematics of the ventilation system.',
            },
            laws: 'Building Regulations 2010 reg. 40',
            discipline: 'RIV',
            requires: [R.system_schematics],
            parts: ['ventilation'],
          },
        ]),
        v1('hvac.heating'),
        v1('hvac.water_drainage'),
      ],
    },
    {
      ...themeOf(GB_V1, 'electrical'),
      items: [
        deepen(v1('electrical.installation'), [
          {
            nameId: 'electrical.installation.eic',
            name: { nb: 'Installasjonssertifikat (EIC)', en: 'Electrical installation certificate (EIC)' },
            description: {
              nb: 'Sertifikat fra installatøren når anlegget er ferdig.',
              en: 'The installer’s certificate on completion.',
            },
            laws: 'BS 7671; Approved Document P',
            discipline: 'RIE',
            requires: [R.eic],
            parts: ['electrical'],
          },
          {
            nameId: 'electrical.installation.eicr',
            name: { nb: 'Tilstandsrapport (EICR)', en: 'Condition report (EICR)' },
            description: {
              nb: 'Periodisk tilstandsrapport; hvert femte år i utleieboliger.',
              en: 'A periodic condition report; every five years in rented dwellings.',
            },
            laws: 'Electrical Safety Standards in the Private Rented Sector (England) Regulations 2020; BS 7671',
            discipline: 'RIE',
            requires: [R.eicr],
            parts: ['electrical'],
          },
          {
            nameId: 'electrical.installation.circuits',
            name: { nb: 'Kursfortegnelser', en: 'Circuit charts' },
            description: {
              nb: 'Kursfortegnelse ved hver fordelingstavle.',
              en: 'A circuit chart at every distribution board.',
            },
            laws: 'BS 7671 reg. 514.9',
            discipline: 'RIE',
            requires: [R.circuit_schedule],
            parts: ['electrical'],
          },
        ]),
      ],
    },
    {
      ...themeOf(GB_V1, 'lifts'),
      items: [
        deepen(v1('lifts.documentation'), [
          {
            nameId: 'lifts.documentation.inspection',
            name: { nb: 'Grundig undersøkelse (LOLER)', en: 'Thorough examination (LOLER)' },
            description: {
              nb: 'Rapport fra grundig undersøkelse de siste seks månedene.',
              en: 'A thorough examination report from the last six months.',
            },
            laws: 'LOLER 1998 reg. 9',
            discipline: 'RIE',
            requires: [R.lift_inspection],
            parts: ['lift'],
          },
          {
            nameId: 'lifts.documentation.logbook',
            name: { nb: 'Vedlikeholdslogg', en: 'Maintenance log' },
            description: {
              nb: 'Vedlikeholdslogg og serviceavtale.',
              en: 'Maintenance log and service contract.',
            },
            laws: 'LOLER 1998; Provision and Use of Work Equipment Regulations 1998',
            discipline: 'RIE',
            requires: [R.lift_logbook],
            parts: ['lift'],
          },
          {
            nameId: 'lifts.documentation.conformity',
            name: { nb: 'Samsvarserklæring', en: 'Declaration of conformity' },
            description: {
              nb: 'Samsvarserklæring for heiser installert etter Lifts Regulations 2016.',
              en: 'Declaration of conformity for lifts installed under the Lifts Regulations 2016.',
            },
            laws: 'Lifts Regulations 2016',
            discipline: 'RIE',
            requires: [R.lift_conformity],
            parts: ['lift'],
          },
        ]),
      ],
    },
    themeOf(GB_V1, 'access'),
    {
      ...themeOf(GB_V1, 'energy'),
      items: [
        deepen(v1('energy.documentation'), [
          {
            nameId: 'energy.documentation.calculation',
            name: { nb: 'Energiberegning (SAP/SBEM)', en: 'Energy calculation (SAP/SBEM)' },
            description: {
              nb: 'Beregning med BRUKL-utskrift som viser samsvar med Part L.',
              en: 'A calculation with its BRUKL output showing Part L compliance.',
            },
            laws: 'Approved Document L',
            discipline: 'RIEn',
            requires: [R.energy_calculation],
          },
          {
            nameId: 'energy.documentation.certificate',
            name: { nb: 'Energiattest (EPC)', en: 'Energy performance certificate (EPC)' },
            description: {
              nb: 'Gyldig EPC ved salg eller utleie.',
              en: 'A valid EPC when sold or let.',
            },
            laws: 'Energy Performance of Buildings (England and Wales) Regulations 2012',
            discipline: 'RIEn',
            requires: [R.energy_certificate],
          },
        ]),
        {
          nameId: 'energy.commissioning',
          name: { nb: 'Igangkjøring av tekniske anlegg', en: 'Commissioning of building services' },
          description: {
            nb: 'Igangkjøringsbevis for faste tekniske anlegg, meldt til byggekontrollen.',
            en: 'Commissioning certificate for fixed building services, notified to building control.',
          },
          laws: 'Approved Document L; Building Regulations 2010 reg. 44',
          discipline: 'RIV;RIE',
          requires: [R.energy_commissioning],
        },
      ],
    },
    {
      ...themeOf(GB_V1, 'moisture'),
      items: [
        v1('moisture.protection'),
        v1('moisture.radon'),
        {
          nameId: 'moisture.wet_rooms',
          name: { nb: 'Våtrom', en: 'Wet rooms' },
          description: {
            nb: 'Dokumentasjon av vanntett sjikt (tanking) og sjekklister.',
            en: 'Documents for the waterproofing (tanking) and checklists.',
          },
          laws: 'Approved Document C; Approved Document G',
          discipline: 'RIV;ARK',
          requires: [R.wet_room_documentation],
          parts: ['wet_rooms'],
        },
      ],
    },
    themeOf(GB_V1, 'outdoor'),
  ],
};
