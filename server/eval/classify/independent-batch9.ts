/**
 * Batch 9 of the independent set, written after the last rule change for issue 50 and measured untouched. Each item
 * names what it was modelled on (`source`) and why its labels are what they are (`reason`), and states its language
 * and the classes of issue 50 it tests. Projects, names and wording are new: none of them occurs in the tuning set.
 *
 * Modelled on: the FDV delivery requirements public Norwegian owners publish (Statsbygg's TFM-numbered FDV structure
 * and document types, Omsorgsbygg's and Undervisningsbygg's NS 3451-numbered FDV folders and their lists of required
 * documents: driftsinstruks, produktdatablad, samsvarserklæring, innreguleringsprotokoll, kontrollrapporter), DiBK's
 * permit forms by their numbers and titles, the model forms of BS 7671, BS 5839-1 Annex G, BS 5266-1 and the Gas
 * Safety Regulations, BSRIA BG 1's O&M manual sections, LOLER, and ISO 19650-2 UK National Annex names.
 */
import type { FileKind } from '../../src/domain/pipeline/extraction.types.js';
import { A1, A3, A4, type IssueClass, type LabelTuple, type Language } from './eval-item.js';

export interface Batch9Item {
  path: string;
  kind: FileKind;
  size: [number, number] | null;
  text: string;
  labels: LabelTuple;
  reason: string;
  source: string;
  language: Language;
  classes: IssueClass[];
  category3?: string;
}

const STATSBYGG = 'Statsbygg FDV requirements: TFM-numbered systems (PA 0802) and the document types they ask for';
const OMSORG = "Omsorgsbygg Oslo KF's FDV guidance: NS 3451-numbered folders and required document types";
const UBF = "Undervisningsbygg Oslo KF's FDV requirements for schools: NS 3451 folders, outdoor and special equipment";
const DIBK = 'DiBK permit forms by number and title (5174, 5181, 5185, 5167, 5168, 5180, 5184, 5154)';
const BS7671 = 'BS 7671 model forms (EIC, minor works, EICR)';
const BS5839 = 'BS 5839-1 Annex G model certificates (installation, commissioning, acceptance, servicing)';
const BS5266 = 'BS 5266-1 model certificates (completion, periodic inspection and test)';
const BG1 = 'BSRIA BG 1 O&M manual sections and their usual contents';
const ISO = 'ISO 19650-2 UK National Annex names (project-originator-volume-level-type-role-number)';
const MAKER = "manufacturers' published document titles (English documents in Norwegian projects)";
const LOLER = 'LOLER 1998 thorough examination reports and lift handover practice';

const items: Batch9Item[] = [];
function add(
  path: string,
  kind: FileKind,
  size: [number, number] | null,
  text: string,
  labels: LabelTuple,
  reason: string,
  source: string,
  language: Language,
  classes: IssueClass[],
  category3?: string,
): void {
  items.push({
    path,
    kind,
    size,
    text,
    labels,
    reason,
    source,
    language,
    classes,
    ...(category3 ? { category3 } : {}),
  });
}

