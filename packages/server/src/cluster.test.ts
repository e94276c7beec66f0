/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: the real server
 * binary twice, on two loopback ports, on one throwaway schema. Two humans play one game, each
 * through a different instance; a human plays an AI seat in a second game. Each instance in turn
 * is killed with SIGKILL mid-game, right after acknowledging a move; its clients reconnect to
 * the other instance (and to a restarted one). Checked throughout: every move reaches the other
 * instance's subscriber as a push at exactly that version, a GET on either instance never
 * serves an older version than one acknowledged, the AI seat keeps playing after the instance
 * that played it dies, and every acknowledged action is in the log, which replays to the stored
 * hashes.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stateHash } from './hash.ts';
import { spawnServer } from './child.ts';
import { committed, parseEvent, rewound, seatsChanged } from './db/bus.ts';
import type { PostgresRepository } from './db/postgres.ts';
import { PgAdvisoryClaims } from './lease.ts';
import { recordOf } from './live.ts';
import { pig } from './testing.ts';
import { inlineAi } from './ai-worker.ts';
import type { SandtableServer } from './app.ts';
import { http, startServer, storeVariants, WsClient, type TestStore } from './test-support.ts';

/** How often a test instance looks for AI seats left by a dead one. */
const AI_SCAN_MS = 200;
/** The longest wait for one message (generous: CI runs many suites at once on few cores). */
const WAIT_MS = 20_000;

interface Acked {
  gameId: string;
  version: number;
  role: string;
  action: { type: string };
}

/** One seat's client: a WebSocket to one instance, following one game. */
class SeatClient {
  ws: WsClient | null = null;
  url = '';
  private nextId = 1;

  constructor(
    readonly gameId: string,
    readonly role: string,
    readonly token: string,
    private readonly acked: Acked[],
  ) {}

  /** (Re)connects to an instance, as a load balancer sends a reconnecting client anywhere. */
  async connect(url: string): Promise<void> {
    this.ws?.close();
    this.url = url;
    this.ws = await WsClient.connect(url);
    this.ws.send({ type: 'subscribe', token: this.token });
    await this.pushed(0);
  }

  /** The first view pushed on this socket at `version` or later (versions on one socket never go back). */
  async pushed(version: number, pred: (m: any) => boolean = () => true): Promise<any> {
    const ws = this.ws!;
    const m = await ws.waitFor(
      (x) => x.type === 'view' && x.gameId === this.gameId && x.version >= version && pred(x),
      WAIT_MS,
    );
    const versions = ws.messages.filter((x) => x.type === 'view' && x.gameId === this.gameId).map((x) => x.version);
    expect(versions, `${this.role}'s pushes never go back a version`).toEqual([...versions].sort((a, b) => a - b));
    return m;
  }

  /** What a plain GET on this client's instance serves now. */
  async get(): Promise<any> {
    const r = await http(this.url, 'GET', `/api/games/${this.gameId}`, { token: this.token });
    expect(r.status).toBe(200);
    return r.body;
  }

  async act(version: number, action: { type: string }): Promise<any> {
    const id = this.nextId++;
    this.ws!.send({ type: 'action', id, token: this.token, version, action });
    const m = await this.ws!.waitFor((x) => (x.type === 'ack' || x.type === 'refused') && x.id === id, WAIT_MS);
    if (m.type !== 'ack') throw new Error(`${this.role} at ${version}: ${JSON.stringify(m).slice(0, 300)}`);
    this.acked.push({ gameId: this.gameId, version: m.version, role: this.role, action });
    return m;
  }

