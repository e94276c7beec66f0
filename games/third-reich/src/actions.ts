/**
 * The players' actions, and how an action names a card: any copy of a card stands for the copy
 * the player holds (copies are interchangeable, 2.3).
 */
import type { DecisionKind, Role } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import type { Board } from './board.ts';
import { cardClass } from './cards.ts';
import type { ActType, Pending, PendingOf, TRState } from './state.ts';

/** The decisions of group actions (7.0-11.5). */
export type OpAction =
  | { type: 'form'; area: string }
  | { type: 'add'; unit: number }
  | { type: 'declare'; action: ActType; twice?: boolean }
  | { type: 'cancel' }
  | { type: 'done' }
  | { type: 'to'; area: string }
  | { type: 'stop' }
  | { type: 'target'; area: string }
  | { type: 'ambush'; card: string }
  | { type: 'jet' }
  | { type: 'noCounter' }
  | { type: 'join'; unit: number }
  | { type: 'fire' }
  | { type: 'hit'; unit: number }
  | { type: 'retreat'; unit: number; to: string }
  | { type: 'sink'; unit: number };

export type TRAction =
  | { type: 'pick'; card: string }
  | { type: 'play'; card: string }
  | { type: 'pass' }
  | { type: 'sv' }
  | { type: 'event' }
  | { type: 'endCard' }
  | { type: 'mobilize'; counter: string; area: string }
  | { type: 'endSv' }
  | { type: 'recover'; unit: number }
  | { type: 'endRecovery' }
  | { type: 'withdraw'; unit: number }
  | { type: 'endWithdrawal' }
  | { type: 'air' }
  | { type: 'useBank' }
  | { type: 'diplo'; nation: string }
  | { type: 'devCard'; card: string }
  | { type: 'devUnit'; counter: string }
  | { type: 'endEvent' }
  | { type: 'reassign'; area: string; nation: string }
  | { type: 'endReassign' }
  | { type: 'discard'; card: string }
  | { type: 'freeMobilize'; counter: string; area: string }
  | OpAction;

/** Whether two actions are the same choice (copies of a card picked, played or discarded are one). */
export function sameAction(x: TRAction, y: TRAction): boolean {
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    const xv = (x as unknown as Record<string, unknown>)[k],
      yv = (y as unknown as Record<string, unknown>)[k];
    if (
      k === 'card' &&
      typeof xv === 'string' &&
      typeof yv === 'string' &&
      x.type !== 'pick' &&
      x.type !== 'play' &&
      x.type !== 'ambush' &&
      x.type !== 'discard'
    ) {
      if (xv !== yv) return false;
      continue;
    }
    if (k === 'card' && typeof xv === 'string' && typeof yv === 'string') {
      if (cardClass(xv) !== cardClass(yv)) return false;
      continue;
    }
    if (xv !== yv) return false;
  }
  return true;
}

/** A card named by any copy is the copy the player holds. */
export function normalise(g: TRState, role: Role, a: TRAction): TRAction {
  if (a.type === 'pick' && !g.deck[role as Side]?.includes(a.card)) {
    const same = g.deck[role as Side]?.find((id) => cardClass(id) === cardClass(a.card));
    if (same) return { ...a, card: same };
  }
  if ((a.type === 'play' || a.type === 'ambush' || a.type === 'discard') && !g.hand[role as Side]?.includes(a.card)) {
    const same = g.hand[role as Side]?.find((id) => cardClass(id) === cardClass(a.card));
    if (same) return { ...a, card: same };
  }
  return a;
}

/** One kind of pending decision, for the flow kernel: prompt, rule, legal actions, effects, refusals. */
export type TRDecision<K extends Pending['kind']> = DecisionKind<Board, TRState, PendingOf<K>, TRAction>;

/** Who decides: the side named in the pending entry. */
export const bySide = (_b: Board, _g: TRState, f: { side: Side }): Side => f.side;
