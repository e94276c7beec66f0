#!/usr/bin/env node
/**
 * Reconstruction aid, not used at runtime: builds map.json (areas with km polygons, borders
 * typed land / sea / point) from lat/lon rectangles painted on a 0.5-degree grid. Seas are
 * painted first, land over them, in the order listed, so a later rectangle wins. Borders are
 * DERIVED from the painted grid (a shared cell edge = a border; cells touching only at a corner =
 * a point contact, which does not connect, rule 2.2.1(6)), so drawing and adjacency can never
 * disagree. The JSON it writes is the source of truth: an owner of the box can edit map.json
 * (and borders in it) directly and never run this script again.
 *
 *   node games/third-reich/src/data/tools/build-map.mjs > games/third-reich/src/data/map.json
 *   node games/third-reich/src/data/tools/build-map.mjs --ascii     # preview of the grid
 *
 * Projection (equirectangular centred on 50N 15E, north up, y grows southward, km):
 *   x = (lon - 15) * 111.32 * cos(50deg),  y = -(lat - 50) * 110.57
 */
const KX = 111.32 * Math.cos((50 * Math.PI) / 180);
const KY = 110.57;
const round1 = (v) => Math.round(v * 10) / 10;
const proj = (lat, lon) => [round1((lon - 15) * KX), round1(-(lat - 50) * KY)];

const CELL = 0.5;
const LAT0 = 27,
  LAT1 = 72,
  LON0 = -26,
  LON1 = 56;
const ROWS = (LAT1 - LAT0) / CELL,
  COLS = (LON1 - LON0) / CELL;

// [id, name, code (one char for the ASCII preview), rectangles [latS, latN, lonW, lonE]]
const SEAS = [
  [
    'north_atlantic',
    'North Atlantic',
    '~',
    [
      [45, 67, -26, -5],
      [51.5, 56, -6, -3],
    ],
  ],
  [
    'central_atlantic',
    'Central Atlantic',
    '=',
    [
      [27, 45, -26, -9],
      [34, 37, -9, -6],
    ],
  ],
  ['bay_of_biscay', 'Bay of Biscay', '-', [[43, 48.5, -9, -1]]],
  ['english_channel', 'English Channel', ':', [[48.5, 51.5, -6, 2]]],
  ['north_sea', 'North Sea', ';', [[51, 61, -5, 9]]],
  ['norwegian_sea', 'Norwegian Sea', '^', [[61, 72, -10, 20]]],
  ['barents_sea', 'Barents Sea', '*', [[68, 72, 20, 56]]],
  ['baltic_sea', 'Baltic Sea', ',', [[53.5, 66, 9, 30]]],
  ['western_mediterranean', 'Western Mediterranean', '_', [[35, 44, -6, 9.5]]],
  ['central_mediterranean', 'Central Mediterranean', '+', [[30, 44, 9.5, 21]]],
  ['adriatic_sea', 'Adriatic Sea', '!', [[40, 46, 12, 20]]],
  ['eastern_mediterranean', 'Eastern Mediterranean', '#', [[30, 36.5, 21, 37]]],
  ['aegean_sea', 'Aegean Sea', '&', [[35, 41, 22, 27]]],
  ['black_sea', 'Black Sea', '%', [[40.5, 47, 27, 42]]],
];

