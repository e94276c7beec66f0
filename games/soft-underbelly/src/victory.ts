/** Winning the game (§6 L77-L83) and the U-boat's departure (§38 L394). */
import type { Ctx } from '@sandtable/engine';
import { logisticCovers, supplyMap } from './supply.ts';
import { ALLIES, AXIS, BATTLE, GONE, hasUnits, log, type Env, type Side, type SUState } from './state.ts';
import { sideName } from './texts/names.ts';

/** Victory ② counts cubes, tanks, paratroops, elite and aircraft on the map (§6 L79, AMB-42). */
export function unitsOnMap(g: SUState, side: Side): number {
  let c = 0;
  for (const k of g.cubes[side]) c += k;
  if (g.battle)
    for (let i = 0; i < g.battle.att.from.length; i++)
      if (g.battle.attacker === side && g.battle.att.from[i] === -1) c += g.battle.att.cubes[i]!;
  for (const u of g.units) {
    if (
      u.side === side &&
      (u.loc >= 0 || u.loc === BATTLE) &&
      (u.type === 'tank' || u.type === 'aircraft' || u.type === 'elite' || u.type === 'paratroops')
    )
      c++;
  }
  return c;
}

/** Checks run after every change: ① and ② (§6 L77-L79), U-boat removal (§38 L394). */
export function continuousChecks(E: Env, ctx: Ctx, g: SUState): void {
  if (g.result) return;
  if (!g.uboatGone && E.seaAdj.every((a) => g.ctrl[a] === ALLIES)) {
    g.uboatGone = true;
    for (const u of g.units) if (u.type === 'uboat') u.loc = GONE;
    log(ctx, 'The Allies control every sea-adjacent area: the U-boat leaves the game', '§38 L394');
  }
  if (g.phase === 'setup') return;
  if (E.stars.length && E.stars.every((a) => g.ctrl[a] === ALLIES)) {
    g.result = { winner: ALLIES, reason: 'the Allies control every orange-star area', rule: '§6 ① L77' };
    return;
  }
  for (const side of [ALLIES, AXIS]) {
    if (unitsOnMap(g, side) === 0) {
      const winner = side === ALLIES ? AXIS : ALLIES;
      g.result = { winner, reason: `${sideName(side)} has no units on the map`, rule: '§6 ② L79' };
      return;
    }
  }
}

/** ③: Allied units in Munich at the end of a turn, and supplied (§6 L81; Logistic Effort does not help, §45 L446). */
export function munichCheck(E: Env, ctx: Ctx, g: SUState): void {
  if (g.result || E.munich < 0) return;
  if (!hasUnits(g, E.munich, ALLIES)) return;
  if (!supplyMap(E, g, ALLIES)[E.munich]) {
    log(ctx, 'The Allies hold Munich but are not supplied there', '§6 ③ L81');
    return;
  }
  g.result = { winner: ALLIES, reason: 'the Allies hold Munich, supplied, at the end of the turn', rule: '§6 ③ L81' };
}

/** Star areas counted for ④: controlled (AMB-28) and supplied (empty areas trace from themselves). */
export function starCount(E: Env, g: SUState, side: Side): number {
  const sup = supplyMap(E, g, side);
  let c = 0;
  for (const a of E.stars) {
    if (g.ctrl[a] !== side) continue;
    if (!g.o.victoryUsesControl && !hasUnits(g, a, side)) continue;
    if (sup[a] || (g.o.logisticEffortCountsForVictory && logisticCovers(E, g, side, a))) c++;
  }
  return c;
}

/** ④ at the end of the last turn (§6 L83): more supplied star areas wins; equal is a draw. */
export function finalVictory(E: Env, ctx: Ctx, g: SUState): void {
  if (g.result) return;
  const a = starCount(E, g, ALLIES);
  const x = starCount(E, g, AXIS);
  log(ctx, `Final count of supplied orange-star areas: Allies ${a}, Axis ${x}`, '§6 ④ L83');
  if (a > x)
    g.result = { winner: ALLIES, reason: `the Allies hold ${a} supplied star areas to ${x}`, rule: '§6 ④ L83' };
  else if (x > a)
    g.result = { winner: AXIS, reason: `the Axis holds ${x} supplied star areas to ${a}`, rule: '§6 ④ L83' };
  else g.result = { winner: null, reason: `both hold ${a} supplied star areas: a draw`, rule: '§6 ④ L83' };
}
