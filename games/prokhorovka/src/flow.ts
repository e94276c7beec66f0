/**
 * The game's decision flow (engine flow kernel): every decision kind a player may be asked, with
 * its handler, and the automatic steps of the sequence of play. The stack lives in `g.stack`; its
 * frames are plain JSON, shown in views and rebuilt by `determinize`.
 */
import { defineFlow } from '@sandtable/engine';
import { advanceAfterCombat, loseStep, retreatHex, retreatOrStand } from './combat/aftermath.ts';
import { aaFire, counter, fly, intercept, recon, smoke } from './combat/air.ts';
import { bombHits, commander, declareEquipmentChits, engineers, pair, run, sniper } from './combat/battle.ts';
import { allocate, attackPhase, order } from './combat/phase.ts';
import { reroll, snipeNow } from './combat/reroll.ts';
import type { CombatAction } from './combat/types.ts';
import type { MoveAction } from './movement.ts';
import { moveTo, movementPhase } from './movementPhase.ts';
import { designation, nextPhase, phaseRule, reinforcementChoice, reorganization, startPhase } from './sequence.ts';
import { setupPlace, setupSupport, type SetupAction } from './setup.ts';
import type { Env, Frame, PGState } from './state.ts';

export type PGAction =
  | SetupAction
  | { type: 'designate'; unit: string }
  | { type: 'reorgPlace'; chit: string; unit: string }
  | { type: 'reorgReturn'; chit: string }
  | { type: 'endPhase' }
  | { type: 'reinfPick'; unit: string }
  | MoveAction
  | CombatAction;

export const flow = defineFlow<Env, PGState, Frame, PGAction>({
  name: 'prokhorovka',
  stack: (g) => g.stack,
  over: (g) => g.result !== null,
  procedures: {
    startPhase: (E, ctx, g) => startPhase(E, ctx, g), // 5.1
    nextPhase: (E, ctx, g) => nextPhase(E, ctx, g), // 5.1-5.3, 18.0
    combat: (E, ctx, g) => run(E, ctx, g), // 9.2(2)-16.0
  },
  // A refused action of a kind not on top is explained by the first kind below that offers its
  // type: the air window for air missions (16.0), reserve designation for "end phase" (5.1).
  decisions: {
    'cb:air': fly,
    // set-up (4.0)
    setupPlace,
    setupSupport,
    // a player-turn (5.1)
    reinfChoice: reinforcementChoice,
    designation,
    normalAttack: attackPhase(phaseRule('normalAttack')),
    movement: movementPhase,
    moveTo,
    reserveAttack: attackPhase(phaseRule('reserveAttack')),
    reorganization,
    // an attack phase (9.2) and its battles (11.0-16.0)
    'cb:allocate': allocate,
    'cb:order': order,
    'cb:equip': declareEquipmentChits,
    'cb:sniper': sniper,
    'cb:commander': commander,
    'cb:engineers': engineers,
    'cb:smoke': smoke,
    'cb:aa': aaFire,
    'cb:intercept': intercept,
    'cb:counter': counter,
    'cb:recon': recon,
    'cb:bombAlloc': bombHits,
    'cb:pair': pair,
    'cb:reroll': reroll,
    'cb:snipeNow': snipeNow,
    'cb:retreat': retreatOrStand,
    'cb:loss': loseStep,
    'cb:retreatHex': retreatHex,
    'cb:advance': advanceAfterCombat,
  },
});
