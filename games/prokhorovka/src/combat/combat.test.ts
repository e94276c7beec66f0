/**
 * Combat 9.0-16.0: the worked examples T-01..T-10 and the derived combat cases D-xx of spec §9,
 * played through the engine's `apply` with legal actions and scripted dice on positions built
 * directly in the state.
 */
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';
import {
  E,
  H,
  L,
  act,
  chit,
  declare,
  dice,
  kind,
  legal,
  logged,
  position,
  six,
  sup,
  unit,
  until,
  type S,
} from './testkit.ts';
import { cs, cur, idle } from './core.ts';
import { supportCell, artilleryNeed, normalNeed } from './battle.ts';
import { duelArmor, firingHit, firingNeed, tdl } from './fire.ts';
import { newBattle } from './phase.ts';
import { damage, totals } from './aftermath.ts';

describe('9.0-9.2 declaration and allocation', () => {
  it('D-08, 5.1(3)1: a designated stack may not attack in the normal attack phase; it may in the reserve phase', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, designated: ['GD'] });
    expect(legal(s).some((a) => a.type === 'pickAttacker')).toBe(false);
    expect(() => act(s, { type: 'pickAttacker', unit: 'GD' })).toThrow(/5\.1\(3\)1/);
    s = position({ units: { GD: '1904', '71G': '1905' }, designated: ['GD'], phase: 'reserveAttack' });
    expect(legal(s)).toContainEqual({ type: 'pickAttacker', unit: 'GD' });
  });

  it('D-09, 9.1(3)(4): two stacks against one target are one battle; once resolution starts no stack attacks it again', () => {
    let s = position({ units: { GD: '1904', LAH: '2004', '71G': '1905' } });
    s = act(s, { type: 'pickAttacker', unit: 'GD' });
    s = act(s, { type: 'attack', target: '71G' });
    s = act(s, { type: 'pickAttacker', unit: 'LAH' });
    s = act(s, { type: 'attack', target: '71G' });
    expect(cs(s.game).battles).toHaveLength(1);
    expect(cs(s.game).battles[0]!.attackers).toEqual(['GD', 'LAH']);
    s = act(dice(s, ...six(11)), { type: 'endPhase' });
    s = until(s, 'cb:loss', 'normalAttack');
    expect(kind(s)).toBe('normalAttack');
    expect(legal(s)).toEqual([{ type: 'endPhase' }]);
  });

  it('D-10, 9.1(1): a unit attacks one enemy unit only', () => {
    let s = position({ units: { GD: '1904', '71G': '1905', '67G': '1804' } });
    s = act(s, { type: 'pickAttacker', unit: 'GD' });
    expect(legal(s).filter((a) => a.type === 'attack')).toHaveLength(2);
    s = act(s, { type: 'attack', target: '71G' });
    expect(() => act(s, { type: 'pickAttacker', unit: 'GD' })).toThrow(/9\.1\(1\)/);
  });

  it('D-11, 9.2(2)3, 16.0(1): at most 4 support chits per side and battle; air chits are not allocated', () => {
    // two battles, so that the allocation is still pending when one battle is full
    let s = position({
      units: { GD: '1904', '71G': '1905', '11Pz': '1803', '67G': '1804' },
      support: { SU: ['Sniper', 'Sniper', 'Molotov cocktail', 'Melee', 'Close combat', 'La-5'] },
    });
    s = declare(s, ['GD', '71G'], ['11Pz', '67G']);
    expect(kind(s)).toBe('cb:allocate');
    expect(legal(s).some((a) => 'chit' in a && a.chit === sup(s, 'SU', 'La-5'))).toBe(false);
    for (const n of ['Sniper', 'Molotov cocktail', 'Melee', 'Close combat'])
      s = act(s, { type: 'allocate', chit: sup(s, 'SU', n), battle: '71G' });
    expect(legal(s)).toEqual([
      { type: 'allocate', chit: sup(s, 'SU', 'Sniper', 1), battle: '67G' },
      { type: 'doneAllocating' },
    ]);
    expect(() => act(s, { type: 'allocate', chit: sup(s, 'SU', 'Sniper', 1), battle: '71G' })).toThrow(/9\.2\(2\)3/);
  });
});

