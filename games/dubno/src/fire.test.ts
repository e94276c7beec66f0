import { describe, expect, it } from 'vitest';
import { act, env, legal, log, refusal, scene, start, top, unit } from './testing/index.ts';

const ART = '13Pz-A'; // bombard 6, range 4, FPF 4, defence 2
const HQ = '13Pz-HQ';
const INF = '44ID-1';
const III = 'III-HQ';
const PZ = '13Pz-Pz1';
const SUP = 'III-Sup'; // supply radius 4
const SART = '22MC-Art'; // Soviet artillery 6/4/4
const SHQ = '22MC-HQ';
const SART2 = '15MC-Art';
const SHQ2 = '15MC-HQ';
const T37 = '22MC-37T';
const T38 = '22MC-38T';
const tank = (attack: number, defense: number) => ({ attack, defense });

describe('12.0 fire combat', () => {
  it('12.15: a town shifts a bombardment one column left: +3 from "+2,3" to "+1" (S2)', () => {
    // The example's 5 against 2 is +3; our artillery fires 6, so against defence 3 in Berestechko (a town) it is +3.
    let s = start(
      scene({ phase: 'combat1', units: { [ART]: '1013', [HQ]: '1013', [T37]: { hex: '1212', revealed: tank(1, 3) } } }),
      { dice: [1] },
    );
    s = act(s, { type: 'bombard', hex: '1212' }, { type: 'support', unit: ART }, { type: 'fire' });
    expect(log(s).find((l) => l.startsWith('Bombardment'))).toMatch(/\(\+3, -1 terrain\): column \+1/);
  });

  it('12.9: each unit in a bombarded stack is fired at with the full strength, one roll each (S3)', () => {
    let s = start(
      scene({
        side: 'soviet',
        phase: 'combat1',
        units: { [SART]: '1208', [SHQ]: '1309', [INF]: '0908', '44ID-2': '0908', [III]: '0807' },
      }),
      { dice: [6, 1] },
    );
    s = act(s, { type: 'bombard', hex: '0908' }, { type: 'support', unit: SART }, { type: 'fire' });
    const lines = log(s).filter((l) => l.startsWith('Bombardment 6 against'));
    expect(lines).toHaveLength(2); // two units, two rolls, each 6 against defence 5
    expect(lines.every((l) => l.includes('(+1'))).toBe(true);
  });

  it('13.2: DS suppresses; DS+ eliminates a unit already suppressed; DE eliminates', () => {
    // 6 against 1: +5, column "+4,5" (NE DS DS DS+ DE DE).
    const fire = (die: number, supp: boolean) =>
      act(
        start(
          scene({
            phase: 'combat1',
            units: { [ART]: '0908', [HQ]: '0908', [T37]: { hex: '1110', revealed: tank(1, 1), supp } },
          }),
          {
            dice: [die],
          },
        ),
        { type: 'bombard', hex: '1110' },
        { type: 'support', unit: ART },
        { type: 'fire' },
      );
    expect(unit(fire(2, false), T37).supp).toBe(true);
    expect(unit(fire(2, true), T37).status).toBe('map'); // DS on a suppressed unit: nothing more
    expect(unit(fire(4, true), T37).status).toBe('eliminated'); // DS+
    expect(unit(fire(5, false), T37).status).toBe('eliminated'); // DE
  });

  it('12.11: artillery adjacent to the enemy may not bombard or support; it attacks with its bombard strength (D18)', () => {
    let s = start(
      scene({ phase: 'combat1', units: { [ART]: '0908', [HQ]: '0908', [T37]: { hex: '1008', revealed: tank(1, 1) } } }),
      {
        dice: [1],
      },
    );
    expect(legal(s)).not.toContainEqual({ type: 'bombard', hex: '1008' });
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: ART },
      { type: 'resolve', crt: 'assault' },
    );
    expect(log(s).find((l) => l.includes('CRT:'))).toMatch(/6 against 1/);
  });

  it('12.10, 22.6, 7.8d: close support needs range and command; the Soviets may add one gun in 1941 (D17)', () => {
    let s = start(
      scene({
        side: 'soviet',
        phase: 'combat1',
        units: {
          [T37]: { hex: '1008', revealed: tank(2, 2) },
          [SART]: '1209',
          [SHQ]: '1108',
          [SART2]: '1207',
          [SHQ2]: '1307',
          [INF]: '0908',
        },
      }),
    );
    s = act(s, { type: 'attack', hex: '0908' }, { type: 'addAttacker', unit: T37 }, { type: 'support', unit: SART });
    expect(refusal(s, { type: 'support', unit: SART2 })).toMatch(/at most 1 artillery .*\[22\.6\]/);
    const ooc = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0908', [ART]: '0706', [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    const s2 = act(ooc, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: INF });
    expect(refusal(s2, { type: 'support', unit: ART })).toMatch(/out of command .*\[7\.8\]/);
  });

  it('12.12, 12.13: the non-phasing player fires FPF in the enemy turn at a stack next to his units, on FPF strength (D19)', () => {
    let s = start(
      scene({
        phase: 'fpf',
        units: {
          [PZ]: '0908',
          [HQ]: '0908',
          [T37]: { hex: '1008', revealed: tank(1, 1) },
          [SART]: '1210',
          [SHQ]: '1310',
        },
      }),
      { dice: [1] },
    );
    expect(top(s).kind).toBe('fpf');
    expect(legal(s)).toContainEqual({ type: 'fpf', hex: '0908' });
    s = act(s, { type: 'fpf', hex: '0908' }, { type: 'support', unit: SART });
    expect(legal(s)).not.toContainEqual({ type: 'air', kind: 'GA' }); // 17.10: no Soviet air FPF in 1941
    s = act(s, { type: 'fire' });
    expect(log(s).find((l) => l.startsWith('FPF'))).toMatch(/^FPF 4 against/);
  });

  it('12.13: artillery suppressed since its turn began, or adjacent to the enemy, may not fire FPF; a mere miss does not bar it', () => {
    const units = {
      [PZ]: '0908',
      [HQ]: '0908',
      [T37]: { hex: '1008', revealed: tank(1, 1) },
      [SART]: '1210',
      [SHQ]: '1310',
    };
    const barred = start(scene({ phase: 'fpf', units, fpfBarred: [SART] }));
    expect(legal(barred)).toEqual([{ type: 'endFpf' }]);
    const ok = start(scene({ phase: 'fpf', units }));
    expect(legal(ok)).toContainEqual({ type: 'fpf', hex: '0908' });
  });

  it('17.7: flak halves air strikes on a hex within enemy AA reach, fractions dropped (S6)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0908', [T37]: { hex: '1110', revealed: tank(1, 1) } },
        air: { german: { GA: 2, MB: 0 } },
      }),
      { dice: [1, 1] },
    );
    s = act(
      s,
      { type: 'bombard', hex: '1110' },
      { type: 'air', kind: 'GA' },
      { type: 'air', kind: 'GA' },
      { type: 'fire' },
    );
    expect(log(s).find((l) => l.startsWith('Bombardment'))).toMatch(/^Bombardment 1 against/); // two strikes = 1
  });

  it('17.9: the Soviets put at most one air strike on a hex in 1941; the Germans any number (D28)', () => {
    let s = start(
      scene({
        side: 'soviet',
        phase: 'combat1',
        units: { [T37]: { hex: '1208', revealed: tank(1, 1) }, [SHQ]: '1308', [INF]: '0908', [III]: '0807' },
        air: { soviet: { GA: 2, MB: 0 } },
      }),
    );
    s = act(s, { type: 'bombard', hex: '0908' }, { type: 'air', kind: 'GA' });
    expect(refusal(s, { type: 'air', kind: 'GA' })).toMatch(/at most 1 air strikes a hex \[17\.9\]/);
  });

  it('20.3, 20.4: a supply unit doubles the bombard strength of the artillery it reaches, then is used up (D29)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [ART]: '0908', [HQ]: '0908', [SUP]: '0907', [T37]: { hex: '1110', revealed: tank(1, 9) } },
      }),
      { dice: [1] },
    );
    s = act(s, { type: 'supply', unit: SUP });
    expect(unit(s, SUP).status).toBe('gone');
    s = act(s, { type: 'bombard', hex: '1110' }, { type: 'support', unit: ART }, { type: 'fire' });
    expect(log(s).find((l) => l.startsWith('Bombardment'))).toMatch(/^Bombardment 12 against/);
  });

  it('12.1: each artillery unit fires once a player turn', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [ART]: '0908',
          [HQ]: '0908',
          [T37]: { hex: '1110', revealed: tank(1, 9) },
          [T38]: { hex: '1109', revealed: tank(1, 9) },
        },
      }),
      { dice: [1] },
    );
    s = act(s, { type: 'bombard', hex: '1110' }, { type: 'support', unit: ART }, { type: 'fire' });
    expect(legal(s)).not.toContainEqual({ type: 'bombard', hex: '1109' });
  });
});
void env;
