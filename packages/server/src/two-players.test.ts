/**
 * The "done" scenario at the protocol level, for every listed game: two players play
 * against each other through the server, each on their own WebSocket; one closes, the server
 * restarts, a (simulated) day passes, and the player comes back with the invite token to the
 * same position, and play goes on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { createServer, type SandtableServer } from './app.ts';
import { fakeClock, http, storeVariants, WsClient, type TestStore } from './test-support.ts';

const DAY = 86_400_000;

for (const variant of storeVariants()) {
  for (const [gameId, { game }] of Object.entries(catalog))
    describe(`two players, ${gameId}, on ${variant.name}`, () => {
      let store: TestStore | undefined;
      const servers: SandtableServer[] = [];
      afterAll(async () => {
        for (const s of servers) await s.close().catch(() => undefined);
        await store?.cleanup();
      });

      async function start(clock: ReturnType<typeof fakeClock>): Promise<string> {
        const repo = servers.length ? await store!.reopen() : store!.repo;
        const s = await createServer({ repo, catalog, clock, seed: () => 'two-browsers' });
        servers.push(s);
        return s.listen(0);
      }

      /** The seat on move plays its first legal action over its socket. */
      async function step(players: Record<string, { ws: WsClient; token: string }>): Promise<number> {
        const anyone = Object.values(players)[0]!;
        const last = anyone.ws.messages.filter((m) => m.type === 'view').at(-1);
        const mover = players[last.summary.turnRole as string]!;
        const mine = await mover.ws.waitFor((m) => m.type === 'view' && m.version === last.version);
        const from = mover.ws.messages.length;
        mover.ws.send({ type: 'action', token: mover.token, version: mine.version, action: mine.view.actions[0] });
        const ack = await mover.ws.waitFor((m) => m.type === 'ack' || m.type === 'refused', 10_000, from);
        expect(ack.type, JSON.stringify(ack).slice(0, 300)).toBe('ack');
        for (const p of Object.values(players))
          await p.ws.waitFor((m) => m.type === 'view' && m.version === ack.version);
        return ack.version;
      }

      it('plays, one player leaves, the server restarts, and a day later they resume at the same position', async () => {
        store = await variant.open();
        const clock = fakeClock();
        let url = await start(clock);
        const [r1, r2] = game.rules.roles as string[];
        const created = await http(url, 'POST', '/api/games', {
          body: {
            game: gameId,
            seats: { [r1!]: { kind: 'human', name: 'Anna' }, [r2!]: { kind: 'human', name: 'Bruno' } },
          },
        });
        expect(created.status).toBe(201);
        const tokens = Object.fromEntries(
          created.body.seats.map((s: { role: string; token: string }) => [s.role, s.token]),
        ) as Record<string, string>;
        const players: Record<string, { ws: WsClient; token: string }> = {};
        for (const role of [r1!, r2!]) {
          players[role] = { ws: await WsClient.connect(url), token: tokens[role]! };
          players[role]!.ws.send({ type: 'subscribe', token: tokens[role] });
          await players[role]!.ws.waitFor((m) => m.type === 'view');
        }
        let version = 0;
        for (let i = 0; i < 12; i++) version = await step(players);
        const leaving = players[r2!]!;
        const before = leaving.ws.messages.filter((m) => m.type === 'view').at(-1);
        expect(before.version).toBe(version);
        leaving.ws.close();
        players[r1!]!.ws.close();
        await servers[0]!.close();

        clock.advance(DAY);
        url = await start(clock);
        const back = await WsClient.connect(url);
        back.send({ type: 'subscribe', token: tokens[r2!] });
        const again = await back.waitFor((m) => m.type === 'view');
        expect(again.version).toBe(version);
        expect(again.role).toBe(r2);
        expect(again.view).toEqual(before.view);
        const other = await WsClient.connect(url);
        other.send({ type: 'subscribe', token: tokens[r1!] });
        await other.waitFor((m) => m.type === 'view');
        const next = await step({
          [r1!]: { ws: other, token: tokens[r1!]! },
          [r2!]: { ws: back, token: tokens[r2!]! },
        });
        expect(next).toBe(version + 1);
        back.close();
        other.close();
      });
    });
}