// ------------------------------------------------------------------ Ringstad ungdomsskole (bokmål; Undervisningsbygg-style)
const R = 'Ringstad ungdomsskole';
add(
  `${R}/FDV/3 VVS/36 Luftbehandling/Aggregat 360.001 driftsinstruks.pdf`,
  'pdf',
  A4,
  'DRIFTSINSTRUKS\nVentilasjonsaggregat 360.001\nDriftstider og settpunkter\nAlarmer og tiltak',
  ['RIV', '36', false, 'om_instructions'],
  'operating instructions of an air handling unit (36): RIV',
  UBF,
  'nb',
  [],
);
add(
  `${R}/FDV/3 VVS/36 Luftbehandling/Brannspjeld motor samsvarserklæring.pdf`,
  'pdf',
  A4,
  'EU-samsvarserklæring\nSpjeldmotor for brannspjeld\nLavspenningsdirektivet og EMC-direktivet',
  ['RIV', '36', false, 'declaration_of_conformity'],
  "a product's declaration of conformity for fire damper actuators: dampers are ventilation (36), RIV",
  UBF,
  'nb',
  ['information-type'],
);
add(
  `${R}/FDV/3 VVS/33 Brannslokking/Sprinkleranlegg kontrollrapport 2025.pdf`,
  'pdf',
  A4,
  'KONTROLLRAPPORT\nSprinkleranlegg\nÅrlig kontroll etter FG-regler\nAlarmventil prøvd, pumpe startet',
  ['RIV', '33', false, 'test_measurement_report'],
  'an annual inspection of the sprinkler system: a periodic inspection is a test report; sprinklers 332, RIV',
  UBF,
  'nb',
  ['information-type'],
  '332',
);
add(
  `${R}/FDV/3 VVS/31 Sanitær/Dusjpanel garderobe produktdatablad.pdf`,
  'pdf',
  A4,
  'PRODUKTDATABLAD\nDusjpanel med termostat og tidsstyring\nFor garderober i skoler og idrettshaller',
  ['RIV', '31', false, 'product_data_sheet'],
  'a shower panel (31): RIV',
  UBF,
  'nb',
  [],
);
add(
  `${R}/FDV/3 VVS/32 Varme/Fjernvarmesentral innreguleringsprotokoll.pdf`,
  'pdf',
  A4,
  'INNREGULERINGSPROTOKOLL\nFjernvarmesentral og radiatorkurser\nProsjektert og målt vannmengde per kurs',
  ['RIV', '32', false, 'commissioning_report'],
  'balancing of the heating circuits (32): commissioning, RIV',
  UBF,
  'nb',
  ['information-type'],
);
add(
  `${R}/FDV/3 VVS/36 Luftbehandling/Avsug sløydsal FDV.pdf`,
  'pdf',
  A4,
  'FDV-dokumentasjon\nSponavsug for sløydsal\nVifte, filter og sekk for spon',
  ['RIV', '36', false, 'om_instructions'],
  'a dust extraction unit for a woodwork room: an extract fan with filters, ventilation (36), RIV',
  UBF,
  'nb',
  ['ns-groups'],
);
add(
  `${R}/FDV/4 Elkraft/44 Lys/Nødlys funksjonstest overlevering.pdf`,
  'pdf',
  A4,
  'FUNKSJONSTEST VED OVERLEVERING\nNødlys og ledesystem\nAlle armaturer testet med 1 times drift',
  ['RIE', '44', false, 'commissioning_report'],
  'a functional test at handover of emergency lighting: a functional test is commissioning; emergency lighting 443',
  UBF,
  'nb',
  ['information-type'],
  '443',
);
add(
  `${R}/FDV/4 Elkraft/43 Lavspent forsyning/Kursfortegnelse tavle 433.02.pdf`,
  'pdf',
  A4,
  'KURSFORTEGNELSE\nUnderfordeling 433.02\nKurs, vern, tverrsnitt, rom',
  ['RIE', '43', false, 'circuit_schedule'],
  'a circuit schedule of a sub-distribution board (43): RIE',
  STATSBYGG,
  'nb',
  [],
);
add(
  `${R}/FDV/4 Elkraft/Scan_20250904_001.pdf`,
  'pdf',
  A4,
  'SERVICERAPPORT\nVentilasjonsaggregat 360.002\nFilter skiftet, reimer kontrollert\nNeste service om seks måneder',
  ['RIV', '36', false, 'test_measurement_report'],
  "a scanner's name in the electrical folder; the text is a service report of an air handling unit (36): the content decides, RIV; a service report is a test report",
  UBF,
  'nb',
  ['content-over-folder'],
);
add(
  `${R}/FDV/5 Tele og automatisering/54 Alarm og signal/Brannalarmanlegg årskontroll.pdf`,
  'pdf',
  A4,
  'ÅRSKONTROLL\nBrannalarmanlegg\nDetektorer og manuelle meldere testet\nSentral og sløyfer i orden',
  ['RIE', '54', false, 'test_measurement_report'],
  'an annual inspection of the fire alarm (542): a test report, RIE',
  UBF,
  'nb',
  ['information-type'],
  '542',
);
add(
  `${R}/FDV/5 Tele og automatisering/55 Lyd og bilde/Høyttaleranlegg brukerveiledning.pdf`,
  'pdf',
  A4,
  'BRUKERVEILEDNING\nHøyttaleranlegg for skole\nBeskjeder til alle klasserom\nRingeklokke',
  ['RIE', '55', false, 'user_manual'],
  'a public address system (55): RIE',
  UBF,
  'nb',
  [],
);
add(
  `${R}/FDV/6 Andre installasjoner/62 Heis/Løfteplattform rullestol FDV.pdf`,
  'pdf',
  A4,
  'FDV\nLøfteplattform for rullestolbrukere\nMånedlig kontroll av sikkerhetsbøyle\nNødsenking',
  [null, '62', false, 'om_instructions'],
  'a wheelchair platform lift (62): equipment no designer draws, no discipline',
  UBF,
  'nb',
  ['abstain', 'ns-groups'],
);
add(
  `${R}/FDV/6 Andre installasjoner/62 Heis/Sikkerhetskontroll løfteplattform 2025.pdf`,
  'pdf',
  A4,
  'RAPPORT FRA SIKKERHETSKONTROLL\nLøfteplattform\nNS-INSTA 500\nAvvik: ingen',
  [null, '62', false, 'lift_documents'],
  "a lift's inspection report is a lift document (62), no discipline",
  UBF,
  'nb',
  ['abstain', 'information-type'],
);
add(
  `${R}/FDV/2 Bygning/27 Fast inventar/Teleskoptribune gymsal FDV.pdf`,
  'pdf',
  A4,
  'FDV\nTeleskoptribune i gymsal\nÅrlig kontroll av låser og hjul',
  ['ARK', '28', false, 'om_instructions'],
  'retractable seating: NS 3451 285 "tribuner og amfier" (28), ARK, whatever folder it was filed in',
  UBF,
  'nb',
  ['content-over-folder', 'ns-groups'],
);
add(
  `${R}/FDV/2 Bygning/25 Dekker/Idrettsgulv gymsal vedlikehold.pdf`,
  'pdf',
  A4,
  'VEDLIKEHOLDSVEILEDNING\nPunktelastisk idrettsgulv\nDaglig renhold og årlig lakkering',
  ['ARK', '25', false, 'om_instructions'],
  'a sports floor (255): ARK',
  UBF,
  'nb',
  [],
);
add(
  `${R}/FDV/2 Bygning/23 Yttervegger/Vinduer og ytterdører garantibevis.pdf`,
  'pdf',
  A4,
  'GARANTIBEVIS\nVinduer og ytterdører\nGarantitid 10 år på glassforsegling',
  ['ARK', '23', false, 'warranty'],
  'windows and external doors (234): ARK',
  UBF,
  'nb',
  [],
);
add(
  `${R}/FDV/7 Utendørs/Ballbinge FDV.pdf`,
  'pdf',
  A4,
  'FDV\nBallbinge med kunstgress\nBørsting og etterfylling\nKontroll av vant og nett',
  ['LARK', '77', false, 'om_instructions'],
  'a multi-use games area in the schoolyard: parks and outdoor sports (77), LARK',
  UBF,
  'nb',
  ['ns-groups'],
);
add(
  `${R}/FDV/7 Utendørs/Lekeapparater årlig hovedinspeksjon 2025.pdf`,
  'pdf',
  A4,
  'ÅRLIG HOVEDINSPEKSJON\nLekeapparater etter NS-EN 1176-7\nAvvik og tiltak per apparat',
  ['LARK', '77', false, 'test_measurement_report'],
  'an annual main inspection of the play equipment: a periodic inspection, test report; 77, LARK',
  UBF,
  'nb',
  ['ns-groups', 'information-type'],
);
add(
  `${R}/FDV/7 Utendørs/Skolegård belysning FDV.pdf`,
  'pdf',
  A4,
  'FDV\nBelysning av skolegården\nLysmaster med LED-armaturer\nSkumringsbryter',
  ['RIE', '74', false, 'om_instructions'],
  'lighting of the schoolyard: outdoor lighting 744, RIE, although filed with the outdoor works',
  UBF,
  'nb',
  ['content-over-folder', 'ns-groups'],
  '744',
);
add(
  `${R}/FDV/7 Utendørs/Porter og gjerde rundt skolegården.pdf`,
  'pdf',
  A4,
  'FDV\nFlettverksgjerde og slagporter rundt skolegården\nSmøring av hengsler\nKontroll av lås',
  ['LARK', '72', false, 'om_instructions'],
  'fences and gates: 725, LARK',
  UBF,
  'nb',
  ['ns-groups'],
  '725',
);
add(
  `${R}/FDV/7 Utendørs/Sandfang og kummer spyleplan.pdf`,
  'pdf',
  A4,
  'SPYLEPLAN\nSandfang og kummer på skolegården\nSpyling hver vår',
  ['RIV', '73', false, 'om_instructions'],
  'gully pots and manholes of the outdoor drainage: 731, RIV',
  UBF,
  'nb',
  ['ns-groups'],
  '731',
);
add(
  `${R}/Tegninger/RIE/E-74-101 Utendørs elkraft og belysning.pdf`,
  'pdf',
  A1,
  'UTENDØRS ELKRAFT OG BELYSNING\nLysmaster, kabelgrøft, ladepunkt\nMålestokk 1:500',
  ['RIE', '74', true, 'drawing'],
  'an outdoor power and lighting plan: 74, RIE',
  UBF,
  'nb',
  ['ns-groups'],
);
add(
  `${R}/Tegninger/ARK/A-20-103 Plan 3. etasje.pdf`,
  'pdf',
  A1,
  'PLAN 3. ETASJE\nNATURFAG\nTRAPP 2\nWC\nKJØKKEN PERSONAL\nMålestokk 1:100',
  ['ARK', '20', true, 'drawing'],
  "an architect's floor plan: 20, whatever rooms it labels",
  UBF,
  'nb',
  ['ns-groups'],
);
add(
  `${R}/Tegninger/RIV/V-31-201 Sanitær plan 2. etasje.pdf`,
  'pdf',
  A1,
  'SANITÆR PLAN 2. ETASJE\nSpillvann\nKaldtvann og varmtvann\nMålestokk 1:100',
  ['RIV', '31', true, 'drawing'],
  'a sanitary plan (31): RIV',
  UBF,
  'nb',
  [],
);
add(
  `${R}/Modell/RUS-RIE-Elkraft.ifc`,
  'ifc',
  null,
  'IFC4 IfcProject Ringstad IfcLightFixture IfcOutlet IfcCableCarrierSegment IfcElectricDistributionBoard',
  ['RIE', '40', false, 'model'],
  'an electrical model spanning lighting, power and containment: 40',
  UBF,
  'nb',
  ['ns-groups', 'information-type'],
);
add(
  `${R}/Modell/RUS-RIV-Ventilasjon.ifc`,
  'ifc',
  null,
  'IFC4 IfcProject Ringstad IfcDuctSegment IfcDuctFitting IfcAirTerminal IfcDamper',
  ['RIV', '36', false, 'model'],
  'a ventilation model: one system, 36',
  UBF,
  'nb',
  ['information-type'],
);
add(
  `${R}/Møter/Referat prosjekteringsmøte 14.pdf`,
  'pdf',
  A4,
  'REFERAT PROSJEKTERINGSMØTE 14\nDeltakere: ARK, RIB, RIV, RIE, RIBr\nSak 14.3 Føringsveier i korridor\nSak 14.4 Sprinkler i tak',
  [null, 'MSC', false, 'meeting_minutes'],
  'minutes of a design meeting of all disciplines: no discipline, no part',
  UBF,
  'nb',
  ['abstain'],
);
add(
  `${R}/Møter/Referat befaring ventilasjon gymsal.pdf`,
  'pdf',
  A4,
  'REFERAT FRA BEFARING\nVentilasjon i gymsal\nTilstede: RIV, ventilasjonsentreprenør\nLuftmengder målt, justering avtalt',
  ['RIV', '36', false, 'meeting_minutes'],
  'minutes about one system (ventilation): its discipline and part',
  UBF,
  'nb',
  ['abstain'],
);

