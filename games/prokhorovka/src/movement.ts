/**
 * Movement (8.0) with the engine's PathFinder: movement allowance and TEC costs by branch
 * (8.2(1)1-2, table 6.13), hexside costs of rivers and major rivers (8.2(1)3), roads at 1 MP
 * (8.2(1)4), bridges where a road or railway crosses a river (8.2(1)5, 2.2.1(7)), the enemy
 * ZOC stop (8.2(2)), strategic movement along roads at twice the MA (8.3), one stack per hex at
 * the end of a move (3.4(1)(4), A-08), the turn-1/2 limits (17.1(2)(3)), the entry of
 * reinforcements from their sources (7.0(2)), the XXIV Panzer Corps roll (19.2) and city
 * control (3.3). The cost and reach helpers also serve retreat (14.0) and advance after combat
 * (15.0); the movement phase's decisions (pick a stack, then its destination) are in
 * movementPhase.ts.
 */
import { PathFinder, type Ctx, type Reach } from '@sandtable/engine';
import { ANY_RIVER, MAJOR, RAIL, ROAD } from './data/board.ts';
import type { Side } from './data/types.ts';
import { drawEquip } from './draw.ts';
import {
  ARRIVING,
  RESERVE,
  chitsOf,
  detachmentChitOf,
  detachmentUnitId,
  inEnemyZoc,
  values,
  type MoveMode,
  type MoveState,
  type Env,
  type PGState,
  type UnitState,
} from './state.ts';

export type MoveAction =
  | { type: 'pick'; unit: string; mode: MoveMode }
  | { type: 'moveTo'; hex: string }
  | { type: 'cancelMove' }
  | { type: 'load'; chit: string }
  | { type: 'xxivRoll' }
  /** 签一览 detachment: at the start of the movement phase a detachment chit turns face-up and splits off as a unit (then its destination is chosen). */
  | { type: 'detach'; chit: string };

/** 3.3(1): at the start, cities north of the start line are Soviet, those south German. */
export function initialMoveState(E: Env): MoveState {
  const cities: Record<string, Side> = {};
  for (const p of E.d.map.places)
    if (p.kind === 'city') cities[p.hex] = E.b.germanSide[E.b.grid.hex(p.hex)] ? 'DE' : 'SU';
  return { moved: [], strategic: [], picked: null, cities, xxivDone: false, lastPath: [] };
}

// ---- costs ----------------------------------------------------------------------------------

/** Per rules instance: the PathFinder and the TEC costs laid out per hex (table 6.13). */
interface MoveEnv {
  finder: PathFinder;
  /** MP to enter each hex by its terrain: [non-mechanized, mechanized]. */
  terrain: [Uint8Array, Uint8Array];
  /** Extra MP of a river / major river hexside: [non-mechanized, mechanized]. */
  river: [number, number];
  major: [number, number];
  /** 1 where a road leaves the hex (entry along a road, 7.0(2)). */
  roadHex: Uint8Array;
  /** Entry sources per unit and option (7.0(1), A-56). */
  entries: Map<string, number[]>;
}
const moveEnvs = new WeakMap<Env, MoveEnv>();
function menv(E: Env): MoveEnv {
  let m = moveEnvs.get(E);
  if (m) return m;
  const grid = E.b.grid;
  const n = grid.nodeCount;
  const terrain: [Uint8Array, Uint8Array] = [new Uint8Array(n), new Uint8Array(n)];
  const roadHex = new Uint8Array(n);
  for (let h = 0; h < n; h++) {
    const t = E.d.tables.terrain[grid.terrain[h]!]!;
    terrain[0][h] = t.mpNonMech;
    terrain[1][h] = t.mpMech;
    roadHex[h] = grid.neighbours(h).some((x) => (grid.hexsideBetween(h, x) & ROAD) !== 0) ? 1 : 0;
  }
  const side = (id: string): [number, number] => {
    const x = E.d.tables.hexsides.find((k) => k.id === id)!;
    return [x.mpNonMech, x.mpMech];
  };
  m = {
    finder: new PathFinder(grid),
    terrain,
    river: side('river'),
    major: side('major'),
    roadHex,
    entries: new Map(),
  };
  moveEnvs.set(E, m);
  return m;
}
const finder = (E: Env) => menv(E).finder;

