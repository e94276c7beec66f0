/**
 * Game state (plain JSON, compact), the environment built from the data, unit helpers and the
 * set-up of §5. Areas are indices into the data's area list; actions name areas by id.
 */
import type { Ctx, Outcome } from '@sandtable/engine';
import { suMap, type SUMap } from './data/index.ts';
import type { CounterType, EventId, Nationality, Side, SoftUnderbellyData } from './data/types.ts';
import type { Frame } from './frames.ts';
import type { Opts } from './options.ts';

export type { Side, CounterType, EventId };
export const ALLIES: Side = 'allies';
export const AXIS: Side = 'axis';
export const other = (s: Side): Side => (s === 'allies' ? 'axis' : 'allies');

/** Counter locations besides an area index (>= 0). */
export const POOL = -1; // off-map, available to conversion (§10 L124)
export const SEA = -2; // fleets and U-boats (§15 L172)
export const GONE = -3; // permanently removed (§42, §43)
export const BATTLE = -4; // landing force at sea or airdropped paratroops in the current battle (AMB-11)

export const STACK = 6; // §3 L38
export const TANKS = 2; // §28 L296

export interface Unit {
  id: string;
  side: Side;
  type: CounterType;
  nat: Nationality;
  loc: number;
  /** Face-up = unused (§4 L53). */
  up: boolean;
  /** Moved this impulse (§13 L164, AMB-32). */
  mv: boolean;
  /** Fought this impulse (AMB-6). */
  ft: boolean;
}

export interface BattleSide {
  /** Origin areas and the cubes committed from each (attacker); -1 = at sea (landing force). */
  from: number[];
  cubes: number[];
  /** Participating counters (attacker: committed land counters and dropped paratroops). */
  ids: string[];
  tank: string | null;
  air: string | null;
  hit: number;
  dice: number[];
  hits: number;
}

export interface Battle {
  target: number;
  attacker: Side;
  landing: boolean;
  fleets: string[];
  round: number;
  maxRounds: number;
  att: BattleSide;
  def: BattleSide;
  paraExtraUsed: boolean;
  paraExtraNow: boolean;
  stopped: boolean;
  brokenOff: boolean;
  retreated: boolean;
  defDice: number;
  attDice: number;
}

export interface EventState {
  hand: number;
  track: Partial<Record<EventId, number>>;
  /** Impulse serial in which this side last played an event (§44 L436). */
  last: number;
}

export interface SUState {
  o: Opts;
  turn: number;
  phase: string;
  active: Side;
  initiative: Side;
  /** Impulses begun this turn (impulse track). */
  impulse: number;
  normalDone: number;
  /** Serial number of the current impulse (whole game). */
  serial: number;
  lastPass: Side | null;
  passed: Side[];
  lastBy: Side | null;
  /** The current impulse is an Extra Impulse (§45 L442). */
  extra: boolean;
  acted: boolean;
  movePhase: boolean;
  ctrl: Side[];
  cubes: Record<Side, number[]>;
  moved: Record<Side, number[]>;
  fought: Record<Side, number[]>;
  pins: number[];
  pinUntil: number[];
  pool: Record<Side, number>;
  units: Unit[];
  /** Defensive lines: area index, or POOL when removed (revivable by the event, §46 L470). */
  lines: number[];
  transport: Record<Side, number>;
  italy: boolean;
  overlord: boolean;
  uboatGone: boolean;
  ev: Record<Side, EventState>;
  logistic: Record<Side, boolean>;
  blockade: number;
  attacks: number[];
  arrows: number;
  landingDone: boolean;
  missions: number[];
  airConverted: number;
  placed: number[];
  battle: Battle | null;
  /** The decision stack (spec 10.3), top last: see frames.ts. */
  stack: Frame[];
  result: Outcome | null;
  lastRoll: { why: string; dice: number[] } | null;
}

/** Everything derived from the data once per rules instance. */
export interface Env {
  d: SoftUnderbellyData;
  m: SUMap;
  n: number;
  stars: number[];
  /** Passable areas within each ruler's reach of each area (§31). */
  inReach: Record<'short' | 'long', number[][]>;
  munich: number;
  seaAdj: number[];
  sardinia: number;
  sicily: number;
  cost: Record<Side, Partial<Record<CounterType, number>>>;
  capacity: Record<Side, Partial<Record<EventId, number>>>;
  eventsOf: Record<Side, EventId[]>;
  markers: number;
}

