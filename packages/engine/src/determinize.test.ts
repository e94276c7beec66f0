import { describe, expect, it } from 'vitest';
import { defineGame } from './game.ts';
import { determinizeState, canDeterminize } from './determinize.ts';
import { pigRules } from './testing/pig.ts';
import { seedRng } from './rng.ts';
import { randomPlayout } from './playout.ts';

const pig = defineGame(pigRules);

describe('determinize (search from a view)', () => {
  it('keeps what the role sees and samples the opponent secret', () => {
    const s = pig.apply(pig.setup('x', 'standard', {}, [3, 4, 5]), 'a', { type: 'roll' });
    const view = pig.view(s, 'a');
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const d = determinizeState(pig, view, seedRng(`s${i}`), `dice${i}`);
      expect(d.game.secrets.a).toBe(3);
      expect(d.game.turnTotal).toBe(5);
      expect(d.game.scores).toEqual(s.game.scores);
      expect(pig.view(d, 'a').game).toEqual(view.game);
      expect(pig.legalActions(d, 'a')).toEqual(view.actions);
      seen.add(d.game.secrets.b);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('gives future dice a fresh generator and plays on', () => {
    const s = pig.setup('y', 'short');
    const d = determinizeState(pig, pig.view(s, 'a'), seedRng(1), 'fresh');
    expect(d.rng).toEqual(seedRng('fresh'));
    expect(d.seq).toBe(s.seq);
    expect(pig.outcome(randomPlayout(pig, d, 'p').state)).not.toBeNull();
  });

  it('refuses games without the hook', () => {
    const bare = defineGame({ ...pigRules, determinize: undefined });
    expect(canDeterminize(pig)).toBe(true);
    expect(canDeterminize(bare)).toBe(false);
    expect(() => determinizeState(bare, bare.view(bare.setup('z'), 'a'), seedRng(1), 1)).toThrow(/no determinize hook/);
  });
});
