/**
 * Kursk South: Prokhorovka 1943 over the HTTP API: two human seats play seeded random legal
 * actions, each from its own view. At every version, neither seat's response (view, legal
 * actions, log) names any chit of the other side that is face-down (3.5(5), 3.6(3)): the other
 * seat's own view is where those ids are read from. A seat sees the enemy's face-down chits
 * under units by their back only (Tank / Equip).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { playOverApi, startServer, storeVariants, type TestStore } from './test-support.ts';

type Side = 'DE' | 'SU';
const other = (s: Side): Side => (s === 'DE' ? 'SU' : 'DE');

interface ChitSeen {
  id?: string;
  faceUp?: boolean;
  back?: string | null;
}

/** The ids of `side`'s chits that are face-down, as `side` itself sees them in its own view. */
function faceDownIds(ownView: any, side: Side): string[] {
  const pub = ownView.game.pub as { equip: ChitSeen[]; support: ChitSeen[] };
  return [...pub.equip, ...pub.support]
    .filter((c) => c.id?.startsWith(`${side}-`) && c.faceUp === false)
    .map((c) => c.id!);
}

describe('Prokhorovka through the API: face-down chits stay hidden', () => {
  let store: TestStore | undefined;
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
    await store?.cleanup();
  });

  it('3.5(5), 3.6(3): no seat ever sees the id of an enemy face-down chit; enemy chits under units show their back', async () => {
    store = await storeVariants()[0]!.open();
    const { server, url } = await startServer(store.repo, { catalog, seed: () => 'prokhorovka-api' });
    close = () => server.close();
    let backsSeen = 0;
    const played = await playOverApi(url, 'prokhorovka', ['DE', 'SU'], {
      seed: 'prokhorovka-api-moves',
      maxActions: 450,
      check(msg) {
        for (const side of ['DE', 'SU'] as const) {
          const hidden = faceDownIds(msg[other(side)].view, other(side));
          expect(hidden.length, `${other(side)} has face-down chits`).toBeGreaterThan(0);
          expect(JSON.stringify(msg[other(side)]), 'the owner sees its own ids').toContain(`"${hidden[0]}"`);
          const mine = JSON.stringify(msg[side]);
          for (const c of hidden)
            expect(mine, `${side} sees ${other(side)}'s ${c} at version ${msg[side].version}`).not.toContain(`"${c}"`);
          for (const u of msg[side].view.game.units as { side: Side; chits: ChitSeen[] }[]) {
            if (u.side === side) continue;
            for (const c of u.chits) {
              if (c.id === undefined) {
                expect(['tank', 'equip']).toContain(c.back);
                backsSeen++;
              } else expect(c.faceUp, `${side} names ${c.id} under ${other(side)}'s unit only face-up`).toBe(true);
            }
          }
        }
      },
    });
    expect(played).toBeGreaterThan(300);
    expect(backsSeen, 'enemy chits were seen by their backs').toBeGreaterThan(100);
  });
});
