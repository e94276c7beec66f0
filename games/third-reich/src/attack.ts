/**
 * Attacks (9.0): normal attacks in the group's area (9.1, 9.1.1), air attacks on a target area in
 * range (9.2, AMB-34), the attack roll (11.1) and who allocates its points (11.2(1)); the
 * Strategic Bombing of a source area (16.2) and its card losses.
 */
import { call, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { airStrength, areaName, counterOf, hasAirStrength, type Board } from './board.ts';
import { discardAtRandom } from './cards.ts';
import { allocator, type Party } from './combat.ts';
import { openWindow } from './counterattack.ts';
import { startCombat } from './damage.ts';
import { other, type Act, type TRState } from './state.ts';
import {
  absent,
  axisLeaningNeutral,
  ctrlSide,
  friendlyUnit,
  linkOpen,
  mayAttackIn,
  mayEnter,
  neighbours,
  unitsIn,
} from './world.ts';
import { sideName } from './texts/names.ts';

/** Belligerent enemy units that an attack on `area` hits (11.1(2)); absent US ships excepted (15.3(3)). */
function enemyUnits(b: Board, g: TRState, area: number, side: Side): number[] {
  return unitsIn(g, area).filter((u) => !friendlyUnit(g, b, u, side) && g.natBel[b.unitNation[u]!] && !absent(b, g, u));
}

/** 9.1(1), 9.1.1: every unit of the group may attack in its area, and enemy units are there. */
export function canNormalAttack(b: Board, g: TRState, act: Act): boolean {
  if (!act.units.length) return false;
  const a = g.loc[act.units[0]!]!;
  return act.units.every((u) => mayAttackIn(b, g, u, a, act.side)) && enemyUnits(b, g, a, act.side).length > 0; // 9.1(1), 9.1.1
}

/** 9.2(2): target areas of an air attack; 15.2(1)/AMB-24 winter ban; 15.7 paths; no overflight of neutrals (the attacker's path avoids them). */
export function airTargets(b: Board, g: TRState, act: Act, extraRange = 0): number[] {
  return [...airReach(b, g, act, extraRange).keys()].sort((x, y) => x - y);
}

/**
 * 9.2(2), AMB-34: air-attack targets with the path flown; [REC] the path crossing the fewest
 * neutral-controlled areas (each crossed one is violated, 3.1.3(1)); 15.7 areas never crossed.
 */
export function airReach(b: Board, g: TRState, act: Act, extraRange = 0): Map<number, number[]> {
  const res = new Map<number, number[]>();
  if (!act.units.length || !act.units.every((u) => hasAirStrength(b, u))) return res;
  const from = g.loc[act.units[0]!]!;
  const winter = b.data.turns[g.turn - 1]!.winter;
  const su = b.nationIndex.get('SU')!;
  if (winter && g.options.winterAirBan === 'targets-and-origins' && b.flag[from] === su) return res;
  const range = b.isSea[from] ? 1 : Math.min(...act.units.map((u) => counterOf(b, u).movement)) + extraRange;
  const neutral = (x: number) => ctrlSide(b, g, x) === 'neutral' && g.ctrl[x]! >= 0;
  const no16_5 = (x: number) => g.options.opt16_5 && axisLeaningNeutral(b, g, x);
  // layered search: best[d] maps area -> [violations, parent] for paths of exactly d steps
  const best: Map<number, [number, number]>[] = [new Map([[from, [0, -1]]])];
  for (let d = 0; d < range; d++) {
    const next = new Map<number, [number, number]>();
    for (const [x, [v]] of best[d]!) {
      if (d > 0 && (!mayEnter(b, x, act.side) || no16_5(x))) continue; // 15.7: not through; 16.5
      for (const y of neighbours(b, g, x, act.side)) {
        const vy = v + (d > 0 && neutral(x) ? 1 : 0);
        const cur = next.get(y);
        if (!cur || vy < cur[0]) next.set(y, [vy, x]);
      }
    }
    best.push(next);
  }
  const dist = new Map<number, number>([[from, 0]]); // 9.2(2): the group's own area is a target too
  const viol = new Map<number, number>([[from, 0]]);
  for (let d = 1; d < best.length; d++)
    for (const [a, [v]] of best[d]!)
      if (!viol.has(a) || v < viol.get(a)!) {
        viol.set(a, v);
        dist.set(a, d);
      }
  const pathTo = (a: number) => {
    const p = [a];
    for (let d = dist.get(a)!, x = a; d > 0; d--) {
      x = best[d]!.get(x)![1];
      p.unshift(x);
    }
    return p;
  };
  const hostile = new Set<number>();
  for (let u = 0; u < g.loc.length; u++) {
    const a = g.loc[u]!;
    if (a >= 0 && dist.has(a) && !friendlyUnit(g, b, u, act.side) && g.natBel[b.unitNation[u]!] && !absent(b, g, u))
      hostile.add(a);
  }
  for (const [a, d] of dist) {
    if (d > 1 && b.isSea[a]) continue; // [REC] sea targets: own or adjacent area only
    if (winter && b.flag[a] === su) continue; // 15.2(1), AMB-24
    if (g.options.opt16_5 && axisLeaningNeutral(b, g, a)) continue; // 16.5
    if (!hostile.has(a)) continue; // 11.1(2): enemy units to hit
    res.set(a, pathTo(a));
  }
  return res;
}

/** Strategic Bombing (16.2): Axis-controlled source areas within the group's movement, with the distance. */
export function bombTargets(b: Board, g: TRState, act: Act): { area: number; dist: number }[] {
  if (!act.units.length || b.isSea[act.area] || !act.units.every((u) => b.unitClass[u] === 'air')) return [];
  const range = Math.min(...act.units.map((u) => counterOf(b, u).movement));
  const { reached, distance } = b.tracer.flood(act.area, {
    maxHops: range,
    stopsIn: (x) => ctrlSide(b, g, x) === 'neutral' || !mayEnter(b, x, act.side), // no flight over neutrals, 15.7
    crosses: linkOpen(b, g, act.side),
  });
  const out: { area: number; dist: number }[] = [];
  for (let a = 0; a < reached.length; a++)
    if (reached[a] && a !== act.area && b.source[a] && !b.isSea[a] && ctrlSide(b, g, a) === other(act.side))
      out.push({ area: a, dist: distance[a]! });
  return out;
}

/** The attack roll (9.1(2), 9.2(3), 11.1); a Blitzkrieg double attack adds its two rolls (17.1 Q2). */
export function strike(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  if (act.type === 'bomb') {
    bombStrike(b, ctx, g);
    return;
  }
  const air = act.type === 'airAttack';
  const attackers = act.units.filter((u) => g.loc[u] === act.area && !act.damaged.includes(u)); // 10.1(6)
  const values = attackers.map((u) => (air || b.unitClass[u] === 'air' ? airStrength(b, u) : counterOf(b, u).attack)); // 9.1(2), 9.2(3)
  let points = 0;
  if (attackers.length) {
    const dice = ctx.roll(attackers.length, air ? 'air attack' : 'attack');
    dice.forEach((d, i) => {
      if (d <= values[i]!) points++;
    }); // 11.1(1)
    ctx.log(
      `${sideName(act.side)} ${air ? 'air-attacks' : 'attacks'} in ${areaName(b, act.target)} with ${attackers.length} unit(s): ${points} hit(s).`,
      { rule: air ? '9.2' : '9.1', dice },
    );
  }
  if (act.blitz?.twice && !act.blitz.firstDone) {
    // 17.1 Q2, AMB-39: the second declared attack adds its points
    act.blitz.firstDone = true;
    act.blitz.points = points;
    call(g.stack, { kind: 'auto', step: 'strike', side: act.side });
    openWindow(b, g); // 10.1(3): a window at the second action too
    return;
  }
  if (act.blitz?.twice) points += act.blitz.points;
  const targets = enemyUnits(b, g, act.target, act.side);
  if (!targets.length || points === 0) return;
  const cv = g.options.priorityValue === 'combat-value'; // AMB-33: printed attack, or the value used in this combat
  const party = (us: number[], s: Side, attacking: boolean): Party => ({
    hasAir: us.some((u) => b.unitClass[u] === 'air'),
    hasFortress: unitsIn(g, act.target).some((u) => counterOf(b, u).type === 'FT' && friendlyUnit(g, b, u, s)),
    maxAttack: Math.max(
      0,
      ...us.map((u) =>
        cv && attacking && (air || b.unitClass[u] === 'air') ? airStrength(b, u) : counterOf(b, u).attack,
      ),
    ),
  });
  const who =
    allocator(party(attackers, act.side, true), party(targets, other(act.side), false)) === 'attacker'
      ? act.side
      : other(act.side); // 11.2(1)
  startCombat(b, ctx, g, {
    counter: false,
    side: act.side,
    alloc: who,
    points,
    targets,
    assigned: targets.map(() => 0),
    retreatTo: -1,
  });
}

/** Strategic Bombing: one die per bomber, hit at or under air strength + range modifier (16.4: +1); each hit discards an Axis card at random (16.2(2) off, 16.3). */
function bombStrike(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  const bombers = act.units.filter((u) => g.loc[u] === act.area && !act.damaged.includes(u));
  if (!bombers.length) return;
  const e = b.cardById.get(g.op!.card)!.effect as { modifiers: number[] };
  const mod = g.options.opt16_4 ? 1 : e.modifiers[Math.min(act.dist! - 1, e.modifiers.length - 1)]!;
  const dice = ctx.roll(bombers.length, 'strategic bombing');
  let hits = 0;
  dice.forEach((d, i) => {
    if (d <= airStrength(b, bombers[i]!) + mod) hits++;
  });
  ctx.log(`Strategic Bombing of ${areaName(b, act.target)} (modifier ${mod >= 0 ? '+' : ''}${mod}): ${hits} hit(s).`, {
    rule: '16.2',
    dice,
  });
  const opp = other(act.side);
  if (g.options.opt16_2_2 && hits > 0) {
    call(g.stack, { kind: 'discard', side: opp, left: hits });
    return;
  } // 16.2(2): the owner chooses
  discardAtRandom(b, ctx, g, opp, hits, `The ${opp}`, '16.2(2)');
}
