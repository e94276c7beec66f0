import { OBSERVER, randomPlayout } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import type { Action } from './state.ts';
import { decision, game, SETUP, start } from './testing/index.ts';

const refused = (position: unknown) => () => game.setup('p', undefined, {}, [], position);

describe('positions (POSITION.md)', () => {
  it('a position without a stack starts at the beginning of its turn', () => {
    const s = start({ turn: 3, units: { ...SETUP, N2: '0302' }, mine: { ford: 'west', exploded: false } });
    expect(s.game.turn).toBe(3);
    expect(decision(s)).toMatchObject({ kind: 'movement', role: 'north' });
    expect(game.view(s, 'north').log.map((l) => l.text)).toEqual(['The game starts from a position.']);
  });

  it('turn 0 without a mine is the set-up: South mines a ford first', () => {
    const s = start({ turn: 0, units: { ...SETUP }, mine: { ford: null, exploded: false } });
    expect(decision(s)).toMatchObject({ kind: 'mine', role: 'south' });
  });

  it('save, then load: the same legal actions and views, at every step of a random game', () => {
    const { actions } = randomPlayout(game, game.setup('pos'), 'pos', { record: true });
    let s = game.setup('pos');
    for (const { role, action } of actions) {
      s = game.apply(s, role, action);
      const again = start(game.positionOf(s) as never);
      for (const r of ['north', 'south', OBSERVER]) {
        expect(game.legalActions(again, r)).toEqual(game.legalActions(s, r));
        expect(game.view(again, r).game).toEqual(game.view(s, r).game);
      }
    }
  });

  it('the record keeps the position, so a replay reproduces it', () => {
    const position = { turn: 2, units: { ...SETUP, N1: '0103' }, mine: { ford: 'east', exploded: false } };
    const rec = game.newRecord('p', undefined, {}, [], position);
    const move: Action = { type: 'move', unit: 'N1', to: '0104' };
    rec.actions.push({ role: 'north', action: move });
    expect(game.replay(rec).game.units.N1).toBe('0104');
    expect(rec.position).toEqual(position);
  });

  it('a malformed position is refused naming the path', () => {
    expect(refused({ turn: 1, units: { ...SETUP, N1: 'A1' }, mine: { ford: 'east', exploded: false } })).toThrow(
      /units\.N1: a hex is a 4-digit label/,
    );
    expect(refused({ turn: 1, units: SETUP, mine: { ford: 'north', exploded: false } })).toThrow(/mine\.ford: /);
  });

  it('a position that breaks a rule is refused naming the rule', () => {
    const base = { turn: 1, mine: { ford: 'east', exploded: false } };
    expect(refused({ ...base, units: { ...SETUP, X9: '0101' } })).toThrow(/unknown unit X9 \[4\.1\]/);
    const { S2: _, ...four } = SETUP;
    expect(refused({ ...base, units: four })).toThrow(/unit S2 is missing \(null if eliminated\) \[4\.1\]/);
    expect(refused({ ...base, units: { ...SETUP, N1: '0909' } })).toThrow(/N1 is off the map at 0909 \[2\.1\]/);
    expect(refused({ ...base, units: { ...SETUP, N1: '0301', N3: '0301' } })).toThrow(/0301 holds 3 units \[4\.2\]/);
    expect(refused({ ...base, units: { ...SETUP, N2: '0303' } })).toThrow(/0303 holds units of both sides \[4\.2\]/);
    expect(refused({ ...base, turn: 2, mine: { ford: null, exploded: false }, units: SETUP })).toThrow(
      /South mines a ford before turn 1 \[4\.3\]/,
    );
    expect(refused({ ...base, units: SETUP, stack: [{ kind: 'turn', n: 1 }] })).toThrow(
      /the top of the stack must be a player's decision, not turn \[3\.2\]/,
    );
  });
});