// ------------------------------------------------------------------ Tøyen omsorgsboliger (bokmål; Omsorgsbygg-style)
const T = 'Tøyen omsorgsboliger';
add(
  `${T}/FDV/5 Tele og automatisering/54 Alarm og signal/Trygghetsalarm brukerveiledning.pdf`,
  'pdf',
  A4,
  'BRUKERVEILEDNING\nTrygghetsalarm i leilighet\nAlarmknapp og armbånd\nAnrop til vaktrom',
  ['RIE', '54', false, 'user_manual'],
  'a safety alarm for residents (nurse call family, 54): RIE',
  OMSORG,
  'nb',
  [],
);
add(
  `${T}/FDV/2 Bygning/24 Innervegger/Dørautomatikk FDV.pdf`,
  'pdf',
  A4,
  'FDV\nDørautomatikk for svingdører\nSensorer og nødstopp\nHalvårlig service',
  ['ARK', '24', false, 'om_instructions'],
  'door operators on internal doors (244): ARK',
  OMSORG,
  'nb',
  [],
);
add(
  `${T}/FDV/3 VVS/31 Sanitær/Legionellakontroll dusjer.pdf`,
  'pdf',
  A4,
  'LEGIONELLAKONTROLL\nTemperatur målt ved alle tappesteder\nDusjer spylt\nAvvik: to tappesteder under 50 °C',
  ['RIV', '31', false, 'test_measurement_report'],
  'measurements of tap water temperatures against a limit: a test report, 31',
  OMSORG,
  'nb',
  ['information-type'],
);
add(
  `${T}/FDV/3 VVS/32 Varme/Varmepumpe væske-vann servicerapport.pdf`,
  'pdf',
  A4,
  'SERVICERAPPORT\nVæske-vann varmepumpe\nKuldemedium kontrollert\nLekkasjekontroll utført',
  ['RIV', '32', false, 'test_measurement_report'],
  'a heat pump service report (32): a test report, RIV',
  OMSORG,
  'nb',
  [],
);
add(
  `${T}/FDV/4 Elkraft/Dokument (7).pdf`,
  'pdf',
  A4,
  'MONTERINGSANVISNING\nVannbåren gulvvarme\nFordelerskap og sløyfer\nTrykkprøving før støp',
  ['RIV', '32', false, 'installation_instructions'],
  "a scanner's name in the electrical folder; the text installs water-borne floor heating (32): RIV",
  OMSORG,
  'nb',
  ['content-over-folder'],
);
add(
  `${T}/FDV/3 VVS/Elektrisk gulvvarme bad monteringsanvisning.pdf`,
  'pdf',
  A4,
  'MONTERINGSANVISNING\nElektrisk gulvvarme med varmekabel\nTermostat med gulvføler',
  ['RIE', '45', false, 'installation_instructions'],
  'electric floor heating by heating cable: 45, RIE, although filed under VVS',
  OMSORG,
  'nb',
  ['content-over-folder'],
);
add(
  `${T}/FDV/6 Andre installasjoner/65 Avfall/Nedgravd avfallsløsning FDV.pdf`,
  'pdf',
  A4,
  'FDV\nNedgravde avfallsbeholdere\nTømming med kranbil\nRenhold av innkast',
  [null, '65', false, 'om_instructions'],
  'waste collection equipment (65): equipment no designer draws, no discipline',
  OMSORG,
  'nb',
  ['abstain', 'ns-groups'],
);
add(
  `${T}/FDV/6 Andre installasjoner/62 Heis/Heis 2 EU-samsvarserklæring.pdf`,
  'pdf',
  A4,
  'EU-SAMSVARSERKLÆRING\nHeis nr. 2\nHeisdirektivet 2014/33/EU\nMeldt organ 0038',
  [null, '62', false, 'lift_documents'],
  "a lift's EU declaration is a lift document; lifts have no discipline",
  OMSORG,
  'nb',
  ['abstain', 'information-type'],
  '621',
);
add(
  `${T}/FDV/6 Andre installasjoner/62 Heis/Heis brukerveiledning beboere.pdf`,
  'pdf',
  A4,
  'BRUKERVEILEDNING\nHeis\nSlik tilkaller du heisen\nNødtelefon i heisstolen',
  [null, '62', false, 'user_manual'],
  "a lift's user guide is a user manual; no discipline",
  OMSORG,
  'nb',
  ['abstain', 'information-type'],
);
add(
  `${T}/Overlevering/Velkommen til Tøyen omsorgsboliger.pdf`,
  'pdf',
  A4,
  'VELKOMMEN\nInformasjon til beboere\nVarme og ventilasjon i leiligheten\nBrannvarsling og rømning\nAvfall',
  [null, 'MSC', false, 'user_manual'],
  "a residents' information folder: no trade and no part whatever systems it explains",
  OMSORG,
  'nb',
  ['abstain'],
);
add(
  `${T}/Overlevering/Overtakelsesprotokoll.pdf`,
  'pdf',
  A4,
  'PROTOKOLL FRA OVERTAKELSESFORRETNING\nNS 8407\nMangler: justering av dørlukkere, innregulering av varme',
  [null, 'MSC', false, 'contract'],
  'a handover protocol under the building contract: a contract document, no trade named',
  OMSORG,
  'nb',
  ['abstain'],
);
add(
  `${T}/Rapporter/Tilstandsanalyse NS 3424 nivå 2.pdf`,
  'pdf',
  A4,
  'TILSTANDSANALYSE\nNS 3424 nivå 2\nYttervegger TG2, yttertak TG1, vinduer TG2\nTiltaksplan',
  ['ARK', '20', false, 'report'],
  "a condition survey of the building's envelope: several parts, 20; the architect's",
  OMSORG,
  'nb',
  ['ns-groups'],
);
add(
  `${T}/Rapporter/Inneklimamåling fellesarealer.pdf`,
  'pdf',
  A4,
  'MÅLERAPPORT INNEKLIMA\nCO2, temperatur og relativ fuktighet\nMålt mot krav i TEK17',
  ['RIV', '36', false, 'test_measurement_report'],
  'an indoor climate measurement against limits (36, as the team sets file indoor climate): a test report',
  OMSORG,
  'nb',
  ['information-type'],
);
add(
  `${T}/Tegninger/Som bygget/RIE/Skannet 0023.pdf`,
  'pdf',
  A1,
  '',
  ['RIE', '40', true, 'as_built_drawing'],
  "an untitled scanned sheet in the electrical engineer's as-built folder: the folder is all there is (RIE, its general part 40), an as-built drawing",
  OMSORG,
  'nb',
  ['information-type'],
);
add(
  `${T}/Tegninger/RIV/V-32-501 Prinsippskjema varmesentral.pdf`,
  'pdf',
  A3,
  'PRINSIPPSKJEMA\nVarmesentral\nVarmeveksler fjernvarme\nShuntgrupper radiator og ventilasjon',
  ['RIV', '32', true, 'schematic_diagram'],
  'a schematic of the heating plant (32): RIV',
  OMSORG,
  'nb',
  ['information-type'],
);
add(
  `${T}/Tegninger/RIBr/Brannplan 1. etasje.pdf`,
  'pdf',
  A1,
  'BRANNPLAN 1. ETASJE\nBrannceller EI 60\nRømningsvei\nMålestokk 1:100',
  ['RIBr', '20', true, 'fire_strategy'],
  "the fire engineer's fire drawing: fire_strategy, 20",
  OMSORG,
  'nb',
  ['information-type'],
);

