/**
 * PostgreSQL storage (node-postgres pool), used when DATABASE_URL is set. Same migrations and
 * statements as SQLite; a commit returns after PostgreSQL's WAL flush (synchronous_commit on,
 * the default), so an acknowledged action is durable.
 */
import pg from 'pg';
import { MIGRATIONS, SCHEMA_TABLE } from './migrations.ts';
import {
  SQL,
  actionFromRow,
  dollarParams,
  gameFromRow,
  gameToParams,
  seatFromRow,
  seatToParams,
  snapshotFromRow,
} from './rows.ts';
import { NOTIFY, channelFor, committed, rewound, seatsChanged } from './bus.ts';
import {
  ConflictError,
  type ActionRow,
  type AppendInput,
  type GameRow,
  type Repository,
  type SeatRow,
  type SnapshotRow,
  type UndoInput,
} from './types.ts';

type Raw = Record<string, unknown>;
type Querier = Pick<pg.PoolClient, 'query'>;

/** Arbitrary constant for pg_advisory_xact_lock: one migrator at a time. */
const MIGRATION_LOCK = 5_1943_45;

const q = (sql: string) => dollarParams(sql);

export class PostgresRepository implements Repository {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;

  /** `schema` (tests): a private schema, created on migrate, set as every connection's search_path. */
  constructor(url: string, opts: { poolSize?: number; schema?: string } = {}) {
    if (opts.schema && !/^[a-z_][a-z0-9_]*$/.test(opts.schema)) throw new Error(`bad schema name ${opts.schema}`);
    this.schema = opts.schema;
    this.url = url;
    this.channel = channelFor(opts.schema);
    this.pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
  }

  private readonly schema: string | undefined;
  private readonly url: string;
  /** The LISTEN/NOTIFY channel of this database (and schema): every commit is announced on it. */
  readonly channel: string;

