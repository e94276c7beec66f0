/**
 * 8.0 Movement: movement allowance with halving (8.12), the cheapest paths a unit may take this
 * phase (terrain 8.6, roads 8.7, rail 8.8, bridges 8.10, ZOC 10.5, disengagement 10.10, minimum move
 * 8.4), exiting the map (8.11), and the Movement Phase as one decision kind. A unit moves once per
 * phase (8.3), so an action moves it the whole way to its destination. MP are kept in twelfths.
 */
import { call, type Ctx, end, type Refusal } from '@sandtable/engine';
import { adjacent, type Env, hexsideRow, riverBetween, SIDE_BITS, sideKey, terrainAt } from './board.ts';
import type { Side } from './data/index.ts';
import type { ActionOf, DecisionOf, DubnoState, FrameOf } from './state.ts';
import { prompts } from './texts.ts';
import { inCommand, nameOf, occupancy, onMap, pontoon, sideOf, stackLimit, typeOf, zocOf } from './units.ts';

type Phase = FrameOf<'movement'>;
type Unit = FrameOf<'moveUnit'>;
const TWELFTHS = 12;

/** 8.12 The halving conditions that apply to `u` this phase. */
export function halvings(env: Env, g: DubnoState, u: string, zoc: Set<string>): string[] {
  const out: string[] = [];
  const mech = typeOf(env, u).class === 'mech';
  if (!inCommand(env, g, u)) out.push('out of command (7.8)');
  if (zoc.has(g.units[u]!.hex!)) out.push('disengaging (10.10)');
  if (mech && env.data.tables.weather.effects[g.weather]?.mechHalved) out.push(`${g.weather} (18.2)`);
  const side = sideOf(env, u);
  if (mech && ((g.event === 'sovietFuel' && side === 'soviet') || (g.event === 'germanSupply' && side === 'german')))
    out.push('random event (5.0)');
  return out;
}

/** 8.12 Movement allowance in twelfths: halved once, quartered for two or more, never below 1 MP. */
export function allowance(printed: number, halved: number): number {
  if (printed === 0) return 0; // 13.5: zero-MA units never move
  const ma = (printed * TWELFTHS) / (halved === 0 ? 1 : halved === 1 ? 2 : 4);
  return Math.max(TWELFTHS, Math.round(ma));
}

export function allowanceOf(env: Env, g: DubnoState, u: string, zoc: Set<string>): number {
  return allowance(env.unit[u]!.ma, halvings(env, g, u, zoc).length);
}

/** 8.6, 8.10 The cost in twelfths of stepping from `a` into `b` across country (Infinity: forbidden). */
export function stepCost(
  env: Env,
  cls: 'foot' | 'mech',
  a: number,
  b: number,
  bridged?: (a: number, b: number) => boolean,
): number {
  const t = env.terrain[b]!;
  let cost = t.cost[cls] * TWELFTHS;
  const bits = env.grid.hexsideBetween(a, b);
  const river = bits & SIDE_BITS.major ? 'major' : bits & SIDE_BITS.minor ? 'minor' : null;
  if (river && !(bits & SIDE_BITS.bridge) && !bridged?.(a, b)) cost += hexsideRow(env, river).cost[cls] * TWELFTHS; // 8.10, 22.3
  return cost;
}

/** 8.7, 8.8 The cost along a road or railway between two hexes, or Infinity when there is none. */
export function lineCost(env: Env, a: number, b: number): number {
  const bits = env.grid.hexsideBetween(a, b);
  if (bits & SIDE_BITS.road) return env.data.tables.movement.roadTwelfths;
  if (bits & SIDE_BITS.rail) return env.data.tables.movement.railTwelfths;
  return Infinity;
}

export interface Destination {
  hex: string;
  /** Twelfths spent. */
  cost: number;
  /** 8.4 Reached only as the minimum move of one hex. */
  minimum: boolean;
}

/**
 * Every hex `u` may end its move in this phase, with its least cost: the better of a move wholly
 * along roads and railways from a road hex (8.7, A24 literal) and a cross-country move, each
 * stopping on entering an enemy ZOC (10.5), never entering an enemy-occupied hex (8.4), and for a
 * unit that starts in an enemy ZOC never entering one (10.10).
 */
