/**
 * Property test (foundation issue): 1,000 seeded random games played to the end, with the game's
 * invariants checked after EVERY action.
 *
 * Each game: `G.setup(seed)`, then a seeded chooser picks uniformly among the legal actions of the
 * role on the decision; the action is applied in place (`applyInPlace`, quiet) on one state per game.
 *
 * Invariants (rule references from the spec):
 *  - every decision offers at least one legal action; the other role has none (§11, contract);
 *  - cube conservation per side: cubes on the map + pool + landing cubes at sea in the current
 *    battle = the box count (§4, data cubes.*.count); no negative cube count;
 *  - counters: ids unique, the counter set never changes, each counter is in exactly one valid
 *    place (a passable area, the pool, the sea for fleets/U-boats only, "in battle" only while it is
 *    a participant of the current battle, or gone); gone is permanent (§42, §43);
 *  - lines: at most 1 per area, only in passable areas (§36 L380);
 *  - tanks: at most 2 per side per area at every moment (§28 L296);
 *  - stacking: at the end of each impulse no area holds more than 6 units of a side counting
 *    cubes and counters, partisans and lines excepted (§3 L38-L42, §35 L368);
 *  - no area holds non-partisan units of both sides (§2 L32; AMB-11: partisans co-exist, landing
 *    units and dropped paratroops are "in battle", not in the area);
 *  - control: an area holding only one side's units (partisans excepted) is controlled by it
 *    (§2 L32, AMB-12: only land units change control; aircraft only fly to friendly areas);
 *  - turn never decreases and never exceeds 8; the game ends with an outcome by the end of
 *    turn 8 (§7 L87, §6) within a step bound;
 *  - every 50th game: replay(record) reproduces the hash and outcome of the played state.
 *
 * The shards `property.<k>.test.ts` each play a quarter of the games (the test workers share them);
 * a failure shrinks (fast-check) to a short action sequence, printed action by action.
 */
import { expect } from 'vitest';
import { checkRandomGames, type RandomGamesSpec } from '@sandtable/engine/testing/random-games';
import { softUnderbelly as G, loadSoftUnderbellyData, type SUAction, type SUState } from '../index.ts';
import { BATTLE, GONE, POOL, SEA, stackCount, type Side } from '../state.ts';

const data = loadSoftUnderbellyData();
const N = data.areas.length;
const passable = data.areas.map((a) => a.kind !== 'impassable');
const SIDES: Side[] = ['allies', 'axis'];
const COUNTER_IDS = data.counters.map((c) => c.id).sort();
const COUNTER_ORDER = data.counters.map((c) => c.id);
/** 1,000 games (foundation issue); SU_PROP_GAMES=n runs fewer locally while debugging. */
export const GAMES = Number(process.env.SU_PROP_GAMES ?? 1000);
const MAX_STEPS = 20_000;
export const REPLAY_EVERY = 50;

/** Seeds of game `i`: game dice seed and chooser seed. */
const seeds = (i: number) => ({ game: `prop-${i}`, chooser: `prop-chooser-${i}` });

function fail(where: string, msg: string): never {
  throw new Error(`${where}: ${msg}`);
}

function seaCubes(g: SUState, side: Side): number {
  const b = g.battle;
  if (!b || b.attacker !== side) return 0;
  let k = 0;
  b.att.from.forEach((a, i) => {
    if (a < 0) k += b.att.cubes[i]!;
  });
  return k;
}

