/**
 * Face-down chits stay hidden (3.5(5), 3.6(3)): two sides play seeded random legal actions, each
 * from its own view. At every step, neither side's view (game, legal actions, log) names any
 * chit of the other side that is face-down: the other side's own view is where those ids are
 * read from. A side sees the enemy's face-down chits under units by their back only (Tank /
 * Equip). (The server sends each seat exactly this view: packages/server's tests.)
 */
import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { loadProkhorovkaData, prokhorovka } from './index.ts';

interface ChitState {
  id: string;
  side: Side;
  faceUp: boolean;
}

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

describe('Prokhorovka views: face-down chits stay hidden', () => {
  it('3.5(5), 3.6(3): no side ever sees the id of an enemy face-down chit; enemy chits under units show their back', () => {
    const rng = seedRng('prokhorovka-api-moves');
    let s = prokhorovka.setup('prokhorovka-api');
    let backsSeen = 0;
    let played = 0;
    for (; played < 450; played++) {
      const views = { DE: prokhorovka.view(s, 'DE'), SU: prokhorovka.view(s, 'SU') } as Record<Side, any>;
      for (const side of ['DE', 'SU'] as const) {
        const hidden = faceDownIds(views[other(side)], other(side));
        expect(hidden.length, `${other(side)} has face-down chits`).toBeGreaterThan(0);
        expect(JSON.stringify(views[other(side)]), 'the owner sees its own ids').toContain(`"${hidden[0]}"`);
        const mine = JSON.stringify(views[side]);
        for (const c of hidden)
          expect(mine, `${side} sees ${other(side)}'s ${c} at step ${played}`).not.toContain(`"${c}"`);
        for (const u of views[side].game.units as { side: Side; chits: ChitSeen[] }[]) {
          if (u.side === side) continue;
          for (const c of u.chits) {
            if (c.id === undefined) {
              expect(['tank', 'equip']).toContain(c.back);
              backsSeen++;
            } else expect(c.faceUp, `${side} names ${c.id} under ${other(side)}'s unit only face-up`).toBe(true);
          }
        }
      }
      const d = prokhorovka.decision(s);
      if (!d) break;
      const actions = views[d.role as Side].actions;
      s = prokhorovka.apply(s, d.role, actions[randomIndex(rng, actions.length)]!);
    }
    expect(played).toBeGreaterThan(300);
    expect(backsSeen, 'enemy chits were seen by their backs').toBeGreaterThan(100);
  });

  it('3.5(5), 3.6(3): a log line names an enemy chit only while one of its kind is face-up (declared, revealed)', () => {
    // Log lines name chits by side and kind ("Soviet T-34", texts/names.ts). A line may name an
    // enemy kind only when a chit of that kind is face-up before or after the step (a declared
    // chit may later go back face-down to its cup, 3.5(7): the line stays in the log); it may
    // never name the kind of a chit that was face-down throughout.
    const data = loadProkhorovkaData();
    const kind = new Map<string, string>();
    for (const c of [...data.equipment, ...data.support])
      kind.set(c.id, `${c.side === 'DE' ? 'German' : 'Soviet'} ${c.name}`);
    const rng = seedRng('prokhorovka-log-names');
    let s = prokhorovka.setup('prokhorovka-log-names');
    let named = 0;
    for (let played = 0; played < 900; played++) {
      const d = prokhorovka.decision(s);
      if (!d) break;
      const before = s;
      const actions = prokhorovka.view(s, d.role).actions;
      s = prokhorovka.apply(s, d.role, actions[randomIndex(rng, actions.length)]!);
      const chits = (x: typeof s) => [...(x.game as any).equip, ...(x.game as any).support] as ChitState[];
      for (const side of ['DE', 'SU'] as const) {
        const enemy = other(side);
        const shown = new Set(
          [before, s].flatMap((x) =>
            chits(x)
              .filter((c) => c.side === enemy && c.faceUp)
              .map((c) => kind.get(c.id)!),
          ),
        );
        // longest names first, each match cut out, so "X" is not found inside a shown "X (SP)"
        const names = [
          ...new Set(
            chits(s)
              .filter((c) => c.side === enemy)
              .map((c) => kind.get(c.id)!),
          ),
        ].sort((a, b) => b.length - a.length);
        const fresh = prokhorovka.view(s, side).log.slice(prokhorovka.view(before, side).log.length);
        for (const e of fresh) {
          let text = e.text;
          for (const n of names) {
            if (!text.includes(n)) continue;
            named++;
            expect(shown.has(n), `${side}'s log names ${n}, face-down, at step ${played}: ${e.text}`).toBe(true);
            text = text.split(n).join(' ');
          }
        }
      }
    }
    expect(named, 'enemy chits were named once face-up').toBeGreaterThan(5);
  });
});
