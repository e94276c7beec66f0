/**
 * Test support (not a test file): the store matrix (SQLite always; PostgreSQL when
 * DATABASE_URL is set, and a failing store when SANDTABLE_REQUIRE_PG=1 without it), a
 * server on a loopback port, an HTTP helper and a WebSocket client that records messages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { randomIndex, seedRng } from '@sandtable/engine';
import { createServer, type ServerOptions, type SandtableServer } from './app.ts';
import { PostgresRepository } from './db/postgres.ts';
import { SqliteRepository } from './db/sqlite.ts';
import type { Repository } from './db/types.ts';
import type { Limits } from './limits.ts';
import { applyPatchMessage } from './delta.ts';
import type { ViewMessage } from '@sandtable/protocol';
import { pigCatalog } from './testing.ts';
import type { AiRunner, Clock } from './types.ts';

export interface TestStore {
  repo: Repository;
  /** A second connection to the same data (another process, or a restart). */
  reopen(): Promise<Repository>;
  cleanup(): Promise<void>;
  /** How a server child process reaches the same data: extra arguments and DATABASE_URL (or none). */
  child: { args: string[]; databaseUrl: string | undefined };
}

export interface StoreVariant {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestStore>;
}

const sqlite: StoreVariant = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-test-'));
    const file = join(dir, 'games.db');
    const opened: Repository[] = [];
    const make = async () => {
      const r = new SqliteRepository(file);
      await r.migrate();
      opened.push(r);
      return r;
    };
    return {
      repo: await make(),
      reopen: make,
      async cleanup() {
        for (const r of opened) await r.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
      child: { args: ['--db', file], databaseUrl: undefined },
    };
  },
};

function postgres(url: string): StoreVariant {
  return {
    name: 'postgres',
    async open() {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const opened: PostgresRepository[] = [];
      const make = async () => {
        const r = new PostgresRepository(url, { schema, poolSize: 5 });
        await r.migrate();
        opened.push(r);
        return r;
      };
      return {
        repo: await make(),
        reopen: make,
        async cleanup() {
          await opened[0]!.dropSchema().catch(() => undefined);
          for (const r of opened) await r.close().catch(() => undefined);
        },
        child: { args: ['--pg-schema', schema], databaseUrl: url },
      };
    },
  };
}

export const PG_MISSING =
  'SANDTABLE_REQUIRE_PG=1 but DATABASE_URL is not set: start PostgreSQL with `eval "$(bash packages/server/scripts/pg-test-server.sh)"` (see README)';

/** The stores every reliability suite runs against. */
export function storeVariants(): StoreVariant[] {
  const url = process.env.DATABASE_URL;
  if (url) return [sqlite, postgres(url)];
  if (process.env.SANDTABLE_REQUIRE_PG === '1')
    return [sqlite, { name: 'postgres', open: () => Promise.reject(new Error(PG_MISSING)) }];
  return [sqlite];
}

export function fakeClock(start = Date.UTC(1943, 8, 3, 8)): Clock & { t: number; advance(ms: number): void } {
  return {
    t: start,
    now() {
      return this.t;
    },
    advance(ms: number) {
      this.t += ms;
    },
  };
}

let seedCounter = 0;
/** Tests drive many games from one address, with webhooks on loopback: limits out of the way unless a test sets them. */
export const GENEROUS_LIMITS: Partial<Limits> = {
  createPerIpPerMinute: 100_000,
  actionsPerTokenPerMinute: 1_000_000,
  requestsPerIpPerMinute: 1_000_000,
  messagesPerSocketPerMinute: 1_000_000,
  socketsPerIp: 1000,
  allowAiGames: true,
  aiPlaysUnwatched: true,
  allowPrivateWebhooks: true,
  maxNumericOption: 1_000_000,
};

export async function startServer(
  repo: Repository,
  extra: Partial<ServerOptions> & { ai?: AiRunner } = {},
): Promise<{ server: SandtableServer; url: string }> {
  const server = await createServer({
    repo,
    catalog: pigCatalog,
    seed: () => `test-seed-${seedCounter++}`,
    ...extra,
    limits: { ...GENEROUS_LIMITS, ...extra.limits },
  });
  const url = await server.listen(0, '127.0.0.1');
  return { server, url };
}

export interface Reply {
  status: number;
  body: any;
}

