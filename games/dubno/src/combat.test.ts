import { describe, expect, it } from 'vitest';
import type { Action } from './state.ts';
import { act, env, hexOf, legal, log, refusal, scene, start, top, unit } from './testing/index.ts';

const PZ1 = '13Pz-Pz1'; // armour 6-4-8
const PZ2 = '13Pz-Pz2';
const SCH = '13Pz-Sch1'; // mech infantry 4-5-8
const K = '13Pz-K'; // motorcycle (recon) 3-3-10
const HQ = '13Pz-HQ';
const INF = '44ID-1'; // infantry 3-5-4
const III = 'III-HQ';
const PI = 'III-Pi'; // engineer 3-4-8
const FLAK = 'III-Flak'; // [3]-[3]-6
const AT = '1ATB-1'; // Soviet anti-tank, untried
const T37 = '22MC-37T';
const T38 = '22MC-38T';
const SHQ = '22MC-HQ';
const tank = (attack: number, defense: number) => ({ attack, defense });
const rollLine = (s: ReturnType<typeof start>) => log(s).findLast((l) => l.includes('CRT:'))!;

describe('11.0 adjacent combat', () => {
  it('11.14: the shift summary example: +6 with AT defence -2, terrain -1 and +1 moves down to "+2,3" (S1)', () => {
    // 16 attack (6+6+4) against defence 10 in woods, AT defence, combined arms.
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [PZ1]: '2701',
          [PZ2]: '2701',
          [SCH]: '2701',
          [HQ]: '2702',
          [AT]: { hex: '2601', revealed: { attack: 2, defense: 10, atDefense: true } },
        },
      }),
      { dice: [6] },
    );
    s = act(s, { type: 'attack', hex: '2601' }, { type: 'addAttacker', unit: PZ1 }, { type: 'addAttacker', unit: PZ2 });
    s = act(s, { type: 'addAttacker', unit: SCH }, { type: 'resolve', crt: 'assault' });
    expect(rollLine(s)).toMatch(
      /16 against 10 \(\+6\), combined arms \+1, anti-tank defence -2, woods -1: column \+2,3/,
    );
    expect(log(s)).toContain('Result D1'); // Assault "+2,3", die 6
  });

  it('11.15: the defender takes the better of terrain and hexside, the hexside only if every attacker crosses it (D15)', () => {
    const defender = { [T37]: { hex: '1212', revealed: tank(3, 2) } }; // Berestechko, a town (L1)
    const across = start(scene({ phase: 'combat1', units: { [INF]: '1312', [III]: '1312', ...defender } }), {
      dice: [3],
    });
    const s1 = act(
      across,
      { type: 'attack', hex: '1212' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    expect(rollLine(s1)).toMatch(/major river -2/);
    const mixed = start(
      scene({ phase: 'combat1', units: { [INF]: '1312', '44ID-2': '1213', [III]: '1312', ...defender } }),
      { dice: [3] },
    );
    let s2 = act(
      mixed,
      { type: 'attack', hex: '1212' },
      { type: 'addAttacker', unit: INF },
      { type: 'addAttacker', unit: '44ID-2' },
    );
    s2 = act(s2, { type: 'resolve', crt: 'assault' });
    expect(rollLine(s2)).toMatch(/town -1/);
    expect(rollLine(s2)).not.toMatch(/river/);
  });

  it('11.13: the Germans may use the Mobile CRT only with armour or recon, never against a city; the Soviets never (D12)', () => {
    const inf = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0908', [T37]: { hex: '1008', revealed: tank(2, 2) } },
      }),
    );
    const s1 = act(inf, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: INF });
    expect(legal(s1)).not.toContainEqual({ type: 'resolve', crt: 'mobile' });
    expect(refusal(s1, { type: 'resolve', crt: 'mobile' })).toMatch(/armour or recon .*\[11\.13\]/);
    const pz = start(
      scene({ phase: 'combat1', units: { [PZ1]: '0908', [HQ]: '0908', [T37]: { hex: '1008', revealed: tank(2, 2) } } }),
    );
    expect(legal(act(pz, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: PZ1 }))).toContainEqual({
      type: 'resolve',
      crt: 'mobile',
    });
    const city = start(
      scene({ phase: 'combat1', units: { [PZ1]: '1405', [HQ]: '1405', [T37]: { hex: '1506', revealed: tank(2, 2) } } }),
    );
    const s3 = act(city, { type: 'attack', hex: '1506' }, { type: 'addAttacker', unit: PZ1 });
    expect(refusal(s3, { type: 'resolve', crt: 'mobile' })).toMatch(/city .*\[11\.13\]/);
    const sov = start(
      scene({
        side: 'soviet',
        phase: 'combat1',
        units: { [T37]: { hex: '1008', revealed: tank(4, 2) }, [SHQ]: '1108', [INF]: '0908' },
      }),
    );
    const s4 = act(sov, { type: 'attack', hex: '0908' }, { type: 'addAttacker', unit: T37 });
    expect(refusal(s4, { type: 'resolve', crt: 'mobile' })).toMatch(/Soviets use only the Assault CRT \[11\.13\]/);
  });

  it('22.5: when only recon units defend, the defender chooses the CRT', () => {
    let s = start(
      scene({
        side: 'soviet',
        phase: 'combat1',
        units: { [T37]: { hex: '1008', revealed: tank(4, 2) }, [SHQ]: '1108', [K]: '0908' },
      }),
      { dice: [1] },
    );
    s = act(
      s,
      { type: 'attack', hex: '0908' },
      { type: 'addAttacker', unit: T37 },
      { type: 'resolve', crt: 'assault' },
    );
    expect(top(s).kind).toBe('screen');
    expect(s.game.stack.at(-1) && (s as never as { game: { stack: { kind: string }[] } }).game.stack.at(-1)!.kind).toBe(
      'screen',
    );
    s = act(s, { type: 'resolve', crt: 'mobile' });
    expect(rollLine(s)).toMatch(/^Mobile CRT/);
  });

  it('10.6, 11.2: in the First Wave every unit in an enemy ZOC must attack, and every enemy in the ZOC must be attacked (D8)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0908', [T37]: { hex: '1008', revealed: tank(2, 2) } },
      }),
      {
        dice: [1],
      },
    );
    expect(refusal(s, { type: 'endCombat' })).toMatch(/must attack.*\[11\.2\]/);
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    while (top(s).kind !== 'combat') s = act(s, legal(s).at(-1)!);
    expect(legal(s)).toContainEqual({ type: 'endCombat' });
  });

  it('11.6: a unit in the ZOC of two enemy hexes attacks both in one combat', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [INF]: '0908',
          [III]: '0908',
          [T37]: { hex: '1008', revealed: tank(1, 1) },
          [T38]: { hex: '0909', revealed: tank(1, 1) },
        },
      }),
    );
    s = act(s, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: INF });
    expect((top(s) as { targets: string[] }).targets.sort()).toEqual(['0909', '1008']);
    expect(log(s).some((l) => l.includes('must attack it too'))).toBe(true);
  });

  it('11.7: every attacking unit must be adjacent to every defending hex (D11)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0907', '44ID-2': '0806', [III]: '0907', [T37]: { hex: '1007', revealed: tank(1, 1) } },
      }),
    );
    s = act(s, { type: 'attack', hex: '1007' }, { type: 'addAttacker', unit: INF });
    expect(refusal(s, { type: 'addAttacker', unit: '44ID-2' })).toMatch(/adjacent to every defending hex \[11\.7\]/);
  });

  it('11.9, 12.7: a bombarded enemy counts as attacked: it pins, and may not also be attacked (D9)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [INF]: '0908',
          [III]: '0908',
          '13Pz-A': '0706',
          [HQ]: '0706',
          [T37]: { hex: '1008', revealed: tank(2, 9) },
        },
      }),
      { dice: [1] },
    );
    s = act(s, { type: 'bombard', hex: '1008' }, { type: 'support', unit: '13Pz-A' }, { type: 'fire' });
    expect(legal(s)).not.toContainEqual({ type: 'attack', hex: '1008' });
    expect(legal(s)).toContainEqual({ type: 'endCombat' }); // INF is freed from attacking it
  });

  it('11.2, 14.0: a unit attacked in the First Wave may be attacked again in the Second, never twice in one phase (D10)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0908', '44ID-2': '1007', [T37]: { hex: '1008', revealed: tank(0, 20) } },
      }),
      {
        dice: [1, 1],
      },
    );
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    while (top(s).kind !== 'combat') s = act(s, legal(s).at(-1)!);
    expect(legal(s)).not.toContainEqual({ type: 'attack', hex: '1008' });
    expect(refusal(s, { type: 'attack', hex: '1008' })).toMatch(/\[11\.2\]/);
    s = act(s, { type: 'endCombat' });
    expect(legal(s)).toContainEqual({ type: 'attack', hex: '1008' });
  });

  it('14.0, 7.8c: the Second Wave is optional and out-of-command units may not take part', () => {
    const s = start(
      scene({
        phase: 'combat2',
        units: { [INF]: '0908', '44ID-2': '1007', [III]: '0908', [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    expect(legal(s)).toContainEqual({ type: 'endCombat' });
    const s2 = start(
      scene({ phase: 'combat2', units: { [INF]: '0908', [T37]: { hex: '1008', revealed: tank(1, 1) } } }),
    );
    expect(legal(s2)).not.toContainEqual({ type: 'attack', hex: '1008' });
  });
});

describe('13.0 combat results', () => {
  const duel = (dice: number[], defender = tank(2, 2), more = {}) =>
    start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', [III]: '0807', [T37]: { hex: '1008', revealed: defender }, ...more },
      }),
      {
        dice,
      },
    );
  const fight = (s: ReturnType<typeof start>) =>
    act(s, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: INF }, { type: 'resolve', crt: 'assault' });

  it('13.1 DE, 13.6: an eliminated defender leaves its hex to the attacker; the enemy scores VP', () => {
    // 3 against defence 0... defence 0 units are removed on reveal (21.4); use +10 with a second attacker.
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [PZ1]: '0908',
          [PZ2]: '0908',
          [SCH]: '0908',
          [HQ]: '0807',
          [T37]: { hex: '1008', revealed: tank(1, 1) },
        },
      }),
      { dice: [6] },
    );
    s = act(s, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: PZ1 }, { type: 'addAttacker', unit: PZ2 });
    s = act(s, { type: 'addAttacker', unit: SCH }, { type: 'resolve', crt: 'assault' });
    expect(log(s)).toContain('Result DE');
    expect(unit(s, T37).status).toBe('eliminated');
    expect(s.game.vp.german).toBe(env.type.tank!.vp); // 23.1: the tank regiment's VP
    expect(top(s).kind).toBe('advance');
    s = act(s, { type: 'advance', unit: PZ1, to: '1008' });
    expect(hexOf(s, PZ1)).toBe('1008');
  });

  it('13.1 D1, 13.4, 13.6: the defender retreats one hex by a path its owner picks; the attacker may follow it', () => {
    let s = fight(duel([6])); // +1 -> column "+1", die 6 -> D1
    expect(log(s)).toContain('Result D1');
    expect(top(s).kind).toBe('retreat');
    const to = legal(s)[0]! as Extract<Action, { type: 'retreat' }>;
    s = act(s, to);
    expect(hexOf(s, T37)).toBe(to.to);
    expect(legal(s)).toContainEqual({ type: 'advance', unit: INF, to: '1008' });
  });

  it('13.1 A1: the attackers retreat; the defender may advance into their hex', () => {
    let s = fight(duel([4], tank(1, 5))); // 3-5 = -2 -> "-3,-2" (AE A2 A2 A1 A1 BR), die 4 -> A1
    expect(log(s)).toContain('Result A1');
    expect(top(s).kind).toBe('retreat');
    expect(game_role(s)).toBe('german');
    s = act(s, legal(s)[0]!);
    expect(legal(s)).toContainEqual({ type: 'advance', unit: T37, to: '0908' });
  });

  it('13.1 BR: the defender retreats first, then the attacker; nobody advances', () => {
    let s = fight(duel([5], tank(1, 4))); // 3-4 = -1 -> "-1,0" (A2 A1 A1 BR BR EX), die 5 -> BR
    expect(log(s)).toContain('Result BR');
    expect(top(s).kind).toBe('retreat');
    expect((top(s) as { unit: string }).unit).toBe(T37);
    s = act(s, legal(s)[0]!);
    expect((top(s) as { unit: string }).unit).toBe(INF);
    s = act(s, legal(s)[0]!);
    expect(top(s).kind).toBe('combat');
  });

  it('13.1 EX, A13: the defender is eliminated; the attacker loses strength at least equal to its defence', () => {
    // 6 against 4: +2, column "+2,3" (A1 BR BR EX D1 D1), die 4: EX.
    let e = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '0908', '44ID-2': '0908', [III]: '0807', [T37]: { hex: '1008', revealed: tank(1, 4) } },
      }),
      { dice: [4] },
    );
    e = act(
      e,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'addAttacker', unit: '44ID-2' },
    );
    e = act(e, { type: 'resolve', crt: 'assault' });
    expect(log(e)).toContain('Result EX');
    expect(unit(e, T37).status).toBe('eliminated');
    expect(top(e).kind).toBe('loss');
    e = act(e, { type: 'lose', unit: INF }); // 3 < 4: one more, and only one is left to lose
    expect(unit(e, INF).status).toBe('eliminated');
    expect(unit(e, '44ID-2').status).toBe('eliminated');
  });

  it('13.4, 10.7: a unit that can retreat only into enemy ZOC is eliminated (D21)', () => {
    // T37 at 1008 surrounded: German units around it put every neighbour in ZOC.
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [INF]: '0908',
          '44ID-2': '1109',
          '298ID-1': '1007',
          [III]: '0807',
          [T37]: { hex: '1008', revealed: tank(1, 1) },
        },
      }),
      { dice: [6] },
    );
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    expect(log(s).some((l) => /Result D/.test(l))).toBe(true);
    expect(unit(s, T37).status).toBe('eliminated');
    expect(log(s).some((l) => l.includes('no retreat open'))).toBe(true);
  });

  it('13.4: a retreat across an unbridged river rolls: 1-3 eliminated, 4-6 it goes on (D22)', () => {
    // T37 at 2903: German ZOC closes 2902, 2904 and 3002; 2802 holds a Soviet unit, so the empty 2803
    // across the minor river is the retreat (13.4: empty hexes whenever possible).
    const units = {
      [INF]: '3003',
      '44ID-2': '3002',
      [III]: '3003',
      [T37]: { hex: '2903', revealed: tank(0, 1) },
      [T38]: { hex: '2802', revealed: tank(1, 1) },
    };
    const hit = (dice: number[]) =>
      act(
        start(scene({ phase: 'combat1', units }), { dice }),
        { type: 'attack', hex: '2903' },
        { type: 'addAttacker', unit: INF },
        { type: 'resolve', crt: 'assault' },
      );
    let lost = hit([5, 2]); // 3-1 = +2, "+2,3" (A1 BR BR EX D1 D1), die 5: D1; river roll 2
    expect(log(lost)).toContain('Result D1');
    expect(legal(lost)).toEqual([{ type: 'retreat', unit: T37, to: '2803' }]);
    lost = act(lost, { type: 'retreat', unit: T37, to: '2803' });
    expect(log(lost).some((l) => l.includes('retreats across the minor river: rolled 2'))).toBe(true);
    expect(unit(lost, T37).status).toBe('eliminated');
    const safe = act(hit([5, 5]), { type: 'retreat', unit: T37, to: '2803' });
    expect(hexOf(safe, T37)).toBe('2803');
  });

  it('13.1, A12: a defender in hold terrain may hold and be suppressed instead of retreating', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '1213', [III]: '1213', [T37]: { hex: '1212', revealed: tank(1, 1) } },
      }),
      { dice: [6] },
    );
    s = act(
      s,
      { type: 'attack', hex: '1212' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    expect(top(s).kind).toBe('hold');
    s = act(s, { type: 'hold' });
    expect(unit(s, T37).supp).toBe(true);
    expect(hexOf(s, T37)).toBe('1212');
    const off = start(
      scene({
        phase: 'combat1',
        units: { [INF]: '1213', [III]: '1213', [T37]: { hex: '1212', revealed: tank(1, 1) } },
      }),
      { dice: [6], options: { holdOption: false } },
    );
    const s2 = act(
      off,
      { type: 'attack', hex: '1212' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    expect(top(s2).kind).toBe('retreat');
  });

  it('22.1: a German mechanized unit advancing two hexes may leave the retreat path after the first (D25)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: { [PZ1]: '0908', [PZ2]: '0908', [HQ]: '0807', [T37]: { hex: '1008', revealed: tank(0, 1) } },
      }),
      { dice: [1] },
    );
    s = act(s, { type: 'attack', hex: '1008' }, { type: 'addAttacker', unit: PZ1 }, { type: 'addAttacker', unit: PZ2 });
    s = act(s, { type: 'resolve', crt: 'mobile' }); // 12-1 = +11 -> ">=+10" (D2 D2 DE DE DE DE), die 1 -> D2
    expect(log(s)).toContain('Result D2');
    s = act(s, { type: 'retreat', unit: T37, to: '1108' }, { type: 'retreat', unit: T37, to: '1208' });
    const to = legal(s).flatMap((a) => (a.type === 'advance' && a.unit === PZ1 ? [a.to] : []));
    expect(to).toContain('1008'); // the hex it left
    expect(to).toContain('1108'); // along the path
    expect(to).toContain('1009'); // 22.1: off the path after the first hex
    expect(to).not.toContain('1208'); // two hexes at most (D2)
  });
});

