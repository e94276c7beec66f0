/**
 * What the searcher needs to know about this game, in its terms (the `AiHooks` of @sandtable/ai):
 * how good a position is for a side (`evaluate`), and which actions to try first (`priors`). The
 * search itself is game-agnostic: it plays from a role's view, determinized (view.ts).
 */
import type { AiHooks } from '@sandtable/ai';
import type { Role } from '@sandtable/engine';
import type { Env } from '../board.ts';
import { attackersOf, oddsOf } from '../combat.ts';
import type { Action, BridgeState } from '../state.ts';
import { liveUnits, strength } from '../units.ts';
import type { BridgeView } from '../view.ts';

const row = (env: Env, hex: string) => env.grid.rowOf(env.grid.hex(hex));

/** Rows North's most advanced unit has still to go to the south edge (8.1). */
function rowsToGo(env: Env, g: BridgeState): number {
  const rows = liveUnits(env, g, 'north').map((u) => row(env, g.units[u]!));
  return env.grid.rows - 1 - Math.max(-1, ...rows);
}

/** North's chance to win, from its progress, the strengths left and the turns left (8.1, 8.2). */
export function northChance(env: Env, g: BridgeState): number {
  const turnsLeft = env.data.tables.turns.value - Math.max(g.turn, 1) + 1;
  const material = strength(env, liveUnits(env, g, 'north')) - strength(env, liveUnits(env, g, 'south'));
  const margin = 0.5 * material + 0.4 * turnsLeft - rowsToGo(env, g);
  return 1 / (1 + Math.exp(-margin));
}

/** Try first: North's steps south and advances, attacks at good odds (7.1); South holds its ground. */
function prior(env: Env, g: BridgeState, role: Role, a: Action): number {
  const f = g.stack.at(-1);
  switch (a.type) {
    case 'move':
      if (role === 'south') return 0.7;
      return row(env, a.to) > row(env, g.units[a.unit]!) ? 3 : 0.5;
    case 'attack':
      return f?.kind === 'combat' ? 0.25 + oddsOf(env, g, a.hex, attackersOf(env, g, f, a.hex)).column : 1;
    case 'advance':
      return role === 'north' ? 2 : 1;
    default:
      return 1;
  }
}

export function hooks(env: Env): AiHooks<BridgeState, Action, BridgeView> {
  return {
    evaluate: (g, role) => (role === 'north' ? northChance(env, g) : 1 - northChance(env, g)),
    priors: (g, role, actions) => actions.map((a) => prior(env, g, role, a)),
    rolloutDepth: 30,
  };
}
