/**
 * Reconstruction aid, not used at runtime: builds map.json from real geography (lat/lon of
 * towns, river courses, roads, the railway and the 4 July 1943 front) laid over the engine's
 * HexGrid, so drawing and adjacency agree. The JSON it writes is the source of truth: an owner
 * of the GJ63 box can edit map.json (or replace it with the printed map) and never run this again.
 *
 *   node --import tsx games/prokhorovka/src/data/tools/build-map.ts > games/prokhorovka/src/data/map.json
 *   node --import tsx games/prokhorovka/src/data/tools/build-map.ts --ascii   # preview
 *
 * Grid: 27 columns x 20 rows of flat-topped hexes, columns west to east (01-27), rows north to
 * south (01-20), "odd" offset (even-labelled columns sit half a hex lower), 5 km across the
 * flats. Hex 0101 is centred on 51.32N 35.72E; the map runs to about 50.44N 37.33E, i.e.
 * Oboyan and the Psel in the north, Belgorod and the Northern Donets in the south,
 * Tomarovka in the west and Korocha in the east (spec 7.2 M1).
 *
 * Projection (equirectangular, north up, y grows southward, km):
 *   x = (lon - 35.72) * 111.32 * cos(50.9deg),  y = (51.32 - lat) * 110.6
 *
 * Hexside features: a river lies on the hexside between two adjacent hexes when the river's
 * course crosses the segment joining their centres; roads and railways join the successive
 * hexes their course passes through (so a road crossing a river is a bridge, rule 8.2(1)5).
 */
import { HexGrid } from '@sandtable/engine';

const COLS = 27;
const ROWS = 20;
const KM_ACROSS = 5;
const SIZE = KM_ACROSS / Math.sqrt(3);
const KX = 111.32 * Math.cos((50.9 * Math.PI) / 180);
const KY = 110.6;
const LON0 = 35.72;
const LAT0 = 51.32;
type LL = [number, number]; // [lat, lon]

const grid = new HexGrid({ cols: COLS, rows: ROWS, orientation: 'flat', offset: 'odd' });
const layout = { size: SIZE };
const xy = ([lat, lon]: LL) => ({ x: (lon - LON0) * KX, y: (LAT0 - lat) * KY });
const hexAt = (p: LL) => {
  const { x, y } = xy(p);
  return grid.fromPixel(x, y, layout);
};
const label = (i: number) => grid.label(i);

// ---- places ----------------------------------------------------------------------------------
const RECON_PLACE =
  'reconstructed: real position (1943 maps of the Belgorod-Oboyan-Prokhorovka area) on the reconstructed grid (spec 7.2 M1)';
const places: { name: string; at: LL; kind: 'city' | 'town' }[] = [
  { name: 'Belgorod', at: [50.6, 36.59], kind: 'city' },
  { name: 'Oboyan', at: [51.21, 36.28], kind: 'city' },
  { name: 'Prokhorovka', at: [51.04, 36.73], kind: 'town' },
  { name: 'Korocha', at: [50.81, 37.19], kind: 'town' },
  { name: 'Tomarovka', at: [50.69, 35.97], kind: 'town' },
  { name: 'Butovo', at: [50.75, 36.03], kind: 'town' },
  { name: 'Cherkasskoe', at: [50.8, 36.1], kind: 'town' },
  { name: 'Bykovka', at: [50.77, 36.43], kind: 'town' },
  { name: 'Yakovlevo', at: [50.84, 36.46], kind: 'town' },
  { name: 'Pokrovka', at: [50.9, 36.43], kind: 'town' },
  { name: 'Syrtsevo', at: [50.96, 36.3], kind: 'town' },
  { name: 'Verkhopenye', at: [51.0, 36.26], kind: 'town' },
  { name: 'Novoselovka', at: [51.02, 36.38], kind: 'town' },
  { name: 'Kochetovka', at: [51.08, 36.46], kind: 'town' },
  { name: 'Ivnya', at: [51.08, 36.12], kind: 'town' },
  { name: 'Teterevino', at: [50.93, 36.6], kind: 'town' },
  { name: 'Belenikhino', at: [50.95, 36.68], kind: 'town' },
  { name: 'Rzhavets', at: [50.87, 36.87], kind: 'town' },
  { name: 'Melekhovo', at: [50.78, 36.93], kind: 'town' },
  { name: 'Maslova Pristan', at: [50.47, 36.7], kind: 'town' },
];