const LANDS = [
  ['usa', 'United States', 'U', [[52, 58, -26, -21]]],
  ['ireland', 'Ireland', 'i', [[51.5, 55.5, -10, -6]]],
  ['scotland', 'Scotland', 's', [[55.5, 58.5, -6.5, -2]]],
  ['northern_england', 'Northern England', 'l', [[53, 55.5, -4.5, -0.5]]],
  [
    'london',
    'London',
    'L',
    [
      [50.5, 53, -5.5, 1],
      [50, 50.5, -5.5, 0],
    ],
  ],
  ['southern_france', 'Southern France', 'f', [[43, 47, -1.5, 7.5]]],
  ['western_france', 'Western France', 'w', [[45.5, 49.5, -4.5, 0.5]]],
  [
    'paris',
    'Paris',
    'P',
    [
      [47, 51, 1.5, 4.5],
      [47, 50, 0.5, 1.5],
    ],
  ],
  ['lorraine', 'Lorraine', 'o', [[47, 49.5, 4.5, 8]]],
  ['belgium', 'Belgium', 'b', [[49.5, 51.5, 2.5, 6]]],
  ['ruhr', 'Ruhr', 'R', [[49.5, 52.5, 6, 10]]],
  ['netherlands', 'Netherlands', 'n', [[51.5, 53.5, 4, 7]]],
  ['hamburg', 'Hamburg', 'H', [[52.5, 54.5, 7, 11.5]]],
  [
    'berlin',
    'Berlin',
    'B',
    [
      [51, 54.5, 11.5, 15.5],
      [51, 52.5, 10, 11.5],
    ],
  ],
  [
    'munich',
    'Munich',
    'M',
    [
      [47.5, 51, 10, 12.5],
      [47.5, 49.5, 7.5, 10],
    ],
  ],
  ['switzerland', 'Switzerland', 'z', [[46, 47.5, 6, 10.5]]],
  [
    'austria',
    'Austria',
    'A',
    [
      [46.5, 48.5, 12.5, 17],
      [46.5, 47.5, 10.5, 12.5],
    ],
  ],
  [
    'bohemia',
    'Bohemia-Moravia',
    'C',
    [
      [48.5, 51, 12.5, 18.5],
      [48.5, 49, 18.5, 23],
    ],
  ],
  ['western_poland', 'Western Poland', 'p', [[51, 54.5, 15.5, 19]]],
  ['east_prussia', 'East Prussia', 'E', [[53.5, 55, 19, 23.5]]],
  ['warsaw', 'Warsaw', 'W', [[51, 53.5, 19, 23.5]]],
  ['cracow', 'Cracow', 'k', [[49, 51, 18.5, 23.5]]],
  [
    'denmark',
    'Denmark',
    'd',
    [
      [54.5, 57.5, 8, 11],
      [55, 56, 11, 12.5],
    ],
  ],
  ['narvik', 'Narvik', 'v', [[66, 71, 12, 30]]],
  [
    'norway',
    'Norway',
    'N',
    [
      [58, 64, 5, 12.5],
      [64, 66, 10, 14],
    ],
  ],
  [
    'sweden',
    'Sweden',
    'S',
    [
      [55.5, 60, 13, 18.5],
      [60, 64, 12.5, 17.5],
      [64, 69, 14, 20],
    ],
  ],
  [
    'baltic_states',
    'Baltic States',
    'x',
    [
      [55, 59.5, 21, 28],
      [54, 55, 23.5, 27],
    ],
  ],
  ['brest', 'Brest', 'r', [[50.5, 54, 23.5, 27]]],
  ['kiev', 'Kiev', 'K', [[48, 52, 27, 33]]],
  ['galicia', 'Galicia', 'g', [[48, 50.5, 23, 27.5]]],
  ['minsk', 'Minsk', 'm', [[52, 57, 27, 31]]],
  ['leningrad', 'Leningrad', 'Q', [[57, 61.5, 28, 38]]],
  ['finland', 'Finland', 'F', [[60, 70, 21, 30]]],
  ['murmansk', 'Murmansk', 'u', [[61.5, 70, 30, 38]]],
  ['archangel', 'Archangel', 'a', [[58, 68, 38, 48]]],
  ['smolensk', 'Smolensk', 'j', [[52, 57, 31, 36]]],
  ['moscow', 'Moscow', 'O', [[54, 58, 36, 42]]],
  ['gorky', 'Gorky', 'G', [[52, 58, 42, 48]]],
  ['kursk', 'Kursk', 'q', [[51, 54, 36, 42]]],
  [
    'kharkov',
    'Kharkov',
    'X',
    [
      [48, 52, 33, 36],
      [48, 51, 36, 38.5],
    ],
  ],
  ['odessa', 'Odessa', 'D', [[45.5, 48, 28.5, 33]]],
  ['crimea', 'Crimea', 'c', [[44.5, 46, 32.5, 36]]],
  [
    'rostov',
    'Rostov',
    'h',
    [
      [46, 48, 33, 40],
      [47, 48, 40, 41],
    ],
  ],
  [
    'stalingrad',
    'Stalingrad',
    'T',
    [
      [47, 52, 41, 48],
      [48, 51, 38.5, 41],
    ],
  ],
  [
    'caucasus',
    'Caucasus',
    'e',
    [
      [41.5, 47, 40, 48],
      [44, 46, 37.5, 40],
    ],
  ],
  ['urals', 'Urals', 'Y', [[50, 62, 48, 56]]],
  ['hungary', 'Hungary', 'y', [[46, 48.5, 16, 22.5]]],
  [
    'yugoslavia',
    'Yugoslavia',
    'J',
    [
      [44.5, 46, 13.5, 22.5],
      [46, 46.5, 13.5, 16],
      [43, 44.5, 16, 22.5],
      [41.5, 43, 18.5, 22.5],
    ],
  ],
  ['romania', 'Romania', 'Z', [[43.5, 48, 22.5, 28.5]]],
  ['bulgaria', 'Bulgaria', 'I', [[41.5, 44, 22.5, 28]]],
  ['albania', 'Albania', 't', [[39.5, 42, 19, 20.5]]],
  [
    'greece',
    'Greece',
    'V',
    [
      [36.5, 41.5, 20.5, 23.5],
      [40.5, 41.5, 23.5, 26],
    ],
  ],
  [
    'turkey',
    'Turkey',
    '$',
    [
      [36.5, 41.5, 26.5, 44],
      [41, 42, 26, 29],
    ],
  ],
  ['northern_italy', 'Northern Italy', '1', [[44, 46.5, 7, 13.5]]],
  ['rome', 'Rome', '2', [[41.5, 44, 10.5, 14.5]]],
  [
    'naples',
    'Naples',
    '3',
    [
      [39.5, 41.5, 14, 16],
      [40, 41, 16, 18.5],
      [38, 39.5, 15.5, 17],
    ],
  ],
  ['sicily', 'Sicily', '4', [[36.5, 38, 12.5, 15.5]]],
  ['sardinia', 'Sardinia', '5', [[39, 41, 8, 10]]],
  ['madrid', 'Madrid', '6', [[38.5, 43.5, -9.5, -1]]],
  ['barcelona', 'Barcelona', '7', [[40, 43, -1, 3.5]]],
  ['seville', 'Seville', '8', [[36, 38.5, -7.5, -1.5]]],
  ['portugal', 'Portugal', '9', [[37, 42, -9.5, -7]]],
  ['morocco', 'Morocco', '(', [[27, 35.5, -10, -1.5]]],
  ['algeria', 'Algeria', ')', [[27, 36, -1.5, 8.5]]],
  ['tunisia', 'Tunisia', '[', [[27, 37.5, 8.5, 11.5]]],
  ['tripolitania', 'Tripolitania', ']', [[27, 33, 11.5, 20]]],
  ['cyrenaica', 'Cyrenaica', '{', [[27, 33, 20, 25]]],
  ['egypt', 'Egypt', '}', [[27, 31.5, 25, 34.5]]],
  ['middle_east', 'Middle East', '<', [[27, 37, 34.5, 48]]],
  ['syria', 'Syria', '>', [[32.5, 37, 35.5, 42.5]]],
];

