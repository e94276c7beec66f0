/**
 * The storage interface the server needs, small on purpose: SQLite and PostgreSQL implement it
 * with the same migrations and pass the same test suite. The action log is append-only but for
 * one call: `undoActions`, a seat's online undo within its own turn, which removes actions after
 * the last roll, reveal or hand-over (no one else has seen anything follow from them).
 */
export type SeatKind = 'human' | 'ai';
export type GameStatus = 'active' | 'finished';
export type DeadlinePolicy = 'remind' | 'ai';

export interface GameRow {
  id: string;
  game: string;
  scenario: string;
  /** JSON of the resolved rule options. */
  options: string;
  seed: string;
  /** JSON of scripted dice, or null. */
  dice: string | null;
  createdAt: number;
  updatedAt: number;
  /** Number of actions in the log (= the engine state's seq). */
  version: number;
  status: GameStatus;
  /** Role whose decision it is, null when the game is over. */
  turnRole: string | null;
  turnSince: number | null;
  /** JSON of the engine's Outcome, when finished. */
  outcome: string | null;
  spectatorHash: string;
  deadlineMs: number | null;
  deadlinePolicy: DeadlinePolicy | null;
  /** 1 once the current turn's deadline was handled (reset at each hand-over). */
  deadlineDone: number;
}

export interface SeatRow {
  gameId: string;
  role: string;
  kind: SeatKind;
  ai: string | null;
  name: string | null;
  tokenHash: string;
  webhook: string | null;
  /** Where "your turn", deadline and game-over emails go; never shown to another seat. */
  email: string | null;
  /** The seat's token sealed under the server's secret (for the email's invite link), with `email`. */
  invite: string | null;
}

export interface ActionRow {
  gameId: string;
  seq: number;
  role: string;
  /** JSON of the action. */
  action: string;
  at: number;
  /** Engine state hash after this action. */
  stateHash: string;
}

export interface SnapshotRow {
  gameId: string;
  seq: number;
  /** JSON of the full engine state after action `seq` (0 = set-up). */
  state: string;
}

/** The games row fields an appended action changes (same transaction). */
export interface TurnUpdate {
  status: GameStatus;
  turnRole: string | null;
  turnSince: number | null;
  outcome: string | null;
  deadlineDone: number;
}

export interface AppendInput {
  action: ActionRow;
  turn: TurnUpdate;
  /**
   * Written in the same transaction at a hand-over or the end of the game; it replaces the
   * game's older snapshot (a snapshot is a cache for a fast cold start: the log is the truth).
   */
  snapshot?: SnapshotRow;
}

/** An online undo: the game goes back from version `from` to `to` (the actions after `to` are removed). */
export interface UndoInput {
  gameId: string;
  from: number;
  to: number;
  at: number;
  turn: TurnUpdate;
}

export interface Repository {
  readonly kind: 'sqlite' | 'postgres';
  /** Applies pending migrations; returns the schema version. */
  migrate(): Promise<number>;
  createGame(game: GameRow, seats: SeatRow[], snapshot: SnapshotRow): Promise<void>;
  getGame(id: string): Promise<GameRow | null>;
  getSeats(gameId: string): Promise<SeatRow[]>;
  seatByToken(tokenHash: string): Promise<SeatRow | null>;
  gameBySpectator(tokenHash: string): Promise<GameRow | null>;
  /**
   * Appends action `seq` (must be version + 1) and updates the game row, atomically. Returns
   * false, changing nothing, if that seq exists already (another writer won): the caller
   * reloads. Resolves only after the transaction committed durably.
   */
  appendAction(input: AppendInput): Promise<boolean>;
  /**
   * Removes actions `to + 1 .. from` and snapshots after `to`, and sets the game row to version
   * `to`, atomically, only if the game is at version `from` (false otherwise: another writer
   * moved it). Other instances hear of it on the commit bus as a rewind.
   */
  undoActions(input: UndoInput): Promise<boolean>;
  actions(gameId: string, afterSeq?: number): Promise<ActionRow[]>;
  latestSnapshot(gameId: string): Promise<SnapshotRow | null>;
  setWebhook(gameId: string, role: string, url: string | null): Promise<void>;
  setEmail(gameId: string, role: string, email: string | null, invite: string | null): Promise<void>;
  /** Marks the deadline of `version` handled; false if it already was (another instance got there first). */
  markDeadlineDone(gameId: string, version: number): Promise<boolean>;
  /** Replaces a seat's token hash (the old token stops opening the seat). */
  setSeatToken(gameId: string, role: string, tokenHash: string): Promise<void>;
  /**
   * Unfinished games to remove: no action and created before `unplayedBefore`, or no action since
   * `abandonedBefore` (ms since epoch), oldest first, at most `limit`.
   */
  prunable(unplayedBefore: number, abandonedBefore: number, limit: number): Promise<string[]>;
  /** Removes a game with its seats, actions and snapshots (retention: see the README). */
  deleteGame(id: string): Promise<void>;
  /** Active games whose turn is an AI seat's (to resume after a restart). */
  gamesAwaitingAi(): Promise<string[]>;
  /** Active games with a deadline whose current turn began at or before `before` minus the deadline. */
  overdue(now: number): Promise<GameRow[]>;
  /** Benchmark only: the raw rate of `n` committed single-row INSERTs (`concurrency` at once). */
  rawInserts(n: number, concurrency: number): Promise<void>;
  close(): Promise<void>;
}

export class ConflictError extends Error {}
