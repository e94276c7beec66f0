/**
 * Actions in words (CLI, UI, logs), and why an action that is not legal now is refused, with the
 * rule that forbids it.
 */
import type { Role } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, type Board } from './board.ts';
import { sameAction, type TRAction } from './actions.ts';
import { cardOf } from './cards.ts';
import { checkMove } from './movement.ts';
import { currentDecision, legalActions } from './sequence.ts';
import type { TRState } from './state.ts';

/** Why a group may be left with nothing to declare: adding units only ever narrows its actions. */
const DEAD_END_WHY =
  'a move must leave a control unit behind, 8.1(4), and not overstack, 8.1.1(2); an attack needs enemy units in its area, 9.1; air actions need air units only, 6.2, 9.2';

const areaWords = (b: Board, id: string) => (id === 'pool' ? 'the mobilization pool' : areaName(b, areaAt(b, id)));
const unitWords = (b: Board, g: TRState, u: number) =>
  `${b.counters[b.unitKind[u]!]!.id} in ${g.loc[u]! >= 0 ? b.data.areas[g.loc[u]!]!.name : 'reserve'}`;

/** A group whose units leave it nothing to declare (7.2): only `cancel` is offered. Display only. */
function deadEndGroup(b: Board, g: TRState): boolean {
  const top = g.stack.at(-1);
  if (top?.kind !== 'group' || !g.act?.units.length) return false;
  return legalActions(b, g, top.side).every((x) => x.type === 'cancel');
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
      return `Mobilize ${a.counter} in ${area(a.area)}`;
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
      return `Diplomacy on ${a.nation}`;
    case 'devCard':
      return `Develop ${card(a.card).name} (SV ${card(a.card).sv})`;
    case 'devUnit':
      return `Move ${a.counter} from the development pool to the mobilization pool`;
    case 'endEvent':
      return 'End the event';
    case 'reassign':
      return `Hand ${area(a.area)} to ${a.nation}`;
    case 'endReassign':
      return 'Keep control as it is';
    case 'discard':
      return `Discard ${card(a.card).name}`;
    case 'freeMobilize':
      return `Mobilize ${a.counter} in ${area(a.area)} free`;
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

/** Why an action that is not legal now is refused, with its rule. */
export function explainAction(b: Board, g: TRState, role: Role, a: TRAction): { rule: string; message: string } | null {
  const d = currentDecision(b, g);
  if (!d) return { rule: '14.0', message: 'the game is over' };
  if (d.role !== role) return { rule: d.rule, message: `it is ${d.role}'s decision: ${d.prompt}` };
  if (legalActions(b, g, role).some((x) => sameAction(x, a))) return null;
  const side = role as Side;
  const top = g.stack.at(-1)!;
  if (a.type === 'play' && top.kind === 'impulse' && g.bank[side] > 0)
    return { rule: '10.2(1)', message: 'with banked Ambush SV no other card may be played this impulse' };
  if (a.type === 'play' && top.kind !== 'impulse') return { rule: '6.1(1)', message: 'one card per impulse' };
  if (a.type === 'event' && g.op?.eventDone) return { rule: '6.1(3)', message: 'the event was already carried out' };
  if (a.type === 'sv' && g.op?.svDone)
    return { rule: '6.1(3)', message: 'the SV part is over; the SV part and the event are not interleaved' };
  if (a.type === 'add' && g.act && top.kind === 'group') {
    if (g.used[a.unit]) return { rule: '7.1(1)', message: 'used units cannot join a group' };
    if (g.op?.acted.includes(a.unit) && g.act.mode === 'sv')
      return { rule: '6.1.1(3)', message: 'within one SV use a group acts only once' };
    if (g.loc[a.unit] !== g.act.area) return { rule: '7.0', message: 'a group is formed from the units of one area' };
  }
  if (a.type === 'to' && g.act && top.kind === 'path') {
    const r = checkMove(
      b,
      g,
      side,
      g.act.units,
      [...g.act.path, b.areaIndex.get(a.area) ?? -1],
      g.act.type === 'airMove',
      { allowUsed: !!g.act.blitz && g.act.blitz.left < 2 },
    );
    if (!r.ok) return { rule: r.rule, message: r.why };
    return { rule: '3.6', message: 'the sea transport capacity is used up' };
  }
  if (a.type === 'retreat' && top.kind === 'retreat')
    return {
      rule: '11.5(1)',
      message:
        'a unit may not retreat into an enemy-controlled area, an area with enemy control units, an area over the stacking limit, or across land/sea',
    };
  if (a.type === 'declare' && a.action === 'airAttack' && b.data.turns[g.turn - 1]!.winter)
    return {
      rule: '15.2(1)',
      message: 'no air attack into Soviet-flag areas on winter turns, or no target in range',
    };
  if (a.type === 'ambush' && !g.hand[side].includes(a.card))
    return { rule: '10.0', message: 'a counterattack needs an Ambush card in your hand' };
  return { rule: d.rule, message: `not legal now: ${d.prompt}` };
}
