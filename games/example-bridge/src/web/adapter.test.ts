import { matching } from '@sandtable/map';
import { describe, expect, it } from 'vitest';
import { RIVER } from '../board.ts';
import type { Action } from '../state.ts';
import { at, game, play, start } from '../testing/index.ts';
import { bridgeAdapter as adapter } from './adapter.ts';

describe('web adapter', () => {
  it('2.1-2.4: 25 hexes filled by terrain, the river on its hexsides, the town named', () => {
    const m = adapter.map(game.view(start(at('north movement')), 'north'))!;
    const grid = m.hex!.grid;
    expect(grid.nodeCount).toBe(25);
    expect(m.hex!.terrainName![grid.terrain[grid.hex('0303')]!]).toBe('town');
    expect(grid.hexsideBetween(grid.hex('0202'), grid.hex('0203')) & RIVER).toBeTruthy();
    expect(m.labels).toEqual([{ at: m.placeCenter('0303'), text: 'Mühlbach', bold: true }]);
    expect(adapter.placeName('0204')).toBe('0204 (woods)');
  });

  it('4.1: every unit on the map is a counter in its hex; clicking it selects its actions', () => {
    const v = game.view(start(at('north movement', { N2: null })), 'north');
    const m = adapter.map(v)!;
    expect(m.pieces.map((p) => `${p.id}@${p.place} ${p.bottom}`)).toEqual([
      'N1@0101 2-2',
      'N3@0501 2-2',
      'S1@0303 2-2',
      'S2@0404 2-2',
    ]);
    const n1 = matching(v.actions, ['N1'], adapter.places(v)) as Action[];
    expect(n1.map((a) => (a.type === 'move' ? a.to : a.type))).toEqual(['0201', '0102']);
  });

  it('4.3, 5.5: the mine is marked only for a role that may see it', () => {
    const s = start(at('north movement', { N3: '0502' }));
    const mines = (role: string, t = s) => adapter.map(game.view(t, role))!.marks!.filter((k) => k.glyph === '✹');
    expect(mines('south')).toHaveLength(1);
    expect(mines('north')).toHaveLength(0);
    const t = play(s, ['north', { type: 'move', unit: 'N3', to: '0503' }]);
    expect(mines('north', t)[0]!.text).toBe('mine (gone off)');
  });

  it('status, and a move drawn as an arrow with the movement points it leaves (5.1)', () => {
    const s = start(at('north movement'));
    const v = game.view(s, 'north');
    expect(adapter.status(v)).toEqual([
      ['Turn', '1 of 6'],
      ['Phase', 'North movement'],
      ['Mine', 'hidden'],
    ]);
    const move: Action = { type: 'move', unit: 'N2', to: '0201' };
    expect(adapter.path!(v, move, [])?.label).toBe('1 MP left');
  });

  it('7.3: an attack shows the chance of each result, from the CRT at the rules’ odds', () => {
    const s = start(at('north combat', { N2: '0302' }));
    const attack: Action = { type: 'attack', hex: '0303' };
    expect(adapter.odds!(game, s, 'north', attack)).toEqual([
      {
        title: '3 to 2: 1:2 (town (7.2), across the river (7.2))',
        rows: [
          { label: 'AE', p: 2 / 6 },
          { label: 'AR', p: 2 / 6 },
          { label: 'EX', p: 1 / 6 },
          { label: 'DR', p: 1 / 6 },
        ],
      },
    ]);
  });
});
