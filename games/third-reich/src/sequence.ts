/**
 * The sequence of play as a stack of pending decisions (state.ts `Pending`): automatic steps run
 * as soon as they reach the top; each decision kind has its prompt, its legal actions and what
 * its actions do, in the module of its rule section.
 */
import { RuleError, type Ctx, type Decision, type Role } from '@sandtable/engine';
import { nationCode, type Board, areaName, unitLabel } from './board.ts';
import { sameAction, type TRAction } from './actions.ts';
import { strike } from './attack.ts';
import { opName } from './cards.ts';
import { reassignLegal, reassignPerform } from './control.ts';
import { overflowLegal, overflowPerform, overflowSettled } from './capacity.ts';
import { counterLegal, counterPerform, windowLegal, windowPerform, windowSettled } from './counterattack.ts';
import { allocLegal, allocPerform, retreatLegal, retreatPerform, retreatSettled } from './damage.ts';
import {
  developLegal,
  developPerform,
  diplomacyLegal,
  diplomacyPerform,
  discardLegal,
  discardPerform,
  discardSettled,
} from './events.ts';
import { actDone, chooseLegal, choosePerform, groupLegal, groupPerform, targetLegal, targetPerform } from './groups.ts';
import {
  cardLegal,
  cardPerform,
  impulseLegal,
  impulsePerform,
  impulseSettled,
  svLegal,
  svPerform,
  svSettled,
} from './impulse.ts';
import { freeMobLegal, freeMobPerform } from './mobilization.ts';
import { moveOn, pathLegal, pathPerform } from './movement.ts';
import {
  recoverLegal,
  recoverPerform,
  recoverSettled,
  recovery,
  withdrawal,
  withdrawLegal,
  withdrawPerform,
} from './recovery.ts';
import type { Pending, PendingOf, TRState } from './state.ts';
import { finishTurn, handLegal, handSettled, pick } from './turn.ts';

/** An automatic step (its entry already popped). */
function runStep(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'auto'>): void {
  switch (p.step) {
    case 'recovery':
      recovery(b, ctx, g, p.side); // 5.0(4)②
      break;
    case 'withdrawal':
      withdrawal(b, g, p.side); // 5.0(4)③
      break;
    case 'finishTurn':
      finishTurn(b, ctx, g); // 5.0(4)④⑤
      break;
    case 'strike':
      strike(b, ctx, g);
      break;
    case 'moveOn':
      moveOn(b, ctx, g);
      break;
    case 'actDone':
      actDone(b, ctx, g);
      break;
  }
}

/** A decision the rules settle without the player (nothing left to choose); true when it acted. */
function settle(b: Board, ctx: Ctx, g: TRState, p: Pending): boolean {
  switch (p.kind) {
    case 'auto':
      g.stack.pop();
      runStep(b, ctx, g, p);
      return true;
    case 'hand':
      return handSettled(b, ctx, g, p);
    case 'impulse':
      return impulseSettled(b, ctx, g, p);
    case 'sv':
      return svSettled(g);
    case 'recover':
      return recoverSettled(b, g, p);
    case 'discard':
      return discardSettled(g, p);
    case 'retreat':
      return retreatSettled(g, p);
    case 'window':
      return windowSettled(b, g);
    case 'overflow':
      return overflowSettled(b, g, p);
    default:
      return false;
  }
}

/** Runs automatic steps until a player must decide (or the game ends). */
export function advance(b: Board, ctx: Ctx, g: TRState): void {
  for (let guard = 0; guard < 10_000 && !g.outcome; guard++) {
    const top = g.stack.at(-1);
    if (!top || !settle(b, ctx, g, top)) return;
  }
}

function prompt(b: Board, g: TRState, p: Exclude<Pending, { kind: 'auto' }>): { rule: string; prompt: string } {
  switch (p.kind) {
    case 'hand':
      return { rule: '5.0(1)', prompt: `Choose ${p.left} more card(s) from your usable deck for your hand` };
    case 'impulse':
      return { rule: '6.0', prompt: 'Your impulse: play a card, take an air operation, or pass' };
    case 'card':
      return { rule: '6.1(2)-(4)', prompt: `${opName(b, g.op!.card)}: use the SV, the event, or finish` };
    case 'sv':
      return { rule: '6.1.1', prompt: `Spend ${g.op!.svLeft} SV: move, attack or mobilize` };
    case 'recover':
      return { rule: '13.0(2)', prompt: `Recover up to ${p.left} used ${nationCode(p.nation)} units` };
    case 'withdraw':
      return { rule: '5.0(4)③', prompt: 'Return units to the mobilization pool, or finish' };
    case 'discard':
      return { rule: '16.2', prompt: `Choose ${p.left} card(s) to discard` };
    case 'reassign':
      return { rule: '3.4(5)', prompt: 'Hand areas to other friendly nations, or finish' };
    case 'diplomacy':
      return { rule: '3.1.2', prompt: 'Diplomacy: choose the nation' };
    case 'develop':
      return {
        rule: '2.3.2',
        prompt: p.started
          ? `Development: up to ${p.left} more unit(s) to the mobilization pool`
          : 'Development: take a card, or units, from the development pool',
      };
    case 'freeMob':
      return {
        rule: '12.0',
        prompt: `Lend-Lease: mobilize ${nationCode(p.nation)} units worth up to ${p.left} SV free`,
      };
    case 'choose':
      return {
        rule: p.mode === 'air' ? '6.2' : '7.0',
        prompt: `Choose the area of the group for the ${p.mode === 'air' ? 'air operation' : 'event'}`,
      };
    case 'group':
      return {
        rule: '7.0-7.2',
        prompt: `Group in ${areaName(b, g.act!.area)} (${g.act!.units.length} unit(s)): add units or choose its action`,
      };
    case 'path':
      return {
        rule: g.act!.type === 'airMove' ? '8.2' : '8.1',
        prompt: `Move the group: next area from ${areaName(b, g.act!.path.at(-1)!)}, or stop`,
      };
    case 'target':
      return { rule: '9.2(2)', prompt: 'Choose the target area of the air attack' };
    case 'window':
      return { rule: '10.1(3)', prompt: `Counterattack the ${g.act!.side} group action?` };
    case 'counter':
      return { rule: '10.1', prompt: 'Choose the counterattacking units, then fire' };
    case 'alloc':
      return {
        rule: '11.2',
        prompt: `Allocate ${g.combat!.points - g.combat!.assigned.reduce((s, x) => s + x, 0)} more damage point(s)`,
      };
    case 'retreat':
      return { rule: '11.5', prompt: `Retreat ${unitLabel(b, p.units[0]!)} (or eliminate it)` };
    case 'overflow':
      return { rule: '3.6(5)', prompt: `Send ${p.left} unit(s) at sea in ${areaName(b, p.area)} to the pool` };
  }
}

