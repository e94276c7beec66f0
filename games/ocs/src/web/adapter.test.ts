/** The web adapter's model, without a browser: printed hex numbers, the drawing grid, counters with their markers. */
import { describe, expect, it } from 'vitest';
import { env, game } from '../index.ts';
import { HEX_BOARD, ocsAdapter, toDraw, toRules } from './adapter.ts';

const s = game.setup('web');

describe('ocs web adapter', () => {
  it("GC-I-A: the drawing labels each hex with its printed xx.yy number, and its neighbours are the rules' ones", () => {
    const g = HEX_BOARD.grid;
    for (let i = 0; i < env.grid.nodeCount; i += 7) {
      expect(toRules(toDraw(i))).toBe(i);
      expect(g.label(toDraw(i))).toBe(env.grid.label(i));
      expect(g.indexOfLabel(env.grid.label(i))).toBe(toDraw(i));
      const drawn = g
        .neighbours(toDraw(i))
        .map(toRules)
        .sort((a, b) => a - b);
      expect(drawn).toEqual([...env.grid.neighbours(i)].sort((a, b) => a - b));
    }
    expect(ocsAdapter.placeName('43.24')).toMatch(/^43\.24 Messina/);
  });

  it('GC-I-A: 01.01 is drawn at the bottom left (rows count upwards)', () => {
    const low = HEX_BOARD.grid.toPixel(HEX_BOARD.grid.indexOfLabel('01.01'), HEX_BOARD.layout);
    const high = HEX_BOARD.grid.toPixel(HEX_BOARD.grid.indexOfLabel('01.28'), HEX_BOARD.layout);
    expect(low.y).toBeGreaterThan(high.y);
  });

  it('5.0, 5.10, 12.8: counters show the mode letter, DG and OOS', () => {
    const g = structuredClone(s.game);
    const [a, b, c] = Object.keys(g.units).filter(
      (id) =>
        g.units[id]!.hex >= 0 && env.counters.get(id)!.kind === 'ground' && env.counters.get(id)!.side === 'allied',
    );
    g.units[a!]!.marker = 'strat';
    g.units[b!]!.marker = 'dg';
    g.units[c!]!.oos = true;
    const view = game.view({ ...s, game: g }, 'allied');
    const pieces = new Map(ocsAdapter.map(view)!.pieces.map((p) => [p.id, p]));
    expect(pieces.get(a!)?.corner).toBe('S');
    expect(pieces.get(b!)?.band).toBe('#d4141a');
    expect(pieces.get(b!)?.title).toMatch(/DG/);
    expect(pieces.get(c!)?.top).toMatch(/OOS/);
    expect(pieces.get(c!)?.title).toMatch(/OOS/);
  });

  it('4.9: a side sees only the top counter of an enemy stack, and no enemy dumps', () => {
    const view = game.view(s, 'allied');
    const pieces = ocsAdapter.map(view)!.pieces;
    const axisHexes = pieces.filter((p) => p.side === 'axis');
    expect(new Set(axisHexes.map((p) => p.place)).size).toBe(axisHexes.length);
    expect(axisHexes.some((p) => p.id.startsWith('dump:'))).toBe(false);
  });

  it('status names the turn with its dates, and actions name hexes by number', () => {
    const status = Object.fromEntries(ocsAdapter.status(game.view(s, 'allied')));
    expect(status.Turn).toMatch(/^1 of 11, 10-13 July/);
    expect(game.rules.describe!(s.game, { type: 'move', unit: 'US-1-16', to: env.hexOf('20.05') })).toBe(
      'move US-1-16 to 20.05',
    );
  });
});
