/**
 * Damage application (11.6), retreat decisions (14.0(1), Soviet first), step losses (13.0),
 * retreat moves (14.0(2)-(6), A-27) and advance after combat (15.0).
 */
import { end, type Ctx } from '@sandtable/engine';
import {
  AS_ASKED,
  ask,
  chitsOf,
  detachmentChitOf,
  inEnemyZoc,
  other,
  unitState,
  type Decides,
  type Env,
  type PGState,
  type Side,
} from '../state.ts';
import { SIDES, cur, eliminate, moveUnit, resume, type StepResult } from './core.ts';
import { bestArmor, riverBonus, stacksOf, tdl } from './fire.ts';
import type { ActionOf, Battle } from './types.ts';
import { msg } from '../texts/index.ts';

export interface Totals {
  armor: Record<Side, number>;
  tdl: number;
  mines: number;
  final: Record<Side, number>;
}

/** 11.6(1): each side's final value = damage points + its best armor; the defender adds its TDL (A-14: no river bonus). */
export function totals(E: Env, g: PGState, b: Battle): Totals {
  const hex = b.memo.targetHex ?? unitState(g, b.target).hex;
  let t = tdl(E, g, b, hex, b.defender);
  if (g.o.riverTdlInDamage)
    t += Math.max(0, ...stacksOf(g, b, b.attacker).map((u) => riverBonus(E, unitState(g, u).hex, hex))); // A-14 on
  const armor = { DE: bestArmor(E, g, b, 'DE'), SU: bestArmor(E, g, b, 'SU') };
  const final = { DE: b.dmg.DE + armor.DE, SU: b.dmg.SU + armor.SU };
  final[b.defender] += t;
  return { armor, tdl: t, mines: 0, final };
}

/** Minefields of the defender add 2 damage points each (签一览 Minefield; D-40: defence only). */
function minefields(E: Env, b: Battle): number {
  return b.alloc[b.defender]
    .filter((id) => E.supportById.get(id)!.kind === 'minefield' && !b.cancelled.includes(id))
    .reduce((n, id) => n + (E.supportById.get(id)!.damageBonus ?? 0), 0);
}

/**
 * 11.6(2)(3): the higher final value wins; the loser loses steps equal to the winner's damage
 * points (A-12: raw points, or the final value under lossUsesFinal); a tie costs both. Close
 * combat (签一览): the winner also loses the loser's damage points.
 */
export function damage(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  b.memo.targetHex = unitState(g, b.target).hex;
  b.dmg[b.defender] += minefields(E, b);
  const t = totals(E, g, b);
  const basis = (s: Side) => (g.o.lossUsesFinal ? t.final[s] : b.dmg[s]);
  const A = b.attacker,
    D = b.defender;
  const win: Side | null = t.final[A] > t.final[D] ? A : t.final[D] > t.final[A] ? D : null;
  if (win === null) b.loss = { ...b.loss, [A]: basis(D), [D]: basis(A) };
  else {
    b.loss[other(win)] = basis(win);
    if (b.closeCombat) b.loss[win] = b.dmg[other(win)];
  }
  ctx.log(
    `damage application (11.6): German ${t.final.DE} (damage ${b.dmg.DE}, armor ${t.armor.DE}${D === 'DE' ? `, TDL ${t.tdl}` : ''}) vs Soviet ${t.final.SU} (damage ${b.dmg.SU}, armor ${t.armor.SU}${D === 'SU' ? `, TDL ${t.tdl}` : ''}): ${win ? `${win} wins` : 'tie'}; losses German ${b.loss.DE}, Soviet ${b.loss.SU}`,
    { rule: '11.6' },
  );
  return 'next';
}

