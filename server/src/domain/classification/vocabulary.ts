/**
 * Words that point at an NS 3451 part, a discipline or an information type, in Norwegian, English and some Dutch.
 * Pattern syntax: text-matcher.ts (`*` marks where a compound may continue). Weights: 3 = names the thing itself
 * ("ventilasjonsaggregat", "ytelseserklæring"), 2 = typical of it, 1 = a hint that often co-occurs with it.
 *
 * The vocabulary is domain knowledge, not a list of the eval's phrases; manufacturer names are few and weak on purpose,
 * since a document about a product usually says what the product is.
 */
import { withNynorsk } from './nynorsk.js';
import { ns3451Entries } from './reference-data.js';
import { PhraseMatcher } from './text-matcher.js';

export type VocabularyTarget =
  | { kind: 'ns'; code: string }
  | { kind: 'discipline'; code: string }
  | { kind: 'type'; id: string }
  /** neutral: only there so a longer phrase wins over a misleading shorter one */
  | { kind: 'none' };

export interface WeightedTarget {
  target: VocabularyTarget;
  weight: number;
}

type Group = readonly [key: string, weight: number, patterns: string];

// ---------------------------------------------------------------------------------------------------- NS 3451
const NS_TERMS: readonly Group[] = [
  // 2 Bygning
  [
    '21',
    2.5,
    'fundament* | *fundamentering* | grunnmur* | ringmur* | byggegrop* | grunnundersøk* | grunnforhold* | foundation* | ground beam* | strip footing* | pad foundation* | fundering*',
  ],
  [
    '21',
    1.5,
    'geotekni* | pele* | stålrørspele* | *peler | spunt* | piling | piles | pile cap* | fjell | kvikkleire | setninger',
  ],
  ['215', 2.5, 'pelefundament* | peleplan* | *pelegruppe*'],
  ['216', 2.5, 'sålefundament* | punktfundament* | såle'],
  ['217', 2, 'drenering* | drensrør* | drensledning*'],
  [
    '22',
    2.5,
    'bæresystem* | *bærekonstruksjon* | stålkonstruksjon* | limtre* | glulam | *staalconstructie* | steel frame* | structural frame* | concrete frame*',
  ],
  [
    '22',
    1.5,
    'prefab beton* | betongelement* | betongsøyle* | *stålsøyle* | søyle* | column* | kolom* | steel beam* | *stålbjelke* | *hsq* | heb | ipe | hea | beton | betong | reinforced concrete | prefab beton',
  ],
  ['222', 2, '*søyler'],
  ['223', 2, '*bjelke* | beams'],
  ['224', 2, 'avstivning* | vindkryss* | bracing'],
  ['225', 2.5, 'brannmaling | brannbeskyttelse av bærende*'],
  [
    '23',
    3,
    'yttervegg* | external wall* | fasadeplate* | fasadeelement* | fasadekledning* | fasadepuss* | gevelbekleding* | *prefabgevel* | curtain wall* | sandwichelement*',
  ],
  ['23', 1.5, 'insulation | isolatie*'],
  ['3', 1, 'rørisolasjon* | pipe insulation | ductwork insulation'],
  ['31', 3, 'rainwater harvesting* | regnvannsoppsamling* | gråvann* | greywater*'],
  ['31', 2, 'water meter* | cold water storage | booster set* | trykkøkningsanlegg*'],
  [
    '23',
    2,
    'vindsperre* | *kledning | cladding | facade* | tegl* | murverk* | brick* | *isolasjon | mineralull* | steinull* | glassull* | thermal insulation | stone wool | mineral wool | isolerende* | eps | xps | thermomur*',
  ],
  [
    '234',
    2.5,
    '*vindu* | window* | ytterdør* | garasjeport* | leddport* | industriport* | kozijn* | ytterdører | entrance door* | roller shutter*',
  ],
  ['233', 2.5, 'glassfasade* | curtain walling'],
  ['237', 2.5, 'solavskjerming* | solskjerming* | persienne* | markise* | screens | utvendig screen* | brise soleil'],
  [
    '24',
    3,
    'innervegg* | *lettvegg* | gipsvegg* | partition* | internal wall* | binnenwand* | wandafwerking* | stud wall*',
  ],
  ['24', 2, 'gipsplate* | plasterboard* | gips | *binnendeur* | interior door* | internal door*'],
  ['244', 2, 'innerdør* | branndør* | dørlukker* | door closer* | dørvrider* | foldevegg* | fire door*'],
  ['24', 1, 'dør | dører | *dører | door | doors | *door | *doors'],
  ['243', 2.5, 'systemvegg* | glassvegg*'],
  [
    '25',
    3,
    'dekkeplan* | hulldekke* | *etasjeskille* | betongdekke* | *hulldekker* | floor slab* | hollow core* | post-tensioned slab* | kanaalplaat* | *vloerafwerking* | *plafondafwerking* | dekker over* | dekke over*',
  ],
  [
    '25',
    2,
    'påstøp* | avretting* | *avrettingsmasse* | gulvbelegg* | gulvoverflate* | parkett* | *gulv | gulv | gulvet | tregulv* | fliser | flislegging* | vinyl* | linoleum* | screed | raised floor* | floor finish* | carpet* | parquet* | *vloer* | smøremembran* | våtromsmembran* | *himling* | himlingsplate* | akustikkplate* | systemhimling* | ceiling tile* | suspended ceiling* | ceiling* | plafond* | slab*',
  ],
  ['25', 1, 'slabs'],
  ['25', 1.5, 'dekker | dekkene | bjelkelag*'],
  ['25', 2, 'våtrom* | membran | smøremembran* | fuktmåling* | rf-måling* | avretting*'],
  ['23', 2, 'vindtett* | vindsperre* | kledning* | termograf*'],
  ['24', 2, 'veggmaling | innendørs veggmaling | interior paint* | wall paint*'],
  [
    '26',
    3,
    'yttertak* | taktekking* | takbelegg* | takmembran* | takpapp* | takstein* | roofing* | roof covering* | roof membrane* | dakbedekking* | taktekning*',
  ],
  ['26', 2, 'takrenne* | nedløp* | gutter* | downpipe* | takstol* | takfot* | gesims* | takkonstruksjon*'],
  ['26', 1, 'roof | tak | taket'],
  ['263', 3, 'takvindu* | takluke* | overlys* | roof window* | rooflight* | skylight* | dakraam* | lichtkoepel*'],
  [
    '27',
    2,
    'inventar* | ildsted* | peis* | vedovn* | skorstein* | fireplace* | wood stove* | stove* | kjøkkeninnredning* | kjøkkenskap* | benkeplate* | benkeskap* | *innredning | garderobeskap* | kitchen* | kjøkken* | keuken | baderomsinnredning* | speil* | kjøleskap* | fridge* | oppvaskmaskin* | hvitevarer* | sofa* | furniture* | cubicle* | locker* | garderobeskap* | skapinnredning*',
  ],
  [
    '28',
    2.5,
    'trapp* | *trapp | *trapper | *trappen | *trappeløp* | *trapperom* | *trappehus* | trappen* | rekkverk* | håndløper* | *balkong* | balkong* | ramper | rampe | stair* | balcon* | balustrade* | handrail* | baldakin* | canopy* | trappenhuis*',
  ],
  ['20', 1.5, 'romprogram*'],
  ['2', 2, 'tømrerarbeid* | snekkerarbeid* | carpentry works | joinery works'],
  // 3 VVS
  [
    '3',
    2,
    'vvs* | hvac | mechanical services | mechanical installation* | w-installatie* | werktuigbouw* | vvs-installasjon*',
  ],
  [
    '31',
    3,
    'sanitær* | tappevann* | forbruksvann* | spillvann* | bunnledning* | varmtvannsbereder* | bereder* | sanitary* | plumbing | sanitair* | riolering* | waterleiding* | toiletten | rør-i-rør | *vanninstallasjon* | soil vent* | soil and waste | soil & waste | above ground drainage | below ground drainage | public health',
  ],
  [
    '31',
    2,
    'kaldtvann* | varmtvann* | avløp* | overvann* | sluk | sluket | *sluk | servant* | toalett* | klosett* | dusj* | badekar* | vannlås* | blandebatteri* | blandearmatur* | vannmåler* | fettutskiller* | wc | toilet* | lavator* | washbasin* | wash basin* | basin mixer* | shower* | water heater* | hot water | cold water | domestic water | waste pipe* | soil pipe* | roof drain* | legionella | pex | vannledning* | tap | taps | kraan | douche*',
  ],
  [
    '32',
    3,
    'varmeanlegg* | radiator* | vannbåren* | *varmepumpe* | fjernvarme* | varmesentral* | heating | lthw | boiler* | heat pump* | verwarming* | *vloerverwarming* | warmtepomp* | cv-ketel* | district heating | underfloor heating | gulvvarme* | varmeinstallasjon*',
  ],
  [
    '32',
    2,
    'varme | shunt* | turvann* | returvann* | kjel | kjelen | akkumulatortank* | ekspansjonskar* | innreguleringsventil* | radiatorventil* | termostatventil* | sirkulasjonspumpe* | varmetap* | balancing valve* | manifold* | heat exchanger* | turledning* | returledning* | varmebatteri* | fordelerskap | pressurisation unit*',
  ],
  ['32', 1, 'oppvarming* | termostat* | thermostat*'],
  [
    '33',
    3,
    'sprinkler* | brannslokking* | *slokkeanlegg* | vanntåke* | brannslange* | fire suppression* | wet riser* | dry riser* | hose reel* | alarmventil* | boligsprinkler*',
  ],
  ['31', 3, 'thermostatic mixing valve* | tmv | tmvs | termostatisk blandeventil* | dekontaminator* | bekkenspyler*'],
  ['33', 1.5, 'brannslukker* | brannslokkeapparat* | brannslukningsapparat* | fire extinguisher*'],
  ['34', 3, 'trykkluft* | medisinsk gass* | gassinstallasjon* | compressed air | medical gas*'],
  ['343', 3, 'medisinsk oksygen | medisinske gasser | medical oxygen | oksygenuttak*'],
  ['35', 3, 'kjølerom* | fryserom* | cold room* | kuldeanlegg* | cold store* | freezer room*'],
  [
    '36',
    3,
    '*ventilasjon* | luftbehandling* | ventilation* | air handling unit* | ahu | mvhr | ventilatie* | luchtbehandeling* | wtw | mv-box | luftmengde* | tilluft* | avtrekk* | fraluft* | avkast* | ductwork* | supply air | extract air | extract fan* | heat recovery | ventilasjonsaggregat*',
  ],
  [
    '36',
    2,
    'aggregat | aggregatet | luftkanal* | kanalnett* | spiro* | *spjeld* | vav | cav | varmegjenvinner* | gjenvinner* | *luftfordeling* | damper* | diffuser* | duct | ducts | airflow | air volume* | sfp | kjøkkenhette* | lyddemper* | attenuator* | filterskift* | luftfilter* | ventiel* | roterende | motstrøms*',
  ],
  ['36', 1, 'm³/h | m3/h | l/s | filter | filtre'],
  ['36', 2.5, 'vifte* | *vifte | *vifter | extract fans | supply fan* | fan unit* | takvifte* | kanalvifte*'],
  ['36', 1.5, 'fan | fans'],
  [
    '36',
    3.5,
    'avgassavsug* | eksosavsug* | eksosslange* | vehicle exhaust* | exhaust extraction* | exhaust hose* | exhaust hose reel* | extraction hose reel* | exhaust extraction hose reel* | slangetrommel for eksos',
  ],
  [
    '37',
    3,
    '*kjøling* | komfortkjøling* | kjølemaskin* | kjølebafel* | kjølebaffel* | isvann* | fancoil* | fan coil* | chiller* | cooling | chilled water | chilled beam* | vrv | vrf | air conditioning | comfort cooling | koeling* | split unit*',
  ],
  ['37', 1.5, 'kuldemedium* | kjølemedium* | refrigerant* | r32 | r410a | kjøleanlegg*'],
  ['38', 3, 'vannbehandling* | vannrensing* | water treatment | svømmebasseng* | fontene*'],
  ['383', 4, 'pool water treatment* | swimming pool water treatment*'],
  [
    '383',
    3.5,
    'bassengvann* | bassengteknikk* | bassengvannbehandling* | rensing av bassengvann | pool water* | pool plant | pool filtration | swimming pool plant | klordosering* | chlorine dosing | bassengfilter*',
  ],
  ['38', 1.5, 'sandfilter* | tilbakespyling* | backwash* | uv-anlegg* | uv unit*'],
  // 4 Elkraft
  [
    '4',
    2,
    'elektro* | elkraft* | el-anlegg* | elanlegg* | elektrisk anlegg | electrical services | electrical installation* | e-installatie* | elektra | elektrisk* | el-installasjon*',
  ],
  [
    '41',
    3,
    'føringsvei* | kabelstige* | kabelbro* | kabelbru* | kabelkanal* | kabelbrett* | lynvern* | lynavleder* | cable tray* | cable ladder* | containment | lightning protection | jording* | earthing',
  ],
  ['42', 3, 'høyspent* | nettstasjon* | transformator* | high voltage | substation*'],
  [
    '43',
    3,
    '*tavle | tavle* | sikringsskap* | hovedfordeling* | underfordeling* | fordelingstavle* | stikkontakt* | automatsikring* | jordfeil* | overspenningsvern* | effektbryter* | hovedbryter* | stigekabel* | ladestasjon* | ladepunkt* | elbillad* | switchboard* | distribution board* | consumer unit* | socket outlet* | small power | circuit breaker* | lv switchboard* | ev charger* | ev charging | groepenkast* | groepenverklaring* | groepen verklaring* | wandcontactdo* | verdeelinrichting* | aardlekschakelaar* | receptacle* | *switch | switches | kursfortegnelse* | kursliste*',
  ],
  ['43', 2.5, 'dle | eltilsyn* | pat test* | portable appliance test*'],
  [
    '43',
    2,
    'stikk | sikring | sikringer | kurs | kurser | nek 400* | lavspent* | mcb | rcd | rcbo | fused spur* | single line diagram | enlinjeskjema* | busbar* | sockets | wcd | fel § 12 | lavspenningsanlegg*',
  ],
  [
    '44',
    3,
    'belysning* | lysarmatur* | led-armatur* | downlight* | nødlys* | ledeskilt* | luminaire* | lighting | emergency light* | exit sign* | verlichting* | noodverlichting* | lys og nødlys | *belysning',
  ],
  ['44', 1.5, 'schakelaar* | lysbryter* | bryter | brytere | light switch*'],
  ['44', 2, 'lys | armatur* | dali | ugr | lux | lamp* | lumen | armatuur* | sentralbatteri* | lichtpunt*'],
  [
    '45',
    3,
    'varmekabel* | varmekabler* | panelovn* | elvarme* | varmefolie* | electric heating | electric heater* | elektrisk gulvvarme*',
  ],
  ['46', 3, 'nødstrøm* | reservekraft* | avbruddsfri* | ups | generator* | standby generator* | nødstrømsaggregat*'],
  ['49', 1.5, 'solcelle* | pv panel* | photovoltaic*'],
  // 5 Tele og automatisering
  ['5', 2, 'tele og automatisering | svakstrøm* | telecom* | ekom*'],
  [
    '52',
    3,
    'ikt | datanett* | datauttak* | datanettverk* | nettverk* | access point* | cat6* | fiberkabel* | structured cabling | data cabling | ict | wifi | trådløst nett*',
  ],
  ['53', 3, 'porttelefon* | dørtelefon* | intercom* | door entry | telefon* | telephone* | phone*'],
  ['553', 3, 'kameraovervåking* | overvåkingskamera* | ip-kamera* | videoovervåkning*'],
  [
    '54',
    3,
    'brannalarm* | branndeteksjon* | røykdetektor* | røykvarsler* | brannmelder* | manuell melder* | adgangskontroll* | innbruddsalarm* | kortleser* | alarmanlegg* | pasientsignal* | sykesignal* | fire alarm* | smoke detector* | call point* | access control* | intruder alarm* | nurse call* | rookmelder* | brandmeld* | fire detection | alarmsentral* | brannalarmsentral*',
  ],
  ['54', 2, 'detektor* | detector* | sirene* | sounder* | bs 5839* | en 54* | sløyfe*'],
  [
    '55',
    3,
    'lydanlegg* | teleslynge* | fellesantenne* | tv-anlegg* | av-anlegg* | av-utstyr* | internfjernsyn* | videoovervåking* | cctv | public address | induction loop* | audio visual | høyttaler*',
  ],
  [
    '56',
    3,
    'sd-anlegg* | sentral driftskontroll | driftskontroll* | automatisering* | bacnet* | knx | undersentral* | bms | building management system* | building automation | gebouwbeheer* | automasjon* | automasjonsstasjon* | sd prinsippskjema | sd',
  ],
  ['56', 1.5, 'duc | modbus | controls | styresystem* | regulator*'],
  [
    '62',
    3,
    '*heis | heis* | heiser | rulletrapp* | løftebord* | lift | lifts | lifting | elevator* | escalator* | loler | ns-insta 500* | en 81* | merkelast* | trappeheis*',
  ],
  ['62', 1.5, 'kone | otis | tk elevator | driftstillatelse*'],
  // The 62 and 63 groups by the standard's own names and the products they hold: lifts, escalators, moving walks,
  // lifting tables, stair lifts, facade access, dock levellers; document and small goods transport.
  [
    '621',
    3,
    'personheis* | sengeheis* | vareheis* | passenger lift* | goods lift* | platform lift* | evacuation lift* | firefighting lift* | bed lift*',
  ],
  ['622', 3, 'rulletrapp* | escalator*'],
  ['623', 3, 'rullebånd* | rullefortau* | travelator* | moving walk*'],
  ['624', 3, 'løftebord* | lifting table* | scissor lift table*'],
  ['625', 3, 'trappeheis* | stairlift* | stair lift* | trappeløfter*'],
  [
    '627',
    3,
    'fasadevask* | fasadeheis* | gondol* | building maintenance unit* | bmu | facade access equipment | cradle system* | window cleaning cradle*',
  ],
  [
    '62',
    3,
    'dokkramp* | dokkrampe | dock leveller* | dock leveler* | dock levellers | lasterampe* | lastebro* | rampebro* | loading bay equipment | dock shelter*',
  ],
  [
    '631',
    3,
    'rørpost* | pneumatic tube* | tube post | dokumentheis* | småvareheis* | bokinnlevering* | bokretur* | book return* | book sorter* | book sorting | sorteringsanlegg for bøker | selvbetjent innlevering*',
  ],
  ['63', 2, 'sorteringsanlegg* | sorting system* | transportbånd* | conveyor*'],
  ['61', 3, 'baderomsmodul* | prefabrikkerte bad* | bathroom pod* | prefabricated bathroom* | prefabrikkerte rom'],
  [
    '64',
    3,
    'scenerigg* | scenemaskineri* | sceneteknisk* | trekkstang* | trekkstenger | stage machinery | stage engineering | flying system* | orkestergrav*',
  ],
  [
    '66',
    2.5,
    'storkjøkkenutstyr* | catering equipment | commercial kitchen equipment | laboratorieutstyr* | laboratory furniture',
  ],
  ['65', 3, 'sentralstøvsuger* | avfallssug* | søppelsug* | avfallsbrønn*'],
  [
    '65',
    2.5,
    'avfallskomprimator* | komprimator* | avfallskvern* | central vacuum* | waste compactor* | refuse chute*',
  ],
  // 7 Utendørs
  ['7', 2, 'utendørs* | landskap* | external works | uteanlegg*'],
  [
    '70',
    3,
    'utomhus* | uteområde* | landscape* | situasjonsplan* | site plan | site location* | location plan* | situatie*',
  ],
  ['71', 2.5, 'terrengplan* | terrengbearbeiding* | grøft* | masseutskifting* | planering* | earthworks | høydeplan*'],
  ['714', 2.5, 'kabelgrøft* | va-grøft* | grøfter for tekniske* | grøftesnitt* | service trench*'],
  ['71', 1, 'terreng | terrenget'],
  ['721', 2.5, 'støttemur* | retaining wall* | natursteinsmur*'],
  [
    '725',
    2.5,
    'barrier | barriers | barrier arm* | loop detector* | gjerde* | fence* | fencing | skyveport* | slagport* | innkjøringsport* | bom | bommer | bomanlegg* | bomarm* | vegbom* | parkeringsbom* | rising arm barrier* | vehicle barrier* | gates | swing gate* | sliding gate*',
  ],
  [
    '723',
    2.5,
    'leskur* | sykkelskur* | sykkelbod* | bicycle shelter* | cycle shelter* | bus shelter* | smoking shelter*',
  ],
  [
    '722',
    3,
    'utvendige trapper | utvendig trapp | trapper i terreng | trapp i terreng | ramper i terreng | rampe i terreng | trapper og ramper i terreng | external steps | external stair* | landscape steps',
  ],
  ['724', 3, 'utendørs svømmebasseng* | utebasseng* | outdoor pool* | outdoor swimming pool*'],
  ['726', 2.5, 'kulvert* | culvert*'],
  [
    '731',
    3,
    'utvendig va | utendørs va | va-anlegg* | va-plan* | vann- og avløp* | kumlokk* | stakekum* | nedstigningskum* | vannkum* | *kummer | overvannshåndtering* | stikkledning* | external drainage | manhole* | inspection chamber*',
  ],
  ['73', 1.5, 'kum | va | infiltrasjon*'],
  [
    '731',
    3,
    'oljeutskiller* | olje- og slamutskiller* | sandfang* | oil separator* | oil interceptor* | petrol interceptor* | fuel separator* | pumpekum* | pumpestasjon for spillvann | utvendig fettutskiller* | sluk og sandfang',
  ],
  ['733', 3, 'hydrant* | brannhydrant* | fire hydrant* | brannkum*'],
  ['737', 2.5, 'energibrønn* | brønnpark* | grunnvarme* | borehole* | ground source field*'],
  // snow melting is outdoors by nature: water-borne from the heating plant (732) or electric (745)
  ['7', 2, 'snøsmelt* | snow melting | snow melt | frost protection of ramps'],
  [
    '744',
    3,
    'utebelysning* | utelys* | gatelys* | veilys* | vegbelysning* | external lighting | street light* | parkbelysning* | lysmast* | belysningsmast* | lighting column* | bollard light* | pullertarmatur* | pullertlys* | flomlys* | floodlight*',
  ],
  [
    '76',
    2.5,
    'asfalt* | belegningsstein* | *belegning | belegning* | kantstein* | adkomstvei* | paving | kerb* | tarmac | roads | roadway* | access road* | road surface* | gatestein* | vegdekke*',
  ],
  ['76', 1, 'parkering* | car park* | sykkelstativ* | benk | benker | bench* | vei | veg'],
  ['762', 2, 'parkeringsplass* | utendørs parkering* | surface car park* | parking bays'],
  [
    '763',
    2.5,
    'vegoppmerking* | veioppmerking* | oppmerking* | trafikkskilt* | road marking* | line marking* | wayfinding signs external',
  ],
  ['764', 2.5, 'autovern* | sikkerhetsrekkverk* | crash barrier*'],
  [
    '78',
    2.5,
    'tilknytning til offentlig* | tilknytning til kommunal* | offentlig va-nett* | kommunalt nett | offentlig nett | utility connection* | service connection* | fiberinntak*',
  ],
  ['77', 3, 'grass cutting | shrub* | hekk | hekker'],
  ['772', 3, 'beplantning* | beplantningsplan* | planting* | tree pit* | stauder | trær | busker'],
  ['77', 3, 'grøntareal* | parker og hager'],
  ['771', 1.5, 'plen | plenen | gress* | grass* | gressareal*'],
  ['77', 1.5, 'lekeplass* | lekeapparat* | playground*'],
  // Three-digit parts that a document about one system names plainly (they count towards their two-digit part too).
  [
    '542',
    2.5,
    'brannalarm* | branndeteksjon* | fire alarm* | fire detection | smoke alarm* | røykvarsler* | heat alarm*',
  ],
  ['54', 2.5, 'carbon monoxide alarm* | co alarm* | co-varsler*'],
  ['52', 2.5, 'fiberkabling* | fibre optic* | fiber optic* | fibre cabling | fiber cabling'],
  ['25', 2, 'golv | golvet | golvbelegg* | *golv'],
  ['443', 2.5, 'nødlys* | ledelys* | emergency light* | noodverlichting*'],
  ['442', 2, 'lysarmatur* | led-armatur* | downlight* | luminaire* | lighting layout* | lighting points'],
  ['332', 2.5, 'sprinkler* | sprinklar*'],
  ['33', 2.5, 'håndslokkeapparat* | brannslukkere | brannslokkere | fire extinguishers | dry riser* | wet riser*'],
  ['621', 2.5, 'personheis* | passenger lift* | heis nr* | lift 1 | lift 2 | heis 1 | heis 2'],
  ['312', 2, 'tappevann* | domestic water | cold water storage'],
  [
    '255',
    2.5,
    'parkett* | gulvbelegg* | vinylbelegg* | linoleum* | floor finish* | floor covering* | safety flooring | vinyl floor* | sports floor* | timber floor* | sprung floor* | floor maintenance',
  ],
  ['234', 2, 'vindu | vinduer | vindus* | window* | ytterdør* | casement*'],
  ['244', 2.5, 'innvendige dører | innerdør* | innvendig dør* | internal door* | interior door*'],
  // What a survey or measurement of the whole building is about
  [
    '20',
    2,
    'radon* | sound insulation | sound insulation between* | sound insulation test* | air tightness | airtightness | air permeability | støyutredning* | trafikkstøy*',
  ],
  ['36', 2, 'inneklimamåling* | inneklima | indoor air quality'],
  ['36', 3, 'kitchen extract* | extract canopy | kitchen hood* | cooker hood* | kjøkkenavtrekk*'],
  [
    '731',
    3,
    'cctv drainage survey | drainage survey | drain survey | outfall | attenuation tank* | drainage strategy* | surface water drainage | permeable paving',
  ],
  ['77', 3, 'ballbinge* | kunstgress* | sports pitch* | multi-use games area | muga | playground*'],
  ['25', 2, 'tiling | floor tiles | wall and floor tiles'],
  // IFC entity names, which is most of what a model's extracted text contains.
  ['36', 1.5, 'ifcductsegment | ifcductfitting | ifcairterminal* | ifcdamper | ifcfan'],
  ['3', 1, 'ifcpipesegment | ifcpipefitting | ifcvalve | ifcpump | ifcflowterminal'],
  ['31', 1.5, 'ifcsanitaryterminal | ifcwastefitting'],
  ['32', 1.5, 'ifcspaceheater | ifcboiler'],
  ['33', 1.5, 'ifcfiresuppressionterminal'],
  ['41', 1.5, 'ifccablecarriersegment | ifccablecarrierfitting'],
  ['44', 1.5, 'ifclightfixture | ifclamp'],
  ['43', 1.5, 'ifcoutlet | ifcelectricdistributionboard | ifcswitchingdevice'],
  ['54', 1.5, 'ifcalarm | ifcsensor'],
  ['22', 1.5, 'ifcbeam | ifccolumn | ifcmember'],
  ['2', 1, 'ifcwall* | ifcslab | ifcwindow | ifcdoor | ifcroof | ifcstair* | ifccovering | ifccurtainwall'],
  // Manufacturers the product brief names: weak, because a product document says what the product is anyway.
  ['36', 1.5, 'systemair | swegon | flexit'],
  ['44', 1.5, 'glamox'],
  ['24', 1.5, 'dorma | dormakaba | gyproc'],
  ['27', 1.5, 'jøtul'],
  ['26', 1, 'isola'],
  ['23', 1.5, 'rockwool'],
  ['3', 1, 'uponor'],
  ['4', 1, 'abb | schneider electric | schneider'],
];

