/**
 * The OCS rules as the engine's `GameRules`: the flow gives the decisions, legal actions, their
 * effects and refusals; this module adds the set-up, the view and the outcome.
 */
import { flowRules, type GameRules } from '@sandtable/engine';
import type { Env } from './env.ts';
import { OPTION_SPECS, toOpts } from './options.ts';
import { flow } from './sequence.ts';
import { initialState } from './setup.ts';
import type { Action, OcsState } from './state.ts';
import { type OcsView, viewOf } from './view.ts';

export const GAME_ID = 'ocs';

export function createRules(env: Env): GameRules<OcsState, Action, OcsView> {
  const s = env.data.scenario;
  return {
    id: GAME_ID,
    title: 'Operational Combat Series: Husky 1943',
    roles: [...env.sides],
    scenarios: [{ id: s.id, title: s.title, description: s.description }],
    options: OPTION_SPECS,
    setup(ctx, _scenario, options) {
      const g = initialState(env, toOpts(options));
      flow.proceed(env, ctx, g);
      return g;
    },
    ...flowRules(flow, env),
    view: (g, role) => viewOf(env, g, role), // 4.9 fog of war
    outcome: (g) => g.result,
    describe: (_g, a) => JSON.stringify(a),
  };
}
