/**
 * Reconstruction aid, not used at runtime: builds map.json from real geography (lat/lon of towns,
 * the courses of the Styr, Ikva, Horyn and smaller rivers, the 1941 road net and railways, woods
 * and marshes) laid over the engine's HexGrid, the same pipeline as games/prokhorovka's map. The
 * JSON it writes is the editable source of truth: an owner of World at War #31 can edit map.json
 * (or replace it with the printed map) and never run this again.
 *
 *   node --import tsx games/dubno/src/data/tools/build-map.ts > games/dubno/src/data/map.json
 *   node --import tsx games/dubno/src/data/tools/build-map.ts --ascii   # preview
 *
 * Grid: 32 columns x 20 rows of flat-topped hexes, 6 km across the flats, columns west to east,
 * rows north to south, "odd" offset. Hex 0101 is centred on 51.00N 24.30E (Volodymyr-Volynskyi
 * and Sokal on the west edge, Rovno and Ostrog on the east edge, Brody and Kremenets in the south).
 *
 * Projection (equirectangular, north up, y grows southward, km):
 *   x = (lon - 24.30) * 111.32 * cos(50.5deg),  y = (51.00 - lat) * 110.6
 *
 * Hexside features: a river lies on the hexside between two adjacent hexes when its course crosses
 * the segment joining their centres; roads and railways join the successive hexes their course
 * passes through, so a road crossing a river is a bridge (8.10).
 */
import { HexGrid } from '@sandtable/engine';

const COLS = 32;
const ROWS = 20;
const KM_ACROSS = 6;
const SIZE = KM_ACROSS / Math.sqrt(3);
const KX = 111.32 * Math.cos((50.5 * Math.PI) / 180);
const KY = 110.6;
const LON0 = 24.3;
const LAT0 = 51.0;
type LL = [number, number]; // [lat, lon]

const grid = new HexGrid({ cols: COLS, rows: ROWS, orientation: 'flat', offset: 'odd' });
const layout = { size: SIZE };
const xy = ([lat, lon]: LL) => ({ x: (lon - LON0) * KX, y: (LAT0 - lat) * KY });
const hexAt = (p: LL) => {
  const { x, y } = xy(p);
  return grid.fromPixel(x, y, layout);
};
const label = (i: number) => grid.label(i);
const centre = (i: number) => grid.toPixel(i, layout);

const RECON_PLACE =
  'reconstructed: real position (1941 maps of Volhynia) on the reconstructed grid (spec 7 #1; the printed map is lost)';
const places: { name: string; at: LL; kind: 'city' | 'town' }[] = [
  { name: 'Lutsk', at: [50.75, 25.33], kind: 'city' },
  { name: 'Rovno', at: [50.62, 26.25], kind: 'city' },
  { name: 'Dubno', at: [50.42, 25.75], kind: 'city' },
  { name: 'Brody', at: [50.08, 25.15], kind: 'town' },
  { name: 'Berestechko', at: [50.36, 25.11], kind: 'town' },
  { name: 'Radekhiv', at: [50.28, 24.64], kind: 'town' },
  { name: 'Horokhiv', at: [50.5, 24.76], kind: 'town' },
  { name: 'Mlynov', at: [50.51, 25.61], kind: 'town' },
  { name: 'Kozin', at: [50.23, 25.47], kind: 'town' },
  { name: 'Verba', at: [50.27, 25.61], kind: 'town' },
  { name: 'Ostrog', at: [50.33, 26.52], kind: 'town' },
  { name: 'Zdolbunov', at: [50.52, 26.24], kind: 'town' },
  { name: 'Mizoch', at: [50.4, 26.15], kind: 'town' },
  { name: 'Kremenets', at: [50.1, 25.73], kind: 'town' },
  { name: 'Klevan', at: [50.74, 25.98], kind: 'town' },
  { name: 'Olyka', at: [50.72, 25.81], kind: 'town' },
  { name: 'Torchyn', at: [50.77, 25.0], kind: 'town' },
  { name: 'Lokachi', at: [50.74, 24.66], kind: 'town' },
  { name: 'Rozhyshche', at: [50.91, 25.27], kind: 'town' },
  { name: 'Volodymyr-Volynskyi', at: [50.85, 24.33], kind: 'town' },
  { name: 'Sokal', at: [50.48, 24.29], kind: 'town' },
  { name: 'Radyvyliv', at: [50.13, 25.25], kind: 'town' },
  { name: 'Ostrozhets', at: [50.63, 25.87], kind: 'town' },
];

