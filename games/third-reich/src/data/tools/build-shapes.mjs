#!/usr/bin/env node
/**
 * Display data, not rules: the land areas' outlines along real borders and coasts
 * (src/web/shapes.json), for the web adapter only; map.json (the rules' areas and borders)
 * is untouched. Steps, on a grid of CELL degrees over the map's box:
 *  1. every land cell gets today's country (Natural Earth 1:50m countries, world-atlas), then
 *     its 1939 nation (src/web/nations-1939.json: countries, then dated changes by box);
 *  2. a nation's cells are divided among the areas of that nation (flag, or the area's id when
 *     it has none): a cell inside one of the nation's areas on map.json's grid stays in it (so the
 *     drawing keeps the rules' adjacencies); the rest, land the grid gave to a neighbour or to
 *     the sea, goes to the nearest of the nation's area centres (Voronoi cells clipped to the
 *     nation); land of no listed nation keeps map.json's grid area;
 *  3. every area reaches REACH cells out to sea (the renderer cuts land areas at the coast);
 *  2b. each area's centre (counters, name) is its land cell deepest inside it, nearest map.json's;
 *  4. each area's cells are traced into rings (km, the map's projection), straight runs merged.
 *
 *   node games/third-reich/src/data/tools/build-shapes.mjs > games/third-reich/src/web/shapes.json
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const here = new URL('.', import.meta.url);
const read = (p) => JSON.parse(readFileSync(new URL(p, here), 'utf8'));
const map = read('../map.json');
const areaData = read('../areas.json');
const nations = read('../../web/nations-1939.json');
const topo = createRequire(import.meta.url)('world-atlas/countries-50m.json');

const CELL = 0.1;
const LON0 = -26,
  LON1 = 56,
  LAT0 = 27,
  LAT1 = 72;
const COLS = Math.round((LON1 - LON0) / CELL),
  ROWS = Math.round((LAT1 - LAT0) / CELL);
const REACH = 6; // cells (about 50 km) out to sea
const KX = 111.32 * Math.cos((50 * Math.PI) / 180),
  KY = 110.57;
const round1 = (v) => Math.round(v * 10) / 10;
const proj = (lon, lat) => [round1((lon - 15) * KX), round1(-(lat - 50) * KY)];
const unproj = ([x, y]) => [15 + x / KX, 50 - y / KY];

// ---- 1. today's countries on the grid (scanline fill, even-odd per country) ----
function decodeArcs(t) {
  const [sx, sy] = t.transform.scale,
    [tx, ty] = t.transform.translate;
  return t.arcs.map((arc) => {
    let x = 0,
      y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}
const arcs = decodeArcs(topo);
const ring = (idx) => idx.flatMap((i, k) => (i >= 0 ? arcs[i] : [...arcs[~i]].reverse()).slice(k ? 1 : 0));
const country = new Int16Array(COLS * ROWS).fill(-1);
const names = [];
for (const g of topo.objects.countries.geometries) {
  const polys = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
  const rings = polys.flat().map(ring);
  const id = names.push(g.properties.name) - 1;
  for (let r = 0; r < ROWS; r++) {
    const lat = LAT0 + (r + 0.5) * CELL;
    const xs = [];
    for (const rg of rings)
      for (let k = 0; k < rg.length - 1; k++) {
        const [x1, y1] = rg[k],
          [x2, y2] = rg[k + 1];
        if (y1 <= lat !== y2 <= lat) xs.push(x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1));
      }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil((xs[k] - LON0) / CELL - 0.5)),
        c1 = Math.min(COLS - 1, Math.floor((xs[k + 1] - LON0) / CELL - 0.5));
      for (let c = c0; c <= c1; c++) country[r * COLS + c] = id;
    }
  }
}

// ---- 1b. the 1939 nation of each land cell ----
const nationOfCountry = new Map();
for (const [n, list] of Object.entries(nations.countries)) for (const c of list) nationOfCountry.set(c, n);
for (const list of Object.values(nations.countries))
  for (const c of list)
    if (!names.includes(c) && c !== 'Gibraltar')
      throw new Error(`nations-1939.json: no country "${c}" in Natural Earth`);
function nationAt(c, r) {
  const k = country[r * COLS + c];
  if (k < 0) return null;
  const lon = LON0 + (c + 0.5) * CELL,
    lat = LAT0 + (r + 0.5) * CELL;
  for (const ch of nations.changes)
    if (ch.country === names[k] && lon >= ch.box[0] && lat >= ch.box[1] && lon <= ch.box[2] && lat <= ch.box[3])
      return ch.nation;
  return nationOfCountry.get(names[k]) ?? null;
}

// ---- 2. areas: Voronoi by nearest centre within the nation, else map.json's grid area ----
const flag = new Map(areaData.areas.map((a) => [a.id, a.flag]));
const lands = map.areas.filter((a) => a.type === 'land' && a.id !== 'usa');
const byNation = new Map();
for (const a of lands) {
  const n = flag.get(a.id) ?? a.id;
  byNation.set(n, [...(byNation.get(n) ?? []), a]);
}
const inRings = (rings, x, y) => {
  let inside = false;
  for (const rg of rings)
    for (let i = 0, j = rg.length - 1; i < rg.length; j = i++) {
      const [xi, yi] = rg[i],
        [xj, yj] = rg[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
};
/** The land area of map.json's 0.5-degree grid at a point (-1: none), per grid cell. */
const gridMemo = new Map();
function gridArea(lon, lat) {
  const key = `${Math.floor(lon * 2)},${Math.floor(lat * 2)}`;
  if (!gridMemo.has(key)) {
    const [x, y] = proj((Math.floor(lon * 2) + 0.5) / 2, (Math.floor(lat * 2) + 0.5) / 2);
    gridMemo.set(
      key,
      lands.findIndex((a) => inRings(a.polygons, x, y)),
    );
  }
  return gridMemo.get(key);
}
const label = new Int16Array(COLS * ROWS).fill(-1);
const centres = lands.map((a) => unproj(a.center));
for (let r = 0; r < ROWS; r++)
  for (let c = 0; c < COLS; c++) {
    const n = nationAt(c, r);
    if (n === null && country[r * COLS + c] < 0) continue;
    const lon = LON0 + (c + 0.5) * CELL,
      lat = LAT0 + (r + 0.5) * CELL;
    const cands = n ? byNation.get(n) : undefined;
    let best = gridArea(lon, lat);
    if (best >= 0 && cands && !cands.includes(lands[best])) best = -1;
    if (best < 0 && cands) {
      let d = Infinity;
      for (const a of cands) {
        const i = lands.indexOf(a);
        const dx = (lon - centres[i][0]) * Math.cos((lat * Math.PI) / 180),
          dy = lat - centres[i][1];
        if (dx * dx + dy * dy < d) {
          d = dx * dx + dy * dy;
          best = i;
        }
      }
    }
    label[r * COLS + c] = best;
  }

