import { describe, expect, it } from 'vitest';
import { block, GAMES, REPLAY_EVERY } from './testing/property.ts';

// shard 3 of 4 of the property test's games (one file a shard: the test workers run files in parallel)
const per = Math.ceil(GAMES / 4);
const [from, to] = [Math.min(GAMES, 2 * per), Math.min(GAMES, 3 * per)];

describe('property: 1,000 seeded random games, invariants after every action', () => {
  it(`§3 §4 §6 §7 L87 §28 §36: games ${from}..${to - 1} keep every invariant and end by turn 8; every ${REPLAY_EVERY}th replays to the same hash`, () => {
    expect(block(from, to)).toBeGreaterThan(0);
  }, 600_000); // a bound for a shared, loaded machine; the speed is the bench's business
});
