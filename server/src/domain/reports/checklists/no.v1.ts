/**
 * Norway, version 1: one level of items per theme. Sources: regulations-red-flags.csv (NO rows) and
 * fdv-information-types.csv; law references as dibk.no and DSB cite them. Not legal advice.
 */
import type { Checklist } from '../checklist.js';
import { FIRE_INSTALLATION_PARTS, PARTS, SYSTEM_PARTS } from './parts.js';
import { R } from './requirements.js';

export const NO_V1: Checklist = {
  country: 'NO',
  version: 'v1',
  parts: PARTS,
  themes: [
    {
      nameId: 'fire_safety',
      name: { nb: 'Brannsikkerhet', en: 'Fire safety' },
      description: {
        nb: 'Brannteknisk prosjektering, dokumentasjon av brannklassifiserte produkter, og eierens plikt til å kjenne kravene og holde sikkerhetsinstallasjonene i stand.',
        en: 'Fire safety design, documentation of fire-rated products, and the owner’s duty to know the requirements and keep fire safety installations working.',
      },
      laws: 'TEK17 kap. 11; Forskrift om brannforebygging §§ 4-5',
      discipline: 'RIBr',
      items: [
        {
          nameId: 'fire_safety.design',
          name: { nb: 'Brannteknisk dokumentasjon', en: 'Fire safety design documentation' },
          description: {
            nb: 'Brannkonsept, branntegninger og dokumentasjon av brannklassifiserte produkter (dører, spjeld, gjennomføringer) etter risikoklasse og brannklasse.',
            en: 'Fire strategy, fire drawings and documentation of fire-rated products (doors, dampers, penetrations) for the risk and fire class.',
          },
          laws: 'TEK17 kap. 11; TEK17 § 11-11; TEK17 § 11-12; TEK17 § 11-13; TEK17 § 11-14',
          discipline: 'RIBr;ARK',
          requires: [R.fire_strategy, R.fire_drawings, R.fire_products],
        },
        {
          nameId: 'fire_safety.installations',
          name: {
            nb: 'Kontroll og vedlikehold av brannsikkerhetsinstallasjoner',
            en: 'Inspection and service of fire safety installations',
          },
          description: {
            nb: 'Servicerapporter for brannalarm, sprinkler og nødlys som viser at installasjonene kontrolleres og virker hver for seg og sammen.',
            en: 'Service reports for fire alarm, sprinklers and emergency lighting showing the installations are inspected and work individually and together.',
          },
          laws: 'Forskrift om brannforebygging § 5',
          discipline: 'RIBr;RIE;RIV',
          requires: [R.fire_service_reports],
          parts: FIRE_INSTALLATION_PARTS,
        },
        {
          nameId: 'fire_safety.evacuation',
          name: { nb: 'Rømningsplaner og branninstruks', en: 'Evacuation plans and fire instructions' },
          description: {
            nb: 'Oppdaterte rømningsplaner og branninstruks, slik at eier og brukere kjenner rømningsveiene.',
            en: 'Up-to-date evacuation plans and fire instructions, so owner and users know the escape routes.',
          },
          laws: 'Forskrift om brannforebygging §§ 4-5; TEK17 § 11-11',
          discipline: 'RIBr',
          requires: [R.evacuation_plan],
        },
      ],
    },
    {
      nameId: 'fdv',
      name: { nb: 'FDV-dokumentasjon og overlevering', en: 'FDV / O&M documentation and handover' },
      description: {
        nb: 'Dokumentasjon for forvaltning, drift og vedlikehold per system og produkt, som bygget-tegninger og kvittering for overlevering.',
        en: 'Documentation for operation and maintenance per system and product, as-built drawings and a receipt for the handover.',
      },
      laws: 'TEK17 § 4-1; SAK10 § 8-2; PBL § 21-10',
      discipline: 'ALL',
      items: [
        {
          nameId: 'fdv.system_om',
          name: { nb: 'FDV-dokumentasjon per system', en: 'O&M documentation per system' },
          description: {
            nb: 'Drifts- og vedlikeholdsinstrukser for hvert teknisk anlegg bygget har.',
            en: 'Operation and maintenance instructions for every technical system the building has.',
          },
          laws: 'TEK17 § 4-1; SAK10 § 8-2',
          discipline: 'RIV;RIE',
          requires: [R.om_instructions],
          parts: SYSTEM_PARTS,
        },
        {
          nameId: 'fdv.products',
          name: { nb: 'Produktdokumentasjon', en: 'Product documentation' },
          description: {
            nb: 'Produktdatablad, ytelseserklæringer og monteringsanvisninger for byggevarer og installerte produkter.',
            en: 'Product data sheets, declarations of performance and installation instructions for construction products.',
          },
          laws: 'TEK17 kap. 3 (§ 3-1); DOK-forskriften § 13; forordning (EU) 305/2011',
          discipline: 'ARK;RIB',
          requires: [R.product_documentation],
        },
        {
          nameId: 'fdv.as_built',
          name: { nb: 'Som bygget-tegninger', en: 'As-built drawings' },
          description: {
            nb: 'Tegninger oppdatert til slik bygget faktisk ble utført.',
            en: 'Drawings updated to the building as actually built.',
          },
          laws: 'TEK17 § 4-1',
          discipline: 'ALL',
          requires: [R.as_built_drawings],
        },
        {
          nameId: 'fdv.handover',
          name: { nb: 'Overlevering mot kvittering', en: 'Handover against receipt' },
          description: {
            nb: 'Søker overleverer FDV-dokumentasjonen til eier mot kvittering senest ved søknad om ferdigattest.',
            en: 'The applicant hands the documentation to the owner against receipt, at the latest when applying for the completion certificate.',
          },
          laws: 'SAK10 § 8-2; PBL § 21-10',
          discipline: 'ALL',
          requires: [R.handover_receipt],
        },
      ],
    },
    {
      nameId: 'compliance',
      name: { nb: 'Dokumentasjon av oppfyllelse', en: 'Documentation of compliance' },
      description: {
        nb: 'Tillatelser, ferdigattest, samsvarserklæringer og kontrolldokumentasjon som viser at kravene i TEK17 er oppfylt.',
        en: 'Permits, completion certificate, declarations of conformity and control documentation showing that TEK17 is met.',
      },
      laws: 'TEK17 §§ 2-1 til 2-4; SAK10 § 5-5; PBL § 21-10',
      discipline: 'ALL',
      items: [
        {
          nameId: 'compliance.permits',
          name: { nb: 'Tillatelser og ferdigattest', en: 'Permits and completion certificate' },
          description: {
            nb: 'Rammetillatelse/igangsettingstillatelse og ferdigattest eller midlertidig brukstillatelse.',
            en: 'Building permits and the completion certificate or temporary occupation permit.',
          },
          laws: 'PBL §§ 20-1, 21-10; SAK10 § 8-1',
          discipline: 'ALL',
          requires: [R.permit_documents, R.completion_certificate],
        },
        {
          nameId: 'compliance.declarations',
          name: { nb: 'Samsvarserklæringer og egenkontroll', en: 'Declarations of conformity and self-inspection' },
          description: {
            nb: 'Samsvarserklæringer fra ansvarlige foretak, sjekklister fra egenkontroll og kontrollerklæringer.',
            en: 'Declarations of conformity from responsible firms, self-inspection checklists and control declarations.',
          },
          laws: 'SAK10 §§ 5-5, 12-4; TEK17 § 2-4',
          discipline: 'ALL',
          requires: [R.control_declarations],
        },
      ],
    },
    {
      nameId: 'structural',
      name: { nb: 'Konstruksjonssikkerhet', en: 'Structural safety' },
      description: {
        nb: 'Beregninger og tegninger som dokumenterer bæreevne og stabilitet, og grunnforholdene bygget står på.',
        en: 'Calculations and drawings documenting load-bearing capacity and stability, and the ground the building stands on.',
      },
      laws: 'TEK17 kap. 10 (§ 10-2)',
      discipline: 'RIB',
      items: [
        {
          nameId: 'structural.design',
          name: { nb: 'Konstruksjonsberegninger og -tegninger', en: 'Structural calculations and drawings' },
          description: {
            nb: 'Dimensjonering av bæresystemet (Eurokoder) med tilhørende konstruksjonstegninger.',
            en: 'Design of the load-bearing structure (Eurocodes) with its structural drawings.',
          },
          laws: 'TEK17 § 10-2; NS-EN 1990',
          discipline: 'RIB',
          requires: [R.structural_calculations, R.structural_drawings],
        },
        {
          nameId: 'structural.geotechnics',
          name: { nb: 'Geoteknikk', en: 'Geotechnics' },
          description: {
            nb: 'Geoteknisk rapport med grunnundersøkelser og fundamenteringsanbefaling.',
            en: 'Geotechnical report with ground investigation and foundation recommendations.',
          },
          laws: 'TEK17 § 10-2; NS-EN 1997-1',
          discipline: 'RIG',
          requires: [R.geotechnical_report],
        },
      ],
    },
    {
      nameId: 'hvac',
      name: { nb: 'VVS-anlegg', en: 'HVAC and plumbing' },
      description: {
        nb: 'Ventilasjon, varme og vann/avløp: FDV, innregulering og trykkprøving for anleggene bygget har.',
        en: 'Ventilation, heating, water and drainage: O&M, commissioning and pressure tests for the systems the building has.',
      },
      laws: 'TEK17 § 4-1; TEK17 kap. 13 og 15',
      discipline: 'RIV',
      items: [
        {
          nameId: 'hvac.ventilation',
          name: { nb: 'Ventilasjonsanlegg', en: 'Ventilation' },
          description: {
            nb: 'FDV-dokumentasjon og innreguleringsprotokoll som viser at luftmengdene er innregulert.',
            en: 'O&M documentation and a commissioning report showing the air flows are balanced.',
          },
          laws: 'TEK17 § 13-1; TEK17 § 4-1',
          discipline: 'RIV',
          requires: [R.om_instructions, R.commissioning_report],
          parts: ['ventilation'],
        },
        {
          nameId: 'hvac.heating',
          name: { nb: 'Varmeanlegg', en: 'Heating' },
          description: {
            nb: 'FDV-dokumentasjon og innregulering av varmeanlegget.',
            en: 'O&M documentation and commissioning of the heating system.',
          },
          laws: 'TEK17 § 4-1; TEK17 kap. 14',
          discipline: 'RIV',
          requires: [R.om_instructions, R.commissioning_report],
          parts: ['heating'],
        },
        {
          nameId: 'hvac.water_drainage',
          name: { nb: 'Innvendig vann og avløp', en: 'Internal water and drainage' },
          description: {
            nb: 'Trykkprøving av vannledninger; lekkasjer skal kunne oppdages uten å gjøre skade.',
            en: 'Pressure tests of water pipes; leaks must be detectable without causing damage.',
          },
          laws: 'TEK17 §§ 15-5, 15-6',
          discipline: 'RIV',
          requires: [R.pressure_test],
          parts: ['sanitary'],
        },
      ],
    },
    {
      nameId: 'electrical',
      name: { nb: 'Elektriske anlegg', en: 'Electrical installations' },
      description: {
        nb: 'Installasjonen skal kontrolleres og prøves før bruk og etter hver endring; eier oppbevarer dokumentasjonen.',
        en: 'The installation is checked and tested before use and after every change; the owner keeps the documentation.',
      },
      laws: 'FEL §§ 12-14; NEK 400',
      discipline: 'RIE',
      items: [
        {
          nameId: 'electrical.installation',
          name: { nb: 'Dokumentasjon av elektrisk anlegg', en: 'Electrical installation documentation' },
          description: {
            nb: 'Samsvarserklæring, kursfortegnelser og måle- og kontrollrapport etter NEK 400.',
            en: 'Declaration of conformity, circuit schedules and a test and measurement report (NEK 400).',
          },
          laws: 'FEL §§ 12-14; NEK 400-6',
          discipline: 'RIE',
          requires: [R.electrical_conformity, R.circuit_schedule, R.electrical_measurements],
          parts: ['electrical'],
        },
      ],
    },
    {
      nameId: 'lifts',
      name: { nb: 'Heis', en: 'Lifts' },
      description: {
        nb: 'Kommunen gir driftstillatelse før bruk; eier sørger for periodisk sikkerhetskontroll minst annethvert år og fører loggbok.',
        en: 'The municipality issues an operating permit before use; the owner has a periodic safety inspection at least every other year and keeps a logbook.',
      },
      laws: 'PBL § 29-9; TEK17 kap. 16',
      discipline: 'RIE;RIV',
      items: [
        {
          nameId: 'lifts.documentation',
          name: { nb: 'Heisdokumentasjon', en: 'Lift documentation' },
          description: {
            nb: 'Driftstillatelse, rapport fra periodisk sikkerhetskontroll (NS-INSTA 500-2), loggbok og serviceavtale.',
            en: 'Operating permit, periodic safety inspection report (NS-INSTA 500-2), logbook and service contract.',
          },
          laws: 'PBL § 29-9; TEK17 § 16-1; TEK17 § 16-2; TEK17 § 16-6',
          discipline: 'RIE;RIV',
          requires: [R.lift_operating_permit, R.lift_inspection, R.lift_logbook],
          parts: ['lift'],
        },
      ],
    },
    {
      nameId: 'universal_design',
      name: { nb: 'Universell utforming', en: 'Universal design' },
      description: {
        nb: 'Planløsning, adkomst, trapper, rekkverk og dører etter kravene til tilgjengelighet for byggkategorien.',
        en: 'Layout, access, stairs, railings and doors meeting the accessibility requirements for the building category.',
      },
      laws: 'TEK17 kap. 12',
      discipline: 'ARK',
      items: [
        {
          nameId: 'universal_design.plans',
          name: { nb: 'Tegninger og UU-vurdering', en: 'Drawings and accessibility assessment' },
          description: {
            nb: 'Plan- og snittegninger med mål, og en vurdering av universell utforming.',
            en: 'Plans and sections with dimensions, and an assessment of universal design.',
          },
          laws: 'TEK17 § 12-6; TEK17 § 12-9; TEK17 § 12-16',
          discipline: 'ARK',
          requires: [R.plan_drawings, R.accessibility_assessment],
        },
      ],
    },
    {
      nameId: 'energy',
      name: { nb: 'Energi', en: 'Energy' },
      description: {
        nb: 'Energirammen eller tiltaksmodellen skal være oppfylt og dokumentert; bygget skal ha energiattest ved salg og utleie.',
        en: 'The energy frame or measures model must be met and documented; the building needs an energy certificate when sold or let.',
      },
      laws: 'TEK17 kap. 14; Energimerkeforskriften',
      discipline: 'RIEn;RIV',
      items: [
        {
          nameId: 'energy.documentation',
          name: { nb: 'Energiberegning og energiattest', en: 'Energy calculation and energy certificate' },
          description: {
            nb: 'Energiberegning (f.eks. SIMIEN) og gyldig energiattest.',
            en: 'An energy calculation and a valid energy performance certificate.',
          },
          laws: 'TEK17 § 14-2; Energimerkeforskriften',
          discipline: 'RIEn',
          requires: [R.energy_calculation, R.energy_certificate],
        },
      ],
    },
    {
      nameId: 'moisture',
      name: { nb: 'Fukt, våtrom og radon', en: 'Moisture, wet rooms and radon' },
      description: {
        nb: 'Våtrom med dokumentert vanntett sjikt, og radontiltak.',
        en: 'Wet rooms with a documented waterproof membrane, and radon measures.',
      },
      laws: 'TEK17 kap. 13 (§ 13-5 radon; § 13-15 våtrom)',
      discipline: 'RIV;ARK;RIByFy',
      items: [
        {
          nameId: 'moisture.wet_rooms',
          name: { nb: 'Våtrom', en: 'Wet rooms' },
          description: {
            nb: 'Dokumentasjon av membran (ytelseserklæring), sjekklister og foto av skjulte konstruksjoner.',
            en: 'Membrane documentation (declaration of performance), checklists and photos of concealed work.',
          },
          laws: 'TEK17 § 13-15',
          discipline: 'RIV;ARK',
          requires: [R.wet_room_documentation],
          parts: ['wet_rooms'],
        },
        {
          nameId: 'moisture.radon',
          name: { nb: 'Radon', en: 'Radon' },
          description: {
            nb: 'Radonsperre og tilrettelegging for radonbrønn, eller måling som viser lave nivåer.',
            en: 'Radon barrier and provision for a radon sump, or measurements showing low levels.',
          },
          laws: 'TEK17 § 13-5',
          discipline: 'RIByFy',
          requires: [R.radon],
        },
      ],
    },
    {
      nameId: 'outdoor',
      name: { nb: 'Utomhus', en: 'Outdoor areas' },
      description: {
        nb: 'Utearealer og utomhusanlegg bygget har.',
        en: 'The outdoor areas and external works of the building.',
      },
      laws: 'TEK17 kap. 8',
      discipline: 'LARK',
      items: [
        {
          nameId: 'outdoor.plan',
          name: { nb: 'Utomhusplan', en: 'Landscape plan' },
          description: {
            nb: 'Utomhusplan som viser opparbeidet uteareal, adkomst og beplantning.',
            en: 'A landscape plan showing the finished outdoor area, access and planting.',
          },
          laws: 'TEK17 kap. 8',
          discipline: 'LARK',
          requires: [R.outdoor_plan],
          parts: ['outdoor'],
        },
      ],
    },
  ],
};
