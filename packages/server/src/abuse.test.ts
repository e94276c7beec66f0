/**
 * Load and abuse, quick enough for CI: while one player plays an ordinary game, attackers create
 * games past the limit, flood sockets, leave connections half-open and send deeply nested
 * bodies. The server must stay up, refuse what is over its limits with 429/400, close what it
 * should, serve the player within a bound of the p99 it had before the attack, and lose no
 * acknowledged action. The figures are printed.
 */
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandtableServer } from './app.ts';
import { stateHash } from './hash.ts';
import { recordOf } from './live.ts';
import { pig } from './testing.ts';
import { startServer, storeVariants, type TestStore } from './test-support.ts';

const [sqlite] = storeVariants();
const LIMITS = {
  createPerIpPerMinute: 20,
  actionsPerTokenPerMinute: 100_000,
  requestsPerIpPerMinute: 100_000,
  socketsPerIp: 40,
  socketsTotal: 150,
  headersTimeoutMs: 400,
  requestTimeoutMs: 2000,
  wsHeartbeatMs: 500,
  jsonDepth: 32,
  trustProxyHops: 1,
};

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

async function call(url: string, path: string, ip: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${url}${path}`, { ...init, headers });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** The player: both seats of one Pig game, plain rolls and holds, latencies of every call. */
async function player(url: string, until: () => boolean, lat: number[], acked: number[]): Promise<string> {
  const ip = '192.0.2.10';
  const g = (
    await call(url, '/api/games', ip, {
      method: 'POST',
      body: JSON.stringify({
        game: 'pig',
        options: { target: 100_000 },
        seats: { a: { kind: 'human' }, b: { kind: 'human' } },
      }),
    })
  ).body;
  if (!g?.seats) throw new Error(`player could not create a game: ${JSON.stringify(g)}`);
  const tokens: Record<string, string> = { a: g.seats[0].token, b: g.seats[1].token };
  let view = (await call(url, `/api/games/${g.gameId}`, ip, { token: tokens.a })).body;
  for (let i = 0; i < 5000 && !until(); i++) {
    const role = view.summary.turnRole as string;
    const t0 = performance.now();
    const r = await call(url, `/api/games/${g.gameId}/actions`, ip, {
      method: 'POST',
      token: tokens[role],
      body: JSON.stringify({ version: view.version, action: { type: i % 4 === 3 ? 'hold' : 'roll' } }),
    });
    lat.push(performance.now() - t0);
    if (r.status === 200) acked.push(r.body.version);
    else if (r.status !== 422) throw new Error(`player refused: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    view = r.status === 200 ? r.body : r.body.view;
  }
  return g.gameId;
}

function rawConnect(url: string): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => resolve(s));
    s.on('error', () => undefined);
    s.once('error', reject);
  });
}

