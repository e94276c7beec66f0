#!/usr/bin/env node
/**
 * Reconstruction aid, not used at runtime: builds map.json from named lat/lon vertices so that
 * neighbouring areas share their border vertices exactly. The JSON it writes is the source of
 * truth; an owner of the box can edit map.json directly and never run this script again.
 *
 *   node games/soft-underbelly/src/data/tools/build-map.mjs > games/soft-underbelly/src/data/map.json
 *
 * Projection (equirectangular, centred on 42N 12E, north up, y grows southward):
 *   x = (lon - 12) * 111.32 * cos(42deg),  y = -(lat - 42) * 110.57   (km)
 */
const KX = 111.32 * Math.cos((42 * Math.PI) / 180);
const KY = 110.57;
const proj = ([lat, lon]) => [round1((lon - 12) * KX), round1(-(lat - 42) * KY)];
const round1 = (v) => Math.round(v * 10) / 10;

// ---- named vertices [lat, lon] -------------------------------------------------------------
const V = {
  // Southern Germany / Austria / Switzerland
  deNW: [48.9, 9.0],
  deNE: [49.0, 13.4],
  passau: [48.57, 13.45],
  braunau: [48.25, 13.03],
  salzburg: [47.8, 13.0],
  kufstein: [47.58, 12.17],
  zugspitze: [47.42, 11.0],
  fussen: [47.57, 10.7],
  oberstdorf: [47.3, 10.2],
  lindau: [47.55, 9.72],
  bodensee: [47.65, 9.3],
  konstanz: [47.7, 9.0],
  schaffhausen: [47.7, 8.63],
  basel: [47.56, 7.59],
  jura: [46.9, 6.45],
  geneva: [46.2, 6.15],
  chamonix: [46.2, 6.8],
  montDolent: [45.92, 7.05],
  grStBernard: [45.87, 7.17],
  monteRosa: [45.93, 7.87],
  simplon: [46.25, 8.05],
  formazza: [46.45, 8.4],
  zenna: [46.1, 8.72],
  ponteTresa: [45.97, 8.86],
  chiasso: [45.83, 9.03],
  splugen: [46.5, 9.33],
  tirano: [46.22, 10.15],
  umbrail: [46.55, 10.45],
  reschen: [46.85, 10.47],
  silvretta: [46.85, 10.1],
  liechtenstein: [47.05, 9.5],
  atNE: [48.6, 15.5],
  atSE: [46.7, 15.5],
  karawankenE: [46.6, 15.0],
  karawanken: [46.45, 14.3],
  tarvisio: [46.52, 13.72],
  plocken: [46.6, 12.95],
  drava: [46.75, 12.3],
  brenner: [47.0, 11.5],
  timmelsjoch: [46.9, 11.1],
  // Slovenia / Istria / Balkans
  caporetto: [46.25, 13.58],
  gorizia: [45.95, 13.65],
  duino: [45.77, 13.6],
  trieste: [45.65, 13.77],
  piran: [45.53, 13.57],
  umag: [45.43, 13.52],
  porec: [45.23, 13.6],
  rovinj: [45.08, 13.64],
  kamenjak: [44.77, 13.91],
  rabac: [45.08, 14.15],
  rijeka: [45.33, 14.44],
  crikvenica: [45.2, 14.6],
  karlovac: [45.5, 15.2],
  sotla: [45.9, 15.6],
  senj: [44.99, 14.9],
  velebit: [44.55, 15.1],
  zadar: [44.12, 15.23],
  sibenik: [43.73, 15.9],
  split: [43.51, 16.44],
  neretva: [43.0, 17.4],
  dubrovnik: [42.65, 18.09],
  kotor: [42.42, 18.6],
  bar: [42.09, 19.1],
  shkoder: [42.0, 19.45],
  bkE: [45.8, 19.45],
  bkN: [46.4, 17.0],
  // France
  rhoneN: [46.2, 4.8],
  rhoneMid: [45.0, 4.8],
  rhoneS: [44.0, 4.7],
  camargue: [43.45, 4.6],
  marseille: [43.3, 5.37],
  toulon: [43.1, 5.93],
  stTropez: [43.27, 6.64],
  cannes: [43.55, 7.0],
  nice: [43.7, 7.27],
  menton: [43.78, 7.53],
  saccarello: [44.06, 7.71],
  larche: [44.42, 6.9],
  viso: [44.67, 7.09],
  monginevro: [44.93, 6.72],
  cenis: [45.25, 6.9],
  petitStBernard: [45.68, 6.88],
  montBlanc: [45.83, 6.86],
  // Northern Italy
  sestoCalende: [45.73, 8.63],
  sesia: [45.35, 8.7],
  lomellina: [45.1, 8.95],
  p4: [44.65, 9.2],
  giovi: [44.6, 8.9],
  cadibona: [44.38, 8.35],
  imperia: [43.88, 8.03],
  savona: [44.3, 8.48],
  genoa: [44.41, 8.93],
  sestriLevante: [44.27, 9.4],
  laSpezia: [44.1, 9.82],
  magra: [44.05, 10.02],
  lunigiana: [44.2, 9.88],
  gottero: [44.37, 9.72],
  bocco: [44.45, 9.45],
  piacenza: [45.05, 9.7],
  cremona: [45.13, 10.0],
  mantuaS: [44.95, 10.7],
  tLVE: [45.0, 11.35],
  peschiera: [45.44, 10.69],
  gardaN: [45.9, 10.85],
  tonale: [46.26, 10.58],
  ferraraN: [44.95, 11.9],
  poGoro: [44.79, 12.4],
  poDelta: [44.95, 12.55],
  chioggia: [45.22, 12.28],
  venice: [45.43, 12.34],
  caorle: [45.6, 12.88],
  tagliamento: [45.64, 13.1],
  grado: [45.68, 13.38],
  ravenna: [44.42, 12.28],
  cesenatico: [44.2, 12.4],
  rimini: [44.06, 12.57],
  cattolica: [43.97, 12.74],
  cerreto: [44.3, 10.23],
  abetone: [44.15, 10.66],
  futa: [44.1, 11.28],
  muraglione: [43.95, 11.65],
  tETM: [43.78, 12.1],
  // Central Italy
  viareggio: [43.87, 10.25],
  livorno: [43.55, 10.31],
  piombino: [42.93, 10.5],
  castiglione: [42.76, 10.88],
  argentario: [42.4, 11.15],
  chiarone: [42.37, 11.45],
  bolsena: [42.75, 11.85],
  orvieto: [42.65, 12.2],
  terni: [42.45, 12.6],
  rieti: [42.55, 12.9],
  tULM: [42.65, 13.1],
  gubbio: [43.35, 12.7],
  cittaCastello: [43.55, 12.3],
  pesaro: [43.91, 12.91],
  senigallia: [43.72, 13.22],
  ancona: [43.62, 13.52],
  sanBenedetto: [42.95, 13.88],
  tronto: [42.89, 13.92],
  pescara: [42.46, 14.21],
  ortona: [42.36, 14.4],
  vasto: [42.12, 14.71],
  termoli: [42.0, 15.0],
  saccione: [41.92, 15.13],
  molApu: [41.7, 15.05],
  tMCA: [41.3, 15.0],
  molCam: [41.45, 14.5],
  tLMC: [41.5, 13.95],
  sora: [41.75, 13.65],
  avezzano: [42.0, 13.2],
  aquilaW: [42.35, 13.15],
  civitavecchia: [42.09, 11.79],
  fiumicino: [41.77, 12.22],
  anzio: [41.45, 12.62],
  circeo: [41.22, 13.05],
  gaeta: [41.21, 13.57],
  garigliano: [41.22, 13.76],
  lazCam: [41.35, 13.85],
  // Southern Italy
  volturno: [41.02, 13.93],
  naples: [40.84, 14.25],
  campanella: [40.57, 14.33],
  salerno: [40.68, 14.77],
  paestum: [40.42, 15.0],
  licosa: [40.25, 14.9],
  palinuro: [40.03, 15.27],
  sapri: [40.07, 15.63],
  camBas: [40.35, 15.7],
  camBasN: [40.8, 15.5],
  tCAB: [41.05, 15.55],
  melfi: [41.05, 15.75],
  gravina: [40.82, 16.42],
  bradano: [40.42, 16.88],
  lesina: [41.9, 15.35],
  rodi: [41.93, 15.88],
  vieste: [41.88, 16.18],
  manfredonia: [41.63, 15.92],
  barletta: [41.32, 16.28],
  bari: [41.13, 16.87],
  brindisi: [40.64, 17.94],
  otranto: [40.15, 18.49],
  leuca: [39.8, 18.36],
  gallipoli: [40.06, 17.99],
  taranto: [40.47, 17.24],
  scalea: [39.81, 15.79],
  paola: [39.36, 16.04],
  vaticano: [38.62, 15.83],
  scilla: [38.25, 15.71],
  reggio: [38.11, 15.65],
  spartiventoC: [37.93, 16.06],
  soverato: [38.69, 16.55],
  rizzuto: [38.9, 17.1],
  crotone: [39.08, 17.13],
  alice: [39.4, 17.15],
  sibari: [39.75, 16.5],
  novaSiri: [40.1, 16.62],
  metaponto: [40.37, 16.82],
  // Sicily
  peloro: [38.27, 15.65],
  milazzo: [38.27, 15.24],
  cefalu: [38.04, 14.02],
  palermo: [38.12, 13.36],
  sanVito: [38.18, 12.73],
  trapani: [38.02, 12.5],
  marsala: [37.8, 12.43],
  mazara: [37.65, 12.59],
  sciacca: [37.5, 13.08],
  empedocle: [37.28, 13.53],
  licata: [37.1, 13.94],
  gela: [37.06, 14.25],
  passero: [36.69, 15.13],
  siracusa: [37.07, 15.29],
  augusta: [37.23, 15.22],
  catania: [37.5, 15.09],
  taormina: [37.85, 15.29],
  messina: [38.19, 15.55],
  // Sardinia
  santaTeresa: [41.24, 9.19],
  palau: [41.18, 9.38],
  olbia: [40.92, 9.58],
  comino: [40.53, 9.83],
  arbatax: [39.93, 9.7],
  ferrato: [39.3, 9.63],
  carbonara: [39.1, 9.52],
  cagliari: [39.21, 9.11],
  spartiventoS: [38.88, 8.85],
  teulada: [38.87, 8.64],
  antioco: [39.0, 8.4],
  frasca: [39.75, 8.45],
  mannu: [40.03, 8.38],
  bosa: [40.29, 8.47],
  alghero: [40.56, 8.31],
  caccia: [40.56, 8.16],
  stintino: [40.95, 8.22],
  portoTorres: [40.84, 8.4],
  castelsardo: [40.91, 8.71],
  // Corsica
  bonifacio: [41.39, 9.16],
  portoVecchio: [41.59, 9.28],
  solenzara: [41.86, 9.4],
  aleria: [42.1, 9.51],
  bastia: [42.7, 9.45],
  capCorse: [43.0, 9.42],
  stFlorent: [42.68, 9.3],
  calvi: [42.57, 8.76],
  porto: [42.26, 8.69],
  cargese: [42.13, 8.59],
  ajaccio: [41.92, 8.74],
  propriano: [41.67, 8.9],
  // North Africa
  tenes: [36.51, 1.31],
  cherchell: [36.6, 2.2],
  algiers: [36.77, 3.06],
  dellys: [36.92, 3.91],
  bejaia: [36.75, 5.08],
  setif: [36.2, 5.3],
  tipaza: [36.6, 2.45],
  boumerdes: [36.76, 3.48],
  algS2: [34.0, 3.2],
  algW2: [36.1, 1.2],
  algSE: [35.0, 5.2],
  algS: [34.0, 5.0],
  algSW: [34.0, 1.5],
  algW: [35.5, 1.3],
  jijel: [36.82, 5.77],
  collo: [37.0, 6.57],
  skikda: [36.88, 6.91],
  capDeFer: [37.08, 7.17],
  bone: [36.9, 7.77],
  elKala: [36.9, 8.44],
  tabarka: [36.95, 8.76],
  capNegro: [37.1, 9.0],
  beja: [36.73, 9.18],
  medjez: [36.65, 9.6],
  pontDuFahs: [36.37, 9.9],
  fondouk: [35.6, 9.65],
  faid: [34.93, 9.5],
  maknassy: [34.6, 9.6],
  gafsa: [34.2, 8.9],
  chott: [33.8, 8.4],
  capSerrat: [37.23, 9.22],
  bizerte: [37.27, 9.87],
  rasJebel: [37.22, 10.12],
  laGoulette: [36.83, 10.3],
  sidiDaoud: [37.02, 10.9],
  capBon: [37.08, 11.04],
  kelibia: [36.85, 11.09],
  nabeul: [36.45, 10.73],
  hammamet: [36.4, 10.6],
  enfidaville: [36.14, 10.38],
  sousse: [35.83, 10.64],
  monastir: [35.78, 10.83],
  mahdia: [35.5, 11.06],
  chebba: [35.24, 11.12],
  sfax: [34.74, 10.76],
  skhira: [34.3, 10.07],
  gabes: [33.88, 10.1],
  djerba: [33.7, 10.9],
  zarzis: [33.5, 11.11],
  rasAjdir: [33.15, 11.57],
  dehiba: [32.0, 10.7],
  tnS: [31.3, 10.4],
  tnSW: [31.3, 8.6],
  zuwara: [32.93, 12.08],
  sabratha: [32.8, 12.48],
  garabulli: [32.76, 13.72],
  zliten: [32.47, 14.57],
  lyS: [31.3, 12.8],
  nalut: [32.55, 11.35],
  tripoli: [32.89, 13.19],
  khoms: [32.65, 14.26],
  misrata: [32.37, 15.09],
  lySE: [31.3, 15.1],
};

