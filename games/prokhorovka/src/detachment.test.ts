/**
 * Detachments (签一览 detachment, A-26, D-56): a detachment chit splits off at the start of the
 * movement phase as a 1-1-3 infantry unit with one step, and is then a combat unit like any other
 * (ZOC 3.1, stacking 3.4, LOC 3.2, designation 5.1(3), combat, step loss 13.0, retreat 14.0,
 * reorganization 5.1(7)).
 */
import { describe, expect, it } from 'vitest';
import { prokhorovka } from './index.ts';
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
  unit,
  until,
  type Pos,
  type S,
} from './combat/testkit.ts';
import { AS_CHIT, DETACHED, detachmentUnitId, inEnemyZoc, locReach, values, type Phase } from './state.ts';
import { askPhase } from './sequence.ts';
import { stackFire } from './combat/fire.ts';
import { cur } from './combat/core.ts';

/** A position in the phasing side's `phase` (movement by default), built like the combat tests'. */
function at(p: Pos, phase = 'movement'): S {
  const s = position(p);
  s.game.phase = phase;
  s.game.stack = [];
  askPhase(s.game, phase as Phase);
  return s;
}
/** Puts detachment chit `c` on the map at `hex` as a split-off unit (as after D-56). */
function splitAt(s: S, c: string, hex: string): string {
  const id = detachmentUnitId(c);
  s.game.equip.find((x) => x.id === c)!.loc = DETACHED;
  s.game.equip.find((x) => x.id === c)!.faceUp = true;
  unit(s, id).hex = H(hex);
  s.game.ver++;
  return id;
}
const loc = (s: S, id: string) => s.game.equip.find((c) => c.id === id)!;

describe('签一览 detachment: splitting off (D-56)', () => {
  it('D-56: at the start of the movement phase a detachment turns face-up, starts from its parent hex and must end in another hex as a 1-1-3 unit', () => {
    let s = at({ side: 'SU', units: { '71G': '1905', GD: '1902' }, chits: { '71G': ['Detachment', 'T-34'] } });
    const c = chit(s, '71G', 'Detachment');
    expect(legal(s)).toContainEqual({ type: 'detach', chit: c });
    s = act(s, { type: 'detach', chit: c });
    expect(loc(s, c)).toMatchObject({ loc: '71G', faceUp: true }); // turned face-up at once
    expect(kind(s)).toBe('moveTo');
    const moves = legal(s);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((a) => a.type === 'moveTo')).toBe(true); // no cancel: it may not turn face-up without separating
    expect(moves).not.toContainEqual({ type: 'moveTo', hex: '1905' });
    expect(() => act(s, { type: 'cancelMove' })).toThrow(/签一览 detachment/);
    const to = (moves[0] as { hex: string }).hex;
    s = act(s, moves[0]!);
    const d = unit(s, detachmentUnitId(c));
    expect(L(d.hex)).toBe(to);
    expect(loc(s, c).loc).toBe(DETACHED);
    expect(values(E, d)).toEqual({ fire: 1, equip: 1, ma: 3 });
    expect(L(unit(s, '71G').hex)).toBe('1905');
    expect(s.game.equip.filter((x) => x.loc === '71G')).toHaveLength(1); // the T-34 stays with its parent
    expect(logged(s, /splits off a detachment/)).toBe(true);
    expect(prokhorovka.rules.describe!(s.game, { type: 'detach', chit: c })).toMatch(/split detachment/);
  });

  it('签一览 detachment: only at the start of the movement phase: once another stack has moved, no detachment splits off', () => {
    let s = at({ side: 'SU', units: { '71G': '1905', '67G': '1507', GD: '1902' }, chits: { '71G': ['Detachment'] } });
    const c = chit(s, '71G', 'Detachment');
    s = act(s, { type: 'pick', unit: '67G', mode: 'normal' });
    s = act(s, legal(s).find((a) => a.type === 'moveTo')!);
    expect(legal(s).some((a) => a.type === 'detach')).toBe(false);
    expect(() => act(s, { type: 'detach', chit: c })).toThrow(/start of the movement phase/);
  });

  it('17.1(2), 签一览 detachment: on turn 1 a German detachment cannot split off (it could not leave the hex)', () => {
    const s = at({ side: 'DE', turn: 1, units: { GD: '1904', '71G': '1907' }, chits: { GD: ['Detachment'] } });
    const c = chit(s, 'GD', 'Detachment');
    expect(legal(s).some((a) => a.type === 'detach')).toBe(false);
    expect(() => act(s, { type: 'detach', chit: c })).toThrow(/may not turn face-up without separating/);
  });
});

