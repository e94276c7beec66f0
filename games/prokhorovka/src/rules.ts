/**
 * Prokhorovka GameRules, assembled: set-up (4.0, setup.ts), the sequence of play and every
 * decision through the flow kernel (flow.ts: 5.0-18.0), the per-role view with hidden chits
 * redacted (3.5(5), 3.6(3), 19.6; view.ts), determinization for search (determinize.ts), actions
 * in words and the CLI summary.
 */
import { cloneState, flowRules, type GameRules } from '@sandtable/engine';
import { combatSummary } from './combat/view.ts';
import { combatDescribe } from './combat/words.ts';
import type { ProkhorovkaData } from './data/types.ts';
import { determinize } from './determinize.ts';
import { flow, type PGAction } from './flow.ts';
import { describeMove } from './movementPhase.ts';
import { OPTION_SPECS } from './options.ts';
import { positionCodec } from './position/index.ts';
import { setup } from './setup.ts';
import { DETACHED, detachmentUnitId, makeEnv, type Env, type PGState } from './state.ts';
import { summaryText } from './summary.ts';
import { wordsOf } from './texts/names.ts';
import { germanVP } from './victory.ts';
import { makeView, type PGView } from './view.ts';

export type { PGAction };

/** An action in words (for logs, the CLI and the UI). */
function describe(E: Env, g: PGState, a: PGAction): string {
  switch (a.type) {
    case 'place':
    case 'reorgPlace':
      return `put ${a.chit} under ${a.unit}`;
    case 'reorgReturn':
      return g.equip.find((c) => c.id === a.chit)?.loc === DETACHED
        ? `reorganize detachment ${detachmentUnitId(a.chit)} into the pool (with its chit)`
        : `return ${a.chit} to the reorganization pool`;
    case 'pickSupport':
      return `choose support chit ${a.chit}`;
    case 'designate':
      return `designate ${a.unit} as reserve`;
    case 'donePlacing':
      return 'finish placing chits';
    case 'endPhase':
      return 'end the phase';
    case 'reinfPick':
      return `${a.unit} arrives as a reinforcement`;
    case 'pick':
    case 'moveTo':
    case 'cancelMove':
    case 'load':
    case 'xxivRoll':
    case 'detach':
      return describeMove(E, g, a);
    default:
      return combatDescribe(E, g, a);
  }
}

export function createProkhorovkaRules(data: ProkhorovkaData): GameRules<PGState, PGAction, PGView> {
  const E = makeEnv(data);
  return wordsOf(E, {
    id: 'prokhorovka',
    title: 'Kursk South: Prokhorovka 1943',
    roles: ['DE', 'SU'],
    scenarios: [
      {
        id: 'citadel',
        title: 'Operation Citadel, southern face (5-13 July 1943)',
        description: 'The base game: 9 turns (10 with 19.1).',
      },
    ],
    options: OPTION_SPECS,
    setup: (ctx, _scenario, options) => setup(E, ctx, options),
    ...flowRules(flow, E),
    view: (g, role) => makeView(E, g, role),
    determinize: (v, role, rng) => determinize(E, v, role, rng),
    outcome: (g) => g.result,
    clone: (g) => cloneState(g),
    describe: (g, a) => describe(E, g, a),
    summary: (g, role) => summaryText(E, makeView(E, g, role), role, germanVP(E, g).vp, combatSummary(E, g)),
    position: positionCodec(E, (ctx, g) => flow.proceed(E, ctx, g)),
  });
}
