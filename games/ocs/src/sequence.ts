/**
 * 2.0 The sequence of play on the flow kernel: the game turn (weather, first player), each player
 * turn phase by phase as the chart of 2.2 lists it, the Movement Segments (5.4 mode changes, 6.0
 * movement, 5.7b releases, 12.5 fuel, 9.14b capture), the Supply Phase (12.6, 12.8, 12.10e), the
 * Clean Up Phase and the end of the game turn (victory).
 */
import { call, defineFlow, end, type Ctx } from '@sandtable/engine';
import { barrageDeclare, barrageResolve, barrageSegment } from './barrage.ts';
import { railCost, railDestinations } from './rail.ts';
import { capturePercent, captured } from './charts.ts';
import { defendersAt, lossOrder, loseStep } from './combat.ts';
import { ALL, type Env } from './env.ts';
import { blockingEzoc, fieldsOf, inEzoc, sideIndex } from './fields.ts';
import { mayEnter, stepCost, terrainStep } from './movement.ts';
import {
  type DecisionOf,
  type ProcedureOf,
  advance,
  attackerOptions,
  combat,
  declare,
  defenderOptions,
  resolve,
  retreat,
  supplyPlan,
} from './resolve.ts';
import { hexOfPlace } from './setup.ts';
import type { Action, Frame, FrameOf, OcsState } from './state.ts';
import {
  controllerOf,
  fitLoads,
  inTraceSupply,
  loadedAt,
  sourcesOf,
  spend,
  tokensFor,
  traceField,
  usableDumps,
} from './supply.ts';
import { attackCapable, charts, enemyOf, groundOf, K, maOf, mtOf, reOf, stepsLeft, unitsAt, unitsOf } from './units.ts';

const L = (env: Env, h: number) => env.grid.label(h);
const rollTotal = (ctx: Ctx, dice: '1d6' | '2d6', why: string) =>
  ctx.roll(dice === '1d6' ? 1 : 2, why).reduce((a, b) => a + b, 0);

/** 2.2 one player turn, as the chart lists it. */
export const playerTurnFrames = (env: Env, side: string): Frame[] => {
  const other = enemyOf(env, side);
  const seg = (s: string, phase: 'movement' | 'reaction' | 'exploitation'): Frame => ({
    kind: 'movement',
    side: s,
    phase,
    spent: {},
    done: [],
    mover: null,
    stopped: [],
    frozen: [],
  });
  return [
    { kind: 'reinforcement', side }, // 2b (2a Aircraft Refit: aircraft are not yet in play)
    seg(side, 'movement'), // 2c
    { kind: 'supplyPhase', side }, // 2d
    seg(other, 'reaction'), // 2e (non-phasing): Movement Segment
    { kind: 'barrage', side: other, phase: 'reaction', fired: [], hexes: [] }, // 2e Barrage Segment
    { kind: 'barrage', side, phase: 'combat', fired: [], hexes: [] }, // 2f Barrage Segment (artillery only, 10.0e D)
    { kind: 'combat', side, phase: 'combat', attacked: [], hexes: [] }, // 2f Combat Segment
    seg(side, 'exploitation'), // 2g Movement Segment
    { kind: 'barrage', side, phase: 'exploitation', fired: [], hexes: [] }, // 2g Barrage Segment
    { kind: 'combat', side, phase: 'exploitation', attacked: [], hexes: [] }, // 2g Combat Segment
    { kind: 'cleanUp', side }, // 2h
  ];
};

function pushAll(g: OcsState, frames: Frame[]): void {
  for (const f of [...frames].reverse()) call(g.stack, f);
}

/** 2.2-2.3 a game turn: weather, then who is first player. */
export const gameTurn: ProcedureOf<'gameTurn'> = (env, ctx, g, f) => {
  const s = env.data.scenario;
  g.turn = f.turn;
  g.railUsed = {}; // 13.3b unused Rail Cap is lost
  g.dug = []; // 16.0b
  const w = rollTotal(ctx, s.weatherTable.dice, 'weather (17.0)');
  g.weather = s.weatherTable.results[w - (s.weatherTable.dice === '1d6' ? 1 : 2)]!;
  ctx.log(`Turn ${f.turn} (${s.turns.dates.find((d) => d.turn === f.turn)?.label ?? ''}): weather ${g.weather}`, {
    rule: '2.3',
  });
  const fixed = s.firstPlayer.find((x) => x.turn === f.turn);
  if (fixed) return startPlayerTurns(env, g, fixed.side);
  for (;;) {
    const [a1, a2, b1, b2] = ctx.roll(4, 'first player: each side rolls two dice (2.3)');
    const a = a1! + a2!;
    const b = b1! + b2!;
    if (a !== b) {
      call(g.stack, { kind: 'chooseFirst', side: env.sides[a > b ? 0 : 1] });
      return;
    }
  }
};

function startPlayerTurns(env: Env, g: OcsState, first: string): void {
  g.first = first;
  pushAll(g, [
    { kind: 'playerTurn', side: first },
    { kind: 'playerTurn', side: enemyOf(env, first) },
    { kind: 'endTurn', turn: g.turn },
  ]);
}

export const chooseFirst: DecisionOf<'chooseFirst', 'chooseFirst'> = {
  rule: '2.3',
  role: (_env, _g, f) => f.side,
  prompt: () => 'choose which side is first player this game turn',
  actions: ['chooseFirst'],
  legal: (env) => env.sides.map((side) => ({ type: 'chooseFirst' as const, side })),
  perform(env, ctx, g, f, a) {
    end(g.stack);
    ctx.log(`${f.side} chooses ${a.side} to be first player`, { rule: '2.3' });
    startPlayerTurns(env, g, a.side);
  },
};