describe('签一览 detachment, A-26: a face-up detachment is a combat unit', () => {
  it('3.1, 3.4(1), 3.2: it exerts ZOC, takes a hex of its own and blocks the enemy LOC like any unit', () => {
    const s = at({ side: 'SU', units: { '71G': '1905', GD: '0101' }, chits: { '71G': ['Detachment'] } });
    const id = splitAt(s, chit(s, '71G', 'Detachment'), '1408');
    const zoc = inEnemyZoc(E, s.game, 'DE');
    for (const h of E.b.grid.neighbours(H('1408'))) if (!E.b.source[h]) expect(zoc[h]).toBe(1);
    expect(locReach(E, s.game, 'DE')[H('1408')]).toBe(0); // an enemy unit's hex is closed to the LOC
    // stacking: the 71G may not end its move on the detachment
    const t = act(s, { type: 'pick', unit: '71G', mode: 'normal' });
    expect(legal(t)).not.toContainEqual({ type: 'moveTo', hex: '1408' });
    expect(() => act(t, { type: 'moveTo', hex: '1408' })).toThrow(/3\.4\(1\)/);
    expect(unit(s, id).hex).toBe(H('1408'));
  });

  it('A-26, 5.1(3): it counts as non-mechanized for designation (not in an enemy ZOC only)', () => {
    const s = at({ side: 'SU', units: { '71G': '1507', GD: '1904' }, chits: { '71G': ['Detachment'] } }, 'designation');
    const id = splitAt(s, chit(s, '71G', 'Detachment'), '1905'); // next to the GD
    expect(legal(s)).not.toContainEqual({ type: 'designate', unit: id });
    unit(s, id).hex = H('1409');
    s.game.ver++;
    expect(legal(s)).toContainEqual({ type: 'designate', unit: id });
  });

  it('9.0, 13.0(2), A-26: it defends with fire 1; one step lost removes it and its chit goes to the Equip cup', () => {
    let s = position({ units: { GD: '1904', '71G': '1507' }, chits: { '71G': ['Detachment'] } });
    const c = chit(s, '71G', 'Detachment');
    const id = splitAt(s, c, '1905');
    s = declare(dice(s, 1, 6, 6, 6, ...six(3)), ['GD', id]); // one hit against it
    s = until(s, 'cb:loss');
    expect(legal(s)).toContainEqual({ type: 'stepLoss', unit: id });
    expect(prokhorovka.rules.describe!(s.game, { type: 'stepLoss', unit: id })).toMatch(/one step/);
    s = act(s, { type: 'stepLoss', unit: id });
    expect(unit(s, id).hex).toBe(AS_CHIT);
    expect(loc(s, c)).toMatchObject({ loc: 'cup', faceUp: false });
    expect(logged(s, /Equip cup, A-26/)).toBe(true);
  });

  it('9.2(1), 10.2: it attacks like any unit (its normal fire is 1 die)', () => {
    let s = position({ side: 'SU', units: { GD: '1904', '71G': '1507' }, chits: { '71G': ['Detachment'] } });
    const id = splitAt(s, chit(s, '71G', 'Detachment'), '1905');
    s = act(s, { type: 'pickAttacker', unit: id });
    s = act(s, { type: 'attack', target: 'GD' });
    expect(s.game.combat!.battles[0]!.attackers).toEqual([id]);
  });

  it('14.0, 13.0: it retreats like any unit (a loss of 1 halved to 0) and the attacker advances (15.0)', () => {
    let s = position({ units: { GD: '1904', '71G': '1507' }, chits: { '71G': ['Detachment'] } });
    const id = splitAt(s, chit(s, '71G', 'Detachment'), '1905');
    s = declare(dice(s, 1, 6, 6, 6, ...six(3)), ['GD', id]); // one hit against it, none back
    s = until(s, 'cb:retreat');
    expect(prokhorovka.decision(s)!.role).toBe('SU');
    s = act(s, { type: 'declareRetreat' });
    while (kind(s) === 'cb:retreatHex') s = act(s, legal(s)[0]!);
    expect(unit(s, id).hex).toBeGreaterThanOrEqual(0);
    expect(E.b.grid.distance(unit(s, id).hex, H('1905'))).toBe(1);
    expect(logged(s, /Soviet detachment retreats/)).toBe(true); // named, not by its id (issue #16)
  });

  it('A-26, 5.1(7): with a LOC it may receive one chit in reorganization, and may (optionally) be reorganized into the pool with its chit', () => {
    let s = at(
      { side: 'SU', units: { '71G': '1507', GD: '0101' }, chits: { '71G': ['Detachment'] } },
      'reorganization',
    );
    const c = chit(s, '71G', 'Detachment');
    const id = splitAt(s, c, '1409');
    const pooled = s.game.equip.filter((x) => x.side === 'SU' && x.loc === 'cup').slice(0, 2);
    for (const p of pooled) p.loc = 'reorg';
    expect(legal(s)).toContainEqual({ type: 'reorgPlace', chit: pooled[0]!.id, unit: id });
    s = act(s, { type: 'reorgPlace', chit: pooled[0]!.id, unit: id });
    expect(legal(s).some((a) => a.type === 'reorgPlace' && a.unit === id)).toBe(false); // equipment value 1
    expect(legal(s)).toContainEqual({ type: 'reorgReturn', chit: c });
    expect(prokhorovka.rules.describe!(s.game, { type: 'reorgReturn', chit: c })).toMatch(/reorganize detachment/);
    const kept = act(s, { type: 'endPhase' }); // optional: it stays
    expect(L(unit(kept, id).hex)).toBe('1409');
    s = act(s, { type: 'reorgReturn', chit: c });
    expect(unit(s, id).hex).toBe(AS_CHIT);
    expect(loc(s, c)).toMatchObject({ loc: 'reorg', faceUp: false });
    expect(loc(s, pooled[0]!.id).loc).toBe('reorg'); // its chit goes with it (签一览 detachment ※)
  });

  it('A-26 (alternative detachmentReorgOptional=false): every face-up detachment with a LOC is reorganized at the end of the phase', () => {
    let s = at(
      {
        side: 'SU',
        units: { '71G': '1507', GD: '0101' },
        chits: { '71G': ['Detachment'] },
        options: { detachmentReorgOptional: false },
      },
      'reorganization',
    );
    const c = chit(s, '71G', 'Detachment');
    const id = splitAt(s, c, '1409');
    s = act(s, { type: 'endPhase' });
    expect(unit(s, id).hex).toBe(AS_CHIT);
    expect(loc(s, c).loc).toBe('reorg');
    expect(logged(s, /A-26: compulsory/)).toBe(true);
  });

  it('views: the split-off detachment is a unit on the map for both sides; an unsplit one is listed as a chit', () => {
    const s = at({ side: 'SU', units: { '71G': '1507', GD: '0101' }, chits: { '71G': ['Detachment', 'Detachment'] } });
    const [c1, c2] = [chit(s, '71G', 'Detachment'), chit(s, '71G', 'Detachment', 1)];
    const id = splitAt(s, c1, '1409');
    for (const role of ['DE', 'SU']) {
      const v = prokhorovka.rules.view(s.game, role);
      expect(v.units.find((u) => u.id === id)).toMatchObject({ hex: '1409', where: 'map' });
      expect(v.units.find((u) => u.id === detachmentUnitId(c2))).toMatchObject({ hex: null, where: 'chit' });
    }
  });
});

