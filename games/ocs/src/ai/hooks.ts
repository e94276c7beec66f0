/**
 * The search hooks in OCS terms, from a side's own view: the evaluation projects the scenario's
 * victory (control of the victory hexes, Messina first, and steps lost) with the supply of the
 * side's units (12.6, 12.8: out-of-supply units waste away) and rewards pressing the enemy's
 * zone of control (4.5); priors favour moves towards the enemy's victory hexes, attacks, and
 * ending a segment once the side has moved a while, so that playouts reach the end of the game.
 */
import type { AiHooks } from '@sandtable/ai';
import { randomIndex, type Role } from '@sandtable/engine';
import type { Env } from '../env.ts';
import type { Action, OcsState } from '../state.ts';
import { determinizeView, type OcsView } from '../view.ts';

/** 13.3h who controls a hex: the last side to enter it, else the scenario's start. */
function controller(env: Env, g: OcsState, hex: number): string | null {
  const c = g.control[hex];
  if (c) return c;
  const s = env.startControl[hex]!;
  return s >= 0 ? env.sides[s]! : null;
}

/** Scenario victory points of each side now (the scenario's victory hexes and steps lost). */
export function victoryPoints(env: Env, g: OcsState): Record<string, number> {
  const v = env.data.scenario.victory;
  const vp: Record<string, number> = Object.fromEntries(env.sides.map((s) => [s, 0]));
  for (const h of v.hexes) if (controller(env, g, env.hexOf(h.hex)) === h.side) vp[h.side]! += h.vp;
  for (const side of env.sides) {
    const enemy = env.sides.find((s) => s !== side)!;
    vp[side]! += (g.stepsLost[enemy] ?? 0) * (v.stepVp[side]?.value ?? 0);
  }
  return vp;
}

/** Units of `side` on the map marked Out of Supply (12.8). */
function outOfSupply(env: Env, g: OcsState, side: string): number {
  let n = 0;
  for (const id in g.units) if (g.units[id]!.oos && g.units[id]!.hex >= 0 && env.counters.get(id)!.side === side) n++;
  return n;
}

/** The chance that the first side wins: the victory margin against the scenario's, OOS units a cost. */
export function firstSideChance(env: Env, g: OcsState): number {
  if (g.result) return g.result.winner === env.sides[0] ? 1 : g.result.winner === null ? 0.5 : 0;
  const [a, b] = env.sides;
  const vp = victoryPoints(env, g);
  const margin =
    vp[a]! -
    vp[b]! -
    env.data.scenario.victory.margin.value -
    0.5 * outOfSupply(env, g, a) +
    0.5 * outOfSupply(env, g, b);
  return 1 / (1 + Math.exp(-margin / 4));
}

/** Prior weight of one action: attacks and moves towards objectives first, ending a segment last but possible. */
function prior(env: Env, g: OcsState, role: Role, a: Action): number {
  switch (a.type) {
    case 'declare':
    case 'attack':
    case 'overrun':
      return 3;
    case 'move': {
      const from = g.units[a.unit]!.hex;
      const goal = nearestObjective(env, g, role, from);
      return goal < 0 ? 1 : env.grid.distance(a.to, goal) < env.grid.distance(from, goal) ? 2 : 0.5;
    }
    case 'blow':
      return 0.05; // 12.11a blowing one's own dumps: rarely right
    case 'endPhase':
      return 1;
    default:
      return 1;
  }
}

/** The nearest victory hex the side does not control (-1 when it holds them all). */
function nearestObjective(env: Env, g: OcsState, side: string, from: number): number {
  let best = -1;
  let bestD = Infinity;
  for (const h of env.data.scenario.victory.hexes) {
    const hex = env.hexOf(h.hex);
    if (controller(env, g, hex) === side) continue;
    const d = env.grid.distance(from, hex);
    if (d < bestD) [best, bestD] = [hex, d];
  }
  return best;
}

export function ocsHooks(env: Env): AiHooks<OcsState, Action, OcsView> {
  return {
    evaluate: (g, role) => (role === env.sides[0] ? firstSideChance(env, g) : 1 - firstSideChance(env, g)),
    priors: (g, role, actions) => actions.map((a) => prior(env, g, role, a)),
    rollout: (g, role, actions, rng) => {
      // playouts end segments often, so that they see combat and turns go by
      const end = actions.findIndex((a) => a.type === 'endPhase');
      if (end >= 0 && randomIndex(rng, 4) === 0) return end;
      const w = actions.map((a) => prior(env, g, role, a));
      let r = (randomIndex(rng, 1000) / 1000) * w.reduce((x, y) => x + y, 0);
      for (let i = 0; i < w.length; i++) if ((r -= w[i]!) <= 0) return i;
      return actions.length - 1;
    },
    rolloutDepth: 20,
    determinize: (view, role, rng) => determinizeView(env, view, role, rng),
  };
}