// ---- areas --------------------------------------------------------------------------------
// flags: sea (sea-adjacent), star (orange), ally (Allied star), axis (Axis symbol), air (airfield),
// mtn (mountain), tri (partisan triangle), island, italian (surrender areas 03-14 except Sardinia)
const A = [
  {
    id: '01',
    name: 'Munich',
    region: 'europe',
    f: 'axis star',
    ring: 'deNW deNE passau braunau salzburg kufstein zugspitze fussen oberstdorf lindau bodensee konstanz',
    prov: 'rulebook §2 L27 (area 01 = Munich, Axis symbol); ext: orange star (designer description names Munich among the star areas); derived: not sea-adjacent, so it is an Axis supply source in Europe (§40 L408, spec M3); reconstructed: outline = southern Bavaria and Swabia from Lake Constance to Passau, not a mountain area (the Alpine belt is area 02)',
  },
  {
    id: '02',
    name: 'Tyrol & Carinthia',
    region: 'europe',
    f: 'mtn',
    ring: 'lindau oberstdorf fussen zugspitze kufstein salzburg braunau passau atNE atSE karawankenE karawanken tarvisio plocken drava brenner timmelsjoch reschen silvretta liechtenstein',
    prov: 'reconstructed: area 02 is never named in the rulebook; southern Austria (Innsbruck, Salzburg, Klagenfurt) joins Munich to Italy over the Brenner and Tarvisio passes; Alpine, so mountain; landlocked',
  },
  {
    id: '03',
    name: 'Piedmont',
    region: 'europe',
    f: 'mtn tri italian',
    ring: 'montDolent grStBernard monteRosa simplon formazza zenna sestoCalende sesia lomellina p4 giovi cadibona saccarello larche viso monginevro cenis petitStBernard montBlanc',
    prov: 'rulebook §42 L418 (areas 03-14 are Italian); reconstructed: Turin and the western Alps, landlocked; mountain (Alpine valleys, where the 1944-45 partisan republics held out); partisan triangle (Piedmont had the largest partisan formations)',
  },
  {
    id: '04',
    name: 'Lombardy',
    region: 'europe',
    f: 'star tri italian',
    ring: 'zenna ponteTresa chiasso splugen tirano umbrail tonale gardaN peschiera tLVE mantuaS cremona piacenza p4 lomellina sesia sestoCalende',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Milan and the upper Po plain, landlocked; orange star = Milan (largest industrial city, seat of the 1945 insurrection), which also gives the Axis a non-sea-adjacent supply source inside Italy (§40 L408); partisan triangle; not mountain (Po plain)',
  },
  {
    id: '05',
    name: 'Veneto & Friuli',
    region: 'europe',
    f: 'sea tri italian',
    ring: 'umbrail reschen timmelsjoch brenner drava plocken tarvisio caporetto gorizia duino grado tagliamento caorle venice chioggia poDelta poGoro ferraraN tLVE peschiera gardaN tonale',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Venice, Verona, Trento, Bolzano and Udine (the 1943 Italian border at the Brenner); on the Adriatic, so sea-adjacent; partisan triangle (Veneto and Friuli brigades); not mountain as a whole (the Venetian plain dominates)',
  },
  {
    id: '06',
    name: 'Liguria',
    region: 'europe',
    f: 'sea mtn tri italian',
    ring: 'menton imperia savona genoa sestriLevante laSpezia magra lunigiana gottero bocco p4 giovi cadibona saccarello',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Genoa and the Riviera, sea-adjacent; mountain (Ligurian Alps and Apennines rise straight from the coast); partisan triangle (Genoa was freed by partisans in April 1945); drawn somewhat wider than the real strip so an aircraft counter fits (§32 L346)',
  },
  {
    id: '07',
    name: 'Emilia-Romagna',
    region: 'europe',
    f: 'sea star tri italian',
    ring: 'p4 piacenza cremona mantuaS tLVE ferraraN poGoro ravenna cesenatico rimini cattolica tETM muraglione futa abetone cerreto gottero bocco',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Bologna and the lower Po plain behind the Gothic Line, Adriatic coast at Rimini and Ravenna so sea-adjacent; orange star = Bologna (the Allied objective of winter 1944-45, taken 21 April 1945) chosen to make an odd count of 7 stars; partisan triangle; not mountain (plain, the Apennine crest is its southern border)',
  },
  {
    id: '08',
    name: 'Tuscany & Umbria',
    region: 'europe',
    f: 'sea tri italian',
    ring: 'magra viareggio livorno piombino castiglione argentario chiarone bolsena orvieto terni rieti tULM gubbio cittaCastello tETM muraglione futa abetone cerreto gottero lunigiana',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Florence, Pisa, Siena and Perugia (Umbria merged in so that the mainland fits areas 03-13); Tyrrhenian coast, so sea-adjacent; partisan triangle (Florence rose in August 1944); not mountain (hill country crossed quickly in summer 1944)',
  },
  {
    id: '09',
    name: 'Marche, Abruzzo & Molise',
    region: 'europe',
    f: 'sea mtn tri italian',
    ring: 'cattolica pesaro senigallia ancona sanBenedetto tronto pescara ortona vasto termoli saccione molApu tMCA molCam tLMC sora avezzano aquilaW tULM gubbio cittaCastello tETM',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: the Adriatic side of the central Apennines from Pesaro to Termoli (Ortona, the Sangro); sea-adjacent; mountain (Gran Sasso, Maiella: the Gustav and Gothic lines anchored here); partisan triangle (Marche and the Maiella brigade)',
  },
  {
    id: '10',
    name: 'Lazio',
    region: 'europe',
    f: 'sea star italian',
    ring: 'chiarone civitavecchia fiumicino anzio circeo gaeta garigliano lazCam tLMC sora avezzano aquilaW tULM rieti terni orvieto bolsena',
    prov: 'rulebook §42 L418 (Italian area); ext: orange star = Rome (designer description); reconstructed: Rome, Anzio and Cassino, Tyrrhenian coast so sea-adjacent; not mountain (the Cassino massif is a corner of the area, Rome and the Latium plain dominate); no partisan triangle (Rome was freed by the armies in June 1944)',
  },
  {
    id: '11',
    name: 'Campania',
    region: 'europe',
    f: 'sea star italian',
    ring: 'garigliano volturno naples campanella salerno paestum licosa palinuro sapri camBas camBasN tCAB tMCA molCam tLMC lazCam',
    prov: 'rulebook §42 L418 (Italian area); ext: orange star = Naples (designer description); reconstructed: Naples and Salerno (Avalanche landing, September 1943), sea-adjacent; not mountain; no partisan triangle',
  },
  {
    id: '12',
    name: 'Apulia',
    region: 'europe',
    f: 'sea air italian',
    ring: 'saccione lesina rodi vieste manfredonia barletta bari brindisi otranto leuca gallipoli taranto bradano gravina melfi tCAB tMCA molApu',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Foggia, Bari, Taranto and Brindisi; sea-adjacent; airfield = the Foggia airfield complex (base of the US 15th Air Force from late 1943); not mountain (Tavoliere plain)',
  },
  {
    id: '13',
    name: 'Calabria & Lucania',
    region: 'europe',
    f: 'sea mtn italian',
    ring: 'sapri scalea paola vaticano scilla reggio spartiventoC soverato rizzuto crotone alice sibari novaSiri metaponto bradano gravina melfi tCAB camBasN camBas',
    prov: 'rulebook §42 L418 (Italian area); reconstructed: Calabria and Basilicata (Reggio, Potenza); sea-adjacent; mountain (Aspromonte, Sila: the slow Baytown advance of September 1943); white arrow to Sicily across the Strait of Messina',
  },
  {
    id: '14',
    name: 'Sicily',
    region: 'europe',
    f: 'sea star air italian',
    ring: 'peloro milazzo cefalu palermo sanVito trapani marsala mazara sciacca empedocle licata gela passero siracusa augusta catania taormina messina',
    prov: 'rulebook §47 L478 (area 14 = Sicily); rulebook §42 L418 (Italian area: Allied control triggers surrender); derived: sea-adjacent (landing target in §47 L482), not a mountain area (tanks support both sides in §47 L484-L494), not an "island" for Axis reinforcements (§47 L478 places Axis reinforcements there, spec AMB-31); reconstructed: orange star = Palermo (first Axis home territory to fall, July 1943); airfield (Gerbini and Comiso airfields, Axis then Allied air bases)',
  },
  {
    id: '15',
    name: 'Sardinia',
    region: 'europe',
    f: 'sea air island',
    ring: 'santaTeresa palau olbia comino arbatax ferrato carbonara cagliari spartiventoS teulada antioco frasca mannu bosa alghero caccia stintino portoTorres castelsardo',
    prov: 'rulebook §40 L410, §46 L456 (Sardinia, island); rulebook §42 L418 (Sardinia does not trigger surrender, so italian=false); derived: an Axis aircraft based here supports the defence of Sicily (§47 L494); reconstructed: numbered 15 just outside the 03-14 block (spec AMB-20), airfield (Decimomannu and Elmas), sea-adjacent, not mountain; linked only to Corsica by the Bonifacio arrow',
  },
  {
    id: '16',
    name: 'Sfax & Gabès',
    region: 'africa',
    f: 'sea',
    ring: 'enfidaville sousse monastir mahdia chebba sfax skhira gabes djerba zarzis rasAjdir nalut dehiba tnS tnSW chott gafsa maknassy faid fondouk pontDuFahs',
    prov: 'rulebook §5 L67 (area 16, Axis set-up 1 tank + 2 cubes); derived: in Africa (all other Axis units set up outside Africa); reconstructed: eastern and southern Tunisia (Sousse, Sfax, Gabès, the Mareth Line) held by the Axis in early 1943; sea-adjacent; not mountain',
  },
  {
    id: '17',
    name: 'Tunis',
    region: 'africa',
    f: 'sea star air',
    ring: 'capNegro capSerrat bizerte rasJebel laGoulette sidiDaoud capBon kelibia nabeul hammamet enfidaville pontDuFahs medjez beja',
    prov: 'rulebook §5 L67 (area 17 = Tunis, Axis set-up); ext: orange star = Tunis (designer description); derived: sea-adjacent (Allied reinforcements placed there in §47 L476); reconstructed: Tunis, Bizerte and Cap Bon, bounded by the Medjez-el-Bab and Enfidaville fronts; airfield (El Aouina and Bizerte, the Axis air bridge of 1942-43)',
  },
  {
    id: '18',
    name: 'Constantine & Tébessa',
    region: 'africa',
    f: 'sea ally',
    ring: 'bejaia jijel collo skikda capDeFer bone elKala tabarka capNegro beja medjez pontDuFahs fondouk faid maknassy gafsa chott algS algSE setif',
    prov: 'rulebook §5 L65 (three Allied-star areas, 4 cubes + 1 tank + 1 aircraft each); reconstructed: Allied star = eastern Algeria and the western Tunisian dorsal (Bône, Constantine, Tébessa, Kasserine), held by the British First Army and US II Corps in early 1943; sea-adjacent at Bône, as Allied reinforcement and supply need (§9 L114, §40 L406)',
  },
  {
    id: '19',
    name: 'Algiers',
    region: 'africa',
    f: 'sea ally',
    ring: 'tenes cherchell tipaza algiers boumerdes dellys bejaia setif algSE algS algS2 algSW algW algW2',
    prov: 'rulebook §5 L65 (Allied-star area); reconstructed: Allied star = Algiers, the Torch landing area (November 1942) and Allied Force Headquarters; sea-adjacent; no airfield symbol given (the Allied air arm is spread over the three star areas)',
  },
  {
    id: '20',
    name: 'Tripolitania',
    region: 'africa',
    f: 'sea ally air',
    ring: 'rasAjdir zuwara sabratha tripoli garabulli khoms zliten misrata lySE lyS tnS dehiba nalut',
    prov: 'rulebook §5 L65 (Allied-star area); reconstructed: Allied star = Tripolitania, taken by the British Eighth Army on 23 January 1943 before the Mareth battles; sea-adjacent; airfield (Castel Benito, Desert Air Force)',
  },
  {
    id: '21',
    name: 'Corsica',
    region: 'europe',
    f: 'sea mtn air island',
    ring: 'bonifacio portoVecchio solenzara aleria bastia capCorse stFlorent calvi porto cargese ajaccio propriano',
    prov: 'rulebook §40 L410, §46 L456 (Corsica, island); reconstructed: French, so not Italian (no surrender trigger); sea-adjacent; mountain (the island is a granite massif); airfield (the 1944 "USS Corsica" bomber and fighter fields); linked to Sardinia by the Bonifacio arrow only, never to the mainland (spec M2)',
  },
  {
    id: '22',
    name: 'Provence & Dauphiné',
    region: 'europe',
    f: 'sea',
    ring: 'montDolent chamonix geneva rhoneN rhoneMid rhoneS camargue marseille toulon stTropez cannes nice menton saccarello larche viso monginevro cenis petitStBernard montBlanc',
    prov: 'reconstructed: southern France east of the Rhône (Marseille, Toulon, Grenoble, Savoy), the Dragoon landing area of August 1944 named by the designer (ext: theplayersaid.com interview 2023: the game reaches the landings in southern France); sea-adjacent; not mountain (Dragoon advanced fast up the Rhône valley); not Italian',
  },
  {
    id: '23',
    name: 'Trieste & Ljubljana',
    region: 'europe',
    f: 'sea mtn',
    ring: 'tarvisio karawanken karawankenE atSE sotla karlovac crikvenica rijeka rabac kamenjak rovinj porec umag piran trieste duino gorizia caporetto',
    prov: 'reconstructed: Venezia Giulia, Istria and Slovenia (Trieste, Fiume, Ljubljana), the Adriatic coastland and the "Ljubljana gap" route toward Austria; sea-adjacent; mountain (Karst and Julian Alps); not counted as Italian for surrender (outside the 03-14 block), no partisan triangle (its partisans were Yugoslav, outside the Allied partisan rule §35)',
  },
  {
    id: 'SWITZERLAND',
    name: 'Switzerland',
    region: 'europe',
    kind: 'impassable',
    f: '',
    ring: 'geneva jura basel schaffhausen konstanz bodensee lindau liechtenstein silvretta reschen umbrail tirano splugen chiasso ponteTresa zenna formazza simplon monteRosa grStBernard montDolent chamonix',
    prov: 'rulebook §2 L19 (Switzerland: dotted border, impassable to land units, aircraft overfly); reconstructed: outline of Switzerland; seaAdjacent=false and no symbols because no rule applies to it',
  },
  {
    id: 'BALKANS',
    name: 'Balkans',
    region: 'europe',
    kind: 'impassable',
    f: '',
    ring: 'atSE bkN bkE shkoder bar kotor dubrovnik neretva split sibenik zadar velebit senj crikvenica karlovac sotla',
    prov: 'rulebook §2 L19 (Balkans: dotted border, impassable to land units, aircraft overfly); reconstructed: Croatia, Bosnia, Dalmatia and Montenegro; seaAdjacent=false although it has a coast, because an impassable area can never be controlled or landed in, and the U-boat rule (§38 L394) counts only areas the Allies can control',
  },
];

