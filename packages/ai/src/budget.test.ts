import { describe, expect, it } from 'vitest';
import type { View } from '@sandtable/engine';
import { ImpulseClock, IMPULSE_SHAPE } from './budget.ts';
import { search, now } from './search.ts';
import { searchPlayer } from './players.ts';
import { chooseAction } from './choose.ts';
import { nim, nimHooks } from './testing/nim.ts';
import { pig, pigHooks } from './testing/pig.ts';
import { registerTestGames } from './testing/register.ts';

registerTestGames(); // chooseAction finds Pig's hooks by the view's game id

const pigEntry = { game: pig, hooks: pigHooks };
/** Pig after a first roll: player a decides between rolling on and holding. */
const pigPosition = (seed: string, dice = [2, 3, 4, 5, 6, 2, 3]) =>
  pig.apply(pig.setup(seed, 'standard', {}, dice), 'a', { type: 'roll' });
const fake = (role: string, seq: number, actions = 2): View<unknown> =>
  ({
    gameId: 'x',
    role,
    seq,
    game: null,
    decision: { kind: 'k', role, rule: 'r', prompt: '' },
    actions: Array.from({ length: actions }, (_, i) => ({ type: `a${i}` })),
    log: [],
    outcome: null,
  }) as View<unknown>;

describe("impulse budget (a side's streak of steps)", () => {
  it('gives the first step 60%, each later step half of what is left, never less than the floor', () => {
    const clock = new ImpulseClock({ timeMs: 1000, iterations: 1000 });
    expect(clock.allowance(fake('a', 10))).toEqual({ timeMs: 600, iterations: 600 });
    clock.charge({ iterations: 600, elapsedMs: 600 });
    expect(clock.allowance(fake('a', 11))).toEqual({ timeMs: 200, iterations: 200 });
    clock.charge({ iterations: 200, elapsedMs: 200 });
    clock.charge({ iterations: 200, elapsedMs: 200 }); // the impulse is used up
    expect(clock.allowance(fake('a', 12))).toEqual({ timeMs: 25, iterations: 25 }); // the floor, 1/40
    expect(IMPULSE_SHAPE.floor).toBe(1 / 40);
  });

  it('starts a new impulse when another role acted in between or the role changes', () => {
    const clock = new ImpulseClock({ iterations: 100 });
    expect(clock.allowance(fake('a', 1))).toEqual({ iterations: 60 });
    clock.charge({ iterations: 60, elapsedMs: 1 });
    expect(clock.allowance(fake('a', 2))).toEqual({ iterations: 20 });
    expect(clock.allowance(fake('a', 5))).toEqual({ iterations: 60 }); // steps 3-4 were the opponent's
    expect(clock.allowance(fake('b', 6))).toEqual({ iterations: 60 });
    expect(clock.impulses).toBe(3);
  });

  it('a forced step costs nothing and keeps the streak', () => {
    const clock = new ImpulseClock({ iterations: 100 });
    expect(clock.allowance(fake('a', 1, 1))).toBeNull();
    expect(clock.allowance(fake('a', 2))).toEqual({ iterations: 60 }); // still the impulse's first real choice
    expect(clock.impulses).toBe(1);
    expect(clock.impulseSpent).toEqual({ iterations: 0, elapsedMs: 0 });
  });

  it('the player does not search a forced step', () => {
    const player = searchPlayer(pigEntry, 'f', { timeMs: 2000 });
    const full = pig.view(pigPosition('f'), 'a');
    const forced = { ...full, actions: [full.actions[0]!] };
    const t0 = now();
    const c = player.choose(forced);
    expect(now() - t0).toBeLessThan(50);
    expect(c.action).toEqual(full.actions[0]);
    expect(c.stats).toBeUndefined();
    expect(player.clock.impulseSpent).toEqual({ iterations: 0, elapsedMs: 0 });
  });

  it('a whole impulse stays within its time budget (plus the floors of its later steps)', () => {
    const budget = 300;
    const player = searchPlayer(pigEntry, 'imp', { timeMs: budget, stopEarly: false });
    let s = pigPosition('imp', [2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 2, 3, 4, 5, 6]);
    const stepsMs: number[] = [];
    while (!pig.outcome(s) && pig.decision(s)!.role === 'a') {
      const v = pig.view(s, 'a');
      const t0 = now();
      const c = player.choose(v);
      stepsMs.push(now() - t0);
      s = pig.apply(s, 'a', c.action);
    }
    expect(stepsMs.length).toBeGreaterThan(1);
    const total = stepsMs.reduce((a, b) => a + b, 0);
    const floors = (stepsMs.length - 1) * budget * IMPULSE_SHAPE.floor;
    expect(total).toBeLessThan(budget + floors + 150); // margin for a loaded machine
    expect(stepsMs[0]!).toBeGreaterThan(0.5 * budget); // most of it on the first step
    expect(stepsMs[0]!).toBeGreaterThan(Math.max(...stepsMs.slice(1)));
    expect(player.clock.impulses).toBe(1);
  });
});

