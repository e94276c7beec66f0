/** Soft Underbelly's GameRules: the decision flow of sequence.ts, the view and the words. */
import {
  cloneState,
  flowRules,
  roleWord,
  type Decision,
  type GameRules,
  type Outcome,
  type Refusal,
  type Role,
} from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { SoftUnderbellyData } from './data/types.ts';
import { refuseEvent } from './events.ts';
import { refuseAnytime, refuseOutsideImpulse } from './impulse.ts';
import { OPTION_SPECS, toOpts } from './options.ts';
import { positionCodec } from './position/index.ts';
import { refuseConvert, refusePlace } from './reinforce.ts';
import { startGame, suFlow } from './sequence.ts';
import { initialState, makeEnv, ALLIES, AXIS, type Env, type Side, type SUState } from './state.ts';
import { describeAction, makeView, summaryText, type SUView } from './view.ts';

export function createSoftUnderbellyRules(data: SoftUnderbellyData): GameRules<SUState, SUAction, SUView> {
  const E = makeEnv(data);
  return {
    id: 'soft-underbelly',
    title: 'Soft Underbelly 1943-45',
    roles: [ALLIES, AXIS],
    scenarios: [
      {
        id: 'campaign',
        title: 'The Italian Campaign 1943-45',
        description: 'Eight turns from Tunisia to the Alps (§5 set-up).',
      },
    ],
    options: OPTION_SPECS,
    setup(ctx, _scenario, options) {
      const g = initialState(E, toOpts(options));
      startGame(g);
      suFlow.proceed(E, ctx, g);
      return g;
    },
    ...flowRules(suFlow, E),
    explain: (g, role, action) => explain(E, g, role, action),
    view(g) {
      return makeView(E, g);
    },
    outcome(g): Outcome | null {
      return g.result;
    },
    clone(g) {
      return cloneState(g);
    },
    describe(_g, action) {
      return describeAction(E, action);
    },
    summary(g) {
      return summaryText(E, g);
    },
    // No hidden information (spec 10.4): the view carries the whole state; only future dice are
    // unknown, and the engine gives the determinized state fresh dice.
    determinize(view) {
      return cloneState(view.state);
    },
    position: positionCodec(E),
  };
}

/**
 * Why `action` is not legal for `role` now, naming the rule that forbids it (issue #18 item 4).
 * An action of the decision `role` must take now is explained by that decision's handler. Any
 * other action is refused by its own rule: an event by its track, hand and timing (§44-§46), an
 * action "at any time" by its window (§30 L326, AMB-46), a reinforcement or a conversion by the
 * reinforcement phase (§7, §9, §10), a move or an attack by the impulse (§11 L132), a pass or done by
 * the decision now; the rest by the decision kind that owns the action type (the flow kernel).
 */
export function explain(E: Env, g: SUState, role: Role, action: SUAction): Refusal | null {
  const now = suFlow.currentDecision(E, g);
  if (!now) return null;
  const owner = suFlow.spec.decisions[now.kind as keyof typeof suFlow.spec.decisions];
  const mine = now.role === role && owner?.actions.includes(action.type);
  return (mine ? null : refuseElsewhere(E, g, role, action, now)) ?? suFlow.explain(E, g, role, action);
}

function refuseElsewhere(E: Env, g: SUState, role: Role, a: SUAction, now: Decision): Refusal | null {
  if (role !== ALLIES && role !== AXIS) return null;
  const side: Side = role;
  switch (a.type) {
    case 'pass':
    case 'done':
    case 'cancel':
      // closing words of many decisions: refused by the decision now
      return {
        rule: now.rule,
        message:
          now.role === role
            ? `no ${a.type} now: ${now.prompt}`
            : `it is not ${roleWord(role)}'s decision: ${roleWord(now.role)} must ${now.prompt}`,
      };
    case 'event':
      return refuseEvent(E, g, side, a, null);
    case 'bomb':
    case 'partisanFlip':
    case 'fleetAttack':
      return refuseAnytime(E, g, side, a, null);
    case 'place':
      return refusePlace(g, side, 0);
    case 'convert':
      return refuseConvert(E, g, side, a, false);
    case 'select':
    case 'selectAir':
    case 'partisanMove':
    case 'endMovement':
    case 'attack':
    case 'landing':
    case 'endImpulse':
      return refuseOutsideImpulse(g, side);
    default:
      return null;
  }
}
