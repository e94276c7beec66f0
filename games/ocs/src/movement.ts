/**
 * 6.0 Ground movement: the MP cost of a step (6.2: roads, costliest hex terrain, hexsides,
 * prohibited, "All", reciprocity 6.1d), who may enter a hex (4.8c), zones of control (4.5a A
 * truck units stop; 5.8a Strat units never enter), and the reach of a unit for its MP left
 * (bounded Dijkstra on the engine's PathFinder, scratch arrays reused).
 */
import { PathFinder } from '@sandtable/engine';
import type { MoveType } from './data/index.ts';
import { ALL, type Env } from './env.ts';
import { fieldsOf, inEzoc, negated, sideIndex } from './fields.ts';
import type { OcsState } from './state.ts';
import { attackCapable, groundOf, mtOf } from './units.ts';

/**
 * 6.2 the MP to step from `from` into adjacent `to` with movement type `mt` (`ma` prices "All").
 * Along a road the road cost, ignoring terrain (6.2a); else the costliest hex terrain (6.2d) plus
 * the hexside (6.2b, the cheapest water if several); Infinity when prohibited (6.2c) or when the
 * reverse step would be (6.1d).
 */
export function stepCost(
  env: Env,
  mt: MoveType,
  from: number,
  to: number,
  ma: number,
  roads = true,
  bits = env.grid.hexsideBetween(from, to),
): number {
  let road = Infinity;
  if (roads && bits >>> 8) {
    const costs = env.routeCost[mt];
    for (let k = 0, r = bits >>> 8; r; k++, r >>>= 1) if (r & 1 && costs[k]! < road) road = costs[k]!;
  }
  const terrain = terrainStepBits(env, mt, from, to, ma, bits);
  return Math.min(road, terrain);
}

/** 6.2, 8.1c the cost without roads or bridges (overruns; 6.1d reciprocity included). */
export function terrainStep(env: Env, mt: MoveType, from: number, to: number, ma: number): number {
  return terrainStepBits(env, mt, from, to, ma, env.grid.hexsideBetween(from, to));
}

function terrainStepBits(env: Env, mt: MoveType, from: number, to: number, ma: number, bits: number): number {
  const costs = env.hexCost[mt];
  const hex = costs[to]!;
  if (hex === Infinity || costs[from]! === Infinity) return Infinity; // 6.2c, 6.1d
  let side = 0;
  if (bits & 0xff) {
    side = Infinity; // 6.2d the cheapest water of the hexside
    const sc = env.sideCost[mt];
    for (let k = 0, b = bits & 0xff; b; k++, b >>>= 1) if (b & 1 && sc[k]! < side) side = sc[k]!;
    if (side === Infinity) return Infinity;
  }
  return (hex === ALL ? ma : hex) + side;
}

/** 4.8c who may enter a hex holding enemy units: none past enemy combat units; non-combat ones only by an attack-capable unit. */
export function mayEnter(env: Env, g: OcsState, side: string, attackCap: boolean, hex: number): boolean {
  const f = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, side);
  if (f.combat[enemy]![hex]) return false;
  if (f.nonCombat[enemy]![hex] && !attackCap) return false;
  return env.water[hex] === 0;
}

const finders = new WeakMap<Env, PathFinder>();
function finderOf(env: Env): PathFinder {
  let f = finders.get(env);
  if (!f) finders.set(env, (f = new PathFinder(env.grid)));
  return f;
}

export interface MoveReach {
  /** Hexes reachable (start excluded) with their MP cost. */
  hexes: Map<number, number>;
}

/**
 * Where a unit may go with `left` MP from `from` (6.1): steps priced by stepCost, hexes it may
 * not enter skipped (4.8c; 5.8a a Strat unit never enters an EZOC), and a Truck-MP unit stops in
 * an un-negated EZOC (4.5a A; a unit starting in one may leave).
 */
export function reach(env: Env, g: OcsState, unit: string, from: number, left: number, fullMa: number): MoveReach {
  const c = groundOf(env, unit);
  const u = g.units[unit]!;
  const side = env.counters.get(unit)!.side;
  const mt: MoveType = c ? mtOf(c, u) : env.counters.get(unit)!.kind === 'transport' ? 'truck' : 'leg';
  const cap = c ? attackCapable(env, c, u) : false;
  const strat = u.marker === 'strat';
  const truck = mt === 'truck' && c !== null;
  const r = finderOf(env).reach(from, {
    budget: left,
    cost: (a, b, _edge, slot) => {
      if (!mayEnter(env, g, side, cap, b)) return Infinity;
      if (strat && inEzoc(env, g, side, b)) return Infinity; // 5.8a
      return stepCost(env, mt, a, b, fullMa, true, env.grid.hexsides[slot]!); // the CSR slot indexes the hexside
    },
    stopsIn: truck ? (h) => inEzoc(env, g, side, h) && !negated(env, g, side, h) : undefined,
  });
  const hexes = new Map<number, number>();
  const nodes = r.nodes();
  const costs = r.costs();
  for (let i = 0; i < nodes.length; i++) if (nodes[i] !== from) hexes.set(nodes[i]!, costs[i]!);
  return { hexes };
}
