import { describe, expect, it } from 'vitest';
import { aiFor, aiGames, hasAi, registerAi, viewForAi } from './registry.ts';
import { pig, pigHooks } from './testing/pig.ts';

describe('the AI registry (filled by the app layer; the AI names no game)', () => {
  it('finds a registered entry by game id, loads a loader once, and refuses an unknown game', async () => {
    let loads = 0;
    registerAi('pig-lazy', async () => {
      loads++;
      return { game: pig, hooks: pigHooks };
    });
    expect(hasAi('pig-lazy')).toBe(true);
    expect(aiGames()).toContain('pig-lazy');
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([aiFor('pig-lazy'), aiFor('pig-lazy')]);
    expect(a).toBe(b);
    expect(a.game).toBe(pig);
    expect(loads).toBe(1);
    await expect(aiFor('no-such-game')).rejects.toThrow(/no AI for game "no-such-game"/);
    expect(hasAi('no-such-game')).toBe(false);
  });

  it('the AI view is the plain view, plus the public state for a publicState game', () => {
    const s = pig.setup('p');
    expect(viewForAi({ game: pig, hooks: pigHooks }, s, 'a')).toEqual(pig.view(s, 'a'));
    const withState = viewForAi({ game: pig, hooks: pigHooks, publicState: true }, s, 'a');
    expect((withState.game as { state: unknown }).state).toEqual(s.game);
  });
});