// ---------------------------------------------------------------------------------------------------- disciplines
const DISCIPLINE_TERMS: readonly Group[] = [
  ['ARK', 3, 'arkitekt* | architect* | bouwkund* | architectural | architecture'],
  ['ARK', 2, 'romprogram* | tømrer* | snekker* | carpentry | joinery'],
  ['IARK', 3, 'interiørarkitekt* | interiør* | interior design*'],
  ['LARK', 3, 'landskapsarkitekt* | landskap* | landscape architect* | landscape'],
  [
    'RIB',
    3,
    'konstruksjon | konstruksjonstegning* | rib-tegning* | structural* | structure | constructeur* | constructie* | staalconstructie* | bærekonstruksjon*',
  ],
  ['RIG', 3, 'geotekni* | geotechn* | grunnundersøk*'],
  ['RIV', 3, 'vvs* | rørlegger* | mechanical* | hvac | plumbing | public health | w-installatie* | werktuigbouw*'],
  ['RIV', 2, 'rør'],
  ['RIE', 3, 'elektro* | elektriker* | electrical* | e-installatie* | elektra | el | elkraft* | installatør*'],
  [
    'RIBr',
    3,
    'brannkonsept* | brannteknisk* | brannstrategi* | brannplan* | branntegning* | brannrapport* | brannsikkerhet* | fire strategy | fire engineer* | rømningsplan* | brandveiligheid*',
  ],
  ['RIBr', 1.5, 'brann'],
  ['RIAku', 3, 'akustikk* | lydmåling* | lydberegning* | lydklasse* | acoustic* | lydteknisk*'],
  [
    'RIByFy',
    3,
    'bygningsfysikk* | fuktsikring* | tetthetsmåling* | lufttetthet* | fuktsikringsplan* | building physics | kuldebro*',
  ],
  ['RIEn', 3, 'energiberegning* | simien | energy calculation* | energiutredning* | sap calculation* | sbem*'],
  [
    'RIM',
    3,
    'miljøkartlegging* | miljøoppfølging* | avfallsplan* | miljøsanering* | rim | asbest* | asbestos* | miljøfarlig* | hazardous materials survey',
  ],
  ['RIByFy', 2, 'fukt | fuktkontroll* | kontroll fukt'],
  ['RIB', 2.5, 'armering* | reinforcement | rebar'],
  ['RIAku', 2.5, 'sound insulation | lydisolasjon*'],
  [
    'RIM',
    3,
    'klimagass* | klimagassregnskap* | klimagassberegning* | greenhouse gas* | embodied carbon | whole life carbon | life cycle assessment | livsløpsvurdering*',
  ],
  ['RIVA', 2.5, 'civils | civil engineer* | drainage engineer*'],
  ['RIByFy', 2.5, 'radon* | termograf* | fuktmåling* | rf-måling* | air tightness | airtightness | air permeability'],
  [
    'RIAku',
    2.5,
    'støyutredning* | støyvurdering* | støykartlegging* | trafikkstøy* | sound insulation test* | acoustic test*',
  ],
];

