/**
 * A game in memory: its rows, its engine and its current state, rebuilt from the store on a
 * cold start (latest snapshot + the actions after it) and then kept in step with the log.
 */
import type { EngineState, Game, GameRecord, Options, Outcome } from '@sandtable/engine';
import { ViewCache } from './delta.ts';
import { ApiError } from './errors.ts';
import { StateHasher } from './hash.ts';
import type { ActionRow, GameRow, Repository, SeatRow } from './db/types.ts';
import type { GameCatalog } from './types.ts';

export interface Live {
  row: GameRow;
  seats: SeatRow[];
  engine: Game<any, any, any>;
  state: EngineState<unknown>;
  /** Tail of the per-game queue: every read-modify-write of this game runs after it. */
  lock: Promise<unknown>;
  /** Role the server plays for an absent human after a deadline, until the turn passes. */
  autopilot: string | null;
  aiBusy: boolean;
  aiFailures: number;
  lastUsed: number;
  /** The running state hash (hash.ts), at `state`. */
  hasher: StateHasher;
  /** Each role's last view, for updates that send only what changed (delta.ts). */
  views: ViewCache;
  /** The action after which the latest snapshot was taken. */
  snapshotSeq: number;
  /** Idempotency keys of recent actions -> the version their acknowledgement named. */
  acks: Map<string, Promise<number>>;
}

/** The in-memory parts of a Live that follow from its rows and state. */
export function liveParts(engine: Game<any, any, any>, id: string, state: EngineState<unknown>) {
  return { hasher: new StateHasher(state), views: new ViewCache(engine, id), acks: new Map<string, Promise<number>>() };
}

export function engineFor(catalog: GameCatalog, id: string): Game<any, any, any> {
  const entry = catalog[id];
  if (!entry) throw new ApiError(400, 'malformed', `unknown game "${id}"; games: ${Object.keys(catalog).join(', ')}`);
  return entry.game;
}

/** The game record (the source of truth) from the stored rows. */
export function recordOf(row: GameRow, actions: ActionRow[]): GameRecord {
  const rec: GameRecord = {
    format: 'sandtable-record/1',
    game: row.game,
    scenario: row.scenario,
    options: JSON.parse(row.options) as Options,
    seed: row.seed,
    actions: actions.map((a) => ({ role: a.role, action: JSON.parse(a.action) as { type: string } })),
  };
  if (row.dice) rec.dice = JSON.parse(row.dice) as number[];
  return rec;
}

export function outcomeOf(row: GameRow): Outcome | null {
  return row.outcome ? (JSON.parse(row.outcome) as Outcome) : null;
}

/** Loads a game: the latest snapshot, then every later action re-applied under the rules. */
export async function loadLive(repo: Repository, catalog: GameCatalog, id: string, now: number): Promise<Live | null> {
  const row = await repo.getGame(id);
  if (!row) return null;
  const engine = engineFor(catalog, row.game);
  const [seats, snap] = await Promise.all([repo.getSeats(id), repo.latestSnapshot(id)]);
  let state: EngineState<unknown>;
  let from = 0;
  if (snap) {
    state = JSON.parse(snap.state) as EngineState<unknown>;
    from = snap.seq;
  } else {
    state = engine.replay(recordOf(row, []));
  }
  for (const a of await repo.actions(id, from)) {
    state = engine.apply(state, a.role, JSON.parse(a.action));
  }
  return {
    row,
    seats,
    engine,
    state,
    lock: Promise.resolve(),
    autopilot: null,
    aiBusy: false,
    aiFailures: 0,
    lastUsed: now,
    snapshotSeq: from,
    ...liveParts(engine, id, state),
  };
}
