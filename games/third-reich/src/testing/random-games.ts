/**
 * Third Reich's random games (the `random-games.<k>.test.ts` shards each play half, so the test
 * workers share them): seeded random games to the end, each checked at its end; run by the shared
 * harness, so a failure shrinks (fast-check) to a short action sequence.
 */
import { expect } from 'vitest';
import { defineGame } from '@sandtable/engine';
import { checkRandomGames, type RandomGamesSpec } from '@sandtable/engine/testing/random-games';
import { thirdReichData } from '../data/index.ts';
import { createThirdReichRules, type TRAction } from '../rules.ts';
import type { TRState } from '../state.ts';

/** How many seeded games the random-games test plays in all. */
export const N_GAMES = 1000;
const rules = createThirdReichRules(thirdReichData());
const game = defineGame(rules);
const b = rules.board;
const total = thirdReichData().cards.length;

/** Every card once: in a deck, a hand, a discard pile or the developments of one side. */
const seen = new Set<unknown>();
function cardsConserved(g: TRState): void {
  seen.clear();
  let placed = 0;
  for (const side of ['axis', 'allies'] as const)
    for (const pile of [g.deck[side], g.hand[side], g.discard[side], g.dev[side]]) {
      placed += pile.length;
      for (const c of pile) seen.add(c);
    }
  if (placed !== total || seen.size !== total)
    throw new Error(`cards not conserved (2.3): ${placed} placed, ${seen.size} distinct, ${total} in the box`);
}

const spec: RandomGamesSpec<TRState, TRAction> = {
  game,
  seeds: (i) => ({ game: `rg${i}`, chooser: `chooser:rg${i}` }),
  maxSteps: 100_000,
  watch: (i) => ({
    // 2.3, 16.1: every card in one place after every action (a failure here shrinks to a short game)
    afterAction: (s) => cardsConserved(s.game),
    atEnd: (s) => {
      const g = s.game;
      const o = game.outcome(s);
      expect(o, `game ${i}`).not.toBeNull();
      expect(g.turn).toBeLessThanOrEqual(12);
      for (let a = 0; a < b.areaIds.length; a++) expect(g.ctrl[a]).toBeGreaterThanOrEqual(-1);
      // 8.1.1, 11.5(1), 3.1.1(2): where units may stand at the end; neutral units never left the map by play
      const land = b.areaIds.map(() => [0, 0]),
        air = b.areaIds.map(() => 0);
      for (let u = 0; u < g.loc.length; u++) {
        const l = g.loc[u]!;
        if (l < 0) continue;
        const cls = b.unitClass[u]!;
        if (cls === 'naval' || cls === 'sub') expect(b.isSea[l], 'ship on land').toBe(true);
        if (cls === 'air') {
          expect(b.isSea[l], 'air unit at sea').toBe(false);
          air[l]!++;
        }
        if (cls === 'land' && g.natBel[b.unitNation[u]!]) land[l]![g.natSide[b.unitNation[u]!] === 'axis' ? 0 : 1]!++;
      }
      for (let a = 0; a < b.areaIds.length; a++)
        if (!b.isSea[a]) expect(Math.max(...land[a]!), b.areaIds[a]).toBeLessThanOrEqual(10);
      for (let a = 0; a < b.areaIds.length; a++) if (!b.isSea[a]) expect(air[a]!, b.areaIds[a]).toBeLessThanOrEqual(8); // two sides x 4
      expect(g.act).toBeNull();
      expect(g.combat).toBeNull();
      if (i % 100 === 0) {
        for (const role of ['axis', 'allies'] as const) {
          const v = JSON.stringify(game.view(s, role).game);
          const opp = role === 'axis' ? 'allies' : 'axis';
          for (const c of g.hand[opp]) expect(v).not.toContain(`"${c}"`);
        }
      }
    },
  }),
};

/** Plays games `from`..`to`-1 to the end, checking each at its end; returns the number of games played. */
export function playRandomGames(from: number, to: number): number {
  return checkRandomGames(spec, from, to).games;
}