// ------------------------------------------------------------------ Statens hus Lillehammer (bokmål; Statsbygg TFM)
const S = 'Statens hus Lillehammer';
add(
  `${S}/FDV/+360.003 Kjøkkenavtrekk/Kjøkkenhette kantine FDV.pdf`,
  'pdf',
  A4,
  'FDV\nKjøkkenhette kantine\nFettfilter vaskes ukentlig\nBrannspjeld i avkast',
  ['RIV', '36', false, 'om_instructions'],
  'a kitchen extract hood (36): RIV',
  STATSBYGG,
  'nb',
  [],
);
add(
  `${S}/FDV/+562.001 SD-anlegg/SD-anlegg systembeskrivelse.pdf`,
  'pdf',
  A4,
  'SYSTEMBESKRIVELSE\nSentral driftskontroll\nUndersentraler per teknisk rom\nAlarmhåndtering',
  ['RIE', '56', false, 'description'],
  'a system description of the building management system (562): RIE',
  STATSBYGG,
  'nb',
  [],
  '562',
);
add(
  `${S}/FDV/+433.001 Hovedtavle/Samsvarserklæring elektrisk installasjon.pdf`,
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nElektrisk installasjon\nForskrift om elektriske lavspenningsanlegg § 12\nInstallatør',
  ['RIE', '43', false, 'declaration_of_conformity'],
  "the installer's declaration of conformity for the electrical installation: 43 by convention, RIE",
  STATSBYGG,
  'nb',
  [],
);
add(
  `${S}/FDV/+544.001 Adgangskontroll/Adgangskontroll komponentliste.xlsx`,
  'xlsx',
  null,
  'KOMPONENTLISTE\nKortleser, dørmiljø, kontroller\n544.001-RK001\tKortleser hovedinngang',
  ['RIE', '54', false, 'description'],
  'a component list of the access control system (543): an equipment list is a description',
  STATSBYGG,
  'nb',
  ['information-type'],
);
add(
  `${S}/FDV/+320.001 Varme/Sirkulasjonspumpe reservedelsliste.pdf`,
  'pdf',
  A4,
  'RESERVEDELSLISTE\nSirkulasjonspumpe varmekurs\nMotor, tetning, pumpehus',
  ['RIV', '32', false, 'spare_parts_list'],
  'spare parts of a heating pump (32): RIV',
  STATSBYGG,
  'nb',
  [],
);
add(
  `${S}/FDV/+442.001 Belysning/Lysstyring DALI brukerveiledning.pdf`,
  'pdf',
  A4,
  'BRUKERVEILEDNING\nLysstyring DALI\nScenarier i møterom\nTilstedeværelse og dagslys',
  ['RIE', '44', false, 'user_manual'],
  'lighting control (44): RIE',
  STATSBYGG,
  'nb',
  [],
);
add(
  `${S}/FDV/+371.001 Kjøling/Kjølemaskin igangkjøringsprotokoll.pdf`,
  'pdf',
  A4,
  'IGANGKJØRINGSPROTOKOLL\nKjølemaskin for komfortkjøling\nKuldemedium R32\nTrykk og temperaturer ved oppstart',
  ['RIV', '37', false, 'commissioning_report'],
  'start-up of the comfort cooling chiller (37): commissioning, RIV',
  STATSBYGG,
  'nb',
  ['information-type'],
);
add(
  `${S}/FDV/+360.001 Ventilasjon/Sjekkliste før igangkjøring aggregat.pdf`,
  'pdf',
  A4,
  'SJEKKLISTE FØR IGANGKJØRING\nAggregat 360.001\nFilter montert, rotasjon kontrollert, spjeld åpne',
  ['RIV', '36', false, 'commissioning_report'],
  'a commissioning checklist is commissioning, not self-inspection (36)',
  STATSBYGG,
  'nb',
  ['information-type'],
);
add(
  `${S}/FDV/+310.001 Sanitær/Egenkontroll sanitærinstallasjoner.pdf`,
  'pdf',
  A4,
  'EGENKONTROLL\nSanitærinstallasjoner\nTetthetsprøving utført, merking kontrollert\nSignatur ansvarlig utførende',
  ['RIV', '31', false, 'self_inspection_checklist'],
  "the contractor's self-inspection of the sanitary installation (31)",
  STATSBYGG,
  'nb',
  [],
);
add(
  `${S}/FDV/+745.001 Snøsmelting/Snøsmelteanlegg inngangsparti FDV.pdf`,
  'pdf',
  A4,
  'FDV\nSnøsmelteanlegg i inngangsparti og rampe\nElektriske varmekabler\nStyring med fukt- og temperaturføler',
  ['RIE', '74', false, 'om_instructions'],
  'electric snow melting outdoors: outdoor electric heating 745, RIE',
  STATSBYGG,
  'nb',
  ['ns-groups'],
  '745',
);
add(
  `${S}/FDV/+731.001 Utvendig VA/Oljeutskiller tømmeprotokoll.pdf`,
  'pdf',
  A4,
  'TØMMEPROTOKOLL\nOljeutskiller klasse I\nSlam og olje tømt, alarm testet',
  ['RIV', '73', false, 'test_measurement_report'],
  'an oil separator of the outdoor drainage (731): emptying and alarm test, a test report; RIV',
  STATSBYGG,
  'nb',
  ['ns-groups', 'information-type'],
  '731',
);
add(
  `${S}/FDV/+631.001 Rørpost/Rørpostanlegg FDV.pdf`,
  'pdf',
  A4,
  'FDV\nRørpostanlegg mellom resepsjon og arkiv\nRengjøring av patroner og rør',
  [null, '63', false, 'om_instructions'],
  'a pneumatic tube system (631): no design discipline',
  STATSBYGG,
  'nb',
  ['abstain', 'ns-groups'],
  '631',
);
add(
  `${S}/Rapporter/Lufttetthetsmåling.pdf`,
  'pdf',
  A4,
  'MÅLING AV LUFTTETTHET\nTrykktest etter NS-EN ISO 9972\nn50 = 0,9 h-1, krav 1,5',
  ['RIByFy', '20', false, 'test_measurement_report'],
  'an airtightness test of the building: building physics, 20, a test report',
  STATSBYGG,
  'nb',
  ['information-type'],
);
add(
  `${S}/Rapporter/Klimagassregnskap ferdigstilt bygg.pdf`,
  'pdf',
  A4,
  'KLIMAGASSREGNSKAP\nNS 3720\nMaterialer og transport\nkg CO2-ekvivalenter per m² BTA',
  ['RIM', 'MSC', false, 'calculation'],
  'a greenhouse gas calculation: calculation, RIM, no part',
  STATSBYGG,
  'nb',
  ['abstain', 'information-type'],
);
add(
  `${S}/Modell/SHL-RIV-Sprinkler.ifc`,
  'ifc',
  null,
  'IFC4 IfcProject IfcPipeSegment IfcFireSuppressionTerminal IfcValve',
  ['RIV', '33', false, 'model'],
  'a sprinkler model: its three-digit part 332',
  STATSBYGG,
  'nb',
  ['ns-groups', 'information-type'],
  '332',
);
add(
  `${S}/Modell/SHL-ARK.ifc`,
  'ifc',
  null,
  'IFC4 IfcProject IfcBuildingStorey IfcWall IfcSlab IfcDoor IfcWindow',
  ['ARK', '20', false, 'model'],
  "the architect's model of the building: 20",
  STATSBYGG,
  'nb',
  ['information-type'],
);

// ------------------------------------------------------------------ Kvartal Elvegata (bokmål; DiBK permit archive)
const K = 'Kvartal Elvegata';
add(
  `${K}/Byggesak/5174 Søknad om tillatelse til tiltak.pdf`,
  'pdf',
  A4,
  'SØKNAD OM TILLATELSE TIL TILTAK\netter plan- og bygningsloven § 20-3\nBeskrivelse: boligblokk med 24 leiligheter, parkeringskjeller, heis, sprinkleranlegg\nAnsvarlig søker',
  ['ARK', '20', false, 'permit_documents'],
  "a permit application naming the works it covers: the applicant's, 20",
  DIBK,
  'nb',
  ['abstain'],
);
add(
  `${K}/Byggesak/5181 Erklæring om ansvarsrett RIB.pdf`,
  'pdf',
  A4,
  'ERKLÆRING OM ANSVARSRETT\nFunksjon: PRO\nAnsvarsområde: konstruksjonssikkerhet, bæresystem i betong og stål\nTiltaksklasse 2',
  ['RIB', '22', false, 'permit_documents'],
  'a declaration of responsibility for the structural design: that discipline, the load-bearing system (22)',
  DIBK,
  'nb',
  ['abstain'],
);
add(
  `${K}/Byggesak/5185 Gjennomføringsplan versjon 4.pdf`,
  'pdf',
  A4,
  'GJENNOMFØRINGSPLAN\nAnsvarsområder, foretak og tidspunkt for samsvarserklæringer\nPRO ARK, PRO RIB, UTF rør, UTF elektro',
  ['ARK', '20', false, 'permit_documents'],
  'the plan of all areas of responsibility: the applicant, 20',
  DIBK,
  'nb',
  ['abstain'],
);
add(
  `${K}/Byggesak/5180 Samsvarserklæring UTF ventilasjon.pdf`,
  'pdf',
  A4,
  'SAMSVARSERKLÆRING\nFunksjon: UTF\nAnsvarsområde: utførelse av ventilasjonsanlegg\nArbeidet er utført i samsvar med tillatelse',
  ['RIV', '36', false, 'declaration_of_conformity'],
  'a declaration of conformity for one area of responsibility: ventilation (36), RIV',
  DIBK,
  'nb',
  [],
);
add(
  `${K}/Byggesak/5184 Kontrollerklæring uavhengig kontroll fukt.pdf`,
  'pdf',
  A4,
  'KONTROLLERKLÆRING\nUavhengig kontroll av utførelse: fuktsikring og våtrom\nIngen åpne avvik',
  ['RIByFy', '20', false, 'independent_control_report'],
  "independent control of moisture safety: the building physics engineer's, the whole building (20)",
  DIBK,
  'nb',
  [],
);
add(
  `${K}/Byggesak/5167 Søknad om ferdigattest.pdf`,
  'pdf',
  A4,
  'SØKNAD OM FERDIGATTEST\nAlle ansvarsområder er dekket av samsvarserklæringer\nHeis og sprinkleranlegg er kontrollert og i drift',
  ['ARK', '20', false, 'permit_documents'],
  "an application for a completion certificate that lists systems in passing: the applicant's, 20",
  DIBK,
  'nb',
  ['abstain'],
);
add(
  `${K}/Byggesak/5154 Nabovarsel.pdf`,
  'pdf',
  A4,
  'NABOVARSEL\nTiltak: ny boligblokk\nFasader og situasjonsplan vedlagt',
  ['ARK', '20', false, 'permit_documents'],
  'a neighbour notice: permit document, ARK, 20',
  DIBK,
  'nb',
  [],
);
add(
  `${K}/Byggesak/Tegninger/Situasjonsplan byggesak.pdf`,
  'pdf',
  A1,
  'SITUASJONSPLAN\nTomtegrense, avstand til nabo\nAdkomst og parkering\nMålestokk 1:500',
  ['LARK', '70', true, 'drawing'],
  'a site plan: 70, LARK by convention',
  DIBK,
  'nb',
  [],
);

