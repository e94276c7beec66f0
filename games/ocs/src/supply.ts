/**
 * 12.0 Supply. Supply paths (12.3d) are priced as a non-combat unit moving, in Truck MP unless an
 * HQ throws in Leg or Track MP; they never enter a hex with enemy combat units; a Truck-MP path
 * may neither enter nor leave a hex in an un-negated EZOC; reaching a hex adjacent to the unit
 * is close enough (12.3c). Trace supply (12.6) for every unit of a side at once: one flood from
 * the supply sources for direct draw (12.3a), one per drawing HQ for its throw (12.3b), each
 * dilated by one hex for 12.3c: then each unit's status is one array read.
 */
import { PathFinder, Tracer } from '@sandtable/engine';
import type { MoveType } from './data/index.ts';
import type { Env } from './env.ts';
import { railBetween, railHex } from './env.ts';
import { blockingEzoc, fieldsOf, sideIndex } from './fields.ts';
import { stepCost } from './movement.ts';
import type { OcsState } from './state.ts';
import { groundOf, K } from './units.ts';

const tracers = new WeakMap<Env, Tracer>();
function tracerOf(env: Env): Tracer {
  let t = tracers.get(env);
  if (!t) tracers.set(env, (t = new Tracer(env.grid)));
  return t;
}

/** 13.3h who controls a hex: the last side whose combat unit entered it, else the scenario's regions. */
export function controllerOf(env: Env, g: OcsState, hex: number): string | null {
  const c = g.control[hex];
  if (c) return c;
  const s = env.startControl[hex]!;
  return s < 0 ? null : env.sides[s]!;
}

/** 12.3d the cost of one step of a supply path for `side` in `mt` (Infinity where it may not go). */
export function supplyStep(
  env: Env,
  g: OcsState,
  side: string,
  mt: MoveType,
  a: number,
  b: number,
  budget: number,
): number {
  return supplyStepper(env, g, side, mt, budget)(a, b);
}

/** The step cost of 12.3d with the fields read once (the hot path of every trace). */
function supplyStepper(
  env: Env,
  g: OcsState,
  side: string,
  mt: MoveType,
  budget: number,
): (a: number, b: number, edge?: number, slot?: number) => number {
  const f = fieldsOf(env, g);
  const me = sideIndex(env, side);
  const enemyCombat = f.combat[1 - me]!;
  const ezoc = f.zoc[1 - me]!;
  const mine = f.combat[me]!;
  const truck = mt === 'truck';
  const sides = env.grid.hexsides;
  return (a, b, _edge, slot) => {
    if (enemyCombat[b]) return Infinity; // 12.3d 2
    if (truck && ((ezoc[a] && !mine[a]) || (ezoc[b] && !mine[b]))) return Infinity; // 12.3d 4, 4.5b
    // 12.3d 3, 5 (clear-weather costs); the CSR slot indexes the hexside
    return stepCost(env, mt, a, b, budget, true, slot === undefined ? env.grid.hexsideBetween(a, b) : sides[slot]!);
  };
}

const finders = new WeakMap<Env, PathFinder>();
function finderOf(env: Env): PathFinder {
  let f = finders.get(env);
  if (!f) finders.set(env, (f = new PathFinder(env.grid)));
  return f;
}

/** Marks into `out` the hexes within `budget` MP of supply path from `starts`, and their neighbours (12.3c). */
export function markSupplyReach(
  env: Env,
  g: OcsState,
  side: string,
  mt: MoveType,
  starts: number[],
  budget: number,
  out: Uint8Array,
): void {
  if (!starts.length) return;
  const nodes = finderOf(env)
    .reach(starts, { budget, cost: supplyStepper(env, g, side, mt, budget) })
    .nodes();
  const { firstEdge, edgeTo } = env.grid;
  for (let k = 0; k < nodes.length; k++) {
    const h = nodes[k]!;
    out[h] = 1;
    for (let e = firstEdge[h]!; e < firstEdge[h + 1]!; e++) if (edgeTo[e]! >= 0) out[edgeTo[e]!] = 1;
  }
}

/** Hexes within `budget` MP of supply path from `starts`, dilated by one hex (12.3c adjacent is close enough). */
export function supplyReach(
  env: Env,
  g: OcsState,
  side: string,
  mt: MoveType,
  starts: number[],
  budget: number,
): Uint8Array {
  const out = new Uint8Array(env.grid.nodeCount);
  markSupplyReach(env, g, side, mt, starts, budget, out);
  return out;
}

/** 12.6a the side's listed supply sources it may use now (12.6b). */
export function listedSources(env: Env, g: OcsState, side: string): number[] {
  const f = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, side);
  const out: number[] = [];
  for (const s of env.data.scenario.supplySources) {
    if (s.side !== side) continue;
    const at = s.at;
    if ('hex' in at) out.push(env.hexOf(at.hex));
    else if ('region' in at) out.push(...(env.regionHexes.get(at.region) ?? []));
    else if ('within' in at) out.push(...env.grid.hexesWithin(env.hexOf(at.within.hex), at.within.hexes));
  }
  return out.filter(
    (h) => !f.combat[enemy]![h] && !blockingEzoc(env, g, side, h) && controllerOf(env, g, h) !== env.sides[enemy],
  );
}

