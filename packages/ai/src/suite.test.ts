import { describe, expect, it } from 'vitest';
import { casePasses, runSuite, suiteTable, type PositionSuite } from './suite.ts';
import { calibrate, calibrationTable, type CalibrationGame } from './calibration.ts';
import { pig, pigHooks } from './testing/pig.ts';
import type { PigAction, PigState } from '@sandtable/engine/testing/pig';

const entry = { game: pig, hooks: pigHooks };

describe('position suites (#20)', () => {
  // Pig has no position format: the cases start from the set-up (a position is what `setup` is given).
  const suite: PositionSuite<PigState, PigAction> = {
    horizon: (_s, now, next) => next === null || now.active !== 'a',
    cases: [
      {
        name: 'a-rolls-first',
        position: new URL('file:///unused.json'),
        side: 'a',
        principle: 'with nothing banked, roll at least once',
        right: (_s, _g, played) => played.some((x) => x.type === 'roll'),
      },
      {
        name: 'never-right',
        position: new URL('file:///unused.json'),
        side: 'a',
        principle: 'a predicate no play meets',
        right: () => false,
      },
    ],
  };

  it('plays the side to the horizon, judges each run by the predicate and counts the right runs', () => {
    const results = runSuite(entry, suite, () => undefined, { runs: 3, budget: { iterations: 30, timeMs: 60_000 } });
    expect(results.map((r) => r.rightRuns)).toEqual([3, 0]);
    expect(results[0]!.runs.every((r) => r.played.length > 0)).toBe(true);
    expect(results.map(casePasses)).toEqual([true, false]);
    const table = suiteTable('pig', results);
    expect(table.at(-1)).toMatch(/1\/2 \(50%\)/);
  });
});

describe('calibration (#20 item 3)', () => {
  it('buckets estimates by tenths against results, draws half, and scores Brier', () => {
    const games: CalibrationGame[] = [
      {
        seed: '1',
        result: 1,
        estimates: [
          { turn: 1, estimate: 0.75 },
          { turn: 2, estimate: 0.95 },
        ],
      },
      { seed: '2', result: 0, estimates: [{ turn: 1, estimate: 0.71 }] },
      { seed: '3', result: 0.5, estimates: [{ turn: 1, estimate: 0.05 }] },
      { seed: '4', result: null, estimates: [{ turn: 1, estimate: 0.5 }] },
    ];
    const { buckets, brier, n } = calibrate(games);
    expect(n).toBe(4);
    expect(buckets[7]!.n).toBe(2);
    expect(buckets[7]!.meanEstimate).toBeCloseTo(0.73, 6);
    expect(buckets[7]!.observed).toBe(0.5);
    expect(buckets[0]!.observed).toBe(0.5);
    expect(buckets[5]!.n).toBe(0); // a game cut short has no result
    expect(brier).toBeCloseTo((0.25 ** 2 + 0.05 ** 2 + 0.71 ** 2 + 0.45 ** 2) / 4, 6);
    expect(calibrationTable('a', games).join('\n')).toMatch(/45.0 points \(over 15\)/);
  });
});