export function destinations(
  env: Env,
  g: DubnoState,
  u: string,
  known?: { zoc: Set<string>; occ: Map<string, string[]> },
): Destination[] {
  const side = sideOf(env, u);
  const zoc = known?.zoc ?? zocOf(env, g, other(side));
  const start = env.grid.hex(g.units[u]!.hex!);
  const budget = allowanceOf(env, g, u, zoc);
  if (budget === 0) return [];
  const cls = typeOf(env, u).class;
  const occ = known?.occ ?? occupancy(env, g);
  const enemyAt = (i: number) => (occ.get(env.grid.label(i)) ?? []).some((x) => sideOf(env, x) !== side);
  const inZoc = (i: number) => zoc.has(env.grid.label(i));
  const disengaging = inZoc(start);
  const blocked = (to: number) => enemyAt(to) || (disengaging && inZoc(to));
  const bridged = (a: number, b: number) => pontoon(env, g, side, env.grid.label(a), env.grid.label(b));
  const best = new Map<number, number>();
  const run = (cost: (a: number, b: number) => number) => {
    const reach = env.finder.reach(start, {
      budget,
      cost: (a, b) => (blocked(b) ? Infinity : cost(a, b)),
      stopsIn: inZoc,
    });
    const nodes = reach.nodes();
    const costs = reach.costs();
    for (let k = 0; k < nodes.length; k++) {
      const n = nodes[k]!;
      if (n === start) continue;
      if ((best.get(n) ?? Infinity) > costs[k]!) best.set(n, costs[k]!);
    }
  };
  if (g.options.allowMixedRoadMovement) run((a, b) => Math.min(lineCost(env, a, b), stepCost(env, cls, a, b, bridged)));
  else {
    run((a, b) => stepCost(env, cls, a, b, bridged));
    if (env.onRoad[start]) run((a, b) => lineCost(env, a, b)); // 8.7: starts on the road, stays on it
  }
  const out: Destination[] = [...best].map(([n, cost]) => ({ hex: env.grid.label(n), cost, minimum: false }));
  // 8.4 Minimum move: one hex, whatever it costs, unless ZOC to ZOC, enemy-occupied or forbidden.
  for (const n of env.grid.neighbours(start)) {
    if (best.has(n) || blocked(n) || (disengaging && inZoc(n))) continue;
    if (stepCost(env, cls, start, n) === Infinity) continue;
    out.push({ hex: env.grid.label(n), cost: budget, minimum: true });
  }
  return out;
}

const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');

/** Why `u` may not move to `to` now; null when it may. */
export function whyNotMove(env: Env, g: DubnoState, f: Phase, u: string, to: string): Refusal | null {
  const base = whyNotMover(env, g, f, u);
  if (base) return base;
  const here = (occupancy(env, g).get(to) ?? []).filter((x) => x !== u);
  if (here.some((x) => sideOf(env, x) !== f.side)) return { rule: '8.4', message: `${to} holds enemy units` };
  if (here.length + 1 > stackLimit(env, f.side))
    return {
      rule: '9.1',
      message: `${to} already holds ${here.length} units; the limit is ${stackLimit(env, f.side)}`,
    };
  if (!destinations(env, g, u).some((d) => d.hex === to))
    return {
      rule: '8.2',
      message: `${nameOf(env, u)} cannot reach ${to} this phase (movement points, ZOC 10.5, 10.10)`,
    };
  return null;
}

function whyNotMover(env: Env, g: DubnoState, f: Phase, u: string): Refusal | null {
  const d = env.unit[u];
  if (!d || d.side !== f.side) return { rule: '8.1', message: `${u} is not a unit of the phasing player` };
  if (g.units[u]!.status !== 'map') return { rule: '8.1', message: `${u} is not on the map` };
  if (f.moved.includes(u)) return { rule: '8.3', message: `${nameOf(env, u)} has already moved this phase` };
  if (g.units[u]!.supp && !g.options.suppressedMayMove)
    return { rule: '8.1', message: `${nameOf(env, u)} is suppressed (option suppressedMayMove off, A3)` };
  if (d.ma === 0) return { rule: '13.5', message: `${nameOf(env, u)} has no movement allowance` };
  return null;
}

/** 8.11 Can `u` exit the map this phase: reach a designated exit hex out of enemy ZOC with MP left for one more hex. */
export function canExit(env: Env, g: DubnoState, f: Phase, u: string): boolean {
  if (whyNotMover(env, g, f, u) || f.side !== 'german') return false;
  if (g.turn < env.data.tables.victory.exitFromTurn) return false; // 8.11: the scenario permits exits from this turn
  const zoc = zocOf(env, g, 'soviet');
  const exits = env.data.map.exits.german;
  const budget = allowanceOf(env, g, u, zoc);
  const cls = typeOf(env, u).class;
  const here = g.units[u]!.hex!;
  const options = [{ hex: here, cost: 0 }, ...destinations(env, g, u).filter((d) => !d.minimum)];
  return options.some((d) => {
    if (!exits.includes(d.hex) || zoc.has(d.hex)) return false;
    const onLine = env.onRoad[env.grid.hex(d.hex)] === 1;
    const leave = onLine ? env.data.tables.movement.roadTwelfths : terrainAt(env, d.hex).cost[cls] * TWELFTHS;
    return budget - d.cost >= leave;
  });
}

