/**
 * The OCS rules as the engine's `GameRules`: the flow gives the decisions, legal actions, their
 * effects and refusals; this module adds the set-up, the view and the outcome.
 */
import { flowRules, type GameRules } from '@sandtable/engine';
import type { Env } from './env.ts';
import { OPTION_SPECS, toOpts } from './options.ts';
import { flow } from './sequence.ts';
import { initialState } from './setup.ts';
import { positionCodec } from './position.ts';
import type { Action, OcsState } from './state.ts';
import { determinizeView, type OcsView, viewOf } from './view.ts';

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
    determinize: (view, role, rng) => determinizeView(env, view, role, rng),
    outcome: (g) => g.result,
    describe: (_g, a) => describeAction(env, a),
    position: positionCodec(env),
  };
}

/** An action in words, hexes by their printed numbers (GC-I-A). */
export function describeAction(env: Env, a: Action): string {
  const L = (h: number) => env.grid.label(h);
  switch (a.type) {
    case 'move':
      return `move ${a.unit} to ${L(a.to)}`;
    case 'rail':
      return `move ${a.unit} by rail to ${L(a.to)}`;
    case 'overrun':
      return `${a.unit} overruns ${L(a.hex)}`;
    case 'mode':
      return `${a.unit} to ${a.mode} mode`;
    case 'declare':
      return `attack ${L(a.hex)}`;
    case 'hedgehog':
      return `build a hedgehog in ${L(a.hex)}`;
    case 'blow':
      return `blow ${a.tokens}T of the dump in ${L(a.hex)}`;
    case 'retreatTo':
      return `retreat to ${L(a.hex)}`;
    case 'endPhase':
      return 'end the segment';
    default: {
      const { type, ...rest } = a;
      const args = Object.entries(rest).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : v}`);
      return [type, ...args].join(' ');
    }
  }
}