const isMech = (E: Env, id: string) => E.unitById.get(id)!.mechanized;

/** MP to enter `to` from the adjacent `from` (8.2(1)2-5): road 1; else TEC by branch plus an unbridged river hexside. */
export function stepCost(E: Env, mech: boolean, from: number, to: number): number {
  const hs = E.b.grid.hexsideBetween(from, to);
  if (hs & ROAD) return 1; // 8.2(1)4
  const m = menv(E);
  const k = mech ? 1 : 0;
  let c = m.terrain[k][to]!; // 8.2(1)2, table 6.13
  // 8.2(1)3; a bridge (road or railway crossing) ignores the river (8.2(1)5, 2.2.1(7))
  if (hs & ANY_RIVER && !(hs & RAIL)) c += (hs & MAJOR ? m.major : m.river)[k];
  return c;
}

/** MP to enter a source hex from off the map (7.0(2)): the road cost if a road leaves there, else its terrain (spec [RECON]). */
export function entryCost(E: Env, mech: boolean, source: number): number {
  if (entersByRoad(E, source)) return 1;
  return menv(E).terrain[mech ? 1 : 0][source]!;
}
const entersByRoad = (E: Env, h: number) => menv(E).roadHex[h] === 1;

/** Per hex, for the moving side: 1 friendly stack, 2 closed (enemy stack, 3.4(1); enemy source, 2.2.1(5)). Cached per state version. */
export function occupancyFor(E: Env, g: PGState, side: Side): Uint8Array {
  const c = occCache.get(g);
  if (c && c.ver === g.ver) return c[side];
  const n = E.b.grid.nodeCount;
  const out = { ver: g.ver, DE: new Uint8Array(n), SU: new Uint8Array(n) };
  for (let h = 0; h < n; h++) if (E.b.source[h]) out[E.b.source[h] === 1 ? 'SU' : 'DE'][h] = CLOSED;
  for (const u of g.units) {
    if (u.hex < 0) continue;
    out[u.side][u.hex] = FRIEND;
    out[u.side === 'DE' ? 'SU' : 'DE'][u.hex] = CLOSED;
  }
  occCache.set(g, out);
  return out[side];
}
const FRIEND = 1;
const CLOSED = 2;
const occCache = new WeakMap<PGState, { ver: number; DE: Uint8Array; SU: Uint8Array }>();

// ---- allowances -----------------------------------------------------------------------------

/** The unit's MA this move (2.11(2)3, 8.2(1)1): 0 under 17.1(2) and 17.1(3) on turn 1; halved (rounded down, A-31) on turn 2. */
export function movementAllowance(E: Env, g: PGState, u: UnitState): number {
  const ma = values(E, u).ma;
  const f = E.unitById.get(u.id)!.formation;
  if (g.turn === 1 && u.side === 'DE') return 0; // 17.1(2)
  if (u.side === 'SU' && (f === '1TA' || f === 'R')) {
    if (g.turn === 1) return 0; // 17.1(3)
    if (g.turn === 2) return g.o.halfMaRoundDown ? Math.floor(ma / 2) : Math.ceil(ma / 2); // 17.1(3), A-31
  }
  return ma;
}

/** The communication sources an arriving unit enters from (7.0(1)(2), A-56). */
export function entrySources(E: Env, g: PGState, u: UnitState): number[] {
  const m = menv(E);
  const key = `${u.id}|${g.o.entryByTrackSource}`;
  let out = m.entries.get(key);
  if (!out) m.entries.set(key, (out = entrySourcesOf(E, g, u)));
  return out;
}

function entrySourcesOf(E: Env, g: PGState, u: UnitState): number[] {
  const src = E.d.map.sources;
  if (u.side === 'DE') return src.filter((s) => s.side === 'DE' && s.edge === 'S').map((s) => E.b.grid.hex(s.hex)); // 7.0(1): south edge
  const f = E.unitById.get(u.id)!.formation;
  const entry = g.o.entryByTrackSource
    ? (E.d.tables.turnTrack.flatMap((t) => t.reinforcements).find((r) => r.formation === f)?.entry ?? 'any')
    : 'any';
  const edges = entry === 'any' ? null : entry.split('/'); // 7.0(1) "N/E", A-56
  return src.filter((s) => s.side === 'SU' && (!edges || edges.includes(s.edge))).map((s) => E.b.grid.hex(s.hex));
}

