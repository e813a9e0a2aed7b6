/**
 * Writes independent.jsonl: documents built from public material, not from the team's imagination, to measure the
 * classifier on what it was not written for. Names come from public registers and standard forms (see `source` of each
 * item): the buildingSMART S1 handover package (`data/sample-filenames.csv`), the model forms of BS 7671, BS 5839-1,
 * BS 5266-1 and the Gas Safety Regulations, Norwegian forms and names of DiBK, Enova, FG and NS 3935/NS 6450, ISO 19650
 * registers, and the way scanners, mail clients and desktops name files. Every label carries its reason.
 *
 * Never tune on this set: the rules and the model are fitted on dataset.jsonl only. Fix a label only when its reason
 * breaks the conventions in README.md.
 *
 *   npx tsx eval/classify/build-independent.ts
 */
import { writeFileSync } from 'node:fs';
import type { FileKind } from '../../src/domain/pipeline/extraction.types.js';
import { A1, A3, A4, A4L, makeItem, type EvalItem, type LabelTuple } from './eval-item.js';
import { BATCH9 } from './independent-batch9.js';

const items: EvalItem[] = [];
function add(
  path: string,
  kind: FileKind,
  size: [number, number] | null,
  text: string,
  labels: LabelTuple,
  reason: string,
  source: string,
  extra?: { title?: string; category3?: string },
): void {
  const id = `i${String(items.length + 1).padStart(3, '0')}`;
  const item = makeItem({
    id,
    path,
    kind,
    size,
    text,
    labels,
    ...(extra?.title ? { extra: { title: extra.title } } : {}),
  });
  items.push({ ...item, reason, source, ...(extra?.category3 ? { buildingCategory3: extra.category3 } : {}) });
}

const BS7671 = 'BS 7671 model forms (IET Wiring Regulations, appendix 6)';
const S1 = 'buildingSMART Sample-Test-Files, S1 dataset (data/sample-filenames.csv)';
const ISO = 'ISO 19650-2 UK National Annex naming (project-originator-volume-level-type-role-number)';
const DIBK = 'DiBK forms and names (byggesak, SAK10, TEK17)';
const SCAN = 'names given by office scanners, mail clients and desktops';
const FDV = 'Norwegian FDV handover practice (NS 3456, NS 3935, NS 6450, FG rules)';
const UKOM = 'UK O&M manual and building safety file practice (BSRIA BG 1, CIBSE, Building Safety Act)';
const MIN = 'meeting minutes, contracts and offers as filed by contractors';

// ------------------------------------------------------------------------ 1. UK material without a role code in its name
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/Electrical Installation Certificate - Block A.pdf',
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CERTIFICATE\nRequirements for Electrical Installations BS 7671:2018+A2:2022\nDetails of the client\nInstallation address: Riverside Court, Block A, Leeds LS1 4AP\nDesign, construction, inspection and testing\nSchedule of test results: continuity, insulation resistance, Zs, RCD operating time\nNext inspection recommended after 5 years',
  ['E', '43', false, 'declaration_of_conformity'],
  'an EIC certifies the low-voltage installation (43 lavspent forsyning, the convention of the team sets for EICRs): E' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  BS7671,
);
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/EICR Landlord Supply 2023.pdf',
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CONDITION REPORT\nBS 7671\nReason for producing this report: periodic inspection\nExtent and limitations of the inspection\nOverall assessment of the installation: SATISFACTORY\nObservations C2 C3\nSchedule of inspections\nSchedule of test results',
  ['E', '43', false, 'test_measurement_report'],
  'an EICR records inspection and test results of the low-voltage installation: E, 43 (as the team sets)',
  BS7671,
);
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/Minor Works Certificate - external lighting.pdf',
  'pdf',
  A4,
  'MINOR ELECTRICAL INSTALLATION WORKS CERTIFICATE\nPart 1 Description of minor works: addition of two external lighting points on the car park column circuit\nPart 2 Installation details\nPart 3 Essential tests: earth continuity, insulation resistance, polarity, earth fault loop impedance\nPart 4 Declaration',
  ['E', '44', false, 'declaration_of_conformity'],
  'a minor works certificate for lighting points: E; lighting is 44' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  BS7671,
  { category3: '442' },
);
add(
  'Riverside Court/O&M Manual/Section 6 Fire/Fire Alarm Commissioning Certificate BS5839.pdf',
  'pdf',
  A4,
  'Fire detection and fire alarm system\nCERTIFICATE OF COMMISSIONING\nBS 5839-1:2017 Annex G\nCategory of system L2\nAll detectors, manual call points and sounders have been tested\nThe system is capable of giving a fire alarm and fire warning as specified',
  ['E', '54', false, 'commissioning_report'],
  'a fire alarm system is a low-voltage system (NS 3451 54 alarm and signal); designed by the electrical engineer',
  'BS 5839-1 Annex G model certificates',
  { category3: '542' },
);
add(
  'Riverside Court/O&M Manual/Section 6 Fire/Emergency Lighting Completion Certificate.pdf',
  'pdf',
  A4,
  'EMERGENCY LIGHTING COMPLETION CERTIFICATE\nBS 5266-1:2016\nThe emergency lighting installation at the above premises has been designed, installed and verified\nFull rated duration test 3 hours\nLuminaires: self-contained maintained and non-maintained',
  ['E', '44', false, 'declaration_of_conformity'],
  'emergency lighting is lighting (44); electrical engineer' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'BS 5266-1 model certificates',
  { category3: '443' },
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Gas Safety Record Plant Room.pdf',
  'pdf',
  A4,
  'GAS SAFETY RECORD\nGas Safe Register engineer ID card number\nAppliance: boiler, plant room\nFlue type: fanned\nOperating pressure mbar\nSafety device correct operation: yes\nFlue performance test: pass\nAppliance safe to use: yes',
  ['M', '32', false, 'test_measurement_report'],
  'a gas safety record tests the heating boilers: heating is 32; mechanical engineer (M)',
  'Gas Safety (Installation and Use) Regulations 1998 landlord record',
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Ventilation Commissioning Records.pdf',
  'pdf',
  A4,
  'COMMISSIONING RECORDS\nAir handling unit AHU-01\nDesign air volume 2.4 m3/s, measured 2.45 m3/s\nGrille readings per room\nCommissioned in accordance with CIBSE Code A and BSRIA BG 49\nWitnessed by the M&E consultant',
  ['M', '36', false, 'commissioning_report'],
  'air volumes of an air handling unit: ventilation 36, mechanical engineer',
  'CIBSE Commissioning Code A, BSRIA BG 49',
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Pressure Test Certificate LTHW.pdf',
  'pdf',
  A4,
  'PRESSURE TEST CERTIFICATE\nSystem: LTHW heating pipework, risers 1-3\nTest pressure 6 bar held for 1 hour\nNo pressure drop recorded\nTested by: Northern Pipework Services Ltd',
  ['M', '32', false, 'test_measurement_report'],
  'a pressure test of low-temperature hot water pipework: heating 32, M',
  'CIBSE Commissioning Code W',
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Water Hygiene Certificate - chlorination.pdf',
  'pdf',
  A4,
  'CERTIFICATE OF DISINFECTION\nDomestic cold water storage and distribution\nChlorination to BS EN 806-4 and BS 8558\nSample results: TVC, coliforms, E. coli not detected\nLegionella sampling not required at handover',
  ['P', '31', false, 'certificate'],
  'disinfection of domestic water is sanitary (31): public health engineer (P)',
  'BS 8558, BS EN 806-4 disinfection certificate',
);
add(
  'Riverside Court/Health and Safety File/Legionella Risk Assessment.pdf',
  'pdf',
  A4,
  'LEGIONELLA RISK ASSESSMENT\nApproved Code of Practice L8 and HSG274 Part 2\nHot and cold water systems\nCalorifier flow temperature 60 C, return 55 C\nDead legs identified on level 2\nScheme of control and monitoring schedule',
  ['P', '31', false, 'report'],
  'a risk assessment is classified by what it assesses: the hot and cold water systems (31), P',
  'HSE ACoP L8 / HSG274',
);
add(
  'Riverside Court/Health and Safety File/Asbestos Refurbishment and Demolition Survey.pdf',
  'pdf',
  A4,
  'ASBESTOS REFURBISHMENT AND DEMOLITION SURVEY\nHSG264\nSample ref S01 textured coating ceiling level 1: chrysotile detected\nMaterial assessment score\nRegister of asbestos-containing materials',
  ['Y', 'MSC', false, 'report'],
  'an asbestos survey is an environmental survey of the existing building (the convention for miljøkartlegging: the environmental specialist, Y in the UK, and no part)',
  'HSE HSG264',
);
add(
  'Riverside Court/Health and Safety File/Fire Risk Assessment 2024.pdf',
  'pdf',
  A4,
  'FIRE RISK ASSESSMENT\nRegulatory Reform (Fire Safety) Order 2005\nResponsible person\nMeans of escape, fire doors, compartmentation\nAction plan: replace damaged intumescent strips on flat entrance doors',
  ['Y', '20', false, 'fire_strategy'],
  'fire safety of the whole building by a fire specialist (Y, specialist designer): 20',
  'Regulatory Reform (Fire Safety) Order 2005 assessment',
);
add(
  'Riverside Court/Planning/Fire Strategy Report Rev B.pdf',
  'pdf',
  A4,
  'FIRE STRATEGY REPORT\nRiverside Court residential development\nApproved Document B volume 1\nStay put evacuation strategy\nCompartmentation between flats 60 minutes\nFirefighting shaft and dry riser',
  ['Y', '20', false, 'fire_strategy'],
  'a fire strategy concerns the whole building: fire engineer as specialist (Y), 20',
  UKOM,
);
add(
  'Riverside Court/Energy/EPC Flat 12.pdf',
  'pdf',
  A4,
  'Energy performance certificate (EPC)\nFlat 12, Riverside Court, Leeds LS1 4AP\nEnergy rating B\nValid until 2034\nProperty type: mid-floor flat\nBreakdown of property energy performance',
  [null, 'MSC', false, 'energy_certificate'],
  'an EPC is issued to the owner by an energy assessor for the dwelling as a whole: no design discipline, general category',
  'UK EPC register layout',
);
add(
  'Riverside Court/Energy/SAP Calculation Plot 4.pdf',
  'pdf',
  A4,
  'SAP 10.2 calculation\nDwelling emission rate\nTarget fabric energy efficiency\nFloor U-value 0.13, wall U-value 0.18\nAir permeability 4.5 m3/(h.m2) at 50 Pa',
  ['Y', '20', false, 'energy_certificate'],
  'an energy calculation of the dwelling by an energy specialist: Y, 20; the FDV type energy_certificate covers energy calculations (SAP)',
  'Approved Document L, SAP 10.2',
);
add(
  'Riverside Court/Testing/Air Tightness Test Report.pdf',
  'pdf',
  A4,
  'AIR TIGHTNESS TEST REPORT\nATTMA TSL1\nTest method: depressurisation and pressurisation\nMeasured air permeability 3.8 m3/(h.m2) at 50 Pa\nDesign air permeability 5.0\nResult: pass',
  ['Y', '20', false, 'test_measurement_report'],
  'airtightness of the whole building (the convention for tetthetsmåling: 20), tested by a building physics specialist (Y)',
  'ATTMA TSL1 test report',
);
add(
  'Riverside Court/Testing/Sound Insulation Test Results Part E.pdf',
  'pdf',
  A4,
  "PRE-COMPLETION SOUND INSULATION TESTING\nApproved Document E\nAirborne sound insulation DnT,w + Ctr between flats 12 and 13: 49 dB (requirement 45 dB)\nImpact sound L'nT,w floors: 58 dB\nAll tests pass",
  ['Y', '20', false, 'test_measurement_report'],
  'sound insulation between dwellings concerns the whole building: acoustician (Y), 20',
  'Approved Document E pre-completion testing',
);
add(
  'Riverside Court/O&M Manual/Section 7 Lifts/LOLER Thorough Examination Report Lift 1.pdf',
  'pdf',
  A4,
  'REPORT OF THOROUGH EXAMINATION\nLifting Operations and Lifting Equipment Regulations 1998\nPassenger lift 1, 8 persons 630 kg\nDefects: none\nDate of next thorough examination',
  [null, '62', false, 'lift_documents'],
  'lifts are 62; a lift has no design discipline' +
    ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  'LOLER 1998 report of thorough examination',
  { category3: '621' },
);
add(
  'Riverside Court/O&M Manual/Section 6 Fire/Sprinkler System Completion Certificate.pdf',
  'pdf',
  A4,
  'SPRINKLER SYSTEM COMPLETION CERTIFICATE\nBS 9251:2021 residential sprinkler system\nCategory 2\nWater supply test\nFlow and pressure at the design point met\nInstalled by an LPCB approved installer',
  ['P', '33', false, 'declaration_of_conformity'],
  'sprinklers are fire extinguishing (33); by the UK convention 31 and 33 belong to the public health engineer (P)' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'BS 9251 completion certificate',
  { category3: '332' },
);
add(
  'Riverside Court/O&M Manual/Section 8 Drainage/CCTV Drainage Survey.pdf',
  'pdf',
  A4,
  'CCTV DRAINAGE SURVEY\nManhole MH3 to MH4, 150 mm vitrified clay\nDefect coding to MSCC 5th edition\nNo structural defects\nRecommendations: jetting of MH4 to outfall',
  ['C', '73', false, 'report'],
  'a survey of the external drainage (73 external pipework), by the civil engineer',
  'WRc MSCC 5 survey report',
);
add(
  'Riverside Court/O&M Manual/Section 3 Architectural/Window schedule and maintenance.pdf',
  'pdf',
  A4,
  'WINDOWS AND DOORS\nAluminium casement windows, thermally broken\nMaintenance: clean frames twice a year with mild detergent, lubricate hinges annually\nSpare parts and supplier contact details',
  ['A', '23', false, 'om_instructions'],
  'maintenance of windows (234 in 23): architect',
  UKOM,
  { category3: '234' },
);
add(
  'Riverside Court/O&M Manual/Section 3 Architectural/Vinyl floor cleaning and maintenance guide.pdf',
  'pdf',
  A4,
  'CLEANING AND MAINTENANCE GUIDE\nSafety flooring\nInitial cleaning after installation\nRoutine cleaning: sweep and damp mop with neutral detergent\nPeriodic cleaning with rotary scrubber',
  ['A', '25', false, 'cleaning_instructions'],
  'floor finishes are 25 (floors); architect; cleaning is the specific type',
  UKOM,
  { category3: '255' },
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/MVHR unit datasheet.pdf',
  'pdf',
  A4,
  'Technical data sheet\nMechanical ventilation with heat recovery unit\nAirflow up to 350 m3/h\nHeat exchanger efficiency 92 %\nSFP 0.6 W/(l/s)\nDimensions and weights',
  ['M', '36', false, 'product_data_sheet'],
  'a ventilation unit (36): M',
  UKOM,
);
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/Consumer unit schedule Flat 3.pdf',
  'pdf',
  A4,
  'DISTRIBUTION BOARD SCHEDULE\nConsumer unit, Flat 3\nWay 1 lighting 6A B type\nWay 2 sockets ring final 32A RCBO\nWay 3 cooker 40A',
  ['E', '43', false, 'circuit_schedule'],
  'a board schedule documents low-voltage power distribution (43): E',
  BS7671,
);
add(
  'Riverside Court/Drawings/Architect/Ground Floor Plan Rev C.pdf',
  'pdf',
  A1,
  'GROUND FLOOR PLAN\nBin store\nCycle store\nEntrance lobby\nFlat 1 2B4P 70 m2\nScale 1:100 @ A1\nDrawing no. 1021-100 Rev C\nClient: Riverside Court Ltd\nDrawn JB Checked AS\nDo not scale from this drawing',
  ['A', '20', true, 'drawing'],
  'a general arrangement plan by the architect: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Riverside Court/Drawings/Electrical/Lighting Layout Level 1.pdf',
  'pdf',
  A1,
  'LIGHTING LAYOUT LEVEL 1\nLED downlight 12W\nEmergency luminaire maintained 3hr\nPIR presence detector\nScale 1:50\nDrawing no. 4402-E-201 P2\nDo not scale',
  ['E', '44', true, 'drawing'],
  'a lighting layout: E, 44',
  'UK building services drawing names',
  { category3: '442' },
);
add(
  'Riverside Court/Drawings/Drainage/Below Ground Drainage Layout.pdf',
  'pdf',
  A1,
  'BELOW GROUND DRAINAGE LAYOUT\nFoul water 100 mm uPVC\nSurface water to attenuation tank\nMH1 CL 24.50 IL 23.10\nScale 1:200\nDrawing no. C-500 Rev P3',
  ['C', '73', true, 'drawing'],
  'below-ground drainage outside the building: civil engineer, 73',
  'UK civil drawing names',
);
add(
  'Riverside Court/Drawings/Structure/Foundation Layout and Details.pdf',
  'pdf',
  A1,
  'FOUNDATION LAYOUT\nPile cap PC1 1200x1200x900\nGround beam GB1 450x600\nReinforced concrete C32/40\nScale 1:100\nDrawing no. S-100 Rev C2',
  ['S', '21', true, 'drawing'],
  'foundations by the structural engineer: S, 21',
  'UK structural drawing names',
);
add(
  'Riverside Court/Drawings/Landscape/Hard and Soft Landscaping Plan.pdf',
  'pdf',
  A1,
  'HARD AND SOFT LANDSCAPE PLAN\nResin bound gravel path\nNative hedge planting\nTree pit with root barrier\nScale 1:200\nDrawing no. L-101 Rev B',
  ['L', '70', true, 'drawing'],
  'a site landscape plan: L; every site plan is 70',
  'UK landscape drawing names',
);
add(
  'Riverside Court/Building Control/Completion Certificate.pdf',
  'pdf',
  A4,
  'COMPLETION CERTIFICATE\nBuilding Act 1984, Building Regulations 2010 regulation 17\nThe work described has been inspected and the authority is satisfied that it complies with the relevant requirements\nLeeds City Council Building Control',
  ['A', '20', false, 'permit_documents'],
  'permit documents go to the responsible applicant, the architect (A), and the whole building (20), as in the README convention',
  'Building Regulations 2010 reg. 17',
);
add(
  'Riverside Court/Handover/Practical Completion Certificate.pdf',
  'pdf',
  A4,
  "CERTIFICATE OF PRACTICAL COMPLETION\nJCT Design and Build Contract 2016\nThe Employer's Agent certifies that practical completion of the Works was achieved on 14 March 2025",
  [null, 'MSC', false, 'contract'],
  'a contract certificate: no discipline, no building part',
  'JCT Design and Build 2016',
);
add(
  'Riverside Court/Handover/Building Safety Information - Golden Thread summary.pdf',
  'pdf',
  A4,
  'BUILDING SAFETY INFORMATION\nHigher-risk building\nBuilding Safety Act 2022\nAccountable person\nKey building information\nSafety case report summary',
  [null, 'MSC', false, 'report'],
  'information about the whole higher-risk building, owned by the accountable person: none, MSC',
  'Building Safety Act 2022',
);