const RECON_RIVER = 'reconstructed: course from 1941 and modern maps, on the hexsides its course crosses (spec 7 #1)';
const rivers: { name: string; kind: 'minor' | 'major'; course: LL[]; why: string }[] = [
  {
    name: 'Styr',
    kind: 'major',
    why: 'the Styr through Berestechko and Lutsk was the main river line of the battle (issue #15)',
    course: [
      [49.95, 25.02],
      [50.12, 25.06],
      [50.25, 25.06],
      [50.36, 25.14],
      [50.5, 25.2],
      [50.63, 25.24],
      [50.75, 25.37],
      [50.83, 25.3],
      [50.91, 25.3],
      [51.05, 25.36],
    ],
  },
  {
    name: 'Ikva',
    kind: 'minor',
    why: 'the Ikva from Kremenets through Dubno and Mlynov to the Styr; small but marshy (issue #15)',
    course: [
      [49.98, 25.76],
      [50.12, 25.76],
      [50.28, 25.78],
      [50.42, 25.79],
      [50.5, 25.64],
      [50.56, 25.5],
      [50.6, 25.38],
      [50.62, 25.24],
    ],
  },
  {
    name: 'Horyn',
    kind: 'minor',
    why: 'the Horyn past Ostrog on the east edge (real geography)',
    course: [
      [49.95, 26.42],
      [50.2, 26.47],
      [50.36, 26.49],
      [50.5, 26.56],
      [50.7, 26.6],
    ],
  },
  {
    name: 'Lypa',
    kind: 'minor',
    why: 'the Lypa by Horokhiv to the Styr above Berestechko (real geography)',
    course: [
      [50.54, 24.55],
      [50.49, 24.8],
      [50.44, 24.98],
      [50.42, 25.15],
    ],
  },
  {
    name: 'Stubla',
    kind: 'minor',
    why: 'the Stubla by Klevan and Ostrozhets (real geography)',
    course: [
      [50.52, 25.92],
      [50.63, 25.9],
      [50.74, 25.95],
      [50.86, 26.05],
      [51.05, 26.1],
    ],
  },
  {
    name: 'Ustya',
    kind: 'minor',
    why: 'the Ustya through Rovno (real geography)',
    course: [
      [50.45, 26.3],
      [50.62, 26.27],
      [50.75, 26.25],
      [50.9, 26.3],
    ],
  },
];