export const playerTurn: ProcedureOf<'playerTurn'> = (env, ctx, g, f) => {
  g.phasing = f.side;
  ctx.log(`${f.side} player turn`, { rule: '2.2' });
  pushAll(g, playerTurnFrames(env, f.side));
};

/** A supply result such as "10SP" or "3T" in tokens. */
const tokensOf = (env: Env, r: string): number => {
  const m = /^(\d+)(SP|T)$/.exec(r);
  return m ? Number(m[1]) * (m[2] === 'SP' ? K(env, 'tokensPerSP') : 1) : 0;
};

/** 2.3, 13.6 the Reinforcement Phase: arrivals, the Supply Table, the Replacement Table. */
export const reinforcement: ProcedureOf<'reinforcement'> = (env, ctx, g, f) => {
  const s = env.data.scenario;
  for (const r of s.reinforcements) {
    if (r.turn !== g.turn || g.units[r.unit]?.box !== 'pending') continue;
    let hex = hexOfPlace(env, r.at);
    if (hex >= 0 && !mayEnter(env, g, f.side, true, hex)) hex = nearestFree(env, g, f.side, hex); // 13.6b
    const u = g.units[r.unit]!;
    delete u.box;
    u.hex = hex;
    g.version++; // the next arrival sees this one (4.8c, 13.6b)
    if ('box' in r.at) u.box = r.at.box;
    if (hex >= 0 && env.counters.get(r.unit)!.kind === 'ground') g.control[hex] = f.side;
    ctx.log(`${r.unit} arrives${hex >= 0 ? ` at ${L(env, hex)}` : ''}`, { rule: '13.6', to: [f.side] }); // 4.9a
  }
  g.version++;
  const table = s.supplyTables[f.side];
  if (table) {
    const roll = rollTotal(ctx, table.dice, `${f.side} Supply Table (2.3)`);
    const tokens = tokensOf(env, table.results[roll - (table.dice === '1d6' ? 1 : 2)]!);
    const at = sourcesOf(env, g, f.side).find((h) =>
      env.data.scenario.supplySources.some((x) => x.side === f.side && 'hex' in x.at && env.hexOf(x.at.hex) === h),
    );
    const hex = at ?? sourcesOf(env, g, f.side)[0];
    if (tokens && hex !== undefined) {
      g.dumps[f.side]![hex] = (g.dumps[f.side]![hex] ?? 0) + tokens;
      g.version++;
      ctx.log(`${f.side} receives ${tokens}T at ${L(env, hex)}`, { rule: '2.3', to: [f.side] }); // 4.9a dumps are in stacks
    }
  }
};

/** 13.6b the nearest land hex a side may enter, when an arrival hex is blocked. */
function nearestFree(env: Env, g: OcsState, side: string, from: number): number {
  let best = -1;
  for (let i = 0; i < env.grid.nodeCount; i++)
    if (
      env.water[i] === 0 &&
      mayEnter(env, g, side, true, i) &&
      (best < 0 || env.grid.distance(from, i) < env.grid.distance(from, best))
    )
      best = i;
  return best;
}

// ---- movement segments ----------------------------------------------------------------------

interface MoverEntry {
  version: number;
  phase: string;
  done: number;
  frozen: number;
  released: number;
  ids: string[];
  set: Set<string>;
}
const moversCache = new WeakMap<FrameOf<'movement'>, MoverEntry>();

/** Units of `f.side` that may move in this segment (6.0, 7.0a, 11.0a); cached per frame and state version. */
function movers(env: Env, g: OcsState, f: FrameOf<'movement'>): string[] {
  return moverEntry(env, g, f).ids;
}

/** Whether `id` may move in this segment (6.0, 7.0a, 11.0a). */
const isMover = (env: Env, g: OcsState, f: FrameOf<'movement'>, id: string): boolean =>
  moverEntry(env, g, f).set.has(id);

/** The cache is valid while the version is the same and the lists it filters by have not grown (they only grow within a segment). */
function moverEntry(env: Env, g: OcsState, f: FrameOf<'movement'>): MoverEntry {
  const released = g.released?.length ?? 0;
  const c = moversCache.get(f);
  if (
    c &&
    c.version === g.version &&
    c.phase === f.phase &&
    c.done === f.done.length &&
    c.frozen === f.frozen.length &&
    c.released === released
  )
    return c;
  const ids = findMovers(env, g, f);
  const e = {
    version: g.version,
    phase: f.phase,
    done: f.done.length,
    frozen: f.frozen.length,
    released,
    ids,
    set: new Set(ids),
  };
  moversCache.set(f, e);
  return e;
}

function findMovers(env: Env, g: OcsState, f: FrameOf<'movement'>): string[] {
  return unitsOf(g, env, f.side).filter((id) => {
    const c = env.counters.get(id)!;
    if (c.kind !== 'ground' && c.kind !== 'transport') return false;
    if (f.done.includes(id) || f.frozen.includes(id)) return false;
    const u = g.units[id]!;
    if (f.phase === 'movement') return true;
    if (c.kind !== 'ground') return false; // TPs move only in their Movement Phase
    if (f.phase === 'reaction') return (g.released ?? []).includes(id);
    return u.marker === 'exploit' || (g.released ?? []).includes(id);
  });
}

function maFor(env: Env, g: OcsState, f: FrameOf<'movement'>, id: string): number {
  const c = env.counters.get(id)!;
  if (c.kind === 'transport') return c.ma;
  return maOf(env, groundOf(env, id)!, g.units[id]!, f.phase, (g.released ?? []).includes(id));
}

