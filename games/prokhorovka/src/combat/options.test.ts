/** The combat ambiguities of spec §8 as named options: the recommended default and the alternative. */
import { describe, expect, it } from 'vitest';
import { tankWeapons } from './battle.ts';
import { bestArmor, tdl } from './fire.ts';
import { groundTargets } from './air.ts';
import { lossOptions, totals } from './aftermath.ts';
import { E, H, act, battleIn, chit, declare, dice, kind, position, six, skipAlloc, sup, type S } from './testkit.ts';

describe('combat options (spec §8)', () => {
  it("A-35 reserveSpatPairs: the attacker's reserve-phase SP AT gun is paired (default) or takes no part", () => {
    for (const [opt, n] of [
      [true, 1],
      [false, 0],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          phase: 'reserveAttack',
          designated: ['GD'],
          units: { GD: '1904', '71G': '1905' },
          chits: { GD: ['Marder III'] },
          options: { reserveSpatPairs: opt },
        },
        '71G',
        ['GD'],
        [['GD', 'Marder III']],
      );
      expect(tankWeapons(E, g, b, 'DE')).toHaveLength(n);
      void s;
    }
  });

  it('A-46 rangedNoStepLoss: a declared ranged chit absorbs no step loss (default) or may', () => {
    for (const [opt, has] of [
      [true, false],
      [false, true],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          side: 'SU',
          units: { '71G': '1904', GD: '1905', '3Pz': '2006' },
          chits: { '3Pz': ['Hummel'] },
          options: { rangedNoStepLoss: opt },
        },
        'GD',
        ['71G'],
        [['3Pz', 'Hummel']],
      );
      expect(lossOptions(g, b, 'DE').chits.includes(chit(s, '3Pz', 'Hummel'))).toBe(has);
    }
  });

  it('A-49 armorOnlySurvivors: a destroyed tank adds no armor in 11.6 (default) or still does', () => {
    for (const [opt, armor] of [
      [true, 0],
      [false, 3],
    ] as const) {
      const { g, b, s } = battleIn(
        { units: { GD: '1904', '71G': '1905' }, chits: { GD: ['Tiger'] }, options: { armorOnlySurvivors: opt } },
        '71G',
        ['GD'],
        [['GD', 'Tiger']],
      );
      g.equip.find((c) => c.id === chit(s, 'GD', 'Tiger'))!.loc = 'cup';
      expect(bestArmor(E, g, b, 'DE')).toBe(armor);
    }
  });

  it('A-14 riverTdlInDamage: the river bonus is not part of the 11.6 TDL (default) or is', () => {
    for (const [opt, t] of [
      [false, 3],
      [true, 4],
    ] as const) {
      const { g, b } = battleIn({ units: { GD: '1211', '71G': '1210' }, options: { riverTdlInDamage: opt } }, '71G', [
        'GD',
      ]);
      expect(totals(E, g, b).tdl).toBe(t);
    }
  });

  it('A-25 positionMustBeDeclared: an undeclared bunker gives nothing (default) or its TDL 3', () => {
    for (const [opt, t] of [
      [true, 0],
      [false, 3],
    ] as const) {
      const { g, b } = battleIn(
        {
          units: { GD: '1904', '71G': '1905' },
          chits: { '71G': ['Bunker'] },
          options: { positionMustBeDeclared: opt },
        },
        '71G',
        ['GD'],
      );
      expect(tdl(E, g, b, H('1905'), 'SU')).toBe(t);
    }
  });

  it('A-18 groundAttackNeedsArmor: a face-up MG nest (no armor) is no ground-attack target (default) or is', () => {
    for (const [opt, has] of [
      [true, false],
      [false, true],
    ] as const) {
      const s = position({
        units: { '71G': '1905' },
        chits: { '71G': ['MG nest'] },
        faceUp: ['MG nest'],
        options: { groundAttackNeedsArmor: opt },
      });
      expect(groundTargets(E, s.game, 'DE').includes(chit(s, '71G', 'MG nest'))).toBe(has);
    }
  });

  it('A-22 smokeAnyTimeOnceAllocated: allocated Smoke may answer an air mission (default) or acts only in the support step', () => {
    for (const [opt, next] of [
      [true, 'cb:smoke'],
      [false, 'cb:air'],
    ] as const) {
      let s: S = position({
        units: { GD: '1904', '71G': '1905' },
        support: { DE: ['He 111', 'He 111'], SU: ['Smoke'] },
        options: { smokeAnyTimeOnceAllocated: opt },
      });
      s = dice(s, 6, 6, ...six(20));
      s = declare(s, ['GD', '71G']);
      s = skipAlloc(act(s, { type: 'allocate', chit: sup(s, 'SU', 'Smoke'), battle: '71G' }));
      s = act(s, { type: 'airMission', chit: sup(s, 'DE', 'He 111'), mission: 'bomb', targets: [] });
      expect(kind(s)).toBe(next);
    }
  });

  it('A-23 aaEachWeaponOnce: every AA weapon in range may fire in turn (default) or only one', () => {
    for (const [opt, next] of [
      [true, 'cb:aa'],
      [false, 'cb:intercept'],
    ] as const) {
      let s: S = position({
        units: { GD: '1904', '71G': '1905', '67G': '1805' },
        chits: { '67G': ['85 mm AA gun', '37 mm AA gun'] },
        support: { DE: ['He 111'], SU: ['La-5'] },
        options: { aaEachWeaponOnce: opt },
      });
      s = dice(s, 6, ...six(20));
      s = declare(s, ['GD', '71G']);
      s = act(s, { type: 'airMission', chit: sup(s, 'DE', 'He 111'), mission: 'bomb', targets: [] });
      s = act(s, { type: 'aaFire', chit: chit(s, '67G', '85 mm AA gun') });
      expect(kind(s)).toBe(next);
    }
  });
});
