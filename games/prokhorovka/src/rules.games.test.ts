import { describe, expect, it } from 'vitest';
import { INVARIANTS, N_GAMES, playRandomGames } from './testing/randomGames.ts';

describe('random games to the end with invariants (second half; rules.test.ts plays the first)', () => {
  it(`seeded random games ${Math.ceil(N_GAMES / 2)}-${N_GAMES - 1} end; after every action: ${INVARIANTS}`, () => {
    const half = Math.ceil(N_GAMES / 2);
    expect(playRandomGames(half, N_GAMES)).toBeGreaterThan((N_GAMES - half) * 100);
  }, 300_000);
});