// ------------------------------------------------------------------ English documents in Norwegian projects
add(
  `${R}/FDV/3 VVS/36 Luftbehandling/Systemair SAVE VTR operation and maintenance.pdf`,
  'pdf',
  A4,
  'Operation and maintenance\nSAVE VTR 500\nFilter change\nCleaning the heat exchanger',
  ['RIV', '36', false, 'om_instructions'],
  'an air handling unit O&M manual in English (36): RIV',
  MAKER,
  'en-NO',
  [],
);
add(
  `${R}/FDV/4 Elkraft/43 Lavspent forsyning/Hager consumer unit declaration of conformity.pdf`,
  'pdf',
  A4,
  'EU Declaration of Conformity\nDistribution boards\nLow Voltage Directive 2014/35/EU',
  ['RIE', '43', false, 'declaration_of_conformity'],
  "a manufacturer's declaration for distribution boards (43)",
  MAKER,
  'en-NO',
  [],
);
add(
  `${T}/FDV/5 Tele og automatisering/Ascom nurse call system user manual.pdf`,
  'pdf',
  A4,
  'User manual\nNurse call system\nCall, presence and reset',
  ['RIE', '54', false, 'user_manual'],
  'a nurse call system (544): RIE',
  MAKER,
  'en-NO',
  [],
  '544',
);
add(
  `${T}/FDV/2 Bygning/25 Dekker/Forbo Marmoleum cleaning and maintenance.pdf`,
  'pdf',
  A4,
  'Cleaning and maintenance\nMarmoleum linoleum floor covering\nInitial cleaning, daily cleaning, periodic maintenance',
  ['ARK', '25', false, 'cleaning_instructions'],
  'cleaning instructions of a floor covering (255): ARK',
  MAKER,
  'en-NO',
  [],
);
add(
  `${S}/FDV/+621.001 Heis/KONE EcoSpace maintenance instructions.pdf`,
  'pdf',
  A4,
  'Maintenance instructions\nKONE EcoSpace\nMachinery, ropes, landing doors',
  [null, '62', false, 'om_instructions'],
  'lift maintenance instructions in English: 621, no discipline',
  MAKER,
  'en-NO',
  ['abstain', 'ns-groups'],
  '621',
);
add(
  `${S}/FDV/+332.001 Sprinkler/Viking sprinkler head technical data.pdf`,
  'pdf',
  A4,
  'Technical data\nViking VK302 quick response pendent sprinkler\nK-factor 80',
  ['RIV', '33', false, 'product_data_sheet'],
  'a sprinkler head data sheet (332): RIV',
  MAKER,
  'en-NO',
  [],
  '332',
);
add(
  `${K}/FDV/Bygg/Velux roof window installation instructions.pdf`,
  'pdf',
  A4,
  'Installation instructions\nVELUX roof window GGL\nFlashing and insulation collar',
  ['ARK', '26', false, 'installation_instructions'],
  'a roof window (263): ARK',
  MAKER,
  'en-NO',
  [],
  '263',
);
add(
  `${K}/FDV/Elektro/Easee charging robot user guide.pdf`,
  'pdf',
  A4,
  'User guide\nEasee Home charging robot\nOutdoor wall mounting in the car park\nRFID and app',
  ['RIE', '74', false, 'user_manual'],
  'an EV charger mounted outdoors in the car park: outdoor low-voltage supply 743, RIE',
  MAKER,
  'en-NO',
  ['ns-groups'],
  '743',
);
add(
  `${R}/FDV/3 VVS/38 Vannbehandling/Pool water treatment controller manual.pdf`,
  'pdf',
  A4,
  'Operating manual\nPool water treatment controller\nFree chlorine and pH dosing\nCalibration',
  ['RIV', '38', false, 'user_manual'],
  "the school pool's water treatment (383): RIV",
  MAKER,
  'en-NO',
  ['ns-groups'],
  '383',
);
add(
  `${T}/FDV/2 Bygning/23 Yttervegger/Steni facade panel declaration of performance.pdf`,
  'pdf',
  A4,
  'Declaration of Performance\nSteni facade panels\nEN 438-6',
  ['ARK', '23', false, 'declaration_of_performance'],
  'a facade panel (23): ARK',
  MAKER,
  'en-NO',
  [],
);

// ------------------------------------------------------------------ Voss sjukeheim and Sogndal kulturhus (nynorsk)
const V = 'Voss sjukeheim';
const G = 'Sogndal kulturhus';
add(
  `${V}/FDV/Ventilasjon/Ventilasjonsaggregat vedlikehaldsrettleiing.pdf`,
  'pdf',
  A4,
  'Vedlikehaldsrettleiing\nVentilasjonsaggregat for avdeling 2\nByte av filter og kontroll av reimer',
  ['RIV', '36', false, 'om_instructions'],
  'maintenance instructions of an air handling unit (36), nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/FDV/Sanitær/Spyledekontaminator brukarrettleiing.pdf`,
  'pdf',
  A4,
  'Brukarrettleiing\nSpyledekontaminator i skyllerom\nVal av program og avkalking',
  ['RIV', '31', false, 'user_manual'],
  'a bedpan washer-disinfector in the sluice room (31): RIV, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/FDV/Elektro/Naudlysanlegg kontrollrapport 2025.pdf`,
  'pdf',
  A4,
  'Kontrollrapport\nNaudlysanlegg med sentralbatteri\nÅrleg test, tre armaturar skifta',
  ['RIE', '44', false, 'test_measurement_report'],
  'an annual test of the emergency lighting (443): a test report, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk', 'information-type'],
  '443',
);
add(
  `${V}/FDV/Elektro/Pasientsignal eigenkontroll.pdf`,
  'pdf',
  A4,
  'Eigenkontroll\nPasientsignalanlegg\nAlle romeiningar testa\nSignatur utførande',
  ['RIE', '54', false, 'self_inspection_checklist'],
  "the installer's self-inspection of the nurse call system (544), nynorsk",
  OMSORG,
  'nn',
  ['nynorsk'],
  '544',
);
add(
  `${V}/FDV/Varme/Varmesentral innreguleringsrapport.pdf`,
  'pdf',
  A4,
  'Innreguleringsrapport\nVarmesentral og radiatorkrinsar\nMålt og prosjektert vassmengd',
  ['RIV', '32', false, 'commissioning_report'],
  'balancing of the heating (32): commissioning, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/FDV/Bygg/Innvendige dører monteringsrettleiing.pdf`,
  'pdf',
  A4,
  'Monteringsrettleiing\nInnvendige dører med karm\nJustering og festing',
  ['ARK', '24', false, 'installation_instructions'],
  'internal doors (244): ARK, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/FDV/Bygg/Golvbelegg vinyl reinhaldsrettleiing.pdf`,
  'pdf',
  A4,
  'Reinhaldsrettleiing\nGolvbelegg i vinyl\nDagleg reinhald og periodisk polering',
  ['ARK', '25', false, 'cleaning_instructions'],
  'cleaning instructions of a vinyl floor (255), nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/FDV/Heis/Sengeheis sikkerheitskontroll.pdf`,
  'pdf',
  A4,
  'Sikkerheitskontroll\nSengeheis\nNS-INSTA 500\nEitt mindre avvik',
  [null, '62', false, 'lift_documents'],
  "a lift's inspection: lift document, no discipline, nynorsk",
  OMSORG,
  'nn',
  ['nynorsk', 'abstain', 'information-type'],
);
add(
  `${V}/FDV/Brann/Dokument (3).pdf`,
  'pdf',
  A4,
  'Samsvarserklæring\nElektrisk anlegg i tilbygg\nForskrift om elektriske lågspenningsanlegg\nInstallatør',
  ['RIE', '43', false, 'declaration_of_conformity'],
  "a scanner's name in the fire folder; the text declares the electrical installation (43): RIE, nynorsk",
  OMSORG,
  'nn',
  ['nynorsk', 'content-over-folder'],
);
add(
  `${V}/Byggjesak/Søknad om mellombels bruksløyve.pdf`,
  'pdf',
  A4,
  'SØKNAD OM MELLOMBELS BRUKSLØYVE\nAttståande arbeid: utomhus, asfalt og beplanting\nBrannalarm og naudlys er i drift',
  ['ARK', '20', false, 'permit_documents'],
  "a permit application listing works: the applicant's, 20, nynorsk",
  DIBK,
  'nn',
  ['nynorsk', 'abstain'],
);
add(
  `${V}/Rapportar/Radonmåling.pdf`,
  'pdf',
  A4,
  'RADONMÅLING\nMålt i 12 rom over to månader\nÅrsmiddel under tiltaksgrensa',
  ['RIByFy', '20', false, 'test_measurement_report'],
  'a radon measurement: building physics, 20, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk', 'information-type'],
);
add(
  `${V}/Teikningar/RIV/Sanitær plan 2. etasje.pdf`,
  'pdf',
  A1,
  'SANITÆR PLAN 2. ETASJE\nSpillvatn og tappevatn\nMålestokk 1:100',
  ['RIV', '31', true, 'drawing'],
  'a sanitary plan (31), nynorsk',
  OMSORG,
  'nn',
  ['nynorsk'],
);
add(
  `${V}/Teikningar/Som bygd/Elkraft plan 1 som bygd.pdf`,
  'pdf',
  A1,
  'ELKRAFT PLAN 1. ETASJE\nSom bygd\nStikkontaktar og belysning\nMålestokk 1:100',
  ['RIE', '40', true, 'as_built_drawing'],
  'an as-built power and lighting plan: 40, nynorsk',
  OMSORG,
  'nn',
  ['nynorsk', 'ns-groups'],
);
add(
  `${G}/FDV/Scene/Scenerigg trekkstenger FDV.pdf`,
  'pdf',
  A4,
  'FDV\nMotoriserte trekkstenger over scena\nÅrleg kontroll av wire og bremsar',
  [null, '64', false, 'om_instructions'],
  'stage machinery (64): equipment no designer draws, nynorsk',
  UBF,
  'nn',
  ['nynorsk', 'ns-groups', 'abstain'],
);
add(
  `${G}/FDV/Ventilasjon/Garantibevis aggregat.pdf`,
  'pdf',
  A4,
  'Garantibevis\nVentilasjonsaggregat storsal\nGarantitid fem år',
  ['RIV', '36', false, 'warranty'],
  'a warranty of an air handling unit (36), nynorsk',
  UBF,
  'nn',
  ['nynorsk'],
);
add(
  `${G}/FDV/Utomhus/Utandørs lys skjøtselsplan.pdf`,
  'pdf',
  A4,
  'Skjøtsel og vedlikehald\nUtandørs lys langs gangvegar\nSkifte av lyskjelder',
  ['RIE', '74', false, 'om_instructions'],
  'outdoor lighting (744): RIE, nynorsk',
  UBF,
  'nn',
  ['nynorsk', 'ns-groups', 'content-over-folder'],
  '744',
);
add(
  `${G}/Møte/Referat frå byggjemøte 8.pdf`,
  'pdf',
  A4,
  'REFERAT FRÅ BYGGJEMØTE 8\nTil stades: byggherre, entreprenør, elektro og røyr\nSak 8.2 Framdrift\nSak 8.4 Scenelys',
  [null, 'MSC', false, 'meeting_minutes'],
  'site meeting minutes of all trades: none, nynorsk',
  UBF,
  'nn',
  ['nynorsk', 'abstain'],
);
add(
  `${G}/Tilbod/Tilbod elektroarbeid storsal.pdf`,
  'pdf',
  A4,
  'TILBOD\nElektroarbeid i storsal og foajé\nKraft, lys og føringsvegar\nTilbodssum kr 2 450 000',
  ['RIE', '40', false, 'offer'],
  'an offer that names its trade (electrical works): RIE, the general electrical part 40, nynorsk',
  UBF,
  'nn',
  ['nynorsk'],
);

