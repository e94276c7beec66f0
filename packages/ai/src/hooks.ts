/**
 * What a game tells the generic searcher, in its own terms. Only `evaluate` is required; the
 * rest sharpen the search (priors, rollouts) or explain it (summaries).
 */
import type { Action, Role, RngState } from '@sandtable/engine';

export interface SearchStats {
  /** Search iterations run for this decision. */
  iterations: number;
  /** Wall time spent, ms. */
  elapsedMs: number;
  /** Estimated chance (0-1) that the deciding role wins after the chosen action. */
  winChance: number;
  /** Visits of the chosen action at the root. */
  visits: number;
  /** The search stopped before its budget: no other action could have overtaken this one. */
  stoppedEarly?: boolean;
}

export interface AiHooks<G, A extends Action = Action, V = unknown> {
  /** Estimated chance, in [0, 1], that `role` wins from `game` (the position evaluation). */
  evaluate(game: G, role: Role): number;
  /**
   * Relative weights of `actions` (same order, >= 0): higher is tried first when a search node
   * widens, and is favoured while a move has few visits.
   */
  priors?(game: G, role: Role, actions: readonly A[]): number[];
  /** Index of the action a rollout plays for `role` (default: uniform at random). */
  rollout?(game: G, role: Role, actions: readonly A[], rng: RngState): number;
  /** Rollout length cap in actions before the evaluation takes over (default 30). */
  rolloutDepth?: number;
  /**
   * Adapter when the rules lack `determinize` (the game's AI adapter wins over the rules' hook): a full state consistent with `view` for `role`,
   * sampling everything hidden from `rng`.
   */
  determinize?(view: V, role: Role, rng: RngState): G;
  /**
   * The AI's plan in words, after its impulse/turn: `actions` are the steps it took, starting
   * from `game` (a state consistent with what it saw), `stats` from its last search.
   */
  summarize?(game: G, role: Role, actions: readonly A[], stats: SearchStats): string;
}

/** Logistic squashing of a score difference into a win chance (scale = the difference worth ~73%). */
export function winChanceFromMargin(margin: number, scale: number): number {
  return 1 / (1 + Math.exp(-margin / scale));
}
