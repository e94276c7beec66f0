/**
 * The commit bus between server instances on one PostgreSQL database. Every transaction that
 * appends an action (or changes a seat's notification addresses) also runs `pg_notify`, which
 * PostgreSQL delivers to every listener when, and only if, the transaction commits, in commit
 * order. Each instance keeps one connection that LISTENs, so it learns of the other instances'
 * commits within milliseconds and brings its cached copy of the game up to that version.
 *
 * If the listening connection drops, notifications may be missed: the bus reconnects with
 * back-off and then reports a resync, after which the instance re-reads every cached game.
 */
import pg from 'pg';

/** Runs inside the writing transaction: delivered on commit, dropped on rollback. */
export const NOTIFY = 'SELECT pg_notify($1, $2)';

/** A channel name per schema, so that test schemas (and several deployments on one database) do not hear each other. */
export function channelFor(schema: string | undefined): string {
  return schema ? `sandtable_${schema}` : 'sandtable';
}

/** A commit of `version`; a rewind to `version` (an online undo removed actions); a seat change. */
export type BusEvent = { gameId: string; version: number; rewound?: true } | { gameId: string; seats: true };

export const committed = (gameId: string, version: number): string => JSON.stringify({ g: gameId, v: version });
export const rewound = (gameId: string, version: number): string => JSON.stringify({ g: gameId, v: version, u: 1 });
export const seatsChanged = (gameId: string): string => JSON.stringify({ g: gameId, s: 1 });

export function parseEvent(payload: string | undefined): BusEvent | null {
  try {
    const m = JSON.parse(payload ?? '') as { g?: unknown; v?: unknown; s?: unknown; u?: unknown };
    if (typeof m.g !== 'string') return null;
    if (Number.isInteger(m.v))
      return m.u === 1
        ? { gameId: m.g, version: m.v as number, rewound: true }
        : { gameId: m.g, version: m.v as number };
    return m.s === 1 ? { gameId: m.g, seats: true } : null;
  } catch {
    return null;
  }
}

export interface BusHandlers {
  event(e: BusEvent): void;
  /** The listening connection was re-established: events may have been missed meanwhile. */
  resync(): void;
  log?: (msg: string) => void;
}

export class PgBus {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs: number;

  /** `firstRetryMs`: the first reconnection delay (it doubles up to 5 s). */
  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly on: BusHandlers,
    private readonly firstRetryMs = 100,
  ) {
    this.retryMs = firstRetryMs;
  }

  /** Resolves once the first LISTEN is in place. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, keepAlive: true, application_name: 'sandtable-bus' });
    client.on('notification', (n) => {
      const e = n.channel === this.channel ? parseEvent(n.payload) : null;
      if (e) this.on.event(e);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
    this.retryMs = this.firstRetryMs;
  }

  private lost(client: pg.Client, e: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.on.log?.(`commit bus: ${e.message}; reconnecting`);
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    while (!this.closed && !this.client) {
      await new Promise((r) => setTimeout(r, this.retryMs));
      this.retryMs = Math.min(this.retryMs * 2, 5000);
      try {
        await this.connect();
        this.on.resync();
      } catch (e) {
        this.on.log?.(`commit bus: ${(e as Error).message}; retrying in ${this.retryMs} ms`);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
