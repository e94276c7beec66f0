/**
 * The game's rules as the engine's `GameRules`: the flow supplies the decisions, legal actions,
 * their effects and refusals (`flowRules`); this module adds the set-up (3.0), views, the outcome,
 * words and positions.
 */
import { flowRules, type GameRules, type Role } from '@sandtable/engine';
import type { Env } from './board.ts';
import { OPTIONS, toOpts } from './options.ts';
import { positionCodec } from './position.ts';
import { firstFrames, flow } from './sequence.ts';
import type { Action, DubnoState } from './state.ts';
import { describe, SIDE_NAME } from './texts.ts';
import { type DubnoView, determinize, viewOf } from './view.ts';
import { holders } from './victory.ts';

export const GAME_ID = 'dubno';

/** 3.0 The set-up: units on their set-up hexes or due as reinforcements (6.1); pools full; air cups filled. */
export function initialState(env: Env, options: Record<string, unknown> = {}): DubnoState {
  const t = env.data.tables;
  const cup = (side: 'german' | 'soviet') => {
    const m = t.air.markers[side];
    return {
      cup: { GA: m.find((x) => x.kind === 'GA')?.n ?? 0, MB: m.find((x) => x.kind === 'MB')?.n ?? 0 },
      drawn: { GA: 0, MB: 0 },
    };
  };
  return {
    turn: 0,
    units: Object.fromEntries(
      env.data.units.map((u) => [
        u.id,
        {
          status: u.setup ? 'map' : 'due',
          hex: u.setup ?? null,
          supp: false,
          revealed: null,
          due: u.arrives?.turn ?? null,
          entry: u.arrives?.entry ?? null,
          inCommandWhenLost: false,
        },
      ]),
    ),
    pools: Object.fromEntries(Object.entries(t.untried).map(([k, p]) => [k, structuredClone(p.values)])),
    event: 'none',
    weather: t.weather.default,
    air: { german: cup('german'), soviet: cup('soviet') },
    vp: { ...t.victory.startVp }, // 23.1, scenario: VP at the start
    pontoons: [],
    fired: [],
    fpfBarred: [],
    stack: firstFrames(),
    options: toOpts(options as never),
    result: null,
  };
}

export function createRules(env: Env): GameRules<DubnoState, Action, DubnoView> {
  return {
    id: GAME_ID,
    title: 'East Front Battles III: Drive on Dubno',
    roles: ['german', 'soviet'],
    scenarios: [
      {
        id: 'dubno',
        title: 'Drive on Dubno, 23-30 June 1941',
        description:
          'Panzer Group 1 drives for Rovno and Dubno; five Soviet mechanized corps strike its flanks (designed scenario, DESIGN.md)',
      },
    ],
    options: OPTIONS,
    setup(ctx, _scenario, options) {
      const g = initialState(env, options);
      flow.proceed(env, ctx, g);
      return g;
    },
    ...flowRules(flow, env),
    view: (g, role) => viewOf(env, g, role),
    determinize: (view, role, rng) => determinize(env, view, role, rng),
    outcome: (g) => g.result,
    describe: (_g, a) => describe(env, a),
    summary: (g, role) => summary(env, g, role),
    position: positionCodec(env),
  };
}

/** The CLI's `state`: turn, weather, VP, objectives, and the units on the map as `role` sees them. */
function summary(env: Env, g: DubnoState, role: Role): string {
  const v = viewOf(env, g, role);
  const lines = [
    `Turn ${v.turn} of ${env.data.tables.scenario.turns}; weather ${v.weather}; event ${v.event}`,
    `VP: German ${v.vp.german}, Soviet ${v.vp.soviet}`,
    `Objectives: ${holders(env, g)
      .map((h) => `${h.name} ${h.side ? SIDE_NAME[h.side] : '-'}`)
      .join(', ')}`,
  ];
  for (const side of ['german', 'soviet'] as const) {
    const here = env.data.units.filter((u) => u.side === side && v.units[u.id]!.status === 'map');
    lines.push(
      `${SIDE_NAME[side]} (${here.length} on map): ${here.map((u) => `${u.id}@${v.units[u.id]!.hex ?? '?'}${v.units[u.id]!.supp ? '(S)' : ''}`).join(' ')}`,
    );
  }
  return lines.join('\n');
}