/** What `side` may lose (13.0(1)(2)): its participating units (flip or remove) and any chit of their stacks. */
export function lossOptions(g: PGState, b: Battle, side: Side): { units: string[]; chits: string[] } {
  const units = stacksOf(g, b, side);
  const chits = units.flatMap((u) => chitsOf(g, u).map((c) => c.id));
  if (!g.o.rangedNoStepLoss) {
    // A-46 off: declared ranged chits may absorb losses too
    for (const id of b.declared) {
      const c = g.equip.find((x) => x.id === id)!;
      if (c.side === side && !chits.includes(id) && g.units.some((u) => u.id === c.loc && u.hex >= 0)) chits.push(id);
    }
  }
  return { units, chits };
}

export function takeStep(_E: Env, ctx: Ctx, g: PGState, b: Battle, side: Side, unit?: string, chit?: string): void {
  if (unit) {
    const u = unitState(g, unit);
    if (u.reduced || detachmentChitOf(unit)) {
      // a detachment has one step (签一览 detachment, A-26)
      eliminate(g, unit);
      ctx.log(
        `${unit} is removed with its chits (13.0(2)2, (3)${detachmentChitOf(unit) ? '; a detachment goes to the Equip cup, A-26' : ''})`,
        { rule: '13.0' },
      );
    } else {
      u.reduced = true;
      ctx.log(`${unit} is flipped to reduced strength (13.0(2)1)`, { rule: '13.0' });
    }
  } else if (chit) {
    const c = g.equip.find((x) => x.id === chit)!;
    c.loc = 'cup';
    c.faceUp = false;
    ctx.log(`${side} returns an equipment chit to its cup (13.0(2)3)`, { rule: '13.0' });
  }
  b.loss[side] -= 1;
}

/** Retreat hexes of `unit` now (14.0(4)-(6), A-27): avoid elimination, then friendly stacks, then the nearest own source. */
export function retreatChoices(
  E: Env,
  g: PGState,
  unit: string,
  path: number[],
): { hexes: number[]; eliminated: boolean } {
  const u = unitState(g, unit);
  const grid = E.b.grid;
  const zoc = inEnemyZoc(E, g, u.side);
  const foeSource = u.side === 'DE' ? 2 : 1;
  const from = path.length ? path[path.length - 1]! : u.hex;
  const cands = grid.neighbours(from).filter((h) => !path.includes(h) && E.b.source[h] !== foeSource); // 2.2.1(5), D-57
  const key = (h: number) => {
    const occ = g.units.filter((x) => x.hex === h && x.id !== unit);
    const bad = occ.some((x) => x.side !== u.side) || zoc[h] === 1 ? 1 : 0; // 14.0(4)1-2: enemy ZOC always kills (A-27)
    const busy = occ.length ? 1 : 0; // 14.0(5)
    const dist = Math.min(...E.b.sources[u.side].map((s) => grid.distance(h, s))); // 14.0(6)
    return bad * 1e6 + busy * 1e4 + dist;
  };
  if (cands.length === 0) return { hexes: [], eliminated: true }; // 14.0(4)3
  const best = Math.min(...cands.map(key));
  if (best >= 1e6) return { hexes: [], eliminated: true };
  return { hexes: cands.filter((h) => key(h) === best), eliminated: false };
}

/**
 * The retreating unit goes one hex; through a friendly stack it goes on (14.0(5)), and it is
 * placed only where its retreat ends (stacking is not checked part-way, 3.4(4)). True when over.
 */
export function retreatInto(E: Env, ctx: Ctx, g: PGState, b: Battle, unit: string, hex: number): boolean {
  const u = unitState(g, unit);
  if (b.path.length === 0) b.path.push(u.hex);
  b.path.push(hex);
  const busy = g.units.some((x) => x.hex === hex && x.id !== unit);
  if (busy) return false;
  moveUnit(E, g, unit, hex, b.path.slice(1));
  ctx.log(
    `${unit} retreats ${b.path
      .slice(1)
      .map((h) => E.b.grid.label(h))
      .join(' - ')} (14.0)`,
    { rule: '14.0' },
  );
  return true;
}

