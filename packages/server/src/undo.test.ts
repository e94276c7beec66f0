/**
 * Online undo (issue 16 item 6), on every store: a seat takes back its own last action within
 * its turn, as far back as the last roll, reveal or hand-over (the engine's undo barrier), and
 * no further; the log loses the action, subscribers get the view as it was, a restart replays
 * to the same position, and (PostgreSQL, two instances) the other instance learns of the undo
 * on the commit bus even when a different action at the same version follows at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defineGame, type GameRules } from '@sandtable/engine';
import { createServer, type SandtableServer } from './app.ts';
import { recordOf } from './live.ts';
import {
  eventually,
  fakeClock,
  GENEROUS_LIMITS,
  http,
  storeVariants,
  WsClient,
  type TestStore,
} from './test-support.ts';

/**
 * Tally: on your turn you may mark (a note in your own tally, no dice), roll a die (added to
 * your tally), or pass. Marks are what undo can take back; a roll and a pass cannot be.
 */
interface Tally {
  marks: Record<string, string[]>;
  rolled: Record<string, number>;
  active: 'a' | 'b';
  turns: number;
}
type TallyAction = { type: 'mark'; what: string } | { type: 'roll' } | { type: 'pass' };
const tallyRules: GameRules<Tally, TallyAction, Tally> = {
  id: 'tally',
  title: 'Tally (undo test game)',
  roles: ['a', 'b'],
  scenarios: [{ id: 'standard', title: 'Standard', description: 'six turns' }],
  options: [],
  setup: () => ({ marks: { a: [], b: [] }, rolled: { a: 0, b: 0 }, active: 'a', turns: 0 }),
  currentDecision: (g) =>
    g.turns >= 6 ? null : { kind: 'turn', role: g.active, rule: 'tally 1', prompt: 'mark, roll or pass' },
  legalActions(g, role) {
    if (g.turns >= 6 || role !== g.active) return [];
    return [{ type: 'mark', what: 'x' }, { type: 'mark', what: 'y' }, { type: 'roll' }, { type: 'pass' }];
  },
  perform(ctx, g, role, a) {
    if (a.type === 'mark') {
      g.marks[role]!.push(a.what);
      ctx.log(`${role} marks ${a.what}`);
    } else if (a.type === 'roll') g.rolled[role]! += ctx.roll(1, `${role} rolls`)[0]!;
    else {
      g.active = g.active === 'a' ? 'b' : 'a';
      g.turns++;
    }
  },
  view: (g) => structuredClone(g),
  outcome: (g) => (g.turns >= 6 ? { winner: null, reason: 'six turns played', rule: 'tally 2' } : null),
};
const tally = defineGame(tallyRules);
const catalog = { tally: { game: tally } };

