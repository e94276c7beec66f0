/**
 * The sequence of play on the engine's decision flow kernel: the pending-decision stack lives in
 * the state (`TRState.stack`, entries `Pending`); each decision kind has one handler, in the
 * module of its rule section, giving its prompt and rule, its legal actions, what each does and
 * why a refused one is refused; automatic steps (`auto` entries) are procedures run as soon as
 * they reach the top. The turn's chart (5.0) is in turn.ts.
 */
import { defineFlow, type Ctx } from '@sandtable/engine';
import type { Board } from './board.ts';
import type { TRAction } from './actions.ts';
import { strike } from './attack.ts';
import { overflowDecision } from './capacity.ts';
import { reassignDecision } from './control.ts';
import { counterDecision, windowDecision } from './counterattack.ts';
import { allocDecision, retreatDecision } from './damage.ts';
import { developDecision, diplomacyDecision, discardDecision } from './events.ts';
import { actDone, chooseDecision, groupDecision, targetDecision } from './groups.ts';
import { cardDecision, impulseDecision, svDecision } from './impulse.ts';
import { freeMobDecision } from './mobilization.ts';
import { moveOn, pathDecision } from './movement.ts';
import { recoverDecision, recovery, withdrawal, withdrawDecision } from './recovery.ts';
import type { Pending, PendingOf, TRState } from './state.ts';
import { finishTurn, handDecision } from './turn.ts';

/** An automatic step of the sequence of play (its entry already popped). */
function autoStep(b: Board, ctx: Ctx, g: TRState, f: PendingOf<'auto'>): void {
  switch (f.step) {
    case 'recovery':
      return recovery(b, ctx, g, f.side); // 5.0(4)②, 13.0
    case 'withdrawal':
      return withdrawal(b, g, f.side); // 5.0(4)③
    case 'finishTurn':
      return finishTurn(b, ctx, g); // 5.0(4)④⑤
    case 'strike':
      return strike(b, ctx, g); // 9.1, 9.2, 16.2: after the counterattack window (10.1(6))
    case 'moveOn':
      return moveOn(b, ctx, g); // AMB-19: on from an area passed through
    case 'actDone':
      return actDone(b, ctx, g); // 7.0: the end of a group action
  }
}

export const flow = defineFlow<Board, TRState, Pending, TRAction>({
  name: 'third-reich',
  stack: (g) => g.stack,
  over: (g) => g.outcome !== null,
  procedures: { auto: autoStep },
  decisions: {
    hand: handDecision, // 5.0(1)
    impulse: impulseDecision, // 6.0
    card: cardDecision, // 6.1
    sv: svDecision, // 6.1.1
    choose: chooseDecision, // 6.2, 7.0
    group: groupDecision, // 7.0-7.2
    path: pathDecision, // 8.1, 8.2
    target: targetDecision, // 9.2(2)
    window: windowDecision, // 10.1(3)
    counter: counterDecision, // 10.1
    alloc: allocDecision, // 11.2
    retreat: retreatDecision, // 11.5
    overflow: overflowDecision, // 3.6(5)
    reassign: reassignDecision, // 3.4(5)
    diplomacy: diplomacyDecision, // 3.1.2
    develop: developDecision, // 2.3.2
    freeMob: freeMobDecision, // 12.0
    discard: discardDecision, // 16.2
    recover: recoverDecision, // 13.0(2)
    withdraw: withdrawDecision, // 5.0(4)③
  },
});