/**
 * Every hex the stack `u` may end a move in, with its MP cost (8.2, 8.3, 7.0(2)); empty when it
 * may not move. Friendly stacks may be passed through but not joined (3.4(1)(4)); an enemy ZOC
 * hex ends the move (8.2(2)); strategic movement runs only along roads, never into enemy ZOC,
 * with twice the MA (8.3(1)).
 */
export function reachable(E: Env, g: PGState, u: UnitState, mode: MoveMode): Map<number, number> {
  const out = new Map<number, number>();
  search(E, g, u, mode, (r, spent) => {
    for (const h of r.nodes()) {
      const c = r.costTo(h) + spent;
      if (h === u.hex || occupancyFor(E, g, u.side)[h] === FRIEND) continue; // 3.4(1): the move may not end on another stack
      if (!out.has(h) || out.get(h)! > c) out.set(h, c);
    }
    return false;
  });
  return out;
}

/** Whether `u` can end a move anywhere (a search that stops at the first legal end hex). */
export function canMove(E: Env, g: PGState, u: UnitState, mode: MoveMode): boolean {
  const occ = occupancyFor(E, g, u.side);
  if (u.hex >= 0 && oneStepMove(E, g, u, mode, occ)) return true; // the common case, without a search
  return search(
    E,
    g,
    u,
    mode,
    (r) => r.goal >= 0,
    (h) => h !== u.hex && occ[h] !== FRIEND,
  );
}

/** Whether `u` may end a move in an adjacent empty hex (8.2(1), 8.3(1); entering an enemy ZOC ends a normal move there, 8.2(2)). */
function oneStepMove(E: Env, g: PGState, u: UnitState, mode: MoveMode, occ: Uint8Array): boolean {
  const ma = movementAllowance(E, g, u);
  if (ma <= 0) return false;
  const grid = E.b.grid;
  if (mode === 'strategic') {
    const zoc = inEnemyZoc(E, g, u.side);
    return grid
      .neighbours(u.hex)
      .some((h) => occ[h] === 0 && !zoc[h] && (grid.hexsideBetween(u.hex, h) & ROAD) !== 0 && 1 <= 2 * ma);
  }
  const mech = isMech(E, u.id);
  return grid.neighbours(u.hex).some((h) => occ[h] === 0 && stepCost(E, mech, u.hex, h) <= ma);
}

/**
 * Runs the movement search of `u` from its hex, or from each entry source (7.0(2)) with the
 * source's entry cost already spent; `visit` sees each result and may stop the loop.
 */
function search(
  E: Env,
  g: PGState,
  u: UnitState,
  mode: MoveMode,
  visit: (r: Reach, spent: number) => boolean,
  isGoal?: (h: number) => boolean,
): boolean {
  const ma = movementAllowance(E, g, u);
  if (ma <= 0) return false;
  const zoc = inEnemyZoc(E, g, u.side);
  const occ = occupancyFor(E, g, u.side);
  const mech = isMech(E, u.id);
  const grid = E.b.grid;
  const strategic = mode === 'strategic';
  const budget = strategic ? 2 * ma : ma;
  const cost = strategic
    ? (a: number, b: number) => (occ[b] !== CLOSED && grid.hexsideBetween(a, b) & ROAD && !zoc[b] ? 1 : Infinity) // 8.3(1)1-2
    : (a: number, b: number) => (occ[b] === CLOSED ? Infinity : stepCost(E, mech, a, b));
  const stopsIn = (h: number) => zoc[h] === 1; // 8.2(2)
  const starts = u.hex >= 0 ? [{ hex: u.hex, spent: 0 }] : entryStarts(E, g, u, mech, strategic, occ);
  for (const s of starts) {
    if (s.spent > budget) continue;
    const r = finder(E).reach(s.hex, { budget: budget - s.spent, cost, stopsIn, isGoal });
    if (visit(r, s.spent)) return true;
  }
  return false;
}

