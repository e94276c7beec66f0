/**
 * kill -9 under load: the real server runs as a child process on a loopback port; concurrent
 * clients play several games; the process is SIGKILLed mid-load and started again on the same
 * store. Every action the server acknowledged must be in the log, with the same role and
 * action, and the stored state hashes must equal a fresh replay of the log. Loops are bounded
 * in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { stateHash } from './hash.ts';
import { pig } from './testing.ts';
import { recordOf } from './live.ts';
import { http, storeVariants, type Reply, type TestStore } from './test-support.ts';
import { spawnServer } from './child.ts';

const GAMES = 8;
const MAX_ACTIONS_PER_CLIENT = 400;
const KILL_AFTER_ACKS = 150;
const LOAD_TIME_LIMIT_MS = 20_000;

interface Acked {
  gameId: string;
  version: number;
  role: string;
  action: unknown;
}

/** Starts the server on the test store; resolves with its URL once it listens. */
function startChild(store: TestStore): Promise<{ child: ChildProcess; url: string }> {
  return spawnServer(
    ['--port', '0', '--host', '127.0.0.1', '--test-games', '--quiet', ...store.child.args],
    store.child.databaseUrl,
  );
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/** One client: plays one game's both seats as fast as the server acknowledges. */
async function playUntilStopped(
  url: string,
  game: { gameId: string; tokens: Record<string, string> },
  acked: Acked[],
  stop: () => boolean,
): Promise<void> {
  let version = 0;
  let turn = 'a';
  for (let i = 0; i < MAX_ACTIONS_PER_CLIENT && !stop(); i++) {
    const token = game.tokens[turn]!;
    const action = i % 4 === 3 ? { type: 'hold' } : { type: 'roll' };
    let r: Reply;
    try {
      r = await http(url, 'POST', `/api/games/${game.gameId}/actions`, { token, body: { version, action } });
    } catch {
      return; // the server died: this request was never acknowledged
    }
    if (r.status === 200) {
      acked.push({ gameId: game.gameId, version: r.body.version, role: turn, action });
    } else if (r.status !== 422) {
      throw new Error(`unexpected ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    const v = r.status === 200 ? r.body : r.body.view;
    version = v.version;
    turn = v.summary.turnRole;
  }
}

for (const variant of storeVariants()) {
  describe(`kill -9 during load on ${variant.name}`, () => {
    const children: ChildProcess[] = [];
    let store: TestStore | undefined;
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await store?.cleanup();
    });

    it('keeps every acknowledged action, and the log replays to the stored hashes', async () => {
      store = await variant.open();
      const first = await startChild(store);
      children.push(first.child);
      const games = [];
      for (let i = 0; i < GAMES; i++) {
        const r = await http(first.url, 'POST', '/api/games', {
          body: { game: 'pig', options: { target: 100_000 }, seats: { a: { kind: 'human' }, b: { kind: 'human' } } },
        });
        expect(r.status).toBe(201);
        games.push({
          gameId: r.body.gameId as string,
          tokens: Object.fromEntries(r.body.seats.map((s: { role: string; token: string }) => [s.role, s.token])),
        });
      }
      const acked: Acked[] = [];
      const started = Date.now();
      let killed = false;
      const stop = () => killed || Date.now() - started > LOAD_TIME_LIMIT_MS;
      const load = Promise.all(games.map((g) => playUntilStopped(first.url, g, acked, stop)));
      while (acked.length < KILL_AFTER_ACKS && Date.now() - started < LOAD_TIME_LIMIT_MS)
        await new Promise((r) => setTimeout(r, 5));
      first.child.kill('SIGKILL');
      killed = true;
      await load;
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

      const second = await startChild(store);
      children.push(second.child);
      const repo = await store.reopen();
      for (const g of games) {
        const rows = await repo.actions(g.gameId);
        const bySeq = new Map(rows.map((r) => [r.seq, r]));
        for (const a of acked.filter((x) => x.gameId === g.gameId)) {
          const row = bySeq.get(a.version);
          expect(row, `acknowledged action ${g.gameId}#${a.version} is in the log`).toBeDefined();
          expect(row!.role).toBe(a.role);
          expect(JSON.parse(row!.action)).toEqual(a.action);
        }
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
        const record = recordOf((await repo.getGame(g.gameId))!, rows);
        let state = pig.replay(record, 0);
        for (const r of rows) {
          state = pig.apply(state, r.role, JSON.parse(r.action));
          expect(stateHash(state)).toBe(r.stateHash);
        }
        // the restarted server serves the same position and takes the next action
        const v = (await http(second.url, 'GET', `/api/games/${g.gameId}`, { token: g.tokens.a! })).body;
        expect(v.version).toBe(rows.length);
        const turn = v.summary.turnRole as string;
        const mine = (await http(second.url, 'GET', `/api/games/${g.gameId}`, { token: g.tokens[turn]! })).body;
        const next = await http(second.url, 'POST', `/api/games/${g.gameId}/actions`, {
          token: g.tokens[turn]!,
          body: { version: mine.version, action: mine.view.actions[0] },
        });
        expect(next.status).toBe(200);
      }
      second.child.kill('SIGTERM');
      await exited(second.child);
    });
  });
}