/** 12.5a a combat unit moving on Truck or Track MP needs fuel before it spends any MP. */
function needsFuel(env: Env, g: OcsState, id: string): boolean {
  const c = groundOf(env, id);
  if (c === null || mtOf(c, g.units[id]!) === 'leg' || g.units[id]!.fuelPhase === g.phaseSeq) return false;
  const fueled = g.fueled?.[c.side] ?? [];
  if (c.formation && fueled.includes(c.formation)) return false; // 12.5c A
  if (fueled.includes(id)) return false; // 12.5c B the HQ itself
  if (!c.formation) {
    // 12.5c B, 12.5e an independent unit within the throw range of a fueled HQ, measured as it begins to move
    const u = g.units[id]!;
    for (const t of traceField(env, g, c.side).throwers) if (fueled.includes(t.id) && t.covers()[u.hex]) return false;
  }
  return true;
}

/** 12.5c A-B the fuel methods a unit may pay for before it moves: 1 SP for its formation, or 1 SP as an HQ. */
function fuelMethods(env: Env, g: OcsState, f: FrameOf<'movement'>, id: string): ('formation' | 'hq')[] {
  const c = groundOf(env, id);
  const u = g.units[id]!;
  if (!c || (f.spent[id] ?? 0) > 0 || !needsFuel(env, g, id)) return [];
  const out: ('formation' | 'hq')[] = [];
  if (c.formation && tokensFor(env, g, f.side, u.hex) >= K(env, 'fuelFormationT')) out.push('formation');
  if (c.hq && u.marker !== 'strat' && tokensFor(env, g, f.side, u.hex) >= K(env, 'fuelHqT')) out.push('hq');
  return out;
}

const fuelCache = new WeakMap<OcsState, { version: number; at: Map<number, boolean> }>();
/** 12.5c C whether a dump can pay 1T of fuel to a unit in `hex` (cached per state version). */
function fuelAvailable(env: Env, g: OcsState, side: string, hex: number): boolean {
  let c = fuelCache.get(g);
  if (!c || c.version !== g.version) fuelCache.set(g, (c = { version: g.version, at: new Map() }));
  const key = hex * 2 + sideIndex(env, side);
  let ok = c.at.get(key);
  if (ok === undefined) c.at.set(key, (ok = tokensFor(env, g, side, hex) >= K(env, 'fuelUnitT')));
  return ok;
}

type MoveRefusal = { rule: string; message: string } | null;

/** Why `unit` may not step into `to` now (the one check behind legal and refuse). */
export function whyNotMove(env: Env, g: OcsState, f: FrameOf<'movement'>, unit: string, to: number): MoveRefusal {
  const u = g.units[unit];
  if (!u || u.hex < 0 || env.counters.get(unit)!.side !== f.side)
    return { rule: '6.3a', message: `${unit} is not a unit of ${f.side} on the map` };
  if (!isMover(env, g, f, unit))
    return { rule: f.phase === 'movement' ? '6.1f' : '7.0a', message: `${unit} may not move in this segment` };
  if (f.stopped.includes(unit))
    return { rule: '4.5a', message: `${unit} entered an enemy ZOC using Truck MP and must stop` };
  if (env.grid.distance(u.hex, to) !== 1) return { rule: '6.1', message: 'units move hex by hex into adjacent hexes' };
  const c = groundOf(env, unit);
  const cap = c ? attackCapable(env, c, u) : false;
  if (!mayEnter(env, g, f.side, cap, to))
    return { rule: '4.8c', message: `${L(env, to)} holds enemy units ${unit} may not enter` };
  if (u.marker === 'strat' && inEzoc(env, g, f.side, to))
    return { rule: '5.8a', message: 'a Strat unit may not enter an enemy ZOC' };
  const mt = c ? mtOf(c, u) : 'truck';
  const ma = maFor(env, g, f, unit);
  const cost = stepCost(env, mt, u.hex, to, ma);
  if (cost === Infinity)
    return { rule: '6.2c', message: `${L(env, to)} is prohibited to ${mt} movement from ${L(env, u.hex)}` };
  const spent = f.spent[unit] ?? 0;
  const minimum = spent === 0 && ma > 0; // 6.1c
  if (spent + cost > ma + 1e-9 && !minimum)
    return { rule: '6.1b', message: `${unit} has ${ma - spent} MP left, ${L(env, to)} costs ${cost}` };
  if (ma === 0) return { rule: '6.1b', message: `${unit} has no MA in this mode` };
  if (needsFuel(env, g, unit) && !fuelAvailable(env, g, f.side, u.hex))
    return { rule: '12.5a', message: `${unit} needs fuel (1T) and no dump can serve it` };
  return null;
}

/**
 * 8.0-8.1 why the unit may not overrun `hex` now: attack-capable in Combat, Move or Exploit Mode
 * (not DG), 3 MP left (8.1a), enemy combat units adjacent, entry cost without roads at most 3 and
 * not "All" (8.1b-c), at most 10 RE with the friendly units in its hex (4.8a), fuel (12.5b), and
 * the combat supply of an attack (9.5).
 */
