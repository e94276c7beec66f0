/**
 * The game contract. A game supplies `GameRules`; the engine (`defineGame`) turns it into the
 * public five-call contract `setup / legalActions / apply / view / outcome`, plus replay, undo
 * and hashing, all derived from the game record.
 */
import type { RngState } from './rng.ts';

export type Role = string;
/** The observer role sees only what every player sees. */
export const OBSERVER = 'observer';

/** Every action is a small JSON object with a discriminating `type`. */
export interface Action {
  readonly type: string;
}

/**
 * One entry of a game's stack of pending decisions: who must decide, what, and under which rule.
 * Games extend it with their own fields.
 */
export interface Decision {
  kind: string;
  role: Role;
  /** Rule reference the decision comes from, e.g. "§21 L228-L236". */
  rule: string;
  /** The prompt in words, e.g. "Allocate 2 losses in Sicily". */
  prompt: string;
  /** The prompt as a message id with parameters, for translation (the game's texts render it). */
  message?: { id: string; params?: Record<string, string | number> };
}

export interface LogEntry {
  /** Index of the action that produced the line (0 = set-up). */
  seq: number;
  text: string;
  /** Roles allowed to see the line; absent = everyone. */
  to?: Role[];
  rule?: string;
  /** Dice rolled, for display. */
  dice?: number[];
}

export interface Outcome {
  /** Winning role, or null for a draw. */
  winner: Role | null;
  reason: string;
  rule: string;
}

export interface OptionSpec {
  /** Option key as used in records and on the CLI (`--option key=value`). */
  key: string;
  /** Short label. */
  label: string;
  /** Why the option exists: the spec's ambiguity it settles, with reference. */
  doc: string;
  /** The recommended default. */
  default: OptionValue;
  /** Allowed values for enumerations. */
  choices?: readonly OptionValue[];
}
export type OptionValue = string | number | boolean | string[] | number[];
export type Options = Record<string, OptionValue>;

export interface ScenarioInfo {
  id: string;
  title: string;
  description: string;
}

/** The state every game runs inside: the game's own JSON plus the engine's bookkeeping. */
export interface EngineState<G> {
  gameId: string;
  game: G;
  rng: RngState;
  log: LogEntry[];
  /** Number of actions applied. */
  seq: number;
  /** The last irreversible point: undo cannot go back past action `seq`. */
  barrier: { seq: number; reason: string };
  /** Roles that acted, by action index (for undo ownership). */
  actors: Role[];
}

/** What a rules function may do besides changing the game state. */
export interface Ctx {
  /**
   * Rolls `count` dice with `sides` sides; logged and makes the action irreversible.
   * `to` limits the log line to some roles (a secret draw); absent = everyone sees the roll.
   */
  roll(count: number, why: string, sides?: number, to?: Role[]): number[];
  /** Appends a log line (optionally only for some roles). */
  log(text: string, opts?: { to?: Role[]; rule?: string; dice?: number[] }): void;
  /** Marks the action as a point undo may not cross (a reveal, say). */
  irreversible(reason: string): void;
  /** The index the current action will have (0 during set-up). */
  readonly seq: number;
}

export interface GameRules<G, A extends Action = Action, V = unknown> {
  id: string;
  title: string;
  roles: readonly Role[];
  scenarios: readonly ScenarioInfo[];
  /** Named rule options (each ambiguity of the spec) with the recommended defaults. */
  options: readonly OptionSpec[];
  setup(ctx: Ctx, scenario: string, options: Options): G;
  /** The decision on top of the stack, or null when the game is over. */
  currentDecision(game: G): Decision | null;
  /** The role of `currentDecision` alone (no prompt built: searches ask at every step); derived when absent. */
  currentRole?(game: G): Role | null;
  /** Every legal action for `role` now (empty when it is not that role's decision). */
  legalActions(game: G, role: Role): A[];
  /** Applies a legal action to `game` in place. Throws RuleError for anything illegal. */
  perform(ctx: Ctx, game: G, role: Role, action: A): void;
  /** Optional: why an action that is not in legalActions is illegal. */
  explain?(game: G, role: Role, action: A): { rule: string; message: string } | null;
  /** What `role` may see; hidden information is redacted here. */
  view(game: G, role: Role): V;
  outcome(game: G): Outcome | null;
  /** Copy of the game state for a new step (default cloneState). */
  clone?(game: G): G;
  /** Describe an action in words (for logs, CLI and UI). */
  describe?(game: G, action: A): string;
  /** A readable multi-line summary of what `role` sees (CLI `state`). */
  summary?(game: G, role: Role): string;
  /**
   * Optional, for search (AI): a full game state consistent with what `role` sees in `view`,
   * sampling everything hidden from `rng`. Dice are never known: the searcher gives the
   * returned state its own fresh PRNG for future rolls. Games without hidden information may
   * rebuild the state from the view alone.
   */
  determinize?(view: V, role: Role, rng: RngState): G;
  /** Optional: positions, to start a game from any situation (a puzzle, a lesson, a correction). */
  position?: PositionCodec<G>;
}

/**
 * A game's position format: the whole situation (hidden parts included) as plain JSON, in a
 * documented form an owner can write by hand. `load(save(g))` gives the same legal actions and views.
 */
export interface PositionCodec<G> {
  /** The position of `game`, hidden parts included. */
  save(game: G): unknown;
  /**
   * Checks a position (its schema, its ids, invariants such as stacking) and builds the state.
   * Throws a RuleError naming the offending path and the rule it breaks. `ctx` lets a position
   * with automatic steps pending run them (they may roll dice and log, as at set-up).
   */
  load(position: unknown, options: Options, ctx?: Ctx): G;
}

/** The game record: the single source of truth. state = replay(record). */
export interface GameRecord {
  format: 'sandtable-record/1';
  game: string;
  scenario: string;
  options: Options;
  seed: string;
  /** Scripted dice consumed before the seeded generator (tests and worked examples only). */
  dice?: number[];
  /** The starting position, when the game did not start from the scenario's set-up. */
  position?: unknown;
  actions: { role: Role; action: Action }[];
}

export interface View<V> {
  gameId: string;
  role: Role;
  seq: number;
  game: V;
  decision: Decision | null;
  /** Legal actions for this role now. */
  actions: Action[];
  log: LogEntry[];
  outcome: Outcome | null;
}