// Land areas that touch across water: sea borders between two land areas (straits), AMB-2.
// They replace a derived point contact or add a link; provenance says why.
const STRAITS = [
  ['sicily', 'naples', 'reconstructed: Strait of Messina, a sea border (AMB-2)'],
  ['denmark', 'sweden', 'reconstructed: the Oresund, a sea border (AMB-2)'],
  ['seville', 'morocco', 'reconstructed: Strait of Gibraltar, a sea border (AMB-2)'],
  ['tunisia', 'sicily', 'reconstructed: Sicilian Narrows, a sea border (AMB-2)'],
  ['london', 'paris', 'reconstructed: Strait of Dover, a sea border (AMB-2)'],
];

const grid = new Array(ROWS * COLS).fill(-1);
const AREAS = [
  ...SEAS.map((s) => ({ id: s[0], name: s[1], code: s[2], rects: s[3], type: 'sea' })),
  ...LANDS.map((s) => ({ id: s[0], name: s[1], code: s[2], rects: s[3], type: 'land' })),
];
const cellOf = (lat, lon) => [Math.round((LAT1 - lat) / CELL), Math.round((lon - LON0) / CELL)];
AREAS.forEach((a, ai) => {
  for (const [s, n, w, e] of a.rects) {
    const [r0, c0] = cellOf(n, w),
      [r1, c1] = cellOf(s, e);
    for (let r = Math.max(0, r0); r < Math.min(ROWS, r1); r++)
      for (let c = Math.max(0, c0); c < Math.min(COLS, c1); c++) grid[r * COLS + c] = ai;
  }
});
const at = (r, c) => (r < 0 || c < 0 || r >= ROWS || c >= COLS ? -1 : grid[r * COLS + c]);

if (process.argv.includes('--ascii')) {
  for (let r = 0; r < ROWS; r++) {
    let line = '';
    for (let c = 0; c < COLS; c++) {
      const a = at(r, c);
      line += a < 0 ? ' ' : AREAS[a].code;
    }
    console.log(line);
  }
  process.exit(0);
}

// ---- borders ------------------------------------------------------------------------------
const key = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const edges = new Set(),
  corners = new Set();
for (let r = 0; r < ROWS; r++)
  for (let c = 0; c < COLS; c++) {
    const a = at(r, c);
    if (a < 0) continue;
    for (const [dr, dc] of [
      [0, 1],
      [1, 0],
    ]) {
      const b = at(r + dr, c + dc);
      if (b >= 0 && b !== a) edges.add(key(a, b));
    }
    for (const [dr, dc] of [
      [1, 1],
      [1, -1],
    ]) {
      const b = at(r + dr, c + dc);
      if (b >= 0 && b !== a) corners.add(key(a, b));
    }
  }