export function whyNotOverrun(env: Env, g: OcsState, f: FrameOf<'movement'>, unit: string, hex: number): MoveRefusal {
  const u = g.units[unit];
  const c = groundOf(env, unit);
  if (!u || !c || c.side !== f.side || u.hex < 0 || !isMover(env, g, f, unit))
    return { rule: '8.1', message: `${unit} may not move, so may not overrun, in this segment` };
  if (!attackCapable(env, c, u) || u.marker === 'dg' || u.marker === 'strat')
    return {
      rule: '8.1',
      message: 'only attack-capable units in Combat, Move or Exploit Mode may overrun (5.10b C: not DG)',
    };
  if (env.grid.distance(u.hex, hex) !== 1 || !defendersAt(env, g, hex, enemyOf(env, f.side)).length)
    return { rule: '8.0', message: 'an overrun targets an adjacent hex holding enemy combat units' };
  const ma = maFor(env, g, f, unit);
  if (ma - (f.spent[unit] ?? 0) < K(env, 'overrunMP') - 1e-9)
    return { rule: '8.1a', message: 'an overrun needs 3 MP left' };
  const cost = terrainStep(env, mtOf(c, u), u.hex, hex, Infinity);
  if (env.hexCost[mtOf(c, u)][hex] === ALL || cost > K(env, 'overrunMaxEntryMP'))
    return { rule: '8.1b', message: `entering ${L(env, hex)} costs more than 3 MP without roads (8.1b-c)` };
  const re = fieldsOf(env, g).re[sideIndex(env, f.side)]![u.hex]!;
  if (re > K(env, 'stackingRE') + 1e-9)
    return { rule: '4.8a', message: 'overrunning units and the others in their hex may total at most 10 RE' };
  if (needsFuel(env, g, unit) && !fuelAvailable(env, g, f.side, u.hex))
    return { rule: '12.5b', message: 'an overrun always needs fuel' };
  if (!supplyPlan(env, g, [unit])) return { rule: '9.5', message: `${unit} cannot pay its combat supply` };
  return null;
}

/**
 * 16.0b the units that would build or improve a hedgehog in `hex`: at least 1 RE of combat units in
 * Combat Mode (not DG, 5.10e) that have not moved this phase (A33 reading "sum", or one unit of
 * 1 RE, option facilityWorkers); null when they may not (level 4, +1 a turn, 2 SP a level).
 */
export function hedgehogBuilders(env: Env, g: OcsState, f: FrameOf<'movement'>, hex: number): string[] | null {
  if (f.phase !== 'movement') return null;
  const hog = g.hedgehogs[hex];
  if (hog && (hog.side !== f.side || hog.level >= K(env, 'hedgehogMaxLevel'))) return null; // 16.0a
  if (g.dug?.includes(hex)) return null; // 16.0b +1 level a turn
  const workers = unitsAt(g, hex).filter((id) => {
    const c = groundOf(env, id);
    const u = g.units[id]!;
    return (
      c?.side === f.side &&
      u.face === 'combat' &&
      u.marker === undefined &&
      !(f.spent[id] ?? 0) &&
      f.mover !== id &&
      !f.done.includes(id)
    );
  });
  const re = (id: string) => reOf(env, groundOf(env, id)!, g.units[id]!);
  const enough =
    g.options.facilityWorkers === 'single'
      ? workers.some((id) => re(id) >= 1)
      : workers.reduce((s, id) => s + re(id), 0) >= 1;
  if (!enough) return null;
  if (tokensFor(env, g, f.side, hex) < K(env, 'hedgehogSPPerLevel') * K(env, 'tokensPerSP')) return null;
  return workers;
}

/** 13.2f the MP a transport point spends to load or unload in a hex: 10% of its printed MA, rounded (4.1). */
const loadCost = (env: Env, unit: string): number => {
  const c = env.counters.get(unit)!;
  return c.kind === 'transport' ? Math.floor(c.ma * K(env, 'tpLoadFraction') + 0.5) : Infinity;
};

/** 13.2 what a transport point may load (fill up from the ground SP) or unload (everything) now. */
export function tpChoices(
  env: Env,
  g: OcsState,
  f: FrameOf<'movement'>,
  unit: string,
): { load: number; unload: number } {
  const c = env.counters.get(unit)!;
  const u = g.units[unit]!;
  const none = { load: 0, unload: 0 };
  if (c.kind !== 'transport' || f.phase !== 'movement' || u.hex < 0 || f.done.includes(unit)) return none;
  if ((f.spent[unit] ?? 0) + loadCost(env, unit) > c.ma + 1e-9) return none;
  const ground = (g.dumps[f.side]?.[u.hex] ?? 0) - loadedAt(env, g, f.side, u.hex);
  const room = c.points * K(env, 'tokensPerSP') - (u.loadT ?? 0);
  const unloadHere =
    unitsAt(g, u.hex).some((id) => groundOf(env, id)?.side === f.side) ||
    env.portAt[u.hex]! >= 0 ||
    env.airBaseAt[u.hex]! >= 0 ||
    ground > 0; // 13.2f where SP may be unloaded
  return {
    load: c.organic ? 0 : Math.max(0, Math.min(room, ground)),
    unload: unloadHere && !c.organic ? (u.loadT ?? 0) : 0,
  };
}

/** 5.4 mode changes a unit may make at the start of its move. */
function modeChoices(
  env: Env,
  g: OcsState,
  f: FrameOf<'movement'>,
  id: string,
  reserveLeft: number,
): ('combat' | 'move' | 'reserve' | 'strat')[] {
  const c = groundOf(env, id);
  const u = g.units[id]!;
  if (!c || f.phase !== 'movement' || (f.spent[id] ?? 0) > 0 || f.mover === id || u.marker === 'exploit') return [];
  if (f.changed?.includes(id)) return []; // 5.4 one change, at the start of the move
  const out: ('combat' | 'move' | 'reserve' | 'strat')[] = [];
  const cur = u.marker ?? u.face;
  if (u.marker === 'dg') return [u.face === 'combat' ? 'move' : 'combat']; // 5.4 a DG unit may flip its face
  for (const m of ['combat', 'move'] as const) if (cur !== m) out.push(m);
  const ezoc = inEzoc(env, g, f.side, u.hex);
  if (cur !== 'reserve' && !ezoc && reserveLeft > 0) out.push('reserve'); // 5.7c, 5.4a
  if (cur !== 'strat' && !ezoc) out.push('strat'); // 5.8a
  return out;
}

