import { describe, expect, it } from 'vitest';
import { leagueSpecs, leagueTable, playGame, wilson } from './league.ts';
import { pig, pigHooks } from './testing/pig.ts';

const entry = { game: pig, hooks: pigHooks };

describe('league', () => {
  it('Wilson intervals match known values', () => {
    const [lo, hi] = wilson(95, 100);
    expect(lo).toBeCloseTo(0.8883, 3);
    expect(hi).toBeCloseTo(0.9784, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(wilson(10, 10)[1]).toBe(1);
  });

  it('plays both sides against each baseline and tabulates', () => {
    const specs = leagueSpecs(pig, 'easy', ['random', 'greedy'], 2, 't');
    expect(specs).toHaveLength(8);
    expect(new Set(specs.map((s) => `${s.opponent}/${s.aiSide}`)).size).toBe(4);
    const results = specs.map((s) => playGame(entry, { ...s, timeMs: 5 }));
    for (const r of results) expect(r.winner === 'a' || r.winner === 'b').toBe(true);
    const table = leagueTable(results);
    expect(table).toHaveLength(2 + 4);
    expect(table[2]).toMatch(/^\| easy \| random \| a \| 2 \|/);
  });

  it('--sides plays only the named sides, and refuses an unknown one', () => {
    const specs = leagueSpecs(pig, 'easy', ['random', 'greedy'], 2, 't', undefined, ['b']);
    expect(specs).toHaveLength(4);
    expect(specs.every((s) => s.aiSide === 'b')).toBe(true);
    expect(() => leagueSpecs(pig, 'easy', ['random'], 1, 't', undefined, ['c'])).toThrow(/unknown side/);
  });
});