const hills: { name: string; at: LL }[] = [
  { name: 'Hill 252.2 (Oktyabrsky sovkhoz)', at: [51.025, 36.69] },
  { name: 'Hill 226.6 (Psel bend)', at: [51.09, 36.63] },
  { name: 'Hill 260.8 (Verkhopenye)', at: [51.03, 36.3] },
  { name: 'Hill 244.8 (Oboyan approach)', at: [51.14, 36.36] },
  { name: 'Berezov ridge', at: [50.74, 36.37] },
  { name: 'Donets east bank heights (Belgorod)', at: [50.62, 36.7] },
  { name: 'Donets east bank heights (Solomino)', at: [50.54, 36.71] },
  { name: 'Hill 230.5 (Teterevino)', at: [50.97, 36.6] },
  { name: 'Heights north of Korocha', at: [50.9, 37.2] },
  { name: 'Hill 247.2 (Cherkasskoe)', at: [50.84, 36.18] },
];

// ---- rivers (hexside features) ---------------------------------------------------------------
const RECON_RIVER =
  'reconstructed: course from 1943 and modern maps, put on the hexsides its course crosses (spec 7.2 M1)';
const rivers: { name: string; kind: 'river' | 'major'; course: LL[]; why: string }[] = [
  {
    name: 'Psel',
    kind: 'major',
    why: 'the Psel was the last natural barrier before Oboyan and Kursk (issue #7 names it; major river so that the 1TA/5GTA line along it is strong)',
    course: [
      [51.12, 37.1],
      [51.08, 36.9],
      [51.07, 36.78],
      [51.06, 36.68],
      [51.08, 36.56],
      [51.1, 36.47],
      [51.15, 36.36],
      [51.17, 36.28],
      [51.16, 36.15],
      [51.13, 35.98],
      [51.11, 35.85],
      [51.1, 35.6],
    ],
  },
  {
    name: 'Northern Donets (below Belgorod)',
    kind: 'major',
    why: 'the 7GA defended the east bank; Kempf had to force it on 5 July (major river)',
    course: [
      [50.61, 36.62],
      [50.55, 36.64],
      [50.49, 36.68],
      [50.42, 36.76],
      [50.35, 36.85],
    ],
  },
  {
    name: 'Northern Donets (above Belgorod)',
    kind: 'river',
    why: 'the upper course near its source is narrow (river)',
    course: [
      [50.98, 36.95],
      [50.92, 36.9],
      [50.86, 36.85],
      [50.79, 36.8],
      [50.72, 36.74],
      [50.65, 36.66],
      [50.61, 36.62],
    ],
  },
  {
    name: 'Lipovyi Donets',
    kind: 'river',
    why: 'tributary between the SS corps and Kempf (issue #7 names it)',
    course: [
      [50.96, 36.55],
      [50.91, 36.6],
      [50.85, 36.66],
      [50.79, 36.72],
      [50.745, 36.765],
    ],
  },
  {
    name: 'Pena',
    kind: 'river',
    why: 'the Pena line held by 1TA against XLVIII Pz Korps (issue #7 names it)',
    course: [
      [50.87, 36.4],
      [50.92, 36.35],
      [50.96, 36.32],
      [51.0, 36.28],
      [51.03, 36.22],
      [51.07, 36.1],
      [51.125, 35.99],
    ],
  },
  {
    name: 'Vorskla',
    kind: 'river',
    why: 'rises near Yakovlevo and runs past Tomarovka (real geography)',
    course: [
      [50.82, 36.45],
      [50.78, 36.33],
      [50.74, 36.18],
      [50.7, 36.0],
      [50.64, 35.88],
      [50.55, 35.6],
    ],
  },
  {
    name: 'Razumnaya',
    kind: 'river',
    why: 'joins the Donets at Belgorod from the east (real geography)',
    course: [
      [50.74, 37.1],
      [50.67, 36.86],
      [50.63, 36.72],
      [50.605, 36.63],
    ],
  },
];