// ---- 2b. where a place's counters and name go: its land cell deepest inside it (cells from its edge or the coast) ----
const depth = new Int32Array(COLS * ROWS).fill(-1);
const queue = [];
const N4 = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
for (let r = 0; r < ROWS; r++)
  for (let c = 0; c < COLS; c++) {
    const l = label[r * COLS + c];
    if (l < 0 || country[r * COLS + c] < 0) continue;
    const edge = N4.some(([dc, dr]) => {
      const cc = c + dc,
        rr = r + dr;
      return cc < 0 || rr < 0 || cc >= COLS || rr >= ROWS || label[rr * COLS + cc] !== l || country[rr * COLS + cc] < 0;
    });
    if (edge) {
      depth[r * COLS + c] = 0;
      queue.push(r * COLS + c);
    }
  }
for (let q = 0; q < queue.length; q++) {
  const k = queue[q],
    c = k % COLS,
    r = Math.floor(k / COLS);
  for (const [dc, dr] of N4) {
    const kk = (r + dr) * COLS + c + dc;
    if (depth[kk] === -1 && label[kk] === label[k] && country[kk] >= 0) {
      depth[kk] = depth[k] + 1;
      queue.push(kk);
    }
  }
}
// deepest, but no deeper than 12 cells counts: among those, the one nearest the data's centre
const best = lands.map(() => ({ k: -1, score: -Infinity }));
for (let k = 0; k < COLS * ROWS; k++) {
  const l = label[k];
  if (l < 0 || depth[k] < 0) continue;
  const lon = LON0 + ((k % COLS) + 0.5) * CELL,
    lat = LAT0 + (Math.floor(k / COLS) + 0.5) * CELL;
  const [x, y] = proj(lon, lat);
  const score = Math.min(depth[k], 12) * 1000 - Math.hypot(x - lands[l].center[0], y - lands[l].center[1]);
  if (score > best[l].score) best[l] = { k, score };
}
const centres1939 = best.map(({ k }, i) =>
  k < 0 ? lands[i].center : proj(LON0 + ((k % COLS) + 0.5) * CELL, LAT0 + (Math.floor(k / COLS) + 0.5) * CELL),
);

