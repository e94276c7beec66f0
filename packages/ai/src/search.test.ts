import { describe, expect, it } from 'vitest';
import { search, Searcher } from './search.ts';
import { nim, nimHooks } from './testing/nim.ts';
import { searchPlayer } from './players.ts';
import { pig, pigHooks } from './testing/pig.ts';

describe('ISMCTS search', () => {
  it('finds the winning move in small Nim positions (leave a multiple of 3)', () => {
    for (const stones of [4, 5, 7, 8]) {
      const s = nim.setup('1', 'heap', { stones });
      const r = search(nim, nimHooks, nim.view(s, 'first'), { seed: 'nim', iterations: 1500 });
      expect(r.action).toEqual({ type: 'take', n: stones % 3 });
      expect(r.stats.winChance).toBeGreaterThan(0.6);
    }
  });

  it('takes the last stones when it can', () => {
    const s = nim.setup('1', 'heap', { stones: 2 });
    const r = search(nim, nimHooks, nim.view(s, 'first'), { seed: 'x', iterations: 200 });
    expect(r.action).toEqual({ type: 'take', n: 2 });
    expect(r.stats.winChance).toBe(1);
  });

  it('rolls on at 25 when the opponent needs a single point (pig)', () => {
    const s = pig.setup('7', 'standard', {}, [3, 4]);
    Object.assign(s.game, { turnTotal: 25, scores: { a: 0, b: 29 } });
    const r = search(pig, pigHooks, pig.view(s, 'a'), { seed: 'p', iterations: 800 });
    expect(r.action).toEqual({ type: 'roll' });
    const hold = r.choices.find((c) => c.action.type === 'hold')!;
    expect(hold.winChance).toBeLessThan(0.35);
  });

  it('is reproducible for a seed and iteration count', () => {
    const s = pig.apply(pig.setup('11', 'standard', {}, [2, 5, 6]), 'a', { type: 'roll' });
    const v = pig.view(s, 'a');
    const a = search(pig, pigHooks, v, { seed: 'same', iterations: 400 });
    const b = search(pig, pigHooks, v, { seed: 'same', iterations: 400 });
    expect(a.choices).toEqual(b.choices);
    expect(a.plan).toEqual(b.plan);
    const c = search(pig, pigHooks, v, { seed: 'other', iterations: 400 });
    expect(c.choices.map((x) => x.visits)).not.toEqual(a.choices.map((x) => x.visits));
  });

  it('respects a time budget', () => {
    const s = pig.apply(pig.setup('3', 'standard', {}, [2, 2, 4]), 'a', { type: 'roll' });
    const t0 = performance.now();
    const r = search(pig, pigHooks, pig.view(s, 'a'), { seed: 't', timeMs: 60 });
    const took = performance.now() - t0;
    expect(took).toBeLessThan(60 + 400); // margin for a loaded CI machine
    expect(r.stats.iterations).toBeGreaterThan(10);
  });

  it('refuses a view without a decision for its role', () => {
    const s = pig.setup('3');
    expect(() => new Searcher(pig, pigHooks, pig.view(s, 'b'), { seed: 1 })).toThrow(/no decision/);
  });

  it('the plan follows its own consecutive steps', () => {
    const s = pig.apply(pig.setup('5', 'standard', {}, [1, 1, 3]), 'a', { type: 'roll' });
    const r = search(pig, pigHooks, pig.view(s, 'a'), { seed: 'plan', iterations: 600 });
    expect(r.plan[0]).toEqual({ type: 'roll' });
    expect(r.plan.length).toBeGreaterThan(1);
  });

  it('reuses the subtree of its previous step when it decides again at once', () => {
    const entry = { game: pig, hooks: pigHooks };
    let s = pig.apply(pig.setup('r', 'standard', {}, [2, 2, 4, 5]), 'a', { type: 'roll' });
    const reusing = searchPlayer(entry, 'r', { iterations: 500, stopEarly: false });
    const fresh = searchPlayer(entry, 'r', { iterations: 167, stopEarly: false }, 'fresh', false); // 100 on a first step
    const first = reusing.choose(pig.view(s, 'a'));
    expect(first.action).toEqual({ type: 'roll' });
    s = pig.apply(s, 'a', first.action);
    const again = reusing.choose(pig.view(s, 'a'));
    const scratch = fresh.choose(pig.view(s, 'a'));
    expect(first.stats!.iterations).toBe(300); // 60% of the impulse's 500 on its first step
    expect(again.stats!.iterations).toBe(100); // half of the 200 left
    expect(scratch.stats!.iterations).toBe(100);
    expect(again.stats!.visits).toBeGreaterThan(100); // more visits than this step's own iterations: the tree was kept
    const visits = (c: typeof again) => c.stats!.visits;
    expect(visits(again)).toBeGreaterThan(visits(scratch));
  });
});