const RECON_ROAD = 'reconstructed: 1941 road net from period maps, on the hexes its course passes (spec 7 #1)';
const roads: { name: string; course: LL[] }[] = [
  {
    name: 'Volodymyr-Volynskyi-Lutsk-Rovno highway',
    course: [
      [50.85, 24.33],
      [50.78, 24.66],
      [50.77, 25.0],
      [50.75, 25.33],
      [50.72, 25.81],
      [50.74, 25.98],
      [50.62, 26.25],
      [50.6, 26.57],
    ],
  },
  {
    name: 'Lutsk-Mlynov-Dubno',
    course: [
      [50.75, 25.33],
      [50.6, 25.5],
      [50.51, 25.61],
      [50.42, 25.75],
    ],
  },
  {
    name: 'Dubno-Zdolbunov-Rovno',
    course: [
      [50.42, 25.75],
      [50.48, 26.0],
      [50.52, 26.24],
      [50.62, 26.25],
    ],
  },
  {
    name: 'Sokal-Radekhiv-Berestechko-Kozin-Dubno',
    course: [
      [50.48, 24.29],
      [50.28, 24.64],
      [50.36, 25.11],
      [50.23, 25.47],
      [50.27, 25.61],
      [50.42, 25.75],
    ],
  },
  {
    name: 'Brody-Radyvyliv-Kozin',
    course: [
      [49.96, 24.95],
      [50.08, 25.15],
      [50.13, 25.25],
      [50.23, 25.47],
    ],
  },
  {
    name: 'Kremenets-Dubno',
    course: [
      [49.96, 25.72],
      [50.1, 25.73],
      [50.27, 25.7],
      [50.42, 25.75],
    ],
  },
  {
    name: 'Dubno-Mizoch-Ostrog',
    course: [
      [50.42, 25.75],
      [50.4, 26.15],
      [50.33, 26.52],
    ],
  },
  {
    name: 'Horokhiv-Lutsk',
    course: [
      [50.5, 24.76],
      [50.62, 25.05],
      [50.75, 25.33],
    ],
  },
  {
    name: 'Sokal-Horokhiv-Berestechko',
    course: [
      [50.48, 24.29],
      [50.5, 24.76],
      [50.36, 25.11],
    ],
  },
  {
    name: 'Lutsk-Rozhyshche-Kovel',
    course: [
      [50.75, 25.33],
      [50.91, 25.27],
      [51.05, 25.15],
    ],
  },
  {
    name: 'Rovno-Sarny',
    course: [
      [50.62, 26.25],
      [50.85, 26.32],
      [51.05, 26.35],
    ],
  },
  {
    name: 'Ostrog-Shepetivka',
    course: [
      [50.33, 26.52],
      [50.22, 26.62],
    ],
  },
];
const RECON_RAIL = 'reconstructed: the 1941 railways of Volhynia (real courses)';
const railways: { name: string; course: LL[] }[] = [
  {
    name: 'Lviv-Brody-Radyvyliv-Dubno-Zdolbunov-Rovno railway',
    course: [
      [49.98, 24.9],
      [50.08, 25.15],
      [50.13, 25.25],
      [50.3, 25.62],
      [50.42, 25.75],
      [50.52, 26.24],
      [50.62, 26.25],
      [50.75, 26.6],
    ],
  },
  {
    name: 'Kovel-Kivertsi-Lutsk and Kivertsi-Klevan-Rovno railway',
    course: [
      [51.05, 25.3],
      [50.83, 25.45],
      [50.75, 25.33],
    ],
  },
  {
    name: 'Kivertsi-Klevan-Rovno railway',
    course: [
      [50.83, 25.45],
      [50.74, 25.98],
      [50.62, 26.25],
    ],
  },
];

/** Woods and marshes as polygons; a hex whose centre lies inside takes the terrain. */
const areas: { terrain: 'woods' | 'marsh'; name: string; poly: LL[]; why: string }[] = [
  {
    terrain: 'marsh',
    name: 'Polesie marshes north of Lutsk',
    poly: [
      [51.1, 24.9],
      [50.9, 24.95],
      [50.86, 25.5],
      [50.92, 25.75],
      [51.1, 25.8],
    ],
    why: 'the southern edge of the Pripet (Polesie) marshes begins north of Lutsk and Rozhyshche',
  },
  {
    terrain: 'marsh',
    name: 'Ikva and Styr bottoms',
    poly: [
      [50.64, 25.22],
      [50.58, 25.3],
      [50.53, 25.5],
      [50.47, 25.62],
      [50.5, 25.68],
      [50.6, 25.5],
      [50.66, 25.3],
    ],
    why: 'the lower Ikva runs through wet meadows to the Styr ("small marshy rivers", Warfarehistorynetwork)',
  },
  {
    terrain: 'woods',
    name: 'Mlynov-Ostrozhets forests',
    poly: [
      [50.66, 25.62],
      [50.52, 25.84],
      [50.5, 25.98],
      [50.6, 26.02],
      [50.68, 25.78],
    ],
    why: 'the wooded country between Mlynov, Ostrozhets and Dubno where 19th and 9th Mech. Corps attacked',
  },
  {
    terrain: 'woods',
    name: 'Olyka-Tsuman forest',
    poly: [
      [51.05, 25.75],
      [50.82, 25.72],
      [50.8, 26.15],
      [51.05, 26.2],
    ],
    why: 'the great Tsuman forest north of the Lutsk-Rovno highway',
  },
  {
    terrain: 'woods',
    name: 'Kremenets hills',
    poly: [
      [50.2, 25.55],
      [50.0, 25.5],
      [49.95, 26.0],
      [50.15, 26.05],
      [50.22, 25.9],
    ],
    why: 'the wooded Kremenets hills south of Dubno',
  },
  {
    terrain: 'woods',
    name: 'Pidkamin woods',
    poly: [
      [50.05, 25.25],
      [49.93, 25.2],
      [49.93, 25.5],
      [50.06, 25.48],
    ],
    why: 'the woods south-east of Brody',
  },
  {
    terrain: 'woods',
    name: 'Radekhiv woods',
    poly: [
      [50.38, 24.42],
      [50.2, 24.4],
      [50.18, 24.62],
      [50.33, 24.56],
    ],
    why: 'woods west of Radekhiv where 10th Tank Division met 11th Panzer',
  },
  {
    terrain: 'woods',
    name: 'Horyn woods',
    poly: [
      [50.3, 26.2],
      [50.15, 26.2],
      [50.12, 26.45],
      [50.28, 26.42],
    ],
    why: 'the woods west of Ostrog',
  },
];