describe('11.5, 12.0 tank battle (T-01, T-10, D-12..D-16)', () => {
  it('T-01, 12.0(1)(2)12, 17.2: a Tiger (6) across a river at an entrenched KV-1 (2) in a town: TDL 2+1+1 = 4, hit on <= 2', () => {
    let s = position({ units: { GD: '1211', '71G': '1210' }, chits: { GD: ['Tiger'], '71G': ['KV-1'] } });
    s = declare(s, ['GD', '71G']);
    const kv = chit(s, '71G', 'KV-1'),
      tiger = chit(s, 'GD', 'Tiger');
    s = act(s, { type: 'declareChit', chit: kv });
    s = dice(s, ...six(4 + 3), 2);
    s = act(s, { type: 'declareChit', chit: tiger });
    expect(duelArmor(E, s.game, cur(s.game)!, kv, tiger)).toBe(4);
    expect(normalNeed(E, s.game, cur(s.game)!, 'GD', H('1210'))).toBe(1); // 11.4(1)2 across a river
    s = until(s, 'cb:pair');
    s = act(s, { type: 'pair', de: tiger, su: kv });
    if (process.env.PKDBG) console.log(s.log.map((l) => l.text).join('\n'));
    expect(logged(s, /Tiger destroys KV-1/)).toBe(true);
    expect(s.game.equip.find((c) => c.id === kv)!.loc).toBe('cup');
    expect(cur(s.game)?.dmg ?? { DE: 0 }).toMatchObject({ DE: 0 }); // firing rounds add no damage points
  });

  it('T-01 variants: a roll of 3 misses, then the KV-1 fires back at the Tiger (armor 3, no TDL for the attacker): only a natural 1', () => {
    let s = position({ units: { GD: '1211', '71G': '1210' }, chits: { GD: ['Tiger'], '71G': ['KV-1'] } });
    s = declare(s, ['GD', '71G']);
    const kv = chit(s, '71G', 'KV-1'),
      tiger = chit(s, 'GD', 'Tiger');
    s = dice(s, ...six(7), 3, 1);
    s = act(act(s, { type: 'declareChit', chit: kv }), { type: 'declareChit', chit: tiger });
    expect(duelArmor(E, s.game, cur(s.game)!, tiger, kv)).toBe(3);
    // (b) no river from 1209: TDL 3
    expect(tdl(E, s.game, cur(s.game)!, H('1210'), 'SU', H('1209'))).toBe(3);
    s = act(until(s, 'cb:pair'), { type: 'pair', de: tiger, su: kv });
    expect(logged(s, /Tiger misses KV-1/)).toBe(true);
    expect(logged(s, /KV-1 destroys Tiger/)).toBe(true);
  });

  it('T-10, 12.0(1): AT fire 3 against armor 4: hit number -1, only a natural 1 hits', () => {
    expect(firingNeed(3, 4)).toBe(-1);
    expect(firingHit(1, -1)).toBe(true);
    expect(firingHit(2, -1)).toBe(false);
  });

  it('D-12, D-13, 11.5(2)(3): the Soviet AT gun fires first (AT round) and a destroyed Tiger does not fire; a spare German weapon is tank support', () => {
    let s = position({
      units: { GD: '1904', '6TC': '1905' },
      chits: { GD: ['Tiger', 'Pz IV', 'Marder III'], '6TC': ['PakFront', 'T-34'] },
    });
    s = declare(s, ['GD', '6TC']);
    for (const n of ['PakFront', 'T-34']) s = act(s, { type: 'declareChit', chit: chit(s, '6TC', n) });
    // normal fire: GD 4 dice, 6TC 2 dice; pair 1: PakFront (AT 4) vs Tiger (armor 3): need 1, roll 1 -> Tiger gone
    // pair 2: Pz IV (4) vs T-34 (armor 1): need 3, roll 2 -> hit; T-34 does not fire back
    // tank support: Marder III (clear: automatic)
    s = dice(s, ...six(6), 1, 2);
    for (const n of ['Tiger', 'Pz IV', 'Marder III']) s = act(s, { type: 'declareChit', chit: chit(s, 'GD', n) });
    const [tiger, pz4, marder, pak, t34] = [
      chit(s, 'GD', 'Tiger'),
      chit(s, 'GD', 'Pz IV'),
      chit(s, 'GD', 'Marder III'),
      chit(s, '6TC', 'PakFront'),
      chit(s, '6TC', 'T-34'),
    ];
    s = until(s, 'cb:pair');
    s = act(s, { type: 'pair', de: tiger, su: pak });
    s = act(s, { type: 'pair', de: pz4, su: t34 });
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /PakFront destroys Tiger/)).toBe(true);
    expect(logged(s, /Tiger (misses|destroys)/)).toBe(false);
    expect(logged(s, /Pz IV destroys T-34/)).toBe(true);
    expect(logged(s, /T-34 (misses|destroys)/)).toBe(false);
    expect(logged(s, /Marder III tank support: automatic hit/)).toBe(true);
    void marder;
  });

  it('D-14, 5.1(6)1, 11.5(1)12: in the reserve phase the attacker cannot declare its AT gun; its SP AT gun is paired but never fires', () => {
    let s = position({
      phase: 'reserveAttack',
      designated: ['GD'],
      units: { GD: '1904', '71G': '1905' },
      chits: { GD: ['Pak 40', 'Marder III'], '71G': ['T-34'] },
    });
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'declareChit', chit: chit(s, '71G', 'T-34') });
    const opts = legal(s)
      .filter((a) => a.type === 'declareChit')
      .map((a) => (a as { chit: string }).chit);
    expect(opts).toEqual([chit(s, 'GD', 'Marder III')]);
    expect(() => act(s, { type: 'declareChit', chit: chit(s, 'GD', 'Pak 40') })).toThrow(/11\.5\(1\)1/);
    s = dice(s, ...six(7), 6);
    s = act(s, { type: 'declareChit', chit: chit(s, 'GD', 'Marder III') });
    s = act(until(s, 'cb:pair'), { type: 'pair', de: chit(s, 'GD', 'Marder III'), su: chit(s, '71G', 'T-34') });
    expect(logged(s, /Marder III (misses|destroys)/)).toBe(false);
    expect(logged(s, /T-34 misses Marder III/)).toBe(true);
  });

  it('D-15, 11.5(2)3, (4)1: three Soviet weapons and no German ones: all tank support, +3 Soviet damage', () => {
    let s = position({ units: { GD: '1904', '6TC': '1905' }, chits: { '6TC': ['T-34', 'T-34', 'KV-1'] } });
    s = declare(s, ['GD', '6TC']);
    s = dice(s, ...six(6));
    while (kind(s) === 'cb:equip') s = act(s, legal(s)[0]!);
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(s.log.filter((l) => /tank support: automatic hit/.test(l.text))).toHaveLength(3);
    expect(logged(s, /Soviet 5 \(damage 3, armor 2/)).toBe(true);
  });

  it('D-16, 11.5(4)2: attacking across a river, tank support becomes a 12.0 shot against TDL + 1', () => {
    let s = position({ units: { GD: '1211', '71G': '1210' }, chits: { GD: ['Pz IV'] } });
    s = declare(s, ['GD', '71G']);
    s = dice(s, ...six(7), 2);
    const pz = chit(s, 'GD', 'Pz IV');
    expect(supportCell(E, s.game, { ...newBattle(0, '71G', 'DE'), attackers: ['GD'] }, pz)).toBe('diamond');
    s = act(s, { type: 'declareChit', chit: pz });
    // Pz IV fire 4 against town 2 + entrenchment 1 + river 1 = 4: need 0, only a natural 1
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /Pz IV tank support misses/)).toBe(true);
  });
});

