/**
 * Hands and decks stay hidden (2.3.2(4), 5.0(1)): two sides play seeded random legal actions,
 * each from its own view. At every step, neither side's view (game, legal actions, log) holds
 * any card id of the other side's hand or usable deck: the other side's own view is where those
 * ids are read from. (The server sends each seat exactly this view: packages/server's tests.)
 */
import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { thirdReich } from './index.ts';

type Side = 'axis' | 'allies';
const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');

describe('Third Reich views: hands stay hidden', () => {
  it("2.3.2(4): no side ever sees a card id of the other side's hand or deck, in its view or its log", () => {
    const rng = seedRng('third-reich-api-moves');
    let s = thirdReich.setup('third-reich-api');
    let bothHeldCards = 0;
    let played = 0;
    for (; played < 500; played++) {
      const views = { axis: thirdReich.view(s, 'axis'), allies: thirdReich.view(s, 'allies') } as Record<Side, any>;
      for (const side of ['axis', 'allies'] as const) {
        const theirs = views[other(side)].game;
        const hidden = [...(theirs.hand[other(side)] as string[]), ...(theirs.deck[other(side)] as string[])];
        const mine = JSON.stringify(views[side]);
        for (const c of hidden)
          expect(mine, `${side} sees ${other(side)}'s ${c} at step ${played}`).not.toContain(`"${c}"`);
        expect(typeof views[side].game.hand[other(side)]).toBe('number');
        expect(views[side].game.hand[other(side)]).toBe(theirs.hand[other(side)].length);
      }
      if (views.axis.game.hand.axis.length && views.allies.game.hand.allies.length) bothHeldCards++;
      const d = thirdReich.decision(s);
      if (!d) break;
      const actions = views[d.role as Side].actions;
      s = thirdReich.apply(s, d.role, actions[randomIndex(rng, actions.length)]!);
    }
    expect(played).toBeGreaterThan(100);
    expect(bothHeldCards, 'both sides held cards at some steps (turn 2 on)').toBeGreaterThan(10);
  });
});
