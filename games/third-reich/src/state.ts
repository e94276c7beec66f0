/**
 * The game state (plain JSON, compact: AI search runs on it) and the pending-decision stack.
 */
import type { Options, Outcome } from '@sandtable/engine';
import type { Side } from './data/index.ts';

export type EntryNation = 'US' | 'SU' | 'TU' | 'SP';

/** One card's operation (6.1): SV part and event part, each done at most once, not interleaved (6.1(3)). */
export interface Operation {
  card: string;
  svLeft: number;
  svDone: boolean;
  eventDone: boolean;
  /** Units that acted in this card's SV part: a group acts only once per SV use (6.1.1(3)). */
  acted: number[];
}

export type Pending =
  /** Choose one card from the usable deck into the hand; `left` still to choose (5.0(1)). */
  | { kind: 'hand'; side: Side; left: number }
  /** The active player's impulse: play a card, air operation or pass (6.0). */
  | { kind: 'impulse'; side: Side }
  /** Inside a card's operation: start the SV part, start the event, or finish (6.1(2)-(4)). */
  | { kind: 'card'; side: Side }
  /** Spending the SV (6.1.1). */
  | { kind: 'sv'; side: Side }
  /** Recovery (13.0): choose up to `left` used units of `nation` among the eligible. */
  | { kind: 'recover'; side: Side; nation: number; left: number }
  /** End-of-turn withdrawal (5.0(4)③). */
  | { kind: 'withdraw'; side: Side }
  /** Automatic steps, run by the flow as soon as they reach the top. */
  | { kind: 'auto'; step: 'recovery' | 'withdrawal'; side: Side }
  | { kind: 'auto'; step: 'finishTurn' };

export interface TRState {
  turn: number;
  /** Who moves first this turn (turn marker front = Axis, back = Allies, 2.1.2(1)). */
  first: Side;
  /** Whose impulse it is. */
  active: Side;
  /** Consecutive passes (5.0(3)). */
  passes: number;
  /** Camp and war status per nation (3.1.1). */
  natSide: Side[];
  natBel: boolean[];
  /** Spain/Turkey status fixed for good after a violation (3.1.3(2)①). */
  natLocked: boolean[];
  /** Entry markers: box index on each track (2.1.2(2)). */
  entry: Record<EntryNation, number>;
  polandSurrendered: boolean;
  /** Controlling nation per area, -1 = uncontrolled (3.4, AMB-4/5). */
  ctrl: number[];
  /** Per unit: area index, or POOL / DEV / REMOVED (board.ts). */
  loc: number[];
  /** Per unit: 1 = used (back side up), 0 = unused (2.1.1(2)). */
  used: number[];
  deck: Record<Side, string[]>;
  hand: Record<Side, string[]>;
  discard: Record<Side, string[]>;
  /** Development pool cards (4.0(4)⑦). */
  dev: Record<Side, string[]>;
  /** Banked Ambush SV for the next own impulse (10.2). */
  bank: Record<Side, number>;
  op: Operation | null;
  stack: Pending[];
  options: Options;
  outcome: Outcome | null;
}

export const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');
