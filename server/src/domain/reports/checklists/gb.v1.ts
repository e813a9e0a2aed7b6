/**
 * Great Britain (England's regime), version 1: one level of items per theme. Sources: regulations-red-flags.csv (UK
 * rows) and legislation.gov.uk; the golden thread only applies to higher-risk buildings. Not legal advice.
 */
import type { Checklist } from '../checklist.js';
import { FIRE_INSTALLATION_PARTS, PARTS, SYSTEM_PARTS } from './parts.js';
import { R } from './requirements.js';

export const GB_V1: Checklist = {
  country: 'GB',
  version: 'v1',
  parts: PARTS,
  themes: [
    {
      nameId: 'fire_safety',
      name: { nb: 'Brannsikkerhet', en: 'Fire safety' },
      description: {
        nb: 'Brannrisikovurdering, brannstrategi, brannsikkerhetsinformasjon ved overlevering og vedlikehold av brannsikkerhetstiltak.',
        en: 'Fire risk assessment, fire strategy, fire safety information at handover and maintenance of fire safety measures.',
      },
      laws: 'Regulatory Reform (Fire Safety) Order 2005; Fire Safety (England) Regulations 2022; Building Regulations 2010 reg. 38; Approved Document B',
      discipline: 'RIBr;ARK',
      items: [
        {
          nameId: 'fire_safety.risk_assessment',
          name: { nb: 'Brannrisikovurdering', en: 'Fire risk assessment' },
          description: {
            nb: 'Den ansvarlige personen skal ha en egnet og tilstrekkelig brannrisikovurdering.',
            en: 'The responsible person must have a suitable and sufficient fire risk assessment.',
          },
          laws: 'Regulatory Reform (Fire Safety) Order 2005 art. 9',
          discipline: 'RIBr',
          requires: [R.fire_risk_assessment],
        },
        {
          nameId: 'fire_safety.design',
          name: { nb: 'Brannteknisk dokumentasjon', en: 'Fire safety design documentation' },
          description: {
            nb: 'Brannstrategi, branntegninger og dokumentasjon av brannklassifiserte produkter.',
            en: 'Fire strategy, fire drawings and documentation of fire-rated products.',
          },
          laws: 'Approved Document B; BS 9991:2024; BS 9999',
          discipline: 'RIBr;ARK',
          requires: [R.fire_strategy, R.fire_drawings, R.fire_products],
        },
        {
          nameId: 'fire_safety.reg38',
          name: { nb: 'Brannsikkerhetsinformasjon ved overlevering', en: 'Fire safety information at handover' },
          description: {
            nb: 'Som bygget-brannplaner, brannstrategi, systemer og «cause and effect» overlevert til den ansvarlige personen, med kvittering.',
            en: 'As-built fire plans, fire strategy, systems and cause-and-effect handed to the responsible person, with acknowledgement.',
          },
          laws: 'Building Regulations 2010 reg. 38',
          discipline: 'RIBr',
          requires: [R.reg38_information],
        },
        {
          nameId: 'fire_safety.installations',
          name: { nb: 'Vedlikehold av brannsikkerhetsinstallasjoner', en: 'Maintenance of fire safety installations' },
          description: {
            nb: 'Service- og kontrollrapporter for brannalarm, sprinkler og nødlys.',
            en: 'Service and inspection reports for fire alarm, sprinklers and emergency lighting.',
          },
          laws: 'Regulatory Reform (Fire Safety) Order 2005 art. 17',
          discipline: 'RIBr;RIE;RIV',
          requires: [R.fire_service_reports],
          parts: FIRE_INSTALLATION_PARTS,
        },
        {
          nameId: 'fire_safety.doors',
          name: { nb: 'Kontroll av branndører', en: 'Fire door checks' },
          description: {
            nb: 'I boligbygg over 11 m: kvartalsvis kontroll av felles branndører og årlig kontroll av leilighetsdører.',
            en: 'In residential buildings over 11 m: quarterly checks of communal fire doors and annual checks of flat entrance doors.',
          },
          laws: 'Fire Safety (England) Regulations 2022',
          discipline: 'RIBr;ARK',
          requires: [R.fire_door_inspections],
        },
        {
          nameId: 'fire_safety.evacuation',
          name: { nb: 'Branninstrukser for beboere', en: 'Fire safety instructions' },
          description: {
            nb: 'Evakueringsplaner og branninstrukser til beboere og brukere.',
            en: 'Evacuation plans and fire safety instructions for residents and users.',
          },
          laws: 'Fire Safety (England) Regulations 2022; Regulatory Reform (Fire Safety) Order 2005',
          discipline: 'RIBr',
          requires: [R.evacuation_plan],
        },
      ],
    },
    {
      nameId: 'golden_thread',
      name: { nb: 'Golden thread (høyrisikobygninger)', en: 'Golden thread (higher-risk buildings)' },
      description: {
        nb: 'Ansvarlige personer for høyrisikobygninger (18 m+ eller 7+ etasjer, minst to boenheter) skal holde foreskrevet bygningsinformasjon digitalt, nøyaktig og oppdatert.',
        en: 'Accountable persons for higher-risk buildings (18 m+ or 7+ storeys, at least two residential units) must keep prescribed building information digitally, accurate and up to date.',
      },
      laws: 'Building Safety Act 2022 ss. 88-89 (Part 4); Higher-Risk Buildings (Keeping and Provision of Information etc.) (England) Regulations',
      discipline: 'ALL',
      items: [
        {
          nameId: 'golden_thread.information',
          name: { nb: 'Bygningsinformasjon i golden thread', en: 'Golden thread information' },
          description: {
            nb: 'Det foreskrevne informasjonssettet, herunder informasjon om ytterveggsystemet.',
            en: 'The prescribed information set, including external wall system information.',
          },
          laws: 'Building Safety Act 2022 s.88',
          discipline: 'ALL',
          requires: [R.golden_thread_information, R.external_wall_info],
          parts: ['higher_risk'],
        },
        {
          nameId: 'golden_thread.safety_case',
          name: { nb: 'Safety case-rapport', en: 'Safety case report' },
          description: {
            nb: 'Vurdering av bygningssikkerhetsrisikoer og tiltakene mot dem.',
            en: 'An assessment of the building safety risks and the measures against them.',
          },
          laws: 'Building Safety Act 2022 Part 4',
          discipline: 'ALL',
          requires: [R.safety_case_report],
          parts: ['higher_risk'],
        },
        {
          nameId: 'golden_thread.residents',
          name: { nb: 'Beboermedvirkning', en: 'Resident engagement' },
          description: {
            nb: 'Strategi for hvordan beboere informeres og involveres i beslutninger om bygningssikkerhet.',
            en: 'A strategy for informing residents and involving them in building safety decisions.',
          },
          laws: 'Building Safety Act 2022 Part 4',
          discipline: 'ALL',
          requires: [R.resident_engagement],
          parts: ['higher_risk'],
        },
        {
          nameId: 'golden_thread.occurrences',
          name: { nb: 'Pliktige hendelsesrapporter', en: 'Mandatory occurrence reporting' },
          description: {
            nb: 'System og logg for rapportering av hendelser som kan true bygningssikkerheten.',
            en: 'A system and log for reporting occurrences that could threaten building safety.',
          },
          laws: 'Building Safety Act 2022; Building (Higher-Risk Buildings Procedures) (England) Regulations 2023',
          discipline: 'ALL',
          requires: [R.mandatory_occurrence],
          parts: ['higher_risk'],
        },
      ],
    },
    {
      nameId: 'om_handover',
      name: { nb: 'FDV og overlevering', en: 'O&M and handover' },
      description: {
        nb: 'Eieren skal få nok informasjon om de tekniske anleggene og vedlikeholdet av dem, og en HMS-fil ved prosjektslutt.',
        en: 'The owner must receive enough information about the fixed building services and their maintenance, and a health and safety file at the end of the project.',
      },
      laws: 'Building Regulations 2010 reg. 40; Construction (Design and Management) Regulations 2015 reg. 12',
      discipline: 'ALL',
      items: [
        {
          nameId: 'om_handover.system_om',
          name: { nb: 'FDV per system', en: 'O&M information per system' },
          description: {
            nb: 'Drifts- og vedlikeholdsinstrukser for hvert teknisk anlegg bygget har.',
            en: 'Operation and maintenance instructions for every building service the building has.',
          },
          laws: 'Building Regulations 2010 reg. 40',
          discipline: 'RIV;RIE',
          requires: [R.om_instructions],
          parts: SYSTEM_PARTS,
        },
        {
          nameId: 'om_handover.log_book',
          name: { nb: 'Bygningens loggbok', en: 'Building log book' },
          description: {
            nb: 'Loggbok for energibruk og drift av de tekniske anleggene.',
            en: 'A log book on the energy use and operation of the building services.',
          },
          laws: 'Building Regulations 2010 reg. 40; Approved Document L',
          discipline: 'RIV;RIE',
          requires: [R.building_log_book],
        },
        {
          nameId: 'om_handover.products',
          name: { nb: 'Produktdokumentasjon', en: 'Product documentation' },
          description: {
            nb: 'Produktdatablad, ytelseserklæringer og monteringsanvisninger.',
            en: 'Product data sheets, declarations of performance and installation instructions.',
          },
          laws: 'Building Regulations 2010 reg. 7; Construction Products Regulations',
          discipline: 'ALL',
          requires: [R.product_documentation],
        },
        {
          nameId: 'om_handover.as_built',
          name: { nb: 'Som bygget-tegninger', en: 'As-built drawings' },
          description: {
            nb: 'Tegninger oppdatert til slik bygget faktisk ble utført.',
            en: 'Drawings updated to the building as actually built.',
          },
          laws: 'Construction (Design and Management) Regulations 2015 reg. 12',
          discipline: 'ALL',
          requires: [R.as_built_drawings],
        },
        {
          nameId: 'om_handover.hs_file',
          name: { nb: 'HMS-fil', en: 'Health and safety file' },
          description: {
            nb: 'Hovedprosjekterende utarbeider og overleverer HMS-filen til byggherren ved prosjektslutt.',
            en: 'The principal designer prepares the health and safety file and hands it to the client at the end of the project.',
          },
          laws: 'Construction (Design and Management) Regulations 2015 reg. 12',
          discipline: 'ALL',
          requires: [R.health_safety_file],
        },
      ],
    },
    {
      nameId: 'structural',
      name: { nb: 'Konstruksjon', en: 'Structure' },
      description: {
        nb: 'Beregninger og tegninger som viser at bæresystemet tåler lastene, og grunnforholdene.',
        en: 'Calculations and drawings showing the structure carries its loads, and the ground conditions.',
      },
      laws: 'Building Regulations 2010 Schedule 1 Part A; Approved Document A',
      discipline: 'RIB',
      items: [
        {
          nameId: 'structural.design',
          name: { nb: 'Konstruksjonsberegninger og -tegninger', en: 'Structural calculations and drawings' },
          description: {
            nb: 'Dimensjonering av bæresystemet med tilhørende konstruksjonstegninger.',
            en: 'Design of the structure with its structural drawings.',
          },
          laws: 'Approved Document A',
          discipline: 'RIB',
          requires: [R.structural_calculations, R.structural_drawings],
        },
        {
          nameId: 'structural.geotechnics',
          name: { nb: 'Grunnundersøkelser', en: 'Ground investigation' },
          description: {
            nb: 'Geoteknisk rapport med grunnundersøkelser.',
            en: 'A geotechnical report with the ground investigation.',
          },
          laws: 'Approved Document A; Approved Document C',
          discipline: 'RIG',
          requires: [R.geotechnical_report],
        },
      ],
    },
    {
      nameId: 'hvac',
      name: { nb: 'Varme, ventilasjon og vann', en: 'Heating, ventilation and water' },
      description: {
        nb: 'FDV og igangkjøring for ventilasjon og varme; trykkprøving av vannanlegg.',
        en: 'O&M and commissioning of ventilation and heating; pressure tests of water services.',
      },
      laws: 'Approved Documents F, G, H, J and L',
      discipline: 'RIV',
      items: [
        {
          nameId: 'hvac.ventilation',
          name: { nb: 'Ventilasjon', en: 'Ventilation' },
          description: {
            nb: 'FDV-dokumentasjon og igangkjøringsrapport med målte luftmengder.',
            en: 'O&M information and a commissioning report with measured air flows.',
          },
          laws: 'Approved Document F; Approved Document L',
          discipline: 'RIV',
          requires: [R.om_instructions, R.commissioning_report],
          parts: ['ventilation'],
        },
        {
          nameId: 'hvac.heating',
          name: { nb: 'Varme', en: 'Heating' },
          description: {
            nb: 'FDV-dokumentasjon og igangkjøring av varmeanlegget.',
            en: 'O&M information and commissioning of the heating system.',
          },
          laws: 'Approved Document L; Approved Document J',
          discipline: 'RIV',
          requires: [R.om_instructions, R.commissioning_report],
          parts: ['heating'],
        },
        {
          nameId: 'hvac.water_drainage',
          name: { nb: 'Vann og avløp', en: 'Water and drainage' },
          description: {
            nb: 'Trykkprøving av vannanlegg.',
            en: 'Pressure tests of the water services.',
          },
          laws: 'Approved Document G; Approved Document H',
          discipline: 'RIV',
          requires: [R.pressure_test],
          parts: ['sanitary'],
        },
      ],
    },
    {
      nameId: 'electrical',
      name: { nb: 'Elsikkerhet', en: 'Electrical safety' },
      description: {
        nb: 'Installasjoner testes og sertifiseres: EIC ved ferdigstillelse, periodisk EICR.',
        en: 'Installations are tested and certified: an EIC on completion and periodic EICRs.',
      },
      laws: 'BS 7671 (IET Wiring Regulations); Approved Document P; Electrical Safety Standards in the Private Rented Sector (England) Regulations 2020',
      discipline: 'RIE',
      items: [
        {
          nameId: 'electrical.installation',
          name: { nb: 'Elektriske sertifikater', en: 'Electrical certificates' },
          description: {
            nb: 'Installasjonssertifikat (EIC) og gjeldende tilstandsrapport (EICR).',
            en: 'Electrical installation certificate (EIC) and a current condition report (EICR).',
          },
          laws: 'BS 7671; Electrical Safety Standards in the Private Rented Sector (England) Regulations 2020',
          discipline: 'RIE',
          requires: [R.eic, R.eicr],
          parts: ['electrical'],
        },
      ],
    },
    {
      nameId: 'lifts',
      name: { nb: 'Heis', en: 'Lifts' },
      description: {
        nb: 'Heiser som brukes i arbeid skal undersøkes grundig av kompetent person med faste intervaller, og registreringene tas vare på.',
        en: 'Lifts used at work must be thoroughly examined by a competent person at set intervals, and the records kept.',
      },
      laws: 'LOLER 1998; Lifts Regulations 2016',
      discipline: 'RIE',
      items: [
        {
          nameId: 'lifts.documentation',
          name: { nb: 'Heisdokumentasjon', en: 'Lift documentation' },
          description: {
            nb: 'Rapporter fra grundig undersøkelse (hver 6. måned for personheiser), vedlikeholdslogg og samsvarserklæring for nye heiser.',
            en: 'Thorough examination reports (every 6 months for passenger lifts), maintenance logs and a declaration of conformity for new lifts.',
          },
          laws: 'LOLER 1998 reg. 9; Lifts Regulations 2016',
          discipline: 'RIE',
          requires: [R.lift_inspection, R.lift_logbook, R.lift_conformity],
          parts: ['lift'],
        },
      ],
    },
    {
      nameId: 'access',
      name: { nb: 'Tilgjengelighet', en: 'Access and universal design' },
      description: {
        nb: 'Adkomst til og bruk av bygningen etter Approved Document M.',
        en: 'Access to and use of the building under Approved Document M.',
      },
      laws: 'Building Regulations 2010 Schedule 1 Part M; Approved Document M',
      discipline: 'ARK',
      items: [
        {
          nameId: 'access.plans',
          name: { nb: 'Tegninger og tilgjengelighetsvurdering', en: 'Drawings and access statement' },
          description: {
            nb: 'Plan- og snittegninger med mål, og en tilgjengelighetsvurdering.',
            en: 'Plans and sections with dimensions, and an access statement.',
          },
          laws: 'Approved Document M',
          discipline: 'ARK',
          requires: [R.plan_drawings, R.accessibility_assessment],
        },
      ],
    },
    {
      nameId: 'energy',
      name: { nb: 'Energi', en: 'Energy' },
      description: {
        nb: 'Energiberegning (SAP/SBEM med BRUKL) og energiattest (EPC).',
        en: 'Energy calculation (SAP/SBEM with BRUKL) and an energy performance certificate (EPC).',
      },
      laws: 'Approved Document L; Energy Performance of Buildings (England and Wales) Regulations 2012',
      discipline: 'RIEn',
      items: [
        {
          nameId: 'energy.documentation',
          name: { nb: 'Energiberegning og energiattest', en: 'Energy calculation and EPC' },
          description: {
            nb: 'SAP- eller SBEM-beregning med BRUKL-utskrift, og en gyldig EPC.',
            en: 'A SAP or SBEM calculation with its BRUKL output, and a valid EPC.',
          },
          laws: 'Approved Document L; Energy Performance of Buildings (England and Wales) Regulations 2012',
          discipline: 'RIEn',
          requires: [R.energy_calculation, R.energy_certificate],
        },
      ],
    },
    {
      nameId: 'moisture',
      name: { nb: 'Fukt og radon', en: 'Moisture and radon' },
      description: {
        nb: 'Beskyttelse mot fukt og grunnforurensning, herunder radon.',
        en: 'Resistance to moisture and ground contaminants, radon included.',
      },
      laws: 'Building Regulations 2010 Schedule 1 Part C; Approved Document C',
      discipline: 'RIByFy',
      items: [
        {
          nameId: 'moisture.protection',
          name: { nb: 'Fuktsikring', en: 'Moisture protection' },
          description: {
            nb: 'Fuktsikring og kondensrisikoanalyse for konstruksjonene.',
            en: 'Damp-proofing and a condensation risk analysis of the constructions.',
          },
          laws: 'Approved Document C',
          discipline: 'RIByFy',
          requires: [R.moisture_plan],
        },
        {
          nameId: 'moisture.radon',
          name: { nb: 'Radon', en: 'Radon' },
          description: {
            nb: 'Radonbeskyttelse i radonutsatte områder, eller måling.',
            en: 'Radon protection in affected areas, or measurements.',
          },
          laws: 'Approved Document C; BR 211',
          discipline: 'RIByFy',
          requires: [R.radon],
        },
      ],
    },
    {
      nameId: 'outdoor',
      name: { nb: 'Utomhus og drenering', en: 'External works and drainage' },
      description: {
        nb: 'Utvendig drenering og utomhusanlegg.',
        en: 'External drainage and external works.',
      },
      laws: 'Approved Document H',
      discipline: 'LARK;RIVA',
      items: [
        {
          nameId: 'outdoor.drainage',
          name: { nb: 'Utvendig drenering', en: 'External drainage' },
          description: {
            nb: 'Tegning av utvendig drenering med kummer og overvann.',
            en: 'A drainage layout with manholes and surface water.',
          },
          laws: 'Approved Document H',
          discipline: 'RIVA',
          requires: [R.external_drainage],
        },
        {
          nameId: 'outdoor.plan',
          name: { nb: 'Utomhusplan', en: 'Landscape plan' },
          description: {
            nb: 'Plan som viser utomhusanlegg og beplantning.',
            en: 'A plan of the external works and planting.',
          },
          laws: 'Town and Country Planning Act 1990 (landscaping conditions)',
          discipline: 'LARK',
          requires: [R.outdoor_plan],
          parts: ['outdoor'],
        },
      ],
    },
  ],
};
