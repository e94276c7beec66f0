/**
 * Shared plumbing of the combat machine: access to the combat state, pushing decisions
 * (`cb:*` entries on `g.stack`), chit movements, and rolls with re-roll windows (Wittmann,
 * Rudel, Commander ①; ).
 */
import type { Ctx } from '@sandtable/engine';
import {
  AS_CHIT,
  ELIMINATED,
  chitsOf,
  detachmentChitOf,
  other,
  unitState,
  type Env,
  type PGState,
  type Side,
} from '../state.ts';
import { moveUnit as moveStack } from '../movement.ts';
import type { Battle, CombatState, PendingRoll } from './types.ts';

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

/** Pushes a combat decision for `side`. */
export function ask(g: PGState, kind: string, side: Side, rule: string, prompt: string): 'wait' {
  g.stack.push({ kind: `cb:${kind}`, role: side, side, rule, prompt });
  return 'wait';
}

export const waiting = (g: PGState) => (g.stack[g.stack.length - 1]?.kind ?? '').startsWith('cb:');

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

// ---- rolls with re-roll windows ------------------------------------------------------------

export interface RollSpec {
  key: string;
  n: number;
  why: string;
  need: number;
  natural1?: boolean;
  firer: Side;
  target: Side;
  /** Wittmann / Rudel chits involved in the roll (they may re-roll it once, A-39). */
  abilities?: string[];
}

export const isHit = (p: { need: number[]; natural1: boolean }, d: number, i: number) =>
  (p.natural1 && d === 1) || d <= p.need[i]!;

/**
 * Rolls `n` dice; if a player may re-roll (A-53: first the player the result hurts), stores the
 * roll, pushes a `cb:reroll` decision and returns null: the step runs again after the decision
 * and gets the final dice. Step code must not change the state before its roll.
 */
export function rollWith(E: Env, ctx: Ctx, g: PGState, s: RollSpec): number[] | null {
  const c = cs(g);
  if (c.roll && c.roll.key === s.key) {
    if (!c.roll.final) return null;
    const d = c.roll.dice;
    c.roll = null;
    return d;
  }
  if (s.n === 0) return [];
  const dice = ctx.roll(s.n, s.why);
  const p: PendingRoll = {
    key: s.key,
    dice,
    need: dice.map(() => s.need),
    natural1: !!s.natural1,
    firer: s.firer,
    target: s.target,
    abilities: s.abilities ?? [],
    rerolled: [],
    used: [],
    offered: [],
    final: false,
    asked: null,
  };
  c.roll = p;
  if (offerReroll(E, g, p)) return null;
  c.roll = null;
  return dice;
}

/** Dice of the roll that hurt `side`: hits on its stack, misses of its own fire. */
function hurting(p: PendingRoll, side: Side): number[] {
  const out: number[] = [];
  p.dice.forEach((d, i) => {
    if (p.rerolled.includes(i)) return; // one re-roll per die roll
    const hit = isHit(p, d, i);
    if ((side === p.target && hit) || (side === p.firer && !hit)) out.push(i);
  });
  return out;
}

/** Abilities `side` may use on this roll: its Wittmann / Rudel in the roll, its live Commanders in the battle (签一览 Commander ①). */
export function rerollAbilities(E: Env, g: PGState, p: PendingRoll, side: Side): string[] {
  const out = p.abilities.filter(
    (id) => (E.equipById.get(id) ?? E.supportById.get(id))!.side === side && !p.used.includes(id),
  );
  const b = cur(g);
  if (b) for (const id of liveCommanders(E, g, b, side)) out.push(id);
  else out.push(...poolCommanders(E, g, side)); // 签一览 Commander "any time", A-40: outside a battle, from the support pool
  return out;
}

/** a chit kind usable at once when its condition is met (red names; default Sniper, Commander, Smoke). */
export const isRed = (g: PGState, kind: string) => g.o.redChits.includes(kind);

/** 签一览 Commander ①, A-40: outside a battle a Commander in the support pool may re-roll a die at once. */
export function poolCommanders(E: Env, g: PGState, side: Side): string[] {
  if (!isRed(g, 'commander')) return [];
  return g.support
    .filter((c) => c.side === side && c.loc === 'pool' && E.supportById.get(c.id)!.kind === 'commander')
    .map((c) => c.id);
}

/**
 * Whether `side` is asked about a re-roll of this roll: when it has an option, and also, outside
 * a battle, whenever its support pool is not empty and a die hurts it: whether the pool holds a
 * Commander is hidden (3.6(3)), so being asked must not depend on it.
 */
function askReroll(E: Env, g: PGState, p: PendingRoll, side: Side): boolean {
  if (rerollOptions(E, g, p, side).length) return true;
  return (
    !cur(g) &&
    isRed(g, 'commander') &&
    hurting(p, side).length > 0 &&
    g.support.some((c) => c.side === side && c.loc === 'pool')
  );
}

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

export function rerollOptions(E: Env, g: PGState, p: PendingRoll, side: Side): { die: number; by: string }[] {
  const abil = rerollAbilities(E, g, p, side);
  return hurting(p, side).flatMap((die) => abil.map((by) => ({ die, by })));
}

/** Offers the re-roll to the next player; false when nobody can or wants to: the roll is final. */
export function offerReroll(E: Env, g: PGState, p: PendingRoll): boolean {
  const hitFirst = p.dice.length === 1 ? isHit(p, p.dice[0]!, 0) : true;
  const order: Side[] = !g.o.rerollHurtFirst
    ? [p.firer, p.target]
    : hitFirst
      ? [p.target, p.firer]
      : [p.firer, p.target];
  for (const s of order) {
    if (p.offered.includes(s)) continue;
    if (askReroll(E, g, p, s)) {
      ask(
        g,
        'reroll',
        s,
        'A-53, 签一览 Wittmann/Rudel/Commander',
        `re-roll a die of "${p.key}" (rolled ${p.dice.join(', ')}) or keep it`,
      );
      return true;
    }
    p.offered.push(s);
  }
  p.final = true;
  return false;
}

export const enemy = other;