// ------------------------------------------------------------------------ 2. Documents with no discipline and no part
add(
  'Prosjekt Sagvollen/Møter/Referat byggemøte 14.docx',
  'docx',
  null,
  'REFERAT BYGGEMØTE NR. 14\nTilstede: byggherre, totalentreprenør, RIV, RIE\nSak 14.01 Fremdrift: tett bygg uke 42\nSak 14.02 Ventilasjonsaggregat levert, montering neste uke\nSak 14.03 Endringsmelding 7 elektro\nNeste møte torsdag',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes of a site meeting name trades in passing; they belong to no discipline and no part',
  MIN,
);
add(
  'Prosjekt Sagvollen/Møter/Byggemøtereferat 2023-09-14.pdf',
  'pdf',
  A4,
  'Byggemøte 9\nReferent: prosjektleder\nPunkt 1 HMS: ingen skader\nPunkt 2 Fremdrift: grunnarbeider ferdig, fundamenter støpt\nPunkt 3 Økonomi\nPunkt 4 Eventuelt',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes; "fundamenter" is a stray word, not what the document is about',
  MIN,
);
add(
  'Riverside Court/Meetings/Minutes of Progress Meeting 07.docx',
  'docx',
  null,
  'MINUTES OF PROGRESS MEETING NO. 7\nAttendees: client, contractor, M&E consultant, architect\n7.1 Programme: first fix electrical to level 3 complete\n7.2 Ventilation ductwork delivery delayed\n7.3 Design queries\nDate of next meeting',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes of a progress meeting: no discipline, no part',
  MIN,
);
add(
  'Prosjekt Sagvollen/Tilbud/Tilbud rørleggerarbeider.pdf',
  'pdf',
  A4,
  'TILBUD\nRørleggerarbeider Sagvollen borettslag\nVi har gleden av å tilby følgende\nSanitærinstallasjoner i 24 leiligheter\nTilbudssum eks. mva kr 2 480 000\nTilbudet gjelder i 30 dager\nForbehold',
  ['RIV', '31', false, 'offer'],
  'an offer for the sanitary work of the building: it is about the plumbing (31), so the trade is known; offer is the type',
  MIN,
);
add(
  'Prosjekt Sagvollen/Tilbud/Pristilbud totalentreprise.pdf',
  'pdf',
  A4,
  'PRISTILBUD\nTotalentreprise NS 8407\nTilbyder: Bygg og Anlegg AS\nTilbudssum kr 48 200 000 eks. mva\nVedlegg: fremdriftsplan, organisasjonsplan, forbehold',
  [null, 'MSC', false, 'offer'],
  'an offer for the whole works: no trade, no part',
  MIN,
);
add(
  'Riverside Court/Commercial/Quotation for remedial works.pdf',
  'pdf',
  A4,
  'QUOTATION\nRemedial works following snagging\nThank you for your enquiry\nPrice: £12,400 excluding VAT\nValidity 30 days\nTerms and conditions',
  [null, 'MSC', false, 'offer'],
  'a quotation without a trade: none, MSC',
  MIN,
);
add(
  'Prosjekt Sagvollen/Kontrakt/Kontrakt NS 8407 signert.pdf',
  'pdf',
  A4,
  'KONTRAKT\nom totalentreprise basert på NS 8407:2011\nByggherre: Sagvollen Borettslag\nTotalentreprenør: Bygg og Anlegg AS\nKontraktssum\nDagmulkt\nSikkerhetsstillelse',
  [null, 'MSC', false, 'contract'],
  'a contract for the whole works',
  MIN,
);
add(
  'C:/Users/kari.nordmann/Desktop/Scan_20230412_0001.pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'an untitled scan without text: nothing can be said',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/Dokument (3).pdf',
  'pdf',
  A4,
  'Side 1 av 2\nMottatt 12.03.2024\nVennligst se vedlagt',
  [null, 'MSC', false, null],
  'a generic document without a subject',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/IMG_4471.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a photo without context',
  SCAN,
);
add(
  'Downloads/document.pdf',
  'pdf',
  A4,
  'Page 1\nPlease find attached\nKind regards',
  [null, 'MSC', false, null],
  'a generic document without a subject',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/Nytt Microsoft Word-dokument.docx',
  'docx',
  null,
  '',
  [null, 'MSC', false, null],
  'an untitled, empty document',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/SKM_C250i24031209150.pdf',
  'pdf',
  A4,
  'Faktura\nFakturanummer 22019\nForfallsdato 30.03.2024\nBeløp å betale kr 18 750',
  [null, 'MSC', false, null],
  'an invoice scanned by a copier: no building documentation type',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Energi/Energiattest Sagvollen borettslag.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nAdresse: Sagvollen 3\nEnergikarakter C\nOppvarmingskarakter grønn\nUtstedt av Enova\nGyldig til 2034',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate is issued to the owner for the whole building; no design discipline and no part',
  'Enova energimerking',
);
add(
  'Prosjekt Sagvollen/SHA/SHA-plan Sagvollen.pdf',
  'pdf',
  A4,
  'SHA-PLAN\nByggherreforskriften § 8\nRisikoforhold: arbeid i høyden, graving, løft med kran\nFremdriftsplan for arbeidene\nVarsling og beredskap',
  [null, 'MSC', false, 'report'],
  'a health and safety plan for the works: none, MSC',
  'Byggherreforskriften',
);
add(
  'Prosjekt Sagvollen/HMS/Risikovurdering ROS-analyse.pdf',
  'pdf',
  A4,
  'ROS-ANALYSE\nRisiko- og sårbarhetsanalyse for reguleringsplan\nFlom, skred, radon, trafikk\nSannsynlighet og konsekvens',
  [null, 'MSC', false, 'report'],
  'a planning risk analysis for the whole site: none, MSC',
  DIBK,
);
add(
  'Riverside Court/Correspondence/RE_ Handover dates.msg',
  'msg',
  null,
  'From: site manager\nSubject: RE: Handover dates\nHi all, the handover of block A is confirmed for 14 March. Snagging walk on 10 March.',
  [null, 'MSC', false, null],
  'an e-mail about dates',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Byggesak/Ferdigattest.pdf',
  'pdf',
  A4,
  'FERDIGATTEST\netter plan- og bygningsloven § 21-10\nTiltaket er ferdigstilt\nGnr. 12 Bnr. 88\nKommunen',
  ['ARK', '20', false, 'permit_documents'],
  'permit documents go to the responsible applicant (ARK) and the whole building (20), as in the README convention',
  DIBK,
);

// ------------------------------------------------------------------------ 3. What a measurement, test or certificate is about
add(
  'Prosjekt Sagvollen/FDV/Elektro/Samsvarserklæring elektroinstallasjon.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nfor elektrisk anlegg\nForskrift om elektriske lavspenningsanlegg (FEL) § 16\nInstallatør: Elektro Nord AS\nAnlegget er utført i samsvar med NEK 400:2022',
  ['RIE', '43', false, 'declaration_of_conformity'],
  'a declaration of conformity for the low-voltage installation (FEL): RIE, 43',
  'FEL § 16 samsvarserklæring',
);
add(
  'Prosjekt Sagvollen/FDV/Rør/Trykkprøving tappevann leilighet 1-24.pdf',
  'pdf',
  A4,
  'Trykkprøvingsprotokoll\nTappevann kaldt og varmt\nPrøvetrykk 10 bar i 30 minutter\nIngen lekkasjer\nUtført av rørlegger',
  ['RIV', '31', false, 'test_measurement_report'],
  'a pressure test of the domestic water pipes: sanitary 31',
  FDV,
  { category3: '312' },
);
add(
  'Prosjekt Sagvollen/FDV/Rør/FG-attest sprinkleranlegg.pdf',
  'pdf',
  A4,
  'FG-ATTEST\nSprinkleranlegg\nAnlegget er kontrollert og funnet i samsvar med FG-regler for sprinkleranlegg\nKontrollforetak\nGyldig til',
  ['RIV', '33', false, 'certificate'],
  'a sprinkler system certificate: fire extinguishing 33, RIV',
  'FG regler for sprinkleranlegg',
  { category3: '332' },
);
add(
  'Prosjekt Sagvollen/FDV/Ventilasjon/Innreguleringsprotokoll aggregat 360.001.pdf',
  'pdf',
  A4,
  'Innreguleringsprotokoll\nAggregat 360.001\nProsjektert luftmengde 4200 m3/h, målt 4260 m3/h\nVentiler per rom',
  ['RIV', '36', false, 'commissioning_report'],
  'balancing of a ventilation unit: 36',
  'NS 6450 / FDV practice',
);
add(
  'Prosjekt Sagvollen/Rapporter/Radonmåling 2024.pdf',
  'pdf',
  A4,
  'RADONMÅLING\nMåleperiode 2 måneder vinterhalvår\nÅrsmiddelverdi 45 Bq/m3\nTiltaksgrense 100 Bq/m3 (TEK17 § 13-5)\nKonklusjon: ingen tiltak',
  ['RIByFy', '20', false, 'test_measurement_report'],
  'indoor radon is a property of the whole building (TEK17 § 13-5), measured by a building physics/environment consultant: RIByFy, 20',
  'DSB/DiBK radon practice',
);
add(
  'Prosjekt Sagvollen/Rapporter/Lydmåling mellom leiligheter.pdf',
  'pdf',
  A4,
  "Rapport lydmåling\nLuftlydisolasjon R'w mellom leilighet 3 og 4: 56 dB\nTrinnlyd L'n,w: 50 dB\nLydklasse C etter NS 8175 oppfylt",
  ['RIAku', '20', false, 'test_measurement_report'],
  'sound insulation between dwellings: acoustician, the whole building',
  'NS 8175 lydklasse',
);
add(
  'Prosjekt Sagvollen/Rapporter/Tetthetsmåling blokk A.pdf',
  'pdf',
  A4,
  'Tetthetsmåling\nNS-EN ISO 9972\nLekkasjetall n50 = 0,9 luftvekslinger per time\nKrav TEK17: 0,6\nLekkasjepunkter funnet med røyk ved vinduer',
  ['RIByFy', '20', false, 'test_measurement_report'],
  'airtightness of the whole building: building physics, 20 (the convention for tetthetsmåling)',
  'NS-EN ISO 9972',
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Isolasjonsmåling og kontinuitet.pdf',
  'pdf',
  A4,
  'Målerapport\nIsolasjonsresistans > 500 MΩ\nKontinuitet jordleder\nKortslutningsstrøm\nJordfeilbryter utløsetid',
  ['RIE', '43', false, 'test_measurement_report'],
  'insulation and continuity tests of the power installation: low-voltage power 43',
  'NEK 400-6 verification',
);
add(
  'Prosjekt Sagvollen/Rapporter/Tilstandsrapport tak.pdf',
  'pdf',
  A4,
  'TILSTANDSRAPPORT\nTaktekking: asfalt takbelegg fra 1998\nTilstandsgrad TG2 etter NS 3424\nSluk og beslag\nAnbefalte tiltak: ny tekking innen 5 år',
  ['ARK', '26', false, 'report'],
  "a condition survey of the roof (26 yttertak): it is about the roof, so the architect's part",
  'NS 3424 tilstandsanalyse',
);
add(
  'Prosjekt Sagvollen/Rapporter/Geoteknisk datarapport.pdf',
  'pdf',
  A4,
  'GEOTEKNISK DATARAPPORT\nGrunnundersøkelser\nTotalsonderinger i 12 punkter\nDybde til berg 4-11 m\nLaboratorieundersøkelser av prøveserier',
  ['RIG', '21', false, 'report'],
  'ground investigation: geotechnics, 21',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Heis/Sikkerhetskontroll heis 2024.pdf',
  'pdf',
  A4,
  'Rapport sikkerhetskontroll\nHeis nr. 1\nNS-INSTA 500\nAvvik: ingen\nNeste kontroll',
  [null, '62', false, 'lift_documents'],
  'a lift inspection: 62, lift_documents' + ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  'NS-INSTA 500',
  { category3: '621' },
);
add(
  'Prosjekt Sagvollen/FDV/Brann/Kontroll brannalarmanlegg.pdf',
  'pdf',
  A4,
  'Årlig kontroll av brannalarmanlegg\nFG-regler for brannalarmanlegg\nDetektorer testet 100 %\nManuelle meldere\nAlarmorganer\nAvvik: 2 detektorer skiftet',
  ['RIE', '54', false, 'test_measurement_report'],
  'a test of the fire alarm system: alarm and signal (54), RIE',
  'FG-regler for brannalarmanlegg',
  { category3: '542' },
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Ytelseserklæring gipsplate.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nNr. 0017-GN-13\nProdukttype: gipsplate type A, EN 520\nErklærte ytelser: brannmotstand A2-s1,d0',
  ['ARK', '24', false, 'declaration_of_performance'],
  'plasterboard for internal walls (24): ARK',
  'EU 305/2011 DoP',
);
add(
  'Prosjekt Sagvollen/Uavhengig kontroll/Kontrollrapport våtrom.pdf',
  'pdf',
  A4,
  'RAPPORT FRA UAVHENGIG KONTROLL\nVåtrom i 24 leiligheter\nSAK10 § 14-2\nKontrollert: membran, sluk, fall mot sluk\nAvvik: 1',
  ['ARK', '25', false, 'independent_control_report'],
  'independent control of wet rooms: floors/wet rooms, architect',
  DIBK,
);
add(
  'Prosjekt Sagvollen/Uavhengig kontroll/Kontrollerklæring brannsikkerhet.pdf',
  'pdf',
  A4,
  'KONTROLLERKLÆRING\nUavhengig kontroll av brannsikkerhet\nKontrollområde: prosjektering brannsikkerhet\nIngen åpne avvik',
  ['RIBr', '20', false, 'independent_control_report'],
  'control of the fire safety design: RIBr, the whole building',
  DIBK,
);

