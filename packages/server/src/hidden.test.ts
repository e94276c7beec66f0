/**
 * For every implemented game (the catalog, plus the engine's toy game Pig): a fuzzed game
 * played through the server over WebSocket, one socket per seat and one spectator, random
 * legal actions. Every message a socket receives must be exactly the engine's view for that
 * socket's own role at that version, must hold no log line addressed only to other roles, and
 * no piece of the full state (PRNG state, seed); and a role's view must not change when
 * everything hidden from that role is resampled (the game's determinize hook), i.e. it depends
 * on nothing that role may not see.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OBSERVER, canonicalJson, randomIndex, seedRng, type EngineState, type Game } from '@sandtable/engine';
import { catalog } from '@sandtable/catalog';
import { recordOf } from './live.ts';
import { pigCatalog } from './testing.ts';
import { startServer, storeVariants, WsClient, type TestStore } from './test-support.ts';
import type { GameCatalog } from './types.ts';

const games: GameCatalog = { ...pigCatalog, ...catalog };
const MAX_ACTIONS = 150;

interface Seat {
  role: string;
  token: string;
  ws: WsClient;
}

async function settled(seats: Seat[], version: number): Promise<void> {
  for (const s of seats) await s.ws.waitFor((m) => m.type === 'view' && m.version >= version, 20_000);
}

/** Plays random legal actions through the sockets; returns the number played. */
async function fuzz(seats: Seat[], seed: string): Promise<number> {
  const rng = seedRng(`fuzz:${seed}`);
  let version = 0;
  for (let i = 0; i < MAX_ACTIONS; i++) {
    await settled(seats, version);
    const latest = (s: Seat) => s.ws.messages.filter((m) => m.type === 'view').at(-1);
    const turn = latest(seats[0]!).summary;
    if (turn.status === 'finished') return i;
    const mover = seats.find((s) => s.role === turn.turnRole)!;
    const view = latest(mover).view;
    const action = view.actions[randomIndex(rng, view.actions.length)];
    const from = mover.ws.messages.length;
    mover.ws.send({ type: 'action', id: i, token: mover.token, version, action });
    const ack = await mover.ws.waitFor((m) => m.type === 'ack' || m.type === 'refused', 20_000, from);
    expect(ack.type, JSON.stringify(ack).slice(0, 300)).toBe('ack');
    version = ack.version;
  }
  await settled(seats, version);
  return MAX_ACTIONS;
}

/** Every state from set-up to the end, by version. */
function statesOf(game: Game<any, any, any>, record: Parameters<Game<any>['replay']>[0]): EngineState<unknown>[] {
  let s = game.replay(record, 0);
  const out = [s];
  for (const a of record.actions) out.push((s = game.apply(s, a.role, a.action)));
  return out;
}

const variant = storeVariants()[0]!; // views do not depend on the store; SQLite suffices

for (const [id, { game }] of Object.entries(games)) {
  describe(`no hidden information leaks in ${id}`, () => {
    let store: TestStore;
    let close: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await close?.();
      await store?.cleanup();
    });

    it("each socket gets only its own role's view; views ignore what their role cannot see", async () => {
      store = await variant.open();
      const { server, url } = await startServer(store.repo, {
        catalog: { [id]: { game } },
        seed: () => `hidden-${id}`,
      });
      close = () => server.close();
      const created = await server.service.create({
        game: id,
        seats: Object.fromEntries(game.rules.roles.map((r: string) => [r, { kind: 'human' as const }])),
      });
      const seats: Seat[] = [];
      for (const s of created.seats) seats.push({ role: s.role, token: s.token!, ws: await WsClient.connect(url) });
      seats.push({ role: OBSERVER, token: created.spectatorToken, ws: await WsClient.connect(url) });
      for (const s of seats) s.ws.send({ type: 'subscribe', token: s.token });
      const played = await fuzz(seats, id);
      expect(played).toBeGreaterThan(0);

      const row = (await store.repo.getGame(created.gameId))!;
      const states = statesOf(game, recordOf(row, await store.repo.actions(created.gameId)));
      const final = states.at(-1)!;
      const secrets = [row.seed, JSON.stringify(final.rng.s)];
      for (const s of seats) {
        const views = s.ws.messages.filter((m) => m.type === 'view' || m.type === 'ack');
        expect(views.length).toBeGreaterThan(0);
        for (const m of views) {
          const msg = m.type === 'ack' ? m.view : m;
          expect(msg.role).toBe(s.role);
          expect(canonicalJson(msg.view)).toBe(canonicalJson(game.view(states[msg.version]!, s.role)));
        }
        const text = JSON.stringify(s.ws.messages);
        for (const secret of secrets) expect(text).not.toContain(secret);
        const foreign = final.log.filter((e) => e.to && !e.to.includes(s.role)).map((e) => canonicalJson(e));
        const seen = new Set(
          views.flatMap((m) => (m.type === 'ack' ? m.view : m).view.log.map((e: unknown) => canonicalJson(e))),
        );
        for (const f of foreign) expect(seen.has(f), `${s.role} saw ${f}`).toBe(false);
      }
      checkDeterminized(game, states, [...game.rules.roles]);
      for (const s of seats) s.ws.close();
    });
  });
}

/**
 * A role's view must be a function of what it may see: resample everything hidden from the
 * role (the game's determinize hook) and the view must not change.
 */
function checkDeterminized(game: Game<any, any, any>, states: EngineState<unknown>[], roles: string[]): void {
  const determinize = game.rules.determinize;
  if (!determinize || !resamples(game, states[0]!, roles[0]!)) {
    // No working hook (a game declaring it hides nothing): then every role must see the same game.
    for (const s of states) {
      const views = roles.map((r) => canonicalJson(game.view(s, r).game));
      expect(new Set(views).size, `${game.rules.id} hides state from some role, so it needs a determinize hook`).toBe(
        1,
      );
    }
    return;
  }
  const rng = seedRng('resample');
  const step = Math.max(1, Math.floor(states.length / 25));
  for (let v = 0; v < states.length; v += step) {
    const s = states[v]!;
    for (const role of roles) {
      const seen = game.view(s, role);
      for (let k = 0; k < 3; k++) {
        const other = { ...s, game: determinize(seen.game, role, rng) };
        expect(
          canonicalJson(game.view(other, role).game),
          `${role}'s view at version ${v} changed when hidden data was resampled`,
        ).toBe(canonicalJson(seen.game));
      }
    }
  }
}

/** Whether the game's determinize hook works (a game without hidden information may refuse). */
function resamples(game: Game<any, any, any>, s: EngineState<unknown>, role: string): boolean {
  try {
    game.rules.determinize!(game.view(s, role).game, role, seedRng('probe'));
    return true;
  } catch {
    return false;
  }
}
