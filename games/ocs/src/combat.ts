/**
 * 9.0 Ground combat, as functions of the state: strengths with their multipliers (9.4 terrain and
 * AT, 9.5 supply, 5.x modes, 9.11d step losses; all cumulative, 4.3), the defender's terrain
 * choices (9.3b, 9.4b-c), odds and column (9.7), the AR modifier (9.6), loss distribution (9.11c),
 * and retreat end hexes (9.12). The decisions and the procedure that use them are in resolve.ts.
 */
import { baseColumn, type Odds, oddsOf } from './charts.ts';
import type { CombatEffect, GroundCounter, TerrainCategory } from './data/index.ts';
import { type Env, sidesBetween, terrainsOf } from './env.ts';
import { fieldsOf, inEzoc, sideIndex } from './fields.ts';
import { terrainStep } from './movement.ts';
import type { OcsState, UnitState } from './state.ts';
import {
  AT_RANK,
  atOf,
  arOf,
  charts,
  faceStrength,
  groundOf,
  maOf,
  mtOf,
  printedSteps,
  stepsLeft,
  unitsAt,
} from './units.ts';

/** 9.4e the AT level of the defending hex: the best of its combat units, heavy with a hedgehog (16.0e). */
export function hexAt(env: Env, g: OcsState, hex: number, side: string): number {
  let best = g.hedgehogs[hex]?.side === side ? AT_RANK.heavy : 0;
  for (const id of unitsAt(g, hex)) {
    const c = groundOf(env, id);
    if (c && c.side === side) best = Math.max(best, AT_RANK[atOf(c)]);
  }
  return best;
}

/** 9.4, 9.4e, 9.5a, 5.10b, 9.11d one attacking unit's modified strength. */
export function attackStrength(
  env: Env,
  c: GroundCounter,
  u: UnitState,
  effect: CombatEffect | null,
  defenderAt: number,
): number {
  let s = faceStrength(env, c, u).strength;
  if (effect) {
    let f = effect.factor; // brackets count when attacking (9.4d)
    if (f === 2 && (c.cls === 'armor' || c.cls === 'mech') && defenderAt >= AT_RANK[atOf(c)]) f = 1.5; // 9.4e
    s *= f;
  }
  if (u.oos) s *= 0.5; // 9.5a
  if (u.marker === 'dg') s *= 0.5; // 5.10b A
  if ((u.lost ?? 0) >= 1 && c.steps) s *= 0.5; // 9.11d
  return s;
}

/** 9.4c-d, 9.5, 5.7, 5.8, 5.10b, 9.11d one defending unit's modified strength. */
export function defenceStrength(
  env: Env,
  c: GroundCounter,
  u: UnitState,
  effect: CombatEffect | null,
  supplied: boolean,
): number {
  if (u.marker === 'strat') return 0; // 5.8
  let s = faceStrength(env, c, u).strength;
  if (effect && !effect.attackOnly) s *= effect.factor; // 9.4d brackets read x1
  if (!supplied) s *= 0.5; // 9.5 B
  if (u.oos) s *= 0.5; // 9.5a
  if (u.marker === 'reserve') s *= 0.5; // 5.7
  if (u.marker === 'dg') s *= 0.5; // 5.10b A
  if (c.steps && (u.lost ?? 0) * 2 >= printedSteps(c)) s *= 0.5; // 9.11d
  return s;
}

export interface Odds9 {
  row: TerrainCategory;
  attack: number;
  defence: number;
  odds: Odds;
  column: number;
  /** The defender's terrain choices: for its own stack, and per attacking hex (9.4b-c). */
  defenceTerrain: string;
  stackTerrain: Record<number, string>;
}

/** The units of `side` in `hex` that defend (9.1d: every combat unit there). */
export const defendersAt = (env: Env, g: OcsState, hex: number, side: string): string[] =>
  unitsAt(g, hex).filter((id) => groundOf(env, id)?.side === side);

/**
 * 9.3b, 9.4b-c the defender's terrain choices, made for him: one hex terrain for his stack (it
 * sets the row) and, for each attacking hex, one terrain of the defending hex or the hexside
 * crossed; he picks the combination giving the lowest column, then the lowest odds.
 */
export function bestDefence(env: Env, g: OcsState, hex: number, attackers: string[], defenderSupplied: boolean): Odds9 {
  const t = charts(env, g.options);
  const defSide = env.sides[1 - sideIndex(env, env.counters.get(attackers[0]!)!.side)]!;
  const defenders = defendersAt(env, g, hex, defSide);
  const at = hexAt(env, g, hex, defSide);
  const terrains = terrainsOf(env, hex).filter((x) => !x.water);
  const byHex = new Map<number, string[]>();
  for (const a of attackers) {
    const h = g.units[a]!.hex;
    byHex.set(h, [...(byHex.get(h) ?? []), a]);
  }
  let attack = 0;
  const stackTerrain: Record<number, string> = {};
  for (const [h, units] of byHex) {
    const choices: { id: string; effect: (c: GroundCounter) => CombatEffect | null }[] = terrains.map((x) => ({
      id: x.id,
      effect: (c) => x.combat[c.cls],
    }));
    for (const k of sidesBetween(env, h, hex)) {
      const side = env.sideKinds[k]!;
      if (side.combat) choices.push({ id: side.id, effect: (c) => side.combat![c.cls] });
    }
    let best = Infinity;
    let bestId = '';
    for (const ch of choices) {
      const s = units.reduce(
        (sum, id) => sum + attackStrength(env, groundOf(env, id)!, g.units[id]!, ch.effect(groundOf(env, id)!), at),
        0,
      );
      if (s < best) [best, bestId] = [s, ch.id];
    }
    attack += best;
    stackTerrain[h] = bestId;
  }
  let pick: Odds9 | null = null;
  for (const x of terrains) {
    const defence = defenders.reduce(
      (sum, id) =>
        sum +
        defenceStrength(env, groundOf(env, id)!, g.units[id]!, x.combat[groundOf(env, id)!.cls], defenderSupplied),
      0,
    );
    const odds = oddsOf(attack, defence);
    const column = baseColumn(t, x.category, odds);
    const ratio = defence === 0 ? Infinity : attack / defence;
    const pr = pick ? (pick.defence === 0 ? Infinity : pick.attack / pick.defence) : Infinity;
    if (!pick || column < pick.column || (column === pick.column && ratio < pr))
      pick = { row: x.category, attack, defence, odds, column, defenceTerrain: x.id, stackTerrain };
  }
  return pick!;
}

