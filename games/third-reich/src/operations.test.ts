import { describe, expect, it } from 'vitest';
import { randomPlayout } from '@sandtable/engine';
import { POOL, REMOVED } from './board.ts';
// Play-through scenes and helpers, shared with derived.test.ts.
import {
  A,
  N,
  act,
  areasOffered,
  b,
  decision,
  game,
  group,
  moveTo,
  rules,
  scene,
  types,
  unitsOf,
  type S,
} from './testing/scene.ts';
import { ctrlSide, placements, seaCapacity, sourceCount } from './world.ts';
import { checkMove } from './movement.ts';

describe('7.0-9.1 group actions paid from the SV (6.1.1)', () => {
  it('8.1, 8.1(6), 6.1.1(1)(3): a move costs 1 SV, leaves the units unused, and a group acts once per SV use', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 2],
        ['GE-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s.game.ctrl[A('western_poland')] = N('GE');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-TF', 2]]);
    s = moveTo(s, 'western_poland');
    expect(s.game.op!.svLeft).toBe(1);
    const tfs = unitsOf(s, 'GE-TF', 'western_poland');
    expect(tfs).toHaveLength(2);
    expect(tfs.every((u) => s.game.used[u] === 0)).toBe(true);
    s = act(s, { type: 'form', area: 'western_poland' });
    expect(
      game
        .legalActions(s, 'axis')
        .filter((a) => a.type === 'add')
        .map((a) => (a as { unit: number }).unit)
        .some((u) => tfs.includes(u)),
    ).toBe(false);
  });
  it('8.1(3)(5): the path is chosen area by area; only legal next areas are offered', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 1],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-TF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'to', area: 'western_poland' }); // 1 + 1 (enemy control unit) MP; no friendly control unit: stop
    expect(types(s)).toEqual(['stop']);
  });
  it('9.1, 9.1(5), 11.1: a normal attack rolls one die per unit at its attack value and flips the attackers', () => {
    let s = scene(
      [
        ['GE-LF', 'western_poland', 2],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [3, 4] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'western_poland', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 3 <= 3 hit, 4 > 3 miss: 1 point on a D=2 PO-LF: no effect (11.4)
    const po = unitsOf(s, 'PO-LF', 'western_poland')[0]!;
    expect(s.game.used[po]).toBe(0);
    expect(unitsOf(s, 'GE-LF', 'western_poland').every((u) => s.game.used[u] === 1)).toBe(true);
    expect(s.game.op!.svLeft).toBe(1);
  });
  it('11.3.1, 11.5(1), 11.2(1)③: 4 points on a D=2 unit flip it and its owner retreats it to a legal area', () => {
    let s = scene(
      [
        ['GE-TF', 'western_poland', 4],
        ['PO-LF', 'western_poland', 1],
        ['PO-LF', 'warsaw', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'western_poland', [['GE-TF', 4]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 4 points, one target with threshold 6: all 4 go to it (no choice), flip and retreat
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'allies' });
    const opts = game.legalActions(s, 'allies').map((a) => (a as { to: string }).to);
    expect(opts).toContain('warsaw');
    expect(opts).toContain('pool');
    expect(opts).not.toContain('berlin'); // 11.5(1)①: enemy-controlled
    s = act(s, game.legalActions(s, 'allies').find((a) => (a as { to: string }).to === 'warsaw')!);
    expect(unitsOf(s, 'PO-LF', 'warsaw')).toHaveLength(2);
  });
  it('TC-68, 11.5(1): a unit that must retreat and has no legal area goes to the pool', () => {
    let s = scene(
      [
        ['GE-TF', 'warsaw', 2],
        ['PO-LF', 'warsaw', 1, 1],
        ['GE-LF', 'western_poland', 1],
        ['GE-LF', 'cracow', 1],
        ['GE-LF', 'brest', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1], options: { retreatIntoNeutral: false } },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'warsaw', [['GE-TF', 2]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 2 points on a used D=2 unit: retreat; every neighbour is enemy-controlled or holds enemy control units
    expect(s.game.loc.filter((l, u) => l === A('warsaw') && b.unitNation[u] === N('PO'))).toHaveLength(0);
    expect(s.log.some((l) => l.text.includes('pool'))).toBe(true);
  });
  it('15.8: a fortress sent to the pool leaves the game', () => {
    let s = scene(
      [
        ['GE-TF', 'lorraine', 4],
        ['GE-LF', 'lorraine', 2],
        ['FR-FT', 'lorraine', 1, 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1, 1, 1] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'lorraine', [
      ['GE-TF', 4],
      ['GE-LF', 2],
    ]);
    s = act(s, { type: 'declare', action: 'attack' });
    // a used FT (D=3) takes 6 points = 2 x D: out of the game, not to the pool
    const ft = s.game.loc.findIndex((_l, u) => b.counters[b.unitKind[u]!]!.id === 'FR-FT');
    expect(s.game.loc[ft]).toBe(REMOVED);
  });
});

describe('17.1 Blitzkrieg and 10.1(3) counterattack windows', () => {
  it('TC-05, 6.1.2(4), 7.1(4): a group moves with the SV, then moves and attacks with the Blitzkrieg event; flipped after the attack', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 2],
        ['GE-LF', 'western_poland', 1],
        ['PO-LF', 'warsaw', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [6, 6] },
    );
    s.game.ctrl[A('western_poland')] = N('GE');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-TF', 2]]);
    s = moveTo(s, 'western_poland');
    s = act(s, { type: 'endSv' });
    s = act(s, { type: 'event' });
    expect(decision(s)).toMatchObject({ kind: 'choose' });
    s = group(s, 'western_poland', [['GE-TF', 2]]);
    s = moveTo(s, 'warsaw');
    if (decision(s).kind === 'window') s = act(s, { type: 'noCounter' });
    expect(decision(s)).toMatchObject({ kind: 'group', role: 'axis' }); // the second action
    const tfs = unitsOf(s, 'GE-TF', 'warsaw');
    expect(tfs.every((u) => s.game.used[u] === 0)).toBe(true);
    expect(types(s)).toContain('declare');
    s = act(s, { type: 'declare', action: 'attack' });
    if (decision(s).kind === 'window') s = act(s, { type: 'noCounter' });
    expect(tfs.every((u) => s.game.used[u] === 1)).toBe(true);
    expect(decision(s)).toMatchObject({ kind: 'card', role: 'axis' });
  });
  it('TC-04, 10.1(3): four group actions (SV move, SV attack, event move, event attack) open four counterattack windows', () => {
    let s = scene(
      [
        ['GE-LF', 'east_prussia', 2],
        ['PO-LF', 'warsaw', 1],
        ['GE-LF', 'cracow', 1],
        ['PO-LF', 'cracow', 1],
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 2],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [6, 6, 6] },
    );
    let windows = 0;
    const skip = () => {
      while (decision(s).kind === 'window') {
        expect(types(s)).toEqual(['ambush', 'noCounter']);
        windows++;
        s = act(s, { type: 'noCounter' });
      }
    };
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'east_prussia', [['GE-LF', 1]]);
    s = moveTo(s, 'warsaw');
    skip();
    s = group(s, 'cracow', [['GE-LF', 1]]);
    s = act(s, { type: 'declare', action: 'attack' });
    skip();
    s = act(s, { type: 'event' }); // the SV is spent: the SV part ended
    s = group(s, 'berlin', [['GE-TF', 2]]);
    s = moveTo(s, 'western_poland');
    skip();
    s = act(s, { type: 'declare', action: 'attack' });
    skip();
    expect(windows).toBe(4);
    expect(decision(s)).toMatchObject({ kind: 'card' });
  });
  it('TC-06, 17.1 Q1: both actions may be declared in advance (two attacks) or chosen one after the other', () => {
    let s = scene(
      [
        ['GE-LF', 'western_poland', 3],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'event' });
    s = group(s, 'western_poland', [['GE-LF', 2]]);
    const decl = game.legalActions(s, 'axis').filter((a) => a.type === 'declare');
    expect(decl).toContainEqual({ type: 'declare', action: 'attack', twice: true });
    expect(decl).toContainEqual({ type: 'declare', action: 'attack' });
    expect(decl).toContainEqual({ type: 'declare', action: 'move' });
  });
  it('TC-07, 17.1 Q2, AMB-39: two attacks declared in advance add their damage into one allocation', () => {
    let s = scene(
      [
        ['GE-LF', 'western_poland', 3],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [2, 5, 1, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'event' });
    s = group(s, 'western_poland', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'attack', twice: true });
    const po = unitsOf(s, 'PO-LF', 'western_poland')[0]!;
    expect(s.game.used[po]).toBe(1); // 1 + 1 = 2 points = 1 x D: flipped
    expect(decision(s)).toMatchObject({ kind: 'card' });
  });
  it('TC-07 contrast: attacks chosen one after the other deal their points separately', () => {
    let s = scene(
      [
        ['GE-LF', 'western_poland', 3],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [2, 5, 1, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'event' });
    s = group(s, 'western_poland', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'attack' });
    s = act(s, { type: 'declare', action: 'attack' }); // the second action, by the same (now used) group
    const po = unitsOf(s, 'PO-LF', 'western_poland')[0]!;
    expect(s.game.used[po]).toBe(0); // 1 point, then 1 point: no effect either time
  });
  it('TC-08, 17.1 Q3, 8.1.2(1)④: a sea move as the first Blitzkrieg action flips the land units only after the second action', () => {
    let s = scene(
      [
        ['GE-LF', 'east_prussia', 2],
        ['GE-NF', 'baltic_sea', 2],
        ['GE-LF', 'hamburg', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'event' });
    s = group(s, 'east_prussia', [['GE-LF', 1]]);
    const lf = s.game.act!.units[0]!;
    s = moveTo(s, 'baltic_sea', 'hamburg');
    expect(s.game.used[lf]).toBe(0);
    expect(decision(s)).toMatchObject({ kind: 'group' });
    s = moveTo(s, 'berlin');
    expect(s.game.loc[lf]).toBe(A('berlin'));
    expect(s.game.used[lf]).toBe(1);
  });
  it('8.1.2(1)④, 3.6: a sea move paid from the SV flips the land units at once and uses capacity', () => {
    let s = scene(
      [
        ['GE-LF', 'east_prussia', 3],
        ['GE-NF', 'baltic_sea', 1],
        ['GE-LF', 'hamburg', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'east_prussia', [['GE-LF', 1]]);
    const lf = s.game.act!.units[0]!;
    s = moveTo(s, 'baltic_sea', 'hamburg');
    expect(s.game.used[lf]).toBe(1);
    expect(s.game.seaUse[A('baltic_sea')]).toBe(1);
    // TC-34: the one ship's capacity is used up for this impulse
    s = group(s, 'east_prussia', [['GE-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(game.legalActions(s, 'axis')).not.toContainEqual({ type: 'to', area: 'baltic_sea' });
  });
});

describe('10.0 counterattacks', () => {
  it('TC-09, TC-62, 10.1(2)(5)(6), 17.2 Q1: an Ambush doubles its hits; attackers take it back side up; damaged units do not attack', () => {
    // 3 GE-LF attack in western Poland; 2 PO-LF (attack 2) ambush: [1, 5] = 1 hit x 2 = 2 points
    let s = scene(
      [
        ['GE-LF', 'western_poland', 3],
        ['PO-LF', 'western_poland', 2],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [1, 5, 6, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'western_poland', [['GE-LF', 3]]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(decision(s)).toMatchObject({ kind: 'window', role: 'allies' });
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    for (const u of unitsOf(s, 'PO-LF', 'western_poland')) s = act(s, { type: 'join', unit: u });
    s = act(s, { type: 'fire' });
    expect(s.game.bank.allies).toBe(2); // 10.2(1)
    expect(s.game.discard.allies).toContain('al2-ambush');
    // the GE-LF (attack 3) beats the PO-LF (2) at 11.2(1)③: the Axis allocates; its units are used (threshold 4 each)
    // the first point has one distinct choice (three identical LF) and is placed at once
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'axis' });
    const ge = s.game.act!.units;
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'hit', unit: ge[0] },
      { type: 'hit', unit: ge[1] },
    ]);
    s = act(s, { type: 'hit', unit: ge[0]! }); // (2, 0, 0); (1, 1, 0) would cancel both points (11.4)
    // 2 points = 1 x D on a used unit: it retreats (11.3.1)
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
    s = act(s, game.legalActions(s, 'axis')[0]!);
    // counterattackers flip (AMB-27); the two undamaged LF attack with [6, 6]
    expect(unitsOf(s, 'PO-LF', 'western_poland').every((u) => s.game.used[u] === 1)).toBe(true);
    expect(s.rng.draws).toBe(4);
  });
  it('TC-63, 11.5(2): a moving group hit by a counterattack may retreat only to the area it came from', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 2],
        ['UK-LF', 'western_poland', 2],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [1, 1] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-TF', 2]]);
    s = moveTo(s, 'western_poland');
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    for (const u of unitsOf(s, 'UK-LF', 'western_poland')) s = act(s, { type: 'join', unit: u });
    s = act(s, { type: 'fire' });
    // 4 points; TF attack 4 > UK-LF 3: the Axis allocates all 4 to one TF: flip and retreat
    const tf = s.game.act!.units[0]!;
    while (decision(s).kind === 'alloc') s = act(s, { type: 'hit', unit: tf });
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'retreat', unit: tf, to: 'berlin' },
      { type: 'retreat', unit: tf, to: 'pool' },
    ]);
  });
  describe('11.5(2) after a move of two areas: the start area is the one destination, adjacent or not', () => {
    // Paris (French flag) and Lorraine held by Germany, a GE-LF in each (8.1(4): one stays in Paris; 8.1(5): Lorraine has a
    // control unit); two GE-TF move Paris - Lorraine - Munich (1 + 1 + 1 for the British control units = 3 MP) and are
    // ambushed there by two UK-LF. Munich is not adjacent to Paris.
    const run = (spoil?: (s: S) => void) => {
      let s = scene(
        [
          ['GE-TF', 'paris', 2],
          ['GE-LF', 'paris', 1],
          ['GE-LF', 'lorraine', 1],
          ['UK-LF', 'munich', 2],
        ],
        { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [1, 1] },
      );
      for (const id of ['paris', 'lorraine']) s.game.ctrl[A(id)] = N('GE');
      s = act(s, { type: 'play', card: 'ax2-blitz-1' });
      s = act(s, { type: 'sv' });
      s = group(s, 'paris', [['GE-TF', 2]]);
      s = moveTo(s, 'lorraine', 'munich');
      expect(unitsOf(s, 'GE-TF', 'munich')).toHaveLength(2);
      expect(b.adj[A('munich')]).not.toContain(A('paris'));
      spoil?.(s);
      s = act(s, { type: 'ambush', card: 'al2-ambush' });
      for (const u of unitsOf(s, 'UK-LF', 'munich')) s = act(s, { type: 'join', unit: u });
      s = act(s, { type: 'fire' }); // dice 1, 1: 2 hits, 4 damage points (10.1(2))
      // TF attack 4 > UK-LF 3 (11.2(1)③): the Axis allocates; all 4 to one unused TF = 2 x D: flip and retreat (11.3.1)
      expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'axis' });
      const [tf, other] = s.game.act!.units as [number, number];
      while (decision(s).kind === 'alloc') s = act(s, { type: 'hit', unit: tf });
      return { s, tf, other };
    };
    it('the TF retreats, flipped, to Paris, the only area offered', () => {
      let { s, tf, other } = run();
      expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
      expect(game.legalActions(s, 'axis')).toEqual([
        { type: 'retreat', unit: tf, to: 'paris' },
        { type: 'retreat', unit: tf, to: 'pool' },
      ]);
      s = act(s, { type: 'retreat', unit: tf, to: 'paris' });
      expect(s.game.loc[tf]).toBe(A('paris'));
      expect(s.game.used[tf]).toBe(1);
      expect(s.game.loc[other]).toBe(A('munich'));
      expect(s.game.used[other]).toBe(0);
      expect(s.log.some((l) => l.rule === '11.5' && l.text.includes('retreats to Paris'))).toBe(true);
    });
    it('[REC] Paris no longer allowed (an enemy control unit there, 11.5(1)②): no retreat is offered, the TF goes to the pool', () => {
      const { s, tf, other } = run((s) => {
        s.game.loc[s.game.loc.findIndex((l, u) => l === POOL && b.counters[b.unitKind[u]!]!.id === 'UK-LF')] =
          A('paris');
      });
      expect(s.game.stack.some((p) => p.kind === 'retreat')).toBe(false);
      expect(s.game.loc[tf]).toBe(POOL); // 4 points = 2 x D with no legal area (11.4, 11.5(1))
      expect(s.game.loc[other]).toBe(A('munich'));
      expect(s.log.some((l) => l.rule === '11.3' && l.text.includes('pool (4)'))).toBe(true);
    });
  });
  it('11.5(2) after a sea move (8.1.2): Hamburg - North Sea - Norway; the hit LF retreats only to Hamburg, across the sea', () => {
    let s = scene(
      [
        ['GE-LF', 'hamburg', 2],
        ['GE-NF', 'north_sea', 1],
        ['UK-LF', 'norway', 1],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [1] },
    );
    for (const id of ['north_sea', 'norway']) s.game.ctrl[A(id)] = N('GE');
    expect(b.adj[A('norway')]).not.toContain(A('hamburg'));
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'hamburg', [['GE-LF', 1]]);
    const lf = s.game.act!.units[0]!;
    s = moveTo(s, 'north_sea', 'norway');
    expect(s.game.loc[lf]).toBe(A('norway'));
    expect(s.game.used[lf]).toBe(1); // 8.1.2(1)④: flipped by the sea move
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'UK-LF', 'norway')[0]! });
    s = act(s, { type: 'fire' }); // die 1: 2 damage points = 1 x D on the used LF: it retreats (11.3.1)
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'retreat', unit: lf, to: 'hamburg' },
      { type: 'retreat', unit: lf, to: 'pool' },
    ]);
    s = act(s, { type: 'retreat', unit: lf, to: 'hamburg' });
    expect(s.game.loc[lf]).toBe(A('hamburg'));
  });
  it('TC-64, 10.1(8): only units with air strength counterattack an air attack', () => {
    let s = scene(
      [
        ['GE-AF', 'berlin', 1],
        ['GE-LF', 'berlin', 1],
        ['PO-LF', 'western_poland', 2],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [6] },
    );
    s.game.stack = [{ kind: 'impulse', side: 'axis' }];
    s = act(s, { type: 'air' });
    s = group(s, 'berlin', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    s = act(s, { type: 'target', area: 'western_poland' });
    expect(s.log.some((l) => l.rule === '10.1(3)')).toBe(false);
    expect(decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' }); // no window: the PO-LF have no air strength
  });
  it('TC-67, 10.2: the Ambush SV is banked for the next own impulse, where no card may be played', () => {
    let s = scene(
      [
        ['GE-LF', 'western_poland', 3],
        ['PO-LF', 'western_poland', 2],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush', 'al2-supply'], dice: [6, 6, 6, 6, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'western_poland', [['GE-LF', 3]]);
    s = act(s, { type: 'declare', action: 'attack' });
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'PO-LF', 'western_poland')[0]! });
    s = act(s, { type: 'fire' });
    s = act(s, { type: 'endSv' });
    s = act(s, { type: 'endCard' });
    expect(decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    expect(types(s)).toEqual(['useBank', 'pass']);
    s = act(s, { type: 'useBank' });
    expect(s.game.op).toMatchObject({ card: 'bank', svLeft: 2, eventDone: true });
  });
  it('16.8: with the jet rule a jet counterattacks without an Ambush card', () => {
    let s = scene(
      [
        ['UK-LF', 'hamburg', 2],
        ['GE-JET', 'hamburg', 1],
        ['GE-LF', 'hamburg', 1],
      ],
      { options: { opt16_8: true }, allies: [], axis: [], dice: [1, 6] },
    );
    s.game.hand.allies = ['al2-supply'];
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'hamburg', [['UK-LF', 1]]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(decision(s)).toMatchObject({ kind: 'window', role: 'axis' });
    expect(types(s)).toEqual(['jet', 'noCounter']);
    s = act(s, { type: 'jet' });
    expect(types(s)).toEqual(['join']);
  });
});

