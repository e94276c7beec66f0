/**
 * The limits (limits.ts), each reached on purpose: a 429 with Retry-After for game creation
 * per IP, actions per token (HTTP and WebSocket together) and sockets per IP; 503 past the total
 * of sockets; subscriptions per socket; a 400 for deep JSON and out-of-bound options; all-AI
 * games only from the local machine; half-sent headers and silent sockets closed; unwatched
 * AI games paused; unplayed and abandoned games removed, finished ones kept.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineAi } from './ai-worker.ts';
import type { SandtableServer } from './app.ts';
import { DEFAULT_LIMITS, envName, limitsFromEnv, type Limits } from './limits.ts';
import { eventually, fakeClock, http, startServer, storeVariants, WsClient, type TestStore } from './test-support.ts';

const [sqlite] = storeVariants();
const humans = { a: { kind: 'human' }, b: { kind: 'human' } };

async function serverWith(store: TestStore, limits: Partial<Limits>, extra = {}) {
  return startServer(store.repo, { limits, ...extra });
}

/** A raw TCP connection to the server (for half-sent requests and silent WebSocket clients). */
function raw(url: string): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => resolve(s));
    s.once('error', reject);
  });
}

function closed(s: Socket, ms: number): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    s.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - t0);
    });
    s.on('data', () => undefined);
    s.on('error', () => undefined);
  });
}