describe('early stopping (smart pruning)', () => {
  it('stops when one action dominates: Nim with 2 stones, take both and win', () => {
    const v = nim.view(nim.setup('1', 'heap', { stones: 2 }), 'first');
    const r = search(nim, nimHooks, v, { seed: 'p', iterations: 5000 });
    expect(r.action).toEqual({ type: 'take', n: 2 });
    expect(r.stats.stoppedEarly).toBe(true);
    expect(r.stats.iterations).toBeLessThan(5000 * 0.75);
    expect(r.stats.visits - (r.choices[1]?.visits ?? 0)).toBeGreaterThan(5000 - r.stats.iterations); // the lead was out of reach
  });

  it('never changes the choice, and is reproducible, with an iteration budget', () => {
    for (const [seed, iterations] of [
      ['a', 600],
      ['b', 1200],
      ['c', 2000],
    ] as const) {
      const v = pig.view(pigPosition(seed), 'a');
      const pruned = search(pig, pigHooks, v, { seed, iterations });
      const full = search(pig, pigHooks, v, { seed, iterations, stopEarly: false });
      expect(pruned.action).toEqual(full.action);
      expect(pruned.stats.iterations).toBeLessThanOrEqual(full.stats.iterations);
      expect(search(pig, pigHooks, v, { seed, iterations }).choices).toEqual(pruned.choices);
    }
    const v = nim.view(nim.setup('1', 'heap', { stones: 2 }), 'first');
    expect(search(nim, nimHooks, v, { seed: 'q', iterations: 3000, stopEarly: false }).stats).toMatchObject({
      iterations: 3000,
      stoppedEarly: false,
    });
  });

  it('stops a timed search early too, well before its deadline', () => {
    const v = nim.view(nim.setup('1', 'heap', { stones: 2 }), 'first');
    const t0 = now();
    const r = search(nim, nimHooks, v, { seed: 't', timeMs: 3000 });
    expect(r.stats.stoppedEarly).toBe(true);
    expect(now() - t0).toBeLessThan(2000);
  });
});

describe('chooseAction keeps the impulse across calls (worker and web path)', () => {
  it('a second step of the same impulse gets what the first left, a new impulse starts afresh', async () => {
    let s = pigPosition('ca', [3, 4, 5, 6, 2, 3, 4, 5, 6]);
    const opts = { ai: 'easy' as const, seed: 'ca-session', timeMs: 60_000, iterations: 500 };
    const first = await chooseAction(pig.view(s, 'a'), opts);
    expect(first.stats!.iterations).toBeLessThanOrEqual(300);
    expect(first.action).toEqual({ type: 'roll' });
    s = pig.apply(s, 'a', first.action);
    const second = await chooseAction(pig.view(s, 'a'), opts);
    expect(second.stats!.iterations).toBeLessThanOrEqual(Math.max(13, Math.round((500 - first.stats!.iterations) / 2)));
    const again = await chooseAction(pig.view(pigPosition('ca2', [3, 4, 5, 6, 2, 3, 4, 5, 6]), 'a'), opts); // seq does not follow
    expect(again.stats!.iterations).toBeGreaterThan(second.stats!.iterations);
  });
});
