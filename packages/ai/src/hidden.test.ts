/**
 * The proof that the AI never sees hidden information: it is handed only `view(state, role)`,
 * every state it searches is rebuilt from that view by `determinize`, and two positions that
 * differ only in the opponent's secret give exactly the same behaviour.
 */
import { describe, expect, it } from 'vitest';
import type { Game, View } from '@sandtable/engine';
import { pigRules, type PigAction, type PigState } from '@sandtable/engine/testing/pig';
import { pigHooks } from './testing/pig.ts';
import { search } from './search.ts';
import { greedyPlayer, searchPlayer } from './players.ts';
import { noLog, spiedGame } from './testing/nim.ts';

type PigView = ReturnType<typeof pigRules.view>;

/** Pig whose determinize and every state-taking call are spied on. */
const spiedPig = () => spiedGame(pigRules);

/** Same play so far, same dice; only b's secret (the second set-up die) differs. */
function twoPositions(game: Game<PigState, PigAction, PigView>) {
  const play = (secretB: number) => {
    let s = game.setup('h', 'standard', {}, [3, secretB, 5, 4]);
    s = game.apply(s, 'a', { type: 'roll' });
    return game.apply(s, 'a', { type: 'roll' });
  };
  return [play(2), play(6)] as const;
}

describe('the AI sees only its own view', () => {
  it('positions differing only in the hidden secret give identical views and identical searches', () => {
    const { base } = spiedPig();
    const [s2, s6] = twoPositions(base);
    expect(s2.game.secrets.b).not.toBe(s6.game.secrets.b);
    // The engine logs every roll publicly, so the set-up roll of the secrets shows in the log
    // (a leak reported upstream); the searcher never reads the log, which `noLog` enforces.
    const raw2 = base.view(s2, 'a');
    const raw6 = base.view(s6, 'a');
    expect({ ...raw2, log: null }).toEqual({ ...raw6, log: null });
    expect(JSON.stringify(raw2.game)).not.toMatch(/secrets/);
    const v2 = noLog(raw2);
    const v6 = noLog(raw6);
    const r2 = search(base, pigHooks, v2, { seed: 'same', iterations: 300 });
    const r6 = search(base, pigHooks, v6, { seed: 'same', iterations: 300 });
    expect(r2.choices).toEqual(r6.choices);
    expect(r2.plan).toEqual(r6.plan);
  });

  it('every state the search touches was rebuilt from the view by determinize', () => {
    const spy = spiedPig();
    const [full] = twoPositions(spy.base);
    const view: View<PigView> = noLog(spy.base.view(full, 'a'));
    const player = searchPlayer({ game: spy.game, hooks: pigHooks }, 'p', { iterations: 400, stopEarly: false }); // 60% of the impulse's 400 on its first step
    player.choose(view);
    greedyPlayer({ game: spy.game, hooks: pigHooks }, 'g').choose(view);
    expect(spy.foreign).toEqual([]);
    expect(spy.made.has(full.game)).toBe(false);
    expect(spy.inputs.length).toBeGreaterThan(200);
    for (const input of spy.inputs) {
      expect(input).toEqual(view.game);
      expect(input).not.toHaveProperty('secrets');
    }
  });

  it('the secret it samples for the opponent varies; its own is kept', () => {
    const spy = spiedPig();
    const [full] = twoPositions(spy.base);
    search(spy.game, pigHooks, spy.base.view(full, 'a'), { seed: 's', iterations: 100 });
    const sampled = new Set([...spy.made].map((g) => g.secrets.b));
    expect(sampled.size).toBeGreaterThan(3);
    expect([...spy.made].every((g) => g.secrets.a === 3)).toBe(true);
  });
});
