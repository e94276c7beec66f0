import { describe, expect, it } from 'vitest';
import { env, game } from '../index.ts';
import { act, scene, start } from '../testing/index.ts';
import { dubnoAdapter as adapter } from './adapter.ts';

const T37 = '22MC-37T';

describe('web adapter', () => {
  it('the map: 32x20 hexes by terrain, rivers and roads on hexsides, the towns named', () => {
    const m = adapter.map(game.view(game.setup('w', 'dubno', {}, []), 'german'))!;
    expect(m.hex!.grid.nodeCount).toBe(640);
    expect(m.labels!.map((l) => l.text)).toContain('Dubno');
    expect(adapter.placeName('2112')).toBe('2112 Dubno (city)');
  });

  it('21.1: untried units are drawn as their backs, "?" with only the movement allowance', () => {
    const v = game.view(game.setup('w', 'dubno', {}, []), 'german');
    const t = adapter.map(v)!.pieces.find((p) => p.id === T37)!;
    expect(t.bottom).toBe('?-?-6');
    expect(t.top).toBe('?');
  });

  it('19.0: an enemy stack shows its top counter and a "+n" mark for the units under it', () => {
    const s = start(
      scene({ phase: 'movement', units: { '44ID-1': '0908', '44ID-2': '0908', 'III-HQ': '0908', [T37]: '1508' } }),
    );
    const m = adapter.map(game.view(s, 'soviet'))!;
    expect(m.pieces.filter((p) => p.place === '0908')).toHaveLength(1);
    expect(m.marks!.some((k) => k.glyph === '+2')).toBe(true);
  });

  it('12.12: the FPF Phase shows as a reaction box for the non-phasing player', () => {
    const s = start(
      scene({
        phase: 'fpf',
        units: {
          '13Pz-Pz1': '0908',
          '13Pz-HQ': '0908',
          [T37]: { hex: '1008', revealed: { attack: 1, defense: 1 } },
          '22MC-Art': '1210',
          '22MC-HQ': '1310',
        },
      }),
    );
    const box = adapter.info!(game.view(s, 'soviet'))!;
    expect(box.title).toBe('Final protective fire: Soviet reaction');
  });

  it('7.1: the command radius box, closed until asked for, marks the hexes the HQs reach', () => {
    const s = start(scene({ phase: 'movement', units: { '44ID-1': '0908', 'III-HQ': '0908' } }));
    const box = adapter.panels!(game.view(s, 'german'))[0]!;
    expect(box.collapsed).toBe(true);
    expect(box.focus).toHaveLength(env.grid.hexesWithin(env.grid.hex('0908'), 5).length);
  });

  it('11.14: a combat’s odds name the CRT column and every shift', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          '13Pz-Pz1': '2701',
          '13Pz-Sch1': '2701',
          '13Pz-HQ': '2702',
          [T37]: { hex: '2601', revealed: { attack: 1, defense: 2 } },
        },
      }),
    );
    s = act(
      s,
      { type: 'attack', hex: '2601' },
      { type: 'addAttacker', unit: '13Pz-Pz1' },
      { type: 'addAttacker', unit: '13Pz-Sch1' },
    );
    const t = adapter.odds!(game, s, 'german', { type: 'resolve', crt: 'assault' } as never)!;
    expect(t[0]!.title).toBe('Assault CRT: 10 - 2 = +8, column +8,9 (combined arms +1, woods -1)');
    expect(t[0]!.rows.reduce((n, r) => n + r.p, 0)).toBeCloseTo(1);
  });
});
