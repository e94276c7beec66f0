/**
 * What the game-agnostic search needs to know about Drive on Dubno (`AiHooks` of @sandtable/ai):
 * how good a position is for a side (`evaluate`: the VP margin projected to the end, with the
 * objectives held and the strength left), and which actions to try first (`priors`: the German
 * drive east and onto objectives, the Soviet hold on them, attacks at good odds).
 */
import { type AiHooks, winChanceFromMargin } from '@sandtable/ai';
import type { Role } from '@sandtable/engine';
import { distance, type Env } from '../board.ts';
import { oddsOf, phaseOf } from '../combat.ts';
import type { Side } from '../data/index.ts';
import type { Action, DubnoState } from '../state.ts';
import { attackOf, defenseOf, onMap, sideOf } from '../units.ts';
import type { DubnoView } from '../view.ts';
import { holders } from '../victory.ts';

/** Strength on the map (untried units count at their pool's mean). */
function strength(env: Env, g: DubnoState, side: Side): number {
  let s = 0;
  for (const u of onMap(env, g, side)) s += (attackOf(env, g, u) ?? 3) + (defenseOf(env, g, u) ?? 2) / 2;
  return s;
}

/** The German VP margin as the game would end now, plus a share of the material balance. */
export function germanMargin(env: Env, g: DubnoState): number {
  let margin = g.vp.german - g.vp.soviet;
  for (const h of holders(env, g)) if (h.side) margin += h.side === 'german' ? h.vp : -h.vp;
  margin += 0.05 * (strength(env, g, 'german') - strength(env, g, 'soviet'));
  // The drive east: German armour's progress toward Rovno and Dubno (the objectives in play).
  const east = onMap(env, g, 'german').map((u) => env.grid.colOf(env.grid.hex(g.units[u]!.hex!)));
  if (east.length) margin += (0.15 * east.reduce((a, b) => a + b, 0)) / east.length;
  return margin - 2;
}

export function chance(env: Env, g: DubnoState, role: Role): number {
  if (g.result) return g.result.winner === role ? 1 : g.result.winner === null ? 0.5 : 0;
  const p = winChanceFromMargin(germanMargin(env, g), 5);
  return role === 'german' ? p : 1 - p;
}

/** Distance from a hex to the nearest objective. */
function toObjective(env: Env, hex: string): number {
  return Math.min(...env.objective.map((o) => distance(env, hex, o.hex)));
}

function prior(env: Env, g: DubnoState, role: Role, a: Action): number {
  const side = role as Side;
  switch (a.type) {
    case 'move': {
      const from = g.units[a.unit]!.hex!;
      const d = toObjective(env, from) - toObjective(env, a.to);
      const east = env.grid.colOf(env.grid.hex(a.to)) - env.grid.colOf(env.grid.hex(from));
      return Math.max(0.1, 1 + 0.5 * d + (side === 'german' ? 0.3 * east : 0));
    }
    case 'exit':
      return 4;
    case 'endMovement':
    case 'endFpf':
      return 0.6;
    case 'attack':
    case 'bombard':
    case 'fpf':
      return 2;
    case 'endCombat':
      return 0.5;
    case 'addAttacker':
    case 'support':
    case 'air':
      return 2;
    case 'resolve': {
      const d = g.stack.at(-1);
      if (d?.kind !== 'declare') return 1;
      const o = oddsOf(env, g, d, a.crt);
      return Math.max(0.1, 0.5 + 0.4 * o.column);
    }
    case 'advance':
      return toObjective(env, a.to) === 0 ? 4 : 1.5;
    case 'retreat': {
      const enemies = onMap(env, g, side === 'german' ? 'soviet' : 'german').filter(
        (u) => distance(env, g.units[u]!.hex!, a.to) <= 1,
      ).length;
      return 1 / (1 + enemies);
    }
    case 'place':
    case 'replace':
      return 1;
    default:
      return 1;
  }
}

export function hooks(env: Env): AiHooks<DubnoState, Action, DubnoView> {
  return {
    evaluate: (g, role) => chance(env, g, role),
    priors: (g, role, actions) => actions.map((a) => prior(env, g, role, a)),
    rollout: (g, role, actions) => {
      // A cheap greedy playout: the best prior, with phases ended soon rather than late.
      let best = 0;
      let score = -1;
      for (let k = 0; k < actions.length; k++) {
        const p = prior(env, g, role, actions[k]!);
        if (p > score) {
          score = p;
          best = k;
        }
      }
      void phaseOf;
      void sideOf;
      return best;
    },
    rolloutDepth: 4,
  };
}