// ------------------------------------------------------------------------ 4. Specific information types, models, nynorsk
add(
  'Prosjekt Sagvollen/Modell/SAG-ARK-Modell.ifc',
  'ifc',
  null,
  'IFC2X3 IfcProject Sagvollen IfcBuildingStorey Plan 1',
  ['ARK', '20', false, 'model'],
  'an IFC model: never a drawing; ARK model of the building',
  'IFC deliveries',
);
add(
  'Prosjekt Sagvollen/Modell/SAG-RIV-VVS.ifc',
  'ifc',
  null,
  'IFC2X3 IfcProject IfcFlowSegment IfcDuctSegment',
  ['RIV', '30', false, 'model'],
  'an HVAC model: RIV, 30',
  'IFC deliveries',
);
add(
  'IFC 2x3/SDK - S1/1. IFC models - modellen/01 Engineering models - Engineeringsmodellen/E-S1-RWB-Installaties-Homij W 05 5e verdieping.ifc',
  'ifc',
  null,
  '',
  ['RIV', '30', false, 'model'],
  'a W-installations (mechanical) model from the S1 package: RIV, 30',
  S1,
);
add(
  'Prosjekt Sagvollen/Tegninger/RIV/Prinsippskjema ventilasjon 360.001.pdf',
  'pdf',
  A3,
  'PRINSIPPSKJEMA VENTILASJON\n360.001\nTilluftsvifte\nAvtrekksvifte\nRoterende gjenvinner\nSpjeld\nTegn.nr. RIV-360-001\nRev. B',
  ['RIV', '36', true, 'schematic_diagram'],
  'a ventilation schematic: 36, schematic',
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/RIE/Enlinjeskjema hovedtavle.pdf',
  'pdf',
  A3,
  'ENLINJESKJEMA\nHovedtavle H1\nInntak 400A\nKurs 1-36\nTegn.nr. E-433-001',
  ['RIE', '43', true, 'schematic_diagram'],
  'a single-line diagram of the main board: 43',
  FDV,
);
add(
  'Prosjekt Sagvollen/Brann/Branntegning plan 1.pdf',
  'pdf',
  A1,
  'BRANNTEGNING PLAN 1\nBrannceller EI 60\nRømningsvei\nBrannslukningsapparat\nMålestokk 1:100\nTegn.nr. RIBr-101',
  ['RIBr', '20', true, 'fire_strategy'],
  'a fire drawing: the more specific fire safety type; RIBr, 20',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Brann/Rømningsplan 2. etg.pdf',
  'pdf',
  A3,
  'RØMNINGSPLAN 2. ETASJE\nDu er her\nNødutgang\nSamlingsplass: parkeringsplass',
  ['RIBr', '20', true, 'evacuation_plan'],
  'an evacuation plan: most specific type',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Sanitær/Produktdatablad servant.pdf',
  'pdf',
  A4,
  'Produktdatablad\nServant 60 cm\nMateriale: porselen\nMål: 600 x 460 mm\nNOBB 123456789',
  ['RIV', '31', false, 'product_data_sheet'],
  'a washbasin: sanitary 31, RIV',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Sanitær/Sikkerheitsdatablad fugemasse.pdf',
  'pdf',
  A4,
  'SIKKERHEITSDATABLAD\nAvsnitt 1: Identifikasjon av stoffet\nAvsnitt 2: Fareidentifikasjon\nForordning (EF) nr. 1907/2006',
  ['RIV', '31', false, 'safety_data_sheet'],
  'a sealant safety data sheet (nynorsk) filed by the contractor under sanitary (folder "Sanitær"): RIV, 31',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Monteringsrettleiing innvendige dører.pdf',
  'pdf',
  A4,
  'MONTERINGSRETTLEIING\nInnvendige dører\nKontroller at karmen står i lodd\nFest karmen med karmskruer',
  ['ARK', '24', false, 'installation_instructions'],
  'installation of internal doors (24), nynorsk "rettleiing"',
  FDV,
  { category3: '244' },
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/FDV-dokumentasjon parkett.pdf',
  'pdf',
  A4,
  'FDV-DOKUMENTASJON\nParkett eik 3-stav\nRenhold: støvsug og tørk med lett fuktig klut\nVedlikehold: oljes ved behov',
  ['ARK', '25', false, 'om_instructions'],
  'maintenance of parquet floors: 25',
  FDV,
  { category3: '255' },
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Kursfortegnelse leilighet 12.pdf',
  'pdf',
  A4,
  'KURSFORTEGNELSE\nLeilighet 12\nKurs 1 stikk stue 16A\nKurs 2 lys 10A\nKurs 3 komfyr 25A',
  ['RIE', '43', false, 'circuit_schedule'],
  'a circuit schedule: 43',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Brukarrettleiing varmepumpe.pdf',
  'pdf',
  A4,
  'BRUKARRETTLEIING\nLuft-til-vatn varmepumpe\nSlik brukar du kontrollpanelet\nInnstilling av romtemperatur',
  ['RIV', '32', false, 'user_manual'],
  'a heat pump user manual (nynorsk): heating 32, RIV',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Garantibevis takbelegg.pdf',
  'pdf',
  A4,
  'GARANTIBEVIS\nTakbelegg\nGarantitid 15 år fra overtakelse\nGarantien dekker lekkasjer som skyldes produksjonsfeil',
  ['ARK', '26', false, 'warranty'],
  'a roofing warranty: 26',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/EPD isolasjon.pdf',
  'pdf',
  A4,
  'MILJØDEKLARASJON\nEPD-Norge NEPD-2031-912-NO\nSteinull isolasjon\nEN 15804+A2\nGWP 1,2 kg CO2-ekv',
  ['ARK', '23', false, 'epd'],
  'insulation of external walls (23): ARK',
  'EPD-Norge',
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Teknisk godkjenning SINTEF takelement.pdf',
  'pdf',
  A4,
  'SINTEF TEKNISK GODKJENNING\nNr. 20321\nProdusent\nProduktbeskrivelse: prefabrikkerte takelementer\nBruksområder',
  ['ARK', '26', false, 'technical_approval'],
  'a technical approval of roof elements: 26',
  'SINTEF Teknisk godkjenning',
);
add(
  'Prosjekt Sagvollen/Egenkontroll/Egenkontroll membran bad.pdf',
  'pdf',
  A4,
  'EGENKONTROLL\nSjekkliste våtrom\nMembran påført i to strøk\nOppkant 50 mm\nSluk: klemring montert\nSignatur',
  ['ARK', '25', false, 'self_inspection_checklist'],
  'a wet-room self-inspection: 25',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Generelt/Leverandørliste.xlsx',
  'xlsx',
  null,
  'Leverandørliste\nFag\tFirma\tKontaktperson\tTelefon\nElektro\tElektro Nord AS\nRør\tRørlegger Vest AS\nVentilasjon\tVent AS',
  [null, 'MSC', false, 'supplier_list'],
  'a supplier list names trades but belongs to none',
  FDV,
);
add(
  'Prosjekt Sagvollen/FDV/Generelt/Opplæring driftspersonell ventilasjon.pdf',
  'pdf',
  A4,
  'OPPLÆRINGSPROTOKOLL\nOpplæring av driftspersonell\nVentilasjonsanlegg 360.001\nGjennomgått: betjening av SD-anlegg, filterskift\nDeltakere',
  [null, 'MSC', false, 'training_record'],
  'training records belong to no discipline (README convention)',
  FDV,
);

// ------------------------------------------------------------------------ 5. Real names from the S1 handover package
add(
  'IFC 2x3/SDK - S1/2. Floor plans - Plattegronden/50-71 Installations - Installaties Homij/04. Opleveringsdocumenten/Inregelrapporten ventilatie/Inregel rapport - 18.0189 - 3e/Inregel rapport - 18.0189 - Blok S1 Strijp Eindhoven - 3e verdieping bwnr 3.07.pdf',
  'pdf',
  A4,
  'Inregelrapport ventilatie\nWTW-unit\nGemeten luchthoeveelheden per ruimte',
  ['RIV', '36', false, 'commissioning_report'],
  'a ventilation balancing report (folder "Inregelrapporten ventilatie")',
  S1,
);
add(
  'IFC 2x3/SDK - S1/2. Floor plans - Plattegronden/50-71 Installations - Installaties Homij/05. Revisietekeningen/E-installaties/E-PL-03-09.pdf',
  'pdf',
  A1,
  'REVISIETEKENING\nE-installaties\nVerdieping 3\nWCD\nLichtpunt',
  ['RIE', '40', true, 'as_built_drawing'],
  'an as-built electrical plan (folder "Revisietekeningen/E-installaties")',
  S1,
);
add(
  'IFC 2x3/SDK - S1/2. Floor plans - Plattegronden/00 Structural engineer - Constructeur Tielemans/MM16169_U-0400_2019-02-11.pdf',
  'pdf',
  A1,
  'Constructeur Tielemans\nPlattegrond\nBetonvloer\nKanaalplaatvloer\nSchaal 1:100',
  ['RIB', '22', true, 'drawing'],
  "a structural engineer's plan (folder names the structural engineer)",
  S1,
);
add(
  'IFC 2x3/SDK - S1/2. Floor plans - Plattegronden/00 Architect Diederendirrix/UO.402 Gevel noord.pdf',
  'pdf',
  A1,
  'Gevel noord\nMetselwerk\nKozijnen aluminium\nSchaal 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's elevation: ARK, 20",
  S1,
);
add(
  'IFC 2x3/SDK - S1/2. Floor plans - Plattegronden/50-71 Installations - Installaties Homij/05. Revisietekeningen/Thermal Control/03 TEKENINGEN/Verdelerstaten/200529 verdelerstaat S1 12e verdieping.pdf',
  'pdf',
  A4L,
  'Verdelerstaat\nVloerverwarming\nGroep 1 woonkamer\nGroep 2 slaapkamer',
  ['RIV', '32', false, 'description'],
  'a manifold schedule of the floor heating: heating 32, a schedule (description)',
  S1,
);

// ------------------------------------------------------------------------ 6. ISO 19650 names (role letters given)
add(
  'Riverside Court/WIP/RVC-ACM-ZZ-01-DR-A-1001.pdf',
  'pdf',
  A1,
  'LEVEL 01 GENERAL ARRANGEMENT PLAN\nScale 1:100\nStatus S2 Suitable for information\nRevision P03',
  ['A', '20', true, 'drawing'],
  'ISO 19650 name with role A, a GA plan',
  ISO,
);
add(
  'Riverside Court/Published/RVC-MEP-ZZ-XX-SC-M-0001 Mechanical schematic.pdf',
  'pdf',
  A3,
  'MECHANICAL SCHEMATIC\nAHU-01 supply and extract\nHeat recovery\nFrost coil\nStatus A1',
  ['M', '36', true, 'schematic_diagram'],
  'ISO 19650 name with role M, a ventilation schematic',
  ISO,
);
add(
  'Riverside Court/Published/RVC-FEN-XX-XX-RP-Y-0001 Fire Strategy.pdf',
  'pdf',
  A4,
  'FIRE STRATEGY\nApproved Document B\nEvacuation strategy\nCompartmentation',
  ['Y', '20', false, 'fire_strategy'],
  'ISO 19650 name with role Y: fire strategy of the whole building',
  ISO,
);
add(
  'Riverside Court/Published/RVC-BDP-ZZ-ZZ-M3-A-0001.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcBuilding',
  ['A', '20', false, 'model'],
  'ISO 19650 name with role A, type M3 (3D model)',
  ISO,
);
add(
  'Riverside Court/Published/RVC-ABC-XX-XX-MI-W-0014 Progress meeting minutes.pdf',
  'pdf',
  A4,
  'MINUTES\nProgress meeting 14\nActions\nProgramme',
  ['W', 'MSC', false, 'meeting_minutes'],
  'ISO 19650 name with role W (contractor) and type MI (minutes): the role is given, the part is not',
  ISO,
);

// ------------------------------------------------------------------------ 7. Manufacturers' documents as they are named
const PROD = "manufacturers' published document titles";
add(
  'Prosjekt Sagvollen/FDV/Varme/Daikin Altherma 3 H HT installer reference guide.pdf',
  'pdf',
  A4,
  'Installer reference guide\nDaikin Altherma 3 H HT\nAir to water heat pump\nBefore installation\nRefrigerant piping\nCommissioning',
  ['RIV', '32', false, 'installation_instructions'],
  'a heat pump (heating, 32) in a Norwegian FDV folder: RIV; an installer guide',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Sanitær/Geberit Duofix monteringsanvisning.pdf',
  'pdf',
  A4,
  'Monteringsanvisning\nGeberit Duofix element for vegghengt toalett\nByggehøyde 112 cm\nFestes til vegg og gulv',
  ['RIV', '31', false, 'installation_instructions'],
  'a toilet frame (sanitary 31): RIV',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Schneider Acti9 iC60 datasheet.pdf',
  'pdf',
  A4,
  'Product datasheet\nActi9 iC60N miniature circuit breaker\n1P 16A C curve\nBreaking capacity 6000 A\nIEC 60898-1',
  ['RIE', '43', false, 'product_data_sheet'],
  'a circuit breaker (43): RIE',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Glamox C95-R produktblad.pdf',
  'pdf',
  A4,
  'Produktblad\nGlamox C95-R LED downlight\n1600 lm\nUGR < 19\nIP44',
  ['RIE', '44', false, 'product_data_sheet'],
  'a luminaire (44 lighting): RIE',
  PROD,
  { category3: '442' },
);
add(
  'Prosjekt Sagvollen/FDV/Ventilasjon/Flexit Nordic S4 FDV.pdf',
  'pdf',
  A4,
  'FDV-dokumentasjon\nFlexit Nordic S4 ventilasjonsaggregat\nFilterskift hver 6. måned\nRengjøring av roterende gjenvinner',
  ['RIV', '36', false, 'om_instructions'],
  "a ventilation unit's O&M: 36",
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Sanitær/Oras Optima servantbatteri bruksanvisning.pdf',
  'pdf',
  A4,
  'Bruksanvisning\nOras Optima servantbatteri\nTemperaturbegrenser\nRengjøring av perlator',
  ['RIV', '31', false, 'user_manual'],
  'a tap (sanitary 31): RIV',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Heis/KONE MonoSpace 500 brukerhåndbok.pdf',
  'pdf',
  A4,
  'Brukerhåndbok\nKONE MonoSpace 500\nPersonheis\nNødtelefon\nHva gjør du ved stans',
  [null, '62', false, 'user_manual'],
  "a passenger lift's (621) user guide: user_manual" +
    ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  PROD,
  { category3: '621' },
);
add(
  'Prosjekt Sagvollen/FDV/Tak/VELUX GGL monteringsanvisning takvindu.pdf',
  'pdf',
  A4,
  'Monteringsanvisning\nVELUX GGL takvindu\nInnfesting i sperrer\nInndekning og beslag',
  ['ARK', '26', false, 'installation_instructions'],
  'a roof window belongs to the roof (26): ARK',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Våtrom/Mapei Mapelastic sikkerhetsdatablad.pdf',
  'pdf',
  A4,
  'SIKKERHETSDATABLAD\nMapelastic komponent A\nAVSNITT 1: Identifikasjon\nAVSNITT 2: Fareidentifikasjon',
  ['ARK', '25', false, 'safety_data_sheet'],
  'a wet-room membrane compound in a "Våtrom" folder: floors and wet rooms, ARK',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Gyproc GN13 ytelseserklæring.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nGyproc GN13 Normal gipsplate\nEN 520 type A\nBrannteknisk klasse A2-s1,d0',
  ['ARK', '24', false, 'declaration_of_performance'],
  'plasterboard for internal walls (24): ARK',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Bygg/Hunton Nativo vindtett EPD.pdf',
  'pdf',
  A4,
  'Environmental Product Declaration\nEPD-Norge\nHunton Nativo vindtett trefiberplate\nEN 15804+A2',
  ['ARK', '23', false, 'epd'],
  'a wind barrier board is part of the external walls (23): ARK',
  PROD,
);
add(
  'Prosjekt Sagvollen/FDV/Maling/Jotun Lady Pure Color FDV.pdf',
  'pdf',
  A4,
  'FDV\nJotun Lady Pure Color\nInnendørs veggmaling\nRengjøring: vask med mild såpe\nVedlikehold: flekkmaling ved behov',
  ['ARK', '24', false, 'om_instructions'],
  'interior wall paint: internal walls (24), ARK',
  PROD,
);
add(
  'Riverside Court/O&M Manual/Section 3 Architectural/Altro Stronghold 30 maintenance guide.pdf',
  'pdf',
  A4,
  'Maintenance guide\nAltro Stronghold 30 safety flooring\nDaily cleaning\nPeriodic maintenance',
  ['A', '25', false, 'om_instructions'],
  'safety flooring (255): A',
  PROD,
  { category3: '255' },
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Worcester Greenstar boiler installation and servicing instructions.pdf',
  'pdf',
  A4,
  'Installation, commissioning and servicing instructions\nGreenstar condensing gas boiler\nFlue options\nAnnual service',
  ['M', '32', false, 'installation_instructions'],
  'a boiler (heating 32): M',
  PROD,
);
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/Hager consumer unit datasheet.pdf',
  'pdf',
  A4,
  'Datasheet\nHager consumer unit 12 way\nType A RCBOs\nSurge protection device',
  ['E', '43', false, 'product_data_sheet'],
  'a consumer unit (43): E',
  PROD,
);
add(
  'Riverside Court/O&M Manual/Section 6 Fire/Advanced MxPro 5 fire panel operating manual.pdf',
  'pdf',
  A4,
  'Operating manual\nMxPro 5 fire alarm control panel\nSilence alarms\nReset\nDisablements',
  ['E', '54', false, 'user_manual'],
  'a fire alarm panel (542) operating manual: E',
  PROD,
  { category3: '542' },
);
add(
  'Riverside Court/O&M Manual/Section 3 Architectural/Fire door warranty certificate.pdf',
  'pdf',
  A4,
  'WARRANTY\nFD30S fire door sets\nWarranty period 10 years from installation\nConditions',
  ['A', '24', false, 'warranty'],
  'internal fire doors (24): A; a warranty',
  PROD,
);

// ------------------------------------------------------------------------ 8. More names from desks, mail and scanners
add(
  'C:/Users/ola/Documents/Nedlastinger/Kopi av Kopi av tegningsliste (2).xlsx',
  'xlsx',
  null,
  'Tegningsliste\nTegningsnr\tTittel\tRev\nA-101\tPlan 1. etasje\tC\nA-102\tPlan 2. etasje\tB',
  ['ARK', '20', false, 'description'],
  "a drawing list of architect's plans: ARK, 20; a list (description)",
  SCAN,
);
add(
  'Prosjekt Sagvollen/Innboks/VS Spørsmål om brannskille.msg',
  'msg',
  null,
  'Fra: prosjektleder\nEmne: VS: Spørsmål om brannskille\nHei, kan RIBr bekrefte at veggen mellom bod og trapperom skal være EI 60?',
  [null, 'MSC', false, null],
  'an e-mail with a question: no documentation type, no part',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/20240312_101544.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a phone camera photo without context',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Fotodokumentasjon/Skjulte anlegg/IMG_2231.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo_documentation'],
  'a photo filed as documentation of hidden work: photo documentation, no discipline (README convention)',
  SCAN,
);
add(
  'Riverside Court/Scans/Scanned from a Xerox Multifunction Printer (7).pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'a scan without text',
  SCAN,
);
add(
  'Prosjekt Sagvollen/Diverse/Dokument1.docx',
  'docx',
  null,
  'Notat\nVi har mottatt deres henvendelse og kommer tilbake med svar.',
  [null, 'MSC', false, 'report'],
  'a short memo without subject ("notat"): report type, nothing else',
  SCAN,
);
add(
  'Downloads/Invoice_INV-20931.pdf',
  'pdf',
  A4,
  'INVOICE\nInvoice number INV-20931\nAmount due £3,420.00\nPayment terms 30 days',
  [null, 'MSC', false, null],
  'an invoice: no documentation type',
  SCAN,
);

