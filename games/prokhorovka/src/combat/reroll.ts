/**
 * Rolls with re-roll windows (Wittmann, Rudel, Commander ①; ): a roll a player may
 * re-roll is kept in the combat state while the decision `cb:reroll` is offered (first to the
 * player the result hurts, A-53), and an enemy Sniper may cancel a Commander's re-roll at once
 * (`cb:snipeNow`, 签一览 Sniper ※).
 */
import { end, type Ctx } from '@sandtable/engine';
import { AS_ASKED, ask, type Decides, type Env, type PGState, type Side } from '../state.ts';
import {
  chitName,
  cs,
  cur,
  isRed,
  liveCommanders,
  poolCommanders,
  readySnipers,
  resume,
  supp,
  supportToCup,
} from './core.ts';
import type { ActionOf, Battle, PendingRoll } from './types.ts';
import { msg } from '../texts/index.ts';

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
        'cb:reroll',
        s,
        'A-53, 签一览 Wittmann/Rudel/Commander',
        msg('pk.cb.reroll', { roll: p.key, dice: p.dice.join(', ') }),
      );
      return true;
    }
    p.offered.push(s);
  }
  p.final = true;
  return false;
}

/** Whether `side` is asked to snipe a Commander's re-roll: a ready Sniper, or any chit in a pool that may hide one (3.6(3)). */
function askSnipe(E: Env, g: PGState, b: Battle, side: Side): boolean {
  return (
    readySnipers(E, g, b, side).length > 0 ||
    (isRed(g, 'sniper') && g.support.some((c) => c.side === side && c.loc === 'pool'))
  );
}

/** Re-rolls one die of the pending roll and offers the next re-roll. */
function doReroll(E: Env, ctx: Ctx, g: PGState, die: number, by: string): void {
  const p = cs(g).roll!;
  const [v] = ctx.roll(1, `re-roll of die ${die + 1} of ${p.key} by ${chitName(E, by)}`);
  ctx.log(`${chitName(E, by)} re-rolls ${p.dice[die]} -> ${v}`, { rule: 'A-53', dice: [v!] });
  p.dice[die] = v!;
  p.rerolled.push(die);
  p.used.push(by);
  if (E.supportById.get(by)?.kind === 'commander') {
    const b = cur(g);
    if (b)
      b.spent.push(by); // 签一览 Commander 1
    else {
      supportToCup(g, by);
      ctx.log(`${chitName(E, by)} is used from the support pool and goes back to its cup (签一览 Commander 1, A-40)`, {
        rule: 'A-40',
      });
    }
  }
  offerReroll(E, g, p);
}

/** re-roll one die that hurts you with an ability (Wittmann, Rudel, a Commander), or keep the roll. */
export const reroll: Decides<'cb:reroll', ActionOf<'reroll' | 'keepRoll'>> = {
  ...AS_ASKED,
  rule: 'A-53, 签一览 Wittmann/Rudel/Commander',
  actions: ['reroll', 'keepRoll'],
  legal: (E, g, f) => [
    ...rerollOptions(E, g, cs(g).roll!, f.side).map((o) => ({ type: 'reroll' as const, ...o })),
    { type: 'keepRoll' },
  ],
  perform(E, ctx, g, f, a) {
    const p = cs(g).roll!;
    end(g.stack);
    if (a.type === 'keepRoll') {
      p.offered.push(f.side);
      offerReroll(E, g, p);
      return resume(g);
    }
    const b = cur(g);
    const foe = f.side === 'DE' ? 'SU' : 'DE';
    if (E.supportById.get(a.by)?.kind === 'commander' && b && askSnipe(E, g, b, foe)) {
      p.asked = { die: a.die, by: a.by }; // 签一览 Sniper ※: the enemy may cancel the Commander at once
      ask(g, 'cb:snipeNow', foe, '签一览 Sniper ※', msg('pk.cb.snipeNow'));
      return;
    }
    doReroll(E, ctx, g, a.die, a.by);
    resume(g);
  },
  refuse: () => ({ rule: 'A-39, A-53', message: 'one re-roll per die, by an ability of the player the die hurts' }),
};

/** 签一览 Sniper ※: cancel the enemy Commander's re-roll at once with a Sniper, or let it stand. */
export const snipeNow: Decides<'cb:snipeNow', ActionOf<'snipeCommander' | 'noSnipe'>> = {
  ...AS_ASKED,
  rule: '签一览 Sniper ※',
  actions: ['snipeCommander', 'noSnipe'],
  legal: (E, g, f) => [
    ...readySnipers(E, g, cur(g)!, f.side).map((by) => ({ type: 'snipeCommander' as const, by })),
    { type: 'noSnipe' },
  ],
  perform(E, ctx, g, _f, a) {
    end(g.stack);
    const p = cs(g).roll!;
    const { die, by } = p.asked!;
    p.asked = null;
    if (a.type === 'noSnipe') doReroll(E, ctx, g, die, by);
    else {
      const b = cur(g)!;
      b.snipes.push([a.by, by]);
      b.spent.push(a.by, by);
      if (supp(g, a.by).loc === 'pool') supportToCup(g, a.by); // a red Sniper from the pool is spent
      b.cancelled.push(by);
      ctx.log(`${chitName(E, a.by)} cancels the Commander's re-roll (签一览 Sniper ※)`, { rule: '签一览 Sniper' });
      offerReroll(E, g, p);
    }
    resume(g);
  },
};
