/**
 * GET /api/games/:id/views/:version (view-history.ts): a seat's own view after an earlier number
 * of actions is exactly the view the server sent that seat then (the engine's view of the
 * replayed record for that role), never another role's; a version out of range is refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@sandtable/engine';
import { http, startServer, storeVariants, type TestStore } from './test-support.ts';
import type { SandtableServer } from './app.ts';

const [variant] = storeVariants();

describe('a seat views its own earlier positions', () => {
  let store: TestStore | undefined;
  let server: SandtableServer | undefined;
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('each earlier view equals the one the seat was sent; out of range is refused', async () => {
    store = await variant!.open();
    const started = await startServer(store.repo);
    server = started.server;
    const { url } = started;
    const created = await http(url, 'POST', '/api/games', {
      body: { game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'human' } } },
    });
    expect(created.status).toBe(201);
    const token = Object.fromEntries(
      created.body.seats.map((s: { role: string; token: string }) => [s.role, s.token]),
    ) as Record<string, string>;
    const seen: Record<string, unknown>[] = [];
    for (let v = 0; v < 6; v++) {
      const views = Object.fromEntries(
        await Promise.all(
          Object.keys(token).map(async (r) => [
            r,
            (await http(url, 'GET', `/api/games/${created.body.gameId}`, { token: token[r] })).body,
          ]),
        ),
      );
      seen.push(views);
      const turn = views.a.summary.turnRole as string;
      if (!turn || views.a.summary.status === 'finished') break;
      const act = await http(url, 'POST', `/api/games/${created.body.gameId}/actions`, {
        token: token[turn],
        body: { version: views[turn].version, action: views[turn].view.actions[0] },
      });
      expect(act.status).toBe(200);
    }
    expect(seen.length).toBeGreaterThan(2);
    for (const [v, views] of seen.entries())
      for (const r of Object.keys(token)) {
        const past = await http(url, 'GET', `/api/games/${created.body.gameId}/views/${v}`, { token: token[r] });
        expect(past.status).toBe(200);
        expect(past.body.version).toBe(v);
        expect(canonicalJson(past.body.view)).toBe(canonicalJson((views[r] as { view: unknown }).view));
      }
    const bad = await http(url, 'GET', `/api/games/${created.body.gameId}/views/999`, { token: token.a });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/"version" must be a whole number from 0 to/);
    const nobody = await http(url, 'GET', `/api/games/${created.body.gameId}/views/0`, { token: 'x'.repeat(40) });
    expect(nobody.status).toBe(401);
  });
});