export function retreatMove(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  if (b.cursor === 0 && b.toRetreat.length === 0) {
    b.toRetreat = (g.o.retreatSovietFirst ? SIDES : [...SIDES].reverse())
      .filter((s) => b.retreat[s])
      .flatMap((s) => stacksOf(g, b, s)); // 14.0(2), Soviet first (A-28)
    if (b.toRetreat.length === 0) return 'next';
  }
  if (b.cursor >= b.toRetreat.length) return 'next';
  const unit = b.toRetreat[b.cursor]!;
  if (unitState(g, unit).hex < 0) {
    b.cursor++;
    return 'again';
  }
  const ch = retreatChoices(E, g, unit, b.path);
  if (ch.eliminated) {
    eliminate(g, unit);
    ctx.log(`${unit} cannot retreat and is removed from the map with its chits (14.0(4))`, { rule: '14.0(4)' });
    endRetreat(b, unit);
    return 'again';
  }
  if (ch.hexes.length > 1)
    return ask(g, 'cb:retreatHex', unitState(g, unit).side, '14.0(6)', msg('pk.cb.retreatHex', { unit }));
  if (retreatInto(E, ctx, g, b, unit, ch.hexes[0]!)) endRetreat(b, unit);
  return 'again';
}

export function endRetreat(b: Battle, unit: string): void {
  b.retreated.push(unit);
  b.path = [];
  b.cursor++;
}

/** 15.0: if the defender's hex is empty and the attacker did not retreat, one attacking stack may advance. */
export function advanceCandidates(E: Env, g: PGState, b: Battle): string[] {
  const hex = b.memo.targetHex!;
  if (b.retreat[b.attacker] || g.units.some((u) => u.hex === hex)) return []; // 15.0(4), A-29
  if (turn1Frozen(g, b.attacker)) return []; // A-30 (alternative)
  if (E.b.source[hex] === (b.attacker === 'DE' ? 2 : 1)) return []; // 2.2.1(5): never into an enemy source
  return b.attackers.filter((a) => unitState(g, a).hex >= 0 && !b.retreated.includes(a));
}

/** A-30 with `turn1RetreatAllowed` off: on turn 1 German stacks may neither retreat nor advance (17.1(2) read widely). */
export const turn1Frozen = (g: PGState, side: Side) => !g.o.turn1RetreatAllowed && g.turn === 1 && side === 'DE';

/** A-28: the steps run Soviet then German; with `retreatSovietFirst` off the German goes first (each step's side swapped). */
const inOrder = (g: PGState, s: Side): Side => (g.o.retreatSovietFirst ? s : other(s));

/** 11.6(4), 14.0(1): the side (Soviet first, A-28) that loses steps may declare a retreat to halve the loss. */
export function retreatDecision(_E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  const side = inOrder(g, b.step.slice(8) as Side);
  if (b.loss[side] > 0 && stacksOf(g, b, side).length && !b.windows.includes(b.step) && !turn1Frozen(g, side)) {
    b.windows.push(b.step);
    return ask(g, 'cb:retreat', side, '11.6(4), 14.0(1)', msg('pk.cb.retreat', { n: b.loss[side] }));
  }
  return 'next';
}

/** 13.0(2): the side takes its step losses one at a time; an excess is ignored. */
export function stepLosses(_E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  const side = inOrder(g, b.step.slice(5) as Side);
  const o = lossOptions(g, b, side);
  if (b.loss[side] > 0 && o.units.length + o.chits.length > 0)
    return ask(g, 'cb:loss', side, '13.0(2)', msg('pk.cb.loss', { n: b.loss[side] }));
  b.loss[side] = 0; // excess loss is ignored (13.0, derived)
  return 'next';
}

/** 15.0: one attacking stack may advance into the emptied defending hex. */
export function advance(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  if (!b.windows.includes('advance') && advanceCandidates(E, g, b).length) {
    b.windows.push('advance');
    return ask(g, 'cb:advance', b.attacker, '15.0', msg('pk.cb.advance', { hex: E.b.grid.label(b.memo.targetHex!) }));
  }
  return 'next';
}

// ---- decisions -------------------------------------------------------------------------------