describe('签一览 detachment, A-58: face-down under a unit it is an ordinary Equip chit', () => {
  /** The Soviet's equipment declaration (11.2(1)1: the Soviet declares first) in a battle for 71G, a detachment under it. */
  function declaring(options: Record<string, boolean> = {}): S {
    let s = position({ units: { GD: '1904', '71G': '1905' }, chits: { '71G': ['Detachment', 'Bunker'] }, options });
    s = until(declare(s, ['GD', '71G']), 'cb:equip');
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'cb:equip', role: 'SU' });
    return s;
  }
  const fire = (s: S) => stackFire(E, s.game, cur(s.game)!, '71G');

  it('A-58 (default): it is not offered for declaration, cannot turn face-up without separating, and adds no normal fire', () => {
    let s = declaring();
    const det = chit(s, '71G', 'Detachment');
    expect(legal(s)).toContainEqual({ type: 'declareChit', chit: chit(s, '71G', 'Bunker') });
    expect(legal(s)).not.toContainEqual({ type: 'declareChit', chit: det });
    expect(() => prokhorovka.apply(s, 'SU', { type: 'declareChit', chit: det })).toThrow(
      expect.objectContaining({ rule: '签一览 detachment, A-58' }),
    );
    const before = fire(s);
    s = act(s, { type: 'doneDeclaring' });
    expect(loc(s, det)).toMatchObject({ loc: '71G', faceUp: false });
    expect(fire(s)).toBe(before);
  });

  it('A-58 stackedDetachmentDeclared (10.2(2) reading): it may be declared, turns face-up and adds its normal fire', () => {
    let s = declaring({ stackedDetachmentDeclared: true });
    const det = chit(s, '71G', 'Detachment');
    const before = fire(s);
    s = act(s, { type: 'declareChit', chit: det });
    expect(loc(s, det).faceUp).toBe(true);
    expect(fire(s)).toBe(before + (E.equipById.get(det)!.normal ?? 0));
    expect(E.equipById.get(det)!.normal).toBeGreaterThan(0);
  });
});
