/**
 * Norway, version 2: version 1 in more depth. Fire design, fire installations, FDV per system, electrical and lift
 * documentation are split into one item per document or system; HSE internal control, independent control and
 * condition surveys are added. Items keep their v1 nameIds, so links made on a v1 report carry over.
 */
import type { Checklist, ChecklistItem } from '../checklist.js';
import { deepen, itemOf, themeOf } from './derive.js';
import { NO_V1 } from './no.v1.js';
import { PARTS, SYSTEM_PARTS } from './parts.js';
import { R } from './requirements.js';

const v1 = (nameId: string) => itemOf(NO_V1, nameId);

const systemOm: ChecklistItem[] = SYSTEM_PARTS.map((key) => ({
  nameId: `fdv.system_om.${key}`,
  name: { nb: `FDV for ${PARTS[key].label.nb}`, en: `O&M for ${PARTS[key].label.en}` },
  description: {
    nb: `Drifts- og vedlikeholdsinstruks for ${PARTS[key].label.nb}, når bygget har det.`,
    en: `Operation and maintenance instructions for ${PARTS[key].label.en}, where the building has it.`,
  },
  laws: 'TEK17 § 4-1; SAK10 § 8-2',
  discipline: key === 'electrical' || key === 'fire_alarm' || key === 'emergency_lighting' ? 'RIE' : 'RIV',
  requires: [R.om_instructions],
  parts: [key],
}));

const fireInstallation = (
  key: 'fire_alarm' | 'sprinkler' | 'emergency_lighting',
  discipline: string,
): ChecklistItem => ({
  nameId: `fire_safety.installations.${key}`,
  name: {
    nb: `Service og kontroll: ${PARTS[key].label.nb}`,
    en: `Service and inspection: ${PARTS[key].label.en}`,
  },
  description: {
    nb: `Siste service- eller kontrollrapport for ${PARTS[key].label.nb}.`,
    en: `The latest service or inspection report for the ${PARTS[key].label.en}.`,
  },
  laws: 'Forskrift om brannforebygging § 5',
  discipline,
  requires: [R.fire_service_reports],
  parts: [key],
});

const fireSafety = themeOf(NO_V1, 'fire_safety');
const fdv = themeOf(NO_V1, 'fdv');
const compliance = themeOf(NO_V1, 'compliance');
const hvac = themeOf(NO_V1, 'hvac');
const electrical = themeOf(NO_V1, 'electrical');
const lifts = themeOf(NO_V1, 'lifts');
const universalDesign = themeOf(NO_V1, 'universal_design');
const energy = themeOf(NO_V1, 'energy');
const moisture = themeOf(NO_V1, 'moisture');
const outdoor = themeOf(NO_V1, 'outdoor');