/** Invariants that hold after every action. */
function checkAlways(g: SUState, where: string, gone: Set<string>): void {
  // Counters: the same set, each in one valid place.
  if (g.units.length !== COUNTER_IDS.length) fail(where, `counter count ${g.units.length} != ${COUNTER_IDS.length}`);
  // The counters keep the data's order, so position-wise equality proves "same ids, each once".
  for (let i = 0; i < g.units.length; i++)
    if (g.units[i]!.id !== COUNTER_ORDER[i])
      fail(where, `counter ids changed or duplicated at #${i} (${g.units[i]!.id})`);
  const inBattle = new Set(g.battle ? g.battle.att.ids : []);
  for (const u of g.units) {
    const { loc } = u;
    if (gone.has(u.id) && loc !== GONE) fail(where, `${u.id} came back after being removed from the game (loc ${loc})`);
    if (loc === GONE) {
      gone.add(u.id);
      continue;
    }
    const naval = u.type === 'fleet' || u.type === 'uboat';
    if (naval) {
      if (loc !== SEA) fail(where, `${u.id} (${u.type}) is not at sea: loc ${loc}`);
      continue;
    }
    if (loc === SEA) fail(where, `${u.id} (${u.type}) is at sea`);
    if (loc === POOL) continue;
    if (loc === BATTLE) {
      if (!inBattle.has(u.id)) fail(where, `${u.id} is "in battle" but not a participant of the current battle`);
      if (u.side !== 'allies') fail(where, `${u.id} is an Axis counter "in battle"`);
      continue;
    }
    if (!(Number.isInteger(loc) && loc >= 0 && loc < N)) fail(where, `${u.id} has an invalid location ${loc}`);
    if (!passable[loc]) fail(where, `${u.id} is in impassable ${data.areas[loc]!.id}`);
  }
  // Cubes: conservation and no negatives.
  for (const side of SIDES) {
    let onMap = 0;
    for (let a = 0; a < N; a++) {
      const c = g.cubes[side][a]!;
      if (!Number.isInteger(c) || c < 0) fail(where, `${side} cube count ${c} in ${data.areas[a]!.id}`);
      if (c > 0 && !passable[a]) fail(where, `${side} cubes in impassable ${data.areas[a]!.id}`);
      onMap += c;
    }
    if (g.pool[side] < 0) fail(where, `${side} pool is ${g.pool[side]}`);
    const total = onMap + g.pool[side] + seaCubes(g, side);
    if (total !== data.cubes[side].count) {
      fail(
        where,
        `${side} cubes: map ${onMap} + pool ${g.pool[side]} + at sea ${seaCubes(g, side)} = ${total}, box holds ${data.cubes[side].count}`,
      );
    }
  }
  // Lines: passable areas or the pool, at most one per area.
  const seenLine = new Set<number>();
  for (const l of g.lines) {
    if (l === POOL) continue;
    if (!(l >= 0 && l < N) || !passable[l]) fail(where, `a defensive line is at invalid location ${l}`);
    if (seenLine.has(l)) fail(where, `two defensive lines in ${data.areas[l]!.id} (§36 L380)`);
    seenLine.add(l);
  }
  // Tanks, both sides in one area, control (one pass over the counters).
  const tanks = { allies: new Uint8Array(N), axis: new Uint8Array(N) };
  const occ = { allies: new Uint8Array(N), axis: new Uint8Array(N) };
  for (const u of g.units) {
    if (u.loc < 0 || u.type === 'partisan') continue;
    occ[u.side][u.loc] = 1;
    if (u.type === 'tank') tanks[u.side][u.loc] = tanks[u.side][u.loc]! + 1;
  }
  for (let a = 0; a < N; a++) {
    if (!passable[a]) continue;
    for (const side of SIDES) {
      if (tanks[side][a]! > 2) fail(where, `${tanks[side][a]} ${side} tanks in ${data.areas[a]!.id} (§28 L296)`);
    }
    const al = occ.allies[a] === 1 || g.cubes.allies[a]! > 0;
    const ax = occ.axis[a] === 1 || g.cubes.axis[a]! > 0;
    if (al && ax) fail(where, `area ${data.areas[a]!.id} holds units of both sides (§2 L32)`);
    if (al && g.ctrl[a] !== 'allies')
      fail(where, `area ${data.areas[a]!.id} holds only Allied units but is ${g.ctrl[a]}-controlled (§2 L32)`);
    if (ax && g.ctrl[a] !== 'axis')
      fail(where, `area ${data.areas[a]!.id} holds only Axis units but is ${g.ctrl[a]}-controlled (§2 L32)`);
  }
  if (g.turn < 1 || g.turn > 8) fail(where, `turn ${g.turn} outside 1..8 (§7 L87)`);
}

/** Stacking at the end of an impulse (§3 L38-L42). */
function checkStacking(g: SUState, where: string): void {
  for (let a = 0; a < N; a++) {
    for (const side of SIDES) {
      const k = stackCount(g, a, side);
      if (k > 6) fail(where, `${k} ${side} units in ${data.areas[a]!.id} at the end of an impulse (§3 L38)`);
    }
  }
}

const inImpulse = (phase: string) => phase === 'impulse' || phase.startsWith('battle');

/** The games for the shared harness: every invariant after every action (fast-check shrinks a failure). */
const spec: RandomGamesSpec<SUState, SUAction> = {
  game: G,
  seeds: (i) => ({ game: seeds(i).game, chooser: `chooser:${seeds(i).chooser}` }),
  maxSteps: MAX_STEPS,
  record: (i) => i % REPLAY_EVERY === 0,
  watch: (i) => {
    const gone = new Set<string>();
    let before = { phase: '', serial: 0, turn: 0 };
    return {
      afterAction: (s, step) => {
        const g = s.game;
        const where = step ? `game ${i} action #${step.index} (${step.kind})` : `game ${i} after set-up`;
        checkAlways(g, where, gone);
        if (step) {
          if (g.turn < before.turn) fail(where, `turn went back from ${before.turn} to ${g.turn}`);
          // The impulse ended (a new impulse or turn began, or the turn ended in an outcome).
          const ended =
            g.serial !== before.serial || g.turn !== before.turn || (G.outcome(s) !== null && !inImpulse(g.phase));
          if (inImpulse(before.phase) && ended) checkStacking(g, where);
        }
        before = { phase: g.phase, serial: g.serial, turn: g.turn };
      },
      atEnd: (s, played) => {
        const o = G.outcome(s)!;
        expect(s.game.turn, `game ${i}`).toBeLessThanOrEqual(8);
        expect(o.rule, `game ${i}`).toMatch(/§6/);
        if (spec.record?.(i)) {
          const back = G.replay({ ...G.newRecord(seeds(i).game), actions: played.actions });
          expect(G.hash(back), `game ${i}: replay(record) hash`).toBe(G.hash(s));
          expect(G.outcome(back), `game ${i}: replay outcome`).toEqual(o);
        }
      },
    };
  },
};

/** Plays games `from`..`to`-1, checking every invariant after every action; returns the number of actions. */
export function block(from: number, to: number): number {
  const r = checkRandomGames(spec, from, to);
  expect(r.games).toBe(to - from);
  return r.steps;
}