// ------------------------------------------------------------------ Hollybank Primary School (UK; BSRIA BG 1 O&M)
const H = 'Hollybank Primary School';
add(
  `${H}/O&M Manual/Section 05 Electrical Services/05.2 Certificates/Electrical Installation Certificate - Main Building.pdf`,
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CERTIFICATE\nBS 7671:2018\nDesign, construction, inspection and testing\nSchedule of test results attached',
  ['E', '43', false, 'declaration_of_conformity'],
  "an EIC is the installer's declaration of conformity (issue 50), 43, E",
  BS7671,
  'en-UK',
  ['information-type'],
);
add(
  `${H}/O&M Manual/Section 05 Electrical Services/05.2 Certificates/Fire alarm certificate of installation.pdf`,
  'pdf',
  A4,
  'FIRE DETECTION AND FIRE ALARM SYSTEM\nCERTIFICATE OF INSTALLATION\nBS 5839-1 Annex G\nThe installation work is in accordance with the specification',
  ['E', '54', false, 'declaration_of_conformity'],
  "BS 5839's certificate of installation is the installer's declaration: DoC, 542, E",
  BS5839,
  'en-UK',
  ['information-type'],
  '542',
);
add(
  `${H}/O&M Manual/Section 05 Electrical Services/05.2 Certificates/Fire alarm certificate of commissioning.pdf`,
  'pdf',
  A4,
  'FIRE DETECTION AND FIRE ALARM SYSTEM\nCERTIFICATE OF COMMISSIONING\nBS 5839-1 Annex G\nAll detectors and call points tested',
  ['E', '54', false, 'commissioning_report'],
  'a commissioning certificate is commissioning: 542, E',
  BS5839,
  'en-UK',
  ['information-type'],
  '542',
);
add(
  `${H}/O&M Manual/Section 05 Electrical Services/05.2 Certificates/Emergency lighting periodic inspection and test certificate.pdf`,
  'pdf',
  A4,
  'EMERGENCY LIGHTING\nPERIODIC INSPECTION AND TEST CERTIFICATE\nBS 5266-1\nAnnual full duration test',
  ['E', '44', false, 'test_measurement_report'],
  'the periodic emergency lighting certificate is a test report (issue 50): 443, E',
  BS5266,
  'en-UK',
  ['information-type'],
  '443',
);
add(
  `${H}/O&M Manual/Section 05 Electrical Services/05.4 External/External lighting column schedule.pdf`,
  'pdf',
  A4,
  'EXTERNAL LIGHTING\nColumn schedule\nColumn, lantern, circuit, photocell',
  ['E', '74', false, 'description'],
  'a schedule of the external lighting: a description, 744, E',
  BG1,
  'en-UK',
  ['ns-groups', 'information-type'],
  '744',
);
add(
  `${H}/O&M Manual/Section 04 Mechanical Services/Gas safety record - kitchen.pdf`,
  'pdf',
  A4,
  'GAS SAFETY RECORD\nCatering kitchen appliances\nGas tightness test, ventilation checked\nSafe to use',
  ['M', '34', false, 'test_measurement_report'],
  'a gas safety check of the kitchen gas supply and appliances: gas for the activity (34), a test report, M',
  BG1,
  'en-UK',
  ['ns-groups', 'information-type'],
);
add(
  `${H}/O&M Manual/Section 04 Mechanical Services/Benchmark commissioning checklist.pdf`,
  'pdf',
  A4,
  'BENCHMARK COMMISSIONING CHECKLIST\nGas boiler, system flushed and cleaned\nCombustion readings',
  ['M', '32', false, 'commissioning_report'],
  'a boiler commissioning checklist: commissioning, 32, M',
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${H}/O&M Manual/Section 04 Mechanical Services/Heating system flushing and cleaning report.pdf`,
  'pdf',
  A4,
  'PRE-COMMISSION CLEANING REPORT\nLTHW heating system\nFlushing velocities and water quality results to BSRIA BG 29',
  ['M', '32', false, 'commissioning_report'],
  'pre-commission cleaning is commissioning (issue 50): 32, M',
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${H}/O&M Manual/Section 04 Mechanical Services/Hot water cylinder installation manual.pdf`,
  'pdf',
  A4,
  'INSTALLATION MANUAL\nUnvented hot water cylinder\nG3 safety devices',
  ['P', '31', false, 'installation_instructions'],
  'a hot water cylinder (31): the public health engineer (P) owns hot and cold water',
  BG1,
  'en-UK',
  ['content-over-folder'],
);
add(
  `${H}/O&M Manual/Section 04 Mechanical Services/Classroom CO2 sensors data sheet.pdf`,
  'pdf',
  A4,
  'DATA SHEET\nCO2 sensor for classroom ventilation control\n0-10 V output',
  ['M', '36', false, 'product_data_sheet'],
  'a sensor controlling classroom ventilation (36): M',
  BG1,
  'en-UK',
  [],
);
add(
  `${H}/O&M Manual/Section 03 Architectural/Toilet cubicles maintenance.pdf`,
  'pdf',
  A4,
  'TOILET CUBICLES\nMaintenance guide\nCleaning compact laminate\nAdjusting hinges',
  ['A', '27', false, 'om_instructions'],
  'toilet cubicles are fixed furnishings for wet rooms (274): A',
  BG1,
  'en-UK',
  [],
);
add(
  `${H}/O&M Manual/Section 03 Architectural/Suspended ceiling O&M.pdf`,
  'pdf',
  A4,
  'SUSPENDED CEILING\nOperation and maintenance\nReplacing damaged tiles\nAccess to services above',
  ['A', '25', false, 'om_instructions'],
  'a suspended ceiling (257): A',
  BG1,
  'en-UK',
  ['ns-groups'],
);
add(
  `${H}/O&M Manual/Section 08 External Works/Playground equipment annual inspection.pdf`,
  'pdf',
  A4,
  'ANNUAL INSPECTION\nPlayground equipment to BS EN 1176-7\nRisk rating per item',
  ['L', '77', false, 'test_measurement_report'],
  'an annual inspection of play equipment: a test report, 77, L',
  BG1,
  'en-UK',
  ['ns-groups', 'information-type'],
);
add(
  `${H}/O&M Manual/Section 08 External Works/Perimeter fencing and gates.pdf`,
  'pdf',
  A4,
  'PERIMETER FENCING AND GATES\nPaladin mesh fencing\nPedestrian and vehicle gates\nMaintenance',
  ['L', '72', false, 'om_instructions'],
  'fences and gates (725): L',
  BG1,
  'en-UK',
  ['ns-groups'],
  '725',
);
add(
  `${H}/O&M Manual/Section 08 External Works/Oil interceptor service record.pdf`,
  'pdf',
  A4,
  'OIL INTERCEPTOR\nService record\nEmptied and alarm tested',
  ['C', '73', false, 'test_measurement_report'],
  'the oil interceptor of the external drainage (731): civil engineer (C), a service record is a test report',
  BG1,
  'en-UK',
  ['ns-groups', 'information-type'],
  '731',
);
add(
  `${H}/O&M Manual/Section 07 Lifts/Platform lift LOLER report.pdf`,
  'pdf',
  A4,
  'REPORT OF THOROUGH EXAMINATION\nLOLER 1998\nVertical platform lift\nDefects requiring attention: none',
  [null, '62', false, 'lift_documents'],
  "a lift's thorough examination report: lift document, no discipline",
  LOLER,
  'en-UK',
  ['abstain', 'information-type'],
);
add(
  `${H}/O&M Manual/Section 07 Lifts/Platform lift operating instructions.pdf`,
  'pdf',
  A4,
  'OPERATING INSTRUCTIONS\nVertical platform lift\nKeyswitch and call stations',
  [null, '62', false, 'user_manual'],
  "a lift's user guide: user manual, no discipline",
  LOLER,
  'en-UK',
  ['abstain', 'information-type'],
);
add(
  `${H}/O&M Manual/Section 02 Building Description/Building user guide.pdf`,
  'pdf',
  A4,
  'BUILDING USER GUIDE\nHeating, ventilation and lighting controls for staff\nWater and energy saving',
  [null, 'MSC', false, 'user_manual'],
  'a building user guide for the whole building: no discipline, no part',
  BG1,
  'en-UK',
  ['abstain'],
);
add(
  `${H}/O&M Manual/Section 01 Contract/Practical completion certificate.pdf`,
  'pdf',
  A4,
  'CERTIFICATE OF PRACTICAL COMPLETION\nJCT Design and Build Contract 2016\nThe works reached practical completion on',
  [null, 'MSC', false, 'contract'],
  'a contract certificate: no trade, no part',
  BG1,
  'en-UK',
  ['abstain'],
);
add(
  `${H}/O&M Manual/Section 06 Fire/Fire strategy drawings Level 00.pdf`,
  'pdf',
  A1,
  'FIRE STRATEGY\nGround floor\nCompartment walls, escape routes, fire doors\nScale 1:200',
  ['Y', '20', true, 'fire_strategy'],
  "the fire engineer's strategy drawing: fire_strategy, 20, specialist (Y)",
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${H}/O&M Manual/Section 06 Fire/Fire alarm zone plan.pdf`,
  'pdf',
  A3,
  'FIRE ALARM ZONE PLAN\nZone 1 Hall\nZone 2 Classrooms\nYou are here',
  ['E', '54', true, 'drawing'],
  'a zone plan beside the fire alarm panel: a drawing, not an evacuation plan (issue 50); 542, E',
  BS5839,
  'en-UK',
  ['information-type'],
  '542',
);
add(
  `${H}/O&M Manual/Section 06 Fire/Scanned from a Xerox Multifunction Printer (3).pdf`,
  'pdf',
  A4,
  'DRY RISER\nAnnual wet test\nOutlets and inlet box inspected\nTest pressure held',
  ['P', '33', false, 'test_measurement_report'],
  "a scanner's name; the text is a dry riser test (33): public health (P), a test report",
  BG1,
  'en-UK',
  ['content-over-folder'],
);
add(
  `${H}/O&M Manual/Section 10 As Installed Drawings/Mechanical/Ventilation layout ground floor as installed.pdf`,
  'pdf',
  A1,
  'VENTILATION LAYOUT\nGround floor\nAS INSTALLED\nScale 1:100',
  ['M', '36', true, 'as_built_drawing'],
  'an as-installed ventilation drawing: as-built, 36, M',
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${H}/O&M Manual/Section 10 As Installed Drawings/Electrical/Small power and lighting ground floor as installed.pdf`,
  'pdf',
  A1,
  'SMALL POWER AND LIGHTING LAYOUT\nGround floor\nAS INSTALLED\nScale 1:100',
  ['E', '40', true, 'as_built_drawing'],
  'a combined power and lighting as-installed plan: spans 43 and 44, 40',
  BG1,
  'en-UK',
  ['ns-groups', 'information-type'],
);
add(
  `${H}/O&M Manual/Section 09 Health and Safety File/Asbestos refurbishment survey.pdf`,
  'pdf',
  A4,
  'ASBESTOS REFURBISHMENT SURVEY\nHSG264\nNo asbestos containing materials identified in the new extension',
  ['Y', 'MSC', false, 'report'],
  'an environmental survey: specialist (Y), MSC',
  BG1,
  'en-UK',
  ['abstain'],
);