describe('11.3, 11.4 fire and 17.2 (T-04, D-17, D-35, D-37, D-38)', () => {
  it('T-04, 17.2(1), 签一览 position: hill + Soviet entrenchment + bunker: TDL 4, artillery and normal hit 1, tank support diamond', () => {
    let s = position({ units: { GD: '1006', '71G': '1007' }, chits: { '71G': ['Bunker'], GD: ['Pz IV'] } });
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'declareChit', chit: chit(s, '71G', 'Bunker') });
    const g = s.game,
      b = cur(g)!;
    expect(tdl(E, g, b, H('1007'), 'SU')).toBe(4);
    expect(artilleryNeed(E, g, b, 'DE')).toBe(1);
    expect(normalNeed(E, g, b, 'GD', H('1007'))).toBe(1);
    expect(supportCell(E, g, b, chit(s, 'GD', 'Pz IV'))).toBe('diamond');
    expect(totals(E, g, b).tdl).toBe(4);
  });

  it('D-17, 11.4, A-13: one stack across a river rolls at 1, another not across at the TEC number; the defender at 2', () => {
    let s = position({ units: { GD: '1211', LAH: '1209', '71G': '1210' } });
    s = dice(s, 1, 2, 2, 2, 2, 2, 2, 2, 6, 6, 6);
    s = act(
      act(act(act(s, { type: 'pickAttacker', unit: 'GD' }), { type: 'attack', target: '71G' }), {
        type: 'pickAttacker',
        unit: 'LAH',
      }),
      { type: 'attack', target: '71G' },
    );
    const b0 = { ...newBattle(0, '71G', 'DE'), attackers: ['GD', 'LAH'] };
    expect(normalNeed(E, s.game, b0, 'GD', H('1210'))).toBe(1);
    expect(normalNeed(E, s.game, b0, 'LAH', H('1210'))).toBe(2); // town normal hit (TEC)
    s = until(act(s, { type: 'endPhase' }), 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /Grossdeutschland normal fire: 1 hit/)).toBe(true);
    expect(logged(s, /SS-Leibstandarte normal fire: 4 hit/)).toBe(true);
  });

  it('D-35: a declared MG nest in clear terrain: the attacker hits on 1; the defender TDL is 2', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, chits: { '71G': ['MG nest'] } });
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'declareChit', chit: chit(s, '71G', 'MG nest') });
    expect(normalNeed(E, s.game, cur(s.game)!, 'GD', H('1905'))).toBe(1);
    expect(totals(E, s.game, cur(s.game)!).tdl).toBe(2);
  });

  it('D-37, 17.2(2): a Soviet entrenchment does not help a German defender', () => {
    const s = position({ side: 'SU', units: { GD: '1311', '71G': '1310' } });
    const b = newBattle(0, 'GD', 'SU');
    expect(tdl(E, s.game, b, H('1311'), 'DE')).toBe(0);
    expect(tdl(E, s.game, b, H('1311'), 'SU')).toBe(1);
  });

  it('D-38, 签一览 Melee: Melee of both sides doubles normal firepower once', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, support: { SU: ['Melee', 'Melee'] } });
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Melee'), battle: '71G' });
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Melee', 1), battle: '71G' });
    s = dice(s, ...six(8 + 6));
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /Grossdeutschland normal fire, 8 dice/)).toBe(true);
    expect(logged(s, /71st Guards Rifle Div\. normal fire, 6 dice/)).toBe(true);
  });
});