/** 12.6a the side's supply source hexes now: its own listed sources, usable (12.6b) and held; plus detrainable hexes (13.3c). */
export function sourcesOf(env: Env, g: OcsState, side: string): number[] {
  const f = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, side);
  const listed: number[] = [];
  for (const s of env.data.scenario.supplySources) {
    if (s.side !== side) continue;
    const at = s.at;
    if ('hex' in at) listed.push(env.hexOf(at.hex));
    else if ('region' in at) listed.push(...(env.regionHexes.get(at.region) ?? []));
    else if ('within' in at) listed.push(...env.grid.hexesWithin(env.hexOf(at.within.hex), at.within.hexes));
  }
  const ok = (h: number) =>
    !f.combat[enemy]![h] && !blockingEzoc(env, g, side, h) && controllerOf(env, g, h) !== env.sides[enemy];
  const sources = listed.filter(ok);
  return [...new Set([...sources, ...detrainable(env, g, side, sources)])];
}

/**
 * 13.3c detrainable hexes for trace supply: rail hexes with a town or port, controlled by the side,
 * joined by rail to a supply source through hexes free of enemy units and un-negated EZOC (4.5a D).
 */
export function detrainable(env: Env, g: OcsState, side: string, sources: number[], cargo = false): number[] {
  const f = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, side);
  const railSources = sources.filter((h) => railHex(env, h));
  if (!railSources.length) return [];
  // 4.5a C-D an EZOC blocks rail paths; negated for trace supply only, never for cargo (13.3c)
  const blocked = (h: number) => (cargo ? f.zoc[enemy]![h] === 1 : blockingEzoc(env, g, side, h));
  const passable = (h: number) => !f.combat[enemy]![h] && !blocked(h) && controllerOf(env, g, h) !== env.sides[enemy];
  const field = tracerOf(env).flood(railSources, { enters: passable, crosses: (a, b) => railBetween(env, a, b) });
  const out: number[] = [];
  for (let h = 0; h < field.reached.length; h++)
    if (field.reached[h] && (env.town[h] || env.portAt[h]! >= 0) && controllerOf(env, g, h) === side) out.push(h);
  return out;
}

export interface SupplyField {
  /** Per hex: 1 when a combat unit there is in trace supply (12.6). */
  trace: Uint8Array;
  /** Per hex: 1 when within direct draw of a source (12.3a). */
  draw: Uint8Array;
  /** HQs that throw (12.3b): id, and the hexes they cover (computed when first asked). */
  throwers: { id: string; covers: () => Uint8Array }[];
}

const supplyCache = new WeakMap<OcsState, Map<string, { version: number; field: SupplyField }>>();

/** 12.6 trace supply of every hex for `side` (cached per state and version). */
export function traceField(env: Env, g: OcsState, side: string): SupplyField {
  let m = supplyCache.get(g);
  if (!m) supplyCache.set(g, (m = new Map()));
  const hit = m.get(side);
  if (hit && hit.version === g.version) return hit.field;
  const sources = sourcesOf(env, g, side);
  const draw = supplyReach(env, g, side, 'truck', sources, K(env, 'drawRangeMP'));
  const trace = draw.slice();
  const throwers: SupplyField['throwers'] = [];
  const groups = new Map<string, number[]>();
  for (const id in g.units) {
    const u = g.units[id]!;
    const c = groundOf(env, id);
    if (!c?.hq || c.side !== side || u.hex < 0 || u.marker === 'strat') continue; // 12.3b C
    const mt = c.hq.throwType;
    const canDraw = mt === 'truck' ? draw[u.hex] : supplyReach(env, g, side, mt, sources, K(env, 'drawRangeMP'))[u.hex];
    if (!canDraw) continue;
    const range = c[u.face].throw ?? 0;
    let covers: Uint8Array | null = null;
    throwers.push({ id, covers: () => (covers ??= supplyReach(env, g, side, mt, [u.hex], range)) });
    const key = `${mt}:${range}`;
    groups.set(key, [...(groups.get(key) ?? []), u.hex]);
  }
  // HQs of one throw type and range flood together: within range of the nearest is within range of one
  for (const [key, starts] of groups) {
    const [mt, range] = key.split(':') as [MoveType, string];
    markSupplyReach(env, g, side, mt, starts, Number(range), trace);
  }
  const field = { trace, draw, throwers };
  m.set(side, { version: g.version, field });
  return field;
}

/** 12.6 whether a unit is in trace supply now. */
export function inTraceSupply(env: Env, g: OcsState, unit: string): boolean {
  const u = g.units[unit]!;
  if (u.hex < 0) return true; // off-map boxes draw within the box (12.3e)
  return traceField(env, g, env.counters.get(unit)!.side).trace[u.hex] === 1;
}

