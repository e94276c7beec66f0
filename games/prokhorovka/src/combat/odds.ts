/**
 * Exact odds for the web client's display, from the rules' own numbers: one D6 against a hit
 * number (10.3(2)), a natural 1 under the firing-round procedure (12.0(1)), the number of hits of
 * a firepower roll (11.3, 11.4), and the outcome of one tank-battle pair over its three firing
 * rounds (11.5(3)). Pure functions of numbers, plus `battleOdds` reading a battle under way.
 */
import { other, unitState, type Env, type PGState, type Side } from '../state.ts';
import { artilleryNeed, artilleryOf, normalNeed, paired, supportCell, tankWeapons } from './battle.ts';
import { duelArmor, fireValue, firingNeed, hexOfChit, isAtType, roleOf, stackFire, stacksOf, tdl } from './fire.ts';
import type { Battle } from './types.ts';

/** P(one D6 hits): a roll <= `need` hits (10.3(2)1); under 12.0(1) a natural 1 always hits. */
export function pDie(need: number, natural1 = false): number {
  const k = Math.max(Math.min(Math.floor(need), 6), natural1 ? 1 : 0);
  return Math.max(k, 0) / 6;
}

/** 12.0(1): the chance a fire value hits a target of the given armor (or TDL). */
export const duelOdds = (fire: number, armor: number) => pDie(firingNeed(fire, armor), true);

/** P(exactly k hits) for k = 0..n, each die hitting with probability `p` (binomial, exact in floating point). */
export function hitsDistribution(n: number, p: number): number[] {
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] = next[k]! + q * (1 - p);
      next[k + 1] = next[k + 1]! + q * p;
    });
    dist = next;
  }
  return dist;
}

export interface FireOdds {
  dice: number;
  need: number;
  p: number;
  expected: number;
  dist: number[];
}

/** A firepower roll (11.3, 11.4): `n` dice hitting on <= `need`. */
export function fireOdds(n: number, need: number): FireOdds {
  const p = pDie(need);
  return { dice: n, need, p, expected: n * p, dist: hitsDistribution(n, p) };
}

export interface PairOdds {
  attackerDestroyed: number;
  defenderDestroyed: number;
  bothSurvive: number;
}

/**
 * One tank-battle pair (11.5(3)): (1) an AT-type defender fires first; (2) the attacker fires if it
 * survived and may fire (11.5(1)2); (3) a defending tank fires back if it survived. `pAtt` is the
 * attacker's chance to hit, `pDef` the defender's.
 */
export function pairOdds(defenderIsAt: boolean, attackerFires: boolean, pAtt: number, pDef: number): PairOdds {
  const a = attackerFires ? pAtt : 0;
  if (defenderIsAt) {
    const attackerDestroyed = pDef;
    const defenderDestroyed = (1 - pDef) * a;
    return { attackerDestroyed, defenderDestroyed, bothSurvive: (1 - pDef) * (1 - a) };
  }
  const defenderDestroyed = a;
  const attackerDestroyed = (1 - a) * pDef;
  return { attackerDestroyed, defenderDestroyed, bothSurvive: (1 - a) * (1 - pDef) };
}

export interface BattleOdds {
  bombard: Record<Side, FireOdds>;
  normal: { stack: string; side: Side; odds: FireOdds }[];
  pairs: { de: string; su: string; odds: PairOdds }[];
  /** Expected tank-support points per side (11.5(4)). */
  tankSupport: Record<Side, number>;
}

/** The odds of the battle under way, for display (uses the same hit numbers the steps use). */
export function battleOdds(E: Env, g: PGState, b: Battle): BattleOdds {
  const mult = b.melee ? 2 : 1;
  const bombard = {} as BattleOdds['bombard'];
  for (const s of [b.attacker, b.defender])
    bombard[s] = fireOdds(b.smoke.includes(other(s)) ? 0 : artilleryOf(E, g, b, s), artilleryNeed(E, g, b, s));
  const th = unitState(g, b.target).hex;
  const normal = stacksOf(g, b, b.attacker).map((u) => ({
    stack: u,
    side: b.attacker,
    odds: fireOdds(stackFire(E, g, b, u) * mult, normalNeed(E, g, b, u, th)),
  }));
  if (th >= 0)
    normal.push({
      stack: b.target,
      side: b.defender,
      odds: fireOdds(stackFire(E, g, b, b.target) * mult, E.d.tables.combat.defenderHit),
    });
  const reserve = g.phase === 'reserveAttack';
  const pairs = b.pairs.map(([de, su]) => {
    const att = E.equipById.get(de)!.side === b.attacker ? de : su;
    const def = att === de ? su : de;
    const ra = roleOf(E.equipById.get(att)!, b);
    const fires = ra === 'tank' || (ra === 'spat' && !reserve);
    const pA = duelOdds(fireValue(E.equipById.get(att)!, b), duelArmor(E, g, b, def, att));
    const pD = duelOdds(fireValue(E.equipById.get(def)!, b), duelArmor(E, g, b, att, def));
    return { de, su, odds: pairOdds(isAtType(roleOf(E.equipById.get(def)!, b)), fires, pA, pD) };
  });
  const tankSupport = { DE: 0, SU: 0 };
  for (const s of [b.attacker, b.defender]) {
    for (const id of tankWeapons(E, g, b, s).filter((x) => !paired(b, x))) {
      if (s === b.defender) {
        tankSupport[s] += 1;
        continue;
      }
      const r = roleOf(E.equipById.get(id)!, b);
      if (!(r === 'tank' || (r === 'spat' && !reserve))) continue;
      const cell = supportCell(E, g, b, id);
      tankSupport[s] +=
        cell === 'auto'
          ? 1
          : cell === 'diamond'
            ? duelOdds(fireValue(E.equipById.get(id)!, b), tdl(E, g, b, th, b.defender, hexOfChit(g, id)))
            : pDie(cell);
    }
  }
  return { bombard, normal, pairs, tankSupport };
}
