/**
 * Hardening (security.ts and the routes it guards): response headers and compression, webhooks
 * refused on loopback, private, link-local and metadata addresses (when given, after DNS, and
 * when connecting), a seat's token revoked and reissued, idempotent actions, and a replay-check
 * for seats only, cached per version.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SandtableServer } from './app.ts';
import { pigCatalog } from './testing.ts';
import { isPublicAddress, postJson } from './security.ts';
import { http, startServer, storeVariants, webhookReceiver, WsClient, type TestStore } from './test-support.ts';

const [sqlite] = storeVariants();
const humans = { a: { kind: 'human' }, b: { kind: 'human' } } as const;

describe('hardening', () => {
  let store: TestStore;
  let server: SandtableServer;
  let url: string;

  beforeAll(async () => {
    store = await sqlite!.open();
    ({ server, url } = await startServer(store.repo, { limits: { allowPrivateWebhooks: false } }));
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  const newGame = async () => {
    const g = await server.service.create({ game: 'pig', seats: { ...humans } });
    return { ...g, ta: g.seats[0]!.token!, tb: g.seats[1]!.token! };
  };

  it('sends a strict CSP, nosniff, frame-ancestors none, no referrer, and no-store on /api', async () => {
    const res = await fetch(`${url}/api/catalog`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const g = await newGame();
    const v = await fetch(`${url}/api/games/${g.gameId}`, { headers: { authorization: `Bearer ${g.ta}` } });
    expect(v.headers.get('cache-control')).toBe('no-store');
  });

  it('compresses replies for clients that accept it', async () => {
    const tokens = [];
    for (let i = 0; i < 10; i++) tokens.push((await newGame()).ta);
    const { request } = await import('node:http');
    const payload = JSON.stringify({ tokens });
    const reply = await new Promise<{ enc: string | undefined; body: Buffer }>((resolve, reject) => {
      request(
        `${url}/api/lobby`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ enc: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        },
      )
        .on('error', reject)
        .end(payload);
    });
    expect(reply.enc).toBe('gzip');
    const json = JSON.parse(String(gunzipSync(reply.body)));
    expect(json.games).toHaveLength(10);
    expect(reply.body.length).toBeLessThan(JSON.stringify(json).length / 2);
  });

  it('classifies addresses: only public unicast is allowed', () => {
    for (const a of ['127.0.0.1', '10.0.0.8', '172.16.3.4', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['100.64.0.1', 'fd00:ec2::254', '0.0.0.0', '::ffff:127.0.0.1', '224.0.0.1'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses webhooks on loopback, private, link-local and metadata addresses, by literal or by name', async () => {
    const g = await newGame();
    for (const target of [
      'http://127.0.0.1:9/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      'http://[::1]:8080/',
      'http://localhost:9/', // a name: refused after DNS resolution
    ]) {
      const r = await http(url, 'PUT', `/api/games/${g.gameId}/webhook`, { token: g.ta, body: { url: target } });
      expect(r.status, target).toBe(400);
      expect(r.body.error.message, target).toMatch(/loopback, private, link-local or reserved/);
    }
    const created = await http(url, 'POST', '/api/games', {
      body: { game: 'pig', seats: { a: { kind: 'human', webhook: 'http://169.254.169.254/' }, b: { kind: 'human' } } },
    });
    expect(created.status).toBe(400);
  });

  it('checks again when connecting: a name that resolves to loopback is never posted to', async () => {
    const hook = await webhookReceiver();
    const port = new URL(hook.url).port;
    await expect(
      postJson(`http://localhost:${port}/x`, { a: 1 }, { timeoutMs: 2000, allowPrivate: false }),
    ).rejects.toThrow(/loopback, private, link-local or reserved/);
    await expect(postJson(`${hook.url}/x`, { a: 1 }, { timeoutMs: 2000, allowPrivate: false })).rejects.toThrow(
      /resolves to 127.0.0.1/,
    );
    expect(hook.received).toEqual([]);
    // The operator setting lets tests and home networks use loopback.
    expect(await postJson(`${hook.url}/x`, { a: 1 }, { timeoutMs: 2000, allowPrivate: true })).toBe(200);
    expect(hook.received).toHaveLength(1);
    await hook.close();
  });

  it('revokes a seat token and issues a new one; sockets that followed with the old one are dropped', async () => {
    const g = await newGame();
    const ws = await WsClient.connect(url);
    ws.send({ type: 'subscribe', token: g.ta });
    await ws.waitFor((m) => m.type === 'view');
    const spectator = await http(url, 'POST', `/api/games/${g.gameId}/token`, { token: g.spectatorToken });
    expect(spectator.status).toBe(403);
    const r = await http(url, 'POST', `/api/games/${g.gameId}/token`, { token: g.ta });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ role: 'a', token: expect.any(String) });
    expect(r.body.token).not.toBe(g.ta);
    const revoked = await ws.waitFor((m) => m.type === 'refused' && m.status === 401);
    expect(revoked.error.message).toMatch(/revoked/);
    expect((await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).status).toBe(401);
    const fresh = await http(url, 'GET', `/api/games/${g.gameId}`, { token: r.body.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.role).toBe('a');
    ws.close();
  });

  it('idempotency keys: a retried action returns the first acknowledgement and acts once', async () => {
    const g = await newGame();
    const send = (key: string, version: number) =>
      fetch(`${url}/api/games/${g.gameId}/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${g.ta}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ version, action: { type: 'roll' } }),
      });
    const [one, two] = await Promise.all([send('k-1', 0), send('k-1', 0)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const [b1, b2] = [(await one.json()) as any, (await two.json()) as any];
    expect(b1.version).toBe(1);
    expect(b2.version).toBe(1);
    expect((await store.repo.actions(g.gameId)).length).toBe(1);
    // Later, the same key again: still the first ack, nothing new.
    const again = await send('k-1', 0);
    expect(again.status).toBe(200);
    expect((await store.repo.actions(g.gameId)).length).toBe(1);
    // Over WebSocket too.
    const ws = await WsClient.connect(url);
    const live = await server.service.get(g.gameId);
    const turn = live.row.turnRole === 'a' ? g.ta : g.tb;
    for (const id of [1, 2])
      ws.send({ type: 'action', id, token: turn, version: live.row.version, action: { type: 'roll' }, key: 'w-1' });
    const acks = [await ws.waitFor((m) => m.id === 1), await ws.waitFor((m) => m.id === 2)];
    expect(acks.map((a) => [a.type, a.version])).toEqual([
      ['ack', 2],
      ['ack', 2],
    ]);
    expect((await store.repo.actions(g.gameId)).length).toBe(2);
    const bad = await send('no spaces allowed', 1);
    expect(bad.status).toBe(400);
    ws.close();
  });

  it('replay-check: seats only, and cached per version', async () => {
    const g = await newGame();
    await http(url, 'POST', `/api/games/${g.gameId}/actions`, {
      token: g.ta,
      body: { version: 0, action: { type: 'roll' } },
    });
    const spectator = await http(url, 'GET', `/api/games/${g.gameId}/replay-check`, { token: g.spectatorToken });
    expect(spectator.status).toBe(403);
    const first = server.service.replayCheck(g.gameId);
    const second = server.service.replayCheck(g.gameId);
    expect(await first).toMatchObject({ ok: true, actions: 1, firstDivergence: null });
    expect(await second).toBe(await first); // the same answer object: one replay for one version
    const r = await http(url, 'GET', `/api/games/${g.gameId}/replay-check`, { token: g.ta });
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
  });

  it('replay-check runs in a worker thread when the server knows its catalog modules', async () => {
    const g = await newGame();
    await server.service.submit({ gameId: g.gameId, role: 'a', seat: true }, { version: 0, action: { type: 'roll' } });
    const threaded = await createServer({
      repo: await store.reopen(),
      catalog: pigCatalog,
      catalogModules: [{ url: new URL('./testing.ts', import.meta.url).href, name: 'pigCatalog' }],
    });
    const report = await threaded.service.replayCheck(g.gameId);
    expect(report).toMatchObject({ ok: true, actions: 1, firstDivergence: null });
    expect(report.replayedHash).toBe((await store.repo.actions(g.gameId))[0]!.stateHash);
    await threaded.close();
  });
});