function entryStarts(E: Env, g: PGState, u: UnitState, mech: boolean, strategic: boolean, occ: Uint8Array) {
  if (u.hex !== ARRIVING) return [];
  return entrySources(E, g, u)
    .filter((h) => occ[h] !== CLOSED && (!strategic || entersByRoad(E, h)))
    .map((h) => ({ hex: h, spent: strategic ? 1 : entryCost(E, mech, h) }));
}

/** The cheapest path of a legal move (hex indices, the start or entry source first). */
export function movePath(E: Env, g: PGState, u: UnitState, mode: MoveMode, to: number): number[] {
  let best: number[] = [];
  let bestCost = Infinity;
  search(E, g, u, mode, (r, spent) => {
    const c = r.costTo(to) + spent;
    if (c < bestCost) {
      bestCost = c;
      best = r.pathTo(to);
    }
    return false;
  });
  return best;
}

// ---- who may move ---------------------------------------------------------------------------

/** Why `u` may not move in `mode` now, or null (8.1, 8.3, 17.1, A-06). */
export function pickRefusal(
  E: Env,
  g: PGState,
  side: Side,
  u: UnitState | undefined,
  mode: MoveMode,
): { rule: string; message: string } | null {
  if (!u || u.side !== side) return { rule: '8.1(1)', message: 'move one of your own stacks' };
  if (u.hex < 0 && u.hex !== ARRIVING)
    return { rule: '8.1(1), 7.0(2)', message: `${u.id} is not on the map and not arriving` };
  if (g.mv.moved.includes(u.id)) return { rule: '8.1(1), 8.1(3)', message: `${u.id} has already moved this phase` };
  if (g.turn === 1 && side === 'DE') return { rule: '17.1(2)', message: 'German stacks may not move on turn 1' };
  const f = E.unitById.get(u.id)!.formation;
  if (g.turn === 1 && (f === '1TA' || f === 'R'))
    return { rule: '17.1(3)', message: `${u.id} (${f}) may not move on turn 1` };
  if (mode === 'strategic') {
    if (g.o.strategicOnlyDesignated && !u.designated && u.hex !== ARRIVING)
      return {
        rule: '8.1(3), 5.1(3)2, A-06',
        message: `only reserve-designated stacks and entering reinforcements may move strategically; ${u.id} is not designated`,
      };
    if (u.hex >= 0 && inEnemyZoc(E, g, side)[u.hex])
      return { rule: '8.3(1)2', message: `${u.id} starts in an enemy ZOC: no strategic movement` };
  }
  if (!canMove(E, g, u, mode))
    return { rule: mode === 'strategic' ? '8.3(1)' : '8.2(1)', message: `${u.id} has no hex it can reach` };
  return null;
}

// ---- detachments (签一览 detachment, A-26) -----------------------------------------------------

export const unitHex = (g: PGState, id: string) => g.units.find((x) => x.id === id)!.hex;

/** The picked stack as the search sees it: a detachment splitting off starts from its parent's hex (签一览 detachment). */
export function pickedUnit(g: PGState): UnitState {
  const p = g.mv.picked!;
  const u = g.units.find((x) => x.id === p.unit)!;
  return p.from ? { ...u, hex: unitHex(g, p.from) } : u;
}

/** 签一览 detachment: the start of the movement phase lasts until a stack other than a splitting detachment moves. */
export const phaseStarted = (g: PGState) => g.mv.moved.some((id) => !detachmentChitOf(id));