// ---------------------------------------------------------------------------------------------------- information types
const TYPE_TERMS: readonly Group[] = [
  [
    'product_data_sheet',
    3,
    'produktdatablad* | datablad* | productdata* | product data* | productinfo* | product info* | data sheet* | datasheet* | produktblad* | produktark* | produktinformasjon* | spesifikasjonsblad* | teknisk datablad* | technical data sheet* | productblad* | technische informatie | technical information | product sheet*',
  ],
  ['product_data_sheet', 2, 'pdb | tds | teknisk info*'],
  [
    'product_data_sheet',
    1.5,
    'tekniske data | technical data | specifications | nobb* | mål og vekt | dimensions and weights | tilbehør',
  ],
  [
    'om_instructions',
    3,
    'fdv-dokumentasjon* | handover pack* | handover file* | vedlikehaldsinstruks* | vedlikehald* | skjøtsel* | *skjøtselsplan* | landscape management plan* | building log book* | building logbook* | tm31 | driftsinstruks* | vedlikeholdsinstruks* | drift og vedlikehold* | drifts- og vedlikehold* | forvaltning, drift og vedlikehold | o&m | operation and maintenance | operating and maintenance | maintenance manual* | maintenance instructions | onderhoudsvoorschrift* | service manual* | servicehåndbok* | bedieningsvoorschrift* | installation, operation and maintenance | driftshåndbok* | vedlikeholdsplan*',
  ],
  [
    'om_instructions',
    2,
    'fdv | driftsveiledning* | vedlikeholdsanvisning* | onderhoud* | maintenance schedule* | vedlikeholdsintervall* | servicehandbok*',
  ],
  [
    'om_instructions',
    1.2,
    'vedlikehold | vedlikeholdet | maintenance | feilsøking* | troubleshooting | fault finding | feilkoder | error codes | periodisk vedlikehold',
  ],
  [
    'user_manual',
    3,
    'bruksanvisning* | brukerveiledning* | brukermanual* | brukerhåndbok* | brukarrettleiing* | user leaflet* | home user guide* | homeowner manual* | homeowners manual* | home owner manual* | beboerhåndbok* | bebuarhandbok* | bruksrettleiing* | operating manual* | operator manual* | operators manual* | gebruikershandleiding* | user guide* | user manual* | owner manual* | owners manual* | verkorte handleiding* | hurtigguide* | quick guide* | quick start*',
  ],
  ['user_manual', 2, 'handleiding* | operating instructions | bru | slik bruker du | slik betjener du | betjening*'],
  [
    'user_manual',
    3,
    "boligmappe* | bustadmappe* | building user guide* | residents guide | residents' guide | resident guide | residents handbook | residents' handbook | tenant handbook | tenants handbook | welcome pack* | beboerinformasjon* | informasjon til beboere | informasjon til bebuarar | brukerinformasjon*",
  ],
  [
    'installation_instructions',
    3,
    'monteringsanvisning* | montasjeanvisning* | monteringsveiledning* | monteringsrettleiing* | installer guide* | installers guide* | installer reference* | installer manual* | installation and servicing* | installasjonsveiledning* | installasjonsanvisning* | montagehandleiding* | installation guide* | installation instructions | installation manual* | fitting instructions | mounting instructions | monteringsinstruks* | montasjeveiledning*',
  ],
  ['installation_instructions', 1.5, 'montering | montasje | before installation | før montering* | installation'],
  [
    'cleaning_instructions',
    3,
    'renholdsinstruks* | renholdsveiledning* | reinhaldsrettleiing* | reinhaldsinstruks* | reinhald* | cleaning instructions | cleaning guide* | schoonmaak*',
  ],
  ['cleaning_instructions', 2, 'renhold* | rengjøring* | cleaning'],
  [
    'safety_data_sheet',
    3.5,
    'sikkerhetsdatablad* | hms-datablad* | safety data sheet* | veiligheidsinformatieblad* | sds | msds | coshh*',
  ],
  ['safety_data_sheet', 2, '1907/2006 | fareidentifikasjon* | hazards identification | avsnitt 1'],
  ['declaration_of_performance', 3.5, 'ytelseserklæring* | declaration of performance | prestatieverklaring* | dop'],
  [
    'declaration_of_performance',
    2,
    'erklærte ytelser | declared performance | cpr | harmonisert standard | harmonised standard',
  ],
  [
    'declaration_of_conformity',
    3.5,
    'samsvarserklæring* | declaration of conformity | eu declaration of conformity | conformiteitsverklaring*',
  ],
  // An installer's certificate that the installation meets its standard (BS 7671, BS 5266, BS 9251 ...)
  [
    'declaration_of_conformity',
    3.5,
    'electrical installation certificate | eic | minor works certificate* | minor electrical installation works certificate | completion certificate | installation certificate* | certificate of installation* | certificate of compliance | certificate of conformity | conformity certificate',
  ],
  [
    'technical_approval',
    3.5,
    'teknisk godkjenning | produktsertifikat* | typegodkjenning* | certifire | bba certificate | product certificate | european technical assessment',
  ],
  ['technical_approval', 2.5, 'sintef | sertifikat* | eta | kiwa'],
  ['epd', 3.5, 'epd | epd-norge | nepd* | miljødeklarasjon* | environmental product declaration*'],
  ['epd', 2, 'en 15804* | iso 14025 | gwp*'],
  ['environmental_self_declaration', 3, 'egenerklæring* | self-declaration | miljødokument*'],
  ['environmental_self_declaration', 1.5, 'a20 | breeam* | prioritetslisten | kandidatliste*'],
  ['warranty', 3, 'garanti* | warranty | warranties | guarantee* | garantie*'],
  // a guarantee inspection is a report of what was found, not a warranty
  ['report', 3.5, 'garantibefaring* | ettårsbefaring* | reklamasjonsbefaring* | defects inspection | end of defects*'],
  ['report', 3, 'aftercare* | soft landings | post-occupancy evaluation*'],
  [
    'spare_parts_list',
    3,
    'reservedel* | spare parts | spare part list* | parts list* | reserveonderdelen* | onderdelenlijst*',
  ],
  [
    'commissioning_report',
    3,
    'innregulering* | inregel* | igangkjøring* | water balance* | air balance* | balance certificate* | proportional balancing | funksjonstest* | systemtest* | itb | integrert systemtest* | commissioning | prøvedrift* | balancing | inregulering* | ns 6450*',
  ],
  ['commissioning_report', 1.5, 'cibse code* | bsria* | witnessed'],
  [
    'commissioning_report',
    3.5,
    'pre-commission cleaning | pre-commissioning cleaning | precommission cleaning | flushing and cleaning | system flushing | chemical cleaning | spyling og rengjøring* | spyling av rør* | rørspyling* | rengjøring før igangkjøring | igangkjøringssjekkliste* | sjekkliste igangkjøring | sjekkliste for igangkjøring | commissioning checklist* | pre-commissioning checklist* | pre-commissioning | oppstart og funksjonstest | oppstartskontroll* | oppstartsprotokoll* | start-up and commissioning | start-up report*',
  ],
  [
    'test_measurement_report',
    3,
    'trykkprøv* | tetthetsprøv* | tetthetsmåling* | lydmåling* | målerapport* | måleprotokoll* | megger* | isolasjonsmåling* | kontinuitetsmåling* | test record* | test result* | test report* | pressure test* | eicr | electrical installation condition report | measurement report* | radonmåling* | trykktest* | lekkasjetest* | termografi* | duration test* | gas safety record* | *måling | *målinger | sertifiseringsrapport* | certification report* | cable test* | thermographic survey* | thermal imaging* | lekkasjesøk* | leak test* | røyktest* | smoke test* | servicerapport* | service report* | inspection report* | periodic inspection* | inspection record* | test certificate* | kontrollrapport* | kontrollkort* | monitoring record* | temperature record* | temperature monitoring* | monitoring log* | air tightness test* | airtightness test* | termografering* | fuktmåling* | rf-måling* | air permeability test* | sound insulation test* | pre-completion testing | trykkprøvingsprotokoll* | thorough examination*',
  ],
  [
    'test_measurement_report',
    3,
    'periodisk kontroll* | periodic inspection* | årlig kontroll* | årskontroll* | hovedinspeksjon* | dle-rapport* | dle-kontroll* | eltilsyn* | analyserapport* | vannanalyse* | drikkevannsanalyse* | vannprøve* | prøvesvar* | water sample* | legionellakontroll* | legionella testing | gas safety certificate* | landlord gas safety* | cp12 | servicing record* | service record* | service sheet* | pat test* | portable appliance test* | fire door inspection* | inspeksjonsrapport*',
  ],
  ['test_measurement_report', 1, 'inspeksjon* | inspection | årlig inspeksjon* | annual inspection* | annual service*'],
  [
    'test_measurement_report',
    1.5,
    'måling* | målt | measured | prøvetrykk* | test pressure | schedule of test results | result: pass | testet | tested | kontroll av',
  ],
  [
    'self_inspection_checklist',
    3,
    'egenkontroll* | sjekkliste* | kontrollskjema* | snagging* | snag list* | mangelliste* | checklist* | check list* | kontrolliste* | self-inspection*',
  ],
  [
    'independent_control_report',
    3.5,
    'uavhengig kontroll | kontrollerklæring* | independent control* | uavhengig kontrollerende',
  ],
  [
    'circuit_schedule',
    3.5,
    'kursfortegnelse* | kursliste* | kursoversikt* | tavledokumentasjon* | groepenverklaring* | groepen verklaring* | circuit schedule* | circuit chart* | distribution board schedule*',
  ],
  [
    'fire_strategy',
    3.5,
    'brannkonsept* | brannstrategi* | brannteknisk* | brannrapport* | fire strategy | fire safety strategy | fire engineering report* | fire risk assessment* | brandveiligheid*',
  ],
  ['fire_strategy', 2, 'branntegning* | brannplan* | brann-notat* | brannnotat*'],
  [
    'evacuation_plan',
    3.5,
    'rømningsplan* | branninstruks* | evakueringsplan* | evacuation plan* | fire action notice* | ontruimingsplan*',
  ],
  ['evacuation_plan', 2, 'du er her | du står her | you are here | samlingsplass* | møteplass*'],
  [
    'lift_documents',
    3,
    'driftstillatelse* | ns-insta 500* | loler | thorough examination* | heisregister* | sikkerhetskontroll heis',
  ],
  ['lift_documents', 1.5, 'heis | heisen | heiser | *heis | lift | lifts | elevator* | sikkerhetskontroll* | loggbok*'],
  [
    'energy_certificate',
    3.5,
    'energiattest* | energimerk* | energiberegning* | energy performance certificate* | display energy certificate* | energy calculation* | sap calculation* | energielabel* | energy statement* | energikarakter*',
  ],
  ['energy_certificate', 2, 'epc | sbem | simien | netto energibehov | levert energi'],
  [
    'supplier_list',
    3.5,
    'leverandørliste* | kontaktliste* | leverandørregister* | leverandøroversikt* | supplier list* | contact list* | contact directory | contractors directory | adresseliste*',
  ],
  ['supplier_list', 1.5, 'suppliers | subcontractors'],
  ['training_record', 3, 'opplæring* | training | opleiding*'],
  [
    'permit_documents',
    3.5,
    'rammetillatelse* | igangsettingstillatelse* | ferdigattest* | brukstillatelse* | byggetillatelse* | planning permission | building control completion certificate | omgevingsvergunning* | building control approval | building control | building act 1984 | design and access statement* | planning application*',
  ],
  ['permit_documents', 2, 'byggesak* | ett-trinns søknad | tillatelse til tiltak'],
  [
    'permit_documents',
    3.5,
    'gjennomføringsplan* | nabovarsel* | ansvarsrett* | søknad om tillatelse* | søknad om ansvarsrett',
  ],
  [
    'photo_documentation',
    3.5,
    'fotodokumentasjon* | skjulte konstruksjoner | skjult konstruksjon* | skjulte anlegg* | før lukking | fotorapport* | photo documentation | photographic record*',
  ],
  ['photo', 2, 'foto | fotos | bilder | bilde | photo | photos | befaring* | site visit*'],
  [
    'description',
    3,
    'teknisk beskrivelse | funksjonsbeskrivelse* | asset register* | anleggsregister* | door schedule* | radiator schedule* | window schedule* | room data sheet* | employer requirements | employers requirements | performance specification* | tegningsliste* | drawing list* | drawing register* | document register* | dokumentliste* | fremdriftsplan* | programme of works | verdelerstaat* | systembeskrivelse* | romprogram* | description of operation | specification* | spesifikasjon* | kravspesifikasjon* | bestek* | nbs | beskrivelse*',
  ],
  ['description', 1.5, 'ns 3420* | beskrivelsestekst* | omfang'],
  // equipment lists and room schedules
  [
    'description',
    3,
    'armaturliste* | ventilliste* | utstyrsliste* | utstyrsoversikt* | utstyrsregister* | komponentliste* | komponentoversikt* | komponentregister* | romskjema* | romliste* | romdatablad* | romoversikt* | room schedule* | room data sheet* | equipment schedule* | equipment list* | plant schedule* | plant list* | component schedule* | component list*',
  ],
  ['description', 2, 'schedule | register'],
  ['description', 1.5, '*liste | *lister | *oversikt'],
  ['calculation', 3, '*beregning* | calculation* | berekening* | dimensjonering* | statiske*'],
  ['calculation', 1.5, 'kapasitetskontroll* | load take-down | design of'],
  [
    'report',
    2.5,
    'rapport* | *rapport | report | reports | notat | notat* | memo | survey | tilstandsrapport* | tilstandsvurdering* | tilstandsanalyse* | ns 3424 | condition survey* | condition report* | kartlegging* | *kartlegging | datarapport* | risk assessment* | risikovurdering* | ros-analyse* | risiko- og sårbarhetsanalyse* | residual risk* | risk register* | sikker jobbanalyse* | sha-plan* | construction phase plan | health and safety plan | miljøoppfølgingsprogram* | avfallsplan* | sluttrapport* | vurdering* | utredning*',
  ],
  [
    'certificate',
    3,
    'certificate | certificates | certificaat* | kalibreringssertifikat* | certificate of disinfection | fg-attest* | sertifisering* | attest | attester',
  ],
  [
    'contract',
    3,
    '*kontrakt* | serviceavtale* | contract | contracts | agreement* | service agreement* | overeenkomst* | avtale | avtalen',
  ],
  ['contract', 1.5, 'ns 8407* | ns 8405* | kontraktssum | totalentreprise*'],
  [
    'contract',
    4,
    'aksept av tilbud | tilbudsaksept* | akseptbrev* | aksept av pristilbud | letter of acceptance | acceptance of tender | acceptance of quotation | accepted tender',
  ],
  [
    'contract',
    3,
    'practical completion certificate | certificate of practical completion | jct* | nec4* | sluttoppgjør*',
  ],
  [
    'meeting_minutes',
    3.5,
    'referat | *referat | referat* | møtereferat* | byggemøte* | prosjektmøte* | prosjekteringsmøte* | minutes of* | meeting minutes | progress meeting* | site meeting* | design team meeting* | notulen',
  ],
  [
    'meeting_minutes',
    2,
    'tilstede | deltakere | attendees | apologies | referent | neste møte | next meeting | actions',
  ],
  [
    'offer',
    3.5,
    'tilbud | tilbudet | pristilbud* | tilbudsbrev* | tilbudssum* | tilbod | tilbodet | tilbodssum* | quotation* | fee proposal* | offerte* | tender return* | tender sum | anbud*',
  ],
  ['meeting_minutes', 1.5, 'minutes'],
  [
    'contract',
    3.5,
    '*avtale | *avtaler | driftsavtale* | overtakelsesprotokoll* | overtakelsesforretning* | final account* | sluttoppgjør*',
  ],
  [
    'description',
    3,
    'innholdsfortegnelse* | table of contents | contents list | cause and effect* | cause & effect | brannmatrise* | styringsmatrise*',
  ],
  ['om_instructions', 2, 'service interval* | serviceintervall*'],
  ['offer', 2, 'tilbudet gjelder | validity | prisen gjelder | forbehold | tilbyder* | enquiry'],
  ['model', 2.5, 'modell | modellen | bim-modell* | model | models | modellen'],
];