// ---- geometry --------------------------------------------------------------------------------
type P = { x: number; y: number };
function segIntersect(p1: P, p2: P, p3: P, p4: P): boolean {
  const d = (a: P, b: P, c: P) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d1 = d(p3, p4, p1);
  const d2 = d(p3, p4, p2);
  const d3 = d(p1, p2, p3);
  const d4 = d(p1, p2, p4);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}
function pointInPolygon(p: P, poly: P[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The hex a point falls in, snapped to the nearest hex when it lies off the map. */
function hexOrEdge(p: LL): number {
  const h = hexAt(p);
  if (h >= 0) return h;
  const { x, y } = xy(p);
  let best = -1;
  let bd = Infinity;
  for (let i = 0; i < grid.nodeCount; i++) {
    const c = centre(i);
    const dd = Math.hypot(c.x - x, c.y - y);
    if (dd < bd) {
      bd = dd;
      best = i;
    }
  }
  return best;
}

/** Hexes a course passes through, in order, each adjacent to the next (zigzags straightened). */
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
    const a = xy(course[k]!);
    const b = xy(course[k + 1]!);
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.25);
    for (let s = 0; s <= steps; s++)
      push(grid.fromPixel(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps, layout));
  }
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
      for (let k = 0; k + 1 < pts.length; k++) {
        if (segIntersect(centre(i), centre(n), pts[k]!, pts[k + 1]!)) {
          out.add(`${label(i)}/${label(n)}`);
          break;
        }
      }
    }
  }
  return [...out].sort();
}

const pairs = (path: number[]) => {
  const out: string[] = [];
  for (let k = 0; k + 1 < path.length; k++) {
    const [a, b] = [path[k]!, path[k + 1]!].sort((x, y) => x - y);
    out.push(`${label(a!)}/${label(b!)}`);
  }
  return out;
};

// ---- build -----------------------------------------------------------------------------------
const placeHex = new Map<string, number>();
for (const p of places) {
  const h = hexAt(p.at);
  if (h < 0) throw new Error(`${p.name} is off the map`);
  for (const [n, o] of placeHex) if (o === h) throw new Error(`${p.name} and ${n} share hex ${label(h)}`);
  placeHex.set(p.name, h);
}
const terrain: { hex: string; terrain: string; provenance: string }[] = [];
const areaOf = new Map<number, (typeof areas)[number]>();
for (const a of areas) {
  const poly = a.poly.map(xy);
  for (let i = 0; i < grid.nodeCount; i++)
    if (!areaOf.has(i) && ![...placeHex.values()].includes(i) && pointInPolygon(centre(i), poly)) areaOf.set(i, a);
}
for (const [i, a] of [...areaOf].sort((x, y) => x[0] - y[0]))
  terrain.push({ hex: label(i), terrain: a.terrain, provenance: `reconstructed: ${a.name}: ${a.why}` });

