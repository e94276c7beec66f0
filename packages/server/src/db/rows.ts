/** Mapping between SQL rows (snake_case; PostgreSQL returns BIGINT as a string) and row types. */
import type { ActionRow, GameRow, SeatRow, SnapshotRow } from './types.ts';

type Raw = Record<string, unknown>;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const GAME_COLUMNS = [
  'id',
  'game',
  'scenario',
  'options',
  'seed',
  'dice',
  'created_at',
  'updated_at',
  'version',
  'status',
  'turn_role',
  'turn_since',
  'outcome',
  'spectator_hash',
  'deadline_ms',
  'deadline_policy',
  'deadline_done',
] as const;

export function gameFromRow(r: Raw): GameRow {
  return {
    id: String(r.id),
    game: String(r.game),
    scenario: String(r.scenario),
    options: String(r.options),
    seed: String(r.seed),
    dice: strOrNull(r.dice),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
    version: num(r.version),
    status: r.status as GameRow['status'],
    turnRole: strOrNull(r.turn_role),
    turnSince: numOrNull(r.turn_since),
    outcome: strOrNull(r.outcome),
    spectatorHash: String(r.spectator_hash),
    deadlineMs: numOrNull(r.deadline_ms),
    deadlinePolicy: strOrNull(r.deadline_policy) as GameRow['deadlinePolicy'],
    deadlineDone: num(r.deadline_done),
  };
}

export function gameToParams(g: GameRow): unknown[] {
  return [
    g.id,
    g.game,
    g.scenario,
    g.options,
    g.seed,
    g.dice,
    g.createdAt,
    g.updatedAt,
    g.version,
    g.status,
    g.turnRole,
    g.turnSince,
    g.outcome,
    g.spectatorHash,
    g.deadlineMs,
    g.deadlinePolicy,
    g.deadlineDone,
  ];
}

export function seatFromRow(r: Raw): SeatRow {
  return {
    gameId: String(r.game_id),
    role: String(r.role),
    kind: r.kind as SeatRow['kind'],
    ai: strOrNull(r.ai),
    name: strOrNull(r.name),
    tokenHash: String(r.token_hash),
    webhook: strOrNull(r.webhook),
    email: strOrNull(r.email),
    invite: strOrNull(r.invite),
  };
}

export const SEAT_COLUMNS = [
  'game_id',
  'role',
  'kind',
  'ai',
  'name',
  'token_hash',
  'webhook',
  'email',
  'invite',
] as const;

export function seatToParams(s: SeatRow): unknown[] {
  return [s.gameId, s.role, s.kind, s.ai, s.name, s.tokenHash, s.webhook, s.email, s.invite];
}

export function actionFromRow(r: Raw): ActionRow {
  return {
    gameId: String(r.game_id),
    seq: num(r.seq),
    role: String(r.role),
    action: String(r.action),
    at: num(r.at),
    stateHash: String(r.state_hash),
  };
}

export function snapshotFromRow(r: Raw): SnapshotRow {
  return { gameId: String(r.game_id), seq: num(r.seq), state: String(r.state) };
}

/** SQL text with `?` placeholders rewritten to PostgreSQL's `$1, $2, ...`. */
export function dollarParams(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

/** Every SQL statement the repositories run, written once with `?` placeholders. */
export const SQL = {
  insertGame: `INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map(() => '?').join(', ')})`,
  insertSeat: `INSERT INTO seats (${SEAT_COLUMNS.join(', ')}) VALUES (${SEAT_COLUMNS.map(() => '?').join(', ')})`,
  insertSnapshot: 'INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)',
  /** Snapshots are a cache (the log is the truth): only the latest is kept, or storage would grow with length². */
  pruneSnapshots: 'DELETE FROM snapshots WHERE game_id = ? AND seq < ?',
  /** Online undo (types.ts undoActions): the actions and snapshots after a version. */
  deleteActionsAfter: 'DELETE FROM actions WHERE game_id = ? AND seq > ?',
  deleteSnapshotsAfter: 'DELETE FROM snapshots WHERE game_id = ? AND seq > ?',
  insertAction: 'INSERT INTO actions (game_id, seq, role, action, at, state_hash) VALUES (?, ?, ?, ?, ?, ?)',
  /** Guarded by version: a concurrent writer makes it touch no row. */
  advanceGame: `UPDATE games SET version = ?, updated_at = ?, status = ?, turn_role = ?, turn_since = ?, outcome = ?, deadline_done = ?
    WHERE id = ? AND version = ?`,
  getGame: 'SELECT * FROM games WHERE id = ?',
  getSeats: 'SELECT * FROM seats WHERE game_id = ? ORDER BY role',
  seatByToken: 'SELECT * FROM seats WHERE token_hash = ?',
  gameBySpectator: 'SELECT * FROM games WHERE spectator_hash = ?',
  actions: 'SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq',
  latestSnapshot: 'SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1',
  setWebhook: 'UPDATE seats SET webhook = ? WHERE game_id = ? AND role = ?',
  setEmail: 'UPDATE seats SET email = ?, invite = ? WHERE game_id = ? AND role = ?',
  markDeadlineDone: 'UPDATE games SET deadline_done = 1 WHERE id = ? AND version = ? AND deadline_done = 0',
  setSeatToken: 'UPDATE seats SET token_hash = ? WHERE game_id = ? AND role = ?',
  /** Never played (no action) and created before ?, or unfinished with no action since ?. */
  prunable: `SELECT id FROM games WHERE status = 'active' AND ((version = 0 AND created_at < ?) OR updated_at < ?)
    ORDER BY updated_at LIMIT ?`,
  /** A whole game, in this order (foreign keys). */
  deleteGame: [
    'DELETE FROM snapshots WHERE game_id = ?',
    'DELETE FROM actions WHERE game_id = ?',
    'DELETE FROM seats WHERE game_id = ?',
    'DELETE FROM games WHERE id = ?',
  ],
  gamesAwaitingAi: `SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.role = g.turn_role
    WHERE g.status = 'active' AND s.kind = 'ai' ORDER BY g.id`,
  overdue: `SELECT * FROM games WHERE status = 'active' AND deadline_ms IS NOT NULL AND deadline_done = 0
    AND turn_since + deadline_ms <= ? ORDER BY id`,
  appliedVersions: 'SELECT version FROM schema_migrations ORDER BY version',
  recordMigration: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
} as const;