/** Neutral phrases that must beat a misleading shorter match inside them. */
const NEUTRAL_TERMS =
  'oppstartsmøte* | utvendig enhet | utedel* | outdoor unit* | outdoor*' +
  ' | sluttrapport* | roof plan* | roof level | vedlikeholdsfri* | oppvarmingskarakter* | main contractor* | contractor* | dekker ikke | garantien dekker | dekker fabrikasjonsfeil | fuktsikring* | brannsikring* | kjeller* | skjulte konstruksjoner | analyse* | tilbakeslagsventil* | stikkord* | rapportering* | kursus | e-post | portal* | rapportere*';

/** The patterns of a list, each with its nynorsk forms (nynorsk.ts). */
function splitPatterns(patterns: string): string[] {
  return withNynorsk(patterns)
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * NS 3451 names as extra vocabulary: "Gulvoverflate", "Armaturer for spillvann" ... Single generic words ("Utstyr",
 * "Rammer", "Plasser") are left out because they match far too much.
 */
function tableNamePatterns(): { pattern: string; code: string }[] {
  const generic = new Set([
    'utstyr',
    'armaturer',
    'isolasjon',
    'ledningsnett',
    'rammer',
    'plasser',
    'veger',
    'skilter',
    'kanalnett',
    'skjørt',
    'lys',
    'heiser',
    'kraner',
    'jording',
    'pasientsignal',
  ]);
  const out: { pattern: string; code: string }[] = [];
  for (const entry of ns3451Entries()) {
    if (entry.level < 2) continue;
    const name = entry.nameNo
      .toLowerCase()
      .replace(/,? generelt$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (name.length < 6 || generic.has(name) || /\(ns 3451:2022\)/.test(name)) continue;
    if (!name.includes(' ') && name.length < 8) continue;
    for (const pattern of splitPatterns(name.includes(' ') ? name : `${name}*`))
      out.push({ pattern, code: entry.code });
  }
  return out;
}

export type VocabularyKind = 'ns' | 'discipline' | 'type';

/** The hand-written vocabulary as written (bokmål, English, Dutch), before nynorsk forms are added: for the audit test. */
export function writtenVocabulary(): { kind: VocabularyKind; key: string; patterns: string[] }[] {
  const list = (kind: VocabularyKind, groups: readonly Group[]) =>
    groups.map(([key, , patterns]) => ({
      kind,
      key,
      patterns: patterns
        .split('|')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    }));
  return [...list('ns', NS_TERMS), ...list('discipline', DISCIPLINE_TERMS), ...list('type', TYPE_TERMS)];
}

let matchers: Record<VocabularyKind, PhraseMatcher<WeightedTarget[]>> | null = null;

/**
 * One matcher per kind of target, built on first use. Separate matchers because "longest match wins" must only
 * compare like with like: "electrical services" (an NS phrase) must not hide "electrical" (a discipline word). The
 * neutral phrases go into every matcher.
 */
export function vocabularyMatchers(): Record<VocabularyKind, PhraseMatcher<WeightedTarget[]>> {
  if (matchers) return matchers;
  const byKind: Record<VocabularyKind, Map<string, WeightedTarget[]>> = {
    ns: new Map(),
    discipline: new Map(),
    type: new Map(),
  };
  const addEntry = (kind: VocabularyKind, pattern: string, wt: WeightedTarget): void => {
    const map = byKind[kind];
    const list = map.get(pattern) ?? [];
    // The same pattern listed twice for one target keeps the stronger weight.
    const same = list.find((x) => JSON.stringify(x.target) === JSON.stringify(wt.target));
    if (same) same.weight = Math.max(same.weight, wt.weight);
    else list.push(wt);
    map.set(pattern, list);
  };
  for (const [code, weight, patterns] of NS_TERMS)
    for (const p of splitPatterns(patterns)) addEntry('ns', p, { target: { kind: 'ns', code }, weight });
  for (const { pattern, code } of tableNamePatterns()) {
    if (!byKind.ns.has(pattern)) addEntry('ns', pattern, { target: { kind: 'ns', code }, weight: 2 });
  }
  for (const [code, weight, patterns] of DISCIPLINE_TERMS)
    for (const p of splitPatterns(patterns))
      addEntry('discipline', p, { target: { kind: 'discipline', code }, weight });
  for (const [id, weight, patterns] of TYPE_TERMS)
    for (const p of splitPatterns(patterns)) addEntry('type', p, { target: { kind: 'type', id }, weight });
  // A word that names a three-digit part ("sprinkler" 332, "nødlys" 443) and is also listed for its two-digit part
  // becomes one signal for the three-digit part with both weights, which counts towards the two-digit part as before
  // and lets the decider go one level deeper.
  for (const [pattern, list] of byKind.ns) {
    const codes = list.flatMap((wt) => (wt.target.kind === 'ns' ? [wt.target.code] : []));
    const merged = list.filter((wt) => {
      if (wt.target.kind !== 'ns') return true;
      const code = wt.target.code;
      const child = list.find(
        (o) => o.target.kind === 'ns' && o.target.code.length > code.length && o.target.code.startsWith(code),
      );
      if (!child) return true;
      child.weight += wt.weight;
      return false;
    });
    if (merged.length !== list.length && codes.length > 1) byKind.ns.set(pattern, merged);
  }
  const build = (kind: VocabularyKind): PhraseMatcher<WeightedTarget[]> => {
    const map = byKind[kind];
    for (const p of splitPatterns(NEUTRAL_TERMS))
      if (!map.has(p)) map.set(p, [{ target: { kind: 'none' }, weight: 0 }]);
    return new PhraseMatcher([...map.entries()].map(([pattern, payload]) => ({ pattern, payload })));
  };
  matchers = { ns: build('ns'), discipline: build('discipline'), type: build('type') };
  return matchers;
}