// ------------------------------------------------------------------ Marlowe House (UK; ISO 19650 published names)
const M = 'Marlowe House';
add(
  `${M}/Published/MLH-BDP-ZZ-XX-M3-A-0001 Architectural Model.ifc`,
  'ifc',
  null,
  'IFC2X3 IfcProject IfcWall IfcSlab IfcCurtainWall',
  ['A', '20', false, 'model'],
  "the architect's federated model: A, 20",
  ISO,
  'en-UK',
  ['information-type'],
);
add(
  `${M}/Published/MLH-HLW-ZZ-XX-M3-M-0001 Mechanical Model.ifc`,
  'ifc',
  null,
  'IFC2X3 IfcProject IfcDuctSegment IfcPipeSegment IfcAirTerminal IfcSpaceHeater',
  ['M', '30', false, 'model'],
  'a mechanical model spanning ventilation and heating: 30, M',
  ISO,
  'en-UK',
  ['ns-groups', 'information-type'],
);
add(
  `${M}/Published/MLH-HLW-ZZ-02-DR-E-6302 Level 02 Lighting Layout.pdf`,
  'pdf',
  A1,
  'LIGHTING LAYOUT\nLevel 02\nLuminaire schedule\nScale 1:100',
  ['E', '44', true, 'drawing'],
  'a lighting layout (44): role E from the name',
  ISO,
  'en-UK',
  [],
);
add(
  `${M}/Published/MLH-HLW-ZZ-XX-SH-M-0005 Fan Schedule.xlsx`,
  'xlsx',
  null,
  'FAN SCHEDULE\nRef\tLocation\tDuty\tMotor\nEF-01\tToilets core A',
  ['M', '36', false, 'description'],
  'a schedule of fans: one element (fans, 36), a description, M',
  ISO,
  'en-UK',
  ['ns-groups', 'information-type'],
);
add(
  `${M}/Published/MLH-ARP-ZZ-XX-RP-Y-0003 Fire Strategy Report.pdf`,
  'pdf',
  A4,
  'FIRE STRATEGY REPORT\nMeans of escape, compartmentation, sprinklers and firefighting shafts',
  ['Y', '20', false, 'fire_strategy'],
  'a fire strategy: Y from the name, 20',
  ISO,
  'en-UK',
  [],
);
add(
  `${M}/Published/MLH-ARP-ZZ-XX-RP-Y-0007 Sound Insulation Test Report.pdf`,
  'pdf',
  A4,
  'PRE-COMPLETION SOUND INSULATION TESTING\nApproved Document E\nAirborne and impact tests, all passed',
  ['Y', '20', false, 'test_measurement_report'],
  'sound tests of the building against limits: a test report, 20, Y',
  ISO,
  'en-UK',
  ['information-type'],
);
add(
  `${M}/Published/MLH-MCL-ZZ-XX-MI-W-0021 Progress Meeting 21.pdf`,
  'pdf',
  A4,
  'PROGRESS MEETING 21\nMinutes\nAttendees\nM&E progress, facade, lifts',
  ['W', 'MSC', false, 'meeting_minutes'],
  "progress minutes: the contractor's role letter from the name is kept, no part",
  ISO,
  'en-UK',
  ['abstain'],
);
add(
  `${M}/Published/MLH-HLW-ZZ-XX-SP-P-0001 Below Ground Drainage Specification.pdf`,
  'pdf',
  A4,
  'BELOW GROUND DRAINAGE SPECIFICATION\nPipes, manholes and inspection chambers\nTesting',
  ['P', '73', false, 'description'],
  "the name's role letter P is kept; the part follows the content: below ground drainage outside the building, 731",
  ISO,
  'en-UK',
  ['ns-groups'],
  '731',
);
add(
  `${M}/Published/MLH-BDP-ZZ-00-DR-L-9001 Landscape General Arrangement.pdf`,
  'pdf',
  A1,
  'LANDSCAPE GENERAL ARRANGEMENT\nPaving, planting, seating, cycle stands\nScale 1:200',
  ['L', '70', true, 'drawing'],
  'a landscape general arrangement: 70, L',
  ISO,
  'en-UK',
  [],
);
add(
  `${M}/Published/MLH-BDP-ZZ-XX-DR-A-2150 Curtain Wall Elevations.pdf`,
  'pdf',
  A1,
  'CURTAIN WALL ELEVATIONS\nGlazed facade, bays 1-12\nScale 1:50',
  ['A', '23', true, 'drawing'],
  'a curtain wall drawing: one element, glass facades (233), A',
  ISO,
  'en-UK',
  ['ns-groups'],
  '233',
);
add(
  `${M}/Handover/Residents handbook.pdf`,
  'pdf',
  A4,
  'RESIDENTS HANDBOOK\nYour apartment\nHeating and hot water\nVentilation and filters\nFire safety',
  [null, 'MSC', false, 'user_manual'],
  "a residents' handbook: no trade, no part",
  BG1,
  'en-UK',
  ['abstain'],
);
add(
  `${M}/Handover/Goods lift handover pack.pdf`,
  'pdf',
  A4,
  'GOODS LIFT\nHandover pack\nOperation and maintenance\nEmergency release',
  [null, '62', false, 'om_instructions'],
  'a goods lift (621): no discipline',
  LOLER,
  'en-UK',
  ['abstain', 'ns-groups'],
  '621',
);
add(
  `${M}/Handover/Dock leveller O&M.pdf`,
  'pdf',
  A4,
  'DOCK LEVELLER\nOperation and maintenance\nHydraulic pack, lip and platform',
  [null, '62', false, 'om_instructions'],
  'a dock leveller (62): equipment no designer draws',
  BG1,
  'en-UK',
  ['abstain', 'ns-groups'],
);
add(
  `${M}/O&M/Section 5 Electrical/EV charging points certificate.pdf`,
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CERTIFICATE\nElectric vehicle charging points in the basement car park\nBS 7671 Section 722',
  ['E', '43', false, 'declaration_of_conformity'],
  'an EIC (DoC) for chargers in a basement car park: indoors, low-voltage supply 43, E',
  BS7671,
  'en-UK',
  ['information-type'],
);
add(
  `${M}/O&M/Section 4 Mechanical/Rainwater harvesting system O&M.pdf`,
  'pdf',
  A4,
  'RAINWATER HARVESTING\nOperation and maintenance\nTank, filter and pump\nMains backup',
  ['P', '31', false, 'om_instructions'],
  'rainwater harvesting serving WCs (31): P owns water, though filed under mechanical',
  BG1,
  'en-UK',
  ['content-over-folder'],
);
add(
  `${M}/O&M/Section 4 Mechanical/BMS controls description of operation.pdf`,
  'pdf',
  A4,
  'DESCRIPTION OF OPERATION\nBuilding management system controls\nAHU, boilers and chillers sequences',
  ['E', '56', false, 'description'],
  'the BMS (56): the controls are the electrical engineer role (E) by the UK convention of the team sets, though filed under mechanical',
  BG1,
  'en-UK',
  ['content-over-folder'],
);

