/**
 * Worked examples T-05..T-09 (air, Smoke, Wittmann, bombing, SP artillery) and the derived cases
 * of spec §9 for air combat (16.0-16.3), the support step (11.2(3)), Molotov, 19.3, 19.5 and
 * ranged chits (11.2(1)3, A-34), with scripted dice.
 */
import { describe, expect, it } from 'vitest';
import { cs, cur, idle } from './core.ts';
import { declarable } from './battle.ts';
import { bestArmor, duelArmor } from './fire.ts';
import { newBattle } from './phase.ts';
import { E, act, chit, declare, dice, kind, legal, logged, position, six, sup, until, type S } from './testkit.ts';
import type { Asked } from '../state.ts';

const loc = (s: S, id: string) =>
  (s.game.equip.find((c) => c.id === id) ?? s.game.support.find((c) => c.id === id))!.loc;
const mission = (s: S, chitId: string, m: string, targets: string[] = []) =>
  act(s, { type: 'airMission', chit: chitId, mission: m, targets });

describe('16.0-16.3 air combat (T-05, T-06, T-08, D-30..D-34)', () => {
  it('T-05, 16.1(3)(5), 16.3, A-39: Rudel is intercepted by La-5 (3 hits, re-rolled 5), misses the T-34 (4, re-rolled 2: hit), hits PakFront on a hill (2 <= 4)', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905', '67G': '1114' },
      chits: { '71G': ['T-34'], '67G': ['PakFront'] },
      faceUp: ['T-34', 'PakFront'],
      support: { DE: ['Ju 87 (Rudel)'], SU: ['La-5'] },
    });
    s = dice(s, 3, 5, 4, 2, 2, ...six(7));
    s = declare(s, ['GD', '71G']);
    const [rudel, la5, t34, pak] = [
      sup(s, 'DE', 'Ju 87 (Rudel)'),
      sup(s, 'SU', 'La-5'),
      chit(s, '71G', 'T-34'),
      chit(s, '67G', 'PakFront'),
    ];
    expect(kind(s)).toBe('cb:air');
    s = mission(s, rudel, 'ground', [t34, pak]);
    expect(kind(s)).toBe('cb:intercept');
    s = act(s, { type: 'intercept', chit: la5 });
    expect(kind(s)).toBe('cb:reroll'); // the La-5 hit (3 <= 3) hurts the German: Rudel may re-roll it
    s = act(s, { type: 'reroll', die: 0, by: rudel });
    expect(kind(s)).toBe('cb:reroll'); // shot 1: 4 misses the T-34 (needs 3 = 4 - max(armor 1, TDL 0))
    s = act(s, { type: 'reroll', die: 0, by: rudel });
    expect(loc(s, t34)).toBe('cup');
    expect(loc(s, pak)).toBe('cup');
    expect(loc(s, rudel)).toBe('cup'); // 16.1(6): back to the support cup
    expect(loc(s, la5)).toBe('cup');
    expect(s.log.filter((l) => /re-rolls/.test(l.text))).toHaveLength(2);
    expect(cur(s.game)?.dmg.DE ?? 0).toBe(0); // 16.3(3): no damage points
  });

  it('T-06, 签一览 Smoke, A-22: Smoke activated against a second bombing cancels it and later German bombardment; the first 2 points stay', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      support: { DE: ['He 111', 'He 111', 'Heavy artillery'], SU: ['Smoke', 'Katyusha'] },
    });
    s = dice(s, 1, 1, ...six(3), ...six(7));
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Smoke'), battle: '71G' });
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Katyusha'), battle: '71G' });
    s = act(s, { type: 'allocate', chit: sup(s, 'DE', 'Heavy artillery'), battle: '71G' });
    s = mission(s, sup(s, 'DE', 'He 111'), 'bomb');
    s = act(s, { type: 'noSmoke' });
    expect(cur(s.game)!.dmg.DE).toBe(2);
    s = mission(s, sup(s, 'DE', 'He 111', 1), 'bomb');
    expect(kind(s)).toBe('cb:smoke');
    s = act(s, { type: 'activateSmoke', chit: sup(s, 'SU', 'Smoke') });
    expect(loc(s, sup(s, 'DE', 'He 111', 1))).toBe('cup');
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /German bombardment/)).toBe(false); // the German heavy artillery is cancelled
    expect(logged(s, /Soviet bombardment, 3 dice/)).toBe(true); // the Soviet one is not
    expect(logged(s, /German 2 \(damage 2/)).toBe(true);
  });

  it('T-08, D-30, 16.2(3): two bombers hit 2 and 1; the 3 pooled hits cancel T-34 (1) and KV-1 (2); armor-0 SU-76 still supports', () => {
    let s = position({
      units: { GD: '1904', '6TC': '1905' },
      chits: { '6TC': ['T-34', 'KV-1', 'SU-76'] },
      support: { DE: ['He 111', 'He 111'] },
    });
    s = dice(s, 1, 1, 1, 6, ...six(6));
    s = declare(s, ['GD', '6TC']);
    s = mission(s, sup(s, 'DE', 'He 111'), 'bomb');
    s = mission(s, sup(s, 'DE', 'He 111', 1), 'bomb');
    s = until(s, 'cb:equip');
    while (kind(s) === 'cb:equip') s = act(s, legal(s)[0]!);
    s = until(s, 'cb:bombAlloc');
    expect(cur(s.game)!.bombPool.DE).toBe(3);
    const [t34, kv] = [chit(s, '6TC', 'T-34'), chit(s, '6TC', 'KV-1')];
    s = act(s, { type: 'bombHit', chit: t34 });
    s = act(s, { type: 'bombHit', chit: kv });
    s = act(s, { type: 'bombHit', chit: kv });
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /T-34 is cancelled by bombing/)).toBe(true);
    expect(logged(s, /KV-1 is cancelled by bombing/)).toBe(true);
    expect(s.log.filter((l) => /tank support: automatic hit/.test(l.text))).toHaveLength(1); // only the SU-76
    expect(logged(s, /German 3 \(damage 3/)).toBe(true);
  });

  it('D-30, 16.2(3): 2 bombing hits on a tank of armor 3 do not cancel it', () => {
    let s = position({
      side: 'SU',
      units: { '71G': '1904', GD: '1905' },
      chits: { GD: ['Tiger'] },
      support: { SU: ['Pe-2'] },
    });
    s = dice(s, 1, 1, ...six(7), 6);
    s = declare(s, ['71G', 'GD']);
    s = act(s, { type: 'airMission', chit: sup(s, 'SU', 'Pe-2'), mission: 'bomb', targets: [] });
    s = until(s, 'cb:equip');
    s = act(s, { type: 'declareChit', chit: chit(s, 'GD', 'Tiger') });
    s = until(s, 'cb:bombAlloc');
    s = act(act(s, { type: 'bombHit', chit: chit(s, 'GD', 'Tiger') }), {
      type: 'bombHit',
      chit: chit(s, 'GD', 'Tiger'),
    });
    expect(cur(s.game)!.cancelled).not.toContain(chit(s, 'GD', 'Tiger'));
  });

  it('D-31, 16.1(2): Soviet AA fire (85 mm, AA 4) rolls 2: the bombing is cancelled and the bomber goes to the German support cup', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905', '67G': '1805' },
      chits: { '67G': ['85 mm AA gun'] },
      support: { DE: ['He 111'] },
    });
    s = dice(s, 2, ...six(7));
    s = declare(s, ['GD', '71G']);
    const he = sup(s, 'DE', 'He 111');
    s = mission(s, he, 'bomb');
    expect(kind(s)).toBe('cb:aa');
    s = act(s, { type: 'aaFire', chit: chit(s, '67G', '85 mm AA gun') });
    expect(loc(s, he)).toBe('cup');
    expect(cur(s.game)?.dmg.DE ?? 0).toBe(0);
  });

  it('D-32, 16.1(4): a German fighter counter-intercepts the Soviet interceptor: removed from the game; the mission goes ahead', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, support: { DE: ['He 111', 'Bf 109'], SU: ['La-5'] } });
    s = dice(s, 4, 1, 1, ...six(7));
    s = declare(s, ['GD', '71G']);
    s = mission(s, sup(s, 'DE', 'He 111'), 'bomb');
    s = act(s, { type: 'intercept', chit: sup(s, 'SU', 'La-5') });
    expect(kind(s)).toBe('cb:counter');
    s = act(s, { type: 'counterIntercept', chit: sup(s, 'DE', 'Bf 109') });
    expect(loc(s, sup(s, 'SU', 'La-5'))).toBe('gone');
    expect(loc(s, sup(s, 'DE', 'Bf 109'))).toBe('cup');
    expect(cur(s.game)!.dmg.DE).toBe(2);
  });

  it('16.1(6)3, A-17: reconnaissance in the own player-turn turns enemy chits face-up, chosen by stack and back, never by id', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34', 'MG nest'] },
      support: { DE: ['Fw 189'] },
    });
    s = dice(s, ...six(20));
    s = declare(s, ['GD', '71G']);
    s = mission(s, sup(s, 'DE', 'Fw 189'), 'recon');
    expect(kind(s)).toBe('cb:recon');
    expect(legal(s)).toEqual([
      { type: 'reconReveal', unit: '71G', back: 'equip' },
      { type: 'reconReveal', unit: '71G', back: 'tank' },
      { type: 'doneRevealing' },
    ]);
    s = act(s, { type: 'reconReveal', unit: '71G', back: 'tank' }); // named at declaration
    expect(legal(s)).toEqual([{ type: 'reconReveal', unit: '71G', back: 'equip' }, { type: 'doneRevealing' }]); // one tank chit there
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'T-34'))!.faceUp).toBe(false);
    s = act(s, { type: 'doneRevealing' });
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'T-34'))!.faceUp).toBe(true);
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'MG nest'))!.faceUp).toBe(false);
  });

  it('16.1(1)2: a ground attack may be flown outside a battle, from the attack phase itself; it adds no damage points', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      faceUp: ['T-34'],
      support: { DE: ['Hs 129'] },
    });
    const [hs, t34] = [sup(s, 'DE', 'Hs 129'), chit(s, '71G', 'T-34')];
    expect(legal(s)).toContainEqual({ type: 'airMission', chit: hs, mission: 'ground', targets: [t34] });
    expect(legal(s).some((a) => (a as { mission?: string }).mission === 'bomb')).toBe(false); // 16.1(1)1: no battle under way
    s = dice(s, 2); // Hs 129 ground attack 3 vs max(T-34 armor 1, clear TDL 0): hit on <= 2
    s = mission(s, hs, 'ground', [t34]);
    expect(loc(s, t34)).toBe('cup');
    expect(loc(s, hs)).toBe('cup');
    expect(kind(s)).toBe('normalAttack');
  });

  it('D-33, D-34, 16.1(1)23: no ground attack on a face-down chit; no reconnaissance in the enemy player-turn', () => {
    let s = position({
      side: 'SU',
      units: { '71G': '1904', GD: '1905', '67G': '1805' },
      chits: { '67G': ['T-34'] },
      support: { DE: ['Hs 129', 'Fw 189', 'He 111'] },
    });
    s = declare(s, ['71G', 'GD']);
    expect(kind(s)).toBe('cb:air');
    expect(prokRole(s)).toBe('DE');
    expect(legal(s).some((a) => (a as { mission?: string }).mission === 'recon')).toBe(false);
    expect(() => mission(s, sup(s, 'DE', 'Fw 189'), 'recon')).toThrow(/16\.1\(1\)3/);
    expect(() => mission(s, sup(s, 'DE', 'Hs 129'), 'ground', [chit(s, '67G', 'T-34')])).toThrow(/16\.1\(1\)2/);
  });
});