describe('11.6, 13.0, 14.0, 15.0 damage, losses, retreat, advance (T-02, T-03, D-18..D-25, D-36, D-39, D-40)', () => {
  const beat = (s: S, hits: number) => dice(s, ...Array.from({ length: 4 }, (_, k) => (k < hits ? 1 : 6)), ...six(3));

  it('T-02, 13.0(2)(3): a 2-step loss may be two chits (the unit stays full); or the unit twice, taking its chits with it', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, chits: { '71G': ['Detachment', 'Detachment'] } });
    s = declare(beat(s, 2), ['GD', '71G']);
    s = until(s, 'cb:loss');
    const [c1, c2] = [chit(s, '71G', 'Detachment'), chit(s, '71G', 'Detachment', 1)];
    expect(legal(s)).toEqual(
      expect.arrayContaining([
        { type: 'stepLoss', unit: '71G' },
        { type: 'chitLoss', chit: c1 },
        { type: 'chitLoss', chit: c2 },
      ]),
    );
    let a = act(act(s, { type: 'chitLoss', chit: c1 }), { type: 'chitLoss', chit: c2 });
    expect(unit(a, '71G').reduced).toBe(false);
    expect(a.game.equip.filter((c) => c.loc === '71G')).toHaveLength(0);
    a = act(act(s, { type: 'stepLoss', unit: '71G' }), { type: 'stepLoss', unit: '71G' });
    expect(unit(a, '71G').hex).toBe(-2);
    expect(a.game.equip.find((c) => c.id === c1)!.loc).toBe('cup');
  });

  it('T-03, D-23, 14.0, 15.0: a 3-step loss halves to 1 on retreat; the stack retreats 1 hex; one attacker may advance', () => {
    let s = position({ units: { GD: '1904', LAH: '2004', '71G': '1905' } });
    s = declare(dice(s, 1, 1, 1, 6, 6, 6, 6, 6, ...six(3)), ['GD', '71G'], ['LAH', '71G']);
    s = until(s, 'cb:retreat');
    s = act(s, { type: 'declareRetreat' });
    expect(cur(s.game)!.loss.SU).toBe(1);
    s = act(s, { type: 'stepLoss', unit: '71G' });
    if (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    expect(E.b.grid.distance(unit(s, '71G').hex, H('1905'))).toBe(1);
    expect(unit(s, '71G').reduced).toBe(true);
    expect(kind(s)).toBe('cb:advance');
    expect(legal(s)).toEqual([
      { type: 'advanceInto', unit: 'GD' },
      { type: 'advanceInto', unit: 'LAH' },
      { type: 'noAdvance' },
    ]);
    s = act(s, { type: 'advanceInto', unit: 'LAH' });
    expect(L(unit(s, 'LAH').hex)).toBe('1905');
  });

  it('D-18, 11.6, A-12: German 5 + armor 3 = 8 beats Soviet 3 + town 2 + armor 2 = 7; the Soviet loses 5 (raw) or 8 (lossUsesFinal)', () => {
    const town = E.b.grid.terrain.findIndex(
      (t, h) => E.d.tables.terrain[t]!.id === 'town' && !E.b.entrench[h] && !E.b.source[h],
    );
    const nb = E.b.grid.neighbours(town).find((h) => !E.b.grid.hexsideBetween(town, h))!;
    for (const [opt, loss] of [
      [false, 5],
      [true, 8],
    ] as const) {
      const s = position({
        units: { GD: L(nb), '71G': L(town) },
        chits: { GD: ['Tiger'], '71G': ['KV-1'] },
        options: { lossUsesFinal: opt },
      });
      const g = s.game;
      const b = { ...newBattle(0, '71G', 'DE'), attackers: ['GD'], step: 'damage' };
      g.combat = { ...idle(), stage: 'battle', battles: [b], current: 0 };
      b.declared.push(chit(s, 'GD', 'Tiger'), chit(s, '71G', 'KV-1'));
      b.dmg = { DE: 5, SU: 3 };
      expect(totals(E, g, b).final).toEqual({ DE: 8, SU: 7 });
      const ctx = { log() {}, roll: () => [], irreversible() {}, seq: 0 };
      damage(E, ctx, g, b);
      expect(b.loss).toEqual({ DE: 0, SU: loss });
    }
  });

  it("D-19, 11.6(3): equal final values: both lose, each the other side's raw points", () => {
    const s = position({ units: { GD: '1904', '71G': '1905' } });
    const g = s.game;
    const b = { ...newBattle(0, '71G', 'DE'), attackers: ['GD'], step: 'damage' };
    g.combat = { ...idle(), stage: 'battle', battles: [b], current: 0 };
    b.dmg = { DE: 4, SU: 4 }; // clear: TDL 0, no armor: 4 vs 4
    damage(E, { log() {}, roll: () => [], irreversible() {}, seq: 0 }, g, b);
    expect(b.loss).toEqual({ DE: 4, SU: 4 });
  });

  it('D-20, 14.0: a 1-step loss with retreat becomes 0; the stack still retreats', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' } });
    s = declare(beat(s, 1), ['GD', '71G']);
    s = act(until(s, 'cb:retreat'), { type: 'declareRetreat' });
    expect(cur(s.game)?.loss.SU ?? 0).toBe(0);
    if (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    expect(unit(s, '71G').reduced).toBe(false);
    expect(E.b.grid.distance(unit(s, '71G').hex, H('1905'))).toBe(1);
  });

  it('D-21, 14.0(5)(6): when the only hex outside enemy ZOC holds a friendly stack, the retreat goes through it to the next empty hex', () => {
    const grid = E.b.grid,
      c = H('1905'),
      gd = H('1904');
    const ring = grid.neighbours(c);
    const srcDist = (h: number) => Math.min(...E.b.sources.SU.map((q) => grid.distance(h, q)));
    const x = ring.filter((h) => grid.distance(h, gd) > 1).sort((a, b) => srcDist(a) - srcDist(b))[0]!;
    const others = ring.filter((h) => h !== x && h !== gd);
    const blockers: number[] = [];
    for (const h of others) {
      if (blockers.some((b) => grid.distance(b, h) === 1)) continue;
      const b = grid
        .neighbours(h)
        .find((y) => y !== c && grid.distance(y, x) > 1 && grid.distance(y, c) === 2 && !blockers.includes(y));
      if (b !== undefined) blockers.push(b);
    }
    const ids = ['LAH', 'DR', 'T', '3Pz', '11Pz'];
    const units: Record<string, string> = { GD: '1904', '71G': '1905', '67G': L(x) };
    blockers.forEach((h, k) => {
      units[ids[k]!] = L(h);
    });
    let s = position({ units, chits: { '71G': ['Detachment'] } });
    s = declare(dice(s, 1, 1, 1, 1, ...six(3)), ['GD', '71G']);
    s = act(until(s, 'cb:retreat'), { type: 'declareRetreat' });
    s = act(act(s, { type: 'stepLoss', unit: '71G' }), { type: 'chitLoss', chit: chit(s, '71G', 'Detachment') });
    while (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    const end = unit(s, '71G').hex;
    expect(end).toBeGreaterThanOrEqual(0);
    expect(grid.distance(end, c)).toBe(2);
    expect(grid.distance(end, x)).toBe(1);
    expect(L(unit(s, '67G').hex)).toBe(L(x));
    expect(logged(s, new RegExp(`71st Guards Rifle Div\\. retreats ${L(x)} - `))).toBe(true);
  });

  it('D-22, 14.0(4)2: a stack whose every neighbour is in enemy ZOC is removed when it retreats', () => {
    // 71G at 1905 surrounded: German units two hexes away cover every neighbour with ZOC
    const ring = E.b.grid.neighbours(H('1905'));
    const far = E.b.grid.hexesWithin(H('1905'), 2).filter((h) => E.b.grid.distance(h, H('1905')) === 2);
    const ids = ['LAH', 'DR', 'T', '3Pz', '11Pz', '6Pz', '7Pz', '19Pz'];
    const units: Record<string, string> = { GD: L(ring[0]!), '71G': '1905' };
    far
      .filter((_, k) => k % 2 === 0)
      .slice(0, ids.length)
      .forEach((h, k) => {
        units[ids[k]!] = L(h);
      });
    let s = position({ units });
    s = declare(beat(s, 2), ['GD', '71G']);
    s = act(until(s, 'cb:retreat'), { type: 'declareRetreat' });
    s = act(s, { type: 'stepLoss', unit: '71G' });
    expect(unit(s, '71G').hex).toBe(-2);
    expect(logged(s, /cannot retreat/)).toBe(true);
  });

  it('D-24, 15.0(4): when the attacker retreats nobody advances', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' } });
    s = declare(dice(s, ...six(4), 1, 1, 6), ['GD', '71G']);
    s = until(s, 'cb:retreat');
    expect(prokhorovka.decision(s)!.role).toBe('DE');
    s = act(s, { type: 'declareRetreat' });
    s = act(s, { type: 'stepLoss', unit: 'GD' }); // 2 halved to 1
    if (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    expect(L(unit(s, 'GD').hex)).not.toBe('1904');
    expect(kind(s)).toBe('normalAttack');
    expect(L(unit(s, '71G').hex)).toBe('1905');
  });

  it('D-25, 13.0(3): removing a reduced unit takes its chits with it', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, chits: { '71G': ['Detachment'] } });
    s.game.units.find((u) => u.id === '71G')!.reduced = true;
    s = declare(beat(s, 1), ['GD', '71G']);
    s = act(until(s, 'cb:retreat'), { type: 'holdGround' });
    const c = chit(s, '71G', 'Detachment');
    s = act(s, { type: 'stepLoss', unit: '71G' });
    expect(s.game.equip.find((x) => x.id === c)!.loc).toBe('cup');
  });

  it('D-36, 签一览 position: a face-up bunker goes back to its cup when its stack retreats', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, chits: { '71G': ['Bunker', 'Detachment'] } });
    s = declare(s, ['GD', '71G']);
    const bunker = chit(s, '71G', 'Bunker');
    s = dice(s, 1, 1, 1, 1, ...six(3)); // 4 vs bunker TDL 3
    s = act(s, { type: 'declareChit', chit: bunker });
    s = act(until(s, 'cb:retreat'), { type: 'declareRetreat' });
    s = act(act(s, { type: 'stepLoss', unit: '71G' }), { type: 'chitLoss', chit: chit(s, '71G', 'Detachment') });
    if (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    expect(unit(s, '71G').hex).toBeGreaterThanOrEqual(0);
    expect(s.game.equip.find((x) => x.id === bunker)!.loc).toBe('cup');
  });

  it('D-39, 签一览 Close combat: raw German 5, Soviet 3, the German wins: the Soviet loses 5 and the German 3', () => {
    const s = position({ units: { GD: '1904', '71G': '1905' } });
    const g = s.game;
    const b = { ...newBattle(0, '71G', 'DE'), attackers: ['GD'], step: 'damage', closeCombat: true };
    g.combat = { ...idle(), stage: 'battle', battles: [b], current: 0 };
    b.dmg = { DE: 5, SU: 3 };
    damage(E, { log() {}, roll: () => [], irreversible() {}, seq: 0 }, g, b);
    expect(b.loss).toEqual({ DE: 3, SU: 5 });
  });

  it('D-40, 签一览 Minefield: +2 damage points on defence only', () => {
    for (const [att, expected] of [
      ['DE', 2],
      ['SU', 0],
    ] as const) {
      const s = position({ side: att, units: { GD: '1904', '71G': '1905' }, support: { SU: ['Minefield'] } });
      const g = s.game;
      const target = att === 'DE' ? '71G' : 'GD';
      const b = { ...newBattle(0, target, att), attackers: [att === 'DE' ? 'GD' : '71G'], step: 'damage' };
      b.alloc.SU.push(sup(s, 'SU', 'Minefield'));
      g.combat = { ...idle(), stage: 'battle', battles: [b], current: 0 };
      damage(E, { log() {}, roll: () => [], irreversible() {}, seq: 0 }, g, b);
      expect(b.dmg.SU).toBe(expected);
    }
  });
});
