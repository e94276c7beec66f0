/**
 * The game's rules as the engine's `GameRules`: the flow supplies the decisions, legal actions,
 * their effects and refusals (`flowRules`); this module adds the set-up, views, the outcome, words
 * and positions. `defineGame` (in index.ts) turns it into the public contract.
 */
import { flowRules, type GameRules, type Role } from '@sandtable/engine';
import type { Env } from './board.ts';
import { OPTIONS, toOpts } from './options.ts';
import { positionCodec } from './position.ts';
import { firstFrames, flow } from './sequence.ts';
import type { Action, BridgeState } from './state.ts';
import { describe, SIDE_NAME, unitName } from './texts.ts';
import { type BridgeView, determinize, viewOf } from './view.ts';

export const GAME_ID = 'example-bridge';

export function createRules(env: Env): GameRules<BridgeState, Action, BridgeView> {
  return {
    id: GAME_ID,
    title: 'The Bridge at Mühlbach (example)',
    roles: ['north', 'south'],
    scenarios: [
      { id: 'standard', title: 'The Bridge at Mühlbach', description: 'North must cross the Aa within 6 turns (8.1)' },
    ],
    options: OPTIONS,
    setup(ctx, _scenario, options) {
      const g: BridgeState = {
        turn: 0,
        units: Object.fromEntries(env.data.units.map((u) => [u.id, u.setup])), // 4.1
        mine: { ford: null, exploded: false },
        stack: firstFrames(),
        options: toOpts(options),
        result: null,
      };
      flow.proceed(env, ctx, g);
      return g;
    },
    ...flowRules(flow, env),
    view: viewOf,
    determinize,
    outcome: (g) => g.result,
    describe: (_g, a) => describe(env, a),
    summary: (g, role) => summary(env, g, role),
    position: positionCodec(env),
  };
}

/** The CLI's `state`: the turn, every unit's hex, and the mine as `role` may know it. */
function summary(env: Env, g: BridgeState, role: Role): string {
  const v = viewOf(g, role);
  const lines = [`Turn ${v.turn} of ${env.data.tables.turns.value}`];
  for (const side of ['north', 'south'] as const) {
    const units = env.data.units.filter((u) => u.side === side);
    lines.push(
      `${SIDE_NAME[side]}: ${units.map((u) => `${unitName(env, u.id)} ${v.units[u.id] ?? 'eliminated'}`).join(', ')}`,
    );
  }
  const mine =
    v.mine.ford === null ? 'not yet laid' : v.mine.ford === 'hidden' ? 'one ford (hidden)' : `the ${v.mine.ford} ford`;
  lines.push(`Mine: ${mine}${v.mine.exploded ? ', gone off' : ''}`);
  return lines.join('\n');
}
