/**
 * Search over hidden information starts from a role's view, never from the full state:
 * `determinize` samples a full engine state consistent with `view` (the game's
 * `rules.determinize` fills in what the role cannot see). The state's dice come from a fresh
 * PRNG seeded by the searcher, so future rolls are unknown to it as well.
 */
import type { Action, EngineState, View } from './contract.ts';
import type { Game } from './game.ts';
import { seedRng, type RngState } from './rng.ts';

/** True when the game can rebuild a full state from a role's view. */
export function canDeterminize<G, A extends Action, V>(game: Game<G, A, V>): boolean {
  return typeof game.rules.determinize === 'function';
}

/**
 * A full engine state sampled from `view`: hidden parts drawn from `sampler`, future dice from
 * a new generator seeded with `diceSeed`. The log is empty (searches run quiet).
 */
export function determinizeState<G, A extends Action, V>(
  game: Game<G, A, V>,
  view: View<V>,
  sampler: RngState,
  diceSeed: string | number,
  /** Overrides the game's hook (an AI adapter for a game whose rules lack one). */
  fill: ((view: V, role: string, rng: RngState) => G) | undefined = game.rules.determinize,
): EngineState<G> {
  const determinize = fill;
  if (!determinize) throw new Error(`${game.rules.id} has no determinize hook: it cannot be searched from a view`);
  return {
    gameId: view.gameId,
    game: determinize(view.game, view.role, sampler),
    rng: seedRng(diceSeed),
    log: [],
    seq: view.seq,
    barrier: { seq: view.seq, reason: 'the start of the search' },
    actors: [],
  };
}
