/**
 * Which instance plays a game's AI seats. With one instance (SQLite) it is always this one.
 * With several instances on one PostgreSQL, an instance plays a game's AI seats only while it
 * holds that game's session-level advisory lock, taken on a connection of its own. When the
 * instance dies, even by kill -9, PostgreSQL ends its session and frees its locks, and another
 * instance's next claim (after a commit it hears of, or its periodic scan of the games waiting
 * on an AI) succeeds. A lock is released as soon as the game no longer waits on an AI seat.
 *
 * The lock is about efficiency, not correctness: should two instances ever both move an AI seat
 * (a connection lost and re-made), the version guard on every commit lets exactly one action in.
 */
import pg from 'pg';

export interface AiClaims {
  /** True when this instance may play the game's AI seats now (it takes the claim if it is free). */
  claim(gameId: string): Promise<boolean>;
  /** Of `gameIds`, those this instance holds or has just claimed. */
  claimMany(gameIds: string[]): Promise<string[]>;
  release(gameId: string): Promise<void>;
  close(): Promise<void>;
}

/** One instance: every claim succeeds. */
export const soleInstance: AiClaims = {
  claim: async () => true,
  claimMany: async (ids) => ids,
  release: async () => undefined,
  close: async () => undefined,
};

/** First key of the two-key advisory lock: the AI seat claims' namespace ("sandtable AI"). */
const AI_LOCK_CLASS = 0x5341_4931;

export class PgAdvisoryClaims implements AiClaims {
  private client: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  /** One statement at a time on the claims connection, in call order. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** `scope` (the schema, for tests) keeps claims of different deployments on one database apart. */
  constructor(
    private readonly config: pg.ClientConfig,
    private readonly scope: string,
    private readonly log?: (msg: string) => void,
  ) {}

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const c = new pg.Client({ ...this.config, keepAlive: true, application_name: 'sandtable-ai-claims' });
      const dropped = (e: Error) => {
        // The session is gone, and its locks with it: forget them; the next claim reconnects.
        this.log?.(`AI claims connection: ${e.message}`);
        this.held.clear();
        this.client = null;
        c.end().catch(() => undefined);
      };
      c.on('error', dropped);
      c.on('end', () => {
        if (!this.closed) dropped(new Error('connection ended'));
      });
      await c.connect();
      return c;
    })().catch((e: unknown) => {
      this.client = null;
      throw e;
    });
    return this.client;
  }

  private run<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const out = this.queue.then(async () => fn(await this.connection()));
    this.queue = out.catch(() => undefined);
    return out;
  }

  async claim(gameId: string): Promise<boolean> {
    return (await this.claimMany([gameId])).length === 1;
  }

  async claimMany(gameIds: string[]): Promise<string[]> {
    if (this.closed) return [];
    const fresh = gameIds.filter((id) => !this.held.has(id));
    if (fresh.length) {
      const got = await this.run(async (c) => {
        const r = await c.query(
          `SELECT id FROM unnest($1::text[]) AS id WHERE pg_try_advisory_lock($2, hashtext($3 || id))`,
          [fresh, AI_LOCK_CLASS, this.scope],
        );
        return r.rows.map((x: { id: string }) => x.id);
      });
      for (const id of got) this.held.add(id);
    }
    return gameIds.filter((id) => this.held.has(id));
  }

  async release(gameId: string): Promise<void> {
    if (!this.held.delete(gameId) || this.closed) return;
    await this.run((c) =>
      c.query('SELECT pg_advisory_unlock($1, hashtext($2 || $3))', [AI_LOCK_CLASS, this.scope, gameId]),
    );
  }

  /** Ends the session, which frees every lock it holds. */
  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    const c = await this.client?.catch(() => null);
    await c?.end().catch(() => undefined);
  }
}
