/**
 * Every game in the catalog, played to its end through the CLI's own `play` (the path a player
 * uses, the AI's impulse narrator included) at easy strength. A game added to the list is covered
 * without touching this file. Issue 18: a summary of the AI's plan once ended a game
 * (one game's `play --seed 3 --ai easy`); nothing the narrator or the search does may stop a game
 * before its outcome.
 *
 * Seeds: 3 plays easy against easy; 5 plays easy for the first role against random moves for the
 * others, which reaches an outcome in about half the time and puts the narrator on one side only.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { main } from './main.ts';

async function play(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['play', ...argv, '--quiet'], { log: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const games = Object.entries(catalog).filter(([, c]) => c.ai);

describe('sandtable play: every game to its end at easy strength', () => {
  it('the catalog has games with a computer opponent', () => {
    expect(games.length).toBeGreaterThan(0);
  });

  for (const [id, { game }] of games) {
    const roles = game.rules.roles as readonly string[];
    it(`${id}: seed 3, easy against easy`, { timeout: 600_000 }, async () => {
      const r = await play(id, '--seed', '3', '--ai', 'easy');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/actions; outcome: (\S+ wins|draw)/);
    });
    it(`${id}: seed 5, easy (${roles[0]}) against random`, { timeout: 600_000 }, async () => {
      const r = await play(
        id,
        '--seed',
        '5',
        '--ai',
        `${roles[0]}=easy`,
        ...roles.slice(1).flatMap((x) => ['--ai', `${x}=random`]),
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/actions; outcome: (\S+ wins|draw)/);
    });
  }
});