function reserveMarkersLeft(env: Env, g: OcsState, side: string): number {
  const used = unitsOf(g, env, side).filter((id) => g.units[id]!.marker === 'reserve').length;
  return (env.data.scenario.reserveMarkers[side]?.value ?? 0) - used;
}

export const movement: DecisionOf<
  'movement',
  | 'mode'
  | 'fuel'
  | 'move'
  | 'overrun'
  | 'rail'
  | 'hedgehog'
  | 'blow'
  | 'load'
  | 'unload'
  | 'stop'
  | 'release'
  | 'endPhase'
> = {
  rule: '6.0',
  ruleOf: (_env, _g, f) => (f.phase === 'reaction' ? '7.0' : f.phase === 'exploitation' ? '11.0' : '6.0'),
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => `move units (${f.phase} segment), change modes or release reserves, or end the segment`,
  actions: [
    'mode',
    'fuel',
    'move',
    'overrun',
    'rail',
    'hedgehog',
    'blow',
    'load',
    'unload',
    'stop',
    'release',
    'endPhase',
  ],
  legal(env, g, f) {
    const out: Action[] = [];
    const reserves = reserveMarkersLeft(env, g, f.side);
    for (const id of movers(env, g, f)) {
      for (const mode of modeChoices(env, g, f, id, reserves)) out.push({ type: 'mode', unit: id, mode });
      for (const method of fuelMethods(env, g, f, id)) out.push({ type: 'fuel', unit: id, method });
      for (const to of railDestinations(env, g, f, id, maFor(env, g, f, id))) out.push({ type: 'rail', unit: id, to });
      for (const to of env.grid.neighbours(g.units[id]!.hex)) {
        if (!whyNotMove(env, g, f, id, to)) out.push({ type: 'move', unit: id, to });
        else if (defendersAt(env, g, to, enemyOf(env, f.side)).length && !whyNotOverrun(env, g, f, id, to))
          out.push({ type: 'overrun', unit: id, hex: to });
      }
    }
    const hexes = new Set(movers(env, g, f).map((id) => g.units[id]!.hex));
    for (const hex of [...hexes].sort((a, b) => a - b))
      if (hedgehogBuilders(env, g, f, hex)) out.push({ type: 'hedgehog', hex });
    for (const id of movers(env, g, f)) {
      const t = tpChoices(env, g, f, id);
      if (t.load) out.push({ type: 'load', unit: id, tokens: t.load });
      if (t.unload) out.push({ type: 'unload', unit: id, tokens: t.unload });
    }
    // 12.11a a player may blow his own dumps, all or part (whole SP, or everything), once a dump a phase
    for (const [h, t] of Object.entries(g.dumps[f.side] ?? {})) {
      if (!t || f.blown?.includes(Number(h))) continue;
      const sp = K(env, 'tokensPerSP');
      for (let n = sp; n < t; n += sp) out.push({ type: 'blow', hex: Number(h), tokens: n });
      out.push({ type: 'blow', hex: Number(h), tokens: t });
    }
    if (f.mover) out.push({ type: 'stop', unit: f.mover });
    if (f.phase !== 'movement')
      for (const id of unitsOf(g, env, f.side))
        if (g.units[id]!.marker === 'reserve') out.push({ type: 'release', unit: id });
    out.push({ type: 'endPhase' });
    return out as ReturnType<typeof movement.legal>;
  },
  perform(env, ctx, g, f, a) {
    if (a.type === 'endPhase') return endSegment(env, g);
    if (a.type === 'release') {
      delete g.units[a.unit]!.marker; // 5.7b: the unit is in the mode of its face
      g.released = [...(g.released ?? []), a.unit];
      g.version++;
      return;
    }
    if (a.type === 'stop') {
      finish(f, a.unit);
      return;
    }
    if (a.type === 'fuel') {
      // 12.5c A the whole formation, or B the HQ and the independent units in its throw range, until Clean Up
      const c = groundOf(env, a.unit)!;
      spend(env, g, f.side, g.units[a.unit]!.hex, K(env, a.method === 'formation' ? 'fuelFormationT' : 'fuelHqT'));
      const key = a.method === 'formation' ? c.formation! : a.unit;
      g.fueled = { ...(g.fueled ?? {}), [f.side]: [...(g.fueled?.[f.side] ?? []), key] };
      g.version++;
      ctx.log(`${f.side} fuels ${key} (1 SP) until its Clean Up`, {
        rule: a.method === 'formation' ? '12.5c A' : '12.5c B',
        to: [f.side],
      });
      return;
    }
    if (a.type === 'load' || a.type === 'unload') {
      // 13.2f loading or unloading costs 10% of the printed MA; loaded SP stay part of the hex's dump (12.1b)
      if (f.mover && f.mover !== a.unit) finish(f, f.mover);
      const u = g.units[a.unit]!;
      u.loadT = (u.loadT ?? 0) + (a.type === 'load' ? a.tokens : -a.tokens);
      if (!u.loadT) delete u.loadT;
      f.spent[a.unit] = (f.spent[a.unit] ?? 0) + loadCost(env, a.unit);
      f.mover = a.unit;
      g.version++;
      return;
    }
    if (a.type === 'blow') {
      // 12.11a the Dump Blowing Table: a percentage of the nominated SP, rounded to the nearest T
      if (f.mover) finish(f, f.mover); // 6.1g
      const [die] = ctx.roll(1, `blowing ${a.tokens}T at ${L(env, a.hex)} (12.11a)`);
      const lost = Math.min(a.tokens, captured(a.tokens, charts(env, g.options).dumpBlowing.percent[die! - 1]!));
      g.dumps[f.side]![a.hex] = (g.dumps[f.side]![a.hex] ?? 0) - lost;
      if (!g.dumps[f.side]![a.hex]) delete g.dumps[f.side]![a.hex];
      fitLoads(env, g, f.side, a.hex);
      f.blown = [...(f.blown ?? []), a.hex];
      g.version++;
      ctx.log(`${lost}T destroyed at ${L(env, a.hex)}`, { rule: '12.11a' });
      return;
    }
    if (a.type === 'hedgehog') {
      if (f.mover) finish(f, f.mover); // 6.1g
      // 16.0b 2 SP, one level, the builders may not move this phase
      const builders = hedgehogBuilders(env, g, f, a.hex)!;
      spend(env, g, f.side, a.hex, K(env, 'hedgehogSPPerLevel') * K(env, 'tokensPerSP'));
      const level = (g.hedgehogs[a.hex]?.level ?? 0) + 1;
      g.hedgehogs[a.hex] = { side: f.side, level };
      g.dug = [...(g.dug ?? []), a.hex];
      for (const id of builders) finish(f, id);
      g.version++;
      ctx.log(`Hedgehog at ${L(env, a.hex)} now level ${level}`, { rule: '16.0b' });
      return;
    }
    if (f.mover && f.mover !== a.unit) finish(f, f.mover); // 6.1g one unit finishes before the next starts
    if (a.type === 'mode') {
      f.changed = [...(f.changed ?? []), a.unit];
      const u = g.units[a.unit]!;
      if (a.mode === 'combat' || a.mode === 'move') {
        if (u.marker !== 'dg') delete u.marker;
        u.face = a.mode;
      } else {
        u.marker = a.mode;
        if (a.mode === 'strat') u.face = 'move'; // 5.8
      }
      g.version++;
      return;
    }
    if (a.type === 'overrun') return overrun(env, g, f, a.unit, a.hex);
    if (a.type === 'rail') {
      // 13.3e entrain, move, detrain; no more movement this phase (4.7d)
      const side = f.side;
      g.railUsed = { ...(g.railUsed ?? {}), [side]: (g.railUsed?.[side] ?? 0) + railCost(env, g, a.unit) };
      g.units[a.unit]!.hex = a.to;
      finish(f, a.unit);
      g.version++;
      ctx.log(`${a.unit} travels by rail to ${L(env, a.to)}`, { rule: '13.3e', to: [side] });
      return;
    }
    move(env, ctx, g, f, a.unit, a.to);
  },
  refuse(env, g, f, a) {
    if (a.type === 'move') return whyNotMove(env, g, f, a.unit, a.to);
    if (a.type === 'overrun') return whyNotOverrun(env, g, f, a.unit, a.hex);
    if ((a.type === 'load' || a.type === 'unload') && tpChoices(env, g, f, a.unit)[a.type] !== a.tokens)
      return {
        rule: '13.2f',
        message: `${a.unit} may not ${a.type} ${a.tokens}T now (10% of its MA; unloading needs a friendly unit, port, air base or dump)`,
      };
    if (a.type === 'blow' && (f.blown?.includes(a.hex) || (g.dumps[f.side]?.[a.hex] ?? 0) < a.tokens || a.tokens <= 0))
      return { rule: '12.11a', message: `one attempt a dump a phase, on SP the player has at ${L(env, a.hex)}` };
    if (a.type === 'hedgehog' && !hedgehogBuilders(env, g, f, a.hex))
      return {
        rule: '16.0b',
        message: `no hedgehog can be built or improved at ${L(env, a.hex)} now (1 RE in Combat Mode that has not moved, 2 SP, +1 level a turn, level 4 at most)`,
      };
    if (a.type === 'rail' && !railDestinations(env, g, f, a.unit, maFor(env, g, f, a.unit)).includes(a.to))
      return {
        rule: '13.3e',
        message: `${a.unit} may not go by rail to ${L(env, a.to)} now (Move Mode, at most half its MA spent, detrainable hexes joined by rail free of enemy ZOC, Rail Cap)`,
      };
    return null;
  },
};

