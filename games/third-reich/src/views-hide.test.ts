/**
 * Rise and Fall of the Third Reich over the HTTP API: two human seats play seeded random legal
 * actions, each from its own view. At every version, neither seat's view (game, legal actions,
 * log) holds any card id of the other side's hand or usable deck (2.3.2(4), 5.0(1)): the other
 * seat's own view is where those ids are read from.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { playOverApi, startServer, storeVariants, type TestStore } from './test-support.ts';

type Side = 'axis' | 'allies';
const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');

describe('Third Reich through the API: hands stay hidden', () => {
  let store: TestStore | undefined;
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
    await store?.cleanup();
  });

  it("2.3.2(4): no seat ever sees a card id of the other side's hand or deck, in its view or its log", async () => {
    store = await storeVariants()[0]!.open();
    const { server, url } = await startServer(store.repo, { catalog, seed: () => 'third-reich-api' });
    close = () => server.close();
    let bothHeldCards = 0;
    const played = await playOverApi(url, 'third-reich', ['axis', 'allies'], {
      seed: 'third-reich-api-moves',
      maxActions: 500,
      check(msg) {
        for (const side of ['axis', 'allies'] as const) {
          const theirs = msg[other(side)].view.game;
          const hidden = [...(theirs.hand[other(side)] as string[]), ...(theirs.deck[other(side)] as string[])];
          const mine = JSON.stringify(msg[side]);
          for (const c of hidden)
            expect(mine, `${side} sees ${other(side)}'s ${c} at version ${msg[side].version}`).not.toContain(`"${c}"`);
          expect(typeof msg[side].view.game.hand[other(side)]).toBe('number');
          expect(msg[side].view.game.hand[other(side)]).toBe(theirs.hand[other(side)].length);
        }
        if (msg.axis.view.game.hand.axis.length && msg.allies.view.game.hand.allies.length) bothHeldCards++;
      },
    });
    expect(played).toBeGreaterThan(100);
    expect(bothHeldCards, 'both sides held cards at some versions (turn 2 on)').toBeGreaterThan(10);
  });
});