// Arrows (white arrows across straits)
const ARROWS = [
  [
    '13',
    '14',
    'rulebook §12 L146 (islands joined by white arrows); derived: the Axis retreats out of Sicily over land (§47 L504, §22 L248); reconstructed: the arrow crosses the Strait of Messina',
  ],
  [
    '15',
    '21',
    'rulebook §12 L146 (white arrows); reconstructed: the Strait of Bonifacio joins Sardinia and Corsica; neither island is linked to the mainland, which is why §40 L410 supplies them through the Italian fleet',
  ],
];

// ----------------------------------------------------------------------------------------------
const F = (s) => new Set(s.split(/\s+/).filter(Boolean));
const areas = A.map((a) => {
  const f = F(a.f);
  for (const n of a.ring.split(/\s+/)) if (!V[n]) throw new Error(`area ${a.id}: unknown vertex ${n}`);
  const ringNames = a.ring.split(/\s+/);
  const polygon = ringNames.map((n) => proj(V[n]));
  return {
    id: a.id,
    name: a.name,
    kind: a.kind ?? 'land',
    region: a.region,
    seaAdjacent: f.has('sea'),
    orangeStar: f.has('star'),
    alliedStar: f.has('ally'),
    axisSymbol: f.has('axis'),
    airfield: f.has('air'),
    mountain: f.has('mtn'),
    partisanTriangle: f.has('tri'),
    island: f.has('island'),
    italian: f.has('italian'),
    center: [0, 0],
    airBase: [0, 0],
    polygon,
    provenance: a.prov,
    _ring: ringNames,
  };
});

