import { describe, expect, it } from 'vitest';
import { allocator, countHits, eliminationThreshold, resultOf, validAllocation, type Target } from './combat.ts';

const land2: Target = { cls: 'land', used: false, durability: 2, canRetreat: true };

describe('11.0 combat resolution', () => {
  it('11.1(1): one die per unit, a roll at or under the value hits', () => {
    expect(countHits([1, 3, 4, 6], [3, 3, 3, 6])).toBe(3);
    expect(countHits([2, 5], [3, 3])).toBe(1); // TC-07 attack 1
  });

  it('TC-01 (11.4, 11.3.1): a durability-2 land unit front up, able to retreat', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((p) => resultOf(land2, p))).toEqual([
      'none',
      'flip',
      'flip',
      'flip+retreat',
      'flip+retreat',
      'pool',
      'pool',
    ]);
  });

  it('TC-02 (11.4, 11.5(1)): the same unit unable to retreat goes to the pool from 4 points', () => {
    const t = { ...land2, canRetreat: false };
    expect([1, 2, 3, 4, 5, 6].map((p) => resultOf(t, p))).toEqual(['none', 'flip', 'flip', 'pool', 'pool', 'pool']);
  });

  it('11.3.1: back side up: 1xD retreat, 2xD pool', () => {
    const t = { ...land2, used: true };
    expect([1, 2, 3, 4].map((p) => resultOf(t, p))).toEqual(['none', 'retreat', 'retreat', 'pool']);
  });

  it('11.3.2, 15.1(3): air units and submarines: front 1xD flip, 2xD pool; back 1xD pool', () => {
    const af: Target = { cls: 'air', used: false, durability: 1 };
    expect([1, 2].map((p) => resultOf(af, p))).toEqual(['flip', 'pool']);
    expect(resultOf({ ...af, used: true }, 1)).toBe('pool');
    expect(resultOf({ cls: 'sub', used: false, durability: 1 }, 1)).toBe('flip');
  });

  it('11.3(2), TC-60: a land unit at sea has durability 1', () => {
    const t: Target = { cls: 'land', used: false, durability: 3, atSea: true, canRetreat: true };
    expect([1, 2, 3].map((p) => resultOf(t, p))).toEqual(['flip', 'flip+retreat', 'pool']);
    expect([1, 2].map((p) => resultOf({ ...t, used: true }, p))).toEqual(['retreat', 'pool']);
  });

  it('TC-03 (11.4, 11.2): the owner soaks 2 points as 1+1; a third point still takes effect', () => {
    const two = [land2, land2];
    expect(validAllocation(2, two, [1, 1])).toBe(true);
    expect([resultOf(land2, 1), resultOf(land2, 1)]).toEqual(['none', 'none']);
    for (const a of [
      [1, 2],
      [2, 1],
      [3, 0],
      [0, 3],
    ]) {
      expect(validAllocation(3, two, a)).toBe(true);
      expect(a.map((p) => resultOf(land2, p)).filter((r) => r === 'flip')).toHaveLength(1);
    }
    expect(validAllocation(3, two, [1, 1])).toBe(false); // every point must be placed
  });

  it('11.2(2)(3), AMB-21: no unit above its elimination threshold; leftover points are ignored', () => {
    expect(eliminationThreshold(land2)).toBe(6);
    expect(validAllocation(7, [land2], [6])).toBe(true);
    expect(validAllocation(7, [land2, land2], [7, 0])).toBe(false);
    expect(validAllocation(7, [land2, land2], [7, 0], { overAllocation: 'free' })).toBe(true);
  });

  it("11.2(1), AMB-22: the defender's used units take damage first", () => {
    const used = { ...land2, used: true };
    expect(validAllocation(5, [used, land2], [4, 1])).toBe(true);
    expect(validAllocation(5, [used, land2], [2, 3])).toBe(false);
    expect(validAllocation(5, [used, land2], [2, 3], { usedFirst: 'lenient' })).toBe(true);
  });

  it('11.2(1): who allocates: air units, then fortress, then highest attack, then the defender', () => {
    const p = (hasAir: boolean, hasFortress: boolean, maxAttack: number) => ({ hasAir, hasFortress, maxAttack });
    expect(allocator(p(true, false, 1), p(true, true, 6))).toBe('attacker');
    expect(allocator(p(false, false, 6), p(true, false, 1))).toBe('defender');
    expect(allocator(p(false, true, 1), p(false, false, 6))).toBe('attacker');
    expect(allocator(p(false, false, 5), p(false, false, 4))).toBe('attacker');
    expect(allocator(p(false, false, 4), p(false, false, 5))).toBe('defender');
  });

  it('TC-10 (17.2 Q2): after an Ambush with a full tie, the counterattacked player allocates', () => {
    // the counterattacker is "the attacker"; the tie goes to the defender = the counterattacked player
    expect(
      allocator(
        { hasAir: false, hasFortress: false, maxAttack: 3 },
        { hasAir: false, hasFortress: false, maxAttack: 3 },
      ),
    ).toBe('defender');
  });

  it('TC-07 (17.1 Q2, AMB-39): two Blitzkrieg attacks declared in advance add their damage', () => {
    const h1 = countHits([2, 5], [3, 3]),
      h2 = countHits([1, 6], [3, 3]);
    expect(resultOf(land2, h1 + h2)).toBe('flip');
    expect([resultOf(land2, h1), resultOf(land2, h2)]).toEqual(['none', 'none']);
  });

  it('TC-09 (17.2 Q1, 10.1(2)(5)): an Ambush hit doubled on an attacking tank counts back side up: retreat', () => {
    const tank: Target = { cls: 'land', used: true, durability: 2, canRetreat: true };
    expect(resultOf(tank, 1 * 2)).toBe('retreat');
  });
});
