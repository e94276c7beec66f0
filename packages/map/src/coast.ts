/**
 * `virtual:coastline/<game>`: real coastlines for a game's map backdrop, made at build time from
 * Natural Earth 1:50m land (world-atlas, TopoJSON), clipped to the game's lon/lat box, projected
 * with the game's equirectangular projection into km and thinned. The bundle gets a few kB of
 * rings per game. `virtual:coastline` (no game) is Soft Underbelly's, as it always was.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

type P = [number, number];
interface Topo {
  transform: { scale: P; translate: P };
  arcs: P[][];
  objects: { land: { geometries: { type: string; arcs: number[][] | number[][][] }[] } };
}

export interface CoastSpec {
  lon: [number, number];
  lat: [number, number];
  lon0: number;
  lat0: number;
  /** Drop points closer than this to the previous kept one (km). */
  minStep: number;
  /** Keep the land's holes (inland seas and lakes such as the Caspian) as further rings (even-odd fill). */
  holes?: boolean;
  /** Drop rings smaller than this (km², after clipping): islets that would be specks at the map's scale. */
  minArea?: number;
  /** Round coordinates to this many km (default 0.1). */
  grain?: number;
}

/** Soft Underbelly's projection (games/soft-underbelly/src/data/map.json): 42N 12E, km. */
export const SOFT_UNDERBELLY: CoastSpec = { lon: [-14, 38], lat: [26, 56], lon0: 12, lat0: 42, minStep: 3 };

/**
 * Rise and Fall of the Third Reich's projection (games/third-reich/src/data/map.json): 50N 15E,
 * km, over the map's extent 27-72N 26W-56E (the 0.5-degree grid of its build-map tool), with the
 * Caspian and the great lakes as holes. Europe is about five times Soft Underbelly's width on the
 * same screen, so points are kept 10 km apart (whole km) and islets under 150 km² are left out:
 * about 4,700 points, 57 kB of JSON (21 kB gzipped).
 */
export const THIRD_REICH: CoastSpec = {
  lon: [-26, 56],
  lat: [27, 72],
  lon0: 15,
  lat0: 50,
  minStep: 10,
  holes: true,
  minArea: 150,
  grain: 1,
};

/** The games that ask for coastlines, by game id (`virtual:coastline/<id>`). */
export const COASTS: Record<string, CoastSpec> = { 'soft-underbelly': SOFT_UNDERBELLY, 'third-reich': THIRD_REICH };

function decodeArcs(t: Topo): P[][] {
  const [sx, sy] = t.transform.scale,
    [tx, ty] = t.transform.translate;
  return t.arcs.map((arc) => {
    let x = 0,
      y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty] as P;
    });
  });
}

function ringOf(arcs: P[][], idx: number[]): P[] {
  const out: P[] = [];
  for (const i of idx) {
    const a = i >= 0 ? arcs[i]! : [...arcs[~i]!].reverse();
    out.push(...(out.length ? a.slice(1) : a));
  }
  return out;
}

/**
 * A ring made continuous in longitude: Eurasia's ring jumps from 180E to 180W at the Bering
 * Strait, and clipped as it is it would cut a chord across the whole box.
 */
function unwrapped(ring: P[]): P[] {
  let shift = 0;
  const shifts = ring.map(([lon], i) => {
    const prev = ring[i - 1];
    if (prev) {
      const d = lon - prev[0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    return shift;
  });
  if (!shifts.some((x) => x)) return ring;
  const count = new Map<number, number>();
  for (const x of shifts) count.set(x, (count.get(x) ?? 0) + 1);
  const most = [...count].sort((p, q) => q[1] - p[1])[0]![0]; // where most of the ring lies: keep it there
  return ring.map(([lon, lat], i) => [lon + shifts[i]! - most, lat] as P);
}

/** Sutherland–Hodgman clip of a ring against one half-plane. */
function clipEdge(ring: P[], inside: (p: P) => boolean, cut: (a: P, b: P) => P): P[] {
  const out: P[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[(i + ring.length - 1) % ring.length]!,
      b = ring[i]!;
    if (inside(b)) {
      if (!inside(a)) out.push(cut(a, b));
      out.push(b);
    } else if (inside(a)) out.push(cut(a, b));
  }
  return out;
}

export function clipRing(ring: P[], [x0, x1]: [number, number], [y0, y1]: [number, number]): P[] {
  const atX =
    (x: number) =>
    (a: P, b: P): P => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY =
    (y: number) =>
    (a: P, b: P): P => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  let r = clipEdge(ring, (p) => p[0] >= x0, atX(x0));
  r = clipEdge(r, (p) => p[0] <= x1, atX(x1));
  r = clipEdge(r, (p) => p[1] >= y0, atY(y0));
  return clipEdge(r, (p) => p[1] <= y1, atY(y1));
}

/** Shoelace area of a ring (km², unsigned). */
export function ringArea(ring: readonly P[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return Math.abs(s) / 2;
}

export function coastRings(topo: Topo, spec: CoastSpec): P[][] {
  const arcs = decodeArcs(topo);
  const kx = 111.32 * Math.cos((spec.lat0 * Math.PI) / 180),
    ky = 110.57;
  const round = spec.grain
    ? (v: number) => Math.round(v / spec.grain!) * spec.grain!
    : (v: number) => Math.round(v * 10) / 10;
  const out: P[][] = [];
  for (const g of topo.objects.land.geometries) {
    const polys = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
    for (const poly of polys) {
      for (const ringIdx of spec.holes ? poly : poly.slice(0, 1)) {
        const clipped = clipRing(unwrapped(ringOf(arcs, ringIdx)), spec.lon, spec.lat);
        if (clipped.length < 3) continue;
        const km: P[] = [];
        for (const [lon, lat] of clipped) {
          const p: P = [round((lon - spec.lon0) * kx), round(-(lat - spec.lat0) * ky)];
          const q = km[km.length - 1];
          if (!q || Math.hypot(p[0] - q[0], p[1] - q[1]) >= spec.minStep) km.push(p);
        }
        if (km.length >= 3 && (!spec.minArea || ringArea(km) >= spec.minArea)) out.push(km);
      }
    }
  }
  return out;
}

export function loadLand(): Topo {
  const file = createRequire(import.meta.url).resolve('world-atlas/land-50m.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Topo;
}

const ID = 'virtual:coastline';
/** Serves `virtual:coastline/<game>` for each game in `games`, and `virtual:coastline` as Soft Underbelly's. */
export function coastPlugin(games: Record<string, CoastSpec> = COASTS): Plugin {
  const specOf = (id: string): CoastSpec | undefined =>
    id === ID ? SOFT_UNDERBELLY : id.startsWith(ID + '/') ? games[id.slice(ID.length + 1)] : undefined;
  return {
    name: 'sandtable-coastline',
    resolveId: (id) => (specOf(id) ? '\0' + id : null),
    load(id) {
      const spec = id.startsWith('\0') ? specOf(id.slice(1)) : undefined;
      if (!spec) return null;
      return `export default ${JSON.stringify(coastRings(loadLand(), spec))};`;
    },
  };
}