/** 8.0 an overrun: 3 MP (8.1a), fuel (12.5b), then the combat procedure from the adjacent hex. */
function overrun(env: Env, g: OcsState, f: FrameOf<'movement'>, unit: string, hex: number): void {
  const u = g.units[unit]!;
  if (needsFuel(env, g, unit)) {
    spend(env, g, f.side, u.hex, K(env, 'fuelUnitT'));
    u.fuelPhase = g.phaseSeq;
  }
  f.spent[unit] = (f.spent[unit] ?? 0) + K(env, 'overrunMP');
  f.mover = unit;
  call(g.stack, { kind: 'resolve', side: f.side, phase: 'combat', hex, attackers: [unit], overrun: true });
}

function finish(f: FrameOf<'movement'>, id: string): void {
  if (!f.done.includes(id)) f.done.push(id);
  if (f.mover === id) f.mover = null;
}

function move(env: Env, ctx: Ctx, g: OcsState, f: FrameOf<'movement'>, id: string, to: number): void {
  const u = g.units[id]!;
  const c = groundOf(env, id);
  const ma = maFor(env, g, f, id);
  if (needsFuel(env, g, id)) {
    spend(env, g, f.side, u.hex, K(env, 'fuelUnitT')); // 12.5c C single-unit fuel for the phase
    u.fuelPhase = g.phaseSeq;
  }
  const cost = stepCost(env, c ? mtOf(c, u) : 'truck', u.hex, to, ma);
  const spent = (f.spent[id] ?? 0) + cost;
  f.spent[id] = spent;
  f.mover = id;
  if (u.loadT) {
    // 13.2 the loaded SP travel with the transport point
    const d = g.dumps[f.side]!;
    d[u.hex] = (d[u.hex] ?? 0) - u.loadT;
    if (!d[u.hex]) delete d[u.hex];
    d[to] = (d[to] ?? 0) + u.loadT;
  }
  u.hex = to;
  g.version++;
  if (c) {
    capture(env, ctx, g, f.side, id, to); // 9.14
    g.control[to] = f.side;
  }
  if (spent >= ma - 1e-9) finish(f, id); // no MP left (or a minimum move, 6.1c)
  if (c && mtOf(c, u) === 'truck' && blockingEzoc(env, g, f.side, to)) {
    // 4.5a A: a truck unit entering an EZOC stops, unless a friendly unit negates it (4.5b)
    if (unitsAt(g, to).some((x) => x !== id && groundOf(env, x)?.side === f.side)) freezeNegator(env, g, f, to, id);
    else finish(f, id);
  }
}