const prokRole = (s: S) => (s.game.stack[s.game.stack.length - 1] as Asked).role;

describe('Wittmann, Molotov, Sniper, Commander, Engineers (T-07, D-41..D-43, D-60)', () => {
  it('T-07, 签一览 Wittmann: no re-roll of bombardment on its stack; a T-34 hit on Wittmann may be re-rolled', () => {
    let s = position({
      side: 'SU',
      units: { '71G': '1904', GD: '1905' },
      chits: { '71G': ['T-34'], GD: ['Tiger (Wittmann)'] },
      support: { SU: ['Katyusha'] },
    });
    s = dice(s, 1, 1, 1, ...six(3), ...six(4), 1, 4, 6);
    s = declare(s, ['71G', 'GD']);
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Katyusha'), battle: 'GD' });
    const [t34, witt] = [chit(s, '71G', 'T-34'), chit(s, 'GD', 'Tiger (Wittmann)')];
    s = act(s, { type: 'declareChit', chit: t34 });
    s = act(s, { type: 'declareChit', chit: witt });
    expect(logged(s, /Soviet bombardment: 3 hit/)).toBe(true);
    expect(kind(s)).toBe('cb:pair'); // no re-roll window was offered for the bombardment
    s = act(s, { type: 'pair', de: witt, su: t34 });
    expect(kind(s)).toBe('cb:reroll'); // the T-34 rolled 1 (a natural 1 always hits) at Wittmann
    expect(legal(s)).toContainEqual({ type: 'reroll', die: 0, by: witt });
    s = act(s, { type: 'reroll', die: 0, by: witt });
    expect(logged(s, /T-34 misses Tiger \(Wittmann\)/)).toBe(true);
    expect(kind(s)).toBe('cb:reroll'); // Wittmann's own miss (6) may be re-rolled too
  });

  it('D-41, 签一览 Molotov: a random German tank or SP AT (here the 2nd of 3) is destroyed on 2; the Molotov is removed from the game', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { GD: ['Pz IV', 'Pz IV', 'Marder III'] },
      support: { SU: ['Molotov cocktail'] },
    });
    s = dice(s, ...six(7), 2, 2);
    s = declare(s, ['GD', '71G']);
    const mol = sup(s, 'SU', 'Molotov cocktail');
    s = act(s, { type: 'allocate', chit: mol, battle: '71G' });
    const second = chit(s, 'GD', 'Pz IV', 1);
    while (kind(s) === 'cb:equip') s = act(s, legal(s)[0]!);
    expect(loc(s, second)).toBe('cup');
    expect(loc(s, mol)).toBe('gone');
  });

  it('D-42, 11.2(3): a Sniper names the first Commander (no effect); the second Commander cancels Melee', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      support: { SU: ['Sniper', 'Melee'], DE: ['Commander', 'Commander'] },
    });
    s = dice(s, ...six(7));
    s = declare(s, ['GD', '71G']);
    const [sn, mel, c1, c2] = [
      sup(s, 'SU', 'Sniper'),
      sup(s, 'SU', 'Melee'),
      sup(s, 'DE', 'Commander'),
      sup(s, 'DE', 'Commander', 1),
    ];
    s = act(act(s, { type: 'allocate', chit: sn, battle: '71G' }), { type: 'allocate', chit: mel, battle: '71G' });
    s = act(act(s, { type: 'allocate', chit: c1, battle: '71G' }), { type: 'allocate', chit: c2, battle: '71G' });
    expect(kind(s)).toBe('cb:sniper');
    s = act(s, { type: 'snipe', by: sn, chit: c1 });
    expect(kind(s)).toBe('cb:commander');
    s = act(s, { type: 'command', by: c2, chit: mel });
    s = until(s, 'cb:retreat', 'cb:loss', 'normalAttack');
    expect(logged(s, /Commander cancels Melee/)).toBe(true);
    expect(logged(s, /Grossdeutschland normal fire, 4 dice/)).toBe(true); // Melee cancelled: not doubled
  });

  it('签一览 Commander 1, Sniper ※: a Commander re-rolls a missed die; a Soviet Sniper kept back may cancel it at once', () => {
    for (const snipe of [true, false]) {
      let s = position({ units: { GD: '1904', '71G': '1905' }, support: { SU: ['Sniper'], DE: ['Commander'] } });
      s = dice(s, 6, 6, 6, 6, ...(snipe ? [] : [1]), 6, 6, 6);
      s = declare(s, ['GD', '71G']);
      const [sn, cmd] = [sup(s, 'SU', 'Sniper'), sup(s, 'DE', 'Commander')];
      s = act(act(s, { type: 'allocate', chit: sn, battle: '71G' }), { type: 'allocate', chit: cmd, battle: '71G' });
      s = act(act(s, { type: 'doneCancelling' }), { type: 'doneCancelling' });
      expect(kind(s)).toBe('cb:reroll');
      s = act(s, { type: 'reroll', die: 0, by: cmd });
      expect(kind(s)).toBe('cb:snipeNow');
      s = act(s, snipe ? { type: 'snipeCommander', by: sn } : { type: 'noSnipe' });
      expect(logged(s, /cancels the Commander's re-roll/)).toBe(snipe);
      expect(logged(s, /Commander re-rolls 6 -> 1/)).toBe(!snipe);
      expect(logged(s, /Grossdeutschland normal fire: 1 hit/)).toBe(!snipe);
    }
  });

  it('D-43, 签一览 Engineers: remove one enemy position, or cancel every enemy positional weapon (bunker and minefield)', () => {
    for (const remove of [true, false]) {
      let s = position({
        units: { GD: '1904', '71G': '1905' },
        chits: { '71G': ['Bunker'] },
        support: { SU: ['Minefield'], DE: ['Engineers'] },
      });
      s = dice(s, ...six(7));
      s = declare(s, ['GD', '71G']);
      const [mine, eng, bunker] = [sup(s, 'SU', 'Minefield'), sup(s, 'DE', 'Engineers'), chit(s, '71G', 'Bunker')];
      s = act(act(s, { type: 'allocate', chit: mine, battle: '71G' }), { type: 'allocate', chit: eng, battle: '71G' });
      s = act(s, { type: 'declareChit', chit: bunker });
      expect(kind(s)).toBe('cb:engineers');
      s = act(s, remove ? { type: 'engineers', by: eng, remove: bunker } : { type: 'engineers', by: eng });
      if (remove) expect(loc(s, bunker)).toBe('cup');
      else expect(cs(s.game).battles[0]!.cancelled).toEqual(expect.arrayContaining([bunker, mine]));
    }
  });

  it('D-60, 签一览 Commander 2, A-20: a Commander cancels SP artillery with firepower >= 1: removed from the game', () => {
    let s = position({
      side: 'SU',
      units: { '71G': '1904', GD: '1905' },
      chits: { '71G': ['SU-152'] },
      support: { DE: ['Commander'] },
    });
    s = dice(s, ...six(7));
    s = declare(s, ['71G', 'GD']);
    s = act(s, { type: 'allocate', chit: sup(s, 'DE', 'Commander'), battle: 'GD' });
    const su152 = chit(s, '71G', 'SU-152');
    s = act(s, { type: 'declareChit', chit: su152 });
    s = act(s, { type: 'command', by: sup(s, 'DE', 'Commander'), chit: su152 });
    expect(loc(s, su152)).toBe('gone');
  });
});