/** 11.6(4), 14.0(1): retreat to halve the step loss (rounded down, T-03), or stand and take it all. */
export const retreatOrStand: Decides<'cb:retreat', ActionOf<'declareRetreat' | 'holdGround'>> = {
  ...AS_ASKED,
  rule: '11.6(4), 14.0(1)',
  actions: ['declareRetreat', 'holdGround'],
  legal: () => [{ type: 'declareRetreat' }, { type: 'holdGround' }],
  perform(_E, ctx, g, f, a) {
    end(g.stack);
    const b = cur(g)!;
    const s = f.side;
    b.retreat[s] = a.type === 'declareRetreat';
    if (a.type === 'declareRetreat') {
      b.loss[s] = Math.floor(b.loss[s] / 2); // 14.0, T-03
      ctx.log(`${s} retreats: its loss is halved to ${b.loss[s]} (14.0)`, { rule: '14.0' });
    }
    resume(g);
  },
};

/** 13.0(2): take one step of loss: flip or remove a participating unit, or return a chit of its stack. */
export const loseStep: Decides<'cb:loss', ActionOf<'stepLoss' | 'chitLoss'>> = {
  ...AS_ASKED,
  rule: '13.0(2)',
  actions: ['stepLoss', 'chitLoss'],
  legal(_E, g, f) {
    const o = lossOptions(g, cur(g)!, f.side);
    return [
      ...o.units.map((unit) => ({ type: 'stepLoss' as const, unit })),
      ...o.chits.map((chit) => ({ type: 'chitLoss' as const, chit })),
    ];
  },
  perform(E, ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'stepLoss') takeStep(E, ctx, g, cur(g)!, f.side, a.unit);
    else takeStep(E, ctx, g, cur(g)!, f.side, undefined, a.chit);
    resume(g);
  },
  refuse: () => ({
    rule: '13.0(1), A-46',
    message: 'steps come only from participating units and the chits of their stacks',
  }),
};

/** 14.0(6): choose among equally good retreat hexes. */
export const retreatHex: Decides<'cb:retreatHex', ActionOf<'retreatTo'>> = {
  ...AS_ASKED,
  rule: '14.0(6)',
  actions: ['retreatTo'],
  legal(E, g) {
    const b = cur(g)!;
    const unit = b.toRetreat[b.cursor]!;
    return retreatChoices(E, g, unit, b.path).hexes.map((h) => ({
      type: 'retreatTo' as const,
      hex: E.b.grid.label(h),
    }));
  },
  perform(E, ctx, g, _f, a) {
    end(g.stack);
    const b = cur(g)!;
    const unit = b.toRetreat[b.cursor]!;
    if (retreatInto(E, ctx, g, b, unit, E.b.grid.hex(a.hex))) endRetreat(b, unit);
    resume(g);
  },
  refuse: () => ({
    rule: '14.0(4)-(6), A-27',
    message: 'retreat goes toward the nearest own source, avoiding enemy ZOC and friendly stacks while it can',
  }),
};

/** 15.0: advance one attacking stack into the emptied defending hex, or stay. */
export const advanceAfterCombat: Decides<'cb:advance', ActionOf<'advanceInto' | 'noAdvance'>> = {
  ...AS_ASKED,
  rule: '15.0',
  actions: ['advanceInto', 'noAdvance'],
  legal: (E, g) => [
    ...advanceCandidates(E, g, cur(g)!).map((unit) => ({ type: 'advanceInto' as const, unit })),
    { type: 'noAdvance' },
  ],
  perform(E, ctx, g, _f, a) {
    end(g.stack);
    if (a.type === 'advanceInto') {
      const hex = cur(g)!.memo.targetHex!;
      moveUnit(E, g, a.unit, hex); // 15.0(3): no MP, ignores ZOC
      ctx.log(`${a.unit} advances into ${E.b.grid.label(hex)} (15.0)`, { rule: '15.0' });
    }
    resume(g);
  },
  refuse: () => ({
    rule: '15.0',
    message:
      "one attacking stack that took part may advance into the emptied defender's hex, unless the attacker retreated",
  }),
};
