/**
 * `npm run bench:server`: the play-by-web server on loopback, whole games only.
 *  - Cost per move (server-costs.ts): one whole game of each subject over WebSocket, CPU per
 *    action and bytes per update in the first and the last tenth (the last within 1.5x).
 *  - Load: N concurrent whole games of Pig, each driven by a client playing random legal
 *    actions over HTTP (or both seats AI in the server's worker); actions per second and p50/p99
 *    action latency, beside the raw INSERT rate of the same store as the ceiling.
 * On SQLite and (when DATABASE_URL is set) PostgreSQL. Every loop is bounded in count.
 * Options: --games N,N (concurrent games per load row), --target T (Pig's target in load rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { median, printTable, type BenchRow } from './lib.ts';
import { costsOverAGame, printCosts, type CostSubject, type TenthFigures } from './server-costs.ts';
import {
  createServer,
  PostgresRepository,
  SqliteRepository,
  workerAi,
  type Repository,
} from '../packages/server/src/index.ts';
import { pigCatalog } from '../packages/server/src/testing.ts';
import type { GameCatalog } from '../packages/server/src/types.ts';
import type { Options } from '@sandtable/engine';

const { values } = parseArgs({
  options: { games: { type: 'string', default: '1,16,64' }, target: { type: 'string', default: '100' } },
});
const GAME_COUNTS = values.games!.split(',').map(Number);
const TARGET = Number(values.target);
const MAX_ACTIONS_PER_CLIENT = 100_000;
/** Limits out of the way: one address drives every game here. */
const BENCH_LIMITS = {
  createPerIpPerMinute: 1e9,
  actionsPerTokenPerMinute: 1e9,
  requestsPerIpPerMinute: 1e9,
  aiPlaysUnwatched: true,
  allowAiGames: true,
  maxNumericOption: 1e6,
};

interface Store {
  name: string;
  open(): Promise<Repository>;
  done(): Promise<void>;
}

function sqliteStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  return {
    name: 'SQLite (WAL, synchronous=FULL)',
    async open() {
      const r = new SqliteRepository(join(dir, `b-${randomBytes(4).toString('hex')}.db`));
      await r.migrate();
      return r;
    },
    async done() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pgStore(url: string): Store {
  const schemas: string[] = [];
  return {
    name: 'PostgreSQL',
    async open() {
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      schemas.push(schema);
      const r = new PostgresRepository(url, { schema, poolSize: 16 });
      await r.migrate();
      return r;
    },
    async done() {
      for (const schema of schemas) {
        const r = new PostgresRepository(url, { schema, poolSize: 1 });
        await r.dropSchema();
        await r.close();
      }
    },
  };
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function post(url: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** One client: both seats of one game, random legal actions, to the end of the game. */
async function client(
  base: string,
  gameId: string,
  tokens: Record<string, string>,
  lat: number[],
  seed: number,
): Promise<void> {
  let x = seed;
  const rand = (n: number) => (x = (x * 1103515245 + 12345) & 0x7fffffff) % n;
  let res = await fetch(`${base}/api/games/${gameId}`, {
    headers: { authorization: `Bearer ${Object.values(tokens)[0]}` },
  });
  let view = (await res.json()) as any;
  for (let i = 0; i < MAX_ACTIONS_PER_CLIENT && view.summary.status === 'active'; i++) {
    const role = view.summary.turnRole as string;
    if (view.role !== role) {
      res = await fetch(`${base}/api/games/${gameId}`, { headers: { authorization: `Bearer ${tokens[role]}` } });
      view = await res.json();
    }
    const actions = view.view.actions as unknown[];
    const t0 = performance.now();
    const r = await post(`${base}/api/games/${gameId}/actions`, tokens[role]!, {
      version: view.version,
      action: actions[rand(actions.length)],
    });
    lat.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`action refused: ${JSON.stringify(r.body.error)}`);
    view = r.body;
  }
}

const wholeGame = { target: TARGET };

interface Subject {
  id: string;
  catalog: GameCatalog;
  options: Options;
}
const PIG: Subject = { id: 'pig', catalog: pigCatalog, options: wholeGame };

async function httpLoad(store: Store, games: number, subject: Subject = PIG): Promise<BenchRow> {
  const repo = await store.open();
  const server = await createServer({ repo, catalog: subject.catalog, limits: BENCH_LIMITS });
  const base = await server.listen(0);
  const created = [];
  const roles = subject.catalog[subject.id]!.game.rules.roles as readonly string[];
  for (let i = 0; i < games; i++) {
    const seats = Object.fromEntries(roles.map((r) => [r, { kind: 'human' as const }]));
    created.push(await server.service.create({ game: subject.id, options: subject.options, seats }));
  }
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    created.map((g, i) =>
      client(base, g.gameId, Object.fromEntries(g.seats.map((s) => [s.role, s.token!])), lat, i + 1),
    ),
  );
  const secs = (performance.now() - t0) / 1000;
  await server.close();
  await repo.close();
  const p50 = median(lat);
  return {
    name: `${subject.id}: ${games} whole games at once, random clients over HTTP`,
    unit: 'action',
    samples: lat.length,
    medianMs: p50,
    perSecond: lat.length / secs,
    note: `ops/s = actions/s overall; median = p50 latency; p99 ${percentile(lat, 99).toFixed(2)} ms`,
  };
}

async function aiLoad(store: Store, games: number): Promise<BenchRow> {
  const repo = await store.open();
  const server = await createServer({ repo, catalog: pigCatalog, ai: workerAi(1), limits: BENCH_LIMITS });
  await server.listen(0);
  const t0 = performance.now();
  const ids = [];
  for (let i = 0; i < games; i++) {
    ids.push(
      (
        await server.service.create({
          game: 'pig',
          options: wholeGame,
          seats: { a: { kind: 'ai', ai: 'random' }, b: { kind: 'ai', ai: 'random' } },
        })
      ).gameId,
    );
  }
  // Until every game is over (bounded: a few minutes at most).
  for (let i = 0; i < 3000; i++) {
    const live = await Promise.all(ids.map((id) => server.service.get(id)));
    if (live.every((l) => l.row.status === 'finished')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let actions = 0;
  for (const id of ids) actions += (await server.service.get(id)).row.version;
  const secs = (performance.now() - t0) / 1000;
  await server.close();
  await repo.close();
  return {
    name: `pig: ${games} whole games at once, both seats AI (random, worker thread)`,
    unit: 'action',
    samples: actions,
    medianMs: (secs * 1000) / actions,
    perSecond: actions / secs,
    note: 'median = mean ms between actions, all games',
  };
}

async function rawInserts(store: Store, concurrency: number): Promise<BenchRow> {
  const repo = await store.open();
  const n = 2000;
  await repo.rawInserts(200, concurrency);
  const t0 = performance.now();
  await repo.rawInserts(n, concurrency);
  const ms = performance.now() - t0;
  await repo.close();
  return {
    name: `raw INSERT, one row per commit (${concurrency} at once)`,
    unit: 'insert',
    samples: n,
    medianMs: ms / n,
    perSecond: (n / ms) * 1000,
    note: 'the ceiling: one committed row per action',
  };
}

/** Soft Underbelly from the catalog (a real game's state and views), when it loads. */
async function softUnderbelly(): Promise<Subject | null> {
  try {
    const { catalog } = await import('@sandtable/catalog');
    return catalog['soft-underbelly'] ? { id: 'soft-underbelly', catalog, options: {} } : null;
  } catch {
    return null;
  }
}

/** Every catalog game, and Pig to a long target: the subjects of the cost-per-move table. */
async function costSubjects(): Promise<CostSubject[]> {
  const out: CostSubject[] = [{ id: 'pig', catalog: pigCatalog, options: { target: 1000 } }];
  try {
    const { catalog } = await import('@sandtable/catalog');
    for (const id of Object.keys(catalog)) out.push({ id, catalog, options: {} });
  } catch {
    /* the catalog does not load: Pig only */
  }
  return out;
}

export async function costs(store: Store): Promise<boolean> {
  const rows: [string, TenthFigures][] = [];
  for (const subject of await costSubjects()) {
    const repo = await store.open();
    rows.push([subject.id === 'pig' ? 'pig (target 1000)' : subject.id, await costsOverAGame(repo, subject)]);
    await repo.close();
  }
  return printCosts(
    `Cost per move over one whole game on ${store.name} (random legal actions, 2 seats + a spectator over WebSocket)`,
    rows,
  );
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const stores = [sqliteStore()];
  if (process.env.DATABASE_URL) stores.push(pgStore(process.env.DATABASE_URL));
  else
    console.log(
      'PostgreSQL: skipped (set DATABASE_URL, e.g. eval "$(bash packages/server/scripts/pg-test-server.sh)")',
    );
  const out = [];
  for (const store of stores) {
    await costs(store);
    const rows: BenchRow[] = [];
    rows.push(await rawInserts(store, 1));
    if (store.name === 'PostgreSQL') rows.push(await rawInserts(store, 16));
    for (const n of GAME_COUNTS) rows.push(await httpLoad(store, n));
    const su = await softUnderbelly();
    if (su) rows.push(await httpLoad(store, 4, su));
    rows.push(await aiLoad(store, Math.max(...GAME_COUNTS)));
    await store.done();
    out.push({
      title: `Server load on ${store.name}, loopback, whole games of Pig to ${TARGET} (2 cores; clients in the same process)`,
      rows,
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const t of await run()) printTable(t.title, t.rows);
}