/** 4.5b the friendly unit that negated an EZOC may spend no MP for the rest of the phase (A2: one unit). */
function freezeNegator(env: Env, g: OcsState, f: FrameOf<'movement'>, hex: number, mover: string): void {
  const others = unitsAt(g, hex).filter((x) => x !== mover && groundOf(env, x)?.side === f.side);
  const frozen = g.options.negationFreezes === 'all' ? others : others.slice(0, 1);
  for (const x of frozen) if (!f.frozen.includes(x)) f.frozen.push(x);
}

/** 9.14b an attack-capable unit entering an enemy dump captures part of it (Capture Table); the rest is destroyed. */
function capture(env: Env, ctx: Ctx, g: OcsState, side: string, id: string, hex: number): void {
  const c = groundOf(env, id)!;
  if (!attackCapable(env, c, g.units[id]!)) return;
  const enemy = enemyOf(env, side);
  const t = g.dumps[enemy]?.[hex] ?? 0;
  if (!t) return;
  const [die] = ctx.roll(1, `capture of ${t}T at ${L(env, hex)} (9.14b)`);
  const got = captured(t, capturePercent(charts(env, g.options), 'dump', die!));
  delete g.dumps[enemy]![hex];
  fitLoads(env, g, enemy, hex); // the loads went with the dump (trucks' own capture: 9.14c, not yet)
  if (got) g.dumps[side]![hex] = (g.dumps[side]![hex] ?? 0) + got;
  g.version++;
  ctx.log(`${got}T captured, ${t - got}T destroyed`, { rule: '9.14b' });
}

/** 4.8a end of a segment: overstacked hexes must be cleared by the owner. */
function endSegment(env: Env, g: OcsState): void {
  end(g.stack);
  g.phaseSeq++; // 12.5c C single-unit fuel lasts the phase
  // 5.7g, 16.0f (A8): no Reserve unit stays with a hedgehog at the end of a segment: its marker goes
  for (const id in g.units) {
    const u = g.units[id]!;
    if (u.marker === 'reserve' && u.hex >= 0 && g.hedgehogs[u.hex]?.side === env.counters.get(id)!.side) {
      delete u.marker;
      g.version++;
    }
  }
  for (const side of env.sides) if (overstacked(env, g, side).length) call(g.stack, { kind: 'overstack', side });
}

/** 4.8a hexes holding more than 10 RE of a side's combat units. */
export function overstacked(env: Env, g: OcsState, side: string): number[] {
  const re = fieldsOf(env, g).re[sideIndex(env, side)]!;
  const out: number[] = [];
  for (let h = 0; h < re.length; h++) if (re[h]! > K(env, 'stackingRE') + 1e-9) out.push(h);
  return out;
}

export const overstack: DecisionOf<'overstack', 'remove'> = {
  rule: '4.8a',
  role: (_env, _g, f) => f.side,
  prompt: () => 'destroy units of your choice until no hex holds more than 10 RE',
  actions: ['remove'],
  legal: (env, g, f) =>
    overstacked(env, g, f.side).flatMap((h) =>
      unitsAt(g, h)
        .filter((id) => groundOf(env, id)?.side === f.side)
        .sort()
        .map((unit) => ({ type: 'remove' as const, unit })),
    ),
  auto(env, _ctx, g, f) {
    if (overstacked(env, g, f.side).length) return false;
    end(g.stack);
    return true;
  },
  perform(env, _ctx, g, _f, a) {
    const u = g.units[a.unit]!;
    const side = env.counters.get(a.unit)!.side;
    g.stepsLost[side] = (g.stepsLost[side] ?? 0) + stepsLeft(groundOf(env, a.unit)!, u);
    u.hex = -1;
    u.box = 'dead';
    g.version++;
  },
};

// ---- supply phase, clean up, end of turn --------------------------------------------------------

