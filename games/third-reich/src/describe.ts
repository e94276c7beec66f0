/**
 * Actions in words (CLI, UI, logs), and why an action that is not legal now is refused, with the
 * rule that forbids it.
 */
import { canonicalJson, type Refusal, type Role } from '@sandtable/engine';
import { areaAt, areaName, type Board } from './board.ts';
import { sameAction, type TRAction } from './actions.ts';
import { cardOf } from './cards.ts';
import { flow } from './sequence.ts';
import type { TRState } from './state.ts';
import { counterName, nationName } from './texts/names.ts';

/** Why a group may be left with nothing to declare: adding units only ever narrows its actions. */
const DEAD_END_WHY =
  'a move must leave a control unit behind, 8.1(4), and not overstack, 8.1.1(2); an attack needs enemy units in its area, 9.1; air actions need air units only, 6.2, 9.2';

const areaWords = (b: Board, id: string) => (id === 'pool' ? 'the mobilization pool' : areaName(b, areaAt(b, id)));
const unitWords = (b: Board, g: TRState, u: number) =>
  `${counterName(b, b.counters[b.unitKind[u]!]!.id)} in ${g.loc[u]! >= 0 ? b.data.areas[g.loc[u]!]!.name : 'reserve'}`;

/** A group whose units leave it nothing to declare (7.2): only `cancel` is offered. Display only. */
function deadEndGroup(b: Board, g: TRState): boolean {
  const top = g.stack.at(-1);
  if (top?.kind !== 'group' || !g.act?.units.length) return false;
  return flow.legalActions(b, g, top.side).every((x) => x.type === 'cancel');
}

/** The action in words (CLI, UI, logs). */
export function describeAction(b: Board, g: TRState, a: TRAction): string {
  const card = (id: string) => cardOf(b, id);
  const area = (id: string) => areaWords(b, id);
  const unitName = (u: number) => unitWords(b, g, u);
  switch (a.type) {
    case 'pick':
      return `Take ${card(a.card).name} (SV ${card(a.card).sv}) into the hand`;
    case 'play':
      return `Play ${card(a.card).name} (SV ${card(a.card).sv})`;
    case 'pass':
      return 'Pass';
    case 'sv':
      return 'Use the SV';
    case 'event':
      return 'Carry out the event';
    case 'endCard':
      return 'Finish the card';
    case 'mobilize':
      return `Mobilize ${counterName(b, a.counter)} in ${area(a.area)}`;
    case 'endSv':
      return 'End the SV part';
    case 'recover':
      return `Recover ${unitName(a.unit)}`;
    case 'endRecovery':
      return 'End recovery';
    case 'withdraw':
      return `Withdraw ${unitName(a.unit)} to the pool`;
    case 'endWithdrawal':
      return 'End withdrawal';
    case 'air':
      return 'Take an air operation';
    case 'useBank':
      return 'Use the banked Ambush SV';
    case 'diplo':
      return `Diplomacy on ${nationName(b, a.nation)}`;
    case 'devCard':
      return `Develop ${card(a.card).name} (SV ${card(a.card).sv})`;
    case 'devUnit':
      return `Move ${counterName(b, a.counter)} from the development pool to the mobilization pool`;
    case 'endEvent':
      return 'End the event';
    case 'reassign':
      return `Hand ${area(a.area)} to ${nationName(b, a.nation)}`;
    case 'endReassign':
      return 'Keep control as it is';
    case 'discard':
      return `Discard ${card(a.card).name}`;
    case 'freeMobilize':
      return `Mobilize ${counterName(b, a.counter)} in ${area(a.area)} free`;
    case 'form':
      return `Form a group in ${area(a.area)}`;
    case 'add':
      return `Add ${unitName(a.unit)} to the group`;
    case 'declare':
      return a.action === 'attack'
        ? a.twice
          ? 'Declare two attacks (17.1)'
          : 'Attack'
        : a.action === 'airAttack'
          ? 'Air attack'
          : a.action === 'airMove'
            ? 'Air move'
            : a.action === 'bomb'
              ? 'Bomb'
              : a.action === 'drop'
                ? 'Airborne landing'
                : 'Move';
    case 'cancel':
      return deadEndGroup(b, g) ? `Cancel: this group can take no action (${DEAD_END_WHY})` : 'Cancel';
    case 'done':
      return 'No second action';
    case 'to':
      return `Move to ${area(a.area)}`;
    case 'stop':
      return 'Stop here';
    case 'target':
      return `Target ${area(a.area)}`;
    case 'ambush':
      return `Counterattack with ${card(a.card).name} (SV ${card(a.card).sv})`;
    case 'jet':
      return 'Counterattack with jets (16.8)';
    case 'noCounter':
      return 'No counterattack';
    case 'join':
      return `Counterattack with ${unitName(a.unit)}`;
    case 'fire':
      return 'Resolve the counterattack';
    case 'hit':
      return `One damage point to ${unitName(a.unit)}`;
    case 'retreat':
      return a.to === 'pool'
        ? `Eliminate ${unitName(a.unit)} instead of retreating`
        : `Retreat ${unitName(a.unit)} to ${area(a.to)}`;
    case 'sink':
      return `Send ${unitName(a.unit)} to the pool (capacity)`;
  }
}

/**
 * Why an action that is not legal now is refused, with the rule that forbids it: the pending
 * decision's own refusal (flow handlers), or, for an action of a decision that is not pending, the
 * rule of the sequence of play that keeps it away.
 */
export function explainAction(b: Board, g: TRState, role: Role, a: TRAction): Refusal | null {
  const d = flow.currentDecision(b, g);
  if (!d) return { rule: '14.0', message: 'the game is over' };
  const legal = flow.legalActions(b, g, role);
  if (legal.some((x) => canonicalJson(x) === canonicalJson(a))) return null;
  const alike = legal.find((x) => sameAction(x, a));
  // Cards of one class are alike and offered once: the one listed is the card to name.
  if (alike)
    return {
      rule: d.rule,
      message: `cards of one class are offered once: the one to name is "${describeAction(b, g, alike)}"`,
    };
  if (d.role === role && a.type === 'play' && g.op) return { rule: '6.1(1)', message: 'one card per impulse' };
  return flow.explain(b, g, role, a) ?? { rule: d.rule, message: `not legal now: ${d.prompt}` };
}
