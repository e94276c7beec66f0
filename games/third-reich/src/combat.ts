/**
 * Combat resolution (11.0) as pure functions: hits (11.1), who allocates (11.2(1)), legal
 * allocations (11.2(2)(3), AMB-21/22), results by durability (11.3, 11.4). The flow (attacks,
 * counterattacks, retreats) calls these.
 */
import type { UnitClass } from './data/index.ts';

export type Result = 'none' | 'flip' | 'flip+retreat' | 'retreat' | 'pool';

export interface Target {
  cls: UnitClass;
  used: boolean;
  durability: number;
  /** A land unit in a sea area has durability 1 (11.3(2)). */
  atSea?: boolean;
  /** Whether a legal retreat destination exists (11.5(1)). */
  canRetreat?: boolean;
}

/** 11.1(1): one die per attacking unit; a roll at or under its value is one hit. */
export function countHits(dice: readonly number[], values: readonly number[]): number {
  let h = 0;
  dice.forEach((d, i) => {
    if (d <= values[i]!) h++;
  });
  return h;
}

/** 11.3(2): durability, 1 for a land unit at sea. */
export const durabilityOf = (t: Target): number => (t.cls === 'land' && t.atSea ? 1 : t.durability);

/** The points at which a unit leaves the map: 3D/2D for land and surface naval, 2D/D for air and submarines (AMB-21). */
export function eliminationThreshold(t: Target): number {
  const d = durabilityOf(t);
  const twoStep = t.cls === 'air' || t.cls === 'sub';
  return d * (twoStep ? (t.used ? 1 : 2) : t.used ? 2 : 3);
}

/** 11.3.1, 11.3.2, 11.4: the result of `points` on one unit; a retreat with nowhere to go is the pool (11.5(1)). */
export function resultOf(t: Target, points: number): Result {
  const k = Math.floor(points / durabilityOf(t));
  let r: Result;
  if (t.cls === 'air' || t.cls === 'sub')
    r = t.used ? (k >= 1 ? 'pool' : 'none') : k >= 2 ? 'pool' : k === 1 ? 'flip' : 'none';
  else if (t.used) r = k >= 2 ? 'pool' : k === 1 ? 'retreat' : 'none';
  else r = k >= 3 ? 'pool' : k === 2 ? 'flip+retreat' : k === 1 ? 'flip' : 'none';
  if ((r === 'retreat' || r === 'flip+retreat') && t.canRetreat === false) return r === 'retreat' ? 'pool' : 'pool';
  return r;
}

export interface Party {
  /** Air units (AF, jets included) in the combat (AMB-32). */
  hasAir: boolean;
  /** A fortress (FT) in the area. */
  hasFortress: boolean;
  /** Highest printed attack value (AMB-33). */
  maxAttack: number;
}

/** 11.2(1): who allocates. In a counterattack the counterattacker is the attacker (17.2 Q2). */
export function allocator(attacker: Party, defender: Party): 'attacker' | 'defender' {
  if (attacker.hasAir || defender.hasAir) return attacker.hasAir ? 'attacker' : 'defender'; // ① both: the attacker
  if (attacker.hasFortress !== defender.hasFortress) return attacker.hasFortress ? 'attacker' : 'defender'; // ②
  if (attacker.maxAttack !== defender.maxAttack)
    return attacker.maxAttack > defender.maxAttack ? 'attacker' : 'defender'; // ③
  return 'defender'; // ④
}

/**
 * Whether `alloc` (points per target) is a legal allocation of `points` (11.2):
 * all points placed up to what the targets can absorb (11.2(3)); no unit above its elimination
 * threshold (AMB-21 "threshold"); used defenders first (AMB-22 "strict": up to their threshold,
 * "lenient": at least 1 x durability).
 */
export function validAllocation(
  points: number,
  targets: readonly Target[],
  alloc: readonly number[],
  opts: { overAllocation?: string; usedFirst?: string } = {},
): boolean {
  if (alloc.length !== targets.length || alloc.some((a) => a < 0 || !Number.isInteger(a))) return false;
  const cap = targets.reduce((s, t) => s + eliminationThreshold(t), 0);
  const sum = alloc.reduce((s, a) => s + a, 0);
  const free = opts.overAllocation === 'free';
  if (free ? sum !== points : sum !== Math.min(points, cap)) return false;
  if (!free && targets.some((t, i) => alloc[i]! > eliminationThreshold(t))) return false;
  const needed = (t: Target) => (opts.usedFirst === 'lenient' ? durabilityOf(t) : eliminationThreshold(t));
  const anyUnusedHit = targets.some((t, i) => !t.used && alloc[i]! > 0);
  if (anyUnusedHit && targets.some((t, i) => t.used && alloc[i]! < needed(t))) return false;
  return true;
}
