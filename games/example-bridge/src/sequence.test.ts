import { describe, expect, it } from 'vitest';
import { at, decision, game, play, refusal, start, type State } from './testing/index.ts';

const END = { north: 'endMovement', south: 'endMovement' } as const;
const kindAndRole = (s: State) => `${decision(s)?.kind} ${decision(s)?.role}`;

describe('3.0 the sequence of play', () => {
  it('3.1, 4.3: South first mines a ford, in secret; then turn 1 begins', () => {
    const s = game.setup('seq');
    expect(decision(s)).toMatchObject({ kind: 'mine', role: 'south', rule: '4.3' });
    expect(game.legalActions(s, 'south')).toEqual([
      { type: 'mine', ford: 'west' },
      { type: 'mine', ford: 'east' },
    ]);
    expect(game.legalActions(s, 'north')).toEqual([]);
    const t = play(s, ['south', { type: 'mine', ford: 'west' }]);
    expect(t.game.turn).toBe(1);
    expect(kindAndRole(t)).toBe('movement north');
  });

  it('3.2: a game turn runs its phases in the order of the chart, then the next turn begins', () => {
    let s = play(game.setup('seq'), ['south', { type: 'mine', ford: 'east' }]);
    const seen = [kindAndRole(s)];
    for (const side of ['north', 'south'] as const) {
      s = play(s, [side, { type: END[side] }]);
      seen.push(kindAndRole(s));
      s = play(s, [side, { type: 'endCombat' }]);
      seen.push(kindAndRole(s));
    }
    expect(seen).toEqual(['movement north', 'combat north', 'movement south', 'combat south', 'movement north']);
    expect(s.game.turn).toBe(2);
  });

  it('8.1: North wins at the end of the turn with a unit on the south edge, not before', () => {
    let s = play(start(at('north movement', { N1: '0104' })), ['north', { type: 'move', unit: 'N1', to: '0105' }]);
    s = play(
      s,
      ['north', { type: 'endMovement' }],
      ['north', { type: 'endCombat' }],
      ['south', { type: 'endMovement' }],
    );
    expect(game.outcome(s)).toBeNull();
    s = play(s, ['south', { type: 'endCombat' }]);
    expect(game.outcome(s)).toEqual({
      winner: 'north',
      reason: 'N1 1st Rifles holds 0105 on the south edge',
      rule: '8.1',
    });
    expect(game.legalActions(s, 'north')).toEqual([]);
  });

  it('8.2: South wins at the end of turn 6 if North has not', () => {
    const s = play(start(at('south combat', {}, { turn: 6 })), ['south', { type: 'endCombat' }]);
    expect(game.outcome(s)).toMatchObject({ winner: 'south', rule: '8.2' });
  });

  it('8.2: South wins at once when every North unit is eliminated', () => {
    const pos = at('north movement', { N1: '0102', N2: null, N3: null }, { mine: { ford: 'west', exploded: false } });
    const s = play(start(pos), ['north', { type: 'move', unit: 'N1', to: '0103' }]);
    expect(game.outcome(s)).toEqual({ winner: 'south', reason: 'every North unit has been eliminated', rule: '8.2' });
    expect(decision(s)).toBeNull();
  });

  it('a refused action names the rule that forbids it, not the rule of the decision on top', () => {
    const s = start(at('north movement'));
    expect(refusal(s, 'north', { type: 'attack', hex: '0303' })).toMatch(
      /not possible now: it belongs to another step of play; North must decide now: move North units.* \[6\.0\]/,
    );
    expect(refusal(s, 'south', { type: 'move', unit: 'S1', to: '0304' })).toMatch(
      /it is not South's decision.* \[5\.0\]/,
    );
  });
});
