/**
 * RULES.md 10.0, the example of play, move by move with its dice scripted in the record (6, then 2):
 * a record's `dice` are served before the seeded generator, so the example plays the same every time.
 */
import type { GameRecord, Role } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import type { Action } from './state.ts';
import { decision, game, refusal, type State, where } from './testing/index.ts';

describe('10.0 the example of play', () => {
  it('turn 1: a ford, a bridge attack (DR, advance), a failed counterattack (AE); turn 2: North wins (8.1)', () => {
    const record: GameRecord = game.newRecord('example', undefined, {}, [6, 2]);
    let s: State = game.setup(record.seed, record.scenario, record.options, record.dice);
    const act = (role: Role, action: Action) => {
      s = game.apply(s, role, action);
      record.actions.push({ role, action });
    };
    const move = (unit: string, to: string) => act(decision(s)!.role, { type: 'move', unit, to });
    const log = () => game.view(s, 'north').log.map((l) => l.text);

    act('south', { type: 'mine', ford: 'east' }); // 4.3, in secret

    // Turn 1, North movement: N1 wades the west ford and stops (5.4); N2 stops in S1's ZOC (5.3).
    move('N1', '0102');
    move('N1', '0103');
    move('N2', '0302');
    expect(refusal(s, 'north', { type: 'move', unit: 'N2', to: '0402' })).toMatch(
      /N2 has stopped for this phase \[5\.3\]/,
    );
    move('N3', '0502');
    act('north', { type: 'endMovement' });

    // North combat: N2 over the bridge, 3 to 2 is 1:1, shifted for the town and the river (9.1): 1:2. Die 6: DR.
    act('north', { type: 'attack', hex: '0303' });
    expect(log()).toContain(
      'North attacks 0303, 3 to 2, shifted for town (7.2) and across the river (7.2): 1:2: rolled 6',
    );
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'south' });
    expect(game.legalActions(s, 'south')).toEqual([
      { type: 'retreat', unit: 'S1', to: '0403' },
      { type: 'retreat', unit: 'S1', to: '0304' },
    ]); // 0203 is in N1's ZOC (7.4)
    act('south', { type: 'retreat', unit: 'S1', to: '0304' });
    act('north', { type: 'advance', unit: 'N2' }); // 7.5, over the bridge
    act('north', { type: 'endCombat' });
    expect(where(s)).toMatchObject({ N2: '0303', S1: '0304' });

    // South movement: S2 leaves the woods for 0403 and stops in N2's ZOC. South combat: 4 to 3 in town, 1:2. Die 2: AE.
    move('S2', '0403');
    act('south', { type: 'endMovement' });
    act('south', { type: 'attack', hex: '0303' });
    expect(log()).toContain('South attacks 0303, 4 to 3, shifted for town (7.2): 1:2: rolled 2');
    expect(where(s)).toMatchObject({ S1: null, S2: null });
    act('south', { type: 'endCombat' });

    // Turn 2: N1 reaches the south edge and holds it to the end of the turn (8.1).
    expect(s.game.turn).toBe(2);
    move('N1', '0104');
    move('N1', '0105');
    act('north', { type: 'endMovement' });
    act('north', { type: 'endCombat' });
    act('south', { type: 'endMovement' });
    act('south', { type: 'endCombat' });
    expect(game.outcome(s)).toEqual({
      winner: 'north',
      reason: 'N1 1st Rifles holds 0105 on the south edge',
      rule: '8.1',
    });

    // The record is the whole game: replaying it gives the same state.
    expect(game.hash(game.replay(record))).toBe(game.hash(s));
  });
});