export function currentDecision(b: Board, g: TRState): Decision | null {
  if (g.outcome) return null;
  const top = g.stack.at(-1);
  if (!top || top.kind === 'auto') return null;
  return { kind: top.kind, role: top.side, ...prompt(b, g, top) };
}

export function legalActions(b: Board, g: TRState, role: Role): TRAction[] {
  const d = currentDecision(b, g);
  if (!d || d.role !== role) return [];
  const p = g.stack.at(-1)!;
  switch (p.kind) {
    case 'hand':
      return handLegal(g, p);
    case 'impulse':
      return impulseLegal(b, g, p);
    case 'card':
      return cardLegal(b, g, p);
    case 'sv':
      return svLegal(b, g, p);
    case 'recover':
      return recoverLegal(b, g, p);
    case 'withdraw':
      return withdrawLegal(b, g, p);
    case 'discard':
      return discardLegal(g, p);
    case 'reassign':
      return reassignLegal(b, g, p);
    case 'diplomacy':
      return diplomacyLegal(b, g, p);
    case 'develop':
      return developLegal(b, g, p);
    case 'freeMob':
      return freeMobLegal(b, g, p);
    case 'choose':
      return chooseLegal(b, g, p);
    case 'group':
      return groupLegal(b, g);
    case 'path':
      return pathLegal(b, g);
    case 'target':
      return targetLegal(b, g);
    case 'window':
      return windowLegal(b, g, p);
    case 'counter':
      return counterLegal(b, g, p);
    case 'alloc':
      return allocLegal(b, g);
    case 'retreat':
      return retreatLegal(b, g, p);
    case 'overflow':
      return overflowLegal(b, g, p);
    default:
      return [];
  }
}

export function perform(b: Board, ctx: Ctx, g: TRState, role: Role, a: TRAction): void {
  const legal = legalActions(b, g, role);
  if (!legal.some((x) => sameAction(x, a)))
    throw new RuleError(currentDecision(b, g)?.rule ?? 'sequence', `illegal action ${JSON.stringify(a)} for ${role}`);
  const p = g.stack.at(-1)!;
  switch (p.kind) {
    case 'hand':
      if (a.type === 'pick') pick(b, ctx, g, p, a.card);
      break;
    case 'impulse':
      impulsePerform(b, ctx, g, p, a);
      break;
    case 'card':
      cardPerform(b, ctx, g, p, a);
      break;
    case 'sv':
      svPerform(b, ctx, g, p, a);
      break;
    case 'recover':
      recoverPerform(g, p, a);
      break;
    case 'withdraw':
      withdrawPerform(g, a);
      break;
    case 'discard':
      discardPerform(b, ctx, g, p, a);
      break;
    case 'reassign':
      reassignPerform(b, ctx, g, p, a);
      break;
    case 'diplomacy':
      diplomacyPerform(b, ctx, g, p, a);
      break;
    case 'develop':
      developPerform(b, ctx, g, p, a);
      break;
    case 'freeMob':
      freeMobPerform(b, ctx, g, p, a);
      break;
    case 'choose':
      choosePerform(b, g, p, a);
      break;
    case 'group':
      groupPerform(b, ctx, g, a);
      break;
    case 'path':
      pathPerform(b, ctx, g, a);
      break;
    case 'target':
      targetPerform(b, ctx, g, p, a);
      break;
    case 'window':
      windowPerform(g, p, a);
      break;
    case 'counter':
      counterPerform(b, ctx, g, p, a);
      break;
    case 'alloc':
      allocPerform(b, ctx, g, a);
      break;
    case 'retreat':
      retreatPerform(b, ctx, g, p, a);
      break;
    case 'overflow':
      overflowPerform(b, ctx, g, p, a);
      break;
  }
  advance(b, ctx, g);
}