describe('load and abuse', () => {
  let store: TestStore;
  let server: SandtableServer;
  let url: string;
  beforeAll(async () => {
    store = await sqlite!.open();
    ({ server, url } = await startServer(store.repo, { limits: LIMITS }));
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  it('stays up, refuses the flood, serves the player within bounds and loses nothing', async () => {
    // Before: the player alone.
    const base: number[] = [];
    const baseAcked: number[] = [];
    let stop = false;
    const t0 = performance.now();
    await player(url, () => performance.now() - t0 > 1500, base, baseAcked);

    // During: the player again, with every attack at once.
    const lat: number[] = [];
    const acked: number[] = [];
    const playing = player(url, () => stop && lat.length >= 20, lat, acked);

    const creates = Promise.all(
      Array.from({ length: 150 }, () =>
        call(url, '/api/games', '198.51.100.7', {
          method: 'POST',
          body: JSON.stringify({ game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'human' } } }),
        }).then((r) => r.status),
      ),
    );
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const nested = Promise.all(
      Array.from({ length: 60 }, () =>
        call(url, '/api/lobby', '198.51.100.8', { method: 'POST', body: `{"tokens":${deep}}` }).then((r) => r.status),
      ),
    );
    const sockets: WebSocket[] = [];
    const flood = Promise.all(
      Array.from(
        { length: 200 },
        (_, i) =>
          new Promise<number>((resolve) => {
            // 60 from one address (40 allowed), 140 from four others; 150 in all.
            const ip = i < 60 ? '198.51.100.20' : `198.51.100.${21 + (i % 4)}`;
            const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`, { headers: { 'x-forwarded-for': ip } });
            sockets.push(ws);
            ws.on('open', () => resolve(101));
            ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
            ws.on('error', () => resolve(0));
          }),
      ),
    );
    const halfOpen = Promise.all(
      Array.from({ length: 150 }, async () => {
        const s = await rawConnect(url);
        s.write('POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n'); // headers never finish
        s.resume(); // read the 408, so that the close is seen
        const t = performance.now();
        return new Promise<number>((resolve) => s.once('close', () => resolve(performance.now() - t)));
      }),
    );
    const [createCodes, nestedCodes, socketCodes] = await Promise.all([creates, nested, flood]);
    const closedAfter = await halfOpen;
    stop = true;
    const gameId = await playing;
    for (const ws of sockets) ws.terminate();

    const health = await call(url, '/api/health', '192.0.2.99');
    const rows = await store.repo.actions(gameId);
    // Nothing lost: every acknowledged version is in the log, and the log replays to its hashes.
    expect(rows.length).toBe(Math.max(...acked));
    let state = pig.replay(recordOf((await store.repo.getGame(gameId))!, []));
    for (const r of rows) state = pig.apply(state, r.role, JSON.parse(r.action));
    expect(stateHash(state)).toBe(rows.at(-1)!.stateHash);

    const count = (xs: number[], c: number) => xs.filter((x) => x === c).length;
    const figures = {
      'player p50/p99 ms, alone': `${percentile(base, 50).toFixed(1)} / ${percentile(base, 99).toFixed(1)} (${base.length} actions)`,
      'player p50/p99 ms, under attack': `${percentile(lat, 50).toFixed(1)} / ${percentile(lat, 99).toFixed(1)} (${lat.length} actions)`,
      'games created / 429 (150 tried from one address, limit 20)': `${count(createCodes, 201)} / ${count(createCodes, 429)}`,
      'nested bodies answered 400 (60 sent)': count(nestedCodes, 400),
      'sockets accepted / 429 / 503 (200 tried, 60 from one address; 40 per address, 150 in all)': `${count(socketCodes, 101)} / ${count(socketCodes, 429)} / ${count(socketCodes, 503)}`,
      'half-open connections closed, slowest ms (150, header timeout 400 ms)': `${closedAfter.length}, ${Math.max(...closedAfter).toFixed(0)}`,
      'acknowledged actions kept': `${rows.length} of ${Math.max(...acked)}`,
    };
    console.log(
      `load and abuse figures:\n${Object.entries(figures)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );

    expect(health.status).toBe(200);
    expect(count(createCodes, 201)).toBe(20);
    expect(count(createCodes, 429)).toBe(130);
    expect(nestedCodes.every((c) => c === 400)).toBe(true);
    expect(count(socketCodes, 101)).toBeLessThanOrEqual(150);
    expect(count(socketCodes, 429)).toBeGreaterThan(0);
    expect(count(socketCodes, 503)).toBeGreaterThan(0);
    expect(count(socketCodes, 101) + count(socketCodes, 429) + count(socketCodes, 503)).toBe(200);
    expect(Math.max(...closedAfter)).toBeLessThan(3000);
    expect(lat.length).toBeGreaterThanOrEqual(20);
    // Served within a bound of its own p99: the attacks are refused cheaply.
    expect(percentile(lat, 99)).toBeLessThan(Math.max(10 * percentile(base, 99), 1000));
  }, 60_000);
});
