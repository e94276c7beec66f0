import { describe, expect, it } from 'vitest';
import { INVARIANTS, playRandomGames, shardOf } from './testing/randomGames.ts';

// shard 3 of 4 of the seeded random games (one file a shard: the test workers run files in parallel)
const { from, to } = shardOf(2, 4);

describe('random games to the end with invariants', () => {
  it(`seeded random games ${from}-${to - 1} end; after every action: ${INVARIANTS}`, () => {
    expect(playRandomGames(from, to)).toBeGreaterThan((to - from) * 100);
  }, 600_000); // a bound for a shared, loaded machine; the speed is the bench's business
});