// ------------------------------------------------------------------------ 9. Reports, surveys and plans of the project
add(
  'Prosjekt Sagvollen/Rapporter/Tilstandsvurdering fasader.pdf',
  'pdf',
  A4,
  'TILSTANDSVURDERING\nFasader blokk A og B\nTrekledning med råteskader\nTilstandsgrad TG2\nTiltak: utskifting av kledning',
  ['ARK', '23', false, 'report'],
  'a condition survey of the facades (23 external walls): ARK',
  'NS 3424 tilstandsanalyse',
);
add(
  'Prosjekt Sagvollen/Rapporter/Rapport termografering yttervegger.pdf',
  'pdf',
  A4,
  'Termografi\nNS-EN 13187\nKuldebroer ved vinduer og etasjeskiller\nInnetemperatur 21 C, ute -8 C',
  ['RIByFy', '23', false, 'test_measurement_report'],
  'thermography of the external walls: building physics, 23',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Fuktmåling betong før gulvlegging.pdf',
  'pdf',
  A4,
  'Fuktmåling i betong\nRF-måling i borehull\nMålt RF 82 %\nKrav for parkett 85 %\nGulvlegging kan starte',
  ['RIByFy', '25', false, 'test_measurement_report'],
  'moisture in the floor slab before floor finishes: building physics, floors (25)',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Støyutredning vegtrafikk.pdf',
  'pdf',
  A4,
  'STØYUTREDNING\nVegtrafikkstøy\nT-1442\nLden 62 dB ved fasade mot riksvei\nKrav til fasadeisolasjon',
  ['RIAku', '20', false, 'report'],
  'a noise study of the whole building: acoustician, 20',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Brannteknisk konsept.pdf',
  'pdf',
  A4,
  'BRANNTEKNISK KONSEPT\nRisikoklasse 4\nBrannklasse 2\nRømning via to trapperom\nSprinkleranlegg etter NS-EN 12845',
  ['RIBr', '20', false, 'fire_strategy'],
  'a fire concept: RIBr, the whole building',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Geoteknisk vurderingsrapport.pdf',
  'pdf',
  A4,
  'GEOTEKNISK VURDERINGSRAPPORT\nFundamentering på berg og morene\nStabilitet av byggegrop\nAnbefalt fundamentering: sålefundamenter',
  ['RIG', '21', false, 'report'],
  'a geotechnical assessment: RIG, 21',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Miljøkartlegging før riving.pdf',
  'pdf',
  A4,
  'MILJØKARTLEGGING\nHelse- og miljøfarlige stoffer\nPCB i isolerglassruter\nAsbest i vinylbelegg',
  ['RIM', 'MSC', false, 'report'],
  'an environmental survey before demolition: RIM, no part (the team convention)',
  FDV,
);
add(
  'Prosjekt Sagvollen/Rapporter/Avfallsplan.pdf',
  'pdf',
  A4,
  'AVFALLSPLAN\nTEK17 § 9-6\nSorteringsgrad minst 70 %\nAvfallsmengder per fraksjon',
  ['RIM', 'MSC', false, 'report'],
  'a waste plan: RIM, no part',
  FDV,
);
add(
  'Prosjekt Sagvollen/Byggesak/Søknad om rammetillatelse.pdf',
  'pdf',
  A4,
  'Søknad om rammetillatelse\nPlan- og bygningsloven § 20-1\nAnsvarlig søker: Arkitektkontoret AS\nTiltakets art: nybygg',
  ['ARK', '20', false, 'permit_documents'],
  'permit documents go to the responsible applicant (ARK), the whole building',
  DIBK,
);
add(
  'Prosjekt Sagvollen/Byggesak/Midlertidig brukstillatelse.pdf',
  'pdf',
  A4,
  'MIDLERTIDIG BRUKSTILLATELSE\netter plan- og bygningsloven § 21-10\nGjenstående arbeider: utomhusanlegg',
  ['ARK', '20', false, 'permit_documents'],
  'a temporary occupation permit: permit documents convention',
  DIBK,
);
add(
  'Riverside Court/Planning/Planning Permission Decision Notice.pdf',
  'pdf',
  A4,
  'TOWN AND COUNTRY PLANNING ACT 1990\nNOTICE OF DECISION\nPlanning permission is granted subject to the following conditions',
  ['A', '20', false, 'permit_documents'],
  "planning permission: permit documents convention (the applicant's architect, A; whole building)",
  'UK planning decision notices',
);

// ------------------------------------------------------------------------ 10. Drawings and models without codes in their names
add(
  'Prosjekt Sagvollen/Tegninger/Plan 2. etasje.pdf',
  'pdf',
  A1,
  'PLAN 2. ETASJE\nLeilighet 201 3-roms 68 m²\nBad\nSoverom\nStue/kjøkken\nMålestokk 1:100\nArkitektkontoret AS',
  ['ARK', '20', true, 'drawing'],
  "an architect's floor plan: ARK, 20",
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/Snitt A-A.pdf',
  'pdf',
  A1,
  'SNITT A-A\n+12,60 møne\n+0,00 ferdig gulv 1. etasje\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  'a building section: ARK, 20',
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/Armeringstegning dekke over kjeller.pdf',
  'pdf',
  A1,
  'ARMERINGSTEGNING\nDekke over kjeller\nØ12 c200 UK\nØ10 c150 OK\nBetong B35 M45\nMålestokk 1:50',
  ['RIB', '25', true, 'drawing'],
  'a reinforcement drawing of a floor slab: structure (RIB); slabs are 25',
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/Som bygget/Føringsveier elektro plan 1.pdf',
  'pdf',
  A1,
  'SOM BYGGET\nFØRINGSVEIER ELEKTRO PLAN 1\nKabelbru 300 mm\nMålestokk 1:100',
  ['RIE', '41', true, 'as_built_drawing'],
  'an as-built cable route plan: RIE, 41',
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/Utomhusplan.pdf',
  'pdf',
  A1,
  'UTOMHUSPLAN\nLekeplass\nSykkelparkering\nBeplantning\nAsfalt\nMålestokk 1:200',
  ['LARK', '70', true, 'drawing'],
  'a site plan: LARK, 70',
  FDV,
);
add(
  'Prosjekt Sagvollen/Tegninger/RIV/Sanitær plan kjeller.pdf',
  'pdf',
  A1,
  'SANITÆR PLAN KJELLER\nSpillvann 110\nBunnledning\nStakekum\nMålestokk 1:50',
  ['RIV', '31', true, 'drawing'],
  'a sanitary plan: RIV, 31',
  FDV,
);
add(
  'Riverside Court/Drawings/Mechanical/Ventilation Layout Level 2.pdf',
  'pdf',
  A1,
  'VENTILATION LAYOUT LEVEL 2\nMVHR unit\nSupply and extract ductwork\nScale 1:50\nDrawing no. 4402-M-202 P1',
  ['M', '36', true, 'drawing'],
  'a ventilation layout: M, 36',
  'UK building services drawing names',
);
add(
  'Riverside Court/Drawings/Architect/Proposed Elevations.pdf',
  'pdf',
  A1,
  'PROPOSED NORTH ELEVATION\nPROPOSED SOUTH ELEVATION\nBrick type A\nAluminium windows\nScale 1:100',
  ['A', '20', true, 'drawing'],
  'elevations of the building by the architect: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Riverside Court/Drawings/Structure/Level 1 Slab Reinforcement.pdf',
  'pdf',
  A1,
  'LEVEL 1 SLAB REINFORCEMENT\nB1 H12-200 T1\nConcrete C32/40\nScale 1:50\nDrawing no. S-201',
  ['S', '25', true, 'drawing'],
  'slab reinforcement: structural engineer (S), slabs 25',
  'UK structural drawing names',
);
add(
  'Riverside Court/Drawings/Electrical/Fire Alarm Schematic.pdf',
  'pdf',
  A3,
  'FIRE ALARM SCHEMATIC\nLoop 1\nLoop 2\nControl panel\nSounders\nDetectors\nDrawing no. 4402-E-501',
  ['E', '54', true, 'schematic_diagram'],
  'a fire alarm schematic: E, 542',
  'UK building services drawing names',
  { category3: '542' },
);
add(
  'Prosjekt Sagvollen/Modell/Sagvollen_ARK_v12.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcWall IfcSlab IfcWindow IfcDoor',
  ['ARK', '20', false, 'model'],
  "an architect's model: model, ARK, 20",
  'IFC deliveries',
);
add(
  'Prosjekt Sagvollen/Modell/Sagvollen_RIB.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcBeam IfcColumn IfcSlab',
  ['RIB', '22', false, 'model'],
  'a structural model: RIB, 22',
  'IFC deliveries',
);
add(
  'Riverside Court/Models/Riverside Court Federated Model.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcBuilding IfcWall IfcDuctSegment IfcLightFixture',
  [null, 'MSC', false, 'model'],
  'a federated model joins all disciplines: no single discipline or part',
  'IFC deliveries',
);

// ------------------------------------------------------------------------ 11. Tests, checks and records in nynorsk and English
add(
  'Prosjekt Sagvollen/FDV/Rør/Trykkprøving sprinklaranlegg.pdf',
  'pdf',
  A4,
  'Trykkprøving\nSprinklaranlegg\nPrøvetrykk 15 bar i 2 timar\nIngen lekkasje\nKontrollert av',
  ['RIV', '33', false, 'test_measurement_report'],
  'a pressure test of the sprinkler system (nynorsk "sprinklar"): RIV, 332',
  FDV,
  { category3: '332' },
);
add(
  'Prosjekt Sagvollen/FDV/Elektro/Samsvarserklæring brannalarmanlegg.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nBrannalarmanlegg\nAnlegget er installert i samsvar med NS 3960 og FG-regler',
  ['RIE', '54', false, 'declaration_of_conformity'],
  'a declaration of conformity for the fire alarm system: RIE, 542',
  FDV,
  { category3: '542' },
);
add(
  'Prosjekt Sagvollen/FDV/Ventilasjon/Funksjonstest ventilasjon.pdf',
  'pdf',
  A4,
  'FUNKSJONSTEST\nVentilasjonsaggregat 360.002\nTest av brannspjeld\nTest av frostsikring\nGodkjent',
  ['RIV', '36', false, 'commissioning_report'],
  'a functional test of ventilation: commissioning, 36',
  'NS 3935 ITB',
);
add(
  'Prosjekt Sagvollen/ITB/Integrert systemtest brann.pdf',
  'pdf',
  A4,
  'INTEGRERT SYSTEMTEST\nNS 3935\nBrannalarm styrer ventilasjon, heis og dørautomatikk\nAlle styringer testet',
  ['RIE', '54', false, 'commissioning_report'],
  'an integrated test led by the fire alarm (54): commissioning; RIE',
  'NS 3935 ITB',
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Water Balance Certificate LTHW.pdf',
  'pdf',
  A4,
  'WATER BALANCE\nLTHW heating system\nDesign flow rates and measured flow rates per branch\nCommissioned to CIBSE Code W',
  ['M', '32', false, 'commissioning_report'],
  'balancing of the heating water: commissioning, 32, M',
  'CIBSE Commissioning Code W',
);
add(
  'Riverside Court/O&M Manual/Section 5 Electrical/Emergency Lighting Log Book.pdf',
  'pdf',
  A4,
  'EMERGENCY LIGHTING LOG BOOK\nMonthly function test\nAnnual 3 hour duration test\nDate, result, signature',
  ['E', '44', false, 'test_measurement_report'],
  'a record of emergency lighting tests: 443, E',
  'BS 5266-1 log book',
  { category3: '443' },
);
add(
  'Riverside Court/O&M Manual/Section 4 Mechanical/Legionella Temperature Monitoring Records.pdf',
  'pdf',
  A4,
  'TEMPERATURE MONITORING RECORDS\nSentinel outlets\nHot water at 1 minute: 55 C\nCold water at 2 minutes: 18 C',
  ['P', '31', false, 'test_measurement_report'],
  'water temperature records of the hot and cold water system: 31, P',
  'HSE HSG274',
);

// ------------------------------------------------------------------------ 12. Project organisation, both languages
add(
  'Prosjekt Sagvollen/Møter/Prosjekteringsmøte 12 referat.pdf',
  'pdf',
  A4,
  'PROSJEKTERINGSMØTE 12\nDeltakere: ARK, RIB, RIV, RIE, RIBr\nSak 12.1 Sjakter for ventilasjon\nSak 12.2 Brannskiller i trapperom',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes of a design meeting: all disciplines, no part',
  MIN,
);
add(
  'Riverside Court/Meetings/Design Team Meeting 04 Minutes.pdf',
  'pdf',
  A4,
  'DESIGN TEAM MEETING 04\nPresent: architect, structural engineer, M&E\nApologies\nActions: structural openings for risers',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes of a design team meeting',
  MIN,
);
add(
  'Prosjekt Sagvollen/Kontrakt/Serviceavtale heis.pdf',
  'pdf',
  A4,
  'SERVICEAVTALE\nHeis 1 og 2\nForebyggende vedlikehold fire ganger per år',
  [null, '62', false, 'contract'],
  'a service contract that names its equipment: lifts (62)' +
    ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  MIN,
);
add(
  'Riverside Court/Commercial/Subcontract Order - Mechanical Services.pdf',
  'pdf',
  A4,
  'SUBCONTRACT ORDER\nMechanical services installation\nJCT Design and Build Sub-Contract 2016\nSubcontract sum',
  ['M', '30', false, 'contract'],
  'a subcontract that names its trade (mechanical services): M, 30',
  MIN,
);
add(
  'Prosjekt Sagvollen/Tilbud/Tilbud ventilasjonsentreprise.pdf',
  'pdf',
  A4,
  'TILBUD\nVentilasjonsentreprise Sagvollen\nTilbudssum eks. mva kr 3 950 000\nForbehold: kranleie',
  ['RIV', '36', false, 'offer'],
  'an offer naming the ventilation contract: RIV, 36',
  MIN,
);
add(
  'Prosjekt Sagvollen/Fremdrift/Fremdriftsplan rev 7.pdf',
  'pdf',
  A4L,
  'FREMDRIFTSPLAN\nUke 10-52\nGrunnarbeid\nRåbygg\nTett bygg\nTekniske fag\nOvertakelse',
  [null, 'MSC', false, 'description'],
  'a schedule of the works: no discipline, no part',
  MIN,
);
add(
  'Riverside Court/Handover/Snagging List Block A.xlsx',
  'xlsx',
  null,
  'SNAGGING LIST\nFlat 3: paint touch-up to door frame\nFlat 7: sealant missing at bath\nCommunal: lift car panel scratched',
  [null, 'MSC', false, 'self_inspection_checklist'],
  'a snagging list over every trade: a checklist, no discipline or part',
  MIN,
);
add(
  'Prosjekt Sagvollen/Overtakelse/Overtakelsesprotokoll.pdf',
  'pdf',
  A4,
  'OVERTAKELSESPROTOKOLL\nNS 8407 punkt 37\nOvertakelse av Sagvollen borettslag\nMangler i vedlagt liste',
  [null, 'MSC', false, 'contract'],
  'a handover protocol under the contract: no discipline or part',
  MIN,
);

