/**
 * `virtual:coastline`: real coastlines for a game's map backdrop, made at build time from
 * Natural Earth 1:50m land (world-atlas, TopoJSON), clipped to a lon/lat box, projected with
 * the game's equirectangular projection into km and thinned. The bundle gets a few kB of rings.
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
}

/** Soft Underbelly's projection (games/soft-underbelly/src/data/map.json): 42N 12E, km. */
export const SOFT_UNDERBELLY: CoastSpec = { lon: [-14, 38], lat: [26, 56], lon0: 12, lat0: 42, minStep: 3 };

function decodeArcs(t: Topo): P[][] {
  const [sx, sy] = t.transform.scale, [tx, ty] = t.transform.translate;
  return t.arcs.map((arc) => {
    let x = 0, y = 0;
    return arc.map(([dx, dy]) => { x += dx; y += dy; return [x * sx + tx, y * sy + ty] as P; });
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

/** Sutherland–Hodgman clip of a ring against one half-plane. */
function clipEdge(ring: P[], inside: (p: P) => boolean, cut: (a: P, b: P) => P): P[] {
  const out: P[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[(i + ring.length - 1) % ring.length]!, b = ring[i]!;
    if (inside(b)) {
      if (!inside(a)) out.push(cut(a, b));
      out.push(b);
    } else if (inside(a)) out.push(cut(a, b));
  }
  return out;
}

export function clipRing(ring: P[], [x0, x1]: [number, number], [y0, y1]: [number, number]): P[] {
  const atX = (x: number) => (a: P, b: P): P => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY = (y: number) => (a: P, b: P): P => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  let r = clipEdge(ring, (p) => p[0] >= x0, atX(x0));
  r = clipEdge(r, (p) => p[0] <= x1, atX(x1));
  r = clipEdge(r, (p) => p[1] >= y0, atY(y0));
  return clipEdge(r, (p) => p[1] <= y1, atY(y1));
}

export function coastRings(topo: Topo, spec: CoastSpec): P[][] {
  const arcs = decodeArcs(topo);
  const kx = 111.32 * Math.cos((spec.lat0 * Math.PI) / 180), ky = 110.57;
  const out: P[][] = [];
  for (const g of topo.objects.land.geometries) {
    const polys = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
    for (const poly of polys) {
      const outer = clipRing(ringOf(arcs, poly[0]!), spec.lon, spec.lat);
      if (outer.length < 3) continue;
      const km: P[] = [];
      for (const [lon, lat] of outer) {
        const p: P = [Math.round((lon - spec.lon0) * kx * 10) / 10, Math.round(-(lat - spec.lat0) * ky * 10) / 10];
        const q = km[km.length - 1];
        if (!q || Math.hypot(p[0] - q[0], p[1] - q[1]) >= spec.minStep) km.push(p);
      }
      if (km.length >= 3) out.push(km);
    }
  }
  return out;
}

const ID = 'virtual:coastline';
export function coastPlugin(spec = SOFT_UNDERBELLY): Plugin {
  return {
    name: 'sandtable-coastline',
    resolveId: (id) => (id === ID ? '\0' + ID : null),
    load(id) {
      if (id !== '\0' + ID) return null;
      const file = createRequire(import.meta.url).resolve('world-atlas/land-50m.json');
      return `export default ${JSON.stringify(coastRings(JSON.parse(readFileSync(file, 'utf8')) as Topo, spec))};`;
    },
  };
}