const roadSides = new Set<string>();
const roadList = roads.map((r) => {
  const sides = pairs(hexPath(r.course));
  for (const s of sides) roadSides.add(s);
  return { name: r.name, hexes: hexPath(r.course).map(label), provenance: RECON_ROAD };
});
const railList = railways.map((r) => ({ name: r.name, hexes: hexPath(r.course).map(label), provenance: RECON_RAIL }));
const riverList = rivers.map((r) => ({
  name: r.name,
  kind: r.kind,
  hexsides: crossedSides(r.course),
  provenance: `${RECON_RIVER}: ${r.why}`,
}));
// A road or railway over a river hexside crosses it by a bridge (8.10).
const railSides = new Set(railList.flatMap((r) => pairs(r.hexes.map((h) => grid.hex(h)))));
const bridges = riverList
  .flatMap((r) => r.hexsides)
  .filter((s) => roadSides.has(s) || railSides.has(s))
  .sort();

const east = (lat: number) => hexOrEdge([lat, 26.7]);
const map = {
  $comment:
    'Drive on Dubno map: hex grid, places, terrain, rivers on hexsides, roads, railways, entry hexes, objectives and exit hexes. Generated once by tools/build-map.ts; this file is the editable source. Hexes not listed under terrain are clear (their place kind is their terrain when they hold a town or city).',
  grid: {
    cols: COLS,
    rows: ROWS,
    orientation: 'flat',
    offset: 'odd',
    kmAcross: KM_ACROSS,
    provenance:
      'reconstructed: the printed map is lost (spec 3, 7 #1); flat-topped 6 km hexes numbered column-row from the north-west corner cover the Dubno-Lutsk-Brody triangle from the Bug to the Horyn',
  },
  projection: {
    kind: 'equirectangular',
    hex0101: [LAT0, LON0],
    kmPerDegLon: Math.round(KX * 1000) / 1000,
    kmPerDegLat: KY,
    provenance: 'derived: hex 0101 centred on 51.00N 24.30E, north up',
  },
  places: places.map((p) => ({
    hex: label(placeHex.get(p.name)!),
    name: p.name,
    kind: p.kind,
    provenance: RECON_PLACE,
  })),
  terrain,
  rivers: riverList,
  bridges: { hexsides: bridges, provenance: 'derived: every river hexside a road or railway crosses (8.10)' },
  roads: roadList,
  railways: railList,
  entry: {
    west: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((r) => label(grid.index(0, r - 1))),
    rovno: [5, 6, 7, 8, 9, 10].map((r) => label(grid.index(COLS - 1, r - 1))),
    ostrog: [11, 12, 13, 14, 15].map((r) => label(grid.index(COLS - 1, r - 1))),
    brody: [9, 10, 11, 12, 13, 14, 15].map((c) => label(grid.index(c - 1, ROWS - 1))),
    provenance:
      'reconstructed: Panzer Group 1 came over the Bug from the west (Volodymyr-Volynskyi, Sokal); 9th and 19th Mech. Corps marched in from the east (Novohrad-Volynskyi by Rovno, Berdychiv by Ostrog), 8th Mech. Corps from the south (Drohobych via Brody) (Appendix A); map-edge hexes (6.2)',
  },
  exits: {
    german: [east(50.6), east(50.33)].map(label),
    provenance:
      'reconstructed: the drive on Kiev left the map by the Rovno-Zhytomyr highway and the Ostrog road (8.11, 23.5; spec 24.0 historical note: Kiev the final objective)',
  },
};

if (process.argv.includes('--ascii')) {
  const mark = new Map<number, string>();
  for (const t of terrain) mark.set(grid.hex(t.hex), t.terrain === 'woods' ? 'w' : 'm');
  for (const r of roadList) for (const h of r.hexes) mark.set(grid.hex(h), '=');
  for (const [, h] of placeHex) mark.set(h, 'T');
  for (let r = 0; r < ROWS; r++) {
    let line = '';
    for (let c = 0; c < COLS; c++) line += `${mark.get(grid.index(c, r)) ?? '.'} `;
    console.log(line);
  }
  console.log([...placeHex].map(([n, h]) => `${n} ${label(h)}`).join(', '));
} else {
  console.log(JSON.stringify(map, null, 1));
}
