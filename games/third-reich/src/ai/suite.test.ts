import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { greedyPlayer, runCase, viewForAi } from '@sandtable/ai';
import { thirdReich, type TRState } from '../index.ts';
import { ai } from './index.ts';
import { holds, suite } from './suite.ts';

const load = (name: string) => {
  const c = suite.cases.find((x) => x.name === name)!;
  return { c, position: JSON.parse(readFileSync(c.position, 'utf8')) };
};

describe('Third Reich position suite (#20)', () => {
  it('every position loads with its side to play, and its predicate is not met by doing nothing where play is needed', () => {
    expect(suite.cases.length).toBeGreaterThanOrEqual(12);
    for (const c of suite.cases) {
      const s = thirdReich.setup('t', undefined, {}, undefined, JSON.parse(readFileSync(c.position, 'utf8')));
      expect(thirdReich.decision(s)?.role, c.name).toBe(c.side);
    }
    const { c, position } = load('no-pass-with-cards');
    const s = thirdReich.setup('t', undefined, {}, undefined, position);
    expect(c.right(s.game, s.game, [{ type: 'pass' }])).toBe(false);
  });

  it('#18.8, 5.0(3): greedy plays a card rather than end turn 1 with two Blitzkriegs in hand', () => {
    const { position } = load('no-pass-with-cards');
    for (const seed of ['1', '2']) {
      const s = thirdReich.setup(seed, undefined, {}, undefined, position);
      const choice = greedyPlayer(ai, seed).choose(viewForAi(ai, s, 'axis'));
      expect(choice.action.type).not.toBe('pass');
    }
  });

  it('#18.8, 3.2, 14.2(1): on the opening, the Axis keeps Berlin and the Ruhr held through its first impulse', () => {
    const { c, position } = load('no-pass-with-cards');
    const opening = {
      ...c,
      name: 'opening',
      right: (_s: TRState, g: TRState) => holds(g, 'axis', 'berlin') && holds(g, 'axis', 'ruhr'),
    };
    for (let run = 0; run < 2; run++) {
      const r = runCase(ai, suite, opening, position, run, { budget: { iterations: 60, timeMs: 600_000 } });
      expect(r.right, `run ${run}: ${r.played.map((a) => a.type).join(' ')}`).toBe(true);
    }
  });
});
