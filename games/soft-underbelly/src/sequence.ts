/**
 * Soft Underbelly's sequence of play (§5, §7 L87-L101, §11, spec 10.3) as one decision flow on the
 * engine's kernel. Each decision and procedure is defined in the module of its rule section; this
 * file only assembles them, in the order of the rulebook's chart:
 *
 *   Set-up (§5 L67) ........................ deploy
 *   Turn (§7 L87) .......................... turnStart; Overlord (§43 L424): overlordFleet
 *     Initiative (§8 L108) ................. initiativeRoll, initiative
 *     Reinforcements (§9, §10, AMB-24) ..... reinforcePhase, reinforceOf, reinforce, convertOf, convert
 *     Impulses (§11), four and Extra (§45) . impulseStart, react, impulse, impulseEnd, impulseNext, extraImpulse
 *       movement (§12, §13, §16, §17) ...... group, airDest, intercept
 *       combat (§18-§24, §28-§29, §33-§34) . commit, landingForce, landingIntercept, bombard, battle*,
 *                                            evade, support, paraDie, elite, loss, roundEnd, retreat,
 *                                            occupy, landingReturn
 *       at any time (§30, §35, §44-§46) .... inside impulse and react; kesselring, convert (event cubes)
 *       end of impulse: stacking (§3 L40) .. overflowCheck, overflow
 *     End of turn (§7 L91-L95, AMB-25) ..... turnEnd: supply (§41), victory (§6), surrender (§42)
 *
 * Before every step the flow reconciles moving groups with the map (§12 L156, AMB-46) and runs the
 * continuous checks: victory ① ② (§6 L77-L79) and the U-boat's departure (§38 L394).
 */
import { defineFlow, type Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import {
  battleAfterRound,
  battleClear,
  battleEnd,
  battleEvade,
  battleLosses,
  battleNext,
  battleRoll,
  battleRound,
  battleSupport,
  commit,
  elite,
  evade,
  landingReturn,
  occupy,
  paraDie,
  roundEnd,
  support,
} from './combat.ts';
import { axisLeftToDeploy, deploy } from './deploy.ts';
import { kesselring } from './events.ts';
import type { Frame } from './frames.ts';
import { extraImpulse, impulse, impulseEnd, impulseNext, impulseStart, react } from './impulse.ts';
import { bombard, intercept, landingForce, landingIntercept } from './landing.ts';
import { loss, retreat } from './losses.ts';
import { airDest, group, syncGroups } from './movement.ts';
import { convert, convertOf, reinforce, reinforceOf, reinforcePhase } from './reinforce.ts';
import { overflow, overflowCheck } from './stacking.ts';
import type { Env, SUState } from './state.ts';
import { overlordFleet } from './surrender.ts';
import { initiative, initiativeRoll, turnEnd, turnStart } from './turn.ts';
import { continuousChecks } from './victory.ts';

/** Runs before every step: groups follow the map, then victory ① ② and the U-boat (§6, §38 L394). */
function settle(E: Env, ctx: Ctx, g: SUState): boolean {
  syncGroups(g); // §12 L156, AMB-46: a moving group holds only the units still in its area
  continuousChecks(E, ctx, g);
  if (!g.result) return false;
  g.stack.length = 0;
  return true;
}

export const suFlow = defineFlow<Env, SUState, Frame, SUAction>({
  name: 'Soft Underbelly',
  stack: (g) => g.stack,
  over: (g) => g.result !== null,
  settle,
  // onEmpty: 'trust' (the default): every decision offers at least a pass, done, cancel or stop.
  procedures: {
    // the turn (§7), initiative (§8), reinforcements (§9-§10)
    turnStart,
    initiativeRoll,
    reinforcePhase,
    reinforceOf,
    convertOf,
    // the impulses (§11), stacking at their end (§3 L40)
    impulseStart,
    impulseEnd,
    overflowCheck,
    impulseNext,
    // a battle (§19), a landing's interception and bombardment first (§26, §25)
    landingIntercept,
    bombard,
    battleEvade,
    battleSupport,
    battleRound,
    battleRoll,
    battleLosses,
    battleAfterRound,
    battleNext,
    battleEnd,
    battleClear,
    // the end of the turn (§7 L91-L95)
    turnEnd,
  },
  decisions: {
    deploy,
    overlordFleet,
    initiative,
    reinforce,
    convert,
    react,
    impulse,
    extraImpulse,
    group,
    airDest,
    intercept,
    commit,
    landingForce,
    evade,
    support,
    paraDie,
    elite,
    loss,
    roundEnd,
    retreat,
    occupy,
    landingReturn,
    kesselring,
    overflow,
  },
});

/** The start of the game: the first turn, after the Axis free set-up (§5 L67, AMB-27). */
export function startGame(g: SUState): void {
  g.stack.push({ kind: 'turnStart' });
  if (axisLeftToDeploy(g)) g.stack.push({ kind: 'deploy', picked: null });
  else g.phase = 'turn';
}