describe('ranged chits, 19.3, 19.5 (T-09, D-50, D-51, D-54, D-55, D-59)', () => {
  /** A battle under way in the given phase with `target` defending against `attackers`. */
  function battle(s: S, target: string, attackers: string[]) {
    const g = s.game;
    const b = { ...newBattle(cs(g).battles.length, target, g.side), attackers, step: 'equip:DE' };
    g.combat = {
      ...(g.combat ?? idle()),
      phase: g.phase === 'reserveAttack' ? 'reserve' : 'normal',
      stage: 'battle',
      battles: [...(g.combat?.battles ?? []), b],
      current: b.id,
    };
    return b;
  }

  it('T-09, D-54, D-55, A-34: SP artillery (range 2) fires in its own normal phase, not in its reserve phase, once in each Soviet attack phase; a 4th use in a phase is refused', () => {
    // German normal attack phase: 3Pz (not designated) holds a Hummel 2 hexes from the target
    let s = position({
      units: { GD: '1904', '3Pz': '2006', '71G': '1905', '67G': '1804' },
      chits: { '3Pz': ['Hummel'] },
    });
    const hummel = chit(s, '3Pz', 'Hummel');
    expect(declarable(E, s.game, battle(s, '71G', ['GD']), 'DE').map((x) => x.chit)).toContain(hummel);
    s = position({
      phase: 'reserveAttack',
      units: { GD: '1904', '3Pz': '2006', '71G': '1905' },
      designated: ['GD'],
      chits: { '3Pz': ['Hummel'] },
    });
    expect(declarable(E, s.game, battle(s, '71G', ['GD']), 'DE').map((x) => x.chit)).not.toContain(hummel); // D-55: not activated
    // Soviet normal attack phase: two battles against German stacks within 2 hexes
    s = position({
      side: 'SU',
      units: { GD: '1905', LAH: '2005', '3Pz': '2006', '71G': '1904', '67G': '2004' },
      chits: { '3Pz': ['Hummel'] },
    });
    s = dice(s, ...six(30));
    s = declare(s, ['71G', 'GD'], ['67G', 'LAH']);
    s = act(s, { type: 'resolve', battle: 'GD' });
    expect(legal(s)).toContainEqual({ type: 'declareChit', chit: hummel });
    s = act(s, { type: 'declareChit', chit: hummel });
    s = until(s, 'cb:equip', 'cb:loss', 'cb:retreat');
    expect(kind(s) === 'cb:equip' ? legal(s) : []).not.toContainEqual({ type: 'declareChit', chit: hummel }); // D-54: once per phase
    expect(cs(s.game).rangedUsed).toContain(hummel);
    // Soviet reserve attack phase: a new phase, the Hummel may fire again
    s = position({
      side: 'SU',
      phase: 'reserveAttack',
      designated: ['71G'],
      units: { GD: '1905', '3Pz': '2006', '71G': '1904' },
      chits: { '3Pz': ['Hummel'] },
    });
    expect(declarable(E, s.game, battle(s, 'GD', ['71G']), 'DE').map((x) => x.chit)).toContain(hummel);
  });

  it('D-50, 19.3: SU152 used as an SP AT gun (AT 5) in a German turn-3 phase may not fire its artillery until the Soviet turn 3', () => {
    const s = position({
      side: 'DE',
      turn: 3,
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['SU-152'] },
      options: { beastKiller: true },
    });
    const su152 = chit(s, '71G', 'SU-152');
    const b = battle(s, '71G', ['GD']);
    expect(declarable(E, s.game, b, 'SU')).toEqual([{ chit: su152 }, { chit: su152, asSpat: true }]);
    cs(s.game).memo.push({ chit: su152, mode: 'spat', until: 3 * 2 + 1 });
    s.game.phase = 'reserveAttack';
    expect(declarable(E, s.game, b, 'SU')).toEqual([{ chit: su152, asSpat: true }]);
    s.game.side = 'SU';
    expect(declarable(E, s.game, b, 'SU')).toEqual([{ chit: su152 }, { chit: su152, asSpat: true }]);
  });

  it('D-51, 19.5: a German SP AT gun taking part breaks down on a 1 and is removed from the game', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { GD: ['Marder III'] },
      options: { tdBreakdowns: true },
    });
    s = dice(s, 1, ...six(7));
    s = declare(s, ['GD', '71G']);
    const m = chit(s, 'GD', 'Marder III');
    s = act(s, { type: 'declareChit', chit: m });
    expect(loc(s, m)).toBe('gone');
    expect(logged(s, /breaks down/)).toBe(true);
  });

  it('D-59, A-36: a ranged AT gun (bracket armor 2) is fired on with armor 2 but adds no armor in damage application', () => {
    const s = position({
      side: 'SU',
      units: { '71G': '1904', GD: '1905', LAH: '2006' },
      chits: { LAH: ['Pak 40'], '71G': ['T-34'] },
    });
    const b = battle(s, 'GD', ['71G']);
    const pak = chit(s, 'LAH', 'Pak 40'),
      t34 = chit(s, '71G', 'T-34');
    b.declared.push(pak, t34);
    expect(duelArmor(E, s.game, b, pak, t34)).toBe(1); // Pak 40's bracketed armor (1) against clear TDL 0
    expect(bestArmor(E, s.game, b, 'DE')).toBe(0);
  });
});