// ---- geometry ----
function inside([x, y], poly) {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i],
      [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}
function segDist([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax,
    dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
function edgeDist(p, poly) {
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) d = Math.min(d, segDist(p, poly[i], poly[(i + 1) % poly.length]));
  return d;
}
function pole(poly) {
  const xs = poly.map((p) => p[0]),
    ys = poly.map((p) => p[1]);
  let best = null,
    bd = -1;
  const x0 = Math.min(...xs),
    x1 = Math.max(...xs),
    y0 = Math.min(...ys),
    y1 = Math.max(...ys);
  const step = Math.max(x1 - x0, y1 - y0) / 80;
  for (let x = x0; x <= x1; x += step)
    for (let y = y0; y <= y1; y += step) {
      const p = [x, y];
      if (!inside(p, poly)) continue;
      const d = edgeDist(p, poly);
      if (d > bd) {
        bd = d;
        best = p;
      }
    }
  return [best, bd];
}
function centroid(poly) {
  let a = 0,
    cx = 0,
    cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i],
      [x1, y1] = poly[(i + 1) % poly.length];
    const c = x0 * y1 - x1 * y0;
    a += c;
    cx += (x0 + x1) * c;
    cy += (y0 + y1) * c;
  }
  return [cx / (3 * a), cy / (3 * a)];
}
const AIRBASE = { 15: [39.58, 9.17] };
for (const a of areas) {
  const [p] = AIRBASE[a.id] ? [proj(AIRBASE[a.id])] : pole(a.polygon);
  a.airBase = [round1(p[0]), round1(p[1])];
  const c = centroid(a.polygon);
  a.center = inside(c, a.polygon) && edgeDist(c, a.polygon) > 15 ? [round1(c[0]), round1(c[1])] : a.airBase;
}