/** The farthest (in hexes) a draw path can reach, by the cheapest truck step of the TEC, plus the adjacent hex (12.3c). */
const boundCache = new WeakMap<Env, number>();
function drawBound(env: Env): number {
  let b = boundCache.get(env);
  if (b === undefined) boundCache.set(env, (b = computeDrawBound(env)));
  return b;
}

function computeDrawBound(env: Env): number {
  let min = Infinity;
  for (const c of env.routeCost.truck) if (c > 0) min = Math.min(min, c);
  for (const c of env.hexCost.truck) if (c > 0) min = Math.min(min, c);
  return Number.isFinite(min) ? Math.ceil(K(env, 'drawRangeMP') / min) + 1 : env.grid.nodeCount;
}

const dumpCache = new WeakMap<OcsState, { version: number; reach: Map<string, Uint8Array> }>();
/** 12.3a the hexes a dump can serve by direct draw (cached per state and version). */
function dumpReach(env: Env, g: OcsState, side: string, dump: number): Uint8Array {
  let c = dumpCache.get(g);
  if (!c || c.version !== g.version) dumpCache.set(g, (c = { version: g.version, reach: new Map() }));
  const key = `${side}@${dump}`;
  let r = c.reach.get(key);
  if (!r) c.reach.set(key, (r = supplyReach(env, g, side, 'truck', [dump], K(env, 'drawRangeMP'))));
  return r;
}

/**
 * 12.3 the friendly dumps a unit in `hex` may use, nearest first: in direct draw (a path of at most
 * 5 Truck MP from the dump to the hex or a hex adjacent), or through an HQ that draws from the dump
 * and throws to the unit (12.3b; no HQ relays, D).
 */
export function usableDumps(env: Env, g: OcsState, side: string, hex: number): number[] {
  const dumps = Object.entries(g.dumps[side] ?? {})
    .filter(([, t]) => t > 0)
    .map(([h]) => Number(h));
  if (!dumps.length) return [];
  const out = new Set<number>();
  const bound = drawBound(env);
  const near = (d: number, h: number) => env.grid.distance(d, h) <= bound;
  for (const d of dumps) if (near(d, hex) && dumpReach(env, g, side, d)[hex]) out.add(d);
  for (const t of traceField(env, g, side).throwers) {
    if (!t.covers()[hex]) continue;
    const hq = g.units[t.id]!;
    for (const d of dumps) if (near(d, hq.hex) && dumpReach(env, g, side, d)[hq.hex]) out.add(d);
  }
  return [...out].sort((a, b) => env.grid.distance(a, hex) - env.grid.distance(b, hex) || a - b);
}

/** Tokens available to a unit in `hex`. */
export function tokensFor(env: Env, g: OcsState, side: string, hex: number): number {
  return usableDumps(env, g, side, hex).reduce((s, d) => s + (g.dumps[side]![d] ?? 0), 0);
}

/** Spends `tokens` from the dumps a unit in `hex` may use, nearest first; false (nothing spent) if short. */
export function spend(env: Env, g: OcsState, side: string, hex: number, tokens: number): boolean {
  if (tokens <= 0) return true;
  const dumps = usableDumps(env, g, side, hex);
  if (dumps.reduce((s, d) => s + (g.dumps[side]![d] ?? 0), 0) < tokens) return false;
  let left = tokens;
  for (const d of dumps) {
    const take = Math.min(left, g.dumps[side]![d] ?? 0);
    g.dumps[side]![d] = (g.dumps[side]![d] ?? 0) - take;
    if (g.dumps[side]![d] === 0) delete g.dumps[side]![d];
    fitLoads(env, g, side, d);
    left -= take;
    if (!left) break;
  }
  g.version++;
  return true;
}

/** 13.2 the tokens loaded on a side's transport points in a hex (12.1b: they are part of its dump there). */
export function loadedAt(env: Env, g: OcsState, side: string, hex: number): number {
  let t = 0;
  for (const id in g.units) {
    const u = g.units[id]!;
    if (u.hex === hex && u.loadT && env.counters.get(id)!.side === side) t += u.loadT;
  }
  return t;
}

/** After SP were spent or lost in a hex, the loads shrink to what is left (the ground SP went first). */
export function fitLoads(env: Env, g: OcsState, side: string, hex: number): void {
  let over = loadedAt(env, g, side, hex) - (g.dumps[side]?.[hex] ?? 0);
  if (over <= 0) return;
  for (const id of Object.keys(g.units).sort()) {
    const u = g.units[id]!;
    if (u.hex !== hex || !u.loadT || env.counters.get(id)!.side !== side) continue;
    const cut = Math.min(over, u.loadT);
    u.loadT -= cut;
    if (!u.loadT) delete u.loadT;
    over -= cut;
    if (!over) break;
  }
}
