import { describe, expect, it } from 'vitest';
import { ImpulseNarrator, summarizePlan } from './plan.ts';
import { pig, pigHooks } from './testing/pig.ts';
import { nim, nimHooks, type NimAction } from './testing/nim.ts';
import { searchPlayer } from './players.ts';

describe('plan summaries', () => {
  it('says what the AI did once play passes to the other side, in the game terms', () => {
    const entry = { game: pig, hooks: pigHooks };
    const narrator = new ImpulseNarrator(entry, new Set(['a']));
    let s = pig.setup('n', 'standard', {}, [3, 4, 5, 6, 1]);
    const stats = { iterations: 10, elapsedMs: 1, winChance: 0.62, visits: 5 };
    for (const action of [{ type: 'roll' }, { type: 'roll' }, { type: 'hold' }] as const) {
      expect(narrator.step(pig.view(s, 'a'), { action, stats })).toBeNull();
      s = pig.apply(s, 'a', action);
    }
    const said = narrator.step(pig.view(s, 'b'), null);
    expect(said).toBe('a rolls 2 times and holds (from 0 points; odds of winning 62%)');
    expect(narrator.flush()).toBeNull();
  });

  it('falls back to the steps joined, with the odds, for games without a summary hook', () => {
    const s = nim.setup('1', 'heap', { stones: 5 });
    const take: NimAction = { type: 'take', n: 2 };
    const line = summarizePlan({ game: nim, hooks: nimHooks }, nim.view(s, 'first'), [take], {
      iterations: 1,
      elapsedMs: 1,
      winChance: 0.9,
      visits: 1,
    });
    expect(line).toBe('first: take (odds of winning 90%)');
  });

  it("a game's summary hook that throws falls back to the steps joined: a summary never ends a game", () => {
    const s = nim.setup('1', 'heap', { stones: 5 });
    const take: NimAction = { type: 'take', n: 2 };
    const hooks = {
      ...nimHooks,
      summarize: () => {
        throw new RangeError('hexes 0713 and 0909 are not adjacent');
      },
    };
    const line = summarizePlan({ game: nim, hooks }, nim.view(s, 'first'), [take], {
      iterations: 1,
      elapsedMs: 1,
      winChance: 0.9,
      visits: 1,
    });
    expect(line).toBe('first: take (odds of winning 90%)');
  });

  it('a searched choice carries its stats and plan', () => {
    const s = nim.setup('1', 'heap', { stones: 7 });
    const c = searchPlayer({ game: nim, hooks: nimHooks }, 'x', { iterations: 500, stopEarly: false }).choose(
      nim.view(s, 'first'),
    );
    expect(c.stats!.iterations).toBe(300); // the first step of an impulse spends 60% of it
    expect(c.plan![0]).toEqual(c.action);
  });
});