// ---- roads and railways ----------------------------------------------------------------------
const RECON_ROAD = 'reconstructed: 1943 road net from period maps, put on the hexes its course passes (spec 7.2 M1)';
const roads: { name: string; course: LL[] }[] = [
  {
    name: 'Belgorod-Oboyan-Kursk highway',
    course: [
      [50.43, 36.55],
      [50.6, 36.59],
      [50.68, 36.52],
      [50.77, 36.43],
      [50.84, 36.46],
      [50.9, 36.43],
      [51.02, 36.38],
      [51.06, 36.39],
      [51.13, 36.35],
      [51.21, 36.28],
      [51.33, 36.24],
    ],
  },
  {
    name: 'Belgorod-Tomarovka',
    course: [
      [50.6, 36.59],
      [50.65, 36.35],
      [50.69, 35.97],
      [50.7, 35.7],
    ],
  },
  {
    name: 'Tomarovka-Borisovka',
    course: [
      [50.69, 35.97],
      [50.6, 35.95],
      [50.43, 35.92],
    ],
  },
  {
    name: 'Tomarovka-Cherkasskoe-Syrtsevo-Oboyan',
    course: [
      [50.69, 35.97],
      [50.75, 36.03],
      [50.8, 36.1],
      [50.88, 36.22],
      [50.96, 36.3],
      [51.0, 36.26],
      [51.1, 36.27],
      [51.21, 36.28],
    ],
  },
  {
    name: 'Belgorod-Teterevino-Prokhorovka',
    course: [
      [50.6, 36.59],
      [50.7, 36.62],
      [50.93, 36.6],
      [51.04, 36.73],
    ],
  },
  {
    name: 'Prokhorovka-Solntsevo (Kursk)',
    course: [
      [51.04, 36.73],
      [51.2, 36.78],
      [51.33, 36.8],
    ],
  },
  {
    name: 'Prokhorovka-Korocha',
    course: [
      [51.04, 36.73],
      [50.95, 36.95],
      [50.81, 37.19],
      [50.8, 37.34],
    ],
  },
  {
    name: 'Belgorod-Melekhovo-Korocha',
    course: [
      [50.6, 36.59],
      [50.68, 36.8],
      [50.78, 36.93],
      [50.81, 37.19],
    ],
  },
  {
    name: 'Korocha-Novy Oskol',
    course: [
      [50.81, 37.19],
      [50.6, 37.34],
    ],
  },
  {
    name: 'Prokhorovka-Skorodnoye',
    course: [
      [51.04, 36.73],
      [51.12, 37.05],
      [51.15, 37.34],
    ],
  },
  {
    name: 'Oboyan-Ivnya-Sudzha',
    course: [
      [51.21, 36.28],
      [51.08, 36.12],
      [51.05, 35.7],
    ],
  },
  {
    name: 'Belgorod-Maslova Pristan-Volchansk',
    course: [
      [50.6, 36.59],
      [50.47, 36.7],
      [50.43, 36.75],
    ],
  },
  {
    name: 'Melekhovo-Rzhavets-Prokhorovka',
    course: [
      [50.78, 36.93],
      [50.87, 36.87],
      [51.04, 36.73],
    ],
  },
  {
    name: 'Pokrovka-Teterevino',
    course: [
      [50.9, 36.43],
      [50.93, 36.6],
    ],
  },
];
const RECON_RAIL = 'reconstructed: the Kharkov-Belgorod-Prokhorovka-Kursk railway (real course)';
const railways: { name: string; course: LL[] }[] = [
  {
    name: 'Kharkov-Belgorod-Prokhorovka-Kursk railway',
    course: [
      [50.43, 36.6],
      [50.6, 36.6],
      [50.75, 36.64],
      [50.95, 36.68],
      [51.04, 36.73],
      [51.33, 36.76],
    ],
  },
];

// ---- start line, sources, entrenchments, VP ----------------------------------------------------
/** The German front of 4 July 1943, west to east, then down the Donets (German side = south and west). */
const startLine: LL[] = [
  [50.77, 35.6],
  [50.765, 35.95],
  [50.775, 36.1],
  [50.745, 36.25],
  [50.72, 36.4],
  [50.7, 36.52],
  [50.66, 36.6],
  [50.61, 36.62],
  [50.55, 36.64],
  [50.49, 36.68],
  [50.42, 36.76],
  [50.35, 36.85],
];
const germanSidePolygon: LL[] = [...startLine, [50.3, 35.5], [50.77, 35.5]];