export function makeEnv(d: SoftUnderbellyData): Env {
  const m = suMap(d);
  const n = m.size;
  const capacity: Record<Side, Partial<Record<EventId, number>>> = { allies: {}, axis: {} };
  const eventsOf: Record<Side, EventId[]> = { allies: [], axis: [] };
  for (const e of d.events) {
    capacity[e.side][e.id] = e.capacity;
    eventsOf[e.side].push(e.id);
  }
  const byName = (name: string) => d.areas.findIndex((a) => a.name === name);
  return {
    d,
    m,
    n,
    stars: m.withFlag('orangeStar'),
    inReach: { short: d.areas.map((_, i) => m.inReach('short', i)), long: d.areas.map((_, i) => m.inReach('long', i)) },
    munich: m.withFlag('axisSymbol')[0] ?? -1,
    seaAdj: m.withFlag('seaAdjacent').filter((i) => m.passable[i]),
    sardinia: byName('Sardinia'),
    sicily: m.indexOf('14') >= 0 ? m.indexOf('14') : byName('Sicily'),
    cost: { allies: { ...d.conversionCost.allies }, axis: { ...d.conversionCost.axis } },
    capacity,
    eventsOf,
    markers: d.eventMarkers?.count ?? 6,
  };
}

// ---- unit helpers ---------------------------------------------------------------------------

export const isLand = (t: CounterType) => t === 'tank' || t === 'elite' || t === 'paratroops';
/** Units counted for stacking (§3 L38-L42; partisans excepted, §35 L368). */
export const stacks = (t: CounterType) => t === 'tank' || t === 'elite' || t === 'paratroops' || t === 'aircraft';

export function unit(g: SUState, id: string): Unit {
  const u = g.units.find((x) => x.id === id);
  if (!u) throw new Error(`no counter ${id}`);
  return u;
}

export function unitsIn(g: SUState, area: number, side?: Side): Unit[] {
  return g.units.filter((u) => u.loc === area && (!side || u.side === side));
}

/** Units in an area counted for stacking. */
export function stackCount(g: SUState, area: number, side: Side): number {
  let c = g.cubes[side][area]!;
  for (const u of g.units) if (u.loc === area && u.side === side && stacks(u.type)) c++;
  return c;
}

export function tanksIn(g: SUState, area: number, side: Side): number {
  let c = 0;
  for (const u of g.units) if (u.loc === area && u.side === side && u.type === 'tank') c++;
  return c;
}

export function lineIn(g: SUState, area: number): boolean {
  return g.lines.includes(area);
}

/** Enemy units present in an area (partisans do not count: they co-exist, AMB-11). */
export function hasUnits(g: SUState, area: number, side: Side): boolean {
  if (g.cubes[side][area]! > 0) return true;
  for (const u of g.units) if (u.loc === area && u.side === side && u.type !== 'partisan') return true;
  return false;
}

/** Areas holding units of `side` (partisans excepted), computed in one pass. */
export function occupancy(g: SUState, side: Side, n: number): Uint8Array {
  const out = new Uint8Array(n);
  const c = g.cubes[side];
  for (let a = 0; a < n; a++) if (c[a]! > 0) out[a] = 1;
  for (const u of g.units) if (u.side === side && u.loc >= 0 && u.type !== 'partisan') out[u.loc] = 1;
  return out;
}

/** An area blocks `mover` if it holds enemy units, or a lone Axis line (AMB-18a). */
export function blocks(g: SUState, area: number, mover: Side): boolean {
  const enemy = other(mover);
  if (hasUnits(g, area, enemy)) return true;
  return enemy === AXIS && g.o.loneLineBlocks && lineIn(g, area);
}

export function rulerOf(g: SUState, side: Side): 'short' | 'long' {
  // §31 L338-L340, §43 L426: the Allies use the long ruler from Overlord; the Axis always short.
  return side === ALLIES && g.overlord ? 'long' : 'short';
}

export function reach(E: Env, g: SUState, side: Side, from: number, to: number): boolean {
  return E.m.reach(rulerOf(g, side), from, to);
}

/** Aircraft missions an area may still launch (§14 L168, AMB-9). */
export function missionRoom(E: Env, g: SUState, area: number): boolean {
  if (g.o.airfieldScope === 'mission') return true;
  return g.missions[area]! < (E.m.airfield[area] ? 2 : 1);
}

