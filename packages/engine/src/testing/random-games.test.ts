import { describe, expect, it } from 'vitest';
import { defineGame } from '../game.ts';
import { pigRules } from './pig.ts';
import { checkRandomGames, type RandomGamesSpec } from './random-games.ts';

const pig = defineGame(pigRules);
type Spec = RandomGamesSpec<ReturnType<typeof pig.setup>['game'], Parameters<typeof pig.applyInPlace>[2]>;
const seeds = (i: number) => ({ game: `g${i}`, chooser: `chooser:c${i}` });

describe('checkRandomGames: seeded random games under fast-check', () => {
  it('plays each seeded game once to its end, as a plain seeded loop would, and checks after every action', () => {
    const seen: number[] = [];
    let checks = 0;
    const spec: Spec = {
      game: pig,
      seeds,
      maxSteps: 10_000,
      watch: (i) => ({
        afterAction: () => void checks++,
        atEnd: (s, p) => {
          seen.push(i);
          expect(pig.outcome(s)).not.toBeNull();
          expect(p.steps).toBeGreaterThan(0);
        },
      }),
    };
    const r = checkRandomGames(spec, 3, 13);
    expect(seen).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(r.games).toBe(10);
    expect(checks).toBe(r.steps + 10); // after each set-up and each action
  });

  it('a failure shrinks to a short action sequence, printed action by action', () => {
    // fails once any player has held 12 points or more: a random game reaches it after many actions,
    // a shrunk one in a few rolls and a hold
    const spec: Spec = {
      game: pig,
      seeds,
      maxSteps: 10_000,
      watch: () => ({
        afterAction: (s) => {
          if (s.game.scores.a >= 12 || s.game.scores.b >= 12) throw new Error('a score reached 12');
        },
      }),
    };
    let message = '';
    try {
      checkRandomGames(spec, 0, 5);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/a score reached 12/);
    const shown = message.match(/Counterexample: \[game \d+ \((\d+) chosen actions\)/);
    expect(shown, message).not.toBeNull();
    expect(Number(shown![1])).toBeLessThanOrEqual(12);
    expect(message).toMatch(/action #\d+ \(a at \w+: \{"type":"hold"\}\)/);
  });
});
