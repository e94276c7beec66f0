/** The position format (POSITIONS.md): saved and loaded along a random game; bad positions refused naming the rule. */
import { OBSERVER, randomIndex, seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { game } from './index.ts';

describe('positions', () => {
  it('a position saved at any point of a random game loads to the same decision, legal actions and views', () => {
    const chooser = seedRng('position-test');
    let s = game.setup('p1');
    for (let step = 0; step < 150 && !game.outcome(s); step++) {
      if (step % 25 === 0) {
        const t = game.setup('other', undefined, undefined, [], JSON.parse(JSON.stringify(game.positionOf(s))));
        expect(game.decision(t)).toEqual(game.decision(s));
        for (const role of [...game.rules.roles, OBSERVER]) {
          expect(game.legalActions(t, role)).toEqual(game.legalActions(s, role));
          const { log: _a, seq: _b, ...seen } = game.view(s, role);
          const { log: _c, seq: _d, ...loaded } = game.view(t, role);
          expect(loaded).toEqual(seen);
        }
      }
      const d = game.decision(s)!;
      const legal = game.legalActions(s, d.role);
      s = game.apply(s, d.role, legal[randomIndex(chooser, legal.length)]!);
    }
  });

  it('GC-IV, 4.1: a unit that is no counter of the title, or a hex off the map, is refused', () => {
    const p = JSON.parse(JSON.stringify(game.positionOf(game.setup('p2')))) as {
      units: Record<string, { hex: number }>;
    };
    const first = Object.keys(p.units)[0]!;
    p.units['NO-SUCH-UNIT'] = { ...p.units[first]! };
    p.units[first]!.hex = 99999;
    const load = () => game.setup('x', undefined, undefined, [], p);
    expect(load).toThrow(/units\.NO-SUCH-UNIT is not a counter of Husky: Sicily 1943 \[GC-IV\]/);
    expect(load).toThrow(/units\.\S+\.hex 99999 is not a hex of the map \[4\.1\]/);
  });

  it('2.2: a position with no decision stack and no result is refused', () => {
    const p = JSON.parse(JSON.stringify(game.positionOf(game.setup('p3'))));
    p.stack = [];
    expect(() => game.setup('x', undefined, undefined, [], p)).toThrow(/stack is empty and the game is not over/);
  });
});