const sources: { side: 'DE' | 'SU'; name: string; at: LL; edge: 'N' | 'S' | 'E' | 'W' }[] = [
  { side: 'DE', name: 'Borisovka road (to Kharkov)', at: [50.44, 35.92], edge: 'S' },
  { side: 'DE', name: 'Kharkov highway', at: [50.44, 36.55], edge: 'S' },
  { side: 'SU', name: 'Kursk highway', at: [51.33, 36.24], edge: 'N' },
  { side: 'SU', name: 'Solntsevo (Kursk railway)', at: [51.33, 36.78], edge: 'N' },
  { side: 'SU', name: 'Skorodnoye road', at: [51.15, 37.33], edge: 'E' },
  { side: 'SU', name: 'Korocha-Stary Oskol road', at: [50.8, 37.33], edge: 'E' },
  { side: 'SU', name: 'Novy Oskol road', at: [50.6, 37.33], edge: 'E' },
  { side: 'SU', name: 'Sudzha road (40th Army)', at: [51.05, 35.72], edge: 'W' },
];

const belts: { side: 'DE' | 'SU'; name: string; course: LL[]; why: string }[] = [
  {
    side: 'SU',
    name: 'second belt (6GA, Pena-Pokrovka-Lipovyi Donets)',
    course: [
      [50.9, 36.05],
      [50.9, 36.25],
      [50.87, 36.45],
      [50.88, 36.58],
      [50.83, 36.7],
    ],
    why: 'the second defence belt of 6th Guards Army ran Pena - Yakovlevo/Pokrovka - Lipovyi Donets',
  },
  {
    side: 'SU',
    name: 'third belt (army rear line, Psel-Prokhorovka)',
    course: [
      [51.04, 36.2],
      [51.05, 36.45],
      [51.0, 36.65],
      [50.98, 36.8],
    ],
    why: 'the army rear line covered Oboyan and Prokhorovka south of the Psel',
  },
  {
    side: 'SU',
    name: '7GA Donets line (east bank heights)',
    course: [
      [50.65, 36.7],
      [50.56, 36.68],
      [50.48, 36.72],
    ],
    why: 'the 7th Guards Army dug in on the east bank of the Donets',
  },
];

const vp: { name: string; why: string }[] = [
  { name: 'Oboyan', why: 'objective of XLVIII Pz Korps on the road to Kursk' },
  { name: 'Prokhorovka', why: 'objective of the II SS Pz Korps, the title hex' },
  { name: 'Korocha', why: 'objective of III Pz Korps (Kempf)' },
  { name: 'Pokrovka', why: 'road junction on the Oboyan highway, second belt' },
  { name: 'Teterevino', why: 'road and rail junction on the way to Prokhorovka' },
  { name: 'Verkhopenye', why: 'Pena crossing on the Oboyan road' },
  { name: 'Rzhavets', why: 'Donets crossing, Kempf joins the SS corps' },
  { name: 'Novoselovka', why: 'last village before the Psel on the Oboyan highway' },
];

// ---- geometry helpers ----------------------------------------------------------------------
function segIntersect(
  p1: { x: number; y: number },
  p2: { x: number; y: number },
  p3: { x: number; y: number },
  p4: { x: number; y: number },
): boolean {
  const d = (a: typeof p1, b: typeof p1, c: typeof p1) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d1 = d(p3, p4, p1),
    d2 = d(p3, p4, p2),
    d3 = d(p1, p2, p3),
    d4 = d(p1, p2, p4);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}
