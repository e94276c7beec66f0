import { describe, expect, it } from 'vitest';
import { oddsOf } from './combat.ts';
import { env } from './index.ts';
import { at, decision, game, play, refusal, start, where } from './testing/index.ts';

const attack = (hex: string) => ({ type: 'attack' as const, hex });
/** North's three units facing Mühlbach (0303) from across the river. */
const ALL_THREE = { N1: '0202', N2: '0302', N3: '0402' };

describe('6.0 combat', () => {
  it('6.1, 6.2: every free adjacent unit attacks; a hex once, a unit once per phase', () => {
    const s = start(at('north combat', ALL_THREE), { dice: [4] });
    expect(game.legalActions(s, 'north')).toEqual([attack('0303'), { type: 'endCombat' }]);
    const t = play(s, ['north', attack('0303')]); // 1:1, die 4: DR
    expect(t.game.stack.findLast((f) => f.kind === 'combat')).toMatchObject({
      attacked: ['N1', 'N2', 'N3'],
      hexes: ['0303'],
    });
    expect(game.view(t, 'north').log.map((l) => l.text)).toContain(
      'North attacks 0303, 7 to 2, shifted for town (7.2) and across the river (7.2): 1:1: rolled 4',
    );
  });

  it('6.1: an attack needs an enemy hex next to a unit that has not attacked', () => {
    const s = start(at('north combat', { N2: '0302' }), { dice: [1] });
    expect(refusal(s, 'north', attack('0404'))).toMatch(/no North unit next to 0404 is free to attack \[6\.1\]/);
    expect(refusal(s, 'north', attack('0302'))).toMatch(/0302 holds no enemy unit \[6\.1\]/);
    const t = play(s, ['north', attack('0303')]); // AE
    expect(refusal(t, 'north', attack('0303'))).toMatch(/\[6\.1\]/);
  });
});

describe('7.1, 7.2 odds', () => {
  it('7.1: rounded down in the defender’s favour; 7.2: a column left for town and for the river', () => {
    const s = start(at('north combat', ALL_THREE));
    expect(oddsOf(env, s.game, '0303', ['N2'])).toMatchObject({ attack: 3, defence: 2, label: '1:2' });
    expect(oddsOf(env, s.game, '0303', ['N1', 'N2', 'N3'])).toMatchObject({
      attack: 7,
      label: '1:1',
      shifts: ['town (7.2)', 'across the river (7.2)'],
    });
  });

  it('7.2: the river shift only when every attacking unit attacks across the river', () => {
    const s = start(at('north combat', { N1: '0203', N2: '0302' }));
    expect(oddsOf(env, s.game, '0303', ['N1', 'N2'])).toMatchObject({ label: '1:1', shifts: ['town (7.2)'] });
  });

  it('9.1: the bridge counts as across the river by default; option riverShiftAtBridge off, it does not', () => {
    const pos = at('north combat', { N1: '0302', N2: '0302' });
    expect(oddsOf(env, start(pos).game, '0303', ['N1', 'N2']).label).toBe('1:2');
    const off = start(pos, { options: { riverShiftAtBridge: false } });
    expect(oddsOf(env, off.game, '0303', ['N1', 'N2'])).toMatchObject({ label: '1:1', shifts: ['town (7.2)'] });
  });
});

describe('7.3 combat results', () => {
  it('7.3 AE: every attacking unit is eliminated', () => {
    const s = play(start(at('north combat', { N2: '0302' }), { dice: [1] }), ['north', attack('0303')]);
    expect(where(s).N2).toBeNull();
    expect(decision(s)).toMatchObject({ kind: 'combat', role: 'north' });
  });

  it('7.3 AR, 7.4: the attacker retreats, not across the river but over the bridge, not into a ZOC', () => {
    const s = play(start(at('north combat', { N2: '0302' }), { dice: [3] }), ['north', attack('0303')]);
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'north', rule: '7.4', prompt: 'retreat N2 from 0302' });
    const to = game.legalActions(s, 'north').map((a) => (a.type === 'retreat' ? a.to : ''));
    expect(to.sort()).toEqual(['0201', '0202', '0301', '0401', '0402']);
    expect(refusal(s, 'north', { type: 'retreat', unit: 'N2', to: '0303' })).toMatch(
      /N2 may not retreat into 0303 \[7\.4\]/,
    );
    const t = play(s, ['north', { type: 'retreat', unit: 'N2', to: '0301' }]);
    expect(where(t).N2).toBe('0301');
  });

  it('7.3 EX: defenders eliminated, the attacker picks its loss; 7.5 only over the bridge may it advance', () => {
    const s = play(start(at('north combat', ALL_THREE), { dice: [3] }), ['north', attack('0303')]);
    expect(where(s).S1).toBeNull();
    expect(decision(s)).toMatchObject({ kind: 'loss', role: 'north', rule: '7.3' });
    expect(refusal(s, 'north', attack('0404'))).toMatch(
      /not possible now: it belongs to another step of play.*\[6\.0\]/,
    );
    const t = play(s, ['north', { type: 'lose', unit: 'N1' }]);
    expect(where(t).N1).toBeNull();
    expect(game.legalActions(t, 'north')).toEqual([{ type: 'advance', unit: 'N2' }, { type: 'stay' }]);
    const u = play(t, ['north', { type: 'advance', unit: 'N2' }]);
    expect(where(u).N2).toBe('0303');
  });

  it('7.3 EX with one attacking unit: the loss needs no question, nor does an advance nobody can make', () => {
    const s = play(start(at('north combat', { N2: '0302' }), { dice: [5] }), ['north', attack('0303')]);
    expect(where(s)).toMatchObject({ N2: null, S1: null });
    expect(decision(s)).toMatchObject({ kind: 'combat', role: 'north' });
  });

  it('7.3 DR, 7.4: a defender with nowhere to retreat is eliminated; 7.5 the attacker may advance', () => {
    const pos = at('north combat', { N1: '0203', N2: '0302', N3: '0503' });
    const s = play(start(pos, { dice: [4] }), ['north', attack('0303')]); // 5 to 2, town: 1:1, die 4: DR
    expect(where(s).S1).toBeNull();
    expect(game.view(s, 'south').log.at(-1)?.text).toBe('S1 Bridge Guard cannot retreat and is eliminated');
    expect(game.legalActions(s, 'north')).toEqual([
      { type: 'advance', unit: 'N1' },
      { type: 'advance', unit: 'N2' },
      { type: 'stay' },
    ]);
  });

  it('7.3 DE: every defending unit is eliminated', () => {
    const s = play(start(at('north combat', ALL_THREE), { dice: [6] }), ['north', attack('0303')]);
    expect(where(s).S1).toBeNull();
    expect(decision(s)).toMatchObject({ kind: 'advance', role: 'north' });
  });
});