describe('limits', () => {
  let store: TestStore;
  let server: SandtableServer;
  let url: string;

  beforeAll(async () => {
    store = await sqlite!.open();
    ({ server, url } = await serverWith(store, {
      createPerIpPerMinute: 3,
      actionsPerTokenPerMinute: 4,
      socketsPerIp: 3,
      subscriptionsPerSocket: 2,
      jsonDepth: 8,
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      wsHeartbeatMs: 150,
      allowAiGames: false,
      trustProxyHops: 1,
      maxNumericOption: 1000,
    }));
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  it('reads each limit from SANDTABLE_* variables, refusing bad values by name', () => {
    expect(envName('createPerIpPerMinute')).toBe('SANDTABLE_CREATE_PER_IP_PER_MINUTE');
    const l = limitsFromEnv({ SANDTABLE_SOCKETS_PER_IP: '7', SANDTABLE_ALLOW_AI_GAMES: 'true' });
    expect(l).toEqual({ ...DEFAULT_LIMITS, socketsPerIp: 7, allowAiGames: true });
    expect(() => limitsFromEnv({ SANDTABLE_SOCKETS_PER_IP: 'many' })).toThrow(/SANDTABLE_SOCKETS_PER_IP/);
    expect(() => limitsFromEnv({ SANDTABLE_ALLOW_AI_GAMES: 'yes' })).toThrow(/true or false/);
  });

  it('game creation per IP: 429 with Retry-After past the limit; another address is not affected', async () => {
    const from = (ip: string) =>
      fetch(`${url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ game: 'pig', seats: humans }),
      });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await from('198.51.100.1')).status);
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const r = await from('198.51.100.1');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await r.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'rate-limited',
      message: expect.stringMatching(/games created from one address: at most 3/),
    });
    expect((await from('198.51.100.2')).status).toBe(201);
  });

  it('actions per token, over HTTP and WebSocket together: 429 with Retry-After', async () => {
    const g = await server.service.create({ game: 'pig', seats: humans as never });
    const ta = g.seats[0]!.token!;
    let version = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await http(url, 'POST', `/api/games/${g.gameId}/actions`, {
        token: ta,
        body: { version, action: { type: 'roll' } },
      });
      statuses.push(r.status);
      if (r.status === 200) version = r.body.version;
      if (r.status === 200 && r.body.summary.turnRole !== 'a') break;
    }
    const ws = await WsClient.connect(url);
    for (let i = statuses.length; i < 6; i++)
      ws.send({ type: 'action', id: i, token: ta, version, action: { type: 'roll' } });
    const refused = await ws.waitFor((m) => m.type === 'refused' && m.status === 429);
    expect(refused.error.code).toBe('rate-limited');
    expect(refused.retryAfter).toBeGreaterThan(0);
    ws.close();
  });

  it('sockets per IP: the next upgrade gets 429 with Retry-After', async () => {
    const open = [await WsClient.connect(url), await WsClient.connect(url), await WsClient.connect(url)];
    const s = await raw(url);
    s.write(
      'GET /api/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    const reply = await new Promise<string>((r) => s.once('data', (d) => r(String(d))));
    expect(reply).toMatch(/^HTTP\/1.1 429/);
    expect(reply).toMatch(/Retry-After: \d+/);
    s.destroy();
    for (const c of open) c.close();
    await eventually(() => server.sockets === 0, 2000, 'sockets released');
    const again = await WsClient.connect(url); // released slots are reusable
    again.close();
  });

  it('subscriptions per socket: a third game is refused until one is left', async () => {
    const tokens = [];
    for (let i = 0; i < 3; i++)
      tokens.push((await server.service.create({ game: 'pig', seats: humans as never })).spectatorToken);
    const ws = await WsClient.connect(url);
    ws.send({ type: 'subscribe', token: tokens[0] });
    ws.send({ type: 'subscribe', token: tokens[1] });
    ws.send({ type: 'subscribe', token: tokens[2] });
    const r = await ws.waitFor((m) => m.type === 'refused');
    expect(r.error.message).toMatch(/at most 2 games per socket/);
    ws.close();
  });

  it('nesting deeper than the limit is a 400, over HTTP and WebSocket, never a 500', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const g = await server.service.create({ game: 'pig', seats: humans as never });
    const r = await http(url, 'POST', `/api/games/${g.gameId}/actions`, {
      token: g.seats[0]!.token!,
      raw: `{"version":0,"action":{"type":"roll","x":${deep}}}`,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/nests deeper than 8 levels/);
    const ws = await WsClient.connect(url);
    ws.send(`{"type":"action","token":"${g.seats[0]!.token}","version":0,"action":${deep}}`);
    expect((await ws.waitFor((m) => m.type === 'refused')).status).toBe(400);
    ws.close();
  });

  it('numeric options stay within bounds: pig target 1e308 is a 400', async () => {
    const r = await http(url, 'POST', '/api/games', {
      body: { game: 'pig', options: { target: 1e308 }, seats: humans },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/option "target" must be a number from 0 to 1000/);
  });

  it('games with no human seat: only from the local machine unless the operator allows them', async () => {
    const ai = { a: { kind: 'ai' }, b: { kind: 'ai' } };
    const far = await fetch(`${url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ game: 'pig', seats: ai }),
    });
    expect(far.status).toBe(403);
    expect((await http(url, 'POST', '/api/games', { body: { game: 'pig', seats: ai } })).status).toBe(201);
  });

  it('closes a connection whose headers never finish, and a socket that stops answering pings', async () => {
    const s = await raw(url);
    s.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(await closed(s, 3000)).toBeLessThan(3000);
    // A WebSocket client that completes the upgrade and then never reads nor answers a ping.
    const w = await raw(url);
    w.write(
      'GET /api/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(await closed(w, 3000)).toBeLessThan(3000);
  });
});

describe('AI-only games no one watches', () => {
  let store: TestStore;
  let server: SandtableServer;
  let url: string;
  beforeAll(async () => {
    store = await sqlite!.open();
    ({ server, url } = await serverWith(store, { aiPlaysUnwatched: false }, { ai: inlineAi }));
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  it('pause until someone subscribes, and play on while watched', async () => {
    const g = await server.service.create({ game: 'pig', seats: { a: { kind: 'ai' }, b: { kind: 'ai' } } });
    await new Promise((r) => setTimeout(r, 200));
    expect((await server.service.get(g.gameId)).row.version).toBe(0);
    const ws = await WsClient.connect(url);
    ws.send({ type: 'subscribe', token: g.spectatorToken });
    await eventually(async () => (await server.service.get(g.gameId)).row.version > 3, 5000, 'AI moves');
    ws.close();
  });
});

for (const variant of storeVariants()) {
  describe(`removing old games on ${variant.name}`, () => {
    let store: TestStore;
    let server: SandtableServer;
    const clock = fakeClock();
    const DAY = 86_400_000;
    beforeAll(async () => {
      store = await variant.open();
      ({ server } = await serverWith(
        store,
        { removeUnplayedAfterMs: DAY, removeAbandonedAfterMs: 30 * DAY },
        { clock },
      ));
    });
    afterAll(async () => {
      await server.close();
      await store.cleanup();
    });

    it('removes games never played after a day and unfinished ones idle for 30 days; keeps finished games', async () => {
      const s = server.service;
      const create = (target: number) => s.create({ game: 'pig', options: { target }, seats: humans as never });
      const unplayed = await create(30);
      const played = await create(30);
      const finished = await create(1);
      const a = { gameId: played.gameId, role: 'a', seat: true };
      await s.submit(a, { version: 0, action: { type: 'roll' } });
      // target 1: the first roll that is not a 1 wins
      for (let v = 0; (await s.get(finished.gameId)).row.status === 'active' && v < 50; ) {
        const live = await s.get(finished.gameId);
        v = live.row.version;
        const role = live.row.turnRole!;
        const acts = live.engine.legalActions(live.state, role) as { type: string }[];
        const act = acts.find((x) => x.type === 'hold') ?? acts[0]!;
        await s.submit({ gameId: finished.gameId, role, seat: true }, { version: v, action: act });
      }
      expect((await s.get(finished.gameId)).row.status).toBe('finished');
      clock.advance(2 * DAY);
      expect(await s.sweep()).toBe(1);
      expect(await store.repo.getGame(unplayed.gameId)).toBeNull();
      expect(await store.repo.getGame(played.gameId)).not.toBeNull();
      clock.advance(30 * DAY);
      expect(await s.sweep()).toBe(1);
      expect(await store.repo.getGame(played.gameId)).toBeNull();
      expect(await store.repo.actions(played.gameId)).toEqual([]);
      expect(await store.repo.getGame(finished.gameId)).not.toBeNull();
      await expect(s.authenticate(played.seats[0]!.token)).rejects.toMatchObject({ status: 401 });
    });
  });
}