// ---- links from shared edges ----
const key = (u, v) => (u < v ? `${u}|${v}` : `${v}|${u}`);
const edgeOwners = new Map();
for (const a of areas) {
  const r = a._ring;
  for (let i = 0; i < r.length; i++) {
    const k = key(r[i], r[(i + 1) % r.length]);
    if (!edgeOwners.has(k)) edgeOwners.set(k, new Set());
    edgeOwners.get(k).add(a.id);
  }
}
const pairs = new Map();
for (const owners of edgeOwners.values()) {
  const o = [...owners].sort();
  for (let i = 0; i < o.length; i++) for (let j = i + 1; j < o.length; j++) pairs.set(`${o[i]}|${o[j]}`, [o[i], o[j]]);
}
const byId = new Map(areas.map((a) => [a.id, a]));
const links = [...pairs.values()]
  .sort((p, q) => (p[0] + p[1]).localeCompare(q[0] + q[1]))
  .map(([a, b]) => {
    const imp = byId.get(a).kind === 'impassable' || byId.get(b).kind === 'impassable';
    return {
      a,
      b,
      kind: 'land',
      provenance: imp
        ? `reconstructed: ${byId.get(a).name} and ${byId.get(b).name} share a border on the map (an impassable area: no land movement crosses it, §2 L19)`
        : `reconstructed: ${byId.get(a).name} and ${byId.get(b).name} share a land border (real regional/national border, coarsened)`,
    };
  });
for (const [a, b, prov] of ARROWS) links.push({ a, b, kind: 'arrow', provenance: prov });

for (const a of areas) delete a._ring;
const out = {
  $comment:
    'Soft Underbelly map, reconstructed (the rulebook has no map). Coordinates in km, equirectangular projection centred on 42N 12E: x = (lon-12)*111.32*cos(42deg), y = -(lat-42)*110.57 (north up). See games/soft-underbelly/DATA.md.',
  projection: {
    kind: 'equirectangular',
    lat0: 42,
    lon0: 12,
    units: 'km',
    provenance:
      'reconstructed: projection chosen for the reconstruction; distances in km are used for the range rulers',
  },
  areas,
  links,
};
process.stdout.write(
  `${JSON.stringify(out, null, 1).replace(/\[\n\s+(-?[\d.]+),\n\s+(-?[\d.]+)\n\s+\]/g, '[$1, $2]')}\n`,
);