  /** One Pig turn: roll, then hold once there is a turn total (a 1 ends the turn at once). Returns the last ack. */
  async playTurn(version: number): Promise<any> {
    let ack = await this.act(version, { type: 'roll' });
    if (ack.view.summary.turnRole === this.role) ack = await this.act(ack.version, { type: 'hold' });
    return ack;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

describe('commit bus payloads', () => {
  it('carries a commit (game and version) and a seat change, and ignores anything else', () => {
    expect(parseEvent(committed('g1', 7))).toEqual({ gameId: 'g1', version: 7 });
    expect(parseEvent(seatsChanged('g1'))).toEqual({ gameId: 'g1', seats: true });
    expect(parseEvent(rewound('g1', 6))).toEqual({ gameId: 'g1', version: 6, rewound: true });
    expect(parseEvent('{"g":"g1","v":"7"}')).toBeNull();
    expect(parseEvent('not json')).toBeNull();
  });
});

for (const variant of storeVariants().filter((v) => v.name === 'postgres')) {
  describe('two instances on one PostgreSQL', () => {
    const children: ChildProcess[] = [];
    let store: TestStore | undefined;
    const stores: TestStore[] = [];
    const servers: SandtableServer[] = [];
    const open = async () => {
      store = await variant.open();
      stores.push(store);
      return store;
    };
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      for (const s of servers) await s.close();
      for (const s of stores) await s.cleanup();
    });

    async function instance(): Promise<{ child: ChildProcess; url: string }> {
      const s = await spawnServer(
        [
          '--port',
          '0',
          '--host',
          '127.0.0.1',
          '--test-games',
          '--quiet',
          '--ai-scan-ms',
          String(AI_SCAN_MS),
          ...store!.child.args,
        ],
        store!.child.databaseUrl,
      );
      children.push(s.child);
      return s;
    }

    async function kill9(child: ChildProcess): Promise<void> {
      child.kill('SIGKILL');
      await exited(child);
      expect(child.signalCode).toBe('SIGKILL');
    }

    async function create(url: string, seats: Record<string, unknown>): Promise<any> {
      const r = await http(url, 'POST', '/api/games', { body: { game: 'pig', options: { target: 100_000 }, seats } });
      expect(r.status).toBe(201);
      return r.body;
    }

    const tokenOf = (created: any, role: string): string =>
      created.seats.find((s: { role: string }) => s.role === role).token;

    it("an AI seat's claim is held by one instance at a time, and freed when that instance's session ends", async () => {
      const repo = (await open()).repo as PostgresRepository;
      const [one, two] = [1, 2].map(() => new PgAdvisoryClaims(repo.connection(), repo.channel));
      expect(await one!.claim('game-1')).toBe(true);
      expect(await one!.claim('game-1')).toBe(true);
      expect(await two!.claim('game-1')).toBe(false);
      expect(await two!.claimMany(['game-1', 'game-2'])).toEqual(['game-2']);
      await two!.release('game-2');
      expect(await one!.claimMany(['game-2'])).toEqual(['game-2']);
      await one!.release('game-1');
      expect(await two!.claim('game-1')).toBe(true);
      await two!.close(); // the session ends: PostgreSQL frees its locks
      expect(await one!.claim('game-1')).toBe(true);
      await one!.close();
    });

    it('after its listening connection is cut, an instance re-reads its games and pushes what it missed', async () => {
      const st = await open();
      const [one, two] = [
        await startServer(st.repo, { ai: inlineAi, busRetryMs: 3000 }),
        await startServer(await st.reopen(), { ai: inlineAi, busRetryMs: 3000 }),
      ];
      servers.push(one.server, two.server);
      const g = await create(one.url, { a: { kind: 'human' }, b: { kind: 'human' } });
      const watcher = new SeatClient(g.gameId, 'b', tokenOf(g, 'b'), []);
      await watcher.connect(two.url);
      // Cut both instances' listening connections (found by the LISTEN they last ran), then move
      // before they reconnect (3 s later): the watcher's instance misses the notification.
      const repo = st.repo as PostgresRepository;
      const admin = new pg.Client(repo.connection());
      await admin.connect();
      const mover = new SeatClient(g.gameId, 'a', tokenOf(g, 'a'), []);
      await mover.connect(one.url);
      const killed = await admin.query(
        // waits (up to 2 s) until each backend has exited, so no notification can reach it
        `SELECT pg_terminate_backend(pid, 2000) FROM pg_stat_activity WHERE application_name = 'sandtable-bus' AND query = $1`,
        [`LISTEN "${repo.channel}"`],
      );
      await admin.end();
      expect(killed.rowCount).toBe(2);
      const ack = await mover.act(0, { type: 'roll' });
      expect((await watcher.pushed(ack.version)).version).toBe(ack.version);
      mover.ws!.close();
      watcher.ws!.close();
    });

    it('pushes across instances, survives kill -9 of either, and the AI seat keeps playing', async () => {
      const acked: Acked[] = [];
      let [A, B] = await Promise.all([instance(), instance()]);

      // Game 1: a plays through instance A, b through instance B.
      const g1 = await create(A.url, { a: { kind: 'human' }, b: { kind: 'human' } });
      const pa = new SeatClient(g1.gameId, 'a', tokenOf(g1, 'a'), acked);
      const pb = new SeatClient(g1.gameId, 'b', tokenOf(g1, 'b'), acked);
      await Promise.all([pa.connect(A.url), pb.connect(B.url)]);
      // Game 2: a human (through B) against an AI seat.
      const g2 = await create(B.url, { a: { kind: 'human' }, b: { kind: 'ai', ai: 'random' } });
      const h = new SeatClient(g2.gameId, 'a', tokenOf(g2, 'a'), acked);
      await h.connect(B.url);

      let v = 0;
      /** The mover plays a turn on its instance; the other seat's instance pushes and serves that version. */
      const turn = async (mover: SeatClient, other: SeatClient) => {
        await mover.pushed(v);
        v = (await mover.playTurn(v)).version;
        // a GET right after the acknowledgement: the other instance checks the store's version first
        expect((await other.get()).version).toBe(v);
        expect((await other.pushed(v)).version).toBe(v);
      };
      /** The human's turn in game 2, then the AI's turn, played by whichever instance holds its claim. */
      let hv = 0;
      const humanAndAi = async (holdAndKill?: () => Promise<void>) => {
        const ack = await h.playTurn(hv);
        hv = ack.version;
        if (holdAndKill) await holdAndKill();
        return ack;
      };
      const aiPlayed = async () => {
        const back = await h.pushed(hv + 1, (m) => m.summary.turnRole === 'a');
        hv = back.version;
      };

      for (let i = 0; i < 3; i++) {
        await turn(pa, pb);
        await turn(pb, pa);
        await humanAndAi();
        await aiPlayed();
      }

      // kill -9 of B right after it acknowledged b's move and the human's hand-over to the AI.
      await turn(pa, pb);
      await pb.pushed(v);
      v = (await pb.playTurn(v)).version;
      await humanAndAi(() => kill9(B.child));
      expect((await pa.get()).version).toBe(v);
      expect((await pa.pushed(v)).version).toBe(v);
      await Promise.all([pb.connect(A.url), h.connect(A.url)]);
      expect((await pb.get()).version).toBe(v);
      await aiPlayed(); // A takes the AI seat over from the dead instance
      await turn(pa, pb);
      await humanAndAi();
      await aiPlayed();

      // B comes back; b follows it. Then kill -9 of A right after a's move and the human's hand-over.
      B = await instance();
      await pb.connect(B.url);
      await turn(pb, pa);
      await pb.pushed(v);
      v = (await pa.playTurn(v)).version;
      await humanAndAi(() => kill9(A.child));
      expect((await pb.pushed(v)).version).toBe(v);
      await Promise.all([pa.connect(B.url), h.connect(B.url)]);
      expect((await pa.get()).version).toBe(v);
      await aiPlayed();
      await turn(pb, pa);
      await turn(pa, pb);
      await humanAndAi();
      await aiPlayed();

      // Nothing lost: every acknowledged action is in the log, which replays to the stored hashes.
      const repo = await store!.reopen();
      for (const [game, last] of [
        [g1.gameId, v],
        [g2.gameId, hv],
      ] as const) {
        const rows = await repo.actions(game);
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
        expect(rows.length).toBe(last);
        const bySeq = new Map(rows.map((r) => [r.seq, r]));
        for (const a of acked.filter((x) => x.gameId === game)) {
          expect(bySeq.get(a.version)?.role, `${game}#${a.version}`).toBe(a.role);
          expect(JSON.parse(bySeq.get(a.version)!.action)).toEqual(a.action);
        }
        let state = pig.replay(recordOf((await repo.getGame(game))!, []), 0);
        for (const r of rows) {
          state = pig.apply(state, r.role, JSON.parse(r.action));
          expect(stateHash(state)).toBe(r.stateHash);
        }
      }
      const aiMoves = (await repo.actions(g2.gameId)).filter((r) => r.role === 'b').length;
      expect(aiMoves).toBeGreaterThanOrEqual(6);
      await kill9(B.child);
    });
  });
}
