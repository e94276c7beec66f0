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
  | { kind: 'auto'; step: 'finishTurn' }
  /** Choose the area of a group (7.0) for an air operation (6.2) or an event (Blitzkrieg); `cancel` gives up. */
  | { kind: 'choose'; side: Side; mode: ActMode }
  /** Forming the group in `g.act` unit by unit (7.0, 7.1) and choosing its action (7.2). */
  | { kind: 'group'; side: Side }
  /** The group's path, area by area (8.1, 8.2). */
  | { kind: 'path'; side: Side }
  /** The target area of an air attack (9.2(2)). */
  | { kind: 'target'; side: Side }
  /** Counterattack window of the non-active player at an enemy group action (10.1(3)). */
  | { kind: 'window'; side: Side }
  /** Choosing the counterattacking units (10.1); `card` null for a jet counterattack (16.8). */
  | { kind: 'counter'; side: Side; card: string | null; units: number[] }
  /** Damage allocation, point by point (11.2), for `g.combat`. */
  | { kind: 'alloc'; side: Side }
  /** Retreats (11.5): the owner places `units[0]`; `only` >= 0 is the one area allowed (11.5(2)). */
  | { kind: 'retreat'; side: Side; units: number[]; only: number }
  /** Sea transport overflow (3.6(5)): the owner sends `left` land/air units at sea in `area` to the pool. */
  | { kind: 'overflow'; side: Side; area: number; left: number }
  /** 3.4(5): voluntary reassignment of areas among friendly nations at the end of an impulse (`done`: areas already handled). */
  | { kind: 'reassign'; side: Side; done: number[] }
  /** 16.2(1)(2): the owner chooses `left` cards to discard (Wolfpack, Strategic Bombing). */
  | { kind: 'discard'; side: Side; left: number }
  /** Diplomacy event (3.1.2): choose the nation. */
  | { kind: 'diplomacy'; side: Side }
  /** Development event (2.3.2): one card, or up to `left` units from the development pool. */
  | { kind: 'develop'; side: Side; left: number; started: boolean }
  /** Free mobilization by an event (Lend-Lease): `left` SV of `nation` units. */
  | { kind: 'freeMob'; side: Side; left: number; nation: number }
  /** Automatic steps of an action: the attack roll, the end of an action. */
  | { kind: 'auto'; step: 'strike' | 'actDone' | 'moveOn'; side: Side };

/** The pending entry of one kind. */
export type PendingOf<K extends Pending['kind']> = Extract<Pending, { kind: K }>;

export type ActMode = 'sv' | 'event' | 'air' | 'blitz';
export type ActType = 'move' | 'airMove' | 'attack' | 'airAttack' | 'bomb' | 'drop';

/** The group action under way (7.0-9.2). */
export interface Act {
  side: Side;
  mode: ActMode;
  /** The group (7.0). */
  units: number[];
  /** The area the group was formed in / now stands in. */
  area: number;
  type: ActType | null;
  /** Move path, path[0] = start (8.1). */
  path: number[];
  /** Attack target area (9.1: the group's area; 9.2: chosen). */
  target: number;
  /** Units damaged by a counterattack: they do not attack (10.1(6)). */
  damaged: number[];
  /** Blitzkrieg (17.1): actions left, two attacks declared in advance, first attack done, points so far, deferred sea-move flips. */
  blitz: { left: number; twice: boolean; firstDone: boolean; points: number; flipLater: number[] } | null;
  /** Land units moved by the Sea Transport event do not flip (8.1.2(1)④). */
  noFlip?: boolean;
  /** AMB-19 switch: areas passed through still to visit, and the checked move (cost, sea move). */
  pass?: number[];
  moved?: { cost: number; seaMove: boolean };
  /** Strategic Bombing: distance to the target (hit modifier). */
  dist?: number;
}

/** A combat being allocated (11.0). */
export interface Combat {
  counter: boolean;
  /** The attacking side (the counterattacker in a counterattack, 17.2 Q2). */
  side: Side;
  /** Who allocates (11.2(1)). */
  alloc: Side;
  points: number;
  targets: number[];
  assigned: number[];
  /** 11.5(2): retreats only to this area (-1: free). */
  retreatTo: number;
}

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
  /** Cards lying face down in a discard pile (16.1.1 development, 16.1.2 event discards): the opponent sees only their SV. */
  faceDown?: Record<Side, string[]>;
  op: Operation | null;
  /** The group action under way, if any. */
  act: Act | null;
  /** The combat being allocated, if any. */
  combat: Combat | null;
  /** 3.6(3): units sea-moved or mobilized through each sea area this impulse. */
  seaUse: number[];
  stack: Pending[];
  options: Options;
  outcome: Outcome | null;
}

/** A role's view (2.3.2(4)): the opponent's hand and usable deck are counts. */
export interface TRView extends Omit<TRState, 'hand' | 'deck'> {
  hand: Record<Side, string[] | number>;
  deck: Record<Side, string[] | number>;
}

export const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');
export const SIDES: readonly Side[] = ['axis', 'allies'];