for (const variant of storeVariants())
  describe(`online undo on ${variant.name}`, () => {
    let store: TestStore | undefined;
    const servers: SandtableServer[] = [];
    const sockets: WsClient[] = [];
    afterAll(async () => {
      for (const ws of sockets) ws.close();
      for (const s of servers) await s.close().catch(() => undefined);
      await store?.cleanup();
    });

    async function start(reopen = false): Promise<string> {
      store ??= await variant.open();
      const repo = reopen ? await store.reopen() : store.repo;
      const s = await createServer({ repo, catalog, clock: fakeClock(), seed: () => 'undo', limits: GENEROUS_LIMITS });
      servers.push(s);
      return s.listen(0, '127.0.0.1');
    }

    async function newGame(url: string): Promise<{ id: string; a: string; b: string; spectator: string }> {
      const r = await http(url, 'POST', '/api/games', {
        body: { game: 'tally', seats: { a: { kind: 'human' }, b: { kind: 'human' } } },
      });
      expect(r.status).toBe(201);
      const tok = (role: string) => r.body.seats.find((s: { role: string }) => s.role === role).token as string;
      return { id: r.body.gameId, a: tok('a'), b: tok('b'), spectator: r.body.spectatorToken };
    }

    const act = (url: string, id: string, token: string, version: number, action: TallyAction) =>
      http(url, 'POST', `/api/games/${id}/actions`, { token, body: { version, action } });
    const undo = (url: string, id: string, token: string, version: unknown) =>
      http(url, 'POST', `/api/games/${id}/undo`, { token, body: { version } });

    it('takes back the seat’s own marks one at a time, back to the last roll, then no further', async () => {
      const url = await start();
      const g = await newGame(url);
      expect((await act(url, g.id, g.a, 0, { type: 'mark', what: 'x' })).status).toBe(200);
      expect((await act(url, g.id, g.a, 1, { type: 'roll' })).status).toBe(200);
      expect((await act(url, g.id, g.a, 2, { type: 'mark', what: 'x' })).status).toBe(200);
      expect((await act(url, g.id, g.a, 3, { type: 'mark', what: 'y' })).status).toBe(200);

      const once = await undo(url, g.id, g.a, 4);
      expect(once.status).toBe(200);
      expect(once.body).toMatchObject({ version: 3, rewound: true });
      expect(once.body.view.game.marks.a).toEqual(['x', 'x']);
      expect(once.body.view.log.map((l: { text: string }) => l.text)).not.toContain('a marks y');
      const twice = await undo(url, g.id, g.a, 3);
      expect(twice.body.view.game.marks.a).toEqual(['x']);
      // the roll at version 2 is a barrier: the mark before it stays
      const third = await undo(url, g.id, g.a, 2);
      expect(third.status).toBe(409);
      expect(third.body.error).toMatchObject({ code: 'undo-refused', rule: 'undo' });
      expect(third.body.error.message).toMatch(/dice were rolled/);
      expect(third.body.view.version).toBe(2);

      const actions = await store!.repo.actions(g.id);
      expect(actions.map((a) => a.seq)).toEqual([1, 2]);
      expect((await store!.repo.getGame(g.id))!.version).toBe(2);
      // play goes on from the position undo left, with another action at the version undone
      expect((await act(url, g.id, g.a, 2, { type: 'mark', what: 'y' })).body.version).toBe(3);
      const check = await http(url, 'GET', `/api/games/${g.id}/replay-check`, { token: g.a });
      expect(check.body).toMatchObject({ ok: true });
    });

    it('refuses another seat’s action, a hand-over, a stale version, a spectator and a malformed version', async () => {
      const url = await start();
      const g = await newGame(url);
      await act(url, g.id, g.a, 0, { type: 'mark', what: 'x' });
      const other = await undo(url, g.id, g.b, 1);
      expect(other.status).toBe(409);
      expect(other.body.error.message).toBe("cannot undo: the last action was a's, not b's");
      expect((await undo(url, g.id, g.a, 0)).body.error.code).toBe('stale');
      expect((await undo(url, g.id, g.spectator, 1)).status).toBe(403);
      expect((await undo(url, g.id, g.a, 'one')).status).toBe(400);
      await act(url, g.id, g.a, 1, { type: 'pass' });
      const passed = await undo(url, g.id, g.a, 2);
      expect(passed.body.error.code).toBe('undo-refused');
      expect(passed.body.error.message).toMatch(/play passed from a to b/);
      expect((await undo(url, g.id, g.b, 2)).body.error.message).toMatch(/the last action was a's/);
      const fresh = await newGame(url);
      expect((await undo(url, fresh.id, fresh.a, 0)).body.error.message).toMatch(/nothing to undo/);
    });

    it('pushes the view as it was to every subscriber, and a restart replays to it', async () => {
      const url = await start();
      const g = await newGame(url);
      const watch = async (token: string) => {
        const ws = await WsClient.connect(url);
        sockets.push(ws);
        ws.send({ type: 'subscribe', token });
        await ws.waitFor((m) => m.type === 'view');
        return ws;
      };
      const [wa, wb] = [await watch(g.a), await watch(g.b)];
      await act(url, g.id, g.a, 0, { type: 'mark', what: 'x' });
      await act(url, g.id, g.a, 1, { type: 'mark', what: 'y' });
      for (const ws of [wa, wb]) await ws.waitFor((m) => m.type === 'view' && m.version === 2);
      const from = new Map([wa, wb].map((ws) => [ws, ws.messages.length]));
      expect((await undo(url, g.id, g.a, 2)).status).toBe(200);
      for (const ws of [wa, wb]) {
        const m = await ws.waitFor((x) => x.type === 'view' && x.version === 1, 10_000, from.get(ws));
        expect(m.view.game.marks.a).toEqual(['x']);
        expect(m.rewound, 'marked: it replaces a view of a later version').toBe(true);
        expect(m.view.log.map((l: { text: string }) => l.text)).toEqual(['a marks x']);
      }
      const url2 = await start(true);
      const again = await http(url2, 'GET', `/api/games/${g.id}`, { token: g.b });
      expect(again.body.version).toBe(1);
      expect(again.body.view.game.marks.a).toEqual(['x']);
      const row = (await store!.repo.getGame(g.id))!;
      expect(tally.replay(recordOf(row, await store!.repo.actions(g.id))).game.marks.a).toEqual(['x']);
    });

    if (variant.name === 'postgres')
      it('another instance learns of the undo on the commit bus, even when a new action follows at once', async () => {
        const urlA = await start();
        const urlB = await start(true);
        const g = await newGame(urlA);
        await act(urlA, g.id, g.a, 0, { type: 'mark', what: 'x' });
        const onB = await WsClient.connect(urlB);
        sockets.push(onB);
        onB.send({ type: 'subscribe', token: g.b });
        await onB.waitFor((m) => m.type === 'view' && m.version === 1);
        expect((await undo(urlA, g.id, g.a, 1)).status).toBe(200);
        expect((await act(urlA, g.id, g.a, 0, { type: 'mark', what: 'y' })).status).toBe(200);
        // B's copy held "x" at version 1; the store now has "y" there
        await eventually(async () => {
          const v = await http(urlB, 'GET', `/api/games/${g.id}`, { token: g.b });
          return v.body.version === 1 && v.body.view.game.marks.a[0] === 'y';
        });
        const last = await onB.waitFor((m) => m.type === 'view' && m.view.game.marks.a[0] === 'y');
        expect(last.version).toBe(1);
        // and B takes the next action from the right position
        expect((await act(urlB, g.id, g.a, 1, { type: 'mark', what: 'x' })).body.view.game.marks.a).toEqual(['y', 'x']);
      });
  });