// ---- 3. out to sea: REACH rounds of growing each area into unlabelled cells ----
for (let k = 0; k < REACH; k++) {
  const next = label.slice();
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      if (label[r * COLS + c] >= 0) continue;
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const cc = c + dc,
          rr = r + dr;
        if (cc < 0 || rr < 0 || cc >= COLS || rr >= ROWS) continue;
        const l = label[rr * COLS + cc];
        if (l >= 0) {
          next[r * COLS + c] = l;
          break;
        }
      }
    }
  label.set(next);
}

// ---- 4. trace each area's cells into rings (edges with the area on their left), merge straight runs ----
const at = (c, r) => (c < 0 || r < 0 || c >= COLS || r >= ROWS ? -1 : label[r * COLS + c]);
function trace(l) {
  // directed edges between grid corners (corner = r*(COLS+1)+c), area on the left (y = lat grows up)
  const next = new Map();
  const add = (c0, r0, c1, r1) =>
    next.set(r0 * (COLS + 1) + c0, [...(next.get(r0 * (COLS + 1) + c0) ?? []), r1 * (COLS + 1) + c1]);
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      if (at(c, r) !== l) continue;
      if (at(c, r - 1) !== l) add(c, r, c + 1, r); // south edge, eastward
      if (at(c + 1, r) !== l) add(c + 1, r, c + 1, r + 1); // east edge, northward
      if (at(c, r + 1) !== l) add(c + 1, r + 1, c, r + 1); // north edge, westward
      if (at(c - 1, r) !== l) add(c, r + 1, c, r); // west edge, southward
    }
  const rings = [];
  for (const start of [...next.keys()]) {
    while ((next.get(start) ?? []).length) {
      const pts = [start];
      let cur = start;
      for (;;) {
        const outs = next.get(cur);
        const to = outs.pop();
        if (!outs.length) next.delete(cur);
        if (to === start) break;
        pts.push(to);
        cur = to;
      }
      const ll = pts.map((k) => [LON0 + (k % (COLS + 1)) * CELL, LAT0 + Math.floor(k / (COLS + 1)) * CELL]);
      const kept = ll.filter((p, i) => {
        const a = ll[(i - 1 + ll.length) % ll.length],
          b = ll[(i + 1) % ll.length];
        return !((a[0] === p[0] && p[0] === b[0]) || (a[1] === p[1] && p[1] === b[1]));
      });
      if (kept.length >= 4) rings.push(kept.map(([lon, lat]) => proj(lon, lat)));
    }
  }
  return rings;
}

const out = {
  provenance:
    'derived for display by tools/build-shapes.mjs: Natural Earth 1:50m countries (world-atlas) made 1939 nations by nations-1939.json, each nation divided among its areas by nearest area centre (Voronoi), on a 0.1-degree grid; the rules read map.json, never this file',
  cell: CELL,
  areas: Object.fromEntries(lands.map((a, i) => [a.id, trace(i)])),
  centers: Object.fromEntries(lands.map((a, i) => [a.id, centres1939[i]])),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
