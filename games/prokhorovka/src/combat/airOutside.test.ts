/**
 * Air missions and immediate-use chits outside the battles (16.0(1), 16.1(1)-(2), 签一览 Commander ①,
 * Sniper ※, A-17, A-23, A-40, A-52): ground attack at any time (the movement phase; the
 * non-phasing player at the allocation step), reconnaissance targets named at declaration so
 * that AA fire can answer it, a Commander from the support pool re-rolling outside a battle, and a
 * Sniper from the support pool cancelling a Commander's re-roll at once.
 */
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';
import { act, chit, declare, dice, kind, legal, logged, position, six, sup, type Pos, type S } from './testkit.ts';
import { askPhase } from '../sequence.ts';

const mission = (s: S, chitId: string, m: string, targets: string[] = []) =>
  act(s, { type: 'airMission', chit: chitId, mission: m, targets });
const loc = (s: S, id: string) =>
  (s.game.equip.find((c) => c.id === id) ?? s.game.support.find((c) => c.id === id))!.loc;
const role = (s: S) => prokhorovka.decision(s)!.role;
function inMovement(p: Pos): S {
  const s = position(p);
  s.game.phase = 'movement';
  s.game.stack = [];
  askPhase(s.game, 'movement');
  return s;
}

describe('16.1(1)2: ground attack at any time', () => {
  it('16.1(1)2, 16.3: the phasing player flies a ground attack in its movement phase; the phase goes on after it', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      faceUp: ['T-34'],
      support: { DE: ['Hs 129'] },
    });
    const [hs, t34] = [sup(s, 'DE', 'Hs 129'), chit(s, '71G', 'T-34')];
    expect(legal(s)).toContainEqual({ type: 'airMission', chit: hs, mission: 'ground', targets: [t34] });
    expect(legal(s).some((a) => (a as { mission?: string }).mission === 'bomb')).toBe(false); // 16.1(1)1: no battle
    s = mission(dice(s, 2), hs, 'ground', [t34]);
    expect(loc(s, t34)).toBe('cup');
    expect(loc(s, hs)).toBe('cup');
    expect(kind(s)).toBe('movement');
    expect(legal(s).some((a) => a.type === 'pick')).toBe(true);
  });

  it('16.1(1)3, D-34: reconnaissance may fly in the own movement phase', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      support: { DE: ['Fw 189'] },
    });
    s = mission(s, sup(s, 'DE', 'Fw 189'), 'recon');
    s = act(s, { type: 'reconReveal', unit: '71G', back: 'tank' }); // the only target left: the naming ends by itself
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'T-34'))!.faceUp).toBe(true);
    expect(kind(s)).toBe('movement');
  });

  it('16.1(1)2-3: ground attack and reconnaissance are offered in the designation and reorganization phases too', () => {
    for (const phase of ['designation', 'reorganization'] as const) {
      let s = inMovement({
        units: { GD: '1904', '71G': '1905' },
        chits: { '71G': ['T-34'] },
        faceUp: ['T-34'],
        support: { DE: ['Hs 129'] },
      });
      s.game.phase = phase;
      s.game.stack = [];
      askPhase(s.game, phase);
      const [hs, t34] = [sup(s, 'DE', 'Hs 129'), chit(s, '71G', 'T-34')];
      expect(legal(s)).toContainEqual({ type: 'airMission', chit: hs, mission: 'ground', targets: [t34] });
      s = mission(dice(s, 2), hs, 'ground', [t34]);
      expect(loc(s, t34)).toBe('cup');
      expect(kind(s)).toBe(phase);
    }
  });

  it('16.1(1)2: the non-phasing player flies a ground attack at the allocation step, outside any battle window; allocation resumes', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { GD: ['Tiger'] },
      faceUp: ['Tiger'],
      support: { SU: ['Il-2', 'Sniper'] },
    });
    s = declare(s, ['GD', '71G']);
    expect(kind(s)).toBe('cb:allocate');
    expect(role(s)).toBe('SU');
    const [il2, tiger] = [sup(s, 'SU', 'Il-2'), chit(s, 'GD', 'Tiger')];
    expect(legal(s)).toContainEqual({ type: 'airMission', chit: il2, mission: 'ground', targets: [tiger] });
    s = mission(dice(s, 1), il2, 'ground', [tiger]); // 12.0: a natural 1 hits
    expect(loc(s, tiger)).toBe('cup');
    expect(kind(s)).toBe('cb:allocate');
    expect(role(s)).toBe('SU');
    expect(legal(s)).toContainEqual({ type: 'allocate', chit: sup(s, 'SU', 'Sniper'), battle: '71G' });
  });
});

describe('9.2(2), 3.6(3): who is asked at allocation', () => {
  it('9.2(2), 3.6(3), 16.1(1)2: a side with chits in its pool is asked even when none may be allocated (only air chits): it may fly a ground attack or pass', () => {
    let s = position({
      units: { GD: '1904', '71G': '1905' },
      chits: { GD: ['Tiger'] },
      faceUp: ['Tiger'],
      support: { SU: ['Il-2'], DE: ['Bf 109'] },
    });
    s = act(act(act(s, { type: 'pickAttacker', unit: 'GD' }), { type: 'attack', target: '71G' }), { type: 'endPhase' });
    expect([kind(s), role(s)]).toEqual(['cb:allocate', 'SU']);
    const [il2, tiger] = [sup(s, 'SU', 'Il-2'), chit(s, 'GD', 'Tiger')];
    expect(legal(s)).toEqual([
      { type: 'airMission', chit: il2, mission: 'ground', targets: [tiger] },
      { type: 'doneAllocating' },
    ]);
    s = act(s, { type: 'doneAllocating' });
    expect([kind(s), role(s)]).toEqual(['cb:allocate', 'DE']); // a fighter only: asked all the same
    expect(legal(s)).toEqual([{ type: 'doneAllocating' }]);
  });
});

