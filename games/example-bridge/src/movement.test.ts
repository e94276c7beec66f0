import { describe, expect, it } from 'vitest';
import { at, decision, game, movesOf, play, refusal, start, where } from './testing/index.ts';

const move = (unit: string, to: string) => ({ type: 'move' as const, unit, to });

describe('5.0 movement', () => {
  it('5.1: each hex entered costs its terrain (woods 2), up to the movement allowance', () => {
    const s = start(at('north movement'));
    expect(movesOf(s, 'north', 'N1')).toEqual(['0102', '0201']);
    const t = play(s, ['north', move('N1', '0201')]);
    expect(movesOf(t, 'north', 'N1')).toEqual([]);
    expect(refusal(t, 'north', move('N1', '0301'))).toMatch(/N1 has 0 MP left; clear at 0301 costs 1 \[5\.1\]/);
  });

  it('5.1: units move one hex at a time, any unit in any order', () => {
    const s = start(at('north movement'));
    expect(refusal(s, 'north', move('N1', '0103'))).toMatch(/0103 is not next to 0101 \[5\.1\]/);
    const t = play(s, ['north', move('N1', '0102')], ['north', move('N3', '0502')], ['north', move('N1', '0202')]);
    expect(where(t)).toMatchObject({ N1: '0202', N3: '0502' });
  });

  it('5.2: a unit may not enter an enemy hex', () => {
    const s = start(at('north movement', { N2: '0302' }));
    expect(refusal(s, 'north', move('N2', '0303'))).toMatch(/0303 holds an enemy unit \[5\.2\]/);
  });

  it('5.3: a unit entering an enemy ZOC stops (the ZOC reaches over the bridge)', () => {
    const s = play(start(at('north movement')), ['north', move('N2', '0302')]);
    expect(movesOf(s, 'north', 'N2')).toEqual([]);
    expect(refusal(s, 'north', move('N2', '0202'))).toMatch(/N2 has stopped for this phase \[5\.3\]/);
  });

  it('5.3: a unit starting in an enemy ZOC may leave it; no ZOC across a plain river hexside', () => {
    const s = start(at('north movement', { N2: '0302' }));
    expect(movesOf(s, 'north', 'N2')).toEqual(['0201', '0202', '0301', '0401', '0402']);
    const t = play(s, ['north', move('N2', '0202')]); // 0202 faces Mühlbach across the river: no ZOC
    expect(movesOf(t, 'north', 'N2')).toEqual(['0102', '0201', '0302']);
  });

  it('5.4: the river is crossed only at the bridge or a ford', () => {
    const s = start(at('north movement', { N3: '0202' }));
    expect(movesOf(s, 'north', 'N3')).toEqual(['0102', '0201', '0302']);
    expect(refusal(s, 'north', move('N3', '0203'))).toMatch(/only at the bridge or a ford, not at 0202\/0203 \[5\.4\]/);
  });

  it('5.4: crossing a ford ends the move', () => {
    const s = play(start(at('north movement', { N1: '0102' })), ['north', move('N1', '0103')]);
    expect(where(s).N1).toBe('0103');
    expect(refusal(s, 'north', move('N1', '0104'))).toMatch(/N1 has stopped for this phase \[5\.4\]/);
  });

  it('5.5: the mined ford eliminates the unit; the mine is revealed, spent, and undo stops there', () => {
    const pos = at('north movement', { N1: '0102', N3: '0102' }, { mine: { ford: 'west', exploded: false } });
    const record = game.newRecord('t', undefined, {}, [], pos);
    record.actions.push({ role: 'north', action: move('N1', '0103') });
    let s = game.replay(record);
    expect(where(s).N1).toBeNull();
    expect(game.view(s, 'north').game.mine).toEqual({ ford: 'west', exploded: true });
    expect(game.view(s, 'north').log.at(-1)?.text).toMatch(/the mine goes off, N1 is eliminated/);
    expect(() => game.undo(record, 'north')).toThrow(/cannot undo: the mine was revealed/);
    s = play(s, ['north', move('N3', '0103')]); // spent: the ford is an ordinary ford now
    expect(where(s).N3).toBe('0103');
  });

  it('4.2: at most two units in a hex', () => {
    const s = start(at('north movement', { N1: '0102', N3: '0102', N2: '0202' }));
    expect(refusal(s, 'north', move('N2', '0102'))).toMatch(/0102 already holds two units \[4\.2\]/);
  });

  it('5.0: ending movement passes to the combat phase', () => {
    const s = play(start(at('north movement')), ['north', { type: 'endMovement' }]);
    expect(decision(s)).toMatchObject({ kind: 'combat', role: 'north', rule: '6.0' });
  });
});
