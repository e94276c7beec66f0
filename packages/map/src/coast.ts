/**
 * Real coastlines for a map backdrop (Node side, build time): Natural Earth 1:50m land
 * (world-atlas, TopoJSON), clipped to a game's lon/lat box (`CoastSpec`), projected with the
 * game's equirectangular projection into km and thinned. A game declares its box as plain data
 * (`coast.json` beside its adapter) and imports the rings as `./coast.json?coastline`; the web
 * build's coastline plugin computes them with `coastRings(loadLand(), spec)`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type P = [number, number];
export interface Topo {
  transform: { scale: P; translate: P };
  arcs: P[][];
  objects: { land: { geometries: { type: string; arcs: number[][] | number[][][] }[] } };
}

/** A game's coastline box and projection (a game's `coast.json`). */
export interface CoastSpec {
  /** Why the box and projection are what they are (for the reader; not used). */
  note?: string;
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