export const NO_V2: Checklist = {
  country: 'NO',
  version: 'v2',
  parts: PARTS,
  themes: [
    {
      ...fireSafety,
      items: [
        deepen(v1('fire_safety.design'), [
          {
            nameId: 'fire_safety.design.strategy',
            name: { nb: 'Brannkonsept', en: 'Fire strategy' },
            description: {
              nb: 'Brannkonsept eller brannteknisk rapport med risikoklasse, brannklasse og ytelser.',
              en: 'Fire strategy or fire safety report stating risk class, fire class and performance.',
            },
            laws: 'TEK17 § 11-2; TEK17 § 11-3; TEK17 § 2-2',
            discipline: 'RIBr',
            requires: [R.fire_strategy],
          },
          {
            nameId: 'fire_safety.design.drawings',
            name: { nb: 'Branntegninger', en: 'Fire drawings' },
            description: {
              nb: 'Tegninger som viser brannceller, brannskiller, rømningsveier og brannslokkeutstyr.',
              en: 'Drawings showing fire compartments, fire separations, escape routes and fire equipment.',
            },
            laws: 'TEK17 § 11-7; TEK17 § 11-8; TEK17 § 11-14',
            discipline: 'RIBr;ARK',
            requires: [R.fire_drawings],
          },
          {
            nameId: 'fire_safety.design.products',
            name: { nb: 'Brannklassifiserte produkter', en: 'Fire-rated products' },
            description: {
              nb: 'Klassifiseringsdokumentasjon for branndører, brannspjeld og branntetting av gjennomføringer.',
              en: 'Classification documents for fire doors, fire dampers and fire stopping of penetrations.',
            },
            laws: 'TEK17 kap. 3; TEK17 § 11-8; TEK17 § 11-13',
            discipline: 'RIBr;ARK;RIV',
            children: [
              {
                nameId: 'fire_safety.design.products.doors',
                name: { nb: 'Branndører', en: 'Fire doors' },
                description: {
                  nb: 'Dører i brannskiller og rømningsveier med dokumentert brannklasse (f.eks. EI2 30-Sa).',
                  en: 'Doors in fire separations and escape routes with documented classification (e.g. EI2 30-Sa).',
                },
                laws: 'TEK17 § 11-13; TEK17 § 11-14',
                discipline: 'ARK;RIBr',
                requires: [R.fire_doors],
              },
              {
                nameId: 'fire_safety.design.products.dampers',
                name: { nb: 'Brannspjeld', en: 'Fire dampers' },
                description: {
                  nb: 'Brann- og røykspjeld i ventilasjonskanaler gjennom brannskiller.',
                  en: 'Fire and smoke dampers in ducts passing through fire separations.',
                },
                laws: 'TEK17 § 11-10',
                discipline: 'RIV;RIBr',
                requires: [R.fire_dampers],
                parts: ['ventilation'],
              },
              {
                nameId: 'fire_safety.design.products.penetrations',
                name: { nb: 'Branntetting av gjennomføringer', en: 'Fire stopping of penetrations' },
                description: {
                  nb: 'Produktdokumentasjon og foto av branntettede gjennomføringer i brannskiller.',
                  en: 'Product documents and photos of fire-stopped penetrations in fire separations.',
                },
                laws: 'TEK17 § 11-9',
                discipline: 'RIBr;RIV;RIE',
                requires: [R.fire_stopping],
              },
            ],
          },
        ]),
        deepen(v1('fire_safety.installations'), [
          fireInstallation('fire_alarm', 'RIE;RIBr'),
          fireInstallation('sprinkler', 'RIV;RIBr'),
          fireInstallation('emergency_lighting', 'RIE'),
        ]),
        v1('fire_safety.evacuation'),
      ],
    },
    {
      ...fdv,
      items: [
        deepen(v1('fdv.system_om'), systemOm),
        deepen(v1('fdv.products'), [
          {
            nameId: 'fdv.products.data_sheets',
            name: {
              nb: 'Produktdatablad og monteringsanvisninger',
              en: 'Product data sheets and installation instructions',
            },
            description: {
              nb: 'Teknisk produktinformasjon for installerte produkter og byggevarer.',
              en: 'Technical product information for installed products and construction products.',
            },
            laws: 'DOK-forskriften § 13; TEK17 § 4-1',
            discipline: 'ALL',
            requires: [R.product_documentation],
          },
          {
            nameId: 'fdv.products.dop',
            name: { nb: 'Ytelseserklæringer', en: 'Declarations of performance' },
            description: {
              nb: 'CE-merkede byggevarer skal ha ytelseserklæring (DoP).',
              en: 'CE-marked construction products need a declaration of performance (DoP).',
            },
            laws: 'TEK17 kap. 3 (§ 3-1); DOK-forskriften; forordning (EU) 305/2011',
            discipline: 'ARK;RIB',
            requires: [R.declaration_of_performance],
          },
        ]),
        v1('fdv.as_built'),
        v1('fdv.handover'),
        {
          nameId: 'fdv.suppliers',
          name: { nb: 'Leverandørliste', en: 'Supplier list' },
          description: {
            nb: 'Oversikt over leverandører og kontaktpersoner for service og garanti.',
            en: 'Suppliers and contacts for service and warranty claims.',
          },
          laws: 'NS 3456; TEK17 § 4-1',
          discipline: 'ALL',
          requires: [R.supplier_list],
        },
        {
          nameId: 'fdv.warranties',
          name: { nb: 'Garantier og reservedeler', en: 'Warranties and spare parts' },
          description: {
            nb: 'Garantibevis og reservedelslister for installerte produkter.',
            en: 'Warranties and spare parts lists for installed products.',
          },
          laws: 'NS 8407; NS 3456',
          discipline: 'ALL',
          requires: [R.warranty, R.spare_parts],
        },
        {
          nameId: 'fdv.training',
          name: { nb: 'Opplæring av driftspersonell', en: 'Training of operating staff' },
          description: {
            nb: 'Dokumentert opplæring i drift av de tekniske anleggene.',
            en: 'Documented training in operating the technical systems.',
          },
          laws: 'NS 3456; kontrakt',
          discipline: 'ALL',
          requires: [R.training_record],
        },
      ],
    },
    {
      ...compliance,
      items: [
        v1('compliance.permits'),
        v1('compliance.declarations'),
        {
          nameId: 'compliance.independent_control',
          name: { nb: 'Uavhengig kontroll', en: 'Independent control' },
          description: {
            nb: 'Obligatorisk uavhengig kontroll (f.eks. fuktsikring i nye bygg, brannsikkerhet i høyere klasser) med kontrollplan, rapporter og lukkede avvik.',
            en: 'Mandatory independent control (e.g. moisture protection in new buildings, fire safety in higher classes) with control plan, reports and closed deviations.',
          },
          laws: 'PBL § 24-1; SAK10 kap. 14',
          discipline: 'ALL',
          requires: [R.independent_control],
        },
      ],
    },
    themeOf(NO_V1, 'structural'),
    {
      ...hvac,
      items: [
        deepen(v1('hvac.ventilation'), [
          {
            nameId: 'hvac.ventilation.om',
            name: { nb: 'FDV for ventilasjon', en: 'Ventilation O&M' },
            description: {
              nb: 'Drifts- og vedlikeholdsinstruks for ventilasjonsaggregater (filterbytte, service).',
              en: 'Operation and maintenance instructions for air handling units (filters, service).',
            },
            laws: 'TEK17 § 4-1',
            discipline: 'RIV',
            requires: [R.om_instructions],
            parts: ['ventilation'],
          },
          {
            nameId: 'hvac.ventilation.commissioning',
            name: { nb: 'Innregulering av ventilasjon', en: 'Ventilation commissioning' },
            description: {
              nb: 'Innreguleringsprotokoll med målte luftmengder.',
              en: 'Commissioning report with measured air flows.',
            },
            laws: 'TEK17 § 13-1; TEK17 § 4-1',
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
            laws: 'TEK17 § 4-1',
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
      ...electrical,
      items: [
        deepen(v1('electrical.installation'), [
          {
            nameId: 'electrical.installation.conformity',
            name: { nb: 'Samsvarserklæring', en: 'Declaration of conformity' },
            description: {
              nb: 'Installatørens samsvarserklæring for anlegget og for hver senere endring.',
              en: 'The installer’s declaration of conformity for the installation and every later change.',
            },
            laws: 'FEL § 12; FEL § 13',
            discipline: 'RIE',
            requires: [R.electrical_conformity],
            parts: ['electrical'],
          },
          {
            nameId: 'electrical.installation.circuits',
            name: { nb: 'Kursfortegnelser', en: 'Circuit schedules' },
            description: {
              nb: 'Kursfortegnelse for hver tavle.',
              en: 'A circuit schedule for every distribution board.',
            },
            laws: 'FEL § 12; NEK 400-5-514',
            discipline: 'RIE',
            requires: [R.circuit_schedule],
            parts: ['electrical'],
          },
          {
            nameId: 'electrical.installation.measurements',
            name: { nb: 'Måle- og kontrollrapport', en: 'Test and measurement report' },
            description: {
              nb: 'Dokumentasjon av sluttkontroll: isolasjonsmåling, kontinuitet og jordfeilvern.',
              en: 'Final verification: insulation resistance, continuity and RCD tests.',
            },
            laws: 'FEL § 14; NEK 400-6',
            discipline: 'RIE',
            requires: [R.electrical_measurements],
            parts: ['electrical'],
          },
        ]),
      ],
    },
    {
      ...lifts,
      items: [
        deepen(v1('lifts.documentation'), [
          {
            nameId: 'lifts.documentation.permit',
            name: { nb: 'Driftstillatelse og samsvarserklæring', en: 'Operating permit and declaration of conformity' },
            description: {
              nb: 'Kommunens driftstillatelse og installatørens samsvarserklæring.',
              en: 'The municipality’s operating permit and the installer’s declaration of conformity.',
            },
            laws: 'PBL § 29-9; TEK17 § 16-1',
            discipline: 'RIE',
            requires: [R.lift_operating_permit, R.lift_conformity],
            parts: ['lift'],
          },
          {
            nameId: 'lifts.documentation.inspection',
            name: { nb: 'Periodisk sikkerhetskontroll', en: 'Periodic safety inspection' },
            description: {
              nb: 'Rapport fra sikkerhetskontroll (NS-INSTA 500-2), minst annethvert år.',
              en: 'Safety inspection report (NS-INSTA 500-2), at least every other year.',
            },
            laws: 'TEK17 § 16-2',
            discipline: 'RIE',
            requires: [R.lift_inspection],
            parts: ['lift'],
          },
          {
            nameId: 'lifts.documentation.logbook',
            name: { nb: 'Loggbok og serviceavtale', en: 'Logbook and service contract' },
            description: {
              nb: 'Loggbok over reparasjoner og serviceavtale med heisfirma.',
              en: 'Logbook of repairs and a maintenance contract with a lift company.',
            },
            laws: 'TEK17 § 16-1; TEK17 § 16-6',
            discipline: 'RIE',
            requires: [R.lift_logbook],
            parts: ['lift'],
          },
        ]),
      ],
    },
    {
      ...universalDesign,
      items: [
        deepen(v1('universal_design.plans'), [
          {
            nameId: 'universal_design.plans.drawings',
            name: { nb: 'Plan- og snittegninger', en: 'Plans and sections' },
            description: {
              nb: 'Tegninger med mål på kommunikasjonsveier, dører, trapper og bad.',
              en: 'Drawings dimensioning circulation routes, doors, stairs and bathrooms.',
            },
            laws: 'TEK17 § 12-6; TEK17 § 12-9',
            discipline: 'ARK',
            requires: [R.plan_drawings],
          },
          {
            nameId: 'universal_design.plans.assessment',
            name: { nb: 'Vurdering av universell utforming', en: 'Accessibility assessment' },
            description: {
              nb: 'Gjennomgang av kravene til universell utforming for byggkategorien.',
              en: 'A review of the accessibility requirements for the building category.',
            },
            laws: 'TEK17 kap. 12',
            discipline: 'ARK',
            requires: [R.accessibility_assessment],
          },
        ]),
      ],
    },
    {
      ...energy,
      items: [
        deepen(v1('energy.documentation'), [
          {
            nameId: 'energy.documentation.calculation',
            name: { nb: 'Energiberegning', en: 'Energy calculation' },
            description: {
              nb: 'Beregning som viser at energirammen eller energitiltakene er oppfylt.',
              en: 'A calculation showing the energy frame or energy measures are met.',
            },
            laws: 'TEK17 § 14-2',
            discipline: 'RIEn',
            requires: [R.energy_calculation],
          },
          {
            nameId: 'energy.documentation.certificate',
            name: { nb: 'Energiattest', en: 'Energy certificate' },
            description: {
              nb: 'Gyldig energiattest; store yrkesbygg skal vise den fram.',
              en: 'A valid energy certificate; large non-residential buildings must display it.',
            },
            laws: 'Energimerkeforskriften',
            discipline: 'RIEn',
            requires: [R.energy_certificate],
          },
        ]),
      ],
    },
    {
      ...moisture,
      items: [
        v1('moisture.wet_rooms'),
        {
          nameId: 'moisture.protection',
          name: { nb: 'Fuktsikring', en: 'Moisture protection' },
          description: {
            nb: 'Fuktsikringsplan og fuktmålinger før lukking av konstruksjoner.',
            en: 'A moisture protection plan and moisture measurements before constructions are closed.',
          },
          laws: 'TEK17 § 13-14; SAK10 § 14-2',
          discipline: 'RIByFy',
          requires: [R.moisture_plan],
        },
        v1('moisture.radon'),
      ],
    },
    {
      ...outdoor,
      items: [
        v1('outdoor.plan'),
        {
          nameId: 'outdoor.om',
          name: { nb: 'FDV for utomhusanlegg', en: 'Outdoor O&M' },
          description: {
            nb: 'FDV for lekeapparater, dekker, belysning og beplantning ute.',
            en: 'O&M for play equipment, paving, external lighting and planting.',
          },
          laws: 'TEK17 § 4-1',
          discipline: 'LARK',
          requires: [R.outdoor_om],
          parts: ['outdoor'],
        },
        {
          nameId: 'outdoor.drainage',
          name: { nb: 'Utvendig vann og avløp', en: 'External water and drainage' },
          description: {
            nb: 'VA-plan som viser stikkledninger, kummer og overvannshåndtering.',
            en: 'A drainage layout showing service pipes, manholes and surface water.',
          },
          laws: 'TEK17 kap. 15',
          discipline: 'RIVA',
          requires: [R.external_drainage],
        },
      ],
    },
    {
      nameId: 'hse',
      name: { nb: 'HMS og internkontroll', en: 'HSE and internal control' },
      description: {
        nb: 'Skriftlig internkontroll: mål, organisering, risikokartlegging, rutiner og oppfølging; SHA-plan i byggefasen.',
        en: 'Written internal control: goals, organisation, risk mapping, routines and follow-up; an SHA plan during construction.',
      },
      laws: 'Internkontrollforskriften § 5; Byggherreforskriften',
      discipline: 'ALL',
      items: [
        {
          nameId: 'hse.internal_control',
          name: { nb: 'Risikovurderinger og rutiner', en: 'Risk assessments and routines' },
          description: {
            nb: 'Dokumentert risikokartlegging og rutiner, f.eks. for tekniske rom.',
            en: 'Documented risk mapping and routines, e.g. for plant rooms.',
          },
          laws: 'Internkontrollforskriften § 5',
          discipline: 'ALL',
          requires: [R.risk_assessment],
        },
        {
          nameId: 'hse.sha_plan',
          name: { nb: 'SHA-plan', en: 'SHA plan' },
          description: {
            nb: 'Plan for sikkerhet, helse og arbeidsmiljø på byggeplassen.',
            en: 'The health, safety and working environment plan for the construction site.',
          },
          laws: 'Byggherreforskriften',
          discipline: 'ALL',
          requires: [R.sha_plan],
        },
      ],
    },
    {
      nameId: 'condition',
      name: { nb: 'Tilstand', en: 'Condition' },
      description: {
        nb: 'Tilstandsvurdering med tilstandsgrader (TG0–TG3) og oppfølging av avvik.',
        en: 'A condition survey grading deviations (TG0–TG3) with follow-up.',
      },
      laws: 'NS 3600; NS 3424',
      discipline: 'ALL',
      items: [
        {
          nameId: 'condition.survey',
          name: { nb: 'Tilstandsrapport', en: 'Condition survey report' },
          description: {
            nb: 'Tilstandsrapport der deler med TG3 er fulgt opp.',
            en: 'A condition report in which parts graded TG3 are followed up.',
          },
          laws: 'NS 3600; NS 3424',
          discipline: 'ALL',
          requires: [R.condition_report],
        },
      ],
    },
  ],
};