const borders = [];
const strait = new Map(
  STRAITS.map(([a, b, p]) => [
    key(
      AREAS.findIndex((x) => x.id === a),
      AREAS.findIndex((x) => x.id === b),
    ),
    p,
  ]),
);
for (const k of [...edges].sort()) {
  const [a, b] = k.split('|').map(Number);
  const kind = AREAS[a].type === 'land' && AREAS[b].type === 'land' ? 'land' : 'sea';
  borders.push({
    a: AREAS[a].id,
    b: AREAS[b].id,
    kind,
    provenance: `derived: shared edge on the reconstructed 0.5-degree grid (tools/build-map.mjs), ${kind === 'land' ? 'land-land = land border' : 'an edge with a sea area = sea border'} (2.2.1(6))`,
  });
}
for (const k of [...corners].sort()) {
  if (edges.has(k)) continue;
  const [a, b] = k.split('|').map(Number);
  if (strait.has(k)) continue;
  borders.push({
    a: AREAS[a].id,
    b: AREAS[b].id,
    kind: 'point',
    provenance:
      'derived: the areas meet only at a corner of the reconstructed grid; a point contact does not connect (2.2.1(6))',
  });
}
for (const [k, p] of strait) {
  if (edges.has(k)) continue;
  const [a, b] = k.split('|').map(Number);
  borders.push({ a: AREAS[a].id, b: AREAS[b].id, kind: 'sea', provenance: p });
}

// ---- polygons: trace the outline of each area's cells (outer rings and holes) --------------
function rings(ai) {
  // directed boundary edges with the area on the left (y down: walk clockwise on screen)
  const next = new Map();
  const V = (r, c) => `${r},${c}`;
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      if (at(r, c) !== ai) continue;
      if (at(r - 1, c) !== ai) next.set(V(r, c), [...(next.get(V(r, c)) ?? []), V(r, c + 1)]);
      if (at(r, c + 1) !== ai) next.set(V(r, c + 1), [...(next.get(V(r, c + 1)) ?? []), V(r + 1, c + 1)]);
      if (at(r + 1, c) !== ai) next.set(V(r + 1, c + 1), [...(next.get(V(r + 1, c + 1)) ?? []), V(r + 1, c)]);
      if (at(r, c - 1) !== ai) next.set(V(r + 1, c), [...(next.get(V(r + 1, c)) ?? []), V(r, c)]);
    }
  const out = [];
  for (;;) {
    const start = [...next.keys()].sort()[0];
    if (!start) break;
    const ring = [];
    let v = start;
    do {
      const list = next.get(v);
      const w = list.shift();
      if (!list.length) next.delete(v);
      ring.push(v.split(',').map(Number));
      v = w;
    } while (v !== start);
    // drop collinear vertices
    const pts = ring.filter((p, i) => {
      const a = ring[(i + ring.length - 1) % ring.length],
        b = ring[(i + 1) % ring.length];
      return !((a[0] === p[0] && p[0] === b[0]) || (a[1] === p[1] && p[1] === b[1]));
    });
    out.push(pts.map(([r, c]) => proj(LAT1 - r * CELL, LON0 + c * CELL)));
  }
  return out;
}
function centre(ai) {
  const cells = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) if (at(r, c) === ai) cells.push([r, c]);
  const mr = cells.reduce((s, x) => s + x[0], 0) / cells.length,
    mc = cells.reduce((s, x) => s + x[1], 0) / cells.length;
  let best = cells[0],
    bd = Infinity;
  for (const x of cells) {
    const d = (x[0] - mr) ** 2 + (x[1] - mc) ** 2;
    if (d < bd) {
      bd = d;
      best = x;
    }
  }
  return proj(LAT1 - (best[0] + 0.5) * CELL, LON0 + (best[1] + 0.5) * CELL);
}

const used = new Set(grid.filter((g) => g >= 0));
const out = {
  provenance:
    'reconstructed: the GJ No. 70 map is not in the text (spec 7.2 M1); a historical 1939 Europe area map painted on a 0.5-degree grid by tools/build-map.mjs, using the places the rules and play reports name (spec 3.6)',
  projection: 'equirectangular centred on 50N 15E, km: x = (lon-15)*111.32*cos(50deg), y = -(lat-50)*110.57',
  areas: AREAS.map((a, ai) => ({
    id: a.id,
    name: a.name,
    type: a.type,
    center: centre(ai),
    polygons: rings(ai),
    provenance: `reconstructed: ${a.type} area placed from 1939 geography (spec 7.2 M1); outline from rectangles ${JSON.stringify(a.rects)} (lat S,N, lon W,E)`,
  })).filter((_, ai) => used.has(ai)),
  borders,
};
console.log(JSON.stringify(out, null, 1).replace(/\[\n\s+(-?[\d.]+),\n\s+(-?[\d.]+)\n\s+\]/g, '[$1, $2]'));