// ------------------------------------------------------------------------ 13. Written after the second round of rule changes
// (batch 3): not used for any change; the freshest measure of how the classifier does on documents it was not fitted to.
add(
  'Harbourside Flats/O&M/04 Mechanical/Underfloor heating manifold commissioning sheet.pdf',
  'pdf',
  A4,
  'UNDERFLOOR HEATING COMMISSIONING SHEET\nManifold M2, flat 14\nFlow rates per loop set and recorded\nSystem filled, flushed and pressure tested',
  ['M', '32', false, 'commissioning_report'],
  'commissioning of the floor heating (heating 32): M',
  UKOM,
);
add(
  'Harbourside Flats/O&M/05 Electrical/Door entry system user guide.pdf',
  'pdf',
  A4,
  'USER GUIDE\nDoor entry system\nAnswering a call\nOpening the main entrance door\nVideo monitor',
  ['E', '53', false, 'user_manual'],
  'door entry is telephony and intercom (53): E',
  PROD,
);
add(
  'Harbourside Flats/O&M/05 Electrical/Periodic Inspection Report Communal Areas.pdf',
  'pdf',
  A4,
  'PERIODIC INSPECTION REPORT FOR AN ELECTRICAL INSTALLATION\nBS 7671\nCommunal landlord supply\nSchedule of test results\nOverall assessment: satisfactory',
  ['E', '43', false, 'test_measurement_report'],
  'the older name of an EICR: inspection and tests of the low-voltage installation, 43',
  BS7671,
);
add(
  'Harbourside Flats/O&M/06 Fire Safety/Dry riser test certificate.pdf',
  'pdf',
  A4,
  'DRY RISER TEST CERTIFICATE\nBS 9990\nHydrostatic pressure test 12 bar for 15 minutes\nLanding valves inspected\nInlet box and signage in order',
  ['P', '33', false, 'test_measurement_report'],
  "a pressure test of the dry riser (firefighting water, 33); by the UK convention 33 is the public health engineer's",
  'BS 9990 test records',
);
add(
  'Harbourside Flats/O&M/06 Fire Safety/Fire door inspection report.pdf',
  'pdf',
  A4,
  'FIRE DOOR INSPECTION REPORT\n42 fire door sets inspected\nGaps, intumescent seals, self-closers, signage\n3 doors require adjustment',
  ['A', '24', false, 'test_measurement_report'],
  'an inspection record of internal fire doors (24): A',
  'Fire Safety (England) Regulations 2022 door checks',
);
add(
  'Harbourside Flats/O&M/03 Architectural/Roofing system warranty.pdf',
  'pdf',
  A4,
  'GUARANTEE\nSingle ply roofing system\n20 year guarantee\nConditions of the guarantee',
  ['A', '26', false, 'warranty'],
  'a roofing guarantee: roof 26, A',
  PROD,
);
add(
  'Harbourside Flats/O&M/03 Architectural/Kitchen appliances user manuals.pdf',
  'pdf',
  A4,
  'USER MANUALS\nBuilt-in oven\nInduction hob\nExtractor hood\nIntegrated dishwasher',
  ['A', '27', false, 'user_manual'],
  'fitted kitchens are fixed furnishings (27): A',
  PROD,
);
add(
  'Harbourside Flats/Health and Safety File/Residual risks register.xlsx',
  'xlsx',
  null,
  'RESIDUAL RISKS REGISTER\nHazard\tLocation\tControl measures\nFragile rooflights\tRoof\tEdge protection required',
  [null, 'MSC', false, 'report'],
  'a CDM residual risk register covers the whole works: no discipline, no part',
  'CDM 2015 health and safety file',
);
add(
  'Harbourside Flats/Planning/Design and Access Statement.pdf',
  'pdf',
  A4,
  'DESIGN AND ACCESS STATEMENT\nPlanning application\nSite context\nLayout, scale and appearance\nAccess',
  ['A', '20', false, 'permit_documents'],
  'part of the planning application: permit documents by the architect, whole building',
  'UK planning applications',
);
add(
  'Harbourside Flats/Minutes/Pre-start meeting minutes.docx',
  'docx',
  null,
  'PRE-START MEETING\nAttendees: client, principal contractor, CDM adviser\nSite set-up\nWelfare\nProgramme',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes: no discipline, no part',
  MIN,
);
add(
  'Harbourside Flats/Tenders/Electrical Tender Return.pdf',
  'pdf',
  A4,
  'TENDER RETURN\nElectrical installation package\nTender sum £412,000\nQualifications and exclusions\nProgramme',
  ['E', '40', false, 'offer'],
  'a tender for the electrical package: E, 40',
  MIN,
);
add(
  'Harbourside Flats/Drawings/Architect/Roof Plan.pdf',
  'pdf',
  A1,
  'ROOF PLAN\nSingle ply membrane\nRooflights\nFall 1:40 to outlets\nScale 1:100\nDrawing no. 2210-105',
  ['A', '20', true, 'drawing'],
  'a plan of the whole building by the architect: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Harbourside Flats/Energy/Display Energy Certificate 2025.pdf',
  'pdf',
  A4,
  'DISPLAY ENERGY CERTIFICATE\nHow efficiently is this building being used?\nOperational rating 84\nValid until',
  [null, 'MSC', false, 'energy_certificate'],
  "a DEC is the owner's certificate for the building: no discipline, no part",
  'UK DEC register',
);
add(
  'Harbourside Flats/O&M/04 Mechanical/Booster set datasheet.pdf',
  'pdf',
  A4,
  'DATASHEET\nCold water booster set\nTwin pumps duty/standby\nFlow 3.2 l/s at 4.5 bar',
  ['P', '31', false, 'product_data_sheet'],
  'a cold water booster is domestic water (31): P',
  PROD,
);
add(
  'Harbourside Flats/O&M/05 Electrical/Lightning protection test report.pdf',
  'pdf',
  A4,
  'LIGHTNING PROTECTION TEST REPORT\nBS EN 62305\nEarth electrode resistance 6 ohm\nDown conductors inspected',
  ['E', '41', false, 'test_measurement_report'],
  'lightning protection is basic electrical installations (41): E',
  'BS EN 62305 test records',
);
add(
  'Kvernhuset skule/FDV/Ventilasjon/Innreguleringsrapport luftmengder.pdf',
  'pdf',
  A4,
  'Innreguleringsrapport\nLuftmengder per rom\nProsjektert og målt\nAggregat 360.001',
  ['RIV', '36', false, 'commissioning_report'],
  'ventilation balancing: 36',
  FDV,
);
add(
  'Kvernhuset skule/FDV/Elektro/Nødlys kontrollrapport 2025.pdf',
  'pdf',
  A4,
  'Kontrollrapport nødlys\nÅrlig test av ledelys og nødlys\nBrenntid 1 time kontrollert\n2 armaturer skiftet',
  ['RIE', '44', false, 'test_measurement_report'],
  'an inspection of emergency lighting (443): RIE',
  FDV,
);
add(
  'Kvernhuset skule/FDV/Sanitær/Varmtvassberedar brukarrettleiing.pdf',
  'pdf',
  A4,
  'Brukarrettleiing\nVarmtvassberedar 300 liter\nTemperaturinnstilling\nTryggleiksventil',
  ['RIV', '31', false, 'user_manual'],
  'a hot water heater (sanitary 31), nynorsk: RIV',
  PROD,
);
add(
  'Kvernhuset skule/FDV/Bygg/Himlingsplater produktdatablad.pdf',
  'pdf',
  A4,
  'Produktdatablad\nHimlingsplater 600x600\nLydabsorpsjon klasse A\nBrannklasse A2-s1,d0',
  ['ARK', '25', false, 'product_data_sheet'],
  'suspended ceiling boards belong to floors and ceilings (25, himling): ARK',
  PROD,
);
add(
  'Kvernhuset skule/FDV/Bygg/Ytterdører FDV.pdf',
  'pdf',
  A4,
  'FDV-dokumentasjon\nYtterdører aluminium\nSmøring av hengsler og lås\nJustering av dørlukker',
  ['ARK', '23', false, 'om_instructions'],
  'external doors (234): ARK',
  FDV,
  { category3: '234' },
);
add(
  'Kvernhuset skule/FDV/Utomhus/Lekeapparat sertifikat EN 1176.pdf',
  'pdf',
  A4,
  'SERTIFIKAT\nLekeapparat klatrestativ\nNS-EN 1176-1\nFallunderlag kontrollert',
  ['LARK', '77', false, 'certificate'],
  'playground equipment is part of the outdoor areas (77 parks and gardens): LARK',
  FDV,
);
add(
  'Kvernhuset skule/FDV/Heis/Driftstillatelse heis.pdf',
  'pdf',
  A4,
  'DRIFTSTILLATELSE\nHeis nr. 1\nNS-EN 81-20\nKommunen gir tillatelse til drift av heisanlegget',
  [null, '62', false, 'lift_documents'],
  'a lift operating permit: 62' + ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  FDV,
);
add(
  'Kvernhuset skule/Rapporter/Lydmåling klasserom.pdf',
  'pdf',
  A4,
  'Lydmåling\nEtterklangstid i klasserom\nNS 8175 klasse C\nMålt T = 0,5 s',
  ['RIAku', '20', false, 'test_measurement_report'],
  'room acoustics measured by the acoustician: 20',
  FDV,
);
add(
  'Kvernhuset skule/Tegningar/Plan 1. etasje.pdf',
  'pdf',
  A1,
  'PLAN 1. ETASJE\nKlasserom 1.01\nGarderobe\nPersonalrom\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's floor plan (nynorsk folder): ARK, 20",
  FDV,
);
add(
  'Kvernhuset skule/Tegningar/RIE/Føringsvegar plan 2.pdf',
  'pdf',
  A1,
  'FØRINGSVEGAR PLAN 2\nKabelbru\nKabelkanal\nMålestokk 1:100',
  ['RIE', '41', true, 'drawing'],
  'cable routes (41): RIE',
  FDV,
);
add(
  'Kvernhuset skule/Tegningar/RIB/Fundamentplan.pdf',
  'pdf',
  A1,
  'FUNDAMENTPLAN\nSåle 600x300\nPunktfundament P1\nBetong B30\nMålestokk 1:100',
  ['RIB', '21', true, 'drawing'],
  'foundations: RIB, 21',
  FDV,
);
add(
  'Kvernhuset skule/Møte/Møtereferat prosjekteringsmøte 5.docx',
  'docx',
  null,
  'Møtereferat\nProsjekteringsmøte 5\nDeltakarar: ARK, RIB, RIV, RIE\nSak 5.1 Plassering av teknisk rom',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes: no discipline, no part',
  MIN,
);
add(
  'Kvernhuset skule/Kontrakt/Byggekontrakt NS 8405.pdf',
  'pdf',
  A4,
  'BYGGEKONTRAKT\nNS 8405:2008\nByggherre: Kvernhuset kommune\nEntreprenør\nKontraktssum',
  [null, 'MSC', false, 'contract'],
  'a contract for the whole works',
  MIN,
);
add(
  'Kvernhuset skule/Tilbod/Tilbod elektroentreprise.pdf',
  'pdf',
  A4,
  'TILBOD\nElektroentreprise Kvernhuset skule\nTilbodssum kr 6 100 000 eks. mva\nAtterhald',
  ['RIE', '40', false, 'offer'],
  "an offer (nynorsk 'tilbod') for the electrical contract: RIE, 40",
  MIN,
);
add(
  'Kvernhuset skule/Energi/Energiattest Kvernhuset skule.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nYrkesbygg\nEnergikarakter B\nOppvarmingskarakter grønn',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate: no discipline, no part',
  'Enova energimerking',
);
add(
  'Kvernhuset skule/HMS/SHA-plan.pdf',
  'pdf',
  A4,
  'SHA-PLAN\nSikkerheit, helse og arbeidsmiljø\nByggherreforskrifta\nRisikotilhøve',
  [null, 'MSC', false, 'report'],
  'a health and safety plan for the works',
  'Byggherreforskriften',
);
add(
  'Kvernhuset skule/Diverse/Skanna dokument 0004.pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'a scan without text',
  SCAN,
);
add(
  'Kvernhuset skule/Uavhengig kontroll/Sluttrapport uavhengig kontroll fukt.pdf',
  'pdf',
  A4,
  'SLUTTRAPPORT\nUavhengig kontroll av fuktsikring\nKontrollert: lufttetting, dampsperre, våtrom\nIngen åpne avvik',
  ['RIByFy', '20', false, 'independent_control_report'],
  'independent control of moisture protection: building physics, whole building',
  DIBK,
);
add(
  'Kvernhuset skule/Byggesak/Igangsettingstillatelse.pdf',
  'pdf',
  A4,
  'IGANGSETTINGSTILLATELSE\nTiltaket kan settes i gang\nGnr. 44 Bnr. 12',
  ['ARK', '20', false, 'permit_documents'],
  'permit documents: ARK, 20',
  DIBK,
);
add(
  'Kvernhuset skule/FDV/Automasjon/SD-anlegg brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nSD-anlegg\nAlarmliste\nTidsprogram for ventilasjon og varme',
  ['RIE', '56', false, 'user_manual'],
  'the building management system (56): RIE by convention for 5x',
  FDV,
);
add(
  'Kvernhuset skule/FDV/Brann/Brannslukkere kontrollkort.pdf',
  'pdf',
  A4,
  'Kontrollkort\nHåndslokkeapparater\nÅrlig kontroll utført\n12 apparater kontrollert',
  ['RIV', '33', false, 'test_measurement_report'],
  'fire extinguishers are fire extinguishing (33): RIV',
  FDV,
);
add(
  'Kvernhuset skule/FDV/Bygg/Takrenner og nedløp monteringsanvisning.pdf',
  'pdf',
  A4,
  'Monteringsanvisning\nTakrenner og nedløp i stål\nRennekroker c/c 600\nFall mot nedløp',
  ['ARK', '26', false, 'installation_instructions'],
  'gutters belong to the roof (26): ARK',
  PROD,
);
add(
  'Kvernhuset skule/Modell/KVS-RIE-Elektro.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcCableCarrierSegment IfcLightFixture IfcElectricDistributionBoard',
  ['RIE', '40', false, 'model'],
  'an electrical model: RIE, 40',
  'IFC deliveries',
);
add(
  'Kvernhuset skule/FDV/Elektro/Solcelleanlegg FDV.pdf',
  'pdf',
  A4,
  'FDV-dokumentasjon\nSolcelleanlegg 60 kWp\nInverter\nRengjøring av paneler',
  ['RIE', '49', false, 'om_instructions'],
  'solar panels are other electrical installations (49): RIE',
  FDV,
);
add(
  'Documents/Scan 12 Mar 2025.pdf',
  'pdf',
  A4,
  'FERDIGATTEST\netter plan- og bygningsloven § 21-10\nGnr. 44 Bnr. 12\nTiltaket er ferdigstilt',
  ['ARK', '20', false, 'permit_documents'],
  "a scanner's name, but the text is a certificate of completion: permit documents",
  SCAN,
);
add(
  'Kvernhuset skule/Diverse/Ny tekst.txt',
  'text',
  null,
  'husk å bestille nøkler til vaktmester',
  [null, 'MSC', false, null],
  'a note to self',
  SCAN,
);

// ------------------------------------------------------------------------ 14. Written after the third round of rule changes
// (batch 4), measured before the fourth round.
add(
  'Kingsway Medical Centre/O&M/Section 2 Architectural/Internal partitions maintenance.pdf',
  'pdf',
  A4,
  'MAINTENANCE\nDemountable partitions\nCleaning of glazed panels\nAdjustment of door closers',
  ['A', '24', false, 'om_instructions'],
  'internal partitions (24): A',
  UKOM,
);
add(
  'Kingsway Medical Centre/O&M/Section 4 Mechanical/Medical gas pipeline test certificate.pdf',
  'pdf',
  A4,
  'MEDICAL GAS PIPELINE SYSTEM\nHTM 02-01\nTest certificate\nPressure and leakage tests\nGas identity and purity',
  ['M', '34', false, 'test_measurement_report'],
  'medical gases are 34 (gas and compressed air): M',
  'HTM 02-01 test certificates',
);
add(
  'Kingsway Medical Centre/O&M/Section 4 Mechanical/Chiller operation manual.pdf',
  'pdf',
  A4,
  'OPERATION MANUAL\nAir cooled chiller\nStart-up sequence\nAlarms\nRoutine maintenance',
  ['M', '37', false, 'om_instructions'],
  'a chiller is comfort cooling (37): M',
  PROD,
);
add(
  'Kingsway Medical Centre/O&M/Section 5 Electrical/Generator load bank test report.pdf',
  'pdf',
  A4,
  'LOAD BANK TEST REPORT\nStandby generator 250 kVA\n100 % load for 2 hours\nVoltage and frequency within limits',
  ['E', '46', false, 'test_measurement_report'],
  'a standby generator is reserve power (46): E',
  'load bank test records',
);
add(
  'Kingsway Medical Centre/O&M/Section 5 Electrical/Nurse call system user guide.pdf',
  'pdf',
  A4,
  'USER GUIDE\nNurse call system\nCall, reset and emergency call\nDisplay panel',
  ['E', '54', false, 'user_manual'],
  'nurse call is alarm and signal (54): E',
  PROD,
);
add(
  'Kingsway Medical Centre/O&M/Section 6 Fire/Fire damper drop test records.pdf',
  'pdf',
  A4,
  'FIRE DAMPER TEST RECORDS\nBS 9999 annex V\nDamper reference, location, result\n48 dampers tested, 2 failed',
  ['M', '36', false, 'test_measurement_report'],
  'fire dampers sit in the ventilation ducts (36): M',
  'BS 9999 damper testing',
);
add(
  'Kingsway Medical Centre/Drawings/Architect/Site Location Plan.pdf',
  'pdf',
  A3,
  'SITE LOCATION PLAN\nScale 1:1250\nSite boundary in red\nNorth point',
  ['A', '70', true, 'drawing'],
  "a site plan: the convention files every site plan under 70; the architect's (A)",
  'UK planning drawings',
);
add(
  'Kingsway Medical Centre/Drawings/Structure/Steel Frame General Arrangement.pdf',
  'pdf',
  A1,
  'STEEL FRAME GENERAL ARRANGEMENT\nUB 305x165x40\nUC 203x203x46\nBracing\nScale 1:100',
  ['S', '22', true, 'drawing'],
  'the structural frame (22): S',
  'UK structural drawing names',
);
add(
  'Kingsway Medical Centre/Drawings/Electrical/Small Power Layout Ground Floor.pdf',
  'pdf',
  A1,
  'SMALL POWER LAYOUT GROUND FLOOR\nTwin switched socket outlet\nFused spur\nScale 1:50',
  ['E', '43', true, 'drawing'],
  'small power is low-voltage distribution (43): E',
  'UK building services drawing names',
);
add(
  'Kingsway Medical Centre/Handover/Operation and Maintenance Manual Index.pdf',
  'pdf',
  A4,
  'OPERATION AND MAINTENANCE MANUAL\nIndex\nSection 1 General\nSection 2 Architectural\nSection 4 Mechanical\nSection 5 Electrical',
  [null, 'MSC', false, 'om_instructions'],
  'the index of the whole O&M manual: every trade, no part',
  UKOM,
);
add(
  'Kingsway Medical Centre/Handover/Building Log Book.pdf',
  'pdf',
  A4,
  'BUILDING LOG BOOK\nCIBSE TM31\nBuilding overview\nEnergy metering strategy\nSystems summary',
  [null, 'MSC', false, 'om_instructions'],
  'the log book of the whole building (CIBSE TM31): no single trade or part',
  'CIBSE TM31',
);
add(
  'Kingsway Medical Centre/Meetings/Handover Meeting Minutes.pdf',
  'pdf',
  A4,
  'HANDOVER MEETING\nPresent: client, contractor, FM team\nKeys, O&M manuals, training\nActions',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Kingsway Medical Centre/Commercial/Final Account Statement.pdf',
  'pdf',
  A4,
  'FINAL ACCOUNT\nContract sum\nVariations\nAgreed final account £3,912,400',
  [null, 'MSC', false, 'contract'],
  'the final account under the contract: no discipline, no part',
  MIN,
);
add(
  'Kingsway Medical Centre/Energy/EPC Medical Centre.pdf',
  'pdf',
  A4,
  'Energy performance certificate\nNon-domestic building\nEnergy rating B 41',
  [null, 'MSC', false, 'energy_certificate'],
  'an EPC: no discipline, no part',
  'UK EPC register layout',
);
add(
  'Elvebakken omsorgssenter/FDV/Sykesignal/Sykesignalanlegg brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nSykesignalanlegg\nAnrop fra pasientrom\nAvstilling av anrop',
  ['RIE', '54', false, 'user_manual'],
  'nurse call (sykesignal) is alarm and signal (54): RIE',
  FDV,
);
add(
  'Elvebakken omsorgssenter/FDV/Kjøling/Kjølemaskin FDV.pdf',
  'pdf',
  A4,
  'FDV-dokumentasjon\nKjølemaskin\nKuldemedium R32\nÅrlig lekkasjekontroll',
  ['RIV', '37', false, 'om_instructions'],
  'a chiller (37): RIV',
  FDV,
);
add(
  'Elvebakken omsorgssenter/FDV/Elektro/Nødstrømsaggregat service.pdf',
  'pdf',
  A4,
  'Servicerapport\nNødstrømsaggregat 200 kVA\nTestkjøring 1 time\nOljeskift',
  ['RIE', '46', false, 'test_measurement_report'],
  'a standby generator (46): a service and test report, RIE',
  FDV,
);
add(
  'Elvebakken omsorgssenter/FDV/Ventilasjon/Brannspjeld kontrollrapport.pdf',
  'pdf',
  A4,
  'Kontrollrapport brannspjeld\n36 spjeld testet\nFunksjon og endebrytere\n1 avvik',
  ['RIV', '36', false, 'test_measurement_report'],
  'fire dampers sit in the ventilation ducts (36): RIV',
  FDV,
);
add(
  'Elvebakken omsorgssenter/FDV/Bygg/Sykehjemsdører automatikk FDV.pdf',
  'pdf',
  A4,
  'FDV\nDørautomatikk innvendige dører\nSikkerhetssensorer\nService hvert år',
  ['ARK', '24', false, 'om_instructions'],
  'automatic internal doors (244): ARK',
  FDV,
);
add(
  'Elvebakken omsorgssenter/FDV/Bygg/Linoleum renholdsveiledning.pdf',
  'pdf',
  A4,
  'Renholdsveiledning\nLinoleum gulvbelegg\nDaglig renhold\nPeriodisk vedlikehold med polish',
  ['ARK', '25', false, 'cleaning_instructions'],
  'floor covering (255): ARK, cleaning instructions',
  PROD,
  { category3: '255' },
);
add(
  'Elvebakken omsorgssenter/FDV/Utomhus/Sansehage plantevalg og skjøtsel.pdf',
  'pdf',
  A4,
  'Sansehage\nPlantevalg\nSkjøtselsplan: beskjæring vår og høst\nGressklipping',
  ['LARK', '77', false, 'om_instructions'],
  "a garden's care plan: parks and gardens (77), LARK",
  FDV,
);
add(
  'Elvebakken omsorgssenter/Tegninger/Plan 3. etasje.pdf',
  'pdf',
  A1,
  'PLAN 3. ETASJE\nBeboerrom 301-316\nFellesstue\nPersonalbase\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's plan: ARK, 20",
  FDV,
);
add(
  'Elvebakken omsorgssenter/Tegninger/RIV/Sprinkler plan 1.pdf',
  'pdf',
  A1,
  'SPRINKLER PLAN 1\nSprinklerhoder\nHovedledning DN 65\nAlarmventilstasjon\nMålestokk 1:100',
  ['RIV', '33', true, 'drawing'],
  'a sprinkler plan: RIV, 332',
  FDV,
  { category3: '332' },
);
add(
  'Elvebakken omsorgssenter/Tegninger/RIB/Hulldekker plan 2.pdf',
  'pdf',
  A1,
  'HULLDEKKER PLAN 2\nHD 265\nOpplegg på stålbjelker\nMålestokk 1:100',
  ['RIB', '25', true, 'drawing'],
  'hollow-core slabs are floors (25), designed by the structural engineer',
  FDV,
);
add(
  'Elvebakken omsorgssenter/Rapporter/Brannteknisk tilstandsvurdering.pdf',
  'pdf',
  A4,
  'BRANNTEKNISK TILSTANDSVURDERING\nBrannceller og rømningsveier\nAvvik mot TEK17\nTiltaksliste',
  ['RIBr', '20', false, 'fire_strategy'],
  'a fire safety condition survey of the whole building: RIBr',
  FDV,
);
add(
  'Elvebakken omsorgssenter/Rapporter/Inneklimamåling.pdf',
  'pdf',
  A4,
  'Inneklimamåling\nTemperatur, CO2 og relativ fuktighet\nMåleperiode 14 dager\nCO2 under 1000 ppm',
  ['RIV', '36', false, 'test_measurement_report'],
  'indoor climate (CO2, temperature) is what the ventilation delivers: 36, RIV',
  FDV,
);
add(
  'Elvebakken omsorgssenter/Møter/Referat fra oppstartsmøte.docx',
  'docx',
  null,
  'Referat fra oppstartsmøte\nDeltakere: byggherre, entreprenør, RIB\nFremdrift\nRigg og drift',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Elvebakken omsorgssenter/Tilbud/Pristilbud heis.pdf',
  'pdf',
  A4,
  'PRISTILBUD\nTo sengeheiser\nTilbudssum kr 2 100 000',
  [null, '62', false, 'offer'],
  'an offer for lifts (62)' + ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  MIN,
);
add(
  'Elvebakken omsorgssenter/Kontrakter/Rammeavtale vaktmestertjenester.pdf',
  'pdf',
  A4,
  'RAMMEAVTALE\nVaktmestertjenester\nAvtaleperiode 2 år\nTimepriser',
  [null, 'MSC', false, 'contract'],
  'a framework agreement for caretaking: no discipline, no part',
  MIN,
);
add(
  'Elvebakken omsorgssenter/Energi/Energiattest.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nEnergikarakter A\nUtstedt av Enova',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate',
  'Enova energimerking',
);
add(
  'Elvebakken omsorgssenter/Diverse/Bilde fra befaring.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a site visit photo: no discipline',
  SCAN,
);
add(
  'Elvebakken omsorgssenter/Diverse/scan0001.pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'a scan without text',
  SCAN,
);
add(
  'Bryggen barnehage/FDV/Varme/Varmepumpe luft-vatn FDV.pdf',
  'pdf',
  A4,
  'FDV-dokumentasjon\nLuft-vatn varmepumpe\nFilter i vasskrins\nÅrleg service',
  ['RIV', '32', false, 'om_instructions'],
  'a heat pump (heating 32), nynorsk: RIV',
  FDV,
);
add(
  'Bryggen barnehage/FDV/Elektro/Samsvarserklæring elektrisk anlegg.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nElektrisk anlegg\nFEL § 16\nNEK 400',
  ['RIE', '43', false, 'declaration_of_conformity'],
  'a declaration of conformity for the low-voltage installation: RIE, 43',
  'FEL § 16 samsvarserklæring',
);
add(
  'Bryggen barnehage/Teikningar/Fasadar.pdf',
  'pdf',
  A1,
  'FASADE NORD\nFASADE SØR\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  'elevations of the building (nynorsk folder): ARK, 20',
  FDV,
);
add(
  'Bryggen barnehage/Rapportar/Lydmåling leikerom.pdf',
  'pdf',
  A4,
  'Lydmåling\nEtterklangstid i leikerom\nNS 8175\nKrav oppfylt',
  ['RIAku', '20', false, 'test_measurement_report'],
  'room acoustics: RIAku, 20',
  FDV,
);
add(
  'Bryggen barnehage/Møte/Byggemøte 4 referat.pdf',
  'pdf',
  A4,
  'BYGGEMØTE 4\nTil stades: byggherre, entreprenør\nSak 4.1 Framdrift',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes (nynorsk)',
  MIN,
);
add(
  'Bryggen barnehage/Utomhus/Leikeplass sertifisering.pdf',
  'pdf',
  A4,
  'Sertifisering av leikeplass\nNS-EN 1176\nKontroll av fallunderlag og apparat',
  ['LARK', '77', false, 'certificate'],
  'a playground certificate: 77, LARK',
  FDV,
);