// ------------------------------------------------------------------ Wharfside Leisure Centre (UK)
const W = 'Wharfside Leisure Centre';
add(
  `${W}/O&M/Section 4 Mechanical/Pool plant O&M manual.pdf`,
  'pdf',
  A4,
  'POOL PLANT\nOperation and maintenance manual\nFiltration, backwashing, chemical dosing, UV',
  ['M', '38', false, 'om_instructions'],
  'pool water treatment (383): M',
  BG1,
  'en-UK',
  ['ns-groups'],
  '383',
);
add(
  `${W}/O&M/Section 4 Mechanical/Pool hall dehumidification AHU.pdf`,
  'pdf',
  A4,
  'POOL HALL AIR HANDLING UNIT\nDehumidification and heat recovery\nMaintenance schedule',
  ['M', '36', false, 'om_instructions'],
  'the pool hall air handling unit (36): M',
  BG1,
  'en-UK',
  [],
);
add(
  `${W}/O&M/Section 5 Electrical/Sports hall lighting control user guide.pdf`,
  'pdf',
  A4,
  'USER GUIDE\nSports hall lighting control\nBadminton, football and event scenes',
  ['E', '44', false, 'user_manual'],
  'lighting control (44): E',
  BG1,
  'en-UK',
  [],
);
add(
  `${W}/O&M/Section 5 Electrical/Intruder alarm certificate of installation.pdf`,
  'pdf',
  A4,
  'CERTIFICATE OF INSTALLATION\nIntruder and hold-up alarm system\nPD 6662 Grade 3',
  ['E', '54', false, 'declaration_of_conformity'],
  "an installer's certificate of installation: DoC (issue 50), 54, E",
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${W}/O&M/Section 5 Electrical/Electrical Installation Condition Report 2026.pdf`,
  'pdf',
  A4,
  'ELECTRICAL INSTALLATION CONDITION REPORT\nPeriodic inspection\nOverall assessment: satisfactory',
  ['E', '43', false, 'test_measurement_report'],
  'an EICR: test report, 43, E',
  BS7671,
  'en-UK',
  [],
);
add(
  `${W}/O&M/Section 6 Fire/AOV smoke vent service report.pdf`,
  'pdf',
  A4,
  'SMOKE VENTILATION\nAutomatic opening vents\nService and test report\nAll vents opened on fire signal',
  ['A', '26', false, 'test_measurement_report'],
  'roof smoke vents (263 roof openings): A; a service report is a test report',
  BG1,
  'en-UK',
  ['information-type'],
);
add(
  `${W}/O&M/Section 8 External Works/Car park barrier system.pdf`,
  'pdf',
  A4,
  'CAR PARK BARRIER SYSTEM\nOperation and maintenance\nBarrier arms, ticket machines',
  ['L', '72', false, 'om_instructions'],
  'car park barriers (725): L',
  BG1,
  'en-UK',
  ['ns-groups'],
  '725',
);
add(
  `${W}/O&M/Section 8 External Works/External CCTV user guide.pdf`,
  'pdf',
  A4,
  'USER GUIDE\nExternal CCTV cameras\nRecording and playback',
  ['E', '75', false, 'user_manual'],
  'outdoor CCTV: outdoor tele (755), E',
  BG1,
  'en-UK',
  ['ns-groups'],
  '755',
);
add(
  `${W}/O&M/Section 8 External Works/Cycle shelters.pdf`,
  'pdf',
  A4,
  'CYCLE SHELTERS\nGalvanised steel and polycarbonate\nMaintenance',
  ['L', '72', false, 'om_instructions'],
  'shelters (723): L',
  BG1,
  'en-UK',
  ['ns-groups'],
  '723',
);
add(
  `${W}/Drawings/M-401 Pool Plant Room Layout.pdf`,
  'pdf',
  A1,
  'POOL PLANT ROOM LAYOUT\nFilters, balance tank, dosing\nScale 1:50',
  ['M', '38', true, 'drawing'],
  'a pool plant room layout (38): M from the name',
  BG1,
  'en-UK',
  ['ns-groups'],
);
add(
  `${W}/Drawings/E-901 External Lighting Layout.pdf`,
  'pdf',
  A1,
  'EXTERNAL LIGHTING LAYOUT\nCar park columns, bollards\nScale 1:500',
  ['E', '74', true, 'drawing'],
  'outdoor lighting (744): E from the name',
  BG1,
  'en-UK',
  ['ns-groups'],
  '744',
);
add(
  `${W}/Commercial/Letter of intent - pool plant subcontractor.pdf`,
  'pdf',
  A4,
  'LETTER OF INTENT\nPool plant subcontract\nWe intend to enter into a subcontract with you',
  ['M', '38', false, 'contract'],
  'a letter of intent for a subcontract that names its trade: the pool plant (38), M',
  BG1,
  'en-UK',
  [],
);

export const BATCH9: readonly Batch9Item[] = items;
