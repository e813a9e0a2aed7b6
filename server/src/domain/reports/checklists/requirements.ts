/**
 * The documentation items of the checklists expect, shared by countries and versions so that "fire strategy" means the
 * same evidence everywhere. Information type ids are those of the classification (fdv-information-types.csv plus
 * drawing, description, calculation, report, certificate, contract, photo, model).
 */
import type { Requirement, Topic } from '../checklist.js';

const requirement = (r: Requirement): Requirement => r;

/** not by discipline: electrical engineers (RIE) also own lifts, telecom and automation */
const ELECTRICAL_TOPIC: Topic = {
  categories: ['4'],
  terms: ['elektro', 'elektrisk', 'elanlegg', 'el-anlegg', 'nek 400', 'electrical', 'bs 7671'],
};
const STRUCTURAL_TOPIC: Topic = {
  categories: ['21', '22'],
  disciplines: ['RIB', 'S'],
  terms: ['bærekonstruksjon', 'bæresystem', 'konstruksjonsberegning', 'statikk', 'structural', 'load-bearing'],
};

export const R = {
  // ------------------------------------------------------------------------------------------ fire
  fire_strategy: requirement({
    key: 'fire_strategy',
    label: { nb: 'brannkonsept / brannteknisk rapport', en: 'fire strategy' },
    types: ['fire_strategy'],
    drawing: false,
    terms: ['brannkonsept', 'brannstrategi', 'brannteknisk rapport', 'fire strategy', 'fire safety strategy'],
  }),
  fire_drawings: requirement({
    key: 'fire_drawings',
    label: { nb: 'branntegninger', en: 'fire drawings' },
    types: ['drawing', 'as_built_drawing', 'fire_strategy'],
    drawing: true,
    about: {
      disciplines: ['RIBr'],
      terms: ['branntegning', 'brannplan', 'branncelle', 'brannskille', 'brannvegg', 'fire plan', 'compartmentation'],
    },
  }),
  fire_products: requirement({
    key: 'fire_products',
    label: {
      nb: 'dokumentasjon av brannklassifiserte produkter (dører, spjeld, gjennomføringer)',
      en: 'documentation of fire-rated products (doors, dampers, penetrations)',
    },
    types: [
      'technical_approval',
      'declaration_of_performance',
      'certificate',
      'product_data_sheet',
      'declaration_of_conformity',
    ],
    drawing: false,
    about: {
      terms: [
        'branndør',
        'brannklassifisert',
        'brannspjeld',
        'branntetting',
        'brannmansjett',
        'brannhemmende',
        'fire door',
        'fire-rated',
        'fire rated',
        'fire damper',
        'fire stopping',
        'firestop',
        'intumescent',
      ],
    },
  }),
  fire_doors: requirement({
    key: 'fire_doors',
    label: { nb: 'klassifiseringsdokumentasjon for branndører', en: 'classification documents for fire doors' },
    types: ['technical_approval', 'declaration_of_performance', 'certificate', 'product_data_sheet'],
    drawing: false,
    about: { terms: ['branndør', 'branndører', 'fire door', 'fire doors', 'fire doorset'] },
  }),
  fire_dampers: requirement({
    key: 'fire_dampers',
    label: { nb: 'dokumentasjon for brannspjeld', en: 'documentation for fire and smoke dampers' },
    types: ['technical_approval', 'declaration_of_performance', 'certificate', 'product_data_sheet'],
    drawing: false,
    about: { terms: ['brannspjeld', 'røykspjeld', 'brann- og røykspjeld', 'fire damper', 'smoke damper'] },
  }),
  fire_stopping: requirement({
    key: 'fire_stopping',
    label: {
      nb: 'dokumentasjon for branntetting av gjennomføringer',
      en: 'documentation for fire stopping of penetrations',
    },
    types: [
      'technical_approval',
      'declaration_of_performance',
      'certificate',
      'product_data_sheet',
      'photo_documentation',
    ],
    drawing: false,
    about: {
      terms: [
        'branntetting',
        'brannmansjett',
        'branntettet',
        'gjennomføring',
        'fire stopping',
        'firestop',
        'penetration seal',
      ],
    },
  }),
  fire_service_reports: requirement({
    key: 'fire_service_reports',
    label: { nb: 'service- og kontrollrapporter', en: 'service and inspection reports' },
    types: ['report', 'test_measurement_report', 'self_inspection_checklist', 'certificate'],
    drawing: false,
    terms: [
      'servicerapport',
      'kontrollrapport',
      'årskontroll',
      'service report',
      'inspection report',
      'service record',
    ],
  }),
  evacuation_plan: requirement({
    key: 'evacuation_plan',
    label: { nb: 'rømningsplaner og branninstruks', en: 'evacuation plans and fire instructions' },
    types: ['evacuation_plan'],
    terms: ['rømningsplan', 'branninstruks', 'evakueringsplan', 'evacuation plan', 'fire action notice'],
  }),
  fire_risk_assessment: requirement({
    key: 'fire_risk_assessment',
    label: { nb: 'brannrisikovurdering (fire risk assessment)', en: 'fire risk assessment' },
    types: ['fire_strategy', 'report'],
    drawing: false,
    about: { terms: ['fire risk assessment', 'brannrisikovurdering', 'risikovurdering brann'] },
    terms: ['fire risk assessment'],
  }),
  fire_door_inspections: requirement({
    key: 'fire_door_inspections',
    label: { nb: 'kontrollrapporter for branndører', en: 'fire door inspection records' },
    types: ['self_inspection_checklist', 'report', 'test_measurement_report'],
    drawing: false,
    about: { terms: ['fire door', 'fire doors', 'branndør', 'branndører'] },
    terms: ['fire door inspection', 'fire door check', 'kontroll av branndører'],
  }),
  reg38_information: requirement({
    key: 'reg38_information',
    label: {
      nb: 'brannsikkerhetsinformasjon etter regulation 38, med mottakskvittering',
      en: 'Regulation 38 fire safety information pack with acknowledgement',
    },
    types: ['fire_strategy', 'om_instructions'],
    drawing: false,
    about: { terms: ['regulation 38', 'reg 38', 'fire safety information'] },
    terms: ['regulation 38', 'reg 38'],
  }),
  fire_design_basis: requirement({
    key: 'fire_design_basis',
    label: {
      nb: 'brannstrategi med prosjekteringsgrunnlag (BS 9991 / BS 9999 / Approved Document B)',
      en: 'fire strategy stating its design basis (BS 9991 / BS 9999 / Approved Document B)',
    },
    types: ['fire_strategy'],
    drawing: false,
    about: { terms: ['bs 9991', 'bs 9999', 'approved document b', 'adb'] },
  }),
  floor_plans: requirement({
    key: 'floor_plans',
    label: { nb: 'plantegninger', en: 'floor plans' },
    types: ['drawing', 'as_built_drawing', 'evacuation_plan'],
    drawing: true,
    about: { disciplines: ['ARK', 'A', 'RIBr'], terms: ['plan', 'plantegning', 'floor plan', 'etasje', 'level'] },
  }),
  external_wall_info: requirement({
    key: 'external_wall_info',
    label: { nb: 'informasjon om ytterveggsystemet (EWS)', en: 'external wall system information (EWS)' },
    types: ['description', 'report', 'product_data_sheet', 'technical_approval', 'declaration_of_performance'],
    about: { categories: ['23'], terms: ['external wall', 'cladding', 'ews1', 'facade', 'façade', 'yttervegg'] },
    terms: ['ews1', 'external wall system', 'external wall fire review'],
  }),

  // ------------------------------------------------------------------------------------------ FDV / O&M
  om_instructions: requirement({
    key: 'om_instructions',
    label: { nb: 'FDV-dokumentasjon (drifts- og vedlikeholdsinstruks)', en: 'O&M instructions' },
    types: ['om_instructions', 'user_manual'],
    drawing: false,
    terms: ['fdv-dokumentasjon', 'driftsinstruks', 'vedlikeholdsinstruks', 'operation and maintenance manual'],
  }),
  product_documentation: requirement({
    key: 'product_documentation',
    label: {
      nb: 'produktdokumentasjon (produktdatablad, ytelseserklæring, monteringsanvisning)',
      en: 'product documentation (data sheets, declarations of performance, installation instructions)',
    },
    types: ['product_data_sheet', 'declaration_of_performance', 'installation_instructions', 'technical_approval'],
    drawing: false,
  }),
  declaration_of_performance: requirement({
    key: 'declaration_of_performance',
    label: { nb: 'ytelseserklæringer (DoP)', en: 'declarations of performance (DoP)' },
    types: ['declaration_of_performance'],
    terms: ['ytelseserklæring', 'declaration of performance'],
  }),
  as_built_drawings: requirement({
    key: 'as_built_drawings',
    label: { nb: 'som bygget-tegninger', en: 'as-built drawings' },
    types: ['as_built_drawing'],
    drawing: true,
    terms: ['som bygget', 'som-bygget', 'as built', 'as-built'],
  }),
  handover_receipt: requirement({
    key: 'handover_receipt',
    label: { nb: 'kvittering for overlevert FDV-dokumentasjon', en: 'receipt for handed-over documentation' },
    types: [],
    terms: [
      'overtakelsesprotokoll',
      'overleveringsprotokoll',
      'overtakelsesforretning',
      'kvittering for mottatt',
      'handover certificate',
      'practical completion certificate',
      'receipt of handover',
    ],
  }),
  supplier_list: requirement({
    key: 'supplier_list',
    label: { nb: 'leverandørliste', en: 'supplier and contact list' },
    types: ['supplier_list'],
    terms: ['leverandørliste', 'kontaktliste', 'supplier list'],
  }),
  warranty: requirement({
    key: 'warranty',
    label: { nb: 'garantibevis', en: 'warranties' },
    types: ['warranty'],
  }),
  spare_parts: requirement({
    key: 'spare_parts',
    label: { nb: 'reservedelslister', en: 'spare parts lists' },
    types: ['spare_parts_list'],
  }),
  training_record: requirement({
    key: 'training_record',
    label: { nb: 'dokumentert opplæring av driftspersonell', en: 'training records for operating staff' },
    types: ['training_record'],
  }),
  building_log_book: requirement({
    key: 'building_log_book',
    label: { nb: 'bygningens loggbok (building log book)', en: 'building log book' },
    types: ['om_instructions'],
    drawing: false,
    about: { terms: ['log book', 'logbook', 'building log'] },
    terms: ['building log book', 'building logbook'],
  }),
  health_safety_file: requirement({
    key: 'health_safety_file',
    label: { nb: 'HMS-fil (health and safety file)', en: 'health and safety file' },
    types: [],
    terms: ['health and safety file', 'h&s file', 'hms-fil'],
  }),

  // ------------------------------------------------------------------------------------------ permits and control
  permit_documents: requirement({
    key: 'permit_documents',
    label: { nb: 'byggesaksdokumenter (tillatelser)', en: 'permit documents' },
    types: ['permit_documents'],
    terms: [
      'rammetillatelse',
      'igangsettingstillatelse',
      'byggetillatelse',
      'planning permission',
      'building control approval',
    ],
  }),
  completion_certificate: requirement({
    key: 'completion_certificate',
    label: {
      nb: 'ferdigattest eller midlertidig brukstillatelse',
      en: 'completion certificate',
    },
    types: ['permit_documents'],
    about: {
      terms: [
        'ferdigattest',
        'midlertidig brukstillatelse',
        'brukstillatelse',
        'completion certificate',
        'final certificate',
      ],
    },
    terms: ['ferdigattest', 'midlertidig brukstillatelse', 'completion certificate'],
  }),
  control_declarations: requirement({
    key: 'control_declarations',
    label: {
      nb: 'samsvarserklæringer, egenkontroll og kontrollerklæringer',
      en: 'declarations of conformity, self-inspection checklists and control declarations',
    },
    types: ['declaration_of_conformity', 'self_inspection_checklist', 'independent_control_report'],
    terms: ['samsvarserklæring', 'kontrollerklæring', 'egenkontroll'],
  }),
  independent_control: requirement({
    key: 'independent_control',
    label: {
      nb: 'kontrollplan og rapporter fra uavhengig kontroll med lukkede avvik',
      en: 'independent control plan and reports with closed deviations',
    },
    types: ['independent_control_report'],
    terms: ['uavhengig kontroll', 'kontrollerklæring', 'independent control'],
  }),
  risk_assessment: requirement({
    key: 'risk_assessment',
    label: { nb: 'risikovurderinger og rutiner (IK-HMS)', en: 'risk assessments and routines (HSE internal control)' },
    types: ['report', 'description', 'self_inspection_checklist'],
    drawing: false,
    about: { terms: ['risikovurdering', 'risikoanalyse', 'ros-analyse', 'internkontroll', 'risk assessment'] },
    terms: ['risikovurdering', 'ros-analyse', 'internkontroll'],
  }),
  sha_plan: requirement({
    key: 'sha_plan',
    label: { nb: 'SHA-plan', en: 'health, safety and working environment plan (SHA plan)' },
    types: [],
    terms: ['sha-plan', 'sha plan', 'plan for sikkerhet, helse og arbeidsmiljø', 'construction phase plan'],
  }),
  condition_report: requirement({
    key: 'condition_report',
    label: { nb: 'tilstandsrapport (NS 3424 / NS 3600)', en: 'condition survey report' },
    types: ['report'],
    drawing: false,
    about: {
      terms: ['tilstandsrapport', 'tilstandsvurdering', 'tilstandsgrad', 'ns 3424', 'ns 3600', 'condition survey'],
    },
    terms: ['tilstandsrapport', 'tilstandsvurdering', 'condition survey'],
  }),

  // ------------------------------------------------------------------------------------------ structure
  structural_calculations: requirement({
    key: 'structural_calculations',
    label: { nb: 'konstruksjonsberegninger', en: 'structural calculations' },
    types: ['calculation'],
    drawing: false,
    about: STRUCTURAL_TOPIC,
    terms: ['konstruksjonsberegning', 'statiske beregninger', 'structural calculations'],
  }),
  structural_drawings: requirement({
    key: 'structural_drawings',
    label: { nb: 'konstruksjonstegninger', en: 'structural drawings' },
    types: ['drawing', 'as_built_drawing'],
    drawing: true,
    about: STRUCTURAL_TOPIC,
  }),
  geotechnical_report: requirement({
    key: 'geotechnical_report',
    label: { nb: 'geoteknisk rapport', en: 'geotechnical report' },
    types: ['report', 'calculation', 'description'],
    drawing: false,
    about: {
      disciplines: ['RIG'],
      terms: ['geoteknisk', 'geoteknikk', 'grunnundersøkelse', 'grunnforhold', 'geotechnical', 'ground investigation'],
    },
    terms: ['geoteknisk rapport', 'grunnundersøkelse', 'ground investigation report', 'geotechnical report'],
  }),

  // ------------------------------------------------------------------------------------------ technical installations
  commissioning_report: requirement({
    key: 'commissioning_report',
    label: { nb: 'innreguleringsprotokoll / igangkjøringsrapport', en: 'commissioning / balancing report' },
    types: ['commissioning_report'],
    drawing: false,
    terms: [
      'innreguleringsprotokoll',
      'innregulering',
      'igangkjøring',
      'funksjonstest',
      'commissioning',
      'balancing report',
    ],
  }),
  pressure_test: requirement({
    key: 'pressure_test',
    label: { nb: 'trykkprøvingsprotokoll', en: 'pressure test record' },
    types: ['test_measurement_report'],
    drawing: false,
    about: {
      categories: ['3'],
      terms: ['trykkprøving', 'tetthetsprøving', 'trykktest', 'pressure test', 'lekkasjetest'],
    },
    terms: ['trykkprøving', 'trykkprøvingsprotokoll', 'pressure test'],
  }),
  system_schematics: requirement({
    key: 'system_schematics',
    label: { nb: 'prinsippskjema', en: 'system schematics' },
    types: ['schematic_diagram'],
  }),

  // ------------------------------------------------------------------------------------------ electrical
  electrical_conformity: requirement({
    key: 'electrical_conformity',
    label: { nb: 'samsvarserklæring', en: 'declaration of conformity' },
    types: ['declaration_of_conformity'],
    about: ELECTRICAL_TOPIC,
  }),
  circuit_schedule: requirement({
    key: 'circuit_schedule',
    label: { nb: 'kursfortegnelser', en: 'circuit schedules' },
    types: ['circuit_schedule'],
    terms: ['kursfortegnelse', 'kursliste', 'circuit schedule', 'circuit chart'],
  }),
  electrical_measurements: requirement({
    key: 'electrical_measurements',
    label: { nb: 'måle- og kontrollrapport (NEK 400)', en: 'test and measurement report' },
    types: ['test_measurement_report'],
    about: ELECTRICAL_TOPIC,
    terms: ['isolasjonsmåling', 'målerapport', 'megger', 'schedule of test results'],
  }),
  eic: requirement({
    key: 'eic',
    label: { nb: 'installasjonssertifikat (EIC)', en: 'electrical installation certificate (EIC)' },
    types: ['certificate'],
    about: ELECTRICAL_TOPIC,
    terms: ['electrical installation certificate'],
  }),
  eicr: requirement({
    key: 'eicr',
    label: { nb: 'tilstandsrapport for elanlegget (EICR)', en: 'electrical installation condition report (EICR)' },
    types: [],
    terms: ['electrical installation condition report', 'eicr'],
  }),
  minor_works: requirement({
    key: 'minor_works',
    label: { nb: 'sertifikater for mindre arbeider', en: 'minor works certificates' },
    types: [],
    terms: ['minor works certificate', 'minor electrical installation works'],
  }),

  // ------------------------------------------------------------------------------------------ lifts
  lift_operating_permit: requirement({
    key: 'lift_operating_permit',
    label: { nb: 'driftstillatelse', en: 'operating permit' },
    types: ['lift_documents', 'permit_documents', 'certificate'],
    about: { terms: ['driftstillatelse', 'operating permit'] },
    terms: ['driftstillatelse'],
  }),
  lift_conformity: requirement({
    key: 'lift_conformity',
    label: { nb: 'samsvarserklæring', en: 'declaration of conformity' },
    types: ['declaration_of_conformity'],
  }),
  lift_inspection: requirement({
    key: 'lift_inspection',
    label: {
      nb: 'periodisk sikkerhetskontroll (NS-INSTA 500-2)',
      en: 'periodic safety inspection / thorough examination report',
    },
    types: ['lift_documents', 'report', 'test_measurement_report'],
    about: { terms: ['sikkerhetskontroll', 'ns-insta 500', 'periodisk kontroll', 'thorough examination', 'loler'] },
    terms: ['sikkerhetskontroll', 'ns-insta 500', 'thorough examination', 'loler'],
  }),
  lift_logbook: requirement({
    key: 'lift_logbook',
    label: { nb: 'loggbok og serviceavtale', en: 'logbook and maintenance contract' },
    types: ['lift_documents', 'contract', 'om_instructions'],
    about: {
      terms: ['loggbok', 'serviceavtale', 'vedlikeholdsavtale', 'service contract', 'maintenance log', 'logbook'],
    },
    terms: ['loggbok', 'serviceavtale', 'maintenance log'],
  }),

  // ------------------------------------------------------------------------------------------ universal design
  plan_drawings: requirement({
    key: 'plan_drawings',
    label: { nb: 'plan- og snittegninger med mål', en: 'plans and sections with dimensions' },
    types: ['drawing', 'as_built_drawing'],
    drawing: true,
    about: { disciplines: ['ARK', 'IARK', 'A'] },
  }),
  accessibility_assessment: requirement({
    key: 'accessibility_assessment',
    label: { nb: 'vurdering av universell utforming', en: 'accessibility assessment / access statement' },
    types: ['report', 'description', 'self_inspection_checklist'],
    drawing: false,
    about: {
      terms: [
        'universell utforming',
        'tilgjengelighet',
        'uu-vurdering',
        'accessibility',
        'access statement',
        'approved document m',
      ],
    },
    terms: ['universell utforming', 'access statement'],
  }),

  // ------------------------------------------------------------------------------------------ energy
  energy_calculation: requirement({
    key: 'energy_calculation',
    label: { nb: 'energiberegning', en: 'energy calculation' },
    types: ['energy_certificate', 'calculation'],
    about: {
      terms: [
        'energiberegning',
        'energiramme',
        'energitiltak',
        'simien',
        'netto energibehov',
        'sap',
        'sbem',
        'brukl',
        'energy calculation',
      ],
    },
    terms: ['energiberegning', 'sbem', 'brukl', 'sap calculation'],
  }),
  energy_certificate: requirement({
    key: 'energy_certificate',
    label: { nb: 'energiattest', en: 'energy performance certificate' },
    types: ['energy_certificate'],
    about: { terms: ['energiattest', 'energimerke', 'energikarakter', 'energy performance certificate', 'epc'] },
    terms: ['energiattest', 'energy performance certificate'],
  }),
  energy_commissioning: requirement({
    key: 'energy_commissioning',
    label: {
      nb: 'igangkjøringsbevis for tekniske anlegg (Part L)',
      en: 'commissioning certificate for fixed building services (Part L)',
    },
    types: ['commissioning_report'],
    drawing: false,
    terms: ['commissioning certificate', 'part l commissioning'],
  }),

  // ------------------------------------------------------------------------------------------ moisture and indoor climate
  wet_room_documentation: requirement({
    key: 'wet_room_documentation',
    label: {
      nb: 'våtromsdokumentasjon (membran med ytelseserklæring, sjekklister, foto)',
      en: 'wet-room documentation (membrane declaration, checklists, photos)',
    },
    types: [
      'declaration_of_performance',
      'technical_approval',
      'self_inspection_checklist',
      'photo_documentation',
      'product_data_sheet',
      'certificate',
    ],
    about: { terms: ['våtrom', 'membran', 'smøremembran', 'vanntett', 'wet room', 'tanking', 'waterproofing'] },
    terms: ['våtromssertifikat', 'våtromsnormen', 'fagkontroll våtrom'],
  }),
  moisture_plan: requirement({
    key: 'moisture_plan',
    label: { nb: 'fuktsikringsplan og fuktmålinger', en: 'moisture control plan and measurements' },
    types: ['report', 'description', 'self_inspection_checklist', 'calculation', 'test_measurement_report'],
    drawing: false,
    about: {
      disciplines: ['RIByFy'],
      terms: [
        'fuktsikring',
        'fuktsikringsplan',
        'fuktmåling',
        'fuktkontroll',
        'damp proof',
        'condensation risk',
        'moisture',
      ],
    },
    terms: ['fuktsikringsplan', 'condensation risk analysis'],
  }),
  radon: requirement({
    key: 'radon',
    label: { nb: 'radontiltak eller radonmåling', en: 'radon measures or measurement' },
    types: ['report', 'test_measurement_report', 'description', 'drawing', 'product_data_sheet'],
    about: { terms: ['radon', 'radonsperre', 'radonmåling'] },
    terms: ['radonmåling', 'radonsperre', 'radon'],
  }),

  // ------------------------------------------------------------------------------------------ outdoor
  outdoor_plan: requirement({
    key: 'outdoor_plan',
    label: { nb: 'utomhusplan', en: 'landscape / external works plan' },
    types: ['drawing', 'as_built_drawing', 'description'],
    about: {
      categories: ['7'],
      disciplines: ['LARK', 'L'],
      terms: ['utomhusplan', 'situasjonsplan', 'landscape plan', 'site plan'],
    },
    terms: ['utomhusplan', 'landscape plan'],
  }),
  outdoor_om: requirement({
    key: 'outdoor_om',
    label: {
      nb: 'FDV for utomhusanlegg (lekeapparater, dekker, beplantning)',
      en: 'O&M for external works (play equipment, paving, planting)',
    },
    types: ['om_instructions', 'user_manual', 'product_data_sheet', 'warranty'],
    drawing: false,
  }),
  external_drainage: requirement({
    key: 'external_drainage',
    label: { nb: 'VA-plan for utvendig vann og avløp', en: 'external drainage layout' },
    types: ['drawing', 'as_built_drawing'],
    drawing: true,
    about: {
      categories: ['73'],
      disciplines: ['RIVA', 'D'],
      terms: ['va-plan', 'overvann', 'stikkledning', 'drainage layout', 'external drainage'],
    },
  }),

  // ------------------------------------------------------------------------------------------ golden thread (GB)
  golden_thread_information: requirement({
    key: 'golden_thread_information',
    label: {
      nb: 'digital bygningsinformasjon i «golden thread» (nøyaktig, oppdatert, tilgjengelig)',
      en: 'golden thread building information, kept digitally and up to date',
    },
    types: [],
    terms: ['golden thread', 'key building information'],
  }),
  safety_case_report: requirement({
    key: 'safety_case_report',
    label: { nb: 'safety case-rapport', en: 'safety case report' },
    types: [],
    terms: ['safety case report', 'safety case'],
  }),
  resident_engagement: requirement({
    key: 'resident_engagement',
    label: { nb: 'strategi for beboermedvirkning', en: 'resident engagement strategy' },
    types: [],
    terms: ['resident engagement strategy', 'resident engagement'],
  }),
  mandatory_occurrence: requirement({
    key: 'mandatory_occurrence',
    label: { nb: 'system og logg for pliktige hendelsesrapporter', en: 'mandatory occurrence reporting records' },
    types: [],
    terms: ['mandatory occurrence', 'occurrence report'],
  }),
  construction_control_plan: requirement({
    key: 'construction_control_plan',
    label: { nb: 'plan for byggekontroll (construction control plan)', en: 'construction control plan' },
    types: [],
    terms: ['construction control plan'],
  }),
  change_control_plan: requirement({
    key: 'change_control_plan',
    label: { nb: 'plan for endringskontroll (change control plan)', en: 'change control plan' },
    types: [],
    terms: ['change control plan', 'change control log'],
  }),
  fire_emergency_file: requirement({
    key: 'fire_emergency_file',
    label: { nb: 'brann- og beredskapsmappe (fire and emergency file)', en: 'fire and emergency file' },
    types: [],
    terms: ['fire and emergency file'],
  }),
  competence_declarations: requirement({
    key: 'competence_declarations',
    label: { nb: 'kompetanseerklæringer for ansvarlige aktører', en: 'competence declarations of dutyholders' },
    types: [],
    terms: ['competence declaration', 'dutyholder', 'principal designer declaration'],
  }),
} as const satisfies Record<string, Requirement>;