// ------------------------------------------------------------------------ 15. Written after the fourth round of rule changes
// (batch 5), measured before the fifth.
add(
  'Millbrook Primary School/O&M/Section 3 Architectural/Sports hall floor maintenance.pdf',
  'pdf',
  A4,
  'MAINTENANCE INSTRUCTIONS\nSprung timber sports floor\nDaily dust mopping\nAnnual screen and recoat',
  ['A', '25', false, 'om_instructions'],
  'a sports floor finish (255): A',
  UKOM,
  { category3: '255' },
);
add(
  'Millbrook Primary School/O&M/Section 3 Architectural/Roof access safety system certificate.pdf',
  'pdf',
  A4,
  'CERTIFICATE OF INSTALLATION AND TEST\nRoof fall arrest system\nBS EN 795\nAnchors load tested',
  ['A', '26', false, 'declaration_of_conformity'],
  'a fall arrest system on the roof (26): A' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'BS EN 795 certificates',
);
add(
  'Millbrook Primary School/O&M/Section 4 Mechanical/Radiator schedule.pdf',
  'pdf',
  A4,
  'RADIATOR SCHEDULE\nRoom, radiator type, output W, valve\nClassroom 1: K2 600x1400, 1850 W',
  ['M', '32', false, 'description'],
  'a schedule of the heating emitters (32): a list (description), M',
  UKOM,
);
add(
  'Millbrook Primary School/O&M/Section 4 Mechanical/Kitchen extract canopy cleaning certificate.pdf',
  'pdf',
  A4,
  'CERTIFICATE OF CLEANLINESS\nKitchen extract system\nTR19 Grease\nCanopy, ductwork and fan cleaned\nPost-clean deposit thickness 12 microns',
  ['M', '36', false, 'certificate'],
  'cleaning of a kitchen extract system (36): M',
  'BESA TR19',
);
add(
  'Millbrook Primary School/O&M/Section 5 Electrical/PA and induction loop user guide.pdf',
  'pdf',
  A4,
  'USER GUIDE\nPublic address system\nHearing induction loop in the hall\nMicrophone sockets',
  ['E', '55', false, 'user_manual'],
  'sound systems (55): E',
  PROD,
);
add(
  'Millbrook Primary School/O&M/Section 5 Electrical/Intruder alarm certificate of compliance.pdf',
  'pdf',
  A4,
  'CERTIFICATE OF COMPLIANCE\nIntruder alarm system\nPD 6662\nGrade 2',
  ['E', '54', false, 'declaration_of_conformity'],
  'an intruder alarm (54): E' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'NSI certificates of compliance',
);
add(
  'Millbrook Primary School/O&M/Section 5 Electrical/Thermographic survey of switchboards.pdf',
  'pdf',
  A4,
  'THERMOGRAPHIC SURVEY\nMain LV switchboard and distribution boards\nHot spot on DB-2 way 4: 68 C\nRecommendations',
  ['E', '43', false, 'test_measurement_report'],
  'thermography of the low-voltage switchboards (43): E',
  'electrical thermography practice',
);
add(
  'Millbrook Primary School/Drawings/Architect/Proposed Sections.pdf',
  'pdf',
  A1,
  'SECTION A-A\nSECTION B-B\nFFL +45.200\nScale 1:100',
  ['A', '20', true, 'drawing'],
  'building sections by the architect: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Millbrook Primary School/Drawings/Mechanical/Heating Schematic.pdf',
  'pdf',
  A3,
  'HEATING SCHEMATIC\nBoilers B1, B2\nLow loss header\nVT circuits\nCT circuit to calorifier',
  ['M', '32', true, 'schematic_diagram'],
  'a heating schematic: M, 32',
  'UK building services drawing names',
);
add(
  'Millbrook Primary School/Drawings/Landscape/Planting Plan.pdf',
  'pdf',
  A1,
  'PLANTING PLAN\nNative hedge mix\nAmenity grass\nTree species schedule\nScale 1:200',
  ['L', '77', true, 'drawing'],
  'a planting plan (77): L',
  'UK landscape drawing names',
);
add(
  'Millbrook Primary School/Handover/Training Attendance Register.pdf',
  'pdf',
  A4,
  'TRAINING ATTENDANCE\nBuilding management system demonstration\nAttendees: site manager, caretaker',
  [null, 'MSC', false, 'training_record'],
  'training records: no discipline, no part',
  UKOM,
);
add(
  'Millbrook Primary School/Handover/Asset Register.xlsx',
  'xlsx',
  null,
  'ASSET REGISTER\nAsset ID\tDescription\tLocation\tManufacturer\nAHU-01\tAir handling unit\tPlant room',
  [null, 'MSC', false, 'description'],
  'an asset register of all systems: no single trade or part',
  UKOM,
);
add(
  "Millbrook Primary School/Contract/Employer's Requirements.pdf",
  'pdf',
  A4,
  "EMPLOYER'S REQUIREMENTS\nDesign and build contract\nPerformance specification\nSoft landings",
  [null, 'MSC', false, 'description'],
  "the employer's requirements of the whole contract: a specification, no part",
  MIN,
);
add(
  'Millbrook Primary School/Minutes/Client Progress Meeting 9.pdf',
  'pdf',
  A4,
  'CLIENT PROGRESS MEETING 9\nAttendees\nProgramme update\nHealth and safety\nActions',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Millbrook Primary School/Energy/DEC 2026.pdf',
  'pdf',
  A4,
  'Display energy certificate\nOperational rating 72\nSchool',
  [null, 'MSC', false, 'energy_certificate'],
  'a DEC: no discipline, no part',
  'UK DEC register',
);
add(
  'Millbrook Primary School/Downloads/image003.png',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'an image attachment saved from an e-mail',
  SCAN,
);
add(
  'Sjøsiden hotell/FDV/Kjøkken/Storkjøkken ventilasjon hette FDV.pdf',
  'pdf',
  A4,
  'FDV\nKjøkkenhette storkjøkken\nRengjøring av fettfilter ukentlig\nKanalrens årlig',
  ['RIV', '36', false, 'om_instructions'],
  'a kitchen hood is ventilation (36): RIV',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Sanitær/Fettutskiller tømmeavtale.pdf',
  'pdf',
  A4,
  'AVTALE\nTømming av fettutskiller\nFire ganger per år',
  ['RIV', '31', false, 'contract'],
  'a contract about the grease separator (sanitary 31): RIV',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Elektro/Adgangskontroll brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nAdgangskontroll\nKortlesere\nTidsprofiler for dører',
  ['RIE', '54', false, 'user_manual'],
  'access control (54): RIE',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Elektro/Kursfortegnelse fordeling 2.etg.pdf',
  'pdf',
  A4,
  'Kursfortegnelse\nFordeling 2. etasje\nKurs 1-24',
  ['RIE', '43', false, 'circuit_schedule'],
  'a circuit schedule (43)',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Bygg/Brannmaling stål FDV.pdf',
  'pdf',
  A4,
  'FDV\nBrannmaling på stålkonstruksjoner R60\nKontroll av skader\nFlekkreparasjon',
  ['RIB', '22', false, 'om_instructions'],
  'fire protection paint of the steel frame (225 in 22): RIB by the convention for 22',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Bygg/Glassfasade vedlikehold.pdf',
  'pdf',
  A4,
  'Vedlikeholdsinstruks\nGlassfasade\nVask av glass to ganger per år\nKontroll av pakninger',
  ['ARK', '23', false, 'om_instructions'],
  'a glass facade (23): ARK',
  FDV,
);
add(
  'Sjøsiden hotell/FDV/Heis/Heis kontrollrapport 2026.pdf',
  'pdf',
  A4,
  'Kontrollrapport\nPersonheis 1\nNS-INSTA 500\nAvvik: 1 mindre',
  [null, '62', false, 'lift_documents'],
  'a lift inspection report: lift_documents (issue 50: inspection reports of a lift are lift documents), part 62' +
    ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  FDV,
);
add(
  'Sjøsiden hotell/Tegninger/Plan 4. etasje.pdf',
  'pdf',
  A1,
  'PLAN 4. ETASJE\nHotellrom 401-432\nKorridor\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's plan",
  FDV,
);
add(
  'Sjøsiden hotell/Tegninger/RIE/Belysning plan 1.pdf',
  'pdf',
  A1,
  'BELYSNING PLAN 1\nDownlights\nNødlys\nMålestokk 1:100',
  ['RIE', '44', true, 'drawing'],
  'a lighting plan: RIE, 44',
  FDV,
);
add(
  'Sjøsiden hotell/Tegninger/RIV/Prinsippskjema varme.pdf',
  'pdf',
  A3,
  'PRINSIPPSKJEMA VARME\nVarmeveksler fjernvarme\nShuntkrets radiatorer\nPumpe',
  ['RIV', '32', true, 'schematic_diagram'],
  'a heating schematic: RIV, 32',
  FDV,
);
add(
  'Sjøsiden hotell/Rapporter/Lekkasjesøk tak.pdf',
  'pdf',
  A4,
  'Rapport lekkasjesøk\nTakterrasse over resepsjon\nRøyktest og fuktmåling\nLekkasje ved sluk',
  ['ARK', '26', false, 'test_measurement_report'],
  'a leak search on the roof (26): a test record; ARK',
  FDV,
);
add(
  'Sjøsiden hotell/Rapporter/Tilstandsrapport VVS.pdf',
  'pdf',
  A4,
  'TILSTANDSRAPPORT VVS\nSanitæranlegg og varmeanlegg\nTilstandsgrad TG2 for stigeledninger',
  ['RIV', '30', false, 'report'],
  'a condition survey of the HVAC and plumbing (30): RIV',
  'NS 3424 tilstandsanalyse',
);
add(
  'Sjøsiden hotell/HMS/Risikovurdering arbeid i høyden.pdf',
  'pdf',
  A4,
  'RISIKOVURDERING\nArbeid i høyden\nStillas og lift\nTiltak',
  [null, 'MSC', false, 'report'],
  'a risk assessment of the works: no discipline, no part',
  'Byggherreforskriften',
);
add(
  'Sjøsiden hotell/Møter/Referat brukermøte.docx',
  'docx',
  null,
  'Referat brukermøte\nDeltakere: hotelldirektør, arkitekt\nInnredning av lobby',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Sjøsiden hotell/Tilbud/Tilbud tømrerarbeider.pdf',
  'pdf',
  A4,
  'TILBUD\nTømrerarbeider\nInnvendige vegger og himlinger\nTilbudssum kr 4 200 000',
  ['ARK', '20', false, 'offer'],
  'an offer for the carpentry (building, 2x): ARK; the part is the building in general (20)',
  MIN,
);
add(
  'Sjøsiden hotell/Energi/Energiattest hotell.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nHotellbygg\nEnergikarakter C',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate',
  'Enova energimerking',
);
add(
  'Sjøsiden hotell/Diverse/Skjermbilde 2026-03-02 kl. 10.14.22.png',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a screenshot',
  SCAN,
);
add(
  'Sjøsiden hotell/Diverse/Faktura 2026-118.pdf',
  'pdf',
  A4,
  'FAKTURA\nFakturanr 2026-118\nÅ betale kr 48 000',
  [null, 'MSC', false, null],
  'an invoice',
  SCAN,
);
add(
  'Sjøsiden hotell/Modell/SJH-RIB-Konstruksjon.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcBeam IfcColumn IfcSlab IfcFooting',
  ['RIB', '22', false, 'model'],
  'a structural model',
  'IFC deliveries',
);
add(
  'Sjøsiden hotell/FDV/Bygg/Parkett ytelseserklæring.pdf',
  'pdf',
  A4,
  'YTELSESERKLÆRING\nParkett eik 14 mm\nEN 14342',
  ['ARK', '25', false, 'declaration_of_performance'],
  'parquet (255): ARK',
  FDV,
  { category3: '255' },
);

