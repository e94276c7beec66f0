/** The shape of a game's position suite (issue #20; the runner is `suite.ts`). */
import type { Action, Options, Role } from '@sandtable/engine';

export interface SuiteCase<G = any, A extends Action = any> {
  /** Short name (the position file's name without `.json`). */
  name: string;
  /** The position file (the game's position format). */
  position: URL;
  /** The side to play. */
  side: Role;
  /** The principle behind the right play, with the rule it comes from. */
  principle: string;
  /** Rule options the position needs. */
  options?: Options;
  /**
   * The end of the play judged: true once `now` (with `next`, the role of the next decision,
   * or null when the game is over) is past it. Default: the suite's `horizon`.
   */
  until?(start: G, now: G, next: Role | null): boolean;
  /** The right play: true when the play from `start` to `end` (`played`: the side's actions) is right. */
  right(start: G, end: G, played: readonly A[]): boolean;
  /** Decisions at most before the horizon (default 400). */
  maxSteps?: number;
}

export interface PositionSuite<G = any, A extends Action = any> {
  /**
   * Search iterations an impulse equal to about one second of one unloaded core for this game
   * (normal strength), so that a suite run on a loaded machine searches as much as normal does.
   */
  normalIterations?: number;
  /** The default horizon: the side's play is over (usually, its impulse has ended). */
  horizon(start: G, now: G, next: Role | null, side: Role): boolean;
  cases: SuiteCase<G, A>[];
}
