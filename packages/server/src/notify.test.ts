/**
 * Webhooks (a POST to the seat's URL when its turn comes, none to others, no secrets), turn
 * deadlines on an injected clock (a reminder once; or the server plays the absent seat until
 * the turn passes), and replaying stored games after a rules fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineGame } from '@sandtable/engine';
import { pigRules, type PigAction } from '@sandtable/engine/testing/pig';
import { inlineAi } from './ai-worker.ts';
import { createServer, type SandtableServer } from './app.ts';
import {
  eventually,
  fakeClock,
  http,
  startServer,
  storeVariants,
  webhookReceiver,
  type TestStore,
} from './test-support.ts';

const HOUR = 3_600_000;

for (const variant of storeVariants()) {
  describe(`notifications and records on ${variant.name}`, () => {
    let store: TestStore;
    let server: SandtableServer;
    let url: string;
    let hook: Awaited<ReturnType<typeof webhookReceiver>>;
    const clock = fakeClock();

    beforeAll(async () => {
      store = await variant.open();
      hook = await webhookReceiver();
      ({ server, url } = await startServer(store.repo, {
        clock,
        ai: inlineAi,
        webhook: { tries: 2, backoffMs: 10, timeoutMs: 2000 },
      }));
    });
    afterAll(async () => {
      await server?.close();
      await hook?.close();
      await store?.cleanup();
    });

    const view = async (gameId: string, token: string) =>
      (await http(url, 'GET', `/api/games/${gameId}`, { token })).body;
    const act = (gameId: string, token: string, version: number, action: PigAction) =>
      http(url, 'POST', `/api/games/${gameId}/actions`, { token, body: { version, action } });

    /** Plays seat a until the turn passes to b (roll once, hold if the roll scored). */
    async function passTurn(gameId: string, ta: string): Promise<void> {
      let v = await view(gameId, ta);
      v = (await act(gameId, ta, v.version, { type: 'roll' })).body;
      if (v.summary.turnRole === 'a') await act(gameId, ta, v.version, { type: 'hold' });
    }

    it('POSTs to the seat whose turn it becomes, with no token in the body', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: {
            game: 'pig',
            seats: { a: { kind: 'human', webhook: `${hook.url}/a` }, b: { kind: 'human', webhook: `${hook.url}/b` } },
          },
        })
      ).body;
      const [ta, tb] = created.seats.map((s: { token: string }) => s.token);
      await eventually(() => hook.received.some((r) => r.path === '/a'), 5000, 'first turn webhook');
      const first = hook.received.find((r) => r.path === '/a')!;
      expect(first.body).toMatchObject({
        event: 'your-turn',
        gameId: created.gameId,
        role: 'a',
        version: 0,
        turnRole: 'a',
      });
      await passTurn(created.gameId, ta);
      await eventually(
        () => hook.received.some((r) => r.path === '/b' && r.body.gameId === created.gameId),
        5000,
        'b webhook',
      );
      const toB = hook.received.find((r) => r.path === '/b' && r.body.gameId === created.gameId)!;
      expect(toB.body.event).toBe('your-turn');
      expect(JSON.stringify(hook.received)).not.toContain(ta);
      expect(JSON.stringify(hook.received)).not.toContain(tb);
      // a seat may change its webhook; a bad URL is refused
      expect(
        (await http(url, 'PUT', `/api/games/${created.gameId}/webhook`, { token: tb, body: { url: 'ftp://x' } }))
          .status,
      ).toBe(400);
      expect(
        (await http(url, 'PUT', `/api/games/${created.gameId}/webhook`, { token: tb, body: { url: null } })).status,
      ).toBe(200);
      expect((await store.repo.getSeats(created.gameId)).find((s) => s.role === 'b')!.webhook).toBeNull();
    });

    it('a deadline sends one reminder when it passes, then none until the next hand-over', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: {
            game: 'pig',
            deadline: { ms: 24 * HOUR, policy: 'remind' },
            seats: { a: { kind: 'human', webhook: `${hook.url}/late` }, b: { kind: 'human' } },
          },
        })
      ).body;
      const v0 = await view(created.gameId, created.seats[0].token);
      expect(v0.summary.deadlineAt).toBe(clock.now() + 24 * HOUR);
      const reminders = () => hook.received.filter((r) => r.path === '/late' && r.body.event === 'deadline').length;
      await server.service.tick();
      expect(reminders()).toBe(0);
      clock.advance(24 * HOUR + 1);
      expect(await server.service.tick()).toBeGreaterThanOrEqual(1);
      await eventually(() => reminders() === 1, 5000, 'deadline webhook');
      await server.service.tick();
      await server.notifier.idle();
      expect(reminders()).toBe(1);
      expect((await store.repo.getGame(created.gameId))!.deadlineDone).toBe(1);
    });

    it('with policy "ai" the server plays the absent seat until the turn passes', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: {
            game: 'pig',
            deadline: { ms: HOUR, policy: 'ai' },
            seats: { a: { kind: 'human' }, b: { kind: 'human' } },
          },
        })
      ).body;
      clock.advance(HOUR);
      await server.service.tick();
      await eventually(async () => (await store.repo.getGame(created.gameId))!.turnRole !== 'a', 5000, 'turn passed');
      const rows = await store.repo.actions(created.gameId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.role === 'a')).toBe(true);
      // b is not played for: its turn started now
      await new Promise((r) => setTimeout(r, 50));
      expect((await store.repo.actions(created.gameId)).length).toBe(rows.length);
    });

    it('replays a stored game under fixed rules and names the first divergent action', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: { game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'human' } } },
        })
      ).body;
      const tokens: Record<string, string> = { a: created.seats[0].token, b: created.seats[1].token };
      let firstHold = 0;
      for (let i = 0; i < 40 && !firstHold; i++) {
        const turn = (await view(created.gameId, tokens.a!)).summary.turnRole as string;
        const v = await view(created.gameId, tokens[turn]!);
        const hold = v.view.actions.some((a: PigAction) => a.type === 'hold');
        const r = await act(created.gameId, tokens[turn]!, v.version, hold ? { type: 'hold' } : { type: 'roll' });
        if (hold) firstHold = r.body.version;
      }
      expect(firstHold).toBeGreaterThan(0);
      const same = await server.service.replayCheck(created.gameId);
      expect(same).toMatchObject({ ok: true, firstDivergence: null });
      // "A rules fix": holding now also writes a log line, so the state after the first hold differs.
      const fixed = defineGame({
        ...pigRules,
        perform(ctx, g, role, action) {
          pigRules.perform(ctx, g, role, action);
          if (action.type === 'hold') ctx.log(`${role} banks`);
        },
      });
      const patched = await createServer({ repo: await store.reopen(), catalog: { pig: { game: fixed } } });
      const report = await patched.service.replayCheck(created.gameId);
      expect(report.ok).toBe(false);
      expect(report.firstDivergence!.seq).toBe(firstHold);
      expect(report.firstDivergence!.reason).toMatch(new RegExp(`state after action ${firstHold} differs`));
      await patched.close();
    });
  });
}