// ------------------------------------------------------------------------ 16. Written after the fifth round of rule changes
// (batch 6), measured before the sixth.
add(
  'Riverbank Leisure Centre/O&M/Section 4 Mechanical/Pool water treatment plant O&M.pdf',
  'pdf',
  A4,
  'OPERATION AND MAINTENANCE\nPool water treatment\nSand filters backwash\nChlorine dosing\npH control',
  ['M', '38', false, 'om_instructions'],
  'pool water treatment is water treatment (38): M',
  UKOM,
);
add(
  'Riverbank Leisure Centre/O&M/Section 4 Mechanical/Pool hall dehumidifier datasheet.pdf',
  'pdf',
  A4,
  'DATASHEET\nPool hall air handling unit with dehumidification\nAirflow 6 m3/s\nHeat pump heat recovery',
  ['M', '36', false, 'product_data_sheet'],
  'an air handling unit (36): M',
  PROD,
);
add(
  'Riverbank Leisure Centre/O&M/Section 4 Mechanical/Legionella risk assessment showers.pdf',
  'pdf',
  A4,
  'LEGIONELLA RISK ASSESSMENT\nShower areas and changing rooms\nHot water storage 60 C\nScheme of control',
  ['P', '31', false, 'report'],
  'an assessment of the shower water systems (31): P',
  'HSE ACoP L8',
);
add(
  'Riverbank Leisure Centre/O&M/Section 5 Electrical/Emergency lighting completion certificate.pdf',
  'pdf',
  A4,
  'EMERGENCY LIGHTING COMPLETION CERTIFICATE\nBS 5266-1\nDuration 3 hours\nDesign, installation and verification',
  ['E', '44', false, 'declaration_of_conformity'],
  'emergency lighting (443): E' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'BS 5266-1 model certificates',
  { category3: '443' },
);
add(
  'Riverbank Leisure Centre/O&M/Section 5 Electrical/Sports hall lighting datasheet.pdf',
  'pdf',
  A4,
  'PRODUCT DATASHEET\nLED high bay luminaire\nBall-impact resistant\n20000 lm',
  ['E', '44', false, 'product_data_sheet'],
  'a luminaire (442): E',
  PROD,
  { category3: '442' },
);
add(
  'Riverbank Leisure Centre/O&M/Section 5 Electrical/CCTV system operating instructions.pdf',
  'pdf',
  A4,
  'OPERATING INSTRUCTIONS\nCCTV system\nRecording and playback\nCamera positions',
  ['E', '55', false, 'user_manual'],
  'video surveillance (55): E',
  PROD,
);
add(
  'Riverbank Leisure Centre/O&M/Section 3 Architectural/Changing cubicles maintenance.pdf',
  'pdf',
  A4,
  'MAINTENANCE\nChanging cubicles and lockers\nClean with non-abrasive cleaner\nCheck hinges and locks monthly',
  ['A', '27', false, 'om_instructions'],
  'cubicles and lockers are fixed furnishings (27): A',
  UKOM,
);
add(
  'Riverbank Leisure Centre/O&M/Section 3 Architectural/Pool tiling cleaning guide.pdf',
  'pdf',
  A4,
  'CLEANING GUIDE\nPool surround and tank tiling\nDaily cleaning with pH neutral cleaner\nGrout inspection',
  ['A', '25', false, 'cleaning_instructions'],
  'floor tiling (25): A, cleaning',
  UKOM,
);
add(
  'Riverbank Leisure Centre/Drawings/Architect/Ground Floor General Arrangement.pdf',
  'pdf',
  A1,
  'GROUND FLOOR GENERAL ARRANGEMENT\nPool hall\nChanging village\nReception\nScale 1:100',
  ['A', '20', true, 'drawing'],
  'a GA plan: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Riverbank Leisure Centre/Drawings/Civils/Drainage Strategy Plan.pdf',
  'pdf',
  A1,
  'DRAINAGE STRATEGY PLAN\nSurface water attenuation\nPermeable paving\nOutfall to watercourse\nScale 1:500',
  ['C', '73', true, 'drawing'],
  'external drainage (73): the civil engineer (C)',
  'UK civil drawing names',
);
add(
  'Riverbank Leisure Centre/Drawings/Structure/Pool Tank Sections.pdf',
  'pdf',
  A1,
  'POOL TANK SECTIONS\nReinforced concrete tank\nWaterproof concrete\nScale 1:50',
  ['S', '22', true, 'drawing'],
  'a reinforced concrete structure: S; structure 22',
  'UK structural drawing names',
);
add(
  'Riverbank Leisure Centre/Handover/Practical Completion Certificate.pdf',
  'pdf',
  A4,
  'PRACTICAL COMPLETION CERTIFICATE\nNEC4 Engineering and Construction Contract\nCompletion date',
  [null, 'MSC', false, 'contract'],
  'a contract certificate',
  MIN,
);
add(
  'Riverbank Leisure Centre/Meetings/Technical Meeting 3 Minutes.pdf',
  'pdf',
  A4,
  'TECHNICAL MEETING 3\nPresent: M&E consultant, contractor\nPool plant room access\nActions',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Riverbank Leisure Centre/Energy/EPC Leisure Centre.pdf',
  'pdf',
  A4,
  'Energy performance certificate\nNon-domestic\nAsset rating D 88',
  [null, 'MSC', false, 'energy_certificate'],
  'an EPC',
  'UK EPC register layout',
);
add(
  'Riverbank Leisure Centre/Scans/Doc 14-03-2026 09.41.pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'an empty scan',
  SCAN,
);
add(
  'Riverbank Leisure Centre/Correspondence/Re Pool cover warranty.eml',
  'eml',
  null,
  'From: supplier\nSubject: Re: Pool cover warranty\nThe warranty has been extended to 5 years.',
  [null, 'MSC', false, null],
  'an e-mail',
  SCAN,
);
add(
  'Tangen videregående skole/FDV/Ventilasjon/Aggregat 360.003 FDV-perm.pdf',
  'pdf',
  A4,
  'FDV-perm\nVentilasjonsaggregat 360.003\nFilterskift\nReservedeler',
  ['RIV', '36', false, 'om_instructions'],
  "a ventilation unit's FDV binder: 36",
  FDV,
);
add(
  'Tangen videregående skole/FDV/Rør/Sprinkler FG-attest 2026.pdf',
  'pdf',
  A4,
  'FG-ATTEST\nSprinkleranlegg\nKontrollert etter FG-regler',
  ['RIV', '33', false, 'certificate'],
  'a sprinkler certificate: 332',
  FDV,
  { category3: '332' },
);
add(
  'Tangen videregående skole/FDV/Rør/Varmtvannsbereder datablad.pdf',
  'pdf',
  A4,
  'Datablad\nVarmtvannsbereder 500 liter\nEffekt 12 kW',
  ['RIV', '31', false, 'product_data_sheet'],
  'a hot water heater (31): RIV',
  PROD,
);
add(
  'Tangen videregående skole/FDV/Elektro/Lysstyring DALI brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nLysstyring DALI\nScenevalg i auditorium',
  ['RIE', '44', false, 'user_manual'],
  'lighting control (44): RIE',
  FDV,
);
add(
  'Tangen videregående skole/FDV/Elektro/Jordfeilbryter test protokoll.pdf',
  'pdf',
  A4,
  'Testprotokoll\nJordfeilbrytere\nUtløsetid målt\nAlle godkjent',
  ['RIE', '43', false, 'test_measurement_report'],
  'tests of the residual current devices (43): RIE',
  FDV,
);
add(
  'Tangen videregående skole/FDV/Bygg/Innvendige glassvegger FDV.pdf',
  'pdf',
  A4,
  'FDV\nInnvendige glassvegger\nRengjøring av glass\nJustering av dører',
  ['ARK', '24', false, 'om_instructions'],
  'internal glass walls (24): ARK',
  FDV,
);
add(
  'Tangen videregående skole/FDV/Bygg/Taktekking garanti.pdf',
  'pdf',
  A4,
  'GARANTI\nTaktekking med asfaltbelegg\n10 års garanti',
  ['ARK', '26', false, 'warranty'],
  'roofing (26): ARK',
  FDV,
);
add(
  'Tangen videregående skole/FDV/Utomhus/Ballbinge FDV.pdf',
  'pdf',
  A4,
  'FDV\nBallbinge med kunstgress\nEtterfylling av gummigranulat\nKontroll av vant',
  ['LARK', '77', false, 'om_instructions'],
  "an outdoor sports pitch in the park and garden part (77)? a sports area is 77 by NS 3451's parks, sports and play",
  FDV,
);
add(
  'Tangen videregående skole/Tegninger/Snitt B-B.pdf',
  'pdf',
  A1,
  'SNITT B-B\n+8,40 tak\n+0,00 1. etasje\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  'a building section: ARK, 20',
  FDV,
);
add(
  'Tangen videregående skole/Tegninger/RIV/Sanitær plan 2.pdf',
  'pdf',
  A1,
  'SANITÆR PLAN 2\nWC\nServant\nSpillvann\nMålestokk 1:50',
  ['RIV', '31', true, 'drawing'],
  'a sanitary plan: RIV, 31',
  FDV,
);
add(
  'Tangen videregående skole/Tegninger/RIE/Brannalarm plan 1.pdf',
  'pdf',
  A1,
  'BRANNALARM PLAN 1\nRøykdetektor\nManuell melder\nSirene\nMålestokk 1:100',
  ['RIE', '54', true, 'drawing'],
  'a fire alarm plan: RIE, 542',
  FDV,
  { category3: '542' },
);
add(
  'Tangen videregående skole/Rapporter/Radonmåling skole.pdf',
  'pdf',
  A4,
  'Radonmåling\nSporfilm i 12 rom\nÅrsmiddel 60 Bq/m3',
  ['RIByFy', '20', false, 'test_measurement_report'],
  'radon, the whole building: RIByFy',
  FDV,
);
add(
  'Tangen videregående skole/Rapporter/Brannrapport rømning.pdf',
  'pdf',
  A4,
  'BRANNTEKNISK RAPPORT\nRømningsberegning for auditorium\nRømningstid 3 minutter',
  ['RIBr', '20', false, 'fire_strategy'],
  'a fire safety report: RIBr, 20',
  FDV,
);
add(
  'Tangen videregående skole/Uavhengig kontroll/Kontrollerklæring RIB.pdf',
  'pdf',
  A4,
  'KONTROLLERKLÆRING\nUavhengig kontroll av konstruksjonssikkerhet\nIngen åpne avvik',
  ['RIB', '20', false, 'independent_control_report'],
  'control of the structural design: RIB; whole building 20',
  DIBK,
);
add(
  'Tangen videregående skole/Møter/Referat byggemøte 22.pdf',
  'pdf',
  A4,
  'BYGGEMØTE 22\nTilstede: byggherre, entreprenør\nSak 22.1 Tak\nSak 22.2 Heis',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Tangen videregående skole/Kontrakt/Kontrakt elektroentreprise.pdf',
  'pdf',
  A4,
  'KONTRAKT\nElektroentreprise\nNS 8405\nKontraktssum',
  ['RIE', '40', false, 'contract'],
  'a contract naming the electrical trade: RIE, 40',
  MIN,
);
add(
  'Tangen videregående skole/Energi/Energiattest.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nSkolebygg\nEnergikarakter B',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate',
  'Enova energimerking',
);
add(
  'Tangen videregående skole/HMS/Stillasplan.pdf',
  'pdf',
  A4,
  'STILLASPLAN\nStillas langs fasade nord\nForankring\nKontroll',
  [null, 'MSC', false, 'report'],
  'a scaffolding plan for the works (a works health and safety folder): no part',
  'Byggherreforskriften',
);
add(
  'Tangen videregående skole/Modell/TVS-ARK.ifc',
  'ifc',
  null,
  'IFC4 IfcProject IfcWall IfcSlab IfcStair',
  ['ARK', '20', false, 'model'],
  "an architect's model",
  'IFC deliveries',
);
add(
  'Tangen videregående skole/Diverse/IMG_8812.HEIC.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a photo',
  SCAN,
);

// ------------------------------------------------------------------------ 17. Written after the sixth round of rule changes
// (batch 7), measured before the seventh.
add(
  'Harrow Road Apartments/O&M/02 Architectural/Balcony glazing maintenance.pdf',
  'pdf',
  A4,
  'MAINTENANCE\nBalcony glass balustrades\nClean glass quarterly\nInspect fixings annually',
  ['A', '28', false, 'om_instructions'],
  'balcony balustrades belong to stairs, balconies etc. (28): A',
  UKOM,
);
add(
  'Harrow Road Apartments/O&M/02 Architectural/Front entrance door hardware schedule.pdf',
  'pdf',
  A4,
  'IRONMONGERY SCHEDULE\nEntrance doors\nLever handles, locks, closers, panic bars',
  ['A', '23', false, 'description'],
  'ironmongery of the external entrance doors (234): a schedule (description)',
  UKOM,
);
add(
  'Harrow Road Apartments/O&M/03 Mechanical/Heat interface unit commissioning.pdf',
  'pdf',
  A4,
  'COMMISSIONING RECORD\nHeat interface unit, flat 22\nPrimary flow and return temperatures\nDHW flow rate',
  ['M', '32', false, 'commissioning_report'],
  'a heat interface unit of district heating (32): M',
  'CIBSE CP1 heat networks',
);
add(
  'Harrow Road Apartments/O&M/03 Mechanical/Water meter schedule.xlsx',
  'xlsx',
  null,
  'WATER METER SCHEDULE\nFlat\tMeter serial\tLocation',
  ['P', '31', false, 'description'],
  'a schedule of domestic water meters (31): P',
  UKOM,
);
add(
  'Harrow Road Apartments/O&M/04 Electrical/EV charger installation certificate.pdf',
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CERTIFICATE\nElectric vehicle charging points\nBS 7671 section 722\nSchedule of test results',
  ['E', '43', false, 'declaration_of_conformity'],
  'EV chargers are low-voltage supply (43): E' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  BS7671,
);
add(
  'Harrow Road Apartments/O&M/04 Electrical/Smoke alarm user leaflet.pdf',
  'pdf',
  A4,
  'USER LEAFLET\nMains smoke alarm with battery backup\nTesting weekly\nSilencing a false alarm',
  ['E', '54', false, 'user_manual'],
  'a smoke alarm (542): E',
  PROD,
  { category3: '542' },
);
add(
  'Harrow Road Apartments/O&M/04 Electrical/Photovoltaic system handover pack.pdf',
  'pdf',
  A4,
  'PV SYSTEM HANDOVER\nMCS certificate\nArray layout\nInverter commissioning',
  ['E', '49', false, 'om_instructions'],
  'solar panels (49): E',
  'MCS installation standards',
);
add(
  'Harrow Road Apartments/O&M/05 Lifts/Lift maintenance contract.pdf',
  'pdf',
  A4,
  'LIFT MAINTENANCE CONTRACT\nComprehensive maintenance\nQuarterly visits\nCallout within 4 hours',
  [null, '62', false, 'contract'],
  'a maintenance contract that names its equipment: lifts (62)' +
    ' (relabelled for issue 50: equipment no designer draws has no discipline)',
  MIN,
);
add(
  'Harrow Road Apartments/Drawings/Architect/Typical Floor Plan Levels 2-6.pdf',
  'pdf',
  A1,
  'TYPICAL FLOOR PLAN\nLevels 2 to 6\nFlat types A, B, C\nScale 1:100',
  ['A', '20', true, 'drawing'],
  'a GA plan: A, 20',
  'UK title block conventions (RIBA)',
);
add(
  'Harrow Road Apartments/Drawings/Mechanical/MVHR Duct Layout Level 3.pdf',
  'pdf',
  A1,
  'MVHR DUCT LAYOUT LEVEL 3\nSupply and extract ducts\nScale 1:50',
  ['M', '36', true, 'drawing'],
  'a ventilation layout: M, 36',
  'UK building services drawing names',
);
add(
  'Harrow Road Apartments/Drawings/Electrical/As Built Lighting Layout Level 1.pdf',
  'pdf',
  A1,
  'AS BUILT\nLIGHTING LAYOUT LEVEL 1\nScale 1:50',
  ['E', '44', true, 'as_built_drawing'],
  'an as-built lighting layout: E, 44',
  'UK building services drawing names',
);
add(
  'Harrow Road Apartments/Fire/Fire Safety Strategy Gateway 2.pdf',
  'pdf',
  A4,
  'FIRE STRATEGY\nBuilding Safety Act gateway 2\nHigher-risk building\nEvacuation strategy',
  ['Y', '20', false, 'fire_strategy'],
  'a fire strategy for the whole building: Y, 20',
  'Building Safety Act gateways',
);
add(
  'Harrow Road Apartments/Handover/Home User Guide.pdf',
  'pdf',
  A4,
  'HOME USER GUIDE\nYour heating\nYour ventilation\nYour electrics\nWho to contact',
  [null, 'MSC', false, 'user_manual'],
  'a guide to the whole flat for its residents: every trade, no part',
  UKOM,
);
add(
  'Harrow Road Apartments/Meetings/Design Review Minutes 11.pdf',
  'pdf',
  A4,
  'DESIGN REVIEW 11\nMinutes\nPresent\nFacade samples\nActions',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Harrow Road Apartments/Commercial/Variation Quotation 14.pdf',
  'pdf',
  A4,
  'QUOTATION\nVariation 14\nAdditional sockets in flats\nPrice £4,800',
  ['E', '43', false, 'offer'],
  'a quotation for extra sockets (43): E',
  MIN,
);
add(
  'Harrow Road Apartments/Energy/EPC Flat 31.pdf',
  'pdf',
  A4,
  'Energy performance certificate\nFlat 31\nEnergy rating B',
  [null, 'MSC', false, 'energy_certificate'],
  'an EPC',
  'UK EPC register layout',
);
add(
  'Harrow Road Apartments/Scans/Scanned Document 7.pdf',
  'pdf',
  A4,
  '',
  [null, 'MSC', false, null],
  'an empty scan',
  SCAN,
);
add(
  'Harrow Road Apartments/Correspondence/Snagging comments from client.msg',
  'msg',
  null,
  'Subject: Snagging comments\nPlease see the attached list of defects in flats 12 to 18.',
  [null, 'MSC', false, null],
  'an e-mail',
  SCAN,
);
add(
  'Solbakken kontorpark/FDV/Ventilasjon/Brannspjeld FDV.pdf',
  'pdf',
  A4,
  'FDV\nBrannspjeld med motor\nÅrlig funksjonstest\nKontroll av sikring',
  ['RIV', '36', false, 'om_instructions'],
  'fire dampers sit in the ventilation ducts (36): RIV',
  FDV,
);
add(
  'Solbakken kontorpark/FDV/Kjøling/Kjølebafler produktdatablad.pdf',
  'pdf',
  A4,
  'Produktdatablad\nAktiv kjølebaffel\nKjøleeffekt 900 W',
  ['RIV', '37', false, 'product_data_sheet'],
  'chilled beams are comfort cooling (37): RIV',
  PROD,
);
add(
  'Solbakken kontorpark/FDV/Elektro/Nødlysanlegg sentralbatteri FDV.pdf',
  'pdf',
  A4,
  'FDV\nNødlysanlegg med sentralbatteri\nMånedlig test\nBatteriskift',
  ['RIE', '44', false, 'om_instructions'],
  'emergency lighting (443): RIE',
  FDV,
  { category3: '443' },
);
add(
  'Solbakken kontorpark/FDV/Elektro/Tavledokumentasjon hovedtavle.pdf',
  'pdf',
  A4,
  'Tavledokumentasjon\nHovedtavle H1\nEnlinjeskjema\nKursfortegnelse',
  ['RIE', '43', false, 'circuit_schedule'],
  'switchboard documentation (43)',
  FDV,
);
add(
  'Solbakken kontorpark/FDV/Tele/Datanett sertifiseringsrapport.pdf',
  'pdf',
  A4,
  'Sertifiseringsrapport\nKategori 6A kabling\nAlle linker testet og godkjent',
  ['RIE', '52', false, 'test_measurement_report'],
  'a test of the data cabling (52): RIE',
  FDV,
);
add(
  'Solbakken kontorpark/FDV/Bygg/Systemhimling monteringsanvisning.pdf',
  'pdf',
  A4,
  'Monteringsanvisning\nSystemhimling 600x600\nBæreskinner og oppheng',
  ['ARK', '25', false, 'installation_instructions'],
  'a suspended ceiling (25 floors and ceilings): ARK',
  PROD,
);
add(
  'Solbakken kontorpark/FDV/Bygg/Solavskjerming utvendig FDV.pdf',
  'pdf',
  A4,
  'FDV\nUtvendig solavskjerming\nScreens med motor\nVindvakt',
  ['ARK', '23', false, 'om_instructions'],
  'external sun shading belongs to the external walls (23): ARK',
  FDV,
);
add(
  'Solbakken kontorpark/Tegninger/RIB/Stålkonstruksjoner plan 3.pdf',
  'pdf',
  A1,
  'STÅLKONSTRUKSJONER PLAN 3\nHEB 240\nHulldekker\nMålestokk 1:100',
  ['RIB', '22', true, 'drawing'],
  'the steel frame (22): RIB',
  FDV,
);
add(
  'Solbakken kontorpark/Tegninger/Fasade øst.pdf',
  'pdf',
  A1,
  'FASADE ØST\nGlassfasade\nSolavskjerming\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  'an elevation of the building: ARK, 20',
  FDV,
);
add(
  'Solbakken kontorpark/Rapporter/Termografering fasade.pdf',
  'pdf',
  A4,
  'Termografering\nYttervegger og vinduer\nKuldebroer ved søyler',
  ['RIByFy', '23', false, 'test_measurement_report'],
  'thermography of the external walls: RIByFy, 23',
  FDV,
);
add(
  'Solbakken kontorpark/Rapporter/Energiberegning TEK17.pdf',
  'pdf',
  A4,
  'ENERGIBEREGNING\nTEK17 kapittel 14\nSIMIEN\nRammekrav oppfylt',
  ['RIEn', '20', false, 'energy_certificate'],
  'an energy calculation by the energy consultant: RIEn, 20',
  FDV,
);
add(
  'Solbakken kontorpark/Møter/Referat prosjektmøte 8.pdf',
  'pdf',
  A4,
  'PROSJEKTMØTE 8\nReferat\nDeltakere\nFremdrift og økonomi',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Solbakken kontorpark/Tilbud/Tilbud ventilasjon og kjøling.pdf',
  'pdf',
  A4,
  'TILBUD\nVentilasjon og kjøling\nTilbudssum kr 12 400 000',
  ['RIV', '30', false, 'offer'],
  'an offer spanning ventilation and cooling: RIV, the general 30',
  MIN,
);
add(
  'Solbakken kontorpark/Byggesak/Ferdigattest Solbakken.pdf',
  'pdf',
  A4,
  'FERDIGATTEST\nplan- og bygningsloven § 21-10',
  ['ARK', '20', false, 'permit_documents'],
  'permit documents',
  DIBK,
);
add(
  'Fjellheim skule/FDV/Ventilasjon/Ventilasjonsaggregat brukarrettleiing.pdf',
  'pdf',
  A4,
  'Brukarrettleiing\nVentilasjonsaggregat\nTidsprogram\nFilterbyte',
  ['RIV', '36', false, 'user_manual'],
  'a ventilation unit (nynorsk): RIV, 36',
  PROD,
);
add(
  'Fjellheim skule/FDV/Sanitær/Reinhaldsrettleiing våtrom.pdf',
  'pdf',
  A4,
  'Reinhaldsrettleiing\nVåtrom\nVask av fliser og sluk',
  ['ARK', '25', false, 'cleaning_instructions'],
  "cleaning of wet rooms (nynorsk 'reinhald'): ARK, 25",
  FDV,
);
add(
  'Fjellheim skule/Møte/Byggjemøte 6 referat.pdf',
  'pdf',
  A4,
  'BYGGJEMØTE 6\nTil stades\nSak 6.1 Framdrift',
  [null, 'MSC', false, 'meeting_minutes'],
  "minutes (nynorsk 'byggjemøte')",
  MIN,
);
add(
  'Fjellheim skule/Teikningar/Plan 1. etasje.pdf',
  'pdf',
  A1,
  'PLAN 1. ETASJE\nKlasserom\nGarderobe\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's plan",
  FDV,
);

