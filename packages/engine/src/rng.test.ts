import { describe, expect, it } from 'vitest';
import { nextUint32, randomIndex, rollDie, seedRng, weightedIndex } from './rng.ts';

describe('seeded PRNG', () => {
  it('is reproducible from its seed and its JSON state', () => {
    const a = seedRng('abc');
    const b = seedRng('abc');
    const xs = Array.from({ length: 5 }, () => nextUint32(a));
    expect(Array.from({ length: 5 }, () => nextUint32(b))).toEqual(xs);
    const c = JSON.parse(JSON.stringify(a));
    expect(nextUint32(c)).toBe(nextUint32(a));
  });

  it('rolls fair d6 (chi-square over 60,000 rolls)', () => {
    const r = seedRng(1);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rollDie(r) - 1]!++;
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5); // p = 0.001 at 5 degrees of freedom
  });

  it('serves scripted dice first and rejects impossible ones', () => {
    const r = seedRng(1, [6, 6, 1]);
    expect([rollDie(r), rollDie(r), rollDie(r)]).toEqual([6, 6, 1]);
    expect(() => rollDie(seedRng(1, [7]))).toThrow(/not a d6 result/);
  });

  it('weightedIndex draws in proportion to the weights and never picks a zero weight', () => {
    const rng = seedRng('weights');
    const n = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) n[weightedIndex(rng, [1, 0, 3])]!++;
    expect(n[1]).toBe(0);
    expect(n[2]! / n[0]!).toBeGreaterThan(2.7);
    expect(n[2]! / n[0]!).toBeLessThan(3.3);
  });

  it('randomIndex stays in range', () => {
    const r = seedRng(9);
    for (let i = 0; i < 1000; i++) {
      const x = randomIndex(r, 7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
    }
  });
});
