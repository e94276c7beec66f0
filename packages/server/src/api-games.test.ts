/**
 * Every listed game over the HTTP API: two human seats play seeded random legal actions, each
 * from its own view (the request a browser makes). At every version both seats see the same
 * version, and each response's view is exactly the engine's view for that seat's role at that
 * version (what stays hidden from a role is the game's own tests' business; hidden.test.ts does
 * the same over WebSocket with resampling).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { canonicalJson, type EngineState } from '@sandtable/engine';
import { recordOf } from './live.ts';
import { playOverApi, startServer, storeVariants, type TestStore } from './test-support.ts';

const MAX_ACTIONS = 150;

for (const [id, { game }] of Object.entries(catalog)) {
  describe(`${id} through the HTTP API`, () => {
    let store: TestStore | undefined;
    let close: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await close?.();
      await store?.cleanup();
    });

    it("each seat's response is its role's view at that version", async () => {
      store = await storeVariants()[0]!.open();
      const { server, url } = await startServer(store.repo, { catalog, seed: () => `${id}-api` });
      close = () => server.close();
      const roles = game.rules.roles as string[];
      const seen: Record<string, any>[] = [];
      const played = await playOverApi(url, id, roles, {
        seed: `${id}-api-moves`,
        maxActions: MAX_ACTIONS,
        check: (msg) => seen.push(msg),
      });
      expect(played).toBeGreaterThan(0);
      const gameId = seen[0]![roles[0]!].summary.gameId as string;
      const row = (await store.repo.getGame(gameId))!;
      const actions = await store.repo.actions(gameId);
      let s: EngineState<unknown> = game.replay(recordOf(row, []));
      const states = [s];
      for (const a of actions) states.push((s = game.apply(s, a.role, JSON.parse(a.action))));
      for (const msg of seen)
        for (const role of roles) {
          expect(msg[role].role).toBe(role);
          expect(canonicalJson(msg[role].view)).toBe(canonicalJson(game.view(states[msg[role].version]!, role)));
        }
    });
  });
}
