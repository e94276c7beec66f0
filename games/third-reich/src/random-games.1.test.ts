import { describe, expect, it } from 'vitest';
import { N_GAMES, playRandomGames } from './testing/random-games.ts';

// half 1 of 2 of the seeded random games (one file a shard: the test workers run files in parallel)
const [from, to] = [0 * (N_GAMES / 2), 1 * (N_GAMES / 2)];

describe('random games', () => {
  it(`games ${from}-${to - 1} of 1,000 seeded random games end by turn 12 with cards conserved after every action, hands hidden, control consistent`, () => {
    expect(playRandomGames(from, to)).toBe(to - from);
  }, 600_000); // a bound for a shared, loaded machine; the speed is the bench's business
});