export async function http(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/**
 * A WebSocket client that keeps every message it receives. Patches are kept as the whole views
 * they make (applied to the view held for that game and role), and an ack without a view gets
 * the view held; `raw` keeps what came on the wire.
 */
export class WsClient {
  readonly messages: any[] = [];
  readonly raw: any[] = [];
  /** Bytes received (the JSON text, before permessage-deflate). */
  bytes = 0;
  closedWith: number | null = null;
  private waiters: (() => void)[] = [];
  private readonly held = new Map<string, ViewMessage>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const text = String(d);
      this.bytes += text.length;
      const m = JSON.parse(text);
      this.raw.push(m);
      this.messages.push(this.whole(m));
      this.wake();
    });
    ws.on('close', (code) => {
      this.closedWith = code;
      this.wake();
    });
  }

  private whole(m: any): any {
    if (m.type === 'view') {
      this.held.set(m.gameId, m);
      return m;
    }
    if (m.type === 'patch') {
      const held = this.held.get(m.gameId);
      const next = held && applyPatchMessage(held, m);
      if (!next) throw new Error(`patch from ${m.from} for ${m.gameId}, holding ${held?.version ?? 'nothing'}`);
      this.held.set(m.gameId, next);
      return next;
    }
    if ((m.type === 'ack' || m.type === 'refused') && m.view) this.held.set(m.gameId ?? m.view.gameId, m.view);
    if (m.type === 'ack' && !m.view) return { ...m, view: this.held.get(m.gameId) };
    return m;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  static connect(url: string): Promise<WsClient> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsClient(ws)));
      ws.once('error', reject);
    });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The first message (from `from` on) matching `pred`, waiting at most `ms`. */
  async waitFor(pred: (m: any) => boolean, ms = 10_000, from = 0): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.messages.slice(from).find(pred);
      if (hit) return hit;
      if (this.closedWith !== null) throw new Error(`socket closed (${this.closedWith}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching message within ${ms} ms; last: ${JSON.stringify(this.messages.at(-1))?.slice(0, 300)}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  async waitClosed(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.closedWith === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (this.closedWith === null) throw new Error('socket not closed');
    return this.closedWith;
  }

  close(): void {
    this.ws.close();
  }
}

/** A loopback HTTP receiver for webhooks. */
export async function webhookReceiver(): Promise<{ url: string; received: any[]; close(): Promise<void> }> {
  const { createServer: createHttp } = await import('node:http');
  const received: any[] = [];
  const srv = createHttp((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ path: req.url, body: JSON.parse(data) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const addr = srv.address() as { port: number };
  return { url: `http://127.0.0.1:${addr.port}`, received, close: () => new Promise((r) => srv.close(() => r())) };
}

/** Polls `cond` every 10 ms for at most `ms`. */
export async function eventually(
  cond: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} not reached within ${ms} ms`);
}

/**
 * A two-seat game played over the HTTP API with seeded random legal actions, each seat from its
 * own view: at every version `check` gets each seat's latest response (same version for all),
 * before the seat to move sends its action. Returns the number of actions played.
 */
export async function playOverApi(
  url: string,
  game: string,
  roles: readonly string[],
  opts: {
    seed: string;
    maxActions: number;
    check(msg: Record<string, any>): void;
  },
): Promise<number> {
  const created = await http(url, 'POST', '/api/games', {
    body: { game, seats: Object.fromEntries(roles.map((r, i) => [r, { kind: 'human', name: `Player ${i + 1}` }])) },
  });
  if (created.status !== 201) throw new Error(`create ${game}: ${created.status} ${JSON.stringify(created.body)}`);
  const gameId = created.body.gameId as string;
  const token = Object.fromEntries(
    created.body.seats.map((s: { role: string; token: string }) => [s.role, s.token]),
  ) as Record<string, string>;
  const rng = seedRng(opts.seed);
  let played = 0;
  for (; played < opts.maxActions; played++) {
    const msg: Record<string, any> = {};
    for (const role of roles) {
      const r = await http(url, 'GET', `/api/games/${gameId}`, { token: token[role] });
      if (r.status !== 200 || r.body.role !== role)
        throw new Error(`GET as ${role}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      msg[role] = r.body;
    }
    if (new Set(roles.map((r) => msg[r].version)).size !== 1)
      throw new Error(`seats see different versions: ${roles.map((r) => msg[r].version)}`);
    opts.check(msg);
    const first = msg[roles[0]!];
    if (first.summary.status === 'finished') break;
    const mover = first.summary.turnRole as string;
    const actions = msg[mover].view.actions;
    const sent = await http(url, 'POST', `/api/games/${gameId}/actions`, {
      token: token[mover],
      body: { version: msg[mover].version, action: actions[randomIndex(rng, actions.length)] },
    });
    if (sent.status !== 200) throw new Error(`action refused: ${JSON.stringify(sent.body).slice(0, 300)}`);
  }
  return played;
}