function perform(env: Env, ctx: Ctx, g: DubnoState, f: Unit, a: ActionOf<'move' | 'exit' | 'stay'>): void {
  end(g.stack);
  const phase = g.stack.at(-1) as Phase;
  phase.moved.push(f.unit);
  if (a.type === 'stay') return;
  const from = g.units[f.unit]!.hex!;
  if (a.type === 'exit') {
    g.units[f.unit] = { ...g.units[f.unit]!, status: 'exited', hex: null };
    g.vp.german += env.data.tables.victory.exitVp;
    ctx.log(`${nameOf(env, f.unit)} exits the map from ${from} toward Kiev (+${env.data.tables.victory.exitVp} VP)`, {
      rule: '8.11',
    });
    return;
  }
  g.units[f.unit]!.hex = a.to;
  ctx.log(`${nameOf(env, f.unit)} moves ${from} to ${a.to}`, { rule: '8.2' });
  // 22.3 An enemy unit moving next to an engineer destroys its bridge.
  const near = adjacent(env, a.to);
  for (const b of g.pontoons.filter((p) => sideOf(env, p.engineer) !== f.side && near.includes(p.at))) {
    g.pontoons = g.pontoons.filter((p) => p !== b);
    ctx.log(`The pontoon bridge at ${b.between} is destroyed`, { rule: '22.3' });
  }
}

/** 22.3 The river hexsides engineer `u` may bridge now: it has not moved, is not in an enemy ZOC, and is next to them. */
export function bridgeSites(env: Env, g: DubnoState, f: Phase, u: string): string[] {
  if (whyNotMover(env, g, f, u) || !typeOf(env, u).engineer || g.units[u]!.supp) return [];
  const hex = g.units[u]!.hex!;
  if (zocOf(env, g, other(f.side)).has(hex)) return [];
  return adjacent(env, hex).filter((n) => {
    const r = riverBetween(env, hex, n);
    return r.kind !== null && !r.bridge && !pontoon(env, g, f.side, hex, n);
  });
}

/** Units the phasing player may still move. */
function movers(env: Env, g: DubnoState, f: Phase): string[] {
  return onMap(env, g, f.side).filter((u) => !whyNotMover(env, g, f, u));
}

/** 8.0 The Movement Phase: select each unit to move in turn (8.1, 8.3), or end movement. */
export const movement: DecisionOf<'movement', 'select' | 'bridge' | 'endMovement'> = {
  rule: '8.0',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.movement(f.side),
  actions: ['select', 'bridge', 'endMovement'],
  legal: (env, g, f) => [
    ...movers(env, g, f).map((unit) => ({ type: 'select' as const, unit })),
    ...movers(env, g, f).flatMap((unit) =>
      bridgeSites(env, g, f, unit).map((hex) => ({ type: 'bridge' as const, unit, hex })),
    ),
    { type: 'endMovement' as const },
  ],
  perform(env, ctx, g, f, a) {
    if (a.type === 'endMovement') end(g.stack);
    else if (a.type === 'select') call(g.stack, { kind: 'moveUnit', side: f.side, unit: a.unit });
    else {
      const at = g.units[a.unit]!.hex!;
      f.moved.push(a.unit); // 22.3: the engineer stays put this turn
      g.pontoons.push({ engineer: a.unit, at, between: sideKey(at, a.hex) });
      ctx.log(`${nameOf(env, a.unit)} lays a pontoon bridge over ${sideKey(at, a.hex)}`, { rule: '22.3' });
    }
  },
  refuse(env, g, f, a) {
    if (a.type === 'select') return whyNotMover(env, g, f, a.unit);
    if (a.type === 'bridge' && !bridgeSites(env, g, f, a.unit).includes(a.hex))
      return {
        rule: '22.3',
        message: `${a.unit} cannot bridge toward ${a.hex}: an engineer that has not moved, out of enemy ZOC, next to an unbridged river`,
      };
    return null;
  },
};

/** 8.2, 8.11 The selected unit moves the whole way to a hex it can reach, exits the map, or stays. */
export const moveUnit: DecisionOf<'moveUnit', 'move' | 'exit' | 'stay'> = {
  rule: '8.2',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => prompts.moveUnit(nameOf(env, f.unit)),
  actions: ['move', 'exit', 'stay'],
  legal(env, g, f) {
    const phase = g.stack.at(-2) as Phase;
    const out: ActionOf<'move' | 'exit' | 'stay'>[] = [];
    const occ = occupancy(env, g);
    const limit = stackLimit(env, f.side);
    for (const d of destinations(env, g, f.unit)) {
      const here = occ.get(d.hex) ?? [];
      if (here.length + 1 <= limit && !here.some((x) => sideOf(env, x) !== f.side))
        out.push({ type: 'move', unit: f.unit, to: d.hex });
    }
    if (canExit(env, g, phase, f.unit)) out.push({ type: 'exit', unit: f.unit });
    out.push({ type: 'stay' });
    return out;
  },
  perform,
  refuse(env, g, f, a) {
    const phase = g.stack.at(-2) as Phase;
    if (a.type !== 'stay' && a.unit !== f.unit)
      return { rule: '8.2', message: `${nameOf(env, f.unit)} is the unit moving now` };
    if (a.type === 'move') return whyNotMove(env, g, phase, a.unit, a.to);
    if (a.type === 'exit' && !canExit(env, g, phase, a.unit))
      return {
        rule: '8.11',
        message: `${a.unit} cannot exit: it must reach a designated exit hex, out of enemy ZOC, with MP left`,
      };
    return null;
  },
};
