/**
 * SQLite storage (better-sqlite3), the zero-set-up default. WAL journal with synchronous=FULL:
 * every commit fsyncs the WAL before better-sqlite3 returns, so an action acknowledged to a
 * client survives a process kill and a power cut alike. (synchronous=NORMAL in WAL mode would
 * survive kill -9 but could lose the last commits on power loss; a turn-based game writes a
 * few actions a second per game, far below one fsync's cost, so FULL is the right trade.)
 */
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_TABLE } from './migrations.ts';
import { SQL, actionFromRow, gameFromRow, gameToParams, seatFromRow, seatToParams, snapshotFromRow } from './rows.ts';
import type { ActionRow, AppendInput, GameRow, Repository, SeatRow, SnapshotRow, UndoInput } from './types.ts';

type Raw = Record<string, unknown>;

export interface SqliteOptions {
  /** 'FULL' (default) or 'NORMAL'; see the module comment. */
  synchronous?: 'FULL' | 'NORMAL';
}

export class SqliteRepository implements Repository {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;

  constructor(file: string, opts: SqliteOptions = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous ?? 'FULL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** Prepared once per SQL text. */
  private st(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private all(sql: string, ...params: unknown[]): Raw[] {
    return this.st(sql).all(...params) as Raw[];
  }

  private one(sql: string, ...params: unknown[]): Raw | undefined {
    return this.st(sql).get(...params) as Raw | undefined;
  }

  async migrate(): Promise<number> {
    this.db.exec(SCHEMA_TABLE);
    const run = this.db.transaction(() => {
      const done = new Set(this.all(SQL.appliedVersions).map((r) => Number(r.version)));
      for (const m of MIGRATIONS) {
        if (done.has(m.version)) continue;
        for (const s of m.statements) this.db.exec(s);
        this.db.prepare(SQL.recordMigration).run(m.version, m.name, Date.now());
      }
    });
    run.immediate();
    return MIGRATIONS[MIGRATIONS.length - 1]!.version;
  }

  async createGame(game: GameRow, seats: SeatRow[], snapshot: SnapshotRow): Promise<void> {
    this.db
      .transaction(() => {
        this.st(SQL.insertGame).run(...gameToParams(game));
        for (const s of seats) this.st(SQL.insertSeat).run(...seatToParams(s));
        this.st(SQL.insertSnapshot).run(snapshot.gameId, snapshot.seq, snapshot.state);
      })
      .immediate();
  }

  async getGame(id: string): Promise<GameRow | null> {
    const r = this.one(SQL.getGame, id);
    return r ? gameFromRow(r) : null;
  }

  async getSeats(gameId: string): Promise<SeatRow[]> {
    return this.all(SQL.getSeats, gameId).map(seatFromRow);
  }

  async seatByToken(tokenHash: string): Promise<SeatRow | null> {
    const r = this.one(SQL.seatByToken, tokenHash);
    return r ? seatFromRow(r) : null;
  }

  async gameBySpectator(tokenHash: string): Promise<GameRow | null> {
    const r = this.one(SQL.gameBySpectator, tokenHash);
    return r ? gameFromRow(r) : null;
  }

  async appendAction({ action: a, turn, snapshot }: AppendInput): Promise<boolean> {
    const tx = this.db.transaction((): boolean => {
      const moved = this.st(SQL.advanceGame).run(
        a.seq,
        a.at,
        turn.status,
        turn.turnRole,
        turn.turnSince,
        turn.outcome,
        turn.deadlineDone,
        a.gameId,
        a.seq - 1,
      );
      if (moved.changes !== 1) return false;
      this.st(SQL.insertAction).run(a.gameId, a.seq, a.role, a.action, a.at, a.stateHash);
      if (snapshot) {
        this.st(SQL.insertSnapshot).run(snapshot.gameId, snapshot.seq, snapshot.state);
        this.st(SQL.pruneSnapshots).run(snapshot.gameId, snapshot.seq);
      }
      return true;
    });
    try {
      return tx.immediate();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
      throw e;
    }
  }

  async undoActions(u: UndoInput): Promise<boolean> {
    const t = u.turn;
    const tx = this.db.transaction((): boolean => {
      const moved = this.st(SQL.advanceGame).run(
        u.to,
        u.at,
        t.status,
        t.turnRole,
        t.turnSince,
        t.outcome,
        t.deadlineDone,
        u.gameId,
        u.from,
      );
      if (moved.changes !== 1) return false;
      this.st(SQL.deleteActionsAfter).run(u.gameId, u.to);
      this.st(SQL.deleteSnapshotsAfter).run(u.gameId, u.to);
      return true;
    });
    return tx.immediate();
  }

  async actions(gameId: string, afterSeq = 0): Promise<ActionRow[]> {
    return this.all(SQL.actions, gameId, afterSeq).map(actionFromRow);
  }

  async latestSnapshot(gameId: string): Promise<SnapshotRow | null> {
    const r = this.one(SQL.latestSnapshot, gameId);
    return r ? snapshotFromRow(r) : null;
  }

  async setWebhook(gameId: string, role: string, url: string | null): Promise<void> {
    this.st(SQL.setWebhook).run(url, gameId, role);
  }

  async setEmail(gameId: string, role: string, email: string | null, invite: string | null): Promise<void> {
    this.st(SQL.setEmail).run(email, invite, gameId, role);
  }

  async markDeadlineDone(gameId: string, version: number): Promise<boolean> {
    return this.st(SQL.markDeadlineDone).run(gameId, version).changes === 1;
  }

  async setSeatToken(gameId: string, role: string, tokenHash: string): Promise<void> {
    this.st(SQL.setSeatToken).run(tokenHash, gameId, role);
  }

  async prunable(unplayedBefore: number, abandonedBefore: number, limit: number): Promise<string[]> {
    return this.all(SQL.prunable, unplayedBefore, abandonedBefore, limit).map((r) => String(r.id));
  }

  async deleteGame(id: string): Promise<void> {
    this.db.transaction(() => {
      for (const sql of SQL.deleteGame) this.st(sql).run(id);
    })();
  }

  async gamesAwaitingAi(): Promise<string[]> {
    return this.all(SQL.gamesAwaitingAi).map((r) => String(r.id));
  }

  async overdue(now: number): Promise<GameRow[]> {
    return this.all(SQL.overdue, now).map(gameFromRow);
  }

  /** One connection, synchronous: concurrency has no meaning here. */
  async rawInserts(n: number, _concurrency: number): Promise<void> {
    this.db.exec('CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
    const ins = this.db.prepare('INSERT INTO bench_raw (payload) VALUES (?)');
    for (let i = 0; i < n; i++) ins.run('{"type":"roll"}');
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