/** Why the detachment chit `chit` may not split off now, or null (签一览 detachment, D-56). */
export function detachRefusal(E: Env, g: PGState, side: Side, chit: string): { rule: string; message: string } | null {
  const c = g.equip.find((x) => x.id === chit);
  if (!c || c.side !== side || E.equipById.get(c.id)!.cls !== 'detachment')
    return { rule: '签一览 detachment', message: `${chit} is not one of your detachment chits` };
  const parent = g.units.find((x) => x.id === c.loc);
  if (!parent || parent.hex < 0)
    return { rule: '签一览 detachment, 3.5(2)', message: `${chit} is not under one of your units on the map` };
  if (phaseStarted(g))
    return {
      rule: '签一览 detachment',
      message: 'detachments split off only at the start of the movement phase, before any other stack moves',
    };
  const u = { ...g.units.find((x) => x.id === detachmentUnitId(c.id))!, hex: parent.hex };
  if (!canMove(E, g, u, 'normal'))
    return {
      rule: '签一览 detachment, 3.4(1)',
      message: `the detachment could not leave ${E.b.grid.label(parent.hex)}: it may not turn face-up without separating`,
    };
  return null;
}

// ---- 19.2 -----------------------------------------------------------------------------------

/** 19.2(1)(3): from turn 5, at the start of the German movement phase, unless the 7.0 condition holds now. */
export function xxivRollAllowed(E: Env, g: PGState): boolean {
  if (!g.o.xxivPanzerCorps || g.side !== 'DE' || g.phase !== 'movement' || g.mv.xxivDone) return false;
  if (g.turn < E.d.tables.combat.xxivFromTurn) return false; // 19.2(1)
  if (g.units.some((u) => u.side === 'SU' && u.hex >= 0 && E.b.germanSide[u.hex] === 1)) return false; // 19.2(3)
  return xxivPool(E, g).length > 0;
}
const xxivPool = (E: Env, g: PGState) =>
  g.units.filter((u) => u.side === 'DE' && u.hex === RESERVE && E.unitById.get(u.id)!.formation === 'XXIV');

/** 19.2(2): the XXIV Panzer Corps roll; on a hit a random XXIV unit joins with its chits and enters this phase. */
export function xxivRoll(E: Env, ctx: Ctx, g: PGState): void {
  g.mv.xxivDone = true;
  const [d] = ctx.roll(1, 'XXIV Panzer Corps joins on 1D6 <= 2 (19.2(2))');
  if (d! > E.d.tables.combat.xxivJoinHit) {
    ctx.log(`XXIV Panzer Corps: rolled ${d}, no unit joins (19.2(2))`, { rule: '19.2(2)' });
    return;
  }
  const pool = xxivPool(E, g);
  const u =
    pool[
      pool.length === 1
        ? 0
        : ctx.roll(1, 'XXIV Panzer Corps: the unit is picked at random (19.2(2))', pool.length)[0]! - 1
    ]!;
  u.hex = ARRIVING;
  g.ver++; // a new stack may move: cached picks are stale
  const allot = E.d.tables.xxivAllotment.find((a) => a.unit === u.id) ?? { tank: 0, equip: 0 };
  drawEquip(E, ctx, g, 'DE', 'tank', allot.tank, 'arriving', `${u.id} joins (19.2(2))`); // enters with it (7.0(2), A-03)
  drawEquip(E, ctx, g, 'DE', 'equip', allot.equip, 'arriving', `${u.id} joins (19.2(2))`);
  ctx.log(
    `XXIV Panzer Corps: rolled ${d}, ${u.id} joins with ${allot.tank} Tank + ${allot.equip} Equip chits and enters this movement phase (19.2(2), 7.0(2))`,
    { rule: '19.2(2)' },
  );
}

/**
 * Moves a stack to `to` along `path` (its chits go with it, 3.4(3)) and bumps `g.ver`. Cities
 * passed through change control (3.3(2)); face-up positions go back to their cup when their
 * stack moves (签一览 position); chits over the equipment value go to the reorganization pool
 * at the stacking check (3.4(4), A-08). Used by movement; retreat and advance may use it too.
 */
export function moveUnit(E: Env, g: PGState, u: UnitState, to: number, path: number[] = [to]): void {
  u.hex = to;
  g.ver++;
  g.mv.lastPath = path.map((h) => E.b.grid.label(h));
  passThrough(E, g, u.side, path);
  for (const c of chitsOf(g, u.id)) {
    if (c.faceUp && E.equipById.get(c.id)!.cls === 'position') {
      c.loc = 'cup';
      c.faceUp = false;
    }
  }
  stackingCheck(E, g, u);
}

