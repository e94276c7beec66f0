/**
 * The server as the authority, against every store: seats and tokens, views per role over
 * HTTP and WebSocket, optimistic concurrency, and every kind of refused request (4xx, a clear
 * message, and nothing changed in memory or in the store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestGames } from '@sandtable/ai/testing';
import { OBSERVER } from '@sandtable/engine';
import { createServer } from './app.ts';
import { inlineAi } from './ai-worker.ts';
import { stateHash } from './hash.ts';
import { pig, pigCatalog } from './testing.ts';
import { MIGRATIONS } from './db/migrations.ts';
import { http, startServer, storeVariants, WsClient, eventually, type TestStore } from './test-support.ts';
import type { SandtableServer } from './app.ts';
import type { CreatedGame } from './service.ts';

registerTestGames(); // the in-process AI seats search Pig with its hooks

const twoHumans = { game: 'pig', seats: { a: { kind: 'human', name: 'Ann' }, b: { kind: 'human', name: 'Bob' } } };

for (const variant of storeVariants()) {
  describe(`server API on ${variant.name}`, () => {
    let store: TestStore;
    let server: SandtableServer;
    let url: string;

    beforeAll(async () => {
      store = await variant.open();
      ({ server, url } = await startServer(store.repo, { ai: inlineAi }));
    });
    afterAll(async () => {
      await server?.close();
      await store?.cleanup();
    });

    async function newGame(body: unknown = twoHumans): Promise<CreatedGame & { ta: string; tb: string }> {
      const r = await http(url, 'POST', '/api/games', { body });
      expect(r.status).toBe(201);
      const g = r.body as CreatedGame;
      return { ...g, ta: g.seats.find((s) => s.role === 'a')!.token!, tb: g.seats.find((s) => s.role === 'b')!.token! };
    }
    const act = (g: { gameId: string }, token: string, body: unknown) =>
      http(url, 'POST', `/api/games/${g.gameId}/actions`, { token, body });
    const stored = async (gameId: string) => (await store.repo.actions(gameId)).length;

    /** Asserts a refusal: status, code, a message naming the problem, and no change anywhere. */
    async function refused(
      g: { gameId: string; ta: string },
      r: { status: number; body: any },
      status: number,
      code: string,
      words: RegExp,
    ) {
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(words);
      const before = await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta });
      expect(before.body.version).toBe(await stored(g.gameId));
    }

    it('lists the catalog and creates a game with a secret token per human seat and a spectator token', async () => {
      const cat = await http(url, 'GET', '/api/catalog');
      expect(cat.body.games.map((x: { id: string }) => x.id)).toEqual(['pig']);
      const g = await newGame();
      expect(g.version).toBe(0);
      expect(g.ta).toMatch(/^[\w-]{32}$/);
      expect(g.tb).not.toBe(g.ta);
      expect(g.spectatorToken).toMatch(/^[\w-]{32}$/);
      const row = await store.repo.getGame(g.gameId);
      expect(JSON.stringify(row)).not.toContain(g.ta); // only hashes are stored
    });

    it('gives each seat its own view (own secret only) and the spectator the observer view', async () => {
      const g = await newGame();
      const state = pig.replay(pig.newRecord((await store.repo.getGame(g.gameId))!.seed));
      const a = await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta });
      const b = await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.tb });
      const s = await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.spectatorToken });
      expect(a.body.view).toEqual(pig.view(state, 'a'));
      expect(b.body.view).toEqual(pig.view(state, 'b'));
      expect(s.body.view).toEqual(pig.view(state, OBSERVER));
      expect(a.body.view.game.secret).toBe(state.game.secrets.a);
      expect(s.body.view.game.secret).toBeNull();
      expect(s.body.view.actions).toEqual([]);
      expect(JSON.stringify(a.body)).not.toContain("b's secret");
      expect(a.body.summary.seats.map((x: { name: string }) => x.name)).toEqual(['Ann', 'Bob']);
    });

    it("accepts a legal action, stores it, and pushes each subscriber its own role's view", async () => {
      const g = await newGame();
      const wa = await WsClient.connect(url);
      const wb = await WsClient.connect(url);
      wa.send({ type: 'subscribe', token: g.ta });
      wb.send({ type: 'subscribe', token: g.tb });
      await wa.waitFor((m) => m.type === 'view' && m.version === 0);
      await wb.waitFor((m) => m.type === 'view' && m.version === 0);
      wa.send({ type: 'action', id: 'r1', token: g.ta, version: 0, action: { type: 'roll' } });
      const ack = await wa.waitFor((m) => m.type === 'ack');
      expect(ack).toMatchObject({ id: 'r1', version: 1, gameId: g.gameId });
      const vb = await wb.waitFor((m) => m.type === 'view' && m.version === 1);
      expect(vb.role).toBe('b');
      expect(vb.view.role).toBe('b');
      expect(vb.view.log.some((l: { to?: string[] }) => l.to?.includes('a'))).toBe(false);
      expect(await stored(g.gameId)).toBe(1);
      const rows = await store.repo.actions(g.gameId);
      expect(JSON.parse(rows[0]!.action)).toEqual({ type: 'roll' });
      wa.close();
      wb.close();
    });

    it('refuses malformed, oversized, unauthenticated and forged requests with 4xx, changing nothing', async () => {
      const g = await newGame();
      await refused(
        g,
        await http(url, 'POST', `/api/games/${g.gameId}/actions`, { token: g.ta, raw: '{"version":0,' }),
        400,
        'malformed',
        /JSON/i,
      );
      await refused(
        g,
        await act(g, g.ta, { version: 0, action: { type: 'roll', pad: 'x'.repeat(70_000) } }),
        413,
        'too-large',
        /too large/,
      );
      await refused(g, await act(g, '', { version: 0, action: { type: 'roll' } }), 401, 'unauthorized', /token/);
      await refused(
        g,
        await act(g, 'A'.repeat(32), { version: 0, action: { type: 'roll' } }),
        401,
        'unauthorized',
        /unknown token/,
      );
      const other = await newGame();
      await refused(
        g,
        await act(g, other.ta, { version: 0, action: { type: 'roll' } }),
        403,
        'forbidden',
        /another game/,
      );
      await refused(
        g,
        await act(g, g.spectatorToken, { version: 0, action: { type: 'roll' } }),
        403,
        'forbidden',
        /spectator/,
      );
      await refused(
        g,
        await act(g, g.tb, { version: 0, action: { type: 'roll' }, role: 'a' }),
        403,
        'forbidden',
        /seat "b".*cannot act as "a"/,
      );
      await refused(
        g,
        await act(g, g.tb, { version: 0, action: { type: 'roll' } }),
        403,
        'not-your-turn',
        /not b's decision/i,
      );
      await refused(
        g,
        await act(g, g.ta, { version: 0, action: { type: 'hold' } }),
        422,
        'illegal',
        /hold only after rolling/,
      );
      await refused(g, await act(g, g.ta, { version: 0, action: { type: 'fly' } }), 422, 'illegal', /illegal action/);
      await refused(
        g,
        await act(g, g.ta, { version: 0, action: 'roll' }),
        400,
        'malformed',
        /"action" must be an object/,
      );
      await refused(g, await act(g, g.ta, { action: { type: 'roll' } }), 400, 'malformed', /"version"/);
      await refused(
        g,
        await act(g, g.ta, { version: 7, action: { type: 'roll' } }),
        409,
        'stale',
        /version 7.*version 0/,
      );
      await refused(
        g,
        await http(url, 'POST', '/api/games', { body: { game: 'chess', seats: {} } }),
        400,
        'malformed',
        /unknown game "chess"/,
      );
      await refused(
        g,
        await http(url, 'POST', '/api/games', { body: { game: 'pig', seats: { a: { kind: 'human' } } } }),
        400,
        'malformed',
        /exactly the roles a, b/,
      );
      await refused(
        g,
        await http(url, 'POST', '/api/games', { body: { ...twoHumans, options: { target: 'x' } } }),
        400,
        'malformed',
        /option "target"/,
      );
      await refused(
        g,
        await http(url, 'POST', '/api/games', { body: { game: 'pig', seats: { a: null, b: { kind: 'human' } } } }),
        400,
        'malformed',
        /seat a: must be an object/,
      );
      await refused(
        g,
        await http(url, 'POST', '/api/games', {
          body: { game: 'pig', seats: { a: { kind: 'robot' }, b: { kind: 'human' } } },
        }),
        400,
        'malformed',
        /kind must be/,
      );
      await refused(g, await http(url, 'POST', '/api/games', { raw: '[1,2]' }), 400, 'malformed', /JSON object/);
      expect(await stored(g.gameId)).toBe(0);
    });

    it('refuses the same over WebSocket; a message above 64 KiB closes the socket', async () => {
      const g = await newGame();
      const w = await WsClient.connect(url);
      w.send('not json');
      expect(await w.waitFor((m) => m.type === 'refused')).toMatchObject({ status: 400, error: { code: 'malformed' } });
      w.send({ type: 'action', id: 'x', token: g.tb, version: 0, action: { type: 'roll' } });
      expect(await w.waitFor((m) => m.id === 'x')).toMatchObject({
        type: 'refused',
        status: 403,
        error: { code: 'not-your-turn' },
      });
      w.send({ type: 'action', id: 'y', token: 'B'.repeat(40), version: 0, action: { type: 'roll' } });
      expect(await w.waitFor((m) => m.id === 'y')).toMatchObject({ type: 'refused', status: 401 });
      w.send({ type: 'launch' });
      expect(
        (await w.waitFor((m) => m.type === 'refused' && /unknown message type/.test(m.error.message))).status,
      ).toBe(400);
      w.send('x'.repeat(70_000));
      expect(await w.waitClosed()).toBe(1009);
      expect(await stored(g.gameId)).toBe(0);
    });

    it('a stale action gets 409 and the fresh view; of two racing actions exactly one wins', async () => {
      const g = await newGame();
      const [r1, r2] = await Promise.all([
        act(g, g.ta, { version: 0, action: { type: 'roll' } }),
        act(g, g.ta, { version: 0, action: { type: 'roll' } }),
      ]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      const lost = r1.status === 409 ? r1 : r2;
      expect(lost.body.error.code).toBe('stale');
      expect(lost.body.view.version).toBe(1);
      expect(lost.body.view.view.role).toBe('a');
      expect(await stored(g.gameId)).toBe(1);
    });

    it('a second server on the same store is kept honest by the store: the loser of a race is refused', async () => {
      const g = await newGame();
      await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta });
      const repo2 = await store.reopen();
      const second = await createServer({ repo: repo2, catalog: pigCatalog });
      const url2 = await second.listen(0);
      await http(url2, 'GET', `/api/games/${g.gameId}`, { token: g.ta }); // both now cache version 0
      expect((await act(g, g.ta, { version: 0, action: { type: 'roll' } })).status).toBe(200);
      const r = await http(url2, 'POST', `/api/games/${g.gameId}/actions`, {
        token: g.ta,
        body: { version: 0, action: { type: 'roll' } },
      });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('stale');
      expect(r.body.view.version).toBe(1);
      expect(await stored(g.gameId)).toBe(1);
      await second.close();
    });

    it('comes back after a restart to the same position (state hash equal to the stored one)', async () => {
      const g = await newGame();
      let version = 0;
      for (let i = 0; i < 12; i++) {
        const v = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).body;
        const token = v.summary.turnRole === 'a' ? g.ta : g.tb;
        const mine = (await http(url, 'GET', `/api/games/${g.gameId}`, { token })).body;
        const choice =
          mine.view.actions.find((a: { type: string }) => a.type === (i % 3 === 2 ? 'hold' : 'roll')) ??
          mine.view.actions[0];
        const r = await act(g, token, { version: mine.version, action: choice });
        expect(r.status).toBe(200);
        version = r.body.version;
      }
      const before = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.tb })).body;
      const repo2 = await store.reopen();
      const restarted = await createServer({ repo: repo2, catalog: pigCatalog });
      const url2 = await restarted.listen(0);
      const after = (await http(url2, 'GET', `/api/games/${g.gameId}`, { token: g.tb })).body;
      expect(after.version).toBe(version);
      expect(after.view).toEqual(before.view);
      const live = await restarted.service.get(g.gameId);
      const rows = await repo2.actions(g.gameId);
      expect(stateHash(live.state)).toBe(rows.at(-1)!.stateHash);
      const snap = (await repo2.latestSnapshot(g.gameId))!; // the last hand-over's, loaded on the cold start
      expect(snap.seq).toBeGreaterThan(0);
      expect(stateHash(JSON.parse(snap.state))).toBe(rows[snap.seq - 1]!.stateHash);
      await restarted.close();
    });

    it('AI seats move by themselves until a human must decide; AI-only games run to the end', async () => {
      const g = await newGame({ game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'ai', ai: 'random' } } });
      const w = await WsClient.connect(url);
      w.send({ type: 'subscribe', token: g.ta });
      await w.waitFor((m) => m.type === 'view');
      let v = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).body;
      for (let i = 0; i < 60 && v.summary.turnRole === 'a'; i++) {
        const a = v.view.actions.find((x: { type: string }) => x.type === 'hold') ?? v.view.actions[0];
        v = (await act(g, g.ta, { version: v.version, action: a })).body;
      }
      // b (AI) is on move or done: wait until it hands back to a (or the game ends)
      const back = await w.waitFor(
        (m) =>
          m.type === 'view' && m.version > v.version && (m.summary.turnRole === 'a' || m.summary.status === 'finished'),
        15_000,
      );
      const rows = await store.repo.actions(g.gameId);
      expect(rows.some((r) => r.role === 'b')).toBe(true);
      expect(back.version).toBe(rows.length);
      w.close();

      const bots = await newGame({
        game: 'pig',
        scenario: 'short',
        seats: { a: { kind: 'ai' }, b: { kind: 'ai', ai: 'greedy' } },
      });
      const s = await WsClient.connect(url);
      s.send({ type: 'subscribe', token: bots.spectatorToken });
      const end = await s.waitFor((m) => m.type === 'view' && m.summary.status === 'finished', 30_000);
      expect(end.view.outcome.winner).toMatch(/^[ab]$/);
      s.close();
    });

    it('exports a finished game as a record that replays to the stored hash; not before the end', async () => {
      const g = await newGame({ game: 'pig', scenario: 'short', seats: { a: { kind: 'human' }, b: { kind: 'ai' } } });
      const early = await http(url, 'GET', `/api/games/${g.gameId}/record`, { token: g.ta });
      expect(early.status).toBe(409);
      expect(early.body.error.message).toMatch(/reveal hidden information/);
      for (let i = 0; i < 400; i++) {
        const v = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).body;
        if (v.summary.status === 'finished') break;
        if (v.summary.turnRole !== 'a') {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        await act(g, g.ta, { version: v.version, action: v.view.actions[0] });
      }
      const rec = await http(url, 'GET', `/api/games/${g.gameId}/record`, { token: g.spectatorToken });
      expect(rec.status).toBe(200);
      const rows = await store.repo.actions(g.gameId);
      expect(rec.body.actions).toHaveLength(rows.length);
      expect(stateHash(pig.replay(rec.body))).toBe(rows.at(-1)!.stateHash);
      const check = await http(url, 'GET', `/api/games/${g.gameId}/replay-check`, { token: g.ta });
      expect(check.body).toMatchObject({ ok: true, firstDivergence: null, actions: rows.length });
    });

    it('the lobby lists the games of the tokens a browser holds, own turns first', async () => {
      const g1 = await newGame();
      const g2 = await newGame();
      await act(g2, g2.ta, { version: 0, action: { type: 'roll' } });
      const r = await http(url, 'POST', '/api/lobby', { body: { tokens: [g1.tb, g2.ta, 'C'.repeat(32)] } });
      expect(r.status).toBe(200);
      expect(
        r.body.games.map((x: { gameId: string; role: string; yourTurn: boolean }) => [x.gameId, x.role, x.yourTurn]),
      ).toEqual([
        [g2.gameId, 'a', true],
        [g1.gameId, 'b', false],
      ]);
      expect(r.body.unknown).toEqual(['C'.repeat(32)]);
      expect((await http(url, 'POST', '/api/lobby', { body: { tokens: 'x' } })).status).toBe(400);
    });

    it('applies migrations once, recording the schema version', async () => {
      const latest = MIGRATIONS.at(-1)!.version;
      expect(await store.repo.migrate()).toBe(latest);
      expect(await store.repo.migrate()).toBe(latest);
    });

    it('presence: a seat shows connected while a socket follows it', async () => {
      const g = await newGame();
      const w = await WsClient.connect(url);
      w.send({ type: 'subscribe', token: g.tb });
      await w.waitFor((m) => m.type === 'view');
      await eventually(
        async () => {
          const v = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).body;
          return v.summary.seats.find((s: { role: string }) => s.role === 'b').connected === true;
        },
        5000,
        'b connected',
      );
      w.close();
      await eventually(
        async () => {
          const v = (await http(url, 'GET', `/api/games/${g.gameId}`, { token: g.ta })).body;
          return v.summary.seats.find((s: { role: string }) => s.role === 'b').connected === false;
        },
        5000,
        'b disconnected',
      );
    });
  });
}
