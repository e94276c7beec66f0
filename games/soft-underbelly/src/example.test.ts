/**
 * The source's example of play (§47 L474-L506) as one continuous test with scripted dice:
 * spec 9.1 EX-01..EX-13 on the real map (Tunis 17, Sicily 14, Sardinia 15, Calabria 13).
 */
import { describe, expect, it } from 'vitest';
import { act, emptyPosition, idx, passWindows, put, realGame, startTurn } from './testing/fixtures.ts';
import { GONE } from './state.ts';

describe('§47 worked example (EX-01..EX-13)', () => {
  it('§47 L474-L506: initiative, reinforcement, conversion, landing with interception and bombardment, two rounds, retreat, occupation, Italian surrender', () => {
    const { game, data } = realGame();
    const dice = [
      6, 5, /* interception */ 5, /* bombardment */ 5, /* round 1 */ 4, 4, 6, 3, 5, 6, /* round 2 */ 6, 6, 2, 3, 4, 6,
    ];
    let s = emptyPosition(game, data, {}, dice);
    const g0 = s.game;
    const T = idx(data, '17'),
      S = idx(data, '14'),
      SAR = idx(data, '15'),
      CAL = idx(data, '13');
    // Scenario before EX-01 (spec 9.1): Tunis Allied with units for the landing; Sicily 1 cube + tank + elite.
    put(s, data, 'allies', '17', 3, ['us-tank-1']);
    put(s, data, 'allies', '18', 2);
    put(s, data, 'axis', '14', 1, ['de-tank-2', 'hermann-goering']);
    put(s, data, 'axis', '15', 0, ['it-air-1']);
    put(s, data, 'axis', '01', 2);
    for (const u of g0.units) if (u.loc === -2) u.up = u.id !== 'uboat'; // Allied fleets face-up; U-boat used
    g0.transport.allies = 6;
    startTurn(s, data, 2);

    // EX-01: Allies 6, Axis 5: the Allies decide and take the initiative.
    expect(game.decision(s)).toMatchObject({ kind: 'initiative', role: 'allies' });
    s = act(game, s, 'allies', { type: 'initiative', first: 'allies' });
    expect(s.game.initiative).toBe('allies');

    // EX-02: 4 Allied cubes in Tunis (friendly, supplied, sea-adjacent).
    expect(game.decision(s)).toMatchObject({ kind: 'reinforce', role: 'allies' });
    const pool0 = s.game.pool.allies;
    for (let i = 0; i < 4; i++) s = act(game, s, 'allies', { type: 'place', area: '17' });
    expect(s.game.pool.allies).toBe(pool0 - 4);
    expect(s.game.cubes.allies[T]).toBe(7);

    // EX-03: paratroops (2 cubes) and one aircraft; a second aircraft this turn is refused (§10 L126).
    expect(game.decision(s)?.kind).toBe('convert');
    s = act(game, s, 'allies', { type: 'convert', area: '17', id: 'us-para' });
    s = act(game, s, 'allies', { type: 'convert', area: '17', id: 'us-air-1' });
    expect(s.game.units.find((u) => u.id === 'us-para')).toMatchObject({ loc: T, up: true });
    expect(s.game.units.find((u) => u.id === 'us-air-1')).toMatchObject({ loc: T, up: true });
    expect(() => act(game, s, 'allies', { type: 'convert', area: '17', id: 'uk-air-1' })).toThrow(/§10 L126/);
    s = act(game, s, 'allies', { type: 'done' });

    // EX-04: 3 Axis cubes in Sicily (not an "island" for §9, AMB-31): 6 units there.
    expect(game.decision(s)).toMatchObject({ kind: 'reinforce', role: 'axis' });
    for (let i = 0; i < 3; i++) s = act(game, s, 'axis', { type: 'place', area: '14' });
    expect(s.game.cubes.axis[S]).toBe(4);
    expect(game.legalActions(s, 'axis')).toContainEqual({ type: 'event', event: 'newDefensiveLine', area: '14' }); // §46 L470
    s = act(game, s, 'axis', { type: 'done' });
    if (game.decision(s)?.kind === 'convert') s = act(game, s, 'axis', { type: 'done' });

    // Impulse 1 (Allies): no movement; EX-05 landing with 1 fleet: 3 cubes + 1 tank from Tunis.
    s = passWindows(game, s);
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    s = act(game, s, 'allies', { type: 'endMovement' });
    s = passWindows(game, s);
    s = act(game, s, 'allies', { type: 'landing', target: '14' });
    s = act(game, s, 'allies', { type: 'fleet', id: 'us-fleet' });
    for (let i = 0; i < 3; i++) s = act(game, s, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    s = act(game, s, 'allies', { type: 'commit', from: '17', unit: 'us-tank-1' });
    expect(game.legalActions(s, 'allies').some((a) => a.type === 'commit')).toBe(false); // 4 units with 1 fleet
    s = act(game, s, 'allies', { type: 'done' });
    expect(s.game.units.find((u) => u.id === 'us-fleet')!.up).toBe(false);
    expect(s.game.attacks).toEqual([S]);
    expect(s.game.landingDone).toBe(true);

    // EX-06: the Italian fleet intercepts: 5 = 1 loss; the Allies remove a cube.
    expect(game.decision(s)).toMatchObject({ kind: 'intercept', role: 'axis' });
    s = act(game, s, 'axis', { type: 'intercept', id: 'it-fleet' });
    s = act(game, s, 'axis', { type: 'done' });
    expect(s.game.units.find((u) => u.id === 'it-fleet')!.up).toBe(false);
    expect(game.decision(s)).toMatchObject({ kind: 'loss', role: 'allies' });
    s = act(game, s, 'allies', { type: 'loss', unit: 'cube', from: 'sea' });
    expect(s.game.battle!.att.cubes).toEqual([2]);

    // EX-07: naval bombardment 5 = 1 loss, no retreat; the Axis removes a cube.
    expect(game.decision(s)).toMatchObject({ kind: 'loss', role: 'axis' });
    expect(game.legalActions(s, 'axis').some((a) => a.type === 'loss' && a.unit === 'retreat')).toBe(false);
    s = act(game, s, 'axis', { type: 'loss', unit: 'cube', from: '14' });
    expect(s.game.cubes.axis[S]).toBe(3);

    // EX-08: supports and the paratroop drop.
    expect(game.decision(s)).toMatchObject({ kind: 'support', role: 'allies' });
    s = act(game, s, 'allies', { type: 'support', id: 'us-para' });
    s = act(game, s, 'allies', { type: 'support', id: 'us-air-1' });
    s = act(game, s, 'allies', { type: 'support', id: 'us-tank-1' }); // nothing left: the decision closes itself
    expect(game.decision(s)).toMatchObject({ kind: 'support', role: 'axis' });
    s = act(game, s, 'axis', { type: 'support', id: 'it-air-1' });
    s = act(game, s, 'axis', { type: 'support', id: 'de-tank-2' });
    expect(s.game.units.find((u) => u.id === 'us-para')!.up).toBe(false);
    expect(s.game.units.find((u) => u.id === 'it-air-1')).toMatchObject({ loc: SAR, up: false });
    expect(game.view(s, 'allies').game.battle).toMatchObject({
      attacker_: { diceCount: 3, hitNumber: 4 },
      defender: { diceCount: 3, hitNumber: 4 },
    });

    // EX-09: round 1: the Allies keep the extra die; 4,4,6 vs 3,5,6: 3 and 2 losses.
    expect(game.decision(s)).toMatchObject({ kind: 'paraDie', role: 'allies' });
    s = act(game, s, 'allies', { type: 'extraDie', use: false });
    const b1 = s.game.battle!;
    expect(b1.att.dice).toEqual([4, 4, 6]);
    expect(b1.def.dice).toEqual([3, 5, 6]);
    expect([b1.att.hits, b1.def.hits]).toEqual([3, 2]);

    // EX-10: losses. The elite absorbs by flipping (its ability); the Allies lose 2 cubes.
    expect(game.decision(s)).toMatchObject({ kind: 'elite', role: 'axis' });
    s = act(game, s, 'axis', { type: 'pass' });
    expect(game.decision(s)).toMatchObject({ kind: 'loss', role: 'allies' });
    s = act(game, s, 'allies', { type: 'loss', unit: 'cube', from: 'sea' });
    s = act(game, s, 'allies', { type: 'loss', unit: 'cube', from: 'sea' });
    expect(game.decision(s)).toMatchObject({ kind: 'loss', role: 'axis' });
    s = act(game, s, 'axis', { type: 'loss', unit: 'cube', from: '14' });
    s = act(game, s, 'axis', { type: 'loss', unit: 'de-tank-2' });
    s = act(game, s, 'axis', { type: 'loss', unit: 'hermann-goering' });
    expect(s.game.cubes.axis[S]).toBe(2);
    expect(s.game.units.find((u) => u.id === 'de-tank-2')!.up).toBe(false);
    expect(s.game.units.find((u) => u.id === 'hermann-goering')!.up).toBe(false);
    expect(s.game.battle!.def.tank).toBeNull(); // AMB-7: it fights directly from round 2
    expect(s.game.battle!.att.tank).toBe('us-tank-1');

    // End of round 1: nobody retreats or plays an event.
    expect(game.decision(s)).toMatchObject({ kind: 'roundEnd', role: 'axis' });
    s = act(game, s, 'axis', { type: 'pass' });
    s = act(game, s, 'allies', { type: 'pass' });

    // EX-11: round 2 with the extra die: 2 Allied dice on 4-6; 4 Axis dice on 5-6. 6,6 vs 2,3,4,6.
    expect(s.game.battle!.round).toBe(2);
    s = act(game, s, 'allies', { type: 'extraDie', use: true });
    const b2 = s.game.battle!;
    expect([b2.attDice, b2.att.hit, b2.defDice, b2.def.hit]).toEqual([2, 4, 4, 5]);
    expect([b2.att.hits, b2.def.hits]).toEqual([2, 1]);

    // EX-12: the Allies flip the tank; the Axis removes a cube and retreats everything (⑤).
    s = act(game, s, 'allies', { type: 'loss', unit: 'us-tank-1' });
    s = act(game, s, 'axis', { type: 'loss', unit: 'cube', from: '14' });
    expect(game.legalActions(s, 'axis')).toContainEqual({ type: 'loss', unit: 'retreat' });
    s = act(game, s, 'axis', { type: 'loss', unit: 'retreat' });
    expect(game.decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
    expect(game.legalActions(s, 'axis').every((a) => a.type !== 'retreat' || a.to !== '17')).toBe(true);
    s = act(game, s, 'axis', { type: 'retreat', unit: 'cube', to: '13' });
    s = act(game, s, 'axis', { type: 'retreat', unit: 'de-tank-2', to: '13' });
    s = act(game, s, 'axis', { type: 'retreat', unit: 'hermann-goering', to: '13' });
    // The battle ends; the paratroops and the face-down tank occupy Sicily, which turns Allied.
    expect(s.game.battle).toBeNull();
    expect(s.game.ctrl[S]).toBe('allies');
    expect(s.game.units.find((u) => u.id === 'us-para')!.loc).toBe(S);
    expect(s.game.units.find((u) => u.id === 'us-tank-1')).toMatchObject({ loc: S, up: false });
    expect(s.game.cubes.axis[CAL]).toBe(1);
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    s = act(game, s, 'allies', { type: 'endImpulse' });
    expect(s.game.impulse).toBe(2);
    expect(s.game.active).toBe('axis');

    // EX-13: both pass, the turn ends; Sicily is Allied: Italy surrenders.
    s = passWindows(game, s);
    s = act(game, s, 'axis', { type: 'pass' });
    s = passWindows(game, s);
    s = act(game, s, 'allies', { type: 'pass' });
    expect(s.game.italy).toBe(true);
    expect(s.game.turn).toBe(3);
    for (const id of ['it-fleet', 'it-air-1', 'it-tank-1', 'it-tank-2', 'it-air-2'])
      expect(s.game.units.find((u) => u.id === id)!.loc).toBe(GONE);
    expect(s.game.transport.axis).toBe(0);
    expect(s.game.units.find((u) => u.id === 'us-para')!.loc).toBe(S);
  });
});
