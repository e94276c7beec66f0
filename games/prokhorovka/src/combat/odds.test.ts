/** The odds helper against hand-computed values (10.3(2), 11.3, 11.4, 11.5(3)(4), 12.0(1)). */
import { describe, expect, it } from 'vitest';
import { cur } from './core.ts';
import { battleOdds, duelOdds, fireOdds, hitsDistribution, pDie, pairOdds } from './odds.ts';
import { E, act, chit, declare, dice, position, six, until } from './testkit.ts';

describe('odds (for the web client)', () => {
  it('10.3(2), 12.0(1): one die against a hit number; a natural 1 always hits in a firing round', () => {
    expect(pDie(3)).toBe(3 / 6);
    expect(pDie(0)).toBe(0);
    expect(pDie(9)).toBe(1);
    expect(pDie(-1, true)).toBe(1 / 6); // T-10: AT 3 vs armor 4
    expect(duelOdds(6, 4)).toBe(2 / 6); // T-01: Tiger 6 vs TDL 4
    expect(duelOdds(3, 4)).toBe(1 / 6);
  });

  it('11.3, 11.4: the distribution of hits of a firepower roll', () => {
    const d = hitsDistribution(2, 1 / 2);
    expect(d).toEqual([1 / 4, 1 / 2, 1 / 4]);
    const f = fireOdds(3, 2); // 3 dice at <= 2: p = 1/3
    expect(f.expected).toBeCloseTo(1, 12);
    expect(f.dist[0]).toBeCloseTo(8 / 27, 12);
    expect(f.dist[3]).toBeCloseTo(1 / 27, 12);
    expect(f.dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('11.5(3): a pair over the three firing rounds (AT round first; a destroyed weapon does not fire)', () => {
    // PakFront (AT 4) vs Tiger (armor 3): 1/6 first; the Tiger (6) vs PakFront (armor 2): 4/6 if it survives
    const at = pairOdds(true, true, 4 / 6, 1 / 6);
    expect(at.attackerDestroyed).toBeCloseTo(1 / 6, 12);
    expect(at.defenderDestroyed).toBeCloseTo((5 / 6) * (4 / 6), 12);
    // a defending tank fires last, only if it survived: (1 - 1/2) * 1/3
    const tk = pairOdds(false, true, 1 / 2, 1 / 3);
    expect(tk.attackerDestroyed).toBeCloseTo(1 / 6, 12);
    expect(tk.bothSurvive).toBeCloseTo(1 / 3, 12);
    // a reserve-phase SP AT gun never fires
    expect(pairOdds(false, false, 1, 1 / 2).defenderDestroyed).toBe(0);
  });

  it('battleOdds reads the battle under way: T-01 across a river into an entrenched town', () => {
    let s = position({ units: { GD: '1211', '71G': '1210' }, chits: { GD: ['Tiger', 'Pz IV'], '71G': ['KV-1'] } });
    s = dice(s, ...six(7));
    s = declare(s, ['GD', '71G']);
    const kv = chit(s, '71G', 'KV-1'),
      tiger = chit(s, 'GD', 'Tiger');
    s = act(s, { type: 'declareChit', chit: kv });
    s = act(act(s, { type: 'declareChit', chit: tiger }), { type: 'declareChit', chit: chit(s, 'GD', 'Pz IV') });
    s = until(s, 'cb:pair');
    const b = structuredClone(cur(s.game)!);
    b.pairs.push([tiger, kv]);
    const o = battleOdds(E, s.game, b);
    expect(o.normal.map((x) => [x.stack, x.odds.dice, x.odds.need])).toEqual([
      ['GD', 4, 1],
      ['71G', 3, 2],
    ]); // 11.4(1)2 across a river
    expect(o.bombard.DE.dice).toBe(0);
    // Tiger (6) vs KV-1 at TDL 4: 2/6; the KV-1 (4) fires back at armor 3 only if it survived: (4/6)(1/6)
    expect(o.pairs[0]!.odds.defenderDestroyed).toBeCloseTo(2 / 6, 12);
    expect(o.pairs[0]!.odds.attackerDestroyed).toBeCloseTo(4 / 36, 12);
    // the Pz IV left over is tank support: diamond across the river, fire 4 vs TDL 4: only a natural 1
    expect(o.tankSupport.DE).toBeCloseTo(1 / 6, 12);
  });
});