describe('A-17, A-23, A-52: reconnaissance targets named at declaration; AA fire against them', () => {
  it('16.1(2), A-23: an AA gun within range of a named recon target fires at the mission; a hit cancels it', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34', '85 mm AA gun'] },
      faceUp: ['85 mm AA gun'],
      support: { DE: ['Fw 189'] },
    });
    const [fw, aa] = [sup(s, 'DE', 'Fw 189'), chit(s, '71G', '85 mm AA gun')];
    s = mission(s, fw, 'recon');
    s = act(s, { type: 'reconReveal', unit: '71G', back: 'tank' });
    expect(kind(s)).toBe('cb:aa');
    expect(role(s)).toBe('SU');
    expect(legal(s)).toContainEqual({ type: 'aaFire', chit: aa });
    s = act(dice(s, 3), { type: 'aaFire', chit: aa }); // 3 <= AA 4
    expect(logged(s, /mission is cancelled: AA fire/)).toBe(true);
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'T-34'))!.faceUp).toBe(false);
    expect(kind(s)).toBe('movement');
  });

  it('A-52 (alternative lateMissionChoice=true): targets chosen after the mission survives, so AA fire has no target hex', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34', '85 mm AA gun'] },
      faceUp: ['85 mm AA gun'],
      support: { DE: ['Fw 189'] },
      options: { lateMissionChoice: true },
    });
    s = mission(s, sup(s, 'DE', 'Fw 189'), 'recon');
    expect(kind(s)).toBe('cb:recon'); // no AA decision first
    s = act(s, { type: 'reconReveal', unit: '71G', back: 'tank' });
    expect(s.game.equip.find((c) => c.id === chit(s, '71G', 'T-34'))!.faceUp).toBe(true); // revealed at once
  });
});

describe('签一览 Commander ①, Sniper ※, A-40: immediate use from the support pool', () => {
  it('签一览 Commander ①: outside a battle a Commander in the support pool re-rolls a missed ground attack, then goes back to its cup', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      faceUp: ['T-34'],
      support: { DE: ['Hs 129', 'Commander'] },
    });
    const [hs, cmd, t34] = [sup(s, 'DE', 'Hs 129'), sup(s, 'DE', 'Commander'), chit(s, '71G', 'T-34')];
    s = mission(dice(s, 6, 2), hs, 'ground', [t34]);
    expect(kind(s)).toBe('cb:reroll');
    expect(role(s)).toBe('DE');
    s = act(s, { type: 'reroll', die: 0, by: cmd });
    expect(logged(s, /Commander re-rolls 6 -> 2/)).toBe(true);
    expect(loc(s, t34)).toBe('cup');
    expect(loc(s, cmd)).toBe('cup');
    expect(kind(s)).toBe('movement');
  });

  it('3.6(3): a player whose pool holds no Commander is still asked (only "keep") so that being asked reveals nothing; A-40 without "commander": not asked', () => {
    let s = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      faceUp: ['T-34'],
      support: { DE: ['Hs 129', 'Engineers'] },
    });
    s = mission(dice(s, 6), sup(s, 'DE', 'Hs 129'), 'ground', [chit(s, '71G', 'T-34')]);
    expect(kind(s)).toBe('cb:reroll');
    expect(legal(s)).toEqual([{ type: 'keepRoll' }]);
    let t = inMovement({
      units: { GD: '1904', '71G': '1905' },
      chits: { '71G': ['T-34'] },
      faceUp: ['T-34'],
      support: { DE: ['Hs 129', 'Commander'] },
      options: { redChits: ['sniper', 'smoke'] },
    });
    t = mission(dice(t, 6), sup(t, 'DE', 'Hs 129'), 'ground', [chit(t, '71G', 'T-34')]);
    expect(kind(t)).toBe('movement');
  });

  it('签一览 Sniper ※, A-40: a Sniper in the support pool (not allocated) cancels a Commander re-roll at once; without "sniper" in redChits it cannot', () => {
    for (const red of [true, false]) {
      let s = position({
        units: { GD: '1904', '71G': '1905' },
        support: { SU: ['Sniper'], DE: ['Commander'] },
        options: red ? {} : { redChits: ['commander', 'smoke'] },
      });
      s = dice(s, 6, 6, 6, 6, ...(red ? [] : [1]), 6, 6, 6);
      s = declare(s, ['GD', '71G']);
      const [sn, cmd] = [sup(s, 'SU', 'Sniper'), sup(s, 'DE', 'Commander')];
      s = act(act(s, { type: 'doneAllocating' }), { type: 'allocate', chit: cmd, battle: '71G' });
      while (kind(s) !== 'cb:reroll') s = act(s, legal(s).find((a) => /^done|^no/.test(a.type))!);
      s = act(s, { type: 'reroll', die: 0, by: cmd });
      if (red) {
        expect(kind(s)).toBe('cb:snipeNow');
        expect(legal(s)).toEqual([{ type: 'snipeCommander', by: sn }, { type: 'noSnipe' }]);
        s = act(s, { type: 'snipeCommander', by: sn });
        expect(logged(s, /cancels the Commander's re-roll/)).toBe(true);
        expect(loc(s, sn)).toBe('cup');
      } else {
        expect(kind(s)).not.toBe('cb:snipeNow');
        expect(logged(s, /Commander re-rolls 6 -> 1/)).toBe(true);
      }
    }
  });
});

void six;