  /** How a dedicated connection (the commit bus, the AI seat claims) reaches the same database and schema. */
  connection(): pg.ClientConfig {
    return { connectionString: this.url, ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}) };
  }

  /** Tests: drops the private schema with everything in it. */
  async dropSchema(): Promise<void> {
    if (this.schema) await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  private async rows(sql: string, params: unknown[] = [], c: Querier = this.pool): Promise<Raw[]> {
    const r = await c.query(q(sql), params);
    return r.rows as Raw[];
  }

  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async migrate(): Promise<number> {
    await this.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if (this.schema) await c.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await c.query(SCHEMA_TABLE);
      const done = new Set((await this.rows(SQL.appliedVersions, [], c)).map((r) => Number(r.version)));
      for (const m of MIGRATIONS) {
        if (done.has(m.version)) continue;
        for (const s of m.statements) await c.query(s);
        await c.query(q(SQL.recordMigration), [m.version, m.name, Date.now()]);
      }
    });
    return MIGRATIONS[MIGRATIONS.length - 1]!.version;
  }

  async createGame(game: GameRow, seats: SeatRow[], snapshot: SnapshotRow): Promise<void> {
    await this.tx(async (c) => {
      await c.query(q(SQL.insertGame), gameToParams(game));
      for (const s of seats) await c.query(q(SQL.insertSeat), seatToParams(s));
      await c.query(q(SQL.insertSnapshot), [snapshot.gameId, snapshot.seq, snapshot.state]);
    });
  }

  async getGame(id: string): Promise<GameRow | null> {
    const [r] = await this.rows(SQL.getGame, [id]);
    return r ? gameFromRow(r) : null;
  }

  async getSeats(gameId: string): Promise<SeatRow[]> {
    return (await this.rows(SQL.getSeats, [gameId])).map(seatFromRow);
  }

  async seatByToken(tokenHash: string): Promise<SeatRow | null> {
    const [r] = await this.rows(SQL.seatByToken, [tokenHash]);
    return r ? seatFromRow(r) : null;
  }

  async gameBySpectator(tokenHash: string): Promise<GameRow | null> {
    const [r] = await this.rows(SQL.gameBySpectator, [tokenHash]);
    return r ? gameFromRow(r) : null;
  }

  async appendAction({ action: a, turn, snapshot }: AppendInput): Promise<boolean> {
    try {
      return await this.tx(async (c) => {
        const moved = await c.query(q(SQL.advanceGame), [
          a.seq,
          a.at,
          turn.status,
          turn.turnRole,
          turn.turnSince,
          turn.outcome,
          turn.deadlineDone,
          a.gameId,
          a.seq - 1,
        ]);
        if (moved.rowCount !== 1) throw new ConflictError(`${a.gameId} is past version ${a.seq - 1}`);
        await c.query(q(SQL.insertAction), [a.gameId, a.seq, a.role, a.action, a.at, a.stateHash]);
        await c.query(NOTIFY, [this.channel, committed(a.gameId, a.seq)]);
        if (snapshot) {
          await c.query(q(SQL.insertSnapshot), [snapshot.gameId, snapshot.seq, snapshot.state]);
          await c.query(q(SQL.pruneSnapshots), [snapshot.gameId, snapshot.seq]);
        }
        return true;
      });
    } catch (e) {
      if (e instanceof ConflictError || (e as { code?: string }).code === '23505') return false; // 23505: unique_violation
      throw e;
    }
  }

  async undoActions(u: UndoInput): Promise<boolean> {
    const t = u.turn;
    try {
      return await this.tx(async (c) => {
        const moved = await c.query(q(SQL.advanceGame), [
          u.to,
          u.at,
          t.status,
          t.turnRole,
          t.turnSince,
          t.outcome,
          t.deadlineDone,
          u.gameId,
          u.from,
        ]);
        if (moved.rowCount !== 1) throw new ConflictError(`${u.gameId} is not at version ${u.from}`);
        await c.query(q(SQL.deleteActionsAfter), [u.gameId, u.to]);
        await c.query(q(SQL.deleteSnapshotsAfter), [u.gameId, u.to]);
        await c.query(NOTIFY, [this.channel, rewound(u.gameId, u.to)]);
        return true;
      });
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    }
  }

  async actions(gameId: string, afterSeq = 0): Promise<ActionRow[]> {
    return (await this.rows(SQL.actions, [gameId, afterSeq])).map(actionFromRow);
  }

  async latestSnapshot(gameId: string): Promise<SnapshotRow | null> {
    const [r] = await this.rows(SQL.latestSnapshot, [gameId]);
    return r ? snapshotFromRow(r) : null;
  }

  async setWebhook(gameId: string, role: string, url: string | null): Promise<void> {
    await this.tx(async (c) => {
      await c.query(q(SQL.setWebhook), [url, gameId, role]);
      await c.query(NOTIFY, [this.channel, seatsChanged(gameId)]);
    });
  }

  async setEmail(gameId: string, role: string, email: string | null, invite: string | null): Promise<void> {
    await this.tx(async (c) => {
      await c.query(q(SQL.setEmail), [email, invite, gameId, role]);
      await c.query(NOTIFY, [this.channel, seatsChanged(gameId)]);
    });
  }

  async markDeadlineDone(gameId: string, version: number): Promise<boolean> {
    return (await this.pool.query(q(SQL.markDeadlineDone), [gameId, version])).rowCount === 1;
  }

  async setSeatToken(gameId: string, role: string, tokenHash: string): Promise<void> {
    await this.tx(async (c) => {
      await c.query(q(SQL.setSeatToken), [tokenHash, gameId, role]);
      await c.query(NOTIFY, [this.channel, seatsChanged(gameId)]);
    });
  }

  async prunable(unplayedBefore: number, abandonedBefore: number, limit: number): Promise<string[]> {
    return (await this.rows(SQL.prunable, [unplayedBefore, abandonedBefore, limit])).map((r) => String(r.id));
  }

  async deleteGame(id: string): Promise<void> {
    await this.tx(async (c) => {
      for (const sql of SQL.deleteGame) await c.query(q(sql), [id]);
      await c.query(NOTIFY, [this.channel, seatsChanged(id)]);
    });
  }

  async gamesAwaitingAi(): Promise<string[]> {
    return (await this.rows(SQL.gamesAwaitingAi)).map((r) => String(r.id));
  }

  async overdue(now: number): Promise<GameRow[]> {
    return (await this.rows(SQL.overdue, [now])).map(gameFromRow);
  }

  async rawInserts(n: number, concurrency: number): Promise<void> {
    await this.pool.query('CREATE TABLE IF NOT EXISTS bench_raw (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)');
    let next = 0;
    const lane = async () => {
      while (next < n) {
        next++;
        await this.pool.query('INSERT INTO bench_raw (payload) VALUES ($1)', ['{"type":"roll"}']);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