function pointInPolygon(p: { x: number; y: number }, poly: { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!,
      b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
const centre = (i: number) => grid.toPixel(i, layout);

/** Hexes a course passes through, in order, each adjacent to the next. */
function hexPath(course: LL[]): number[] {
  const out: number[] = [];
  const push = (h: number) => {
    if (h < 0 || out[out.length - 1] === h) return;
    const last = out[out.length - 1];
    if (last !== undefined && grid.distance(last, h) > 1) {
      const line = grid.line(last, h);
      for (let k = 1; k < line.length - 1; k++)
        if (line[k]! >= 0 && line[k] !== out[out.length - 1]) out.push(line[k]!);
    }
    out.push(h);
  };
  for (let k = 0; k + 1 < course.length; k++) {
    const a = xy(course[k]!),
      b = xy(course[k + 1]!);
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.25);
    for (let s = 0; s <= steps; s++)
      push(grid.fromPixel(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps, layout));
  }
  // Straighten zigzags along column boundaries: drop a hex whose two path neighbours touch,
  // unless a vertex of the course (a town) lies in it.
  const keep = new Set(course.map(hexAt));
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 1; k + 1 < out.length; k++) {
      if (!keep.has(out[k]!) && grid.distance(out[k - 1]!, out[k + 1]!) === 1) {
        out.splice(k, 1);
        changed = true;
        break;
      }
    }
  }
  return out;
}

/** Hexside pairs "AAAA/BBBB" (lower label first) whose centre segment the course crosses. */
function crossedSides(course: LL[]): string[] {
  const pts = course.map(xy);
  const out = new Set<string>();
  for (let i = 0; i < grid.nodeCount; i++) {
    for (const n of grid.neighbours(i)) {
      if (n < i) continue;
      const a = centre(i),
        b = centre(n);
      for (let k = 0; k + 1 < pts.length; k++) {
        if (segIntersect(a, b, pts[k]!, pts[k + 1]!)) {
          out.add(`${label(i)}/${label(n)}`);
          break;
        }
      }
    }
  }
  return [...out].sort();
}

// ---- build ---------------------------------------------------------------------------------
const placeHex = new Map<string, number>();
for (const p of places) {
  const h = hexAt(p.at);
  if (h < 0) throw new Error(`${p.name} is off the map`);
  for (const [n, o] of placeHex) if (o === h) throw new Error(`${p.name} and ${n} share hex ${label(h)}`);
  placeHex.set(p.name, h);
}
const hillHexes = hills.map((h) => ({ ...h, hex: hexAt(h.at) }));
for (const h of hillHexes)
  if ([...placeHex.values()].includes(h.hex)) throw new Error(`hill ${h.name} falls on a town hex ${label(h.hex)}`);

const polyXY = germanSidePolygon.map(xy);
const germanSide: string[] = [];
for (let i = 0; i < grid.nodeCount; i++) if (pointInPolygon(centre(i), polyXY)) germanSide.push(label(i));

const edgeHex = (s: (typeof sources)[number]) => {
  let h = hexAt(s.at);
  if (h < 0) {
    // snap onto the map edge
    const { x, y } = xy(s.at);
    let best = -1,
      bd = Infinity;
    for (let i = 0; i < grid.nodeCount; i++) {
      const c = centre(i);
      const dd = Math.hypot(c.x - x, c.y - y);
      if (dd < bd) {
        bd = dd;
        best = i;
      }
    }
    h = best;
  }
  return h;
};

const entrench: { side: 'DE' | 'SU'; name: string; hexes: string[]; provenance: string }[] = [];
// first belt: every Soviet-side hex adjacent to the German side, west of the Donets (the main line of resistance)
{
  const de = new Set(germanSide);
  const first: string[] = [];
  for (let i = 0; i < grid.nodeCount; i++) {
    if (de.has(label(i))) continue;
    const c = centre(i);
    if (c.x > xy([50.6, 36.62]).x) continue;
    if (grid.neighbours(i).some((n) => de.has(label(n)))) first.push(label(i));
  }
  entrench.push({
    side: 'SU',
    name: 'first belt (6GA main line of resistance)',
    hexes: first.sort(),
    provenance:
      'reconstructed: the first defence belt of 6th Guards Army faced the German jump-off line; every Soviet hex touching the start line west of the Donets (spec 7.2 M5)',
  });
}
for (const b of belts) {
  const hexes = [...new Set(hexPath(b.course).map(label))].filter((h) => !germanSide.includes(h)).sort();
  entrench.push({ side: b.side, name: b.name, hexes, provenance: `reconstructed: ${b.why} (spec 7.2 M5)` });
}
entrench.push({
  side: 'DE',
  name: 'Belgorod (168ID held the city)',
  hexes: [label(placeHex.get('Belgorod')!)],
  provenance: 'reconstructed: Belgorod west of the Donets was a German strongpoint since March 1943 (spec 7.2 M5)',
});
// a hex is in one belt only
{
  const seen = new Set<string>();
  for (const e of entrench)
    e.hexes = e.hexes.filter((h) => {
      if (seen.has(h)) return false;
      seen.add(h);
      return true;
    });
}