/** 9.6 the AR unit of a side: the one with the best AR (the player's pick, made for him). */
export function arUnit(env: Env, g: OcsState, units: string[]): string {
  return [...units].sort(
    (a, b) => arOf(groundOf(env, b)!, g.units[b]!) - arOf(groundOf(env, a)!, g.units[a]!) || (a < b ? -1 : 1),
  )[0]!;
}

/**
 * 9.11c the order units lose `n` steps in: the AR unit first, then every unit one before any two;
 * among equals the weakest first (the owner's pick, made for him). Losses beyond the steps are
 * ignored (9.11b).
 */
export function lossOrder(env: Env, g: OcsState, units: string[], ar: string | null, n: number): string[] {
  const left = new Map(units.map((id) => [id, stepsLeft(groundOf(env, id)!, g.units[id]!)]));
  const taken = new Map(units.map((id) => [id, 0]));
  const out: string[] = [];
  const take = (id: string) => {
    out.push(id);
    taken.set(id, taken.get(id)! + 1);
    left.set(id, left.get(id)! - 1);
  };
  if (n > 0 && ar && left.get(ar)! > 0) take(ar);
  while (out.length < n) {
    const alive = units.filter((id) => left.get(id)! > 0);
    if (!alive.length) break;
    const min = Math.min(...alive.map((id) => taken.get(id)!));
    const strength = (id: string) => faceStrength(env, groundOf(env, id)!, g.units[id]!).strength;
    const pick = alive
      .filter((id) => taken.get(id) === min)
      .sort((a, b) => strength(a) - strength(b) || (a < b ? -1 : 1))[0]!;
    take(pick);
  }
  return out;
}

/** 9.11 removes one step from a unit (to the Dead Pile when none are left). */
export function loseStep(env: Env, g: OcsState, id: string): void {
  const c = groundOf(env, id)!;
  const u = g.units[id]!;
  u.lost = (u.lost ?? 0) + 1;
  g.stepsLost[c.side] = (g.stepsLost[c.side] ?? 0) + 1;
  if (stepsLeft(c, u) <= 0) {
    u.hex = -1;
    u.box = 'dead';
    delete u.marker;
  }
  g.version++;
}

/** 5.10a DG every combat unit of a side in the hex (other markers go, 5.10). */
export function dgHex(env: Env, g: OcsState, hex: number, side: string): void {
  for (const id of defendersAt(env, g, hex, side)) {
    g.units[id]!.marker = 'dg';
    delete g.units[id]!.hadZoc;
  }
  g.version++;
}

/**
 * 9.12 the end hexes a stack may retreat to: exactly `n` hexes away in straight-line distance,
 * by a shortest path (A33) that enters no enemy combat unit, no hex that held enemy combat units
 * when the combat began (9.12f), nothing prohibited to any retreating unit (6.2c). Each end hex
 * comes with its path (fewest EZOC hexes among the shortest).
 */
export function retreatEnds(
  env: Env,
  g: OcsState,
  units: string[],
  from: number,
  n: number,
  enemyHexes: number[],
): Map<number, number[]> {
  const side = env.counters.get(units[0]!)!.side;
  const f = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, side);
  const banned = new Set(enemyHexes);
  const grid = env.grid;
  const ok = (a: number, b: number) =>
    !banned.has(b) &&
    !f.combat[enemy]![b] &&
    env.water[b] === 0 &&
    units.every((id) => {
      const c = groundOf(env, id)!;
      return (
        terrainStep(env, mtOf(c, g.units[id]!), a, b, Math.max(1, maOf(env, c, g.units[id]!, 'movement', false))) <
        Infinity
      );
    });
  // Dijkstra on (length, EZOC hexes entered): the shortest paths first, then the fewest EZOC hexes.
  const maxLen = n + 3;
  const best = new Map<number, { len: number; ezoc: number; path: number[] }>([
    [from, { len: 0, ezoc: 0, path: [from] }],
  ]);
  let frontier = [from];
  for (let len = 1; len <= maxLen && frontier.length; len++) {
    const next: number[] = [];
    for (const a of frontier) {
      const pa = best.get(a)!;
      for (const b of grid.neighbours(a)) {
        if (!ok(a, b)) continue;
        const ez = pa.ezoc + (inEzoc(env, g, side, b) ? 1 : 0);
        const seen = best.get(b);
        if (seen && (seen.len < len || (seen.len === len && seen.ezoc <= ez))) continue;
        if (!seen || seen.len > len) next.push(b);
        best.set(b, { len, ezoc: ez, path: [...pa.path, b] });
      }
    }
    frontier = next;
  }
  const out = new Map<number, number[]>();
  for (const [h, p] of best) if (grid.distance(from, h) === n) out.set(h, p.path);
  return out;
}
