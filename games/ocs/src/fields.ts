/**
 * Per-hex fields recomputed only when the state's version changes (engine CachedField idea, keyed
 * by the state object too: clones of a state share nothing): who occupies each hex (4.8c), the RE
 * of combat units per side (4.8), and each side's zone of control (4.5) with its negation (4.5b).
 */
import type { Env } from './env.ts';
import type { OcsState } from './state.ts';
import { groundOf, hasZoc, reOf } from './units.ts';

export interface Fields {
  version: number;
  /** Per side index, per hex: RE of combat units (4.6, 4.8). */
  re: [Float64Array, Float64Array];
  /** Per side index, per hex: 1 when a combat unit of the side is there (4.5b negation, 4.8c). */
  combat: [Uint8Array, Uint8Array];
  /** Per side index, per hex: 1 when a non-combat unit or dump of the side is there (4.8c, 9.14). */
  nonCombat: [Uint8Array, Uint8Array];
  /** Per side index, per hex: 1 when the side exerts a ZOC into it (4.5). */
  zoc: [Uint8Array, Uint8Array];
}

const cache = new WeakMap<OcsState, Fields>();

export function fieldsOf(env: Env, g: OcsState): Fields {
  const f = cache.get(g);
  if (f && f.version === g.version) return f;
  const n = env.grid.nodeCount;
  const out: Fields = f ?? {
    version: g.version,
    re: [new Float64Array(n), new Float64Array(n)],
    combat: [new Uint8Array(n), new Uint8Array(n)],
    nonCombat: [new Uint8Array(n), new Uint8Array(n)],
    zoc: [new Uint8Array(n), new Uint8Array(n)],
  };
  out.version = g.version;
  for (const s of [0, 1]) {
    out.re[s]!.fill(0);
    out.combat[s]!.fill(0);
    out.nonCombat[s]!.fill(0);
    out.zoc[s]!.fill(0);
  }
  for (const id in g.units) {
    const u = g.units[id]!;
    if (u.hex < 0) continue;
    const c = env.counters.get(id)!;
    const s = env.sides.indexOf(c.side);
    const gc = groundOf(env, id);
    if (gc) {
      out.combat[s]![u.hex] = 1;
      out.re[s]![u.hex] = out.re[s]![u.hex]! + reOf(env, gc, u);
      if (hasZoc(env, gc, u)) {
        const { firstEdge, edgeTo } = env.grid;
        for (let e = firstEdge[u.hex]!; e < firstEdge[u.hex + 1]!; e++)
          if (edgeTo[e]! >= 0) out.zoc[s]![edgeTo[e]!] = 1;
      }
    } else if (c.kind === 'transport') out.nonCombat[s]![u.hex] = 1;
  }
  for (const side of env.sides) {
    const s = env.sides.indexOf(side);
    for (const h in g.dumps[side] ?? {}) if ((g.dumps[side]![h] ?? 0) > 0) out.nonCombat[s]![Number(h)] = 1;
  }
  cache.set(g, out);
  return out;
}

export const sideIndex = (env: Env, side: string): 0 | 1 => (env.sides[0] === side ? 0 : 1);

/** 4.5 the hex is in an enemy ZOC of `side`. */
export function inEzoc(env: Env, g: OcsState, side: string, hex: number): boolean {
  return fieldsOf(env, g).zoc[1 - sideIndex(env, side)]![hex] === 1;
}

/** 4.5b an EZOC in the hex is negated for negatable actions: a friendly combat unit is there. */
export function negated(env: Env, g: OcsState, side: string, hex: number): boolean {
  return fieldsOf(env, g).combat[sideIndex(env, side)]![hex] === 1;
}

/** 4.5a the hex is in an un-negated EZOC (for negatable actions). */
export const blockingEzoc = (env: Env, g: OcsState, side: string, hex: number): boolean =>
  inEzoc(env, g, side, hex) && !negated(env, g, side, hex);