/** 12.6, 12.8, 12.10e the Supply Phase of `side`. */
export const supplyPhase: ProcedureOf<'supplyPhase'> = (env, ctx, g, f) => {
  const t = charts(env, g.options);
  // 12.10e recovery of internal stocks where supply can be drawn (mandatory, before eating)
  for (const id of unitsOf(g, env, f.side)) {
    const u = g.units[id]!;
    const c = groundOf(env, id);
    if (!c || !u.stocks) continue;
    const per = K(env, 'recoveryLowT') * (g.options.recoveryPerRE && c.steps ? reOf(env, c, u) : 1);
    const cost = u.stocks === 'exhausted' ? per * 2 : per;
    if (spend(env, g, f.side, u.hex, cost)) delete u.stocks;
  }
  // 12.6 trace; 12.6c eat off the map where trace fails; 12.6d else Out of Supply
  const oosHexes = new Set<number>();
  for (const id of unitsOf(g, env, f.side)) {
    const c = groundOf(env, id);
    const u = g.units[id]!;
    if (!c) continue;
    if (inTraceSupply(env, g, id)) {
      if (u.oos) g.version++;
      delete u.oos;
      continue;
    }
    const cost = Math.ceil(reOf(env, c, u) / K(env, 'eatREPerT'));
    if (u.marker !== 'strat' && usableDumps(env, g, f.side, u.hex).length && spend(env, g, f.side, u.hex, cost)) {
      ctx.log(`${id} eats ${cost}T off the map`, { rule: '12.6c', to: [f.side] });
      delete u.oos;
      continue;
    }
    u.oos = true;
    oosHexes.add(u.hex);
  }
  g.version++;
  // 12.8b attrition for each OOS stack
  for (const hex of oosHexes) {
    const units = unitsAt(g, hex).filter((id) => g.units[id]!.oos && groundOf(env, id)?.side === f.side);
    if (!units.length) continue;
    const steps = units.reduce((s, id) => s + stepsLeft(groundOf(env, id)!, g.units[id]!), 0);
    const ar = Math.max(...units.map((id) => groundOf(env, id)!.ar)); // 12.8c: DG not applied
    let col = t.attrition.ar.findIndex((x) => x >= ar);
    if (col < 0) col = t.attrition.ar.length - 1;
    if (g.options.attritionColumn === 'harsher' && col > 0) col--;
    const [d1, d2] = ctx.roll(2, `attrition at ${L(env, hex)} (12.8b)`);
    const roll = Math.min(13, d1! + d2! + (steps >= t.attrition.bigStackSteps ? t.attrition.bigStackModifier : 0));
    const r = t.attrition.results[roll - 2]![col]!;
    const n = r === 'all' ? steps : r;
    for (const id of lossOrder(env, g, units, null, n)) loseStep(env, g, id);
    if (n) ctx.log(`Attrition at ${L(env, hex)}: ${n} step(s) lost`, { rule: '12.8b' });
  }
};

/** 2.3 Clean Up: the phasing player's Exploit and DG markers go; reserves released this turn are spent. */
export const cleanUp: ProcedureOf<'cleanUp'> = (env, _ctx, g, f) => {
  for (const id of unitsOf(g, env, f.side)) {
    const u = g.units[id]!;
    if (u.marker === 'dg' || u.marker === 'exploit') delete u.marker;
    delete u.hadZoc;
  }
  g.released = [];
  if (g.fueled) g.fueled[f.side] = []; // 12.5d
  g.phaseSeq++;
  g.version++;
};

/** End of the game turn: sudden death, the last turn's victory points, or the next turn. */
export const endTurn: ProcedureOf<'endTurn'> = (env, ctx, g, f) => {
  const s = env.data.scenario;
  for (const sd of s.victory.suddenDeath)
    if (
      sd.hexes.every((h) => controllerOf(env, g, env.hexOf(h)) === sd.side && !hasEnemy(env, g, sd.side, env.hexOf(h)))
    ) {
      g.result = { winner: sd.side, reason: `${sd.side} holds ${sd.hexes.join(', ')}`, rule: 'scenario victory' };
      return;
    }
  if (f.turn >= s.turns.last) {
    const vp = Object.fromEntries(env.sides.map((x) => [x, 0]));
    for (const v of s.victory.hexes) if (controllerOf(env, g, env.hexOf(v.hex)) === v.side) vp[v.side]! += v.vp;
    for (const side of env.sides)
      vp[side]! += (g.stepsLost[enemyOf(env, side)] ?? 0) * (s.victory.stepVp[side]?.value ?? 0);
    const [a, b] = env.sides;
    const diff = vp[a]! - vp[b]!;
    const winner = diff >= s.victory.margin.value ? a : b;
    ctx.log(`Victory points: ${env.sides.map((x) => `${x} ${vp[x]}`).join(', ')}`, { rule: 'scenario victory' });
    g.result = { winner, reason: `victory points ${vp[a]} to ${vp[b]}`, rule: 'scenario victory' };
    return;
  }
  call(g.stack, { kind: 'gameTurn', turn: f.turn + 1 });
};

const hasEnemy = (env: Env, g: OcsState, side: string, hex: number) =>
  unitsAt(g, hex).some((id) => groundOf(env, id) && env.counters.get(id)!.side !== side);

export const flow = defineFlow<Env, OcsState, Frame, Action>({
  name: 'ocs',
  stack: (g) => g.stack,
  decisions: {
    chooseFirst,
    movement,
    overstack,
    barrage: barrageSegment,
    barrageDeclare,
    combat,
    declare,
    attackerOptions,
    defenderOptions,
    retreat,
    advance,
  },
  procedures: { gameTurn, playerTurn, reinforcement, supplyPhase, barrageResolve, resolve, cleanUp, endTurn },
  over: (g) => g.result !== null,
  onEmpty: 'throw',
});