export function removeCubes(g: SUState, side: Side, area: number, k: number): void {
  const c = g.cubes[side];
  const n = Math.min(k, c[area]!);
  c[area] = c[area]! - n;
  g.pool[side] += n;
  const left = c[area]!;
  if (g.moved[side][area]! > left) g.moved[side][area] = left;
  if (g.fought[side][area]! > left) g.fought[side][area] = left;
  if (side === AXIS && g.pins[area]! > left) g.pins[area] = left;
}

export function addCubes(g: SUState, side: Side, area: number, k: number): void {
  g.cubes[side][area] = g.cubes[side][area]! + k;
}

/** Removes a counter to the pool (eliminated, revivable by conversion §10 L124) or for good. */
export function eliminate(g: SUState, u: Unit): void {
  const gone =
    (u.nat === 'IT' && g.italy) || (u.type === 'paratroops' && g.overlord) || u.type === 'fleet' || u.type === 'uboat';
  u.loc = gone ? GONE : POOL;
  u.up = true;
  u.mv = false;
  u.ft = false;
}

export function areaName(E: Env, a: number): string {
  if (a === SEA) return 'the sea';
  if (a < 0) return 'off-map';
  const x = E.d.areas[a]!;
  return `${x.name} (${x.id})`;
}

export function log(ctx: Ctx, text: string, rule?: string): void {
  ctx.log(rule ? `${text} [${rule}]` : text, rule ? { rule } : undefined);
}

// ---- set-up (§5) ---------------------------------------------------------------------------

export function initialState(E: Env, o: Opts): SUState {
  const { d, m, n } = E;
  const zeros = () => new Array<number>(n).fill(0);
  const units: Unit[] = d.counters.map((c) => ({
    id: c.id,
    side: c.side,
    type: c.type,
    nat: c.nationality,
    loc: POOL,
    up: true,
    mv: false,
    ft: false,
  }));
  const g: SUState = {
    o,
    turn: 1,
    phase: 'setup',
    active: ALLIES,
    initiative: ALLIES,
    impulse: 0,
    normalDone: 0,
    serial: 0,
    lastPass: null,
    passed: [],
    lastBy: null,
    extra: false,
    acted: false,
    movePhase: true,
    // §2 L32, §5: the Allied-star areas are Allied, every other area Axis.
    ctrl: d.areas.map((_, i) => (m.alliedStar[i] ? ALLIES : AXIS)),
    cubes: { allies: zeros(), axis: zeros() },
    moved: { allies: zeros(), axis: zeros() },
    fought: { allies: zeros(), axis: zeros() },
    pins: zeros(),
    pinUntil: zeros(),
    pool: { allies: d.cubes.allies.count, axis: d.cubes.axis.count },
    units,
    lines: new Array<number>(d.defensiveLines.count).fill(POOL),
    transport: { allies: d.navalTransport.allies, axis: d.navalTransport.axis }, // §5 L65, L71
    italy: false,
    overlord: false,
    uboatGone: false,
    ev: { allies: { hand: E.markers, track: {}, last: -1 }, axis: { hand: E.markers, track: {}, last: -1 } },
    logistic: { allies: false, axis: false },
    blockade: -1,
    attacks: [],
    arrows: 0,
    landingDone: false,
    missions: zeros(),
    airConverted: 0,
    placed: [],
    battle: null,
    stack: [],
    result: null,
    lastRoll: null,
  };
  for (const p of d.setup) place(E, g, p.side, p.area, p.cubes, p.counters, p.lines, p.faceUp);
  return g;
}

export function place(
  E: Env,
  g: SUState,
  side: Side,
  areaId: string,
  cubes: number,
  counters: string[],
  lines: number,
  faceUp: boolean,
): void {
  const a = areaId === 'sea' ? SEA : E.m.index(areaId);
  if (cubes) {
    addCubes(g, side, a, cubes);
    g.pool[side] -= cubes;
  }
  for (const id of counters) {
    const u = unit(g, id);
    u.loc = a;
    u.up = faceUp;
  }
  for (let i = 0; i < lines; i++) {
    const k = g.lines.indexOf(POOL);
    if (k >= 0) g.lines[k] = a;
  }
}

/** Axis units still to deploy in the free set-up (§5 L67, AMB-27). */
export function axisToDeploy(g: SUState): { cubes: number; lines: number; ids: string[] } {
  return {
    cubes: g.pool.axis,
    lines: g.lines.filter((l) => l === POOL).length,
    ids: g.units.filter((u) => u.side === AXIS && u.loc === POOL).map((u) => u.id),
  };
}