describe('16.0 anti-tank, 22.0 special units', () => {
  it('16.2, 7.8b: an AT attack on armour shifts +1, but not when the AT unit is out of command (D13)', () => {
    const units = (hq: boolean) => ({
      [FLAK]: '0908',
      ...(hq ? { [III]: '0807' } : {}),
      [T37]: { hex: '1008', revealed: tank(2, 2) },
    });
    let s = start(scene({ phase: 'combat1', units: units(true) }), { dice: [1] });
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: FLAK },
      { type: 'resolve', crt: 'assault' },
    );
    expect(log(s).findLast((l) => l.includes('CRT:'))).toMatch(/anti-tank attack \+1/);
    let o = start(scene({ phase: 'combat1', units: units(false) }), { dice: [1] });
    o = act(
      o,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: FLAK },
      { type: 'resolve', crt: 'assault' },
    );
    expect(log(o).findLast((l) => l.includes('CRT:'))).not.toMatch(/anti-tank attack/);
  });

  it('16.4, 16.5: an adjacent AT unit supports the defence; AT defence is one -2 however many (D14)', () => {
    let s = start(
      scene({
        phase: 'combat1',
        units: {
          [PZ1]: '0908',
          [HQ]: '0807',
          [T37]: { hex: '1008', revealed: { attack: 1, defense: 1, atDefense: true } },
          [AT]: { hex: '1108', revealed: { attack: 1, defense: 4, atDefense: true } },
        },
      }),
      { dice: [1] },
    );
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: PZ1 },
      { type: 'resolve', crt: 'assault' },
    );
    const line = log(s).findLast((l) => l.includes('CRT:'))!;
    expect(line.match(/anti-tank defence -2/g)?.length).toBe(1);
  });

  it('22.3: an engineer attacking a city shifts +1', () => {
    let s = start(
      scene({ phase: 'combat1', units: { [PI]: '1405', [III]: '1405', [T37]: { hex: '1506', revealed: tank(1, 1) } } }),
      {
        dice: [1],
      },
    );
    s = act(s, { type: 'attack', hex: '1506' }, { type: 'addAttacker', unit: PI }, { type: 'resolve', crt: 'assault' });
    expect(log(s).findLast((l) => l.includes('CRT:'))).toMatch(/engineers \+1/);
  });

  it('11.14, A6: a suppressed defender shifts +2, a suppressed attacker -2; option off: none (D20)', () => {
    const pos = scene({
      phase: 'combat1',
      units: {
        [INF]: { hex: '0908', supp: true },
        [III]: '0807',
        [T37]: { hex: '1008', revealed: tank(1, 1), supp: true },
      },
    });
    let s = start(pos, { dice: [1] });
    s = act(
      s,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    const line = log(s).findLast((l) => l.includes('CRT:'))!;
    expect(line).toMatch(/suppressed defender \+2/);
    expect(line).toMatch(/suppressed attacker -2/);
    let o = start(pos, { dice: [1], options: { suppressedUnitShift: false } });
    o = act(
      o,
      { type: 'attack', hex: '1008' },
      { type: 'addAttacker', unit: INF },
      { type: 'resolve', crt: 'assault' },
    );
    expect(log(o).findLast((l) => l.includes('CRT:'))).not.toMatch(/suppressed/);
  });
});

function game_role(s: ReturnType<typeof start>): string {
  return (top(s) as { side: string }).side;
}
void env;