/** 3.3(2): a city belongs to the side of the last unit that passed through it. */
export function passThrough(E: Env, g: PGState, side: Side, path: number[]): void {
  for (const h of path) {
    const label = E.b.grid.label(h);
    if (label in g.mv.cities) g.mv.cities[label] = side;
  }
}

/** 3.4(2)(4), A-08: chits over the unit's equipment value go face-down to the reorganization pool. */
export function stackingCheck(E: Env, g: PGState, u: UnitState): void {
  if (!g.o.excessChitsToReorg) return;
  const chits = chitsOf(g, u.id);
  for (const c of chits.slice(values(E, u).equip)) {
    c.loc = 'reorg';
    c.faceUp = false;
  }
}

/**
 * End of the movement phase: reset the per-phase bookkeeping (8.1). Arriving units not entered
 * stay arriving; the received chits not taken in by an entering unit go face-down to the
 * reorganization pool (A-03, 3.5(3)).
 */
export function endMovement(g: PGState): void {
  const waiting = new Set(g.units.filter((u) => u.hex === ARRIVING).map((u) => u.id));
  for (const c of g.equip) {
    if (c.side === g.side && (c.loc === 'arriving' || waiting.has(c.loc))) {
      c.loc = 'reorg';
      c.faceUp = false;
    }
  }
  g.mv.moved = [];
  g.mv.picked = null;
  g.mv.xxivDone = false;
}

/** End of a player-turn: strategic movers may attack again next turn (8.3(1)3). */
export function endPlayerTurnMovement(g: PGState): void {
  g.mv.strategic = [];
}

/** 8.3(1)3: a stack that moved strategically may not attack this player-turn (for the attack phases). */
export const movedStrategically = (g: PGState, unit: string) => g.mv.strategic.includes(unit);

/** Why the picked stack may not end its move at `label` (8.2, 8.3, 3.4, 2.2.1(5)). */
export function destinationRefusal(E: Env, g: PGState, label: string): { rule: string; message: string } | null {
  const p = g.mv.picked!;
  const u = pickedUnit(g);
  const h = E.b.grid.indexOfLabel(label);
  if (h < 0) return { rule: '2.2.1(1)', message: `no hex ${label} on the map` };
  if (reachable(E, g, u, p.mode).has(h)) return null;
  const occupant = g.units.find((x) => x.hex === h);
  if (occupant && occupant.side !== u.side)
    return { rule: '3.4(1), 8.2', message: `${label} holds the enemy stack ${occupant.id}` };
  if (occupant)
    return {
      rule: '3.4(1)(4), A-08',
      message: `${label} holds ${occupant.id}: a move may pass through but not end on another stack`,
    };
  if (E.b.source[h] && E.b.source[h] !== (u.side === 'DE' ? 1 : 2))
    return { rule: '2.2.1(5)', message: `${label} is an enemy communication source` };
  if (h === u.hex) return { rule: '8.1(2)', message: 'the stack is already there' };
  if (p.mode === 'strategic') {
    const inZoc = inEnemyZoc(E, g, u.side)[h];
    return inZoc
      ? { rule: '8.3(1)2', message: `${label} is in an enemy ZOC: strategic movement never enters one` }
      : {
          rule: '8.3(1)1',
          message: `${label} is not reachable along roads within twice the MA (${2 * movementAllowance(E, g, u)})`,
        };
  }
  if (reachableIgnoringZoc(E, g, u, h))
    return { rule: '8.2(2)', message: `${label} lies beyond an enemy ZOC hex, where the move must stop` };
  return {
    rule: '8.2(1)1',
    message: `${label} costs more than ${u.id}'s movement allowance (${movementAllowance(E, g, u)} MP)`,
  };
}

function reachableIgnoringZoc(E: Env, g: PGState, u: UnitState, h: number): boolean {
  if (u.hex < 0) return false;
  const occ = occupancyFor(E, g, u.side);
  const mech = isMech(E, u.id);
  const r = finder(E).reach(u.hex, {
    budget: movementAllowance(E, g, u),
    cost: (a, b) => (occ[b] === CLOSED ? Infinity : stepCost(E, mech, a, b)),
  });
  return r.has(h);
}