const map = {
  $comment:
    'Prokhorovka map: hex grid, terrain, hexside rivers, roads, railway, start line, sources, entrenchments, VP hexes. Generated once by tools/build-map.ts; this file is the editable source. Hexes not listed under terrain are clear.',
  grid: {
    cols: COLS,
    rows: ROWS,
    orientation: 'flat',
    offset: 'odd',
    kmAcross: KM_ACROSS,
    provenance:
      'reconstructed: the GJ63 map is not in the rulebook (spec 7.2 M1); flat-topped 5 km hexes numbered column-row from the north-west corner, columns west to east, cover the southern face of the Kursk salient',
  },
  projection: {
    kind: 'equirectangular',
    hex0101: [LAT0, LON0],
    kmPerDegLon: Math.round(KX * 1000) / 1000,
    kmPerDegLat: KY,
    provenance: 'derived: hex 0101 centred on 51.32N 35.72E, north up',
  },
  places: places.map((p) => ({
    hex: label(placeHex.get(p.name)!),
    name: p.name,
    kind: p.kind,
    provenance: RECON_PLACE,
  })),
  hills: hillHexes.map((h) => ({
    hex: label(h.hex),
    name: h.name,
    provenance:
      'reconstructed: named height of the July 1943 battles (spec 6.13: hill is the only other terrain the text names)',
  })),
  rivers: rivers.map((r) => ({
    name: r.name,
    kind: r.kind,
    hexsides: crossedSides(r.course),
    provenance: `${RECON_RIVER}; ${r.why}`,
  })),
  roads: roads.map((r) => ({ name: r.name, hexes: hexPath(r.course).map(label), provenance: RECON_ROAD })),
  railways: railways.map((r) => ({ name: r.name, hexes: hexPath(r.course).map(label), provenance: RECON_RAIL })),
  startLine: {
    germanSide: germanSide.sort(),
    provenance:
      'reconstructed: the front of 4 July 1943 (German jump-off line north of Tomarovka and Belgorod, then the Northern Donets south of Belgorod); hexes on the German (south) side, stored as a hex set (A-51, spec 7.2 M2)',
  },
  sources: sources.map((s) => ({
    hex: label(edgeHex(s)),
    side: s.side,
    edge: s.edge,
    name: s.name,
    provenance: `reconstructed: ${s.side === 'DE' ? 'German sources on the south edge (rule 7.0(1))' : 'Soviet sources on the north and east edges (rule 7.0(1) N/E) and the 40th Army road in the west'} where the road leaves the map (spec 7.2 M4)`,
  })),
  entrenchments: entrench,
  vpHexes: vp.map((v) => ({
    hex: label(placeHex.get(v.name)!),
    name: v.name,
    provenance: `reconstructed: ${v.why}; the historical German gains of 13 July hold 5 of these 8, one short of the 6 VP of rule 18.0(2) (spec 7.2 M3)`,
  })),
};

if (process.argv.includes('--ascii')) {
  const de = new Set(map.startLine.germanSide);
  const ch = new Map<string, string>();
  for (const h of map.hills) ch.set(h.hex, '^');
  for (const p of map.places) ch.set(p.hex, p.kind === 'city' ? 'C' : 'T');
  for (const s of map.sources) ch.set(s.hex, s.side === 'DE' ? 'g' : 's');
  const lines: string[] = [];
  for (let r = 0; r < ROWS; r++) {
    let l1 = '',
      l2 = '';
    for (let c = 0; c < COLS; c++) {
      const lab = label(grid.index(c, r));
      const mark = ch.get(lab) ?? (de.has(lab) ? ':' : '.');
      if (c % 2 === 0) {
        l1 += ` ${mark} `;
        l2 += '   ';
      } else {
        l1 += '   ';
        l2 += ` ${mark} `;
      }
    }
    lines.push(l1, l2);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const p of map.places) process.stdout.write(`${p.hex} ${p.name}\n`);
} else {
  process.stdout.write(`${JSON.stringify(map, null, 1)}\n`);
}
