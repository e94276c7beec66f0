/**
 * Costs per move that do not grow: subscribers get patches that rebuild exactly the view the
 * HTTP API serves at that version, over a compressed socket; and the game cache keeps working
 * when more games are watched than it holds (the entry being added is never the one evicted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandtableServer } from './app.ts';
import { http, startServer, storeVariants, WsClient, type TestStore } from './test-support.ts';

const humans = { a: { kind: 'human' }, b: { kind: 'human' } } as const;

for (const variant of storeVariants()) {
  describe(`updates and the game cache on ${variant.name}`, () => {
    let store: TestStore;
    let server: SandtableServer;
    let url: string;

    beforeAll(async () => {
      store = await variant.open();
      ({ server, url } = await startServer(store.repo, { cacheSize: 5 }));
    });
    afterAll(async () => {
      await server.close();
      await store.cleanup();
    });

    it('pushes patches that rebuild each role the same view as a fresh GET, compressed on the wire', async () => {
      const g = await server.service.create({ game: 'pig', options: { target: 200 }, seats: { ...humans } });
      const tokens: Record<string, string> = {
        a: g.seats[0]!.token!,
        b: g.seats[1]!.token!,
        observer: g.spectatorToken,
      };
      const socket: Record<string, WsClient> = {};
      for (const [role, token] of Object.entries(tokens)) {
        socket[role] = await WsClient.connect(url);
        socket[role].send({ type: 'subscribe', token });
        await socket[role].waitFor((m) => m.type === 'view' && m.gameId === g.gameId);
      }
      expect(socket.a!.ws.extensions).toMatch(/permessage-deflate/);
      let version = 0;
      for (let i = 0; i < 60; i++) {
        const turn = (await server.service.get(g.gameId)).row.turnRole as 'a' | 'b';
        const action = i % 4 === 3 ? { type: 'hold' } : { type: 'roll' };
        socket[turn]!.send({ type: 'action', id: i, token: tokens[turn], version, action });
        const ack = await socket[turn]!.waitFor(
          (m) => (m.type === 'ack' && m.id === i) || (m.type === 'refused' && m.id === i),
        );
        if (ack.type === 'refused') {
          version = ack.view.version;
          continue;
        }
        version = ack.version;
        for (const [role, token] of Object.entries(tokens)) {
          const pushed = await socket[role]!.waitFor((m) => m.type === 'view' && m.version === version);
          const fresh = (await http(url, 'GET', `/api/games/${g.gameId}`, { token })).body;
          expect(pushed.view, `${role} at ${version}`).toEqual(fresh.view);
          expect(pushed.summary).toEqual(fresh.summary);
        }
      }
      expect(version).toBeGreaterThan(30);
      for (const role of Object.keys(tokens)) {
        const raw = socket[role]!.raw.filter((m) => m.type === 'patch' || m.type === 'view');
        const patches = raw.filter((m) => m.type === 'patch');
        expect(patches.length, role).toBeGreaterThan(raw.length - 3);
        // Late patches are no bigger than early ones: the cost per update does not grow.
        const size = (ms: unknown[]) => ms.reduce((n: number, m) => n + JSON.stringify(m).length, 0) / ms.length;
        expect(size(patches.slice(-10)), role).toBeLessThan(1.5 * size(patches.slice(0, 10)) + 200);
        socket[role]!.close();
      }
    });

    it('serves every game when more are watched than the cache holds, and shrinks back when they are left', async () => {
      const watched = [];
      for (let i = 0; i < 12; i++) watched.push(await server.service.create({ game: 'pig', seats: { ...humans } }));
      const ws = await WsClient.connect(url);
      for (const g of watched) {
        ws.send({ type: 'subscribe', token: g.spectatorToken });
        await ws.waitFor((m) => m.type === 'view' && m.gameId === g.gameId);
      }
      expect(server.service.cached).toBeGreaterThanOrEqual(12); // over its limit of 5: every game is pinned
      // Another game, not watched: loaded, served and acted on (this was a 500 when the cache evicted it).
      const other = await server.service.create({ game: 'pig', seats: { ...humans } });
      for (let i = 0; i < 3; i++) {
        const v = await http(url, 'GET', `/api/games/${other.gameId}`, { token: other.seats[0]!.token! });
        expect(v.status).toBe(200);
        const r = await http(url, 'POST', `/api/games/${other.gameId}/actions`, {
          token: other.seats[0]!.token!,
          body: { version: v.body.version, action: { type: 'roll' } },
        });
        expect(r.status).toBe(200);
        if (r.body.summary.turnRole !== 'a') break;
      }
      // Watched games still get their pushes.
      const first = watched[0]!;
      await http(url, 'POST', `/api/games/${first.gameId}/actions`, {
        token: first.seats[0]!.token!,
        body: { version: 0, action: { type: 'roll' } },
      });
      await ws.waitFor((m) => m.type === 'view' && m.gameId === first.gameId && m.version === 1);
      ws.close();
      await new Promise((r) => setTimeout(r, 100));
      await server.service.create({ game: 'pig', seats: { ...humans } });
      expect(server.service.cached).toBeLessThanOrEqual(5);
    });
  });
}
