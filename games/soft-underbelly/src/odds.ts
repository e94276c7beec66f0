/**
 * Exact odds of a combat round (§19 L206, §20 L212-L220): each die hits on `hit`-6, so the hits
 * of one side are binomial. Pure helpers for the client's "odds before committing" display.
 */

/** P(hits = k) for k = 0..dice, each die hitting on `hit` or more on a d6. */
export function hitDistribution(dice: number, hit: number): number[] {
  const p = Math.max(0, Math.min(6, 7 - hit)) / 6;
  const out: number[] = [];
  for (let k = 0; k <= dice; k++) out.push(binom(dice, k) * p ** k * (1 - p) ** (dice - k));
  return out;
}

function binom(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

export interface RoundOdds {
  attacker: number[];
  defender: number[];
  /** Expected hits inflicted by each side. */
  expected: { attacker: number; defender: number };
  /** Joint distribution: joint[a][d] = P(attacker inflicts a, defender inflicts d). */
  joint: number[][];
}

/** Both sides' hit distributions for one round, with an optional extra die (paratroops) and elite bonus. */
export function roundOdds(
  att: { dice: number; hit: number; bonus?: number },
  def: { dice: number; hit: number; bonus?: number },
): RoundOdds {
  const shift = (dist: number[], b = 0) => (b ? [...new Array<number>(b).fill(0), ...dist] : dist);
  const a = shift(hitDistribution(att.dice, att.hit), att.bonus);
  const d = shift(hitDistribution(def.dice, def.hit), def.bonus);
  const ex = (x: number[]) => x.reduce((s, p, k) => s + p * k, 0);
  return {
    attacker: a,
    defender: d,
    expected: { attacker: ex(a), defender: ex(d) },
    joint: a.map((pa) => d.map((pd) => pa * pd)),
  };
}