// ------------------------------------------------------------------------ 18. Written after the seventh and last round of rule
// changes (batch 8): no rule was changed after it was written.
add(
  'Westgate Office Campus/O&M/Vol 2 Mechanical/VRF system service manual.pdf',
  'pdf',
  A4,
  'SERVICE MANUAL\nVRF heat recovery system\nOutdoor units\nRefrigerant charge\nFault codes',
  ['M', '37', false, 'om_instructions'],
  'a VRF system is cooling (37): M',
  PROD,
);
add(
  'Westgate Office Campus/O&M/Vol 2 Mechanical/Rainwater harvesting tank installation guide.pdf',
  'pdf',
  A4,
  'INSTALLATION GUIDE\nRainwater harvesting tank\nExcavation and backfill\nPump and controls',
  ['P', '31', false, 'installation_instructions'],
  'rainwater reuse for WCs is sanitary water (31): P',
  PROD,
);
add(
  'Westgate Office Campus/O&M/Vol 2 Mechanical/BMS points schedule.xlsx',
  'xlsx',
  null,
  'BMS POINTS SCHEDULE\nPoint\tType\tDescription\nAHU1-SAT\tAI\tSupply air temperature',
  ['E', '56', false, 'description'],
  "a schedule of the building management system's points (56): a description; 5x is the electrical engineer's (E)",
  UKOM,
);
add(
  'Westgate Office Campus/O&M/Vol 3 Electrical/Lightning protection certificate.pdf',
  'pdf',
  A4,
  'CERTIFICATE\nLightning protection system\nBS EN 62305\nDesigned, installed and tested',
  ['E', '41', false, 'declaration_of_conformity'],
  'lightning protection (41): E' +
    " (relabelled for issue 50: an installer's certificate that the installation meets its standard is a declaration_of_conformity)",
  'BS EN 62305 certificates',
);
add(
  'Westgate Office Campus/O&M/Vol 3 Electrical/Access control operator guide.pdf',
  'pdf',
  A4,
  'OPERATOR GUIDE\nAccess control system\nAdding card holders\nDoor schedules',
  ['E', '54', false, 'user_manual'],
  'access control (54): E',
  PROD,
);
add(
  'Westgate Office Campus/O&M/Vol 3 Electrical/UPS battery test record.pdf',
  'pdf',
  A4,
  'UPS BATTERY TEST RECORD\nDischarge test 15 minutes\nCell voltages recorded\nPass',
  ['E', '46', false, 'test_measurement_report'],
  'a UPS is reserve power (46): E',
  'UPS maintenance practice',
);
add(
  'Westgate Office Campus/O&M/Vol 1 Architectural/Raised access floor maintenance.pdf',
  'pdf',
  A4,
  'MAINTENANCE\nRaised access floor\nPanel lifting\nPedestal adjustment',
  ['A', '25', false, 'om_instructions'],
  'a raised floor (25): A',
  UKOM,
);
add(
  'Westgate Office Campus/O&M/Vol 1 Architectural/Curtain wall cleaning and maintenance.pdf',
  'pdf',
  A4,
  'CLEANING AND MAINTENANCE\nUnitised curtain wall\nGasket inspection\nGlass cleaning',
  ['A', '23', false, 'om_instructions'],
  'a curtain wall (23): A',
  UKOM,
);
add(
  'Westgate Office Campus/Drawings/Architect/Level 3 Reflected Ceiling Plan.pdf',
  'pdf',
  A1,
  'LEVEL 3 REFLECTED CEILING PLAN\nSuspended ceiling grid 600x600\nLight fittings\nScale 1:100',
  ['A', '25', true, 'drawing'],
  'a ceiling plan: ceilings are part of 25 (himling)',
  'UK title block conventions (RIBA)',
);
add(
  'Westgate Office Campus/Drawings/Structure/Piling Layout.pdf',
  'pdf',
  A1,
  'PILING LAYOUT\nCFA piles 600 dia\nPile caps\nScale 1:200',
  ['S', '21', true, 'drawing'],
  'piles (215): S, 21',
  'UK structural drawing names',
);
add(
  'Westgate Office Campus/Drawings/Landscape/External Works General Arrangement.pdf',
  'pdf',
  A1,
  'EXTERNAL WORKS GENERAL ARRANGEMENT\nHard landscaping\nTree planting\nCycle stands\nScale 1:200',
  ['L', '70', true, 'drawing'],
  'external works of the whole site (70): L',
  'UK landscape drawing names',
);
add(
  'Westgate Office Campus/Handover/Soft Landings Plan.pdf',
  'pdf',
  A4,
  'SOFT LANDINGS PLAN\nBSRIA BG 54\nAftercare period\nSeasonal commissioning',
  [null, 'MSC', false, 'report'],
  'a soft landings plan for the whole project: no discipline, no part',
  'BSRIA BG 54',
);
add(
  'Westgate Office Campus/Commercial/Collateral Warranty M&E Subcontractor.pdf',
  'pdf',
  A4,
  'DEED OF COLLATERAL WARRANTY\nMechanical and electrical subcontractor\nIn favour of the tenant',
  [null, 'MSC', false, 'contract'],
  'a collateral warranty is a contract deed, not a product warranty; it covers the whole M&E package: no single part',
  MIN,
);
add(
  'Westgate Office Campus/Meetings/Pre-handover Meeting Minutes.docx',
  'docx',
  null,
  'PRE-HANDOVER MEETING\nAttendees\nO&M manual status\nTraining dates\nActions',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Westgate Office Campus/Energy/Display Energy Certificate.pdf',
  'pdf',
  A4,
  'Display energy certificate\nOperational rating 65',
  [null, 'MSC', false, 'energy_certificate'],
  'a DEC',
  'UK DEC register',
);
add(
  'Westgate Office Campus/Scans/IMG_20260311_101512.jpg',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a phone photo',
  SCAN,
);
add(
  'Westgate Office Campus/Correspondence/RE_ Door access query.msg',
  'msg',
  null,
  'Subject: RE: Door access query\nThe access control programming is complete.',
  [null, 'MSC', false, null],
  'an e-mail',
  SCAN,
);
add(
  'Havnelageret kulturhus/FDV/Scenteknikk/Scenelys brukerveiledning.pdf',
  'pdf',
  A4,
  'Brukerveiledning\nScenelys\nLysbord\nDMX-adresser',
  ['RIE', '44', false, 'user_manual'],
  'stage lighting (44): RIE',
  PROD,
);
add(
  'Havnelageret kulturhus/FDV/Ventilasjon/Filteroversikt aggregater.xlsx',
  'xlsx',
  null,
  'Filteroversikt\nAggregat\tFilterklasse\tMål\n360.001\tePM1 55 %\t592x592',
  ['RIV', '36', false, 'description'],
  "a list of the ventilation units' filters (36): a description",
  FDV,
);
add(
  'Havnelageret kulturhus/FDV/Rør/Pumper produktdatablad.pdf',
  'pdf',
  A4,
  'Produktdatablad\nSirkulasjonspumpe varme\nEffekt 120 W',
  ['RIV', '32', false, 'product_data_sheet'],
  'a heating circulation pump (32): RIV',
  PROD,
);
add(
  'Havnelageret kulturhus/FDV/Elektro/Samsvarserklæring tavler.pdf',
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nLavspenningstavler\nNEK EN 61439',
  ['RIE', '43', false, 'declaration_of_conformity'],
  'switchboards (43): RIE',
  FDV,
);
add(
  'Havnelageret kulturhus/FDV/Bygg/Akustikkplater himling FDV.pdf',
  'pdf',
  A4,
  'FDV\nAkustikkplater i himling\nRengjøring med støvsuger\nUtskifting av skadde plater',
  ['ARK', '25', false, 'om_instructions'],
  'acoustic ceiling panels (25): ARK',
  FDV,
);
add(
  'Havnelageret kulturhus/FDV/Bygg/Teleskoptribune FDV.pdf',
  'pdf',
  A4,
  'FDV\nTeleskoptribune\nÅrlig kontroll av låsemekanismer\nSmøring',
  ['ARK', '28', false, 'om_instructions'],
  'retractable seating: ARK (relabelled for issue 50: the part follows the content, and NS 3451 names it, 285 "tribuner og amfier")',
  FDV,
);
add(
  'Havnelageret kulturhus/FDV/Utomhus/Brygge og kaikant vedlikehold.pdf',
  'pdf',
  A4,
  'Vedlikehold\nBrygge og kaikant\nKontroll av fendere\nRekkverk',
  ['LARK', '70', false, 'om_instructions'],
  'the quay and jetty are outdoor works (70 general): LARK',
  FDV,
);
add(
  'Havnelageret kulturhus/Tegninger/Plan scene.pdf',
  'pdf',
  A1,
  'PLAN SCENE\nScenegulv\nSidescener\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's plan",
  FDV,
);
add(
  'Havnelageret kulturhus/Tegninger/RIE/Føringsveier scenerigg.pdf',
  'pdf',
  A1,
  'FØRINGSVEIER SCENERIGG\nKabelbru\nMålestokk 1:50',
  ['RIE', '41', true, 'drawing'],
  'cable routes (41): RIE',
  FDV,
);
add(
  'Havnelageret kulturhus/Rapporter/Etterklangstidsmåling storsal.pdf',
  'pdf',
  A4,
  'Etterklangstidsmåling\nStorsal\nT30 per oktavbånd',
  ['RIAku', '20', false, 'test_measurement_report'],
  'room acoustics: RIAku, 20',
  FDV,
);
add(
  'Havnelageret kulturhus/Rapporter/Brannteknisk notat scene.pdf',
  'pdf',
  A4,
  'BRANNTEKNISK NOTAT\nScenerom\nRøykluker\nBrannteppe',
  ['RIBr', '20', false, 'fire_strategy'],
  'a fire memo: RIBr, 20',
  FDV,
);
add(
  'Havnelageret kulturhus/Møter/Referat brukermøte 3.docx',
  'docx',
  null,
  'Referat brukermøte 3\nKulturetaten\nScenekrav',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes',
  MIN,
);
add(
  'Havnelageret kulturhus/Kontrakt/Kontrakt scenemaskineri.pdf',
  'pdf',
  A4,
  'KONTRAKT\nScenemaskineri\nNS 8407\nKontraktssum',
  [null, '64', false, 'contract'],
  "a contract for stage machinery: no trade in the catalogue's sense (relabelled for issue 50: equipment no designer draws keeps its part, stage equipment 64)",
  MIN,
);
add(
  'Havnelageret kulturhus/Energi/Energiattest kulturhus.pdf',
  'pdf',
  A4,
  'ENERGIATTEST\nKulturbygg\nEnergikarakter C',
  [null, 'MSC', false, 'energy_certificate'],
  'an energy certificate',
  'Enova energimerking',
);
add(
  'Havnelageret kulturhus/Diverse/Skjermbilde 2026-01-12.png',
  'image',
  null,
  '',
  [null, 'MSC', false, 'photo'],
  'a screenshot',
  SCAN,
);
add(
  'Fjordtun bustader/FDV/Ventilasjon/Balansert ventilasjon brukarrettleiing.pdf',
  'pdf',
  A4,
  'Brukarrettleiing\nBalansert ventilasjon\nFilterbyte\nEco-modus',
  ['RIV', '36', false, 'user_manual'],
  'balanced ventilation (nynorsk): RIV, 36',
  PROD,
);
add(
  'Fjordtun bustader/FDV/Elektro/Kursoversikt leilegheit 3.pdf',
  'pdf',
  A4,
  'Kursoversikt\nLeilegheit 3\nKurs 1 lys\nKurs 2 stikk',
  ['RIE', '43', false, 'circuit_schedule'],
  'a circuit schedule (nynorsk): 43',
  FDV,
);
add(
  'Fjordtun bustader/Teikningar/Situasjonsplan.pdf',
  'pdf',
  A1,
  'SITUASJONSPLAN\nTomtegrense\nParkering\nMålestokk 1:500',
  ['LARK', '70', true, 'drawing'],
  'a site plan: 70, LARK',
  FDV,
);
add(
  'Fjordtun bustader/Møte/Referat byggjemøte 2.pdf',
  'pdf',
  A4,
  'BYGGJEMØTE 2\nReferat\nFramdrift',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes (nynorsk)',
  MIN,
);

// Batch 9 (independent-batch9.ts): written for issue 50 after its last rule change, measured untouched.
for (const b of BATCH9) {
  add(
    b.path,
    b.kind,
    b.size,
    b.text,
    b.labels,
    b.reason,
    b.source,
    b.category3 ? { category3: b.category3 } : undefined,
  );
  Object.assign(items[items.length - 1]!, { language: b.language, classes: b.classes });
}

// When each item was written: batch 1 before any rule was changed for issue 19, batch 2 after the first round of changes
// and before the second, and so on: batch 8 after the seventh and last of issue 19; batch 9 after the last change for
// issue 50. A batch measures the rules as they were when it was written; its misses were read only after it was measured.
const BATCH_ENDS = [94, 157, 198, 236, 272, 308, 344, 380];
items.forEach((item, i) => {
  item.batch = 1 + BATCH_ENDS.filter((end) => i >= end).length;
});

writeFileSync(new URL('./independent.jsonl', import.meta.url), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
console.log(`wrote ${items.length} items to independent.jsonl`);