describe('6.2 air operations, 9.2 air attacks', () => {
  it('6.2, 9.2(5), AMB-14: an air operation is one air attack by one group, its units flip, the impulse ends', () => {
    let s = scene(
      [
        ['GE-AF', 'berlin', 2],
        ['GE-LF', 'berlin', 1],
        ['PO-LF', 'warsaw', 1],
      ],
      { dice: [1, 1], allies: ['al2-supply'] },
    );
    s = act(s, { type: 'air' });
    s = group(s, 'berlin', [['GE-AF', 2]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    const targets = game.legalActions(s, 'axis').map((a) => (a as { area: string }).area);
    expect(targets).toContain('warsaw'); // 2 areas away, within movement 3 (9.2(2))
    s = act(s, { type: 'target', area: 'warsaw' });
    expect(unitsOf(s, 'GE-AF', 'berlin').every((u) => s.game.used[u] === 1)).toBe(true);
    expect(unitsOf(s, 'PO-LF', 'warsaw').every((u) => s.game.used[u] === 1)).toBe(true); // 2 points: flipped
    expect(decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
  });
  it('TC-69, 15.2(1), AMB-24: on a winter turn no air attack targets a Soviet-flag area', () => {
    const place: [string, string, number][] = [
      ['GE-AF', 'warsaw', 2],
      ['GE-LF', 'warsaw', 1],
      ['SU-LF', 'minsk', 1],
    ];
    for (const turn of [3, 4]) {
      let s = scene(place, { turn });
      s.game.ctrl[A('warsaw')] = N('GE');
      s.game.natBel[N('SU')] = true;
      s = act(s, { type: 'air' });
      s = group(s, 'warsaw', [['GE-AF', 1]]);
      expect(game.legalActions(s, 'axis').some((a) => a.type === 'declare' && a.action === 'airAttack')).toBe(
        turn === 4,
      );
    }
  });
  it('8.2: an air move flips the units; it may not end at sea', () => {
    let s = scene([
      ['GE-AF', 'berlin', 2],
      ['GE-LF', 'berlin', 1],
      ['GE-LF', 'hamburg', 1],
    ]);
    s = act(s, { type: 'air' });
    s = group(s, 'berlin', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airMove' });
    expect(game.legalActions(s, 'axis')).not.toContainEqual({ type: 'to', area: 'baltic_sea' });
    s = act(s, { type: 'to', area: 'hamburg' });
    s = act(s, { type: 'stop' });
    expect(unitsOf(s, 'GE-AF', 'hamburg').map((u) => s.game.used[u])).toEqual([1]);
  });
});

describe('3.1.3 violations of neutrality', () => {
  it('TC-45, 3.1.3(1): an Axis unit entering Belgium makes Belgium an Allied belligerent at once', () => {
    let s = scene(
      [
        ['GE-LF', 'ruhr', 2],
        ['BE-LF', 'belgium', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'ruhr', [['GE-LF', 1]]);
    s = moveTo(s, 'belgium');
    expect(s.game.natBel[N('BE')]).toBe(true);
    expect(s.game.natSide[N('BE')]).toBe('allies');
    expect(ctrlSide(b, s.game, A('belgium'))).toBe('allies');
  });
  it('TC-45: an Axis unit entering an Axis-leaning neutral (Hungary) makes it an Allied belligerent', () => {
    let s = scene([['GE-LF', 'austria', 2]], { axis: ['ax2-blitz-1'] });
    s.game.ctrl[A('austria')] = N('GE');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'austria', [['GE-LF', 1]]);
    s = moveTo(s, 'hungary');
    expect(s.game.natBel[N('HU')]).toBe(true);
    expect(s.game.natSide[N('HU')]).toBe('allies');
  });
  it('TC-47, 3.1.3(2)①, AMB-9: a violated Spain joins the camp opposite the violator for good', () => {
    let s = scene([['UK-LF', 'portugal', 2]], { allies: ['al2-supply'] });
    s.game.ctrl[A('portugal')] = N('UK');
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'portugal', [['UK-LF', 1]]);
    s = moveTo(s, 'madrid');
    expect(s.game.natSide[N('SP')]).toBe('axis');
    expect(s.game.natLocked[N('SP')]).toBe(true);
  });
});

describe('random play with combat', () => {
  it('7.0-11.5: random games use moves, attacks and counterattacks; ships stay at sea; only fortresses leave the game', () => {
    const counts: Record<string, number> = {};
    let damage = 0;
    for (let i = 0; i < 10; i++) {
      const r = randomPlayout(game, game.setup(`rc${i}`), `rc${i}`, { record: true, inPlace: true });
      expect(game.outcome(r.state)).not.toBeNull();
      for (const { action } of r.actions) counts[action.type] = (counts[action.type] ?? 0) + 1;
      damage += r.state.log.filter((l) => l.rule === '11.3' && !l.text.includes('no effect')).length;
      const g = r.state.game;
      for (let u = 0; u < g.loc.length; u++) {
        const l = g.loc[u]!;
        if (l >= 0 && (b.unitClass[u] === 'naval' || b.unitClass[u] === 'sub')) expect(b.isSea[l]).toBe(true);
        if (l === REMOVED)
          expect(b.counters[b.unitKind[u]!]!.type === 'FT' || !!b.counters[b.unitKind[u]!]!.jet).toBe(true);
      }
    }
    for (const t of ['declare', 'stop', 'target', 'air']) expect(counts[t], t).toBeGreaterThan(0);
    expect(damage).toBeGreaterThan(0);
  });
});

describe('3.6 sea transport capacity', () => {
  it('3.6(1), TC-35, AMB-13: used ships count 1/2 and the capacity is rounded down', () => {
    const s = scene([
      ['UK-NF', 'north_sea', 1],
      ['UK-NF', 'north_sea', 3, 1],
    ]);
    expect(seaCapacity(b, s.game, A('north_sea'), 'allies')).toBe(2);
    s.game.options = { ...s.game.options, capacityRounding: 'keep-half' };
    expect(seaCapacity(b, s.game, A('north_sea'), 'allies')).toBe(2.5);
  });
  it('12.0(5), 3.6(2)(3): a placement whose LOC needs a sea area uses its capacity for the impulse', () => {
    let s = scene([['UK-NF', 'north_sea', 1]], { allies: ['al2-supply'] });
    s.game.ctrl[A('norway')] = N('UK');
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    const lf = b.counterIndex.get('UK-LF')!;
    expect(placements(b, s.game, lf, 'allies')).toContain(A('norway'));
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = act(s, { type: 'mobilize', counter: 'UK-LF', area: 'norway' });
    expect(s.game.seaUse[A('north_sea')]).toBe(1);
    expect(game.legalActions(s, 'allies')).not.toContainEqual({ type: 'mobilize', counter: 'UK-LF', area: 'norway' });
    expect(game.legalActions(s, 'allies')).toContainEqual({ type: 'mobilize', counter: 'UK-LF', area: 'london' }); // over land: no capacity
  });
});

describe('6.1.2 card events', () => {
  const allied = (s: S) => {
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    return s;
  };
  it('3.1.2⑥, Diplomacy: the Axis names one of its neutrals (Italy), which enters the war on its side', () => {
    let s = scene([], { axis: ['ax2-diplo-1'] });
    s = act(s, { type: 'play', card: 'ax2-diplo-1' });
    s = act(s, { type: 'event' });
    const names = game.legalActions(s, 'axis').map((a) => (a as { nation: string }).nation);
    expect(names).toEqual(expect.arrayContaining(['IT', 'HU', 'RU', 'BU', 'FI', 'TU', 'SP']));
    expect(names).not.toContain('US');
    s = act(s, { type: 'diplo', nation: 'IT' });
    expect(s.game.natBel[N('IT')]).toBe(true);
    expect(ctrlSide(b, s.game, A('rome'))).toBe('axis'); // 3.4(3)
  });
  it('3.1.2③, TC-23: Allied Diplomacy moves the Soviet marker; at Entry the USSR is an Allied belligerent', () => {
    let s = allied(scene([], { allies: ['al2-diplo-1'] }));
    s.game.entry.SU = 2;
    s = act(s, { type: 'play', card: 'al2-diplo-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'diplo', nation: 'SU' });
    expect(s.game.entry.SU).toBe(3);
    expect(s.game.natBel[N('SU')]).toBe(true);
    expect(s.game.natSide[N('SU')]).toBe('allies');
  });
  it('3.1.2④, AMB-38: Allied Diplomacy moves the Spanish marker away from Entry; at START it cannot', () => {
    let s = allied(scene([], { allies: ['al2-diplo-1'] }));
    s = act(s, { type: 'play', card: 'al2-diplo-1' });
    s = act(s, { type: 'event' });
    expect(game.legalActions(s, 'allies').map((a) => (a as { nation: string }).nation)).not.toContain('SP');
    s = allied(scene([], { allies: ['al2-diplo-1'] }));
    s.game.entry.SP = 1;
    s = act(s, { type: 'play', card: 'al2-diplo-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'diplo', nation: 'SP' });
    expect(s.game.entry.SP).toBe(0);
  });
  it('AMB-30, 3.1.3(2)②: a belligerent Spain pushed out of Entry with Allied units on its soil turns against the Allies for good', () => {
    let s = allied(scene([['UK-LF', 'seville', 1]], { allies: ['al2-diplo-1'] }));
    s.game.entry.SP = 3;
    s.game.natBel[N('SP')] = true;
    s = act(s, { type: 'play', card: 'al2-diplo-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'diplo', nation: 'SP' });
    expect(s.game.natBel[N('SP')]).toBe(true);
    expect(s.game.natSide[N('SP')]).toBe('axis');
    expect(s.game.natLocked[N('SP')]).toBe(true);
  });
  it('TC-27, 2.3.2: Development takes an SV 3 card into the discard pile; it joins the deck at the end of the turn', () => {
    let s = scene([], { axis: ['ax2-dev-1'] });
    s = act(s, { type: 'play', card: 'ax2-dev-1' });
    s = act(s, { type: 'event' });
    const cards = game
      .legalActions(s, 'axis')
      .filter((a) => a.type === 'devCard')
      .map((a) => (a as { card: string }).card);
    expect(cards).toContain('ax3-blitz');
    expect(cards).not.toContain('ax4-sealion'); // SV 4 > 3
    s = act(s, { type: 'devCard', card: 'ax3-blitz' });
    expect(s.game.discard.axis).toContain('ax3-blitz');
    expect(s.game.dev.axis).not.toContain('ax3-blitz');
    expect(s.game.hand.axis).not.toContain('ax3-blitz');
  });
  it('2.3.2, Development: up to 2 units from the development pool to the mobilization pool', () => {
    let s = scene([], { axis: ['ax2-dev-1'] });
    s = act(s, { type: 'play', card: 'ax2-dev-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'devUnit', counter: 'GE-TF5' });
    expect(types(s)).not.toContain('devCard');
    s = act(s, { type: 'devUnit', counter: 'GE-TF5' });
    expect(decision(s)).toMatchObject({ kind: 'card' });
    const k = b.counterIndex.get('GE-TF5')!;
    expect(s.game.loc.filter((l, u) => l === POOL && b.unitKind[u] === k)).toHaveLength(2);
  });
  it('3.1.2⑤, Vichy France: with Paris Axis-held, France turns Axis; French units without the Vichy marking leave the map', () => {
    let s = scene(
      [
        ['GE-LF', 'paris', 1],
        ['FR-LF', 'algeria', 6],
      ],
      { axis: ['ax4-vichy'] },
    );
    s.game.ctrl[A('paris')] = N('GE');
    s = act(s, { type: 'play', card: 'ax4-vichy' });
    s = act(s, { type: 'event' });
    expect(s.game.natSide[N('FR')]).toBe('axis');
    const k = b.counterIndex.get('FR-LF')!;
    const vichyCount = b.counters[k]!.vichy ?? 0;
    expect(s.game.loc.filter((l, u) => l === A('algeria') && b.unitKind[u] === k)).toHaveLength(
      Math.min(6, vichyCount),
    );
  });
  it('Lend-Lease: with the North Atlantic Allied and the USSR at war, Soviet units worth 2 SV are mobilized free', () => {
    let s = allied(scene([['UK-NF', 'north_atlantic', 1]], { allies: ['al3-lendlease'] }));
    s.game.ctrl[A('north_atlantic')] = N('UK');
    s.game.natBel[N('SU')] = true;
    s = act(s, { type: 'play', card: 'al3-lendlease' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'freeMobilize', counter: 'SU-LF', area: 'moscow' });
    s = act(s, { type: 'freeMobilize', counter: 'SU-LF', area: 'moscow' });
    expect(game.legalActions(s, 'allies')).toEqual([{ type: 'endEvent' }]);
    expect(s.game.loc.filter((l) => l === A('moscow'))).toHaveLength(2);
  });
  it('15.1(6), Wolfpack: each submarine hit makes the Allies discard a card at random; the submarines flip', () => {
    let s = scene([['GE-SS', 'north_atlantic', 2]], {
      axis: ['ax3-wolfpack'],
      allies: ['al2-supply', 'al2-dev-1'],
      dice: [1, 6, 2],
    });
    s = act(s, { type: 'play', card: 'ax3-wolfpack' });
    s = act(s, { type: 'event' });
    expect(s.game.hand.allies).toEqual(['al2-supply']); // die 2 of 2 picks the second card
    expect(s.game.discard.allies).toContain('al2-dev-1');
    expect(unitsOf(s, 'GE-SS', 'north_atlantic').every((u) => s.game.used[u] === 1)).toBe(true);
  });
  it('8.1.2(1)④, Sea Transport: the group makes a sea move and its land units stay unused', () => {
    let s = allied(
      scene(
        [
          ['UK-LF', 'london', 2],
          ['UK-NF', 'english_channel', 1],
        ],
        { allies: ['al3-seatransport'] },
      ),
    );
    s.game.ctrl[A('english_channel')] = N('UK');
    s = act(s, { type: 'play', card: 'al3-seatransport' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(game.legalActions(s, 'allies').every((a) => a.type !== 'to' || b.isSea[A(a.area)])).toBe(true);
    s = act(s, { type: 'to', area: 'english_channel' });
    s = act(s, { type: 'to', area: 'western_france' });
    s = act(s, { type: 'stop' });
    expect(unitsOf(s, 'UK-LF', 'western_france').map((u) => s.game.used[u])).toEqual([0]);
  });
  it('9.2(2), Long-range Bombing: an air attack reaches movement + 2 areas', () => {
    let s = allied(
      scene(
        [
          ['UK-AF', 'london', 2],
          ['UK-LF', 'london', 1],
          ['GE-LF', 'berlin', 1],
        ],
        { allies: ['al4-longrange'], dice: [6] },
      ),
    );
    s = act(s, { type: 'play', card: 'al4-longrange' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    expect(game.legalActions(s, 'allies')).toContainEqual({ type: 'target', area: 'berlin' });
  });
});

describe('6.1.2 movement and bombing events', () => {
  const allied = (s: S) => {
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    return s;
  };
  it('3.6(2), Strategic Movement: up to 4 land units go to any friendly area joined by friendly areas, and stay unused', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 6],
        ['GE-LF', 'paris', 1],
      ],
      { axis: ['ax3-stratmove'] },
    );
    for (const id of ['paris', 'lorraine', 'ruhr']) s.game.ctrl[A(id)] = N('GE');
    s = act(s, { type: 'play', card: 'ax3-stratmove' });
    s = act(s, { type: 'event' });
    s = group(s, 'berlin', [['GE-LF', 4]]);
    expect(types(s)).not.toContain('add'); // at most 4 units
    s = act(s, { type: 'declare', action: 'move' });
    const dests = game.legalActions(s, 'axis').map((a) => (a as { area: string }).area);
    expect(dests).toContain('paris'); // berlin - ruhr - lorraine - paris, all Axis-controlled
    expect(dests).not.toContain('warsaw');
    s = act(s, { type: 'target', area: 'paris' });
    expect(unitsOf(s, 'GE-LF', 'paris').every((u) => s.game.used[u] === 0)).toBe(true);
    expect(unitsOf(s, 'GE-LF', 'paris')).toHaveLength(5);
    expect(decision(s)).toMatchObject({ kind: 'card' });
  });
  it('Sea Lion, 3.6(2): land units cross a friendly sea into an adjacent land area, enemy-held or not, then may attack there', () => {
    let s = scene(
      [
        ['GE-LF', 'netherlands', 3],
        ['GE-NF', 'north_sea', 2],
        ['UK-LF', 'london', 1],
      ],
      { axis: ['ax4-sealion'], dice: [6, 6] },
    );
    s.game.ctrl[A('netherlands')] = N('GE');
    s.game.ctrl[A('north_sea')] = N('GE');
    s = act(s, { type: 'play', card: 'ax4-sealion' });
    s = act(s, { type: 'event' });
    s = group(s, 'netherlands', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(game.legalActions(s, 'axis')).toEqual([{ type: 'to', area: 'north_sea' }]);
    s = act(s, { type: 'to', area: 'north_sea' });
    expect(types(s)).not.toContain('stop'); // the move ends in a land area
    expect(areasOffered(s, 'to').every((id) => !b.isSea[A(id)])).toBe(true); // one sea area: land - sea - land (8.1.2(1)③)
    s = act(s, { type: 'to', area: 'london' });
    s = act(s, { type: 'stop' });
    expect(unitsOf(s, 'GE-LF', 'london')).toHaveLength(2);
    expect(game.legalActions(s, 'axis')).toEqual([{ type: 'declare', action: 'attack' }, { type: 'done' }]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(decision(s)).toMatchObject({ kind: 'card' });
  });
  it('Sea Lion, 8.1.2(1)③: a sea move has 2 MP, so a landing two sea areas away is refused (land - sea - land only)', () => {
    let s = scene(
      [
        ['GE-LF', 'netherlands', 3],
        ['GE-NF', 'north_sea', 2],
        ['GE-NF', 'english_channel', 2],
      ],
      { axis: ['ax4-sealion'] },
    );
    for (const id of ['netherlands', 'north_sea', 'english_channel']) s.game.ctrl[A(id)] = N('GE');
    const lf = unitsOf(s, 'GE-LF', 'netherlands').slice(0, 2);
    const r = checkMove(
      b,
      s.game,
      'axis',
      lf,
      ['netherlands', 'north_sea', 'english_channel', 'western_france'].map(A),
    );
    expect(r).toMatchObject({ ok: false, rule: '8.1(1)③' }); // 3 MP > 2, for any sea move
    expect(checkMove(b, s.game, 'axis', lf, ['netherlands', 'north_sea', 'english_channel'].map(A))).toMatchObject({
      ok: true,
      cost: 2,
    });
    s = act(s, { type: 'play', card: 'ax4-sealion' });
    s = act(s, { type: 'event' });
    s = group(s, 'netherlands', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'to', area: 'north_sea' });
    const to = areasOffered(s, 'to');
    expect(to).toContain('london');
    expect(to).not.toContain('english_channel'); // no second sea area: western France is out of reach
  });
  it('Landing: the sea move must end in an enemy-held coastal area (capacity limits the group, 3.6(2))', () => {
    let s = allied(
      scene(
        [
          ['UK-LF', 'london', 3],
          ['UK-NF', 'english_channel', 1],
          ['GE-LF', 'paris', 1],
        ],
        { allies: ['al4-landing'] },
      ),
    );
    s.game.ctrl[A('english_channel')] = N('UK');
    s.game.ctrl[A('paris')] = N('GE');
    s = act(s, { type: 'play', card: 'al4-landing' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-LF', 1]]);
    expect(types(s)).not.toContain('add'); // a second unit would exceed capacity 1: no landing, so not offered (7.2)
    const second = unitsOf(s, 'UK-LF', 'london').find((u) => !s.game.act!.units.includes(u))!;
    expect(() => game.apply(s, 'allies', { type: 'add', unit: second })).toThrow(/\[7\.2\]/);
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'to', area: 'english_channel' });
    expect(game.legalActions(s, 'allies').filter((a) => a.type === 'to')).toEqual([{ type: 'to', area: 'paris' }]); // western France is not enemy-held
  });
  it('16.2, TC-11, 17.2 Q3: Strategic Bombing makes the Axis discard a card per hit; units in the bombed area may counterattack', () => {
    let s = allied(
      scene(
        [
          ['UK-AF', 'london', 2],
          ['UK-LF', 'london', 1],
          ['GE-AF', 'ruhr', 1],
          ['GE-LF', 'ruhr', 1],
        ],
        { allies: ['al3-bombing'], axis: ['ax2-ambush', 'ax2-supply', 'ax2-dev-1'], dice: [6, 1, 2] },
      ),
    );
    s = act(s, { type: 'play', card: 'al3-bombing' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-AF', 1]]);
    s = act(s, { type: 'declare', action: 'bomb' });
    expect(game.legalActions(s, 'allies')).toContainEqual({ type: 'target', area: 'ruhr' });
    s = act(s, { type: 'target', area: 'ruhr' });
    expect(decision(s)).toMatchObject({ kind: 'window', role: 'axis' });
    s = act(s, { type: 'ambush', card: 'ax2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'GE-AF', 'ruhr')[0]! });
    s = act(s, { type: 'fire' }); // die 6: a miss
    // Ruhr is 3 areas from London (London - Paris - Lorraine - Ruhr): modifier -1; the die 1 hits (air 3 - 1 = 2); the die 2 picks the second card
    expect(s.game.hand.axis).toHaveLength(1);
    expect(s.game.discard.axis).toHaveLength(2);
  });
});

describe('16.1 hidden cards', () => {
  it('16.1.1: the developed card lies face down; the opponent sees only its SV, in the discard pile and the development piles', () => {
    let s = scene([], { axis: ['ax2-dev-1'], options: { opt16_1_1: true } });
    s = act(s, { type: 'play', card: 'ax2-dev-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'devCard', card: 'ax3-blitz' });
    const seen = game.view(s, 'allies');
    expect(JSON.stringify(seen.game)).not.toContain('ax3-blitz');
    expect(JSON.stringify(seen.log)).not.toContain('Blitzkrieg (SV 3)');
    expect(seen.game.discard.axis).toContain('facedown-sv3');
    expect(game.view(s, 'axis').game.discard.axis).toContain('ax3-blitz');
  });
  it('16.1.2: cards discarded by Wolfpack are face down for the raider', () => {
    let s = scene([['GE-SS', 'north_atlantic', 1]], {
      axis: ['ax3-wolfpack'],
      allies: ['al2-supply'],
      dice: [1, 1],
      options: { opt16_1_2: true },
    });
    s = act(s, { type: 'play', card: 'ax3-wolfpack' });
    s = act(s, { type: 'event' });
    expect(s.game.discard.allies).toContain('al2-supply');
    expect(game.view(s, 'axis').game.discard.allies).toEqual(['facedown-sv2']);
  });
});

describe('describe and explain', () => {
  it('explain names the rule of a refused move step; describe says actions in words', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-TF', 'berlin', 1],
        ['PO-LF', 'western_poland', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-TF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'to', area: 'western_poland' });
    expect(rules.explain!(s.game, 'axis', { type: 'to', area: 'warsaw' })).toMatchObject({ rule: '8.1(5)' });
    expect(rules.explain!(s.game, 'axis', { type: 'play', card: 'ax2-blitz-2' })).toMatchObject({ rule: '6.1(1)' });
    expect(rules.describe!(s.game, { type: 'to', area: 'warsaw' })).toBe('Move to Warsaw');
    expect(rules.describe!(s.game, { type: 'declare', action: 'attack', twice: true })).toBe(
      'Declare two attacks (17.1)',
    );
  });
});

describe('more derived cases', () => {
  it('TC-76, 3.6(5), AMB-12: land units at sea beyond the capacity left after combat go to the pool, chosen by the owner', () => {
    let s = scene(
      [
        ['UK-NF', 'north_sea', 8],
        ['GE-NF', 'north_sea', 2, 1],
        ['GE-LF', 'north_sea', 2],
      ],
      { allies: ['al2-supply'], dice: [1, 1, 1, 1, 1, 1, 1, 1] },
    );
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'north_sea', [['UK-NF', 8]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 8 points; the Axis allocates (tie at 11.2(1)③); its used ships take their thresholds first (AMB-22): both sunk
    while (decision(s).kind === 'alloc') s = act(s, game.legalActions(s, 'axis')[0]!);
    expect(unitsOf(s, 'GE-NF', 'north_sea')).toHaveLength(0);
    expect(decision(s)).toMatchObject({ kind: 'overflow', role: 'axis' });
    while (decision(s).kind === 'overflow') s = act(s, game.legalActions(s, 'axis')[0]!);
    expect(unitsOf(s, 'GE-LF', 'north_sea')).toHaveLength(0);
  });
  it('TC-49, 15.4(3), AMB-18: a German unit entering Brest while the USSR is neutral brings it in on the Allied side; a Polish one does not', () => {
    let s = scene(
      [
        ['GE-LF', 'east_prussia', 2],
        ['PO-LF', 'warsaw', 2],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'east_prussia', [['GE-LF', 1]]);
    s = moveTo(s, 'brest');
    expect(s.game.natBel[N('SU')]).toBe(true);
    expect(s.game.natSide[N('SU')]).toBe('allies');
    let t = scene([['PO-LF', 'warsaw', 2]], { allies: ['al2-supply'] });
    t.game.active = 'allies';
    t.game.stack = [{ kind: 'impulse', side: 'allies' }];
    t = act(t, { type: 'play', card: 'al2-supply' });
    t = act(t, { type: 'sv' });
    t = group(t, 'warsaw', [['PO-LF', 1]]);
    t = moveTo(t, 'brest');
    expect(t.game.natBel[N('SU')]).toBe(false);
  });
  it('TC-50, 3.1.2⑤: after Vichy France, an Allied-held Paris lets Allied Diplomacy bring France back', () => {
    let s = scene([['UK-LF', 'paris', 1]], { allies: ['al2-diplo-1'] });
    s.game.natSide[N('FR')] = 'axis';
    s.game.ctrl[A('paris')] = N('UK');
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al2-diplo-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'diplo', nation: 'FR' });
    expect(s.game.natSide[N('FR')]).toBe('allies');
  });
  it('16.5: with the option, no unit enters or air-attacks the territory of an Axis-leaning neutral', () => {
    let s = scene([['GE-LF', 'austria', 2]], { axis: ['ax2-blitz-1'], options: { opt16_5: true } });
    s.game.ctrl[A('austria')] = N('GE');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'austria', [['GE-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(game.legalActions(s, 'axis')).not.toContainEqual({ type: 'to', area: 'hungary' });
    expect(rules.explain!(s.game, 'axis', { type: 'to', area: 'hungary' })).toMatchObject({ rule: '16.5' });
  });
});

describe('3.4(5) voluntary reassignment', () => {
  it('3.4(5), AMB-6: at the end of an impulse a flagged area held with units of several friendly nations may go back to its flag nation only', () => {
    let s = scene(
      [
        ['UK-LF', 'paris', 1],
        ['FR-LF', 'paris', 1],
        ['UK-LF', 'norway', 1],
        ['FR-LF', 'norway', 1],
      ],
      { axis: ['ax2-supply'], allies: ['al2-supply'] },
    );
    s.game.ctrl[A('paris')] = N('UK');
    s.game.ctrl[A('norway')] = N('UK');
    s = act(s, { type: 'pass' });
    expect(decision(s)).toMatchObject({ kind: 'reassign', role: 'allies' });
    expect(game.legalActions(s, 'allies')).toEqual([
      { type: 'reassign', area: 'paris', nation: 'FR' },
      { type: 'endReassign' },
    ]);
    s = act(s, { type: 'reassign', area: 'paris', nation: 'FR' });
    expect(s.game.ctrl[A('paris')]).toBe(N('FR'));
    expect(decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    const t = scene(
      [
        ['UK-LF', 'paris', 1],
        ['FR-LF', 'paris', 1],
      ],
      { axis: ['ax2-supply'], allies: ['al2-supply'], options: { reassignment: 'never' } },
    );
    t.game.ctrl[A('paris')] = N('UK');
    expect(decision(act(t, { type: 'pass' }))).toMatchObject({ kind: 'impulse', role: 'allies' });
  });
});

describe('3.1.3 overflight', () => {
  it('TC-46, 3.1.3(1), AMB-34: an air attack whose only path in range crosses Switzerland makes it an Allied belligerent before the attack', () => {
    let s = scene(
      [
        ['GE-AF', 'munich', 2],
        ['GE-LF', 'munich', 1],
        ['FR-LF', 'northern_italy', 1],
      ],
      { dice: [6] },
    );
    s.game.ctrl[A('northern_italy')] = N('FR');
    s.game.ctrl[A('austria')] = N('HU'); // the other ways are neutral too
    s.game.ctrl[A('lorraine')] = N('SZ');
    s = act(s, { type: 'air' });
    s = group(s, 'munich', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    s = act(s, { type: 'target', area: 'northern_italy' });
    const sz = N('SZ'),
      hu = N('HU');
    expect(s.game.natBel[sz] || s.game.natBel[hu]).toBe(true); // one crossing, on the path with the fewest violations
    expect(s.log.findIndex((l) => l.rule === '3.1.3(1)')).toBeLessThan(
      s.log.findIndex((l) => l.rule === '9.2' && l.text.includes('hit')),
    );
  });
  it('AMB-34: a path without neutral areas is preferred, so no violation happens', () => {
    let s = scene(
      [
        ['GE-AF', 'munich', 2],
        ['GE-LF', 'munich', 1],
        ['FR-LF', 'southern_france', 1],
      ],
      { dice: [6] },
    );
    s.game.ctrl[A('lorraine')] = N('GE');
    s = act(s, { type: 'air' });
    s = group(s, 'munich', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    s = act(s, { type: 'target', area: 'southern_france' });
    expect(s.game.natBel[N('SZ')]).toBe(false);
  });
});

describe('3.4(6) and 11.2(1) through play', () => {
  it('3.4(6), AMB-7: an area emptied by combat reverts to its flag nation at once (not only at the end of the impulse)', () => {
    let s = scene(
      [
        ['GE-AF', 'berlin', 4],
        ['GE-LF', 'berlin', 1],
        ['PO-LF', 'east_prussia', 1, 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1] },
    );
    s.game.ctrl[A('east_prussia')] = N('PO');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-AF', 4]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    s = act(s, { type: 'target', area: 'east_prussia' });
    expect(decision(s)).toMatchObject({ kind: 'sv' }); // still inside the impulse
    expect(s.game.ctrl[A('east_prussia')]).toBe(N('GE'));
  });
  it('TC-55, 11.2(1)①: Axis land units attacking Allied land + air units: the Allies (defender, with air) allocate', () => {
    let s = scene(
      [
        ['GE-LF', 'paris', 3],
        ['FR-LF', 'paris', 2],
        ['FR-AF', 'paris', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'paris', [['GE-LF', 3]]);
    s = act(s, { type: 'declare', action: 'attack' });
    if (decision(s).kind === 'window') s = act(s, { type: 'noCounter' });
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'allies' });
  });
  it('TC-58, 11.2(1), AMB-22: used defenders take their elimination threshold before any unused one is hit', () => {
    let s = scene(
      [
        ['GE-TF', 'warsaw', 4],
        ['PO-LF', 'warsaw', 1, 1],
        ['PO-LF', 'warsaw', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'warsaw', [['GE-TF', 4]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 3 points: the attacker (TF 4 > PO-LF 2) allocates; the used PO-LF must take 4 (its threshold) first, so all 3 go to it
    const po = s.game.loc
      .map((_l, u) => u)
      .filter((u) => s.game.loc[u] === A('warsaw') && b.counters[b.unitKind[u]!]!.id === 'PO-LF');
    const used = po.find((u) => s.game.used[u] === 1)!,
      fresh = po.find((u) => s.game.used[u] === 0)!;
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'allies' }); // 3 points = 1 x D on a used unit: retreat
    expect(s.game.stack.at(-1)).toMatchObject({ units: [used] });
    expect(s.game.used[fresh]).toBe(0);
  });
});

describe('15.3 and 2.3.2 through play', () => {
  it('TC-86, 15.3(3): while the US is neutral, its ships in the North Atlantic cost an Axis NF nothing and add no Allied capacity', () => {
    let s = scene(
      [
        ['GE-NF', 'norwegian_sea', 2],
        ['US-NF', 'north_atlantic', 2],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s.game.ctrl[A('norwegian_sea')] = N('GE');
    expect(seaCapacity(b, s.game, A('north_atlantic'), 'allies')).toBe(0);
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'norwegian_sea', [['GE-NF', 1]]);
    s = moveTo(s, 'north_atlantic');
    expect(s.log.some((l) => l.text.includes('(1 MP)'))).toBe(true);
    expect(s.game.natBel[N('US')]).toBe(false); // no violation: the sea is not neutral-controlled
  });
  it('TC-87, 15.3(4): a US NF may be mobilized into the North Atlantic even with Axis ships there', () => {
    const s = scene([['GE-NF', 'north_atlantic', 1]]);
    s.game.natBel[N('US')] = true;
    expect(placements(b, s.game, b.counterIndex.get('US-NF')!, 'allies')).toEqual([A('north_atlantic')]);
  });
  it('TC-27, 2.3.2(3), 5.0(4)④: a developed card joins the usable deck at the end of the turn', () => {
    let s = scene([], { axis: ['ax2-dev-1'] });
    s = act(s, { type: 'play', card: 'ax2-dev-1' });
    s = act(s, { type: 'event' });
    s = act(s, { type: 'devCard', card: 'ax3-blitz' });
    s = act(s, { type: 'endCard' });
    while (game.decision(s) && s.game.turn === 2) s = act(s, game.legalActions(s, decision(s).role).at(-1)!);
    expect(s.game.turn).toBe(3);
    expect([...s.game.deck.axis, ...s.game.hand.axis]).toContain('ax3-blitz');
  });
});

describe('AMB-10 in normal moves', () => {
  it('8.1.1(1)②, AMB-10: a normal (sea) move may not leave an air unit at sea', () => {
    const s = scene([
      ['GE-AF', 'east_prussia', 1],
      ['GE-LF', 'east_prussia', 2],
      ['GE-NF', 'baltic_sea', 2],
    ]);
    const af = unitsOf(s, 'GE-AF', 'east_prussia');
    expect(checkMove(b, s.game, 'axis', af, [A('east_prussia'), A('baltic_sea')])).toMatchObject({
      ok: false,
      rule: '8.1.1(1)②',
    });
    expect(checkMove(b, s.game, 'axis', af, [A('east_prussia'), A('baltic_sea'), A('hamburg')])).toMatchObject({
      ok: true,
      seaMove: true,
    });
  });
});

describe('Landing: airborne units', () => {
  it('Landing, 2.1.1: an all-airborne group flies up to its movement to a land area, then may attack there', () => {
    let s = scene(
      [
        ['UK-AB', 'london', 1],
        ['UK-LF', 'london', 1],
        ['GE-LF', 'paris', 1],
      ],
      { allies: ['al4-landing'], dice: [6] },
    );
    s.game.ctrl[A('paris')] = N('GE');
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al4-landing' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-AB', 1]]);
    expect(game.legalActions(s, 'allies')).toContainEqual({ type: 'declare', action: 'drop' });
    s = act(s, { type: 'declare', action: 'drop' });
    s = act(s, { type: 'target', area: 'paris' });
    expect(unitsOf(s, 'UK-AB', 'paris')).toHaveLength(1);
    expect(game.legalActions(s, 'allies')).toEqual([{ type: 'declare', action: 'attack' }, { type: 'done' }]);
  });
  it('Landing [REC], 3.6(2): a group with AB and other land units may not drop; it lands by sea, its AB units with it', () => {
    let s = scene(
      [
        ['UK-AB', 'london', 1],
        ['UK-LF', 'london', 2],
        ['UK-NF', 'english_channel', 2],
        ['GE-LF', 'paris', 1],
      ],
      { allies: ['al4-landing'] },
    );
    s.game.ctrl[A('paris')] = N('GE');
    s.game.ctrl[A('english_channel')] = N('UK');
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al4-landing' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [
      ['UK-AB', 1],
      ['UK-LF', 1],
    ]);
    const declares = game.legalActions(s, 'allies').filter((a) => a.type === 'declare');
    expect(declares).toEqual([{ type: 'declare', action: 'move' }]); // no 'drop'
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'to', area: 'english_channel' });
    s = act(s, { type: 'to', area: 'paris' });
    s = act(s, { type: 'stop' });
    expect(unitsOf(s, 'UK-AB', 'paris')).toHaveLength(1);
    expect(unitsOf(s, 'UK-LF', 'paris')).toHaveLength(1);
  });
});

describe('AMB-20: Strategic Movement and counterattacks (11.2(1))', () => {
  // Lorraine and Paris Axis-held; Paris also holds a German TF (there before) and an unused British TF.
  const run = (options: Record<string, unknown>) => {
    let s = scene(
      [
        ['GE-LF', 'lorraine', 2],
        ['GE-GF', 'lorraine', 1],
        ['GE-TF', 'paris', 1],
        ['UK-TF', 'paris', 1],
      ],
      { axis: ['ax3-stratmove'], allies: ['al2-ambush'], dice: [1], options: options as never },
    );
    for (const id of ['paris', 'lorraine']) s.game.ctrl[A(id)] = N('GE');
    s = act(s, { type: 'play', card: 'ax3-stratmove' });
    s = act(s, { type: 'event' });
    s = group(s, 'lorraine', [
      ['GE-LF', 1],
      ['GE-GF', 1],
    ]);
    return act(s, { type: 'declare', action: 'move' });
  };
  it('AMB-20 [REC] default: Strategic Movement does not end where enemy units are, so it opens no window', () => {
    expect(areasOffered(run({}), 'target')).not.toContain('paris');
  });
  it('AMB-20 option, 10.1(3), 11.5(2): into a contested area; its units may counterattack the group, which retreats only to its start', () => {
    let s = run({ strategicMovementCounter: true });
    expect(areasOffered(s, 'target')).toContain('paris');
    s = act(s, { type: 'target', area: 'paris' });
    expect(decision(s)).toMatchObject({ kind: 'window', role: 'allies' });
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'UK-TF', 'paris')[0]! });
    s = act(s, { type: 'fire' }); // die 1: a hit, 2 damage points (10.1(2))
    // 11.2(1), AMB-20 "both-events": the UK TF (attack 4) against the German TF originally in Paris (4): a tie, the defender allocates
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'axis' });
    const gf = unitsOf(s, 'GE-GF', 'paris')[0]!;
    s = act(s, { type: 'hit', unit: gf });
    s = act(s, { type: 'hit', unit: gf }); // 2 points = 2 x D on the unused GF: it flips and retreats
    expect(decision(s)).toMatchObject({ kind: 'retreat', role: 'axis' });
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'retreat', unit: gf, to: 'lorraine' },
      { type: 'retreat', unit: gf, to: 'pool' },
    ]);
    s = act(s, { type: 'retreat', unit: gf, to: 'lorraine' });
    expect(decision(s)).toMatchObject({ kind: 'card', role: 'axis' });
  });
  it('AMB-20 option, 11.5(2): from Ruhr (not adjacent to Paris) by way of Lorraine, the hit unit retreats only to Ruhr', () => {
    let s = scene(
      [
        ['GE-LF', 'ruhr', 2],
        ['GE-GF', 'ruhr', 1],
        ['GE-TF', 'paris', 1],
        ['UK-TF', 'paris', 1],
      ],
      { axis: ['ax3-stratmove'], allies: ['al2-ambush'], dice: [1], options: { strategicMovementCounter: true } },
    );
    for (const id of ['paris', 'lorraine', 'ruhr']) s.game.ctrl[A(id)] = N('GE');
    expect(b.adj[A('ruhr')]).not.toContain(A('paris'));
    s = act(s, { type: 'play', card: 'ax3-stratmove' });
    s = act(s, { type: 'event' });
    s = group(s, 'ruhr', [
      ['GE-LF', 1],
      ['GE-GF', 1],
    ]);
    s = act(s, { type: 'declare', action: 'move' });
    s = act(s, { type: 'target', area: 'paris' });
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'UK-TF', 'paris')[0]! });
    s = act(s, { type: 'fire' }); // die 1: 2 damage points; a tie with the German TF in Paris: the Axis allocates
    const gf = unitsOf(s, 'GE-GF', 'paris')[0]!;
    s = act(s, { type: 'hit', unit: gf });
    s = act(s, { type: 'hit', unit: gf }); // 2 x D on the unused GF: flip and retreat
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'retreat', unit: gf, to: 'ruhr' },
      { type: 'retreat', unit: gf, to: 'pool' },
    ]);
    s = act(s, { type: 'retreat', unit: gf, to: 'ruhr' });
    expect(s.game.loc[gf]).toBe(A('ruhr'));
    expect(s.game.used[gf]).toBe(1);
  });
  it('AMB-20 "bombing-only": the counterattackers are compared with the moving group (attack 3 < 4): the counterattacker allocates', () => {
    let s = run({ strategicMovementCounter: true, originalUnitsPriority: 'bombing-only' });
    s = act(s, { type: 'target', area: 'paris' });
    s = act(s, { type: 'ambush', card: 'al2-ambush' });
    s = act(s, { type: 'join', unit: unitsOf(s, 'UK-TF', 'paris')[0]! });
    s = act(s, { type: 'fire' });
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'allies' });
  });
  it('AMB-20 option: random games with Strategic Movement counterattacks end with no action or combat left open', () => {
    for (const [i, o] of [
      [1, 'both-events'],
      [2, 'bombing-only'],
    ] as const) {
      for (let k = 0; k < 10; k++) {
        const seed = `sm${i}-${k}`;
        const r = randomPlayout(
          game,
          game.setup(seed, 'campaign', { strategicMovementCounter: true, originalUnitsPriority: o }),
          seed,
          { inPlace: true },
        );
        expect(game.outcome(r.state)).not.toBeNull();
        expect(r.state.game.act).toBeNull();
        expect(r.state.game.combat).toBeNull();
      }
    }
  });
});

describe('AMB-19 switch', () => {
  const place: [string, string, number][] = [
    ['GE-AF', 'berlin', 2],
    ['GE-LF', 'berlin', 1],
    ['GE-LF', 'western_poland', 1],
    ['PO-LF', 'western_poland', 1],
    ['GE-LF', 'warsaw', 1],
  ];
  const run = (on: boolean) => {
    let s = scene(place, { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], options: { counterattackPassThrough: on } });
    for (const id of ['western_poland', 'warsaw']) s.game.ctrl[A(id)] = N('GE');
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'berlin', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airMove' });
    s = act(s, { type: 'to', area: 'western_poland' });
    s = act(s, { type: 'to', area: 'warsaw' });
    return act(s, { type: 'stop' });
  };
  it('AMB-19: by default only the destination opens a window; with the switch, an area passed through with enemy units does too', () => {
    expect(decision(run(false))).toMatchObject({ kind: 'sv' });
    let s = run(true);
    expect(decision(s)).toMatchObject({ kind: 'window', role: 'allies' });
    expect(s.game.act!.area).toBe(A('western_poland'));
    s = act(s, { type: 'noCounter' });
    expect(unitsOf(s, 'GE-AF', 'warsaw')).toHaveLength(1);
    expect(decision(s)).toMatchObject({ kind: 'sv' });
  });
});

describe('16.6 and AMB-33', () => {
  it('16.6: US placement LOCs may not pass between the Central Atlantic and Egypt', () => {
    for (const on of [false, true]) {
      const s = scene(
        [
          ['UK-NF', 'north_atlantic', 2],
          ['UK-NF', 'central_atlantic', 2],
          ['UK-LF', 'egypt', 1],
        ],
        { options: { opt16_6: on } },
      );
      for (const id of ['north_atlantic', 'central_atlantic']) s.game.ctrl[A(id)] = N('UK');
      s.game.ctrl[A('egypt')] = N('UK');
      s.game.natBel[N('US')] = true;
      expect(placements(b, s.game, b.counterIndex.get('US-LF')!, 'allies').includes(A('egypt'))).toBe(!on);
    }
  });
  it('AMB-33: "combat-value" compares the air strength a carrier uses in an air attack; the printed attack by default', () => {
    for (const cv of [false, true]) {
      let s = scene(
        [
          ['UK-CV', 'north_sea', 1],
          ['GE-SS', 'north_sea', 1],
          ['GE-GF', 'north_sea', 1],
        ],
        { dice: [1], allies: ['al2-supply'], options: { priorityValue: cv ? 'combat-value' : 'attack' } },
      );
      s.game.ctrl[A('north_sea')] = N('UK');
      s.game.active = 'allies';
      s.game.stack = [{ kind: 'impulse', side: 'allies' }];
      s = act(s, { type: 'air' });
      s = group(s, 'north_sea', [['UK-CV', 1]]);
      s = act(s, { type: 'declare', action: 'airAttack' });
      s = act(s, { type: 'target', area: 'north_sea' });
      expect(decision(s)).toMatchObject({ kind: 'alloc', role: cv ? 'allies' : 'axis' }); // 3 > 2, or 2 = 2 -> the defender (11.2(1)③④)
    }
  });
});

describe('16.2 owner chooses discards', () => {
  it('16.2(1): with the option, the Allied owner chooses the cards Wolfpack makes them discard', () => {
    let s = scene([['GE-SS', 'north_atlantic', 1]], {
      axis: ['ax3-wolfpack'],
      allies: ['al2-supply', 'al2-dev-1'],
      dice: [1],
      options: { opt16_2_1: true },
    });
    s = act(s, { type: 'play', card: 'ax3-wolfpack' });
    s = act(s, { type: 'event' });
    expect(decision(s)).toMatchObject({ kind: 'discard', role: 'allies' });
    s = act(s, { type: 'discard', card: 'al2-dev-1' });
    expect(s.game.hand.allies).toEqual(['al2-supply']);
    expect(decision(s)).toMatchObject({ kind: 'card', role: 'axis' });
  });
  it('16.3: with the option, a hand of 4 or fewer cards is not reduced', () => {
    let s = scene([['GE-SS', 'north_atlantic', 1]], {
      axis: ['ax3-wolfpack'],
      allies: ['al2-supply', 'al2-dev-1'],
      dice: [1],
      options: { opt16_3: true },
    });
    s = act(s, { type: 'play', card: 'ax3-wolfpack' });
    s = act(s, { type: 'event' });
    expect(s.game.hand.allies).toHaveLength(2);
  });
  it('16.2(2): with the option, the Axis owner chooses the cards Strategic Bombing makes it discard', () => {
    let s = scene(
      [
        ['UK-AF', 'london', 2],
        ['UK-LF', 'london', 1],
        ['GE-LF', 'ruhr', 1],
      ],
      { allies: ['al3-bombing'], axis: ['ax2-supply', 'ax2-dev-1'], dice: [1], options: { opt16_2_2: true } },
    );
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al3-bombing' });
    s = act(s, { type: 'event' });
    s = group(s, 'london', [['UK-AF', 1]]);
    s = act(s, { type: 'declare', action: 'bomb' });
    s = act(s, { type: 'target', area: 'ruhr' });
    expect(decision(s)).toMatchObject({ kind: 'discard', role: 'axis' });
    s = act(s, { type: 'discard', card: 'ax2-supply' });
    expect(s.game.hand.axis).toEqual(['ax2-dev-1']);
  });
});

describe('derived combat cases through play', () => {
  const attack = (
    place: [string, string, number, number?][],
    area: string,
    picks: [string, number][],
    dice: number[],
    setup?: (s: S) => void,
  ) => {
    let s = scene(place, { axis: ['ax2-blitz-1'], dice });
    setup?.(s);
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, area, picks);
    return act(s, { type: 'declare', action: 'attack' });
  };
  it('TC-56, 11.2(1)②: no air units, only the defender has a fortress: the defender allocates', () => {
    const s = attack(
      [
        ['GE-LF', 'lorraine', 3],
        ['FR-FT', 'lorraine', 1],
        ['FR-LF', 'lorraine', 1],
      ],
      'lorraine',
      [['GE-LF', 3]],
      [1, 1, 1],
    );
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'allies' });
  });
  it('TC-57, 11.2(1)③: no air, no fortress; the higher printed attack (5 against 4) allocates', () => {
    const s = attack(
      [
        ['GE-TF5', 'paris', 1],
        ['GE-LF', 'paris', 1],
        ['FR-TF', 'paris', 1],
        ['FR-LF', 'paris', 1],
      ],
      'paris',
      [
        ['GE-TF5', 1],
        ['GE-LF', 1],
      ],
      [1, 1],
    );
    expect(decision(s)).toMatchObject({ kind: 'alloc', role: 'axis' });
  });
  it('TC-59, 11.2(3): 10 points on a single unused D=2 unit send it to the pool; the rest is ignored', () => {
    const s = attack(
      [
        ['GE-LF', 'warsaw', 10],
        ['PO-LF', 'warsaw', 1],
      ],
      'warsaw',
      [['GE-LF', 10]],
      new Array(10).fill(1),
    );
    expect(s.game.loc.filter((l, u) => l === A('warsaw') && b.unitNation[u] === N('PO'))).toHaveLength(0);
    expect(decision(s)).toMatchObject({ kind: 'sv' });
  });
  it('TC-66, 10.1(1): used units cannot counterattack, so no window opens', () => {
    let s = scene(
      [
        ['GE-LF', 'warsaw', 2],
        ['PO-LF', 'warsaw', 2, 1],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [6, 6] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'warsaw', [['GE-LF', 2]]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(decision(s)).toMatchObject({ kind: 'sv' });
  });
  it('TC-65, 15.1(4): a submarine never joins an Ambush and takes no Ambush damage', () => {
    let s = scene(
      [
        ['UK-NF', 'north_sea', 2],
        ['GE-SS', 'north_sea', 1],
      ],
      { allies: ['al2-supply'], axis: ['ax2-ambush'], dice: [6, 6] },
    );
    s.game.active = 'allies';
    s.game.stack = [{ kind: 'impulse', side: 'allies' }];
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'north_sea', [['UK-NF', 1]]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(decision(s)).toMatchObject({ kind: 'sv' }); // no window: the only Axis unit is a submarine
    let t = scene(
      [
        ['GE-NF', 'north_sea', 1],
        ['GE-SS', 'north_sea', 1],
        ['UK-NF', 'north_sea', 1],
      ],
      { axis: ['ax2-blitz-1'], allies: ['al2-ambush'], dice: [1, 6, 6] },
    );
    t = act(t, { type: 'play', card: 'ax2-blitz-1' });
    t = act(t, { type: 'sv' });
    t = group(t, 'north_sea', [
      ['GE-NF', 1],
      ['GE-SS', 1],
    ]);
    t = act(t, { type: 'declare', action: 'attack' });
    t = act(t, { type: 'ambush', card: 'al2-ambush' });
    t = act(t, { type: 'join', unit: unitsOf(t, 'UK-NF', 'north_sea')[0]! });
    t = act(t, { type: 'fire' }); // 1 hit x 2: all on the NF (the submarine is no target)
    const ss = unitsOf(t, 'GE-SS', 'north_sea')[0]!;
    expect(t.game.loc[ss]).toBe(A('north_sea'));
    expect(t.log.some((l) => l.rule === '11.3' && l.text.includes('GE-NF') && !l.text.includes('GE-SS'))).toBe(true);
  });
  it('TC-70, 9.2(2): an AF with movement 2 reaches land 2 areas away, not 3; sea areas only next to it', () => {
    let s = scene(
      [
        ['GE-JET', 'berlin', 1],
        ['GE-LF', 'berlin', 1],
        ['PO-LF', 'warsaw', 1],
        ['PO-LF', 'brest', 1],
        ['UK-NF', 'baltic_sea', 1],
        ['UK-NF', 'north_sea', 1],
      ],
      { options: { opt16_8: true } },
    );
    s.game.ctrl[A('brest')] = N('PO');
    s = act(s, { type: 'air' });
    s = group(s, 'berlin', [['GE-JET', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    const targets = game.legalActions(s, 'axis').map((a) => (a as { area: string }).area);
    expect(targets).toContain('warsaw');
    expect(targets).not.toContain('brest');
    expect(targets).toContain('baltic_sea');
    expect(targets).not.toContain('north_sea');
  });
  it('TC-75, 3.4(4): control changes only at the end of the impulse; until then an air move may not enter', () => {
    let s = scene(
      [
        ['GE-TF', 'western_poland', 4],
        ['PO-LF', 'western_poland', 1, 1],
        ['GE-AF', 'berlin', 1],
        ['GE-LF', 'berlin', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1] },
    );
    s = act(s, { type: 'play', card: 'ax2-blitz-1' });
    s = act(s, { type: 'sv' });
    s = group(s, 'western_poland', [['GE-TF', 4]]);
    s = act(s, { type: 'declare', action: 'attack' }); // 4 points on a used D=2 unit: the pool
    expect(s.game.ctrl[A('western_poland')]).toBe(N('PO'));
    s = group(s, 'berlin', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airMove' });
    expect(game.legalActions(s, 'axis')).not.toContainEqual({ type: 'to', area: 'western_poland' });
    s = act(s, {
      type: 'to',
      area: game
        .legalActions(s, 'axis')
        .map((a) => (a as { area: string }).area)
        .find(Boolean)!,
    });
    s = act(s, { type: 'stop' });
    s = act(s, { type: 'endCard' });
    expect(ctrlSide(b, s.game, A('western_poland'))).toBe('axis');
  });
});

describe('14.1 timing', () => {
  it('TC-85, 14.1: victory is checked only at the end of a turn', () => {
    let s = scene([], { axis: ['ax2-supply'], allies: ['al2-supply'] });
    const reds = b.areaIds.map((_, a) => a).filter((a) => b.source[a] === 'red' && !b.isSea[a] && a !== b.sp.usSource);
    const saved = s.game.ctrl.slice();
    const ge = s.game.loc
      .map((_l, u) => u)
      .filter((u) => b.unitNation[u] === N('GE') && b.unitClass[u] === 'land' && s.game.loc[u] === POOL);
    reds.forEach((a, i) => {
      s.game.ctrl[a] = N('GE');
      s.game.loc[ge[i]!] = a;
    });
    expect(sourceCount(b, s.game, 'axis', true)).toBeGreaterThanOrEqual(10);
    s = act(s, { type: 'play', card: 'ax2-supply' });
    s = act(s, { type: 'endCard' });
    expect(decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    expect(game.outcome(s)).toBeNull(); // 10+ sources in the middle of the turn: nothing yet
    for (const u of ge) s.game.loc[u] = POOL; // back to the start before the turn ends
    s.game.ctrl = saved;
    while (game.decision(s) && s.game.turn === 2) s = act(s, game.legalActions(s, decision(s).role).at(-1)!);
    expect(game.outcome(s)).toBeNull();
    expect(s.game.turn).toBe(3);
  });
});

describe('TC-61, 9.1(2), 9.1.1②: an air unit in a normal attack rolls against its air strength', () => {
  it('two UK AF (attack 1, air 3) in Allied-held Paris roll 3 and 3 against the Germans who entered: 2 hits, the LF flips', () => {
    let s = scene(
      [
        ['UK-AF', 'paris', 2],
        ['FR-LF', 'paris', 1],
        ['GE-LF', 'paris', 1],
      ],
      { active: 'allies', allies: ['al2-supply'], dice: [3, 3] },
    );
    expect(ctrlSide(b, s.game, A('paris'))).toBe('allies'); // 9.1.1②: air units attack only in a land area their side controls
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'paris', [['UK-AF', 2]]);
    s = act(s, { type: 'declare', action: 'attack' });
    // 11.2(1)①: the side with air units in the combat allocates: the Allies put both points on the LF.
    while (decision(s).kind === 'alloc') s = act(s, { type: 'hit', unit: unitsOf(s, 'GE-LF', 'paris')[0]! });
    const ge = unitsOf(s, 'GE-LF', 'paris');
    expect(ge).toHaveLength(1);
    expect(s.game.used[ge[0]!]).toBe(1); // 2 points = 1 x D: flip (11.3.1); at attack 1 both dice would have missed
    expect(unitsOf(s, 'UK-AF', 'paris').every((u) => s.game.used[u] === 1)).toBe(true); // 9.1(5)
  });

  it('a land unit rolls against its attack value: an FR LF (attack 3) rolling 4 scores nothing', () => {
    let s = scene(
      [
        ['FR-LF', 'paris', 2],
        ['GE-LF', 'paris', 1],
      ],
      { active: 'allies', allies: ['al2-supply'], dice: [4] },
    );
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'paris', [['FR-LF', 1]]);
    s = act(s, { type: 'declare', action: 'attack' });
    expect(s.game.used[unitsOf(s, 'GE-LF', 'paris')[0]!]).toBe(0);
  });
});

describe('7.2: no unit is offered that would leave a group nothing to declare (issue 18)', () => {
  it('all three units of Paris in one group could not move (8.1(4)) nor attack (9.1): the third is not offered', () => {
    let s = scene(
      [
        ['FR-LF', 'paris', 2],
        ['FR-TF', 'paris', 1],
      ],
      { active: 'allies', allies: ['al2-supply'] },
    );
    s = act(s, { type: 'play', card: 'al2-supply' });
    s = act(s, { type: 'sv' });
    s = group(s, 'paris', [['FR-LF', 2]]);
    expect(types(s)).toContain('declare'); // two of three may still move
    expect(rules.describe!(s.game, { type: 'cancel' })).toBe('Cancel');
    const tf = unitsOf(s, 'FR-TF', 'paris')[0]!;
    expect(game.legalActions(s, 'allies')).not.toContainEqual({ type: 'add', unit: tf });
    expect(() => game.apply(s, 'allies', { type: 'add', unit: tf })).toThrow(/no action to declare.*\[7\.2\]/);
  });
});
