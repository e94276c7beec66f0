/**
 * Reconstruction aid, not used at runtime: builds husky/map.json from real geography, with the
 * coastline pipeline the other maps use (`@sandtable/map/coast`: Natural Earth land from
 * world-atlas, clipped and projected) laid over the engine's HexGrid, and named places, river
 * courses, roads, railways, mountain and plain outlines given as lat/lon below. The JSON it writes
 * is the source of truth: an owner can edit it (or enter a printed map) and never run this again.
 *
 *   node --import tsx games/ocs/src/data/tools/build-map.ts > games/ocs/src/data/husky/map.json
 *   node --import tsx games/ocs/src/data/tools/build-map.ts --ascii    # preview
 *
 * Grid: 50 columns x 28 rows of flat-topped hexes, 5 miles (8.05 km) across the flats, printed
 * CC.RR from 01.01 in the south-west corner (columns west to east, rows south to north, GC-I-A).
 * Hex 01.01 is centred on 36.55N 12.30E; the map runs to about 38.5N 16.2E: Sicily, the Strait of
 * Messina and the toe of Calabria (Aspromonte, Reggio, Gioia Tauro).
 *
 * Projection (equirectangular, y up, km): x = (lon - 12.30) * 111.32 * cos(36.55deg),
 * y = (lat - 36.55) * 110.57.
 *
 * A hex is land when at least 4 of 7 sample points (its centre and points half way to its
 * corners) are on land: "at least half of it printed" (GC-I-B). Hexside features: a river lies on
 * the hexside between two adjacent hexes when its course crosses the segment joining their
 * centres; roads and railways join the successive hexes their course passes through.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type HexGrid, HexGrid as Grid } from '@sandtable/engine';
import { coastRings, type Topo } from '@sandtable/map/coast';

type LL = [number, number]; // [lat, lon]
type P = [number, number]; // km, y up

const COLS = 50;
const ROWS = 28;
const KM_ACROSS = 5 * 1.609344;
const SIZE = KM_ACROSS / Math.sqrt(3);
const LAT0 = 36.55;
const LON0 = 12.3;
const KX = 111.32 * Math.cos((LAT0 * Math.PI) / 180);
const KY = 110.57;

const grid: HexGrid = new Grid({
  cols: COLS,
  rows: ROWS,
  orientation: 'flat',
  offset: 'odd',
  separator: '.',
  colDigits: 2,
  rowDigits: 2,
});
const layout = { size: SIZE };
const xy = ([lat, lon]: LL): P => [(lon - LON0) * KX, (lat - LAT0) * KY];
const hexAt = (p: LL) => grid.fromPixel(...xy(p), layout);
const centre = (i: number): P => {
  const c = grid.toPixel(i, layout);
  return [c.x, c.y];
};
const label = (i: number) => grid.label(i);

// ---- land ----------------------------------------------------------------------------------------
const topo = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-10m.json'), 'utf8'),
) as Topo;
// coastRings projects with y down (north negative); flip to y up.
const rings: P[][] = coastRings(topo, {
  lon: [11.8, 16.8],
  lat: [36.2, 38.9],
  lon0: LON0,
  lat0: LAT0,
  minStep: 0.3,
  minArea: 60, // the Aegadian and Aeolian islets: no part in the campaign at this scale
  grain: 0.05,
}).map((r) => r.map(([x, y]) => [x, -y] as P));

function inRing(ring: P[], [x, y]: P): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const ringOf = (p: P) => rings.findIndex((r) => inRing(r, p));
const sicilyRing = ringOf(xy([37.567, 14.279])); // Enna
const samples = (i: number): P[] => {
  const [cx, cy] = centre(i);
  return [[cx, cy], ...grid.corners(i, layout).map((c) => [cx + (c.x - cx) / 2, cy + (c.y - cy) / 2] as P)];
};
const landRing = new Int32Array(grid.nodeCount).fill(-1);
for (let i = 0; i < grid.nodeCount; i++) {
  const hits = samples(i)
    .map(ringOf)
    .filter((r) => r >= 0);
  if (hits.length >= 4) landRing[i] = hits[0]!;
}
const isLand = (i: number) => landRing[i]! >= 0;

// ---- terrain outlines --------------------------------------------------------------------------
const R_RELIEF =
  'reconstructed: relief from 1:250,000 maps of Sicily and Calabria (Madonie, Nebrodi, Peloritani, Etna, Sicani, Iblei, Erei, Aspromonte), outlined by hand and laid on the grid';
const mountains: { name: string; outline: LL[] }[] = [
  {
    name: 'Madonie',
    outline: [
      [37.97, 13.85],
      [37.96, 14.2],
      [37.78, 14.25],
      [37.75, 13.95],
    ],
  },
  {
    name: 'Nebrodi',
    outline: [
      [38.04, 14.3],
      [38.06, 14.9],
      [37.9, 14.95],
      [37.85, 14.35],
    ],
  },
  {
    name: 'Troina-Nicosia highlands',
    outline: [
      [37.86, 14.3],
      [37.86, 14.86],
      [37.72, 14.86],
      [37.7, 14.3],
    ],
  },
  {
    name: 'Peloritani',
    outline: [
      [38.25, 15.42],
      [38.21, 15.52],
      [38.05, 15.45],
      [37.9, 15.32],
      [37.88, 15.18],
      [37.98, 15.12],
      [38.12, 15.25],
    ],
  },
  {
    name: 'Sicani',
    outline: [
      [37.75, 13.2],
      [37.72, 13.55],
      [37.58, 13.55],
      [37.55, 13.25],
    ],
  },
  {
    name: 'Monti di Palermo',
    outline: [
      [38.13, 13.05],
      [38.05, 13.45],
      [37.92, 13.45],
      [37.95, 13.1],
    ],
  },
  {
    name: 'Aspromonte',
    outline: [
      [38.38, 15.88],
      [38.32, 16.15],
      [38.0, 16.08],
      [37.96, 15.8],
      [38.12, 15.72],
    ],
  },
];
const ETNA: LL = [37.751, 14.995];
const hills: { name: string; outline: LL[] }[] = [
  {
    name: 'Monti Iblei',
    outline: [
      [37.2, 14.7],
      [37.15, 15.05],
      [36.95, 15.05],
      [36.85, 14.8],
      [36.95, 14.65],
    ],
  },
  {
    name: 'Monti Erei',
    outline: [
      [37.7, 14.2],
      [37.65, 14.6],
      [37.4, 14.55],
      [37.35, 14.25],
      [37.5, 14.1],
    ],
  },
  {
    name: 'Caltanissetta uplands',
    outline: [
      [37.7, 13.75],
      [37.62, 14.15],
      [37.42, 14.1],
      [37.45, 13.75],
    ],
  },
];
const plains: { name: string; outline: LL[] }[] = [
  {
    name: 'Piana di Catania',
    outline: [
      [37.56, 14.78],
      [37.52, 15.09],
      [37.37, 15.13],
      [37.3, 14.98],
      [37.33, 14.72],
      [37.45, 14.62],
    ],
  },
  {
    name: 'Piana di Gela',
    outline: [
      [37.13, 14.15],
      [37.12, 14.45],
      [37.0, 14.5],
      [37.02, 14.15],
    ],
  },
  {
    name: 'Licata plain',
    outline: [
      [37.16, 13.85],
      [37.13, 14.02],
      [37.05, 14.0],
      [37.06, 13.85],
    ],
  },
  {
    name: 'Marsala-Mazara coastal plain',
    outline: [
      [38.06, 12.42],
      [38.0, 12.7],
      [37.75, 12.78],
      [37.6, 12.78],
      [37.6, 12.45],
      [37.85, 12.3],
    ],
  },
  {
    name: "Conca d'Oro",
    outline: [
      [38.22, 13.25],
      [38.1, 13.46],
      [38.04, 13.36],
      [38.1, 13.2],
    ],
  },
  {
    name: 'Milazzo plain',
    outline: [
      [38.28, 15.18],
      [38.2, 15.32],
      [38.12, 15.16],
      [38.18, 15.06],
    ],
  },
  {
    name: 'Pachino-Avola coast',
    outline: [
      [36.95, 15.0],
      [36.93, 15.2],
      [36.66, 15.15],
      [36.68, 14.95],
    ],
  },
  {
    name: 'Syracuse-Augusta coast',
    outline: [
      [37.3, 15.08],
      [37.25, 15.3],
      [37.02, 15.32],
      [36.98, 15.18],
      [37.15, 15.12],
    ],
  },
];
const inOutline = (outline: LL[], i: number) => inRing(outline.map(xy), centre(i));
const km = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function baseTerrain(i: number): string {
  if (km(centre(i), xy(ETNA)) <= 13) return 'mountain';
  if (mountains.some((m) => inOutline(m.outline, i))) return 'mountain';
  if (plains.some((m) => inOutline(m.outline, i))) return 'open';
  if (km(centre(i), xy(ETNA)) <= 24 || hills.some((m) => inOutline(m.outline, i))) return 'hills';
  return 'rough';
}

// ---- places ------------------------------------------------------------------------------------
const R_PLACE = 'reconstructed: real position (1943 maps of Sicily and Calabria) on the reconstructed grid';
const places: { name: string; at: LL; kind: 'city' | 'town' | 'village' }[] = [
  { name: 'Palermo', at: [38.116, 13.361], kind: 'city' },
  { name: 'Messina', at: [38.193, 15.554], kind: 'city' },
  { name: 'Catania', at: [37.502, 15.087], kind: 'city' },
  { name: 'Syracuse', at: [37.075, 15.286], kind: 'city' },
  { name: 'Reggio Calabria', at: [38.111, 15.647], kind: 'city' },
  ...(
    [
      ['Trapani', 38.017, 12.515],
      ['Marsala', 37.798, 12.437],
      ['Mazara del Vallo', 37.651, 12.588],
      ['Castelvetrano', 37.679, 12.791],
      ['Sciacca', 37.509, 13.088],
      ['Agrigento', 37.311, 13.576],
      ['Porto Empedocle', 37.285, 13.527],
      ['Licata', 37.102, 13.937],
      ['Gela', 37.066, 14.25],
      ['Vittoria', 36.953, 14.533],
      ['Comiso', 36.948, 14.607],
      ['Ragusa', 36.927, 14.725],
      ['Modica', 36.859, 14.761],
      ['Noto', 36.891, 15.069],
      ['Augusta', 37.232, 15.221],
      ['Lentini', 37.285, 15.005],
      ['Caltagirone', 37.238, 14.512],
      ['Piazza Armerina', 37.385, 14.368],
      ['Caltanissetta', 37.49, 14.063],
      ['Enna', 37.567, 14.279],
      ['Canicattì', 37.358, 13.847],
      ['Leonforte', 37.64, 14.392],
      ['Agira', 37.656, 14.522],
      ['Adrano', 37.663, 14.834],
      ['Paternò', 37.567, 14.902],
      ['Troina', 37.784, 14.597],
      ['Randazzo', 37.876, 14.95],
      ['Nicosia', 37.748, 14.397],
      ['Acireale', 37.612, 15.166],
      ['Taormina', 37.852, 15.288],
      ['Cefalù', 38.039, 14.023],
      ['Termini Imerese', 37.985, 13.696],
      ['Milazzo', 38.221, 15.24],
      ['Barcellona', 38.146, 15.219],
      ['Corleone', 37.813, 13.302],
      ['Alcamo', 37.98, 12.964],
      ['Villa San Giovanni', 38.22, 15.64],
      ['Palmi', 38.36, 15.85],
    ] as const
  ).map(([name, lat, lon]) => ({ name, at: [lat, lon] as LL, kind: 'town' as const })),
  ...(
    [
      ['Pachino', 36.716, 15.09],
      ['Avola', 36.91, 15.138],
      ['Pozzallo', 36.73, 14.849],
      ['Vizzini', 37.161, 14.749],
      ['Grammichele', 37.215, 14.637],
      ['Niscemi', 37.147, 14.393],
      ['Biscari (Acate)', 37.025, 14.49],
      ['Scoglitti', 36.89, 14.43],
      ['Palazzolo Acreide', 37.06, 14.9],
      ['Palagonia', 37.33, 14.75],
      ['Scordia', 37.29, 14.84],
      ['Gerbini', 37.47, 14.83],
      ['Catenanuova', 37.57, 14.69],
      ['Regalbuto', 37.651, 14.64],
      ['Centuripe', 37.622, 14.74],
      ['Bronte', 37.788, 14.833],
      ['Cesarò', 37.844, 14.713],
      ['Giarre', 37.725, 15.184],
      ['Mistretta', 37.93, 14.36],
      ['Gangi', 37.795, 14.205],
      ['Petralia', 37.81, 14.09],
      ['Santo Stefano di Camastra', 38.016, 14.353],
      ["Sant'Agata di Militello", 38.068, 14.633],
      ["Capo d'Orlando", 38.151, 14.744],
      ['Patti', 38.139, 14.964],
      ['Mazzarino', 37.303, 14.212],
      ['Butera', 37.19, 14.18],
      ['Palma di Montechiaro', 37.193, 13.766],
      ['Lercara Friddi', 37.75, 13.6],
      ['Mussomeli', 37.58, 13.75],
      ['Partinico', 38.046, 13.116],
      ['Salemi', 37.82, 12.8],
      ['Ribera', 37.5, 13.265],
      ['Prizzi', 37.72, 13.43],
      ['Castelbuono', 37.93, 14.09],
      ['Melito di Porto Salvo', 37.92, 15.75],
      ['Scilla', 38.25, 15.72],
      ['Bagnara', 38.29, 15.81],
      ['Gioia Tauro', 38.43, 15.9],
      ['Bova Marina', 37.93, 15.92],
    ] as const
  ).map(([name, lat, lon]) => ({ name, at: [lat, lon] as LL, kind: 'village' as const })),
];

// ---- rivers (hexsides) ---------------------------------------------------------------------------
const R_RIVER = 'reconstructed: course from 1943 and modern maps, put on the hexsides its course crosses';
const rivers: { name: string; kind: 'majorRiver' | 'minorRiver'; course: LL[] }[] = [
  {
    name: 'Simeto',
    kind: 'majorRiver',
    course: [
      [37.86, 14.84],
      [37.76, 14.8],
      [37.66, 14.84],
      [37.58, 14.86],
      [37.5, 14.9],
      [37.45, 14.97],
      [37.41, 15.05],
      [37.39, 15.11],
    ],
  },
  {
    name: 'Salso (Imera Meridionale)',
    kind: 'majorRiver',
    course: [
      [37.8, 14.05],
      [37.62, 14.1],
      [37.5, 14.12],
      [37.35, 14.05],
      [37.22, 13.98],
      [37.09, 13.94],
    ],
  },
  {
    name: 'Dittaino',
    kind: 'minorRiver',
    course: [
      [37.6, 14.3],
      [37.56, 14.5],
      [37.53, 14.65],
      [37.5, 14.8],
      [37.46, 14.95],
      [37.44, 15.0],
    ],
  },
  {
    name: 'Gornalunga',
    kind: 'minorRiver',
    course: [
      [37.4, 14.6],
      [37.38, 14.78],
      [37.39, 14.95],
      [37.41, 15.05],
    ],
  },
  {
    name: 'Platani',
    kind: 'minorRiver',
    course: [
      [37.68, 13.7],
      [37.57, 13.62],
      [37.47, 13.45],
      [37.4, 13.3],
      [37.38, 13.27],
    ],
  },
  {
    name: 'Belice',
    kind: 'minorRiver',
    course: [
      [37.88, 13.2],
      [37.75, 13.05],
      [37.65, 12.95],
      [37.58, 12.89],
    ],
  },
  {
    name: 'Acate (Dirillo)',
    kind: 'minorRiver',
    course: [
      [37.13, 14.72],
      [37.05, 14.55],
      [36.99, 14.42],
      [36.97, 14.37],
    ],
  },
  {
    name: 'Gela',
    kind: 'minorRiver',
    course: [
      [37.3, 14.3],
      [37.15, 14.26],
      [37.05, 14.27],
    ],
  },
  {
    name: 'Irminio',
    kind: 'minorRiver',
    course: [
      [37.02, 14.8],
      [36.9, 14.7],
      [36.76, 14.59],
    ],
  },
  {
    name: 'Anapo',
    kind: 'minorRiver',
    course: [
      [37.1, 14.95],
      [37.08, 15.1],
      [37.05, 15.26],
    ],
  },
  {
    name: 'Alcantara',
    kind: 'minorRiver',
    course: [
      [37.88, 14.9],
      [37.9, 15.05],
      [37.87, 15.2],
      [37.81, 15.28],
    ],
  },
  {
    name: 'Imera Settentrionale',
    kind: 'minorRiver',
    course: [
      [37.78, 14.0],
      [37.88, 13.9],
      [37.98, 13.83],
    ],
  },
  {
    name: 'San Leonardo',
    kind: 'minorRiver',
    course: [
      [37.85, 13.55],
      [37.95, 13.65],
      [38.0, 13.7],
    ],
  },
  {
    name: 'Petrace',
    kind: 'minorRiver',
    course: [
      [38.28, 15.98],
      [38.36, 15.9],
      [38.41, 15.84],
    ],
  },
];

// ---- roads and railways --------------------------------------------------------------------------
const R_ROAD = 'reconstructed: the 1943 state road (Strada Statale) through the towns it joins, from 1943 road maps';
const R_RAIL = 'reconstructed: the 1943 Ferrovie dello Stato line (single track) through its stations';
const P_: Record<string, LL> = Object.fromEntries(places.map((p) => [p.name, p.at]));
const at = (...names: (string | LL)[]): LL[] =>
  names.map((n) => {
    if (typeof n !== 'string') return n;
    const p = P_[n];
    if (!p) throw new Error(`unknown place ${n}`);
    return p;
  });
const roads: { name: string; kind: 'road' | 'minorRoad'; course: LL[] }[] = [
  {
    name: 'SS113 north coast',
    kind: 'road',
    course: at(
      'Trapani',
      'Alcamo',
      'Partinico',
      'Palermo',
      [38.08, 13.51],
      'Termini Imerese',
      'Cefalù',
      'Santo Stefano di Camastra',
      "Sant'Agata di Militello",
      "Capo d'Orlando",
      'Patti',
      'Barcellona',
      [38.2, 15.26],
      [38.22, 15.38],
      'Messina',
    ),
  },
  {
    name: 'SS114 east coast',
    kind: 'road',
    course: at(
      'Messina',
      [38.05, 15.46],
      [37.94, 15.36],
      'Taormina',
      'Giarre',
      'Acireale',
      'Catania',
      [37.4, 15.06],
      'Lentini',
      [37.2, 15.17],
      'Syracuse',
      [36.98, 15.2],
      'Avola',
      'Noto',
    ),
  },
  {
    name: 'SS115 south coast',
    kind: 'road',
    course: at(
      'Noto',
      [36.785, 14.906],
      'Modica',
      'Ragusa',
      'Comiso',
      'Vittoria',
      'Gela',
      'Licata',
      'Palma di Montechiaro',
      'Agrigento',
      'Ribera',
      'Sciacca',
      'Castelvetrano',
      'Mazara del Vallo',
      'Marsala',
      'Trapani',
    ),
  },
  {
    name: 'SS121 Catania-Palermo',
    kind: 'road',
    course: at(
      'Catania',
      'Paternò',
      'Adrano',
      'Regalbuto',
      'Agira',
      'Leonforte',
      [37.6, 14.28],
      [37.59, 14.03],
      [37.68, 13.83],
      'Lercara Friddi',
      [38.03, 13.45],
      'Palermo',
    ),
  },
  { name: 'SS192 Catania-Enna', kind: 'road', course: at('Catania', 'Gerbini', 'Catenanuova', [37.56, 14.48], 'Enna') },
  {
    name: 'SS117 Gela-Enna-Santo Stefano',
    kind: 'road',
    course: at(
      'Gela',
      [37.13, 14.28],
      'Piazza Armerina',
      'Enna',
      'Leonforte',
      'Nicosia',
      'Mistretta',
      'Santo Stefano di Camastra',
    ),
  },
  {
    name: 'SS120 Fiumefreddo-Termini',
    kind: 'road',
    course: at(
      [37.79, 15.21],
      [37.84, 15.14],
      'Randazzo',
      'Cesarò',
      'Troina',
      'Nicosia',
      'Gangi',
      'Petralia',
      [37.91, 13.82],
      'Termini Imerese',
    ),
  },
  { name: 'SS284 Adrano-Randazzo', kind: 'road', course: at('Adrano', 'Bronte', 'Randazzo') },
  { name: "SS116 Randazzo-Capo d'Orlando", kind: 'minorRoad', course: at('Randazzo', [37.98, 14.9], "Capo d'Orlando") },
  {
    name: 'SS124 Syracuse-Caltagirone',
    kind: 'road',
    course: at(
      'Syracuse',
      [37.08, 15.15],
      'Palazzolo Acreide',
      'Vizzini',
      'Grammichele',
      'Caltagirone',
      'Piazza Armerina',
    ),
  },
  { name: 'SS417 Catania-Caltagirone', kind: 'road', course: at('Catania', 'Palagonia', 'Grammichele') },
  { name: 'Lentini-Scordia-Palagonia', kind: 'minorRoad', course: at('Lentini', 'Scordia', 'Palagonia') },
  { name: 'Vittoria-Biscari-Caltagirone', kind: 'minorRoad', course: at('Vittoria', 'Biscari (Acate)', 'Caltagirone') },
  { name: 'Gela-Niscemi-Caltagirone', kind: 'minorRoad', course: at('Gela', 'Niscemi', 'Caltagirone') },
  { name: 'Scoglitti-Vittoria', kind: 'minorRoad', course: at('Scoglitti', 'Vittoria') },
  { name: 'Pachino-Noto', kind: 'minorRoad', course: at('Pachino', 'Noto') },
  { name: 'Pozzallo-Modica', kind: 'minorRoad', course: at('Pozzallo', 'Modica') },
  { name: 'SS626 Licata-Caltanissetta', kind: 'road', course: at('Licata', 'Canicattì', 'Caltanissetta') },
  { name: 'Agrigento-Canicattì', kind: 'minorRoad', course: at('Agrigento', 'Canicattì') },
  { name: 'SS122 Caltanissetta-Enna', kind: 'road', course: at('Caltanissetta', 'Enna') },
  {
    name: 'Gela-Butera-Mazzarino-Piazza',
    kind: 'minorRoad',
    course: at('Gela', 'Butera', 'Mazzarino', 'Piazza Armerina'),
  },
  {
    name: 'SS118 Agrigento-Corleone-Palermo',
    kind: 'minorRoad',
    course: at('Agrigento', [37.4, 13.53], 'Prizzi', 'Corleone', 'Palermo'),
  },
  {
    name: 'SS189 Agrigento-Lercara',
    kind: 'road',
    course: at('Agrigento', [37.4, 13.62], [37.54, 13.65], 'Lercara Friddi'),
  },
  { name: 'Castelvetrano-Salemi-Alcamo', kind: 'minorRoad', course: at('Castelvetrano', 'Salemi', 'Alcamo') },
  { name: 'Mussomeli road', kind: 'minorRoad', course: at('Caltanissetta', 'Mussomeli', 'Lercara Friddi') },
  { name: 'Augusta spur', kind: 'minorRoad', course: at([37.2, 15.17], 'Augusta') },
  {
    name: 'SS18 Calabria',
    kind: 'road',
    course: at(
      'Gioia Tauro',
      'Palmi',
      'Bagnara',
      'Scilla',
      'Villa San Giovanni',
      'Reggio Calabria',
      'Melito di Porto Salvo',
      'Bova Marina',
      [37.96, 16.1],
    ),
  },
];
const rails: { name: string; course: LL[] }[] = [
  {
    name: 'Palermo-Messina',
    course: at(
      'Palermo',
      'Termini Imerese',
      'Cefalù',
      'Santo Stefano di Camastra',
      "Sant'Agata di Militello",
      'Patti',
      'Barcellona',
      'Milazzo',
      'Messina',
    ),
  },
  {
    name: 'Messina-Catania-Syracuse',
    course: at(
      'Messina',
      [37.94, 15.36],
      'Taormina',
      'Giarre',
      'Acireale',
      'Catania',
      'Lentini',
      'Augusta',
      'Syracuse',
    ),
  },
  {
    name: 'Syracuse-Licata',
    course: at('Syracuse', 'Noto', 'Pozzallo', 'Modica', 'Ragusa', 'Comiso', 'Vittoria', 'Gela', 'Licata'),
  },
  {
    name: 'Catania-Enna-Caltanissetta-Agrigento',
    course: at(
      'Catania',
      'Gerbini',
      'Catenanuova',
      [37.56, 14.48],
      'Enna',
      [37.55, 14.15],
      'Caltanissetta',
      'Canicattì',
      [37.36, 13.62],
      'Agrigento',
      'Porto Empedocle',
    ),
  },
  { name: 'Licata-Canicattì', course: at('Licata', 'Canicattì') },
  {
    name: 'Palermo-Agrigento',
    course: at(
      'Palermo',
      'Termini Imerese',
      [37.8, 13.6],
      'Lercara Friddi',
      [37.54, 13.65],
      [37.4, 13.62],
      'Agrigento',
    ),
  },
  { name: 'Caltanissetta-Roccapalumba', course: at([37.55, 14.15], [37.68, 13.83], [37.8, 13.6]) },
  { name: 'Palermo-Trapani', course: at('Palermo', 'Partinico', 'Alcamo', 'Trapani') },
  {
    name: 'Trapani-Marsala-Castelvetrano-Alcamo',
    course: at('Trapani', 'Marsala', 'Mazara del Vallo', 'Castelvetrano', 'Salemi', 'Alcamo'),
  },
  { name: 'Circumetnea', course: at('Catania', 'Paternò', 'Adrano', 'Bronte', 'Randazzo', [37.84, 15.14], 'Giarre') },
  {
    name: 'Reggio-Gioia Tauro',
    course: at('Reggio Calabria', 'Villa San Giovanni', 'Scilla', 'Bagnara', 'Palmi', 'Gioia Tauro'),
  },
  { name: 'Reggio-Bova', course: at('Reggio Calabria', 'Melito di Porto Salvo', 'Bova Marina') },
];

// ---- ports and air bases -----------------------------------------------------------------------
const R_PORT =
  "reconstructed: capacity in tokens per phase from the port's 1943 discharge rate (Palermo largest; Messina, Catania, Syracuse, Augusta large; fishing ports 1-4T), 1 SP = 1,500 tons (3.3a)";
const ports: { name: string; at: LL; capacityT: number }[] = [
  { name: 'Palermo', at: [38.12, 13.37], capacityT: 24 },
  { name: 'Messina', at: [38.19, 15.56], capacityT: 16 },
  { name: 'Catania', at: [37.5, 15.09], capacityT: 12 },
  { name: 'Syracuse', at: [37.07, 15.28], capacityT: 12 },
  { name: 'Augusta', at: [37.23, 15.22], capacityT: 12 },
  { name: 'Trapani', at: [38.02, 12.51], capacityT: 8 },
  { name: 'Licata', at: [37.1, 13.94], capacityT: 4 },
  { name: 'Porto Empedocle', at: [37.285, 13.527], capacityT: 4 },
  { name: 'Marsala', at: [37.8, 12.44], capacityT: 4 },
  { name: 'Milazzo', at: [38.22, 15.24], capacityT: 4 },
  { name: 'Gela', at: [37.06, 14.25], capacityT: 2 },
  { name: 'Reggio Calabria', at: [38.11, 15.64], capacityT: 8 },
  { name: 'Villa San Giovanni', at: [38.22, 15.64], capacityT: 8 },
];
const R_AIR =
  'reconstructed: Axis airfield of July 1943 (Gerbini complex, Catania, Comiso, Biscari, Ponte Olivo, Sciacca, Castelvetrano, Trapani, Palermo, Reggio); level by its size and satellites';
const airBases: { name: string; at: LL; level: number }[] = [
  { name: 'Gerbini', at: [37.47, 14.83], level: 3 },
  { name: 'Catania', at: [37.47, 15.06], level: 3 },
  { name: 'Comiso', at: [36.99, 14.61], level: 2 },
  { name: 'Biscari (Santo Pietro)', at: [37.1, 14.5], level: 2 },
  { name: 'Ponte Olivo', at: [37.13, 14.28], level: 2 },
  { name: 'Sciacca', at: [37.53, 13.06], level: 2 },
  { name: 'Castelvetrano', at: [37.65, 12.8], level: 2 },
  { name: 'Trapani Milo', at: [37.91, 12.49], level: 2 },
  { name: 'Palermo Boccadifalco', at: [38.11, 13.31], level: 2 },
  { name: 'Reggio Calabria', at: [38.07, 15.65], level: 2 },
];

// ---- build -------------------------------------------------------------------------------------
const tecProv =
  'reconstructed: a Terrain Effects Chart in the OCS pattern (spec Part 1 §7: the TEC is game-specific): Open armor and mech [x2] (9.4, 9.4e example), rising costs and defensive effects from rough to mountain; rivers as additive hexsides (6.2b); roads ignore terrain (6.2a)';
const out = {
  $comment:
    'Husky 1943: Sicily, the Strait of Messina and the toe of Calabria at 5 miles a hex. Written by tools/build-map.ts from real geography; edit freely (the JSON is the source).',
  grid: {
    cols: COLS,
    rows: ROWS,
    offset: 'odd',
    milesAcross: 5,
    provenance: 'reconstructed: 5 miles a hex (1.0); 50x28 hexes cover Sicily, the Strait and the toe of Calabria',
  },
  projection: {
    lon0: LON0,
    lat0: LAT0,
    kmPerDegLon: Math.round(KX * 1000) / 1000,
    kmPerDegLat: KY,
    provenance: 'reconstructed: equirectangular, centred on hex 01.01 (36.55N 12.30E)',
  },
  tec: {
    terrain: [
      {
        id: 'open',
        name: 'Open',
        category: 'open',
        mp: { leg: 1, truck: 1, track: 1 },
        combat: { armor: '[x2]', mech: '[x2]', other: 'x1' },
        alt: 'open',
        provenance: tecProv,
      },
      {
        id: 'rough',
        name: 'Rough (broken hill country)',
        category: 'close',
        mp: { leg: 2, truck: 3, track: 2 },
        combat: { armor: 'x1', mech: 'x1', other: 'x1' },
        alt: 'rough',
        provenance: tecProv,
      },
      {
        id: 'hills',
        name: 'Hills',
        category: 'veryClose',
        mp: { leg: 2, truck: 4, track: 3 },
        combat: { armor: 'x1/2', mech: 'x1', other: 'x1' },
        alt: 'hills',
        provenance: tecProv,
      },
      {
        id: 'mountain',
        name: 'Mountain',
        category: 'extremelyClose',
        mp: { leg: 3, truck: 'prohibited', track: 'all' },
        combat: { armor: 'x1/2', mech: 'x1/2', other: 'x1' },
        asterisk: true,
        alt: 'mountain',
        provenance: tecProv,
      },
      {
        id: 'city',
        name: 'City',
        category: 'veryClose',
        mp: { leg: 1, truck: 1, track: 1 },
        combat: { armor: 'x1/2', mech: 'x1', other: 'x1' },
        alt: 'mountain',
        provenance: tecProv,
      },
      {
        id: 'sea',
        name: 'All-sea',
        category: 'open',
        mp: { leg: 'prohibited', truck: 'prohibited', track: 'prohibited' },
        combat: { armor: 'x1', mech: 'x1', other: 'x1' },
        water: true,
        provenance: 'rulebook 18.1c (all-sea hexes); prohibited to ground units (6.2c)',
      },
    ],
    hexsides: [
      {
        id: 'minorRiver',
        name: 'Minor river',
        mp: { leg: 1, truck: 2, track: 2 },
        combat: { armor: '[x1/2]', mech: '[x1/2]', other: '[x1/2]' },
        river: 'minor',
        provenance: tecProv,
      },
      {
        id: 'majorRiver',
        name: 'Major river',
        mp: { leg: 2, truck: 3, track: 3 },
        combat: { armor: '[x1/3]', mech: '[x1/3]', other: '[x1/2]' },
        river: 'major',
        provenance: tecProv,
      },
    ],
    routes: [
      { id: 'road', name: 'Primary road', mp: { leg: 1, truck: 0.5, track: 0.5 }, provenance: tecProv },
      { id: 'minorRoad', name: 'Secondary road', mp: { leg: 1, truck: 1, track: 1 }, provenance: tecProv },
      {
        id: 'railroad',
        name: 'Railroad',
        mp: { leg: 1, truck: 2, track: 1 },
        rail: 'single',
        provenance: 'reconstructed: a railroad counts as a road for movement (6.2) at trail cost; single track (13.3)',
      },
    ],
    provenance: tecProv,
  },
  defaultTerrain: 'sea',
  hexes: [] as { hex: string; terrain: string[]; provenance: string }[],
  hexsides: [] as { kind: string; name: string; sides: string[]; provenance: string }[],
  routes: [] as { kind: string; name: string; hexes: string[]; provenance: string }[],
  places: [] as { hex: string; name: string; kind: string; provenance: string }[],
  ports: [] as { hex: string; name: string; capacityT: number; provenance: string }[],
  airBases: [] as { hex: string; name: string; level: number; provenance: string }[],
  hedgehogs: [] as never[],
  flak: [
    {
      hex: '',
      value: 3,
      provenance: 'reconstructed: the Strait of Messina flak belt (some 150 heavy and light guns by August 1943)',
    },
    { hex: '', value: 3, provenance: 'reconstructed: the Strait of Messina flak belt, Calabrian side' },
  ],
  regions: [] as { id: string; name: string; hexes: string[]; provenance: string }[],
};

/** The land hex for a place: the hex itself, or the nearest land hex (a coastal town on a sea hex). */
function landHex(p: LL): number {
  const h = hexAt(p);
  if (h >= 0 && isLand(h)) return h;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < grid.nodeCount; i++) {
    if (!isLand(i)) continue;
    const d = km(centre(i), xy(p));
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

const cityHexes = new Set(places.filter((p) => p.kind === 'city').map((p) => landHex(p.at)));
for (let i = 0; i < grid.nodeCount; i++) {
  if (!isLand(i)) continue;
  const t = [baseTerrain(i)];
  if (cityHexes.has(i)) t.push('city');
  out.hexes.push({ hex: label(i), terrain: t, provenance: R_RELIEF });
}
for (const p of places) out.places.push({ hex: label(landHex(p.at)), name: p.name, kind: p.kind, provenance: R_PLACE });

function segmentsCross(a: P, b: P, c: P, d: P): boolean {
  const o = (p: P, q: P, r: P) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}
for (const r of rivers) {
  const pts = r.course.map(xy);
  const sides = new Set<string>();
  for (let i = 0; i < grid.nodeCount; i++) {
    if (!isLand(i)) continue;
    for (const j of grid.neighbours(i)) {
      if (j < i || !isLand(j)) continue;
      for (let k = 1; k < pts.length; k++)
        if (segmentsCross(centre(i), centre(j), pts[k - 1]!, pts[k]!)) sides.add(`${label(i)}/${label(j)}`);
    }
  }
  if (sides.size) out.hexsides.push({ kind: r.kind, name: r.name, sides: [...sides], provenance: R_RIVER });
}

/** The chain of adjacent land hexes a course passes through (grid lines between waypoints). */
function chain(course: LL[]): string[] {
  const hexes: number[] = [];
  for (let k = 0; k < course.length; k++) {
    const h = landHex(course[k]!);
    const prev = hexes[hexes.length - 1];
    if (prev === undefined) {
      hexes.push(h);
      continue;
    }
    for (const s of grid.line(prev, h)) if (s !== hexes[hexes.length - 1]) hexes.push(s);
  }
  // a straight line may dip into the sea along a coast: go round by the shortest path over land
  const fixed: number[] = [];
  for (const h of hexes.filter(isLand)) {
    const prev = fixed[fixed.length - 1];
    if (prev !== undefined && grid.distance(prev, h) > 1) fixed.push(...landPath(prev, h).slice(1, -1));
    if (h !== prev) fixed.push(h);
  }
  return fixed.map(label);
}

/** Shortest chain of land hexes from a to b (breadth first), both ends included. */
function landPath(a: number, b: number): number[] {
  const from = new Map<number, number>([[a, -1]]);
  const queue = [a];
  while (queue.length) {
    const h = queue.shift()!;
    if (h === b) break;
    for (const n of grid.neighbours(h)) {
      if (!isLand(n) || from.has(n)) continue;
      from.set(n, h);
      queue.push(n);
    }
  }
  if (!from.has(b)) throw new Error(`no land path from ${label(a)} to ${label(b)}`);
  const path = [b];
  while (path[0] !== a) path.unshift(from.get(path[0]!)!);
  return path;
}
for (const r of roads) out.routes.push({ kind: r.kind, name: r.name, hexes: chain(r.course), provenance: R_ROAD });
for (const r of rails) out.routes.push({ kind: 'railroad', name: r.name, hexes: chain(r.course), provenance: R_RAIL });
for (const p of ports)
  out.ports.push({ hex: label(landHex(P_[p.name] ?? p.at)), name: p.name, capacityT: p.capacityT, provenance: R_PORT });
for (const a of airBases)
  out.airBases.push({ hex: label(landHex(a.at)), name: a.name, level: a.level, provenance: R_AIR });
out.flak[0]!.hex = label(landHex([38.19, 15.55]));
out.flak[1]!.hex = label(landHex([38.22, 15.64]));

const land = [...Array(grid.nodeCount).keys()].filter(isLand);
const calabria = land.filter((i) => landRing[i] !== sicilyRing);
out.regions.push(
  {
    id: 'sicily',
    name: 'Sicily',
    hexes: land.filter((i) => landRing[i] === sicilyRing).map(label),
    provenance: 'reconstructed: every land hex of the island',
  },
  {
    id: 'calabria',
    name: 'Calabria',
    hexes: calabria.map(label),
    provenance: 'reconstructed: every land hex of the mainland',
  },
  {
    id: 'calabriaNorthEdge',
    name: 'North edge of Calabria',
    hexes: calabria.filter((i) => grid.rowOf(i) === ROWS - 1).map(label),
    provenance: 'reconstructed: where the roads and the railway from Naples reach the map (12.6a map-edge rail hexes)',
  },
);

if (process.argv.includes('--ascii')) {
  const ch: Record<string, string> = { open: '.', rough: ':', hills: 'h', mountain: 'M', city: '#' };
  for (let r = ROWS - 1; r >= 0; r--) {
    let line = `${String(r + 1).padStart(2)} `;
    for (let c = 0; c < COLS; c++) {
      const i = grid.index(c, r);
      const t = out.hexes.find((h) => h.hex === label(i))?.terrain;
      line += t ? ch[t.at(-1)!] : '~';
    }
    console.log(line);
  }
  console.log(`${land.length} land hexes (${calabria.length} in Calabria)`);
} else {
  console.log(JSON.stringify(out, null, 1));
}
