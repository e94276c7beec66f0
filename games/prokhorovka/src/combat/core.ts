/**
 * Shared plumbing of the combat machine: access to the combat state, handing control back to it
 * after a decision (`resume`), chit movements, and the chits usable at once.
 */
import { call } from '@sandtable/engine';
import {
  AS_CHIT,
  ELIMINATED,
  chitsOf,
  detachmentChitOf,
  unitState,
  type Env,
  type PGState,
  type Side,
} from '../state.ts';
import { moveUnit as moveStack } from '../movement.ts';
import type { Battle, CombatState } from './types.ts';

export const SIDES: Side[] = ['SU', 'DE']; // 3.7(2): the Soviet (tactical disadvantage) acts first

export function idle(memo: CombatState['memo'] = []): CombatState {
  return {
    phase: 'normal',
    stage: 'idle',
    battles: [],
    picked: null,
    rangedUsed: [],
    current: null,
    roll: null,
    air: null,
    allocDone: [],
    memo,
  };
}

export const cs = (g: PGState): CombatState => g.combat ?? (g.combat = idle());
/** The combat state for reading only: never creates it, so legal-action lists and views leave the state as it was. */
export const peek = (g: PGState): CombatState => g.combat ?? idle();
export const cur = (g: PGState): Battle | null => {
  const c = g.combat;
  return c && c.current !== null ? (c.battles[c.current] ?? null) : null;
};
export const battleOf = (g: PGState, target: string): Battle | undefined =>
  g.combat?.battles.find((b) => b.target === target);

/**
 * What a step of the combat machine did (a battle step, 11.0): finished, so the battle moves on
 * ('next'); made progress, to run again ('again'); or waits for a decision or a re-roll ('wait').
 */
export type StepResult = 'next' | 'again' | 'wait';

/** A combat decision is waiting on top of the stack (the combat machine stops until it is answered). */
export const waiting = (g: PGState) => (g.stack[g.stack.length - 1]?.kind ?? '').startsWith('cb:');

/**
 * After a combat decision is answered: the combat machine goes on. The decision hands control to
 * the flow's `combat` procedure (battle.ts) rather than calling it: the steps sit above the
 * decisions in the import layers.
 */
export function resume(g: PGState): void {
  call(g.stack, { kind: 'combat' });
}

/** The player-turn index (19.3(2)): German turn t = 2t, Soviet turn t = 2t + 1. */
export const playerTurn = (g: PGState) => g.turn * 2 + (g.side === 'SU' ? 1 : 0);

// ---- chit movements ----------------------------------------------------------------------------

export const equip = (g: PGState, id: string) => g.equip.find((c) => c.id === id)!;
export const supp = (g: PGState, id: string) => g.support.find((c) => c.id === id)!;
export const chitName = (E: Env, id: string) => (E.equipById.get(id) ?? E.supportById.get(id))?.name ?? id;

/** A removed equipment chit goes back into the cup for its back (3.5(7)), face-down. */
export function toCup(g: PGState, id: string): void {
  const c = equip(g, id);
  c.loc = 'cup';
  c.faceUp = false;
}

/** Removed from the game (Commander ②, 19.5; 签一览). */
export function removeFromGame(g: PGState, id: string): void {
  const c = g.equip.find((x) => x.id === id) ?? supp(g, id);
  c.loc = 'gone';
  c.faceUp = true;
}

/** A support chit after use goes back to its cup (3.6(6), A-11), unless removed from the game. */
export function supportToCup(g: PGState, id: string): void {
  const c = supp(g, id);
  if (c.loc === 'gone') return;
  c.loc = 'cup';
  c.faceUp = false;
}

/**
 * 13.0(2)2, 13.0(3): a removed unit takes all its chits with it (to their cups). An eliminated
 * face-up detachment goes to the Equip cup as a chit.
 */
export function eliminate(g: PGState, unit: string): void {
  const u = unitState(g, unit);
  for (const c of chitsOf(g, unit)) toCup(g, c.id);
  const det = detachmentChitOf(unit);
  if (det) toCup(g, det);
  u.hex = det ? AS_CHIT : ELIMINATED;
  u.reduced = false;
  u.designated = false;
  g.ver++;
}

/**
 * Moves a unit (retreat 14.0, advance 15.0) with the movement module's helper: it bumps the
 * ZOC/LOC cache key, passes cities (3.3(2)), returns face-up positions to their cup (签一览
 * position, A-25) and checks stacking (3.4(4)).
 */
export function moveUnit(E: Env, g: PGState, unit: string, hex: number, path: number[] = [hex]): void {
  moveStack(E, g, unitState(g, unit), hex, path);
}

// ---- chits usable at once (A-40) --------------------------------------------------------------

export const kindOf = (E: Env, id: string) => E.supportById.get(id)?.kind;

/** a chit kind usable at once when its condition is met (red names; default Sniper, Commander, Smoke). */
export const isRed = (g: PGState, kind: string) => g.o.redChits.includes(kind);

/** 签一览 Commander ①, A-40: outside a battle a Commander in the support pool may re-roll a die at once. */
export function poolCommanders(E: Env, g: PGState, side: Side): string[] {
  if (!isRed(g, 'commander')) return [];
  return g.support
    .filter((c) => c.side === side && c.loc === 'pool' && E.supportById.get(c.id)!.kind === 'commander')
    .map((c) => c.id);
}

/** The Commanders of `side` in the battle that may still act (签一览 Commander). */
export function liveCommanders(E: Env, g: PGState, b: Battle, side: Side): string[] {
  return b.alloc[side].filter(
    (id) =>
      E.supportById.get(id)!.kind === 'commander' &&
      supp(g, id).faceUp &&
      !b.spent.includes(id) &&
      !b.cancelled.includes(id) &&
      !b.snipes.some(([k]) => k === id),
  );
}

/** The Snipers (or Commanders) of `side` in the battle not yet assigned or used (11.2(3)). */
export const unassigned = (E: Env, b: Battle, side: Side, kind: 'sniper' | 'commander') =>
  b.alloc[side].filter((id) => kindOf(E, id) === kind && !b.snipes.some(([k]) => k === id) && !b.spent.includes(id));

/**
 * Snipers of `side` usable at once against a Commander during a battle (签一览 Sniper ※): those
 * allocated to the battle and not yet used, and, as a red chit, those in the support pool.
 */
export function readySnipers(E: Env, g: PGState, b: Battle, side: Side): string[] {
  const pool = isRed(g, 'sniper')
    ? g.support
        .filter((c) => c.side === side && c.loc === 'pool' && E.supportById.get(c.id)!.kind === 'sniper')
        .map((c) => c.id)
    : [];
  return [...unassigned(E, b, side, 'sniper').filter((id) => !b.cancelled.includes(id)), ...pool];
}
