/**
 * Positions (issue #13 item 5), for every catalog game with a position format: at points along
 * random games, the position printed by `positionOf` (through JSON, as the CLI writes it) loads
 * back to the same decision, legal actions and views for every role.
 */
import { describe, expect, it } from 'vitest';
import { OBSERVER, randomIndex, seedRng } from '@sandtable/engine';
import { catalog } from './index.ts';

const GAMES = 2;
const STEPS = 400;
const EVERY = 37;

for (const [id, { game }] of Object.entries(catalog)) {
  if (!game.rules.position) continue;
  describe(`${id}: positions`, () => {
    it(`a printed position loads back to the same legal actions and views (${GAMES} random games)`, () => {
      let checked = 0;
      for (let n = 0; n < GAMES; n++) {
        const chooser = seedRng(`positions:${id}:${n}`);
        let s = game.setup(`positions-${n}`);
        for (let step = 0; step < STEPS && !game.outcome(s); step++) {
          if (step % EVERY === 0) {
            checked += 1;
            const position = JSON.parse(JSON.stringify(game.positionOf(s)));
            const t = game.setup(`other-seed-${n}`, undefined, undefined, [], position);
            const where = `${id} game ${n} step ${step}`;
            expect(game.decision(t), where).toEqual(game.decision(s));
            for (const role of [...game.rules.roles, OBSERVER]) {
              expect(game.legalActions(t, role), `${where} legal for ${role}`).toEqual(game.legalActions(s, role));
              const { log: _a, seq: _b, ...seen } = game.view(s, role);
              const { log: _c, seq: _d, ...loaded } = game.view(t, role);
              expect(loaded, `${where} view for ${role}`).toEqual(seen);
            }
          }
          const d = game.decision(s)!;
          const legal = game.legalActions(s, d.role);
          s = game.apply(s, d.role, legal[randomIndex(chooser, legal.length)]!);
        }
      }
      expect(checked).toBeGreaterThanOrEqual(GAMES * 5);
    });
  });
}

describe('positions for every game', () => {
  it('every listed game has a position format (its POSITIONS.md documents it)', () => {
    const without = Object.entries(catalog)
      .filter(([, { game }]) => !game.rules.position)
      .map(([id]) => id);
    expect(without).toEqual([]);
  });
});
