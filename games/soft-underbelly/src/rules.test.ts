/** Rule-by-rule tests on the real map and the spec's derived tests D-01..D-53 (spec 9.2). */
import { describe, expect, it } from 'vitest';
import type { Options } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { act, emptyPosition, idx, passWindows, put, realGame, startImpulse, startTurn } from './testing/fixtures.ts';
import { GONE, POOL, SEA, type Side } from './state.ts';

function pos(opts: Options = {}, dice: number[] = []) {
  const { game, data } = realGame();
  const s = emptyPosition(game, data, opts, dice);
  put(s, data, 'axis', '01', 1);
  put(s, data, 'allies', '19', 1);
  return { game, data, s };
}
type P = ReturnType<typeof pos>;
const legal = (p: P, role: Side) => p.game.legalActions(p.s, role);
const has = (p: P, role: Side, a: SUAction) => legal(p, role).some((x) => JSON.stringify(x) === JSON.stringify(a));
function go(p: P, role: Side, a: SUAction) {
  p.s = act(p.game, p.s, role, a);
  return p;
}
function toCombat(p: P, side: Side) {
  p.s = passWindows(p.game, p.s);
  go(p, side, { type: 'endMovement' });
  p.s = passWindows(p.game, p.s);
}
const u = (p: P, id: string) => p.s.game.units.find((x) => x.id === id)!;
/** Allies in Campania (11) attack Calabria (13). */
function attack(p: P, commits: SUAction[], target = '13') {
  startImpulse(p.s, p.data, 'allies');
  toCombat(p, 'allies');
  go(p, 'allies', { type: 'attack', target });
  for (const c of commits) go(p, 'allies', c);
  go(p, 'allies', { type: 'done' });
}

describe('§8 initiative', () => {
  it('§8 L108 D-01: on a tie the Allies decide who has the initiative', () => {
    const p = pos({}, [4, 4]);
    startTurn(p.s, p.data, 3);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'initiative', role: 'allies' });
    go(p, 'allies', { type: 'initiative', first: 'axis' });
    expect(p.s.game.active).toBe('axis');
  });
  it('§8 L108: the higher roll decides', () => {
    const p = pos({}, [2, 5]);
    startTurn(p.s, p.data, 3);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'initiative', role: 'axis' });
  });
});

describe('§5 set-up and §9 reinforcements', () => {
  it('§5 L65-L71: fixed set-up, Axis free deployment with the recommended default (AMB-27)', () => {
    const { game } = realGame();
    let s = game.setup('s');
    expect(game.decision(s)).toMatchObject({ kind: 'deploy', role: 'axis' });
    expect(game.legalActions(s, 'axis')).toContainEqual({ type: 'deployDefault' });
    expect(game.legalActions(s, 'axis').some((a) => a.type === 'done')).toBe(false); // AMB-27: all must be deployed
    s = game.apply(s, 'axis', { type: 'deployDefault' });
    expect(s.game.pool.axis).toBe(0);
    expect(s.game.units.filter((x) => x.side === 'axis' && x.loc === POOL)).toEqual([]);
    expect(s.game.transport).toEqual({ allies: 6, axis: 2 });
    expect(s.game.units.find((x) => x.id === 'us-fleet')).toMatchObject({ loc: SEA, up: false });
    expect(game.decision(s)?.kind).toBe('initiative');
  });
  it('§5 L67: the Axis may deploy unit by unit, never in Africa, within stacking', () => {
    const { game, data } = realGame();
    let s = game.setup('s2');
    s = game.apply(s, 'axis', { type: 'pick', unit: 'cube' });
    const areas = game
      .legalActions(s, 'axis')
      .filter((a) => a.type === 'deploy')
      .map((a) => (a as { area: string }).area);
    for (const id of ['16', '17', '18', '19', '20']) expect(areas).not.toContain(id);
    s = game.apply(s, 'axis', { type: 'deploy', area: '14' });
    expect(s.game.cubes.axis[idx(data, '14')]).toBe(1);
  });
  it('§7 L87, §9 L114 D-02: no reinforcements or conversion in turn 1', () => {
    const { game } = realGame();
    let s = game.setup('t1', 'campaign', {}, [5, 2]);
    s = game.apply(s, 'axis', { type: 'deployDefault' });
    s = game.apply(s, 'allies', { type: 'initiative', first: 'allies' });
    s = passWindows(game, s);
    expect(game.decision(s)?.kind).toBe('impulse');
    expect(() => game.apply(s, 'allies', { type: 'place', area: '19' })).toThrow(/§7 L87/);
  });
  it('§9 L114 D-49: Allied reinforcements only in supplied sea-adjacent areas; Axis in Europe, not islands', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'axis', '15', 1);
    put(p.s, p.data, 'axis', '02', 1);
    startTurn(p.s, p.data, 2);
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    const allied = legal(p, 'allies')
      .filter((a) => a.type === 'place')
      .map((a) => (a as { area: string }).area);
    expect(allied.sort()).toEqual(['18', '19', '20']);
    for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'place', area: '19' });
    go(p, 'allies', { type: 'done' });
    const axis = legal(p, 'axis')
      .filter((a) => a.type === 'place')
      .map((a) => (a as { area: string }).area);
    expect(axis).toContain('02');
    expect(axis).toContain('14'); // AMB-31: Sicily is not an island
    expect(axis).not.toContain('15'); // Sardinia is
    expect(axis).not.toContain('16'); // Africa
  });
  it('§9 L116 AMB-30: a partial shortfall gives what is left', () => {
    const p = pos({}, [6, 1]);
    p.s.game.pool.allies = 2;
    startTurn(p.s, p.data, 2);
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    expect(p.game.decision(p.s)?.prompt).toMatch(/place 2/);
  });
});

describe('§10 conversion', () => {
  it('§10 L126 D-46: the Allies bring in at most one aircraft per turn (also via the Reinforcements event)', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '18', 6);
    startTurn(p.s, p.data, 2);
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'place', area: '19' });
    go(p, 'allies', { type: 'convert', area: '18', id: 'us-air-1' });
    expect(legal(p, 'allies').some((a) => a.type === 'convert' && (a as { id: string }).id.includes('air'))).toBe(
      false,
    );
  });
  it('§35 L366 D-36: partisans only after the Italian surrender, in Axis-controlled triangle areas', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '18', 4);
    startTurn(p.s, p.data, 2);
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'place', area: '18' });
    expect(
      legal(p, 'allies').some((a) => a.type === 'convert' && (a as { id: string }).id.startsWith('partisan')),
    ).toBe(false);
    p.s.game.italy = true;
    const part = legal(p, 'allies').filter(
      (a) => a.type === 'convert' && (a as { id: string }).id.startsWith('partisan'),
    );
    expect(part.length).toBeGreaterThan(0);
    for (const a of part) expect(p.data.areas[idx(p.data, (a as { to: string }).to)]!.partisanTriangle).toBe(true);
  });
  it('§28 L296 D-33: no third tank in an area by conversion', () => {
    const p = pos({}, [1, 6]);
    put(p.s, p.data, 'axis', '02', 4, ['de-tank-1', 'de-tank-2']);
    startTurn(p.s, p.data, 2);
    go(p, 'axis', { type: 'initiative', first: 'axis' });
    for (let i = 0; i < 3; i++) go(p, 'axis', { type: 'place', area: '02' });
    go(p, 'axis', { type: 'done' });
    expect(
      legal(p, 'axis').some(
        (a) => a.type === 'convert' && a.area === '02' && (a as { id: string }).id.includes('tank'),
      ),
    ).toBe(false);
  });
});

describe('§12-§17 movement', () => {
  it('§12 L150 D-43: a unit may enter an empty enemy area (control flips) but not pass an occupied one', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '13', 2);
    put(p.s, p.data, 'axis', '11', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '13' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    expect(has(p, 'allies', { type: 'step', to: '12' })).toBe(true);
    expect(has(p, 'allies', { type: 'step', to: '11' })).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'step', to: '11' })).toThrow(/§12 L150/);
    go(p, 'allies', { type: 'step', to: '12' });
    expect(p.s.game.ctrl[idx(p.data, '12')]).toBe('allies');
  });
  it('§2 L19 D-44: land units never enter Switzerland; aircraft fly over it', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '03', 1, ['us-air-2']);
    put(p.s, p.data, 'allies', '05', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '03' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    expect(() => p.game.apply(p.s, 'allies', { type: 'step', to: 'SWITZERLAND' })).toThrow(/§2 L19/);
    go(p, 'allies', { type: 'stop' });
    go(p, 'allies', { type: 'selectAir', id: 'us-air-2' });
    go(p, 'allies', { type: 'fly', to: '05' });
    expect(u(p, 'us-air-2').loc).toBe(idx(p.data, '05'));
  });
  it('§13 L162-L164 D-14 D-15: aircraft fly to friendly areas with room, once per impulse', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '18', 6);
    put(p.s, p.data, 'allies', '20', 1, ['uk-air-2']);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'selectAir', id: 'uk-air-2' });
    const dests = legal(p, 'allies')
      .filter((a) => a.type === 'fly')
      .map((a) => (a as { to: string }).to);
    expect(dests).toContain('19');
    expect(dests).not.toContain('18'); // would hold 7
    expect(dests).not.toContain('17'); // Axis-controlled
    go(p, 'allies', { type: 'fly', to: '19' });
    expect(has(p, 'allies', { type: 'selectAir', id: 'uk-air-2' })).toBe(false);
  });
  it('§16 L176-L182 D-17 D-19: transport points per unit; only between own sea-adjacent areas', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '18', 2);
    p.s.game.transport.allies = 1;
    p.s.game.units.find((x) => x.id === 'uboat')!.up = false;
    p.s.game.units.find((x) => x.id === 'it-fleet')!.up = false;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '18' });
    go(p, 'allies', { type: 'add', unit: 'allCubes' });
    expect(legal(p, 'allies').some((a) => a.type === 'ship')).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'ship', to: '20' })).toThrow(/§16/);
    p.s.game.transport.allies = 2;
    expect(has(p, 'allies', { type: 'ship', to: '20' })).toBe(true);
    expect(has(p, 'allies', { type: 'ship', to: '14' })).toBe(false); // enemy-controlled: use a landing
    go(p, 'allies', { type: 'ship', to: '20' });
    expect(p.s.game.transport.allies).toBe(0);
    expect(p.s.game.cubes.allies[idx(p.data, '20')]).toBe(2);
  });
  it('§12 L154 §16 L176 (issue 18): a tank shipped with three cubes goes on alone by land while the cubes stay', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '19', 2, ['uk-tank-2']); // with the cube pos() puts there: 3
    p.s.game.ctrl[idx(p.data, '13')] = 'allies';
    u(p, 'uboat').up = false;
    u(p, 'it-fleet').up = false;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '19' });
    go(p, 'allies', { type: 'add', unit: 'allCubes' });
    go(p, 'allies', { type: 'add', unit: 'uk-tank-2' });
    expect(has(p, 'allies', { type: 'drop', unit: 'cube' })).toBe(false); // not moved yet: leave it out instead
    go(p, 'allies', { type: 'ship', to: '13' });
    p.s = passWindows(p.game, p.s);
    for (let i = 0; i < 3; i++) go(p, 'allies', { type: 'drop', unit: 'cube' });
    expect(has(p, 'allies', { type: 'drop', unit: 'uk-tank-2' })).toBe(false); // the last unit stops with the group
    expect(() => p.game.apply(p.s, 'allies', { type: 'drop', unit: 'uk-tank-2' })).toThrow(/§12 L154/);
    go(p, 'allies', { type: 'step', to: '12' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'stop' });
    expect(u(p, 'uk-tank-2').loc).toBe(idx(p.data, '12'));
    expect(p.s.game.cubes.allies[idx(p.data, '13')]).toBe(3);
    // AMB-32: the cubes left in Calabria made their move this impulse.
    expect(has(p, 'allies', { type: 'select', area: '13' })).toBe(false);
  });
  it('§12 L154 (issue 18): a moving group drops units off along its route and picks others up', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '13', 2);
    put(p.s, p.data, 'allies', '11', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '13' });
    go(p, 'allies', { type: 'add', unit: 'allCubes' });
    go(p, 'allies', { type: 'step', to: '11' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'add', unit: 'cube' }); // picked up in Campania
    go(p, 'allies', { type: 'drop', unit: 'cube' });
    go(p, 'allies', { type: 'step', to: '12' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'stop' });
    expect(p.s.game.cubes.allies[idx(p.data, '11')]).toBe(1);
    expect(p.s.game.cubes.allies[idx(p.data, '12')]).toBe(2);
    expect(p.s.game.cubes.allies[idx(p.data, '13')]).toBe(0);
  });
  it('§17 L186-L192 D-20: interceptors must be face-up; each rolls, 5-6 = 1 loss to the transported units', () => {
    const p = pos({}, [5, 2]);
    put(p.s, p.data, 'axis', '17', 1, ['de-air-1']);
    u(p, 'it-fleet').up = false;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '19' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    go(p, 'allies', { type: 'ship', to: '18' });
    const ids = legal(p, 'axis')
      .filter((a) => a.type === 'intercept')
      .map((a) => (a as { id: string }).id);
    expect(ids).toContain('uboat');
    expect(ids).not.toContain('it-fleet');
    go(p, 'axis', { type: 'intercept', id: 'uboat' });
    go(p, 'axis', { type: 'intercept', id: 'de-air-1' }); // the last interceptor: the window closes and both roll
    expect(u(p, 'uboat').up).toBe(false);
    expect(u(p, 'de-air-1').up).toBe(false);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'allies' });
    go(p, 'allies', { type: 'loss', unit: 'cube', from: '18' });
    expect(p.s.game.cubes.allies[idx(p.data, '18')]).toBe(0);
    expect(p.s.game.pool.allies).toBe(p.data.cubes.allies.count - 0);
  });
  it('§42 L420 D-18: no Axis naval transport once the Italian fleet is gone', () => {
    const p = pos();
    put(p.s, p.data, 'axis', '10', 1);
    p.s.game.italy = true;
    p.s.game.transport.axis = 0;
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'select', area: '10' });
    go(p, 'axis', { type: 'add', unit: 'cube' });
    expect(legal(p, 'axis').some((a) => a.type === 'ship')).toBe(false);
  });
});

describe('§18-§23 combat', () => {
  it('§19 L206 §20 §36 D-03 D-04 D-06: 4-dice cap, line rolls 2, tank+aircraft support gives 4-6 at best', () => {
    const p = pos({}, [1, 1, 1, 1, 1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 5, ['us-tank-1', 'us-air-1']);
    put(p.s, p.data, 'axis', '12', 3, [], { line: true });
    attack(
      p,
      [
        { type: 'commit', from: '11', unit: 'allCubes' },
        { type: 'commit', from: '11', unit: 'us-tank-1' },
      ],
      '12',
    );
    go(p, 'allies', { type: 'support', id: 'us-tank-1' });
    go(p, 'allies', { type: 'support', id: 'us-air-1' });
    const b = p.s.game.battle!;
    expect(b.attDice).toBe(4);
    expect(b.att.hit).toBe(4);
    expect(b.defDice).toBe(4);
    expect(b.def.hit).toBe(6);
  });
  it('§18 L200 D-21: at most three target areas per impulse; a target may be attacked from several areas', () => {
    const p = pos({}, new Array(40).fill(1));
    put(p.s, p.data, 'allies', '09', 4);
    put(p.s, p.data, 'allies', '11', 4);
    for (const t of ['07', '08', '10', '12']) put(p.s, p.data, 'axis', t, 1);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    for (const t of ['07', '08', '10']) {
      go(p, 'allies', { type: 'attack', target: t });
      go(p, 'allies', { type: 'commit', from: '09', unit: 'cube' });
      if (t === '10') go(p, 'allies', { type: 'commit', from: '11', unit: 'cube' });
      go(p, 'allies', { type: 'done' });
      p.s = passWindows(p.game, p.s);
      while (p.game.decision(p.s)?.kind === 'loss' || p.game.decision(p.s)?.kind === 'roundEnd') {
        const d = p.game.decision(p.s)!;
        p.s = p.game.apply(p.s, d.role, legal(p, d.role as Side)[0]!);
      }
    }
    expect(legal(p, 'allies').some((a) => a.type === 'attack')).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'attack', target: '12' })).toThrow(/§18 L200/);
  });
  it('§21 ⑤ §22 L242 D-07: retreat absorbs exactly one loss, after the others', () => {
    const p = pos({}, [6, 6, 6, 1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 3);
    put(p.s, p.data, 'axis', '13', 4);
    attack(p, [{ type: 'commit', from: '11', unit: 'allCubes' }]);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'axis' });
    expect(has(p, 'axis', { type: 'loss', unit: 'retreat' })).toBe(false);
    go(p, 'axis', { type: 'loss', unit: 'cube', from: '13' });
    go(p, 'axis', { type: 'loss', unit: 'cube', from: '13' });
    expect(has(p, 'axis', { type: 'loss', unit: 'retreat' })).toBe(true);
    go(p, 'axis', { type: 'loss', unit: 'retreat' });
    const dests = legal(p, 'axis')
      .filter((a) => a.type === 'retreat')
      .map((a) => (a as { to: string }).to);
    expect(dests).toContain('12');
    expect(dests).toContain('14');
    expect(dests).not.toContain('11'); // enemy-occupied
    go(p, 'axis', { type: 'retreat', unit: 'allCubes', to: '12' });
    expect(p.s.game.cubes.axis[idx(p.data, '12')]).toBe(2);
    // §23 L252: the attacker may advance.
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'occupy', role: 'allies' });
    go(p, 'allies', { type: 'occupy', from: '11', unit: 'allCubes' });
    go(p, 'allies', { type: 'done' });
    expect(p.s.game.ctrl[idx(p.data, '13')]).toBe('allies');
  });
  it('§22 L246 D-08: the attacker never retreats to absorb losses', () => {
    const p = pos({}, [1, 1, 6, 6]);
    put(p.s, p.data, 'allies', '11', 2);
    put(p.s, p.data, 'axis', '13', 2);
    attack(p, [{ type: 'commit', from: '11', unit: 'allCubes' }]);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'allies' });
    expect(has(p, 'allies', { type: 'loss', unit: 'retreat' })).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'loss', unit: 'retreat' })).toThrow(/§22 L246/);
  });
  it('§22 L242 D-09 D-10: no retreat when every adjacent area is enemy (no retreat by sea)', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '13', 1);
    put(p.s, p.data, 'axis', '14', 1);
    attack(p, [{ type: 'commit', from: '13', unit: 'cube' }], '14');
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'axis' });
    expect(has(p, 'axis', { type: 'loss', unit: 'retreat' })).toBe(false);
  });
  it('§28 L304 D-34: no tank support in mountains; the tank still fights (AMB-1 it may flip)', () => {
    const p = pos({}, [1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 1, ['us-tank-1']);
    put(p.s, p.data, 'axis', '09', 1);
    attack(
      p,
      [
        { type: 'commit', from: '11', unit: 'cube' },
        { type: 'commit', from: '11', unit: 'us-tank-1' },
      ],
      '09',
    );
    const b = p.s.game.battle!;
    expect(b.att.tank).toBeNull();
    expect(b.attDice).toBe(2);
    expect(b.att.hit).toBe(6);
  });
  it('§33 L350-L352 D-35: a face-up elite inflicts 1 extra loss and flips; face-up it rolls no die', () => {
    const p = pos({}, [1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 2);
    put(p.s, p.data, 'axis', '13', 2, ['hermann-goering']);
    attack(p, [{ type: 'commit', from: '11', unit: 'allCubes' }]);
    expect(p.s.game.battle!.defDice).toBe(2);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'elite', role: 'axis' });
    go(p, 'axis', { type: 'elite', id: 'hermann-goering' });
    expect(u(p, 'hermann-goering').up).toBe(false);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'allies' });
    expect(p.s.game.battle!.def.hits).toBe(1);
  });
  it('§34 L358 D-05: paratroops add one extra die once per battle, beyond the cap', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '11', 6, ['us-para']);
    put(p.s, p.data, 'axis', '13', 1);
    p.s.game.cubes.allies[idx(p.data, '11')] = 5;
    attack(p, [{ type: 'commit', from: '11', unit: 'allCubes' }]);
    go(p, 'allies', { type: 'support', id: 'us-para' });
    go(p, 'allies', { type: 'extraDie', use: true });
    expect(p.s.game.battle!.attDice).toBe(5);
    go(p, 'axis', { type: 'pass' });
    go(p, 'allies', { type: 'pass' });
    expect(p.s.game.battle!.round).toBe(2);
    expect(p.game.decision(p.s)?.kind).toBe('roundEnd'); // no paraDie question: the extra die is spent
    expect(p.s.game.battle!.attDice).toBe(4);
  });
  it('§34 L360 D-51: paratroops are removed when the drop area is not Allied at the end', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '11', 1, ['us-para']);
    put(p.s, p.data, 'axis', '13', 1);
    attack(p, [{ type: 'commit', from: '11', unit: 'cube' }]);
    go(p, 'allies', { type: 'support', id: 'us-para' });
    go(p, 'allies', { type: 'extraDie', use: false });
    go(p, 'axis', { type: 'pass' });
    go(p, 'allies', { type: 'breakOff' });
    expect(u(p, 'us-para').loc).toBe(POOL);
  });
  it('§19 L206 §29 L318 D-16: a defending aircraft may evade before combat and flips', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'axis', '13', 1, ['de-air-1']);
    put(p.s, p.data, 'axis', '12', 1);
    attack(p, [{ type: 'commit', from: '11', unit: 'cube' }]);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'evade', role: 'axis' });
    go(p, 'axis', { type: 'evade', id: 'de-air-1', to: '12' });
    expect(u(p, 'de-air-1')).toMatchObject({ loc: idx(p.data, '12'), up: false });
  });
  it('§23 L252 D-50: aircraft never occupy', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '11', 1, ['us-air-1']);
    put(p.s, p.data, 'axis', '13', 1);
    attack(p, [{ type: 'commit', from: '11', unit: 'cube' }]);
    go(p, 'allies', { type: 'support', id: 'us-air-1' });
    go(p, 'axis', { type: 'loss', unit: 'cube', from: '13' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'occupy' });
    expect(legal(p, 'allies').some((a) => a.type === 'occupy' && a.unit === 'us-air-1')).toBe(false);
  });
  it('§45 L444-L450 D-26 D-27: Stop Battle only from the end of round 1; Reserves adds a round', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'axis', '13', 1);
    attack(p, [{ type: 'commit', from: '11', unit: 'cube' }]);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'roundEnd', role: 'axis' });
    go(p, 'axis', { type: 'event', event: 'reserves' });
    expect(p.s.game.battle!.maxRounds).toBe(4);
    expect(has(p, 'axis', { type: 'event', event: 'stopBattle' })).toBe(false); // one event per impulse (§44 L436)
    go(p, 'axis', { type: 'pass' });
    go(p, 'allies', { type: 'event', event: 'stopBattle' });
    expect(p.s.game.battle).toBeNull();
  });
});

describe('§24-§26 landings', () => {
  it('§24 L256-L262 D-23 D-24: 1 fleet carries 4 units, 2 fleets 6 (1 tank); no face-up fleet, no landing', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 6);
    put(p.s, p.data, 'allies', '18', 1, ['us-tank-1']);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    expect(legal(p, 'allies').some((a) => a.type === 'landing')).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'landing', target: '14' })).toThrow(/§24 L258/);
    for (const f of ['us-fleet', 'uk-fleet']) u(p, f).up = true;
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    expect(legal(p, 'allies').some((a) => a.type === 'commit')).toBe(false);
    go(p, 'allies', { type: 'fleet', id: 'uk-fleet' });
    go(p, 'allies', { type: 'commit', from: '18', unit: 'us-tank-1' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    expect(legal(p, 'allies').some((a) => a.type === 'commit')).toBe(false);
  });
  it('§24 L270 D-22 AMB-16: an empty target is occupied; one landing per impulse', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 4);
    put(p.s, p.data, 'axis', '12', 1);
    for (const f of ['us-fleet', 'uk-fleet']) u(p, f).up = true;
    u(p, 'it-fleet').up = false;
    u(p, 'uboat').up = false;
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    go(p, 'allies', { type: 'done' });
    expect(p.s.game.ctrl[idx(p.data, '14')]).toBe('allies');
    expect(p.s.game.cubes.allies[idx(p.data, '14')]).toBe(1);
    expect(legal(p, 'allies').some((a) => a.type === 'landing')).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'landing', target: '13' })).toThrow(/§24 L270/);
  });
  it('§24 L268 D-25: after a break-off the survivors go to any Allied supplied area', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 2);
    put(p.s, p.data, 'axis', '14', 1);
    u(p, 'us-fleet').up = true;
    u(p, 'it-fleet').up = false;
    u(p, 'uboat').up = false;
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    go(p, 'allies', { type: 'done' });
    go(p, 'axis', { type: 'pass' });
    go(p, 'allies', { type: 'breakOff' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'landingReturn' });
    go(p, 'allies', { type: 'returnTo', area: '19' });
    expect(p.s.game.cubes.allies[idx(p.data, '19')]).toBe(3);
  });
});

describe('§30 bombing', () => {
  it('§30 L328-L332 D-11: a line needs 5-6; no retreat; the line may absorb', () => {
    const p = pos({}, [4, 5]);
    put(p.s, p.data, 'allies', '17', 1, ['us-air-1']);
    put(p.s, p.data, 'allies', '18', 1, ['uk-air-1']);
    put(p.s, p.data, 'axis', '14', 1, [], { line: true });
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' });
    expect(p.game.decision(p.s)?.kind).toBe('impulse');
    expect(u(p, 'us-air-1').up).toBe(false);
    p.s = passWindows(p.game, p.s);
    u(p, 'uk-air-1').loc = idx(p.data, '15');
    p.s.game.ctrl[idx(p.data, '15')] = 'allies';
    go(p, 'allies', { type: 'bomb', id: 'uk-air-1', target: '14' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'axis' });
    expect(has(p, 'axis', { type: 'loss', unit: 'retreat' })).toBe(false);
    go(p, 'axis', { type: 'loss', unit: 'line' });
    expect(p.s.game.lines.includes(idx(p.data, '14'))).toBe(false);
  });
  it('§30 L330 D-12 D-13: a face-down enemy aircraft raises the need; a used aircraft cannot bomb', () => {
    const p = pos({}, [4]);
    put(p.s, p.data, 'allies', '17', 1, ['us-air-1']);
    put(p.s, p.data, 'axis', '14', 1, ['de-air-1'], { faceUp: false });
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' });
    expect(p.game.decision(p.s)?.kind).not.toBe('loss');
    expect(() => p.game.apply(p.s, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' })).toThrow(/§29 L312/);
  });
  it('§12 L156 §30 L326 AMB-46: the opponent may bomb moving units after each step', () => {
    const p = pos({}, [6]);
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'axis', '09', 1, ['de-air-1']);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '11' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    go(p, 'allies', { type: 'step', to: '13' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'react', role: 'axis' });
    go(p, 'axis', { type: 'bomb', id: 'de-air-1', target: '13' });
    go(p, 'allies', { type: 'loss', unit: 'cube', from: '13' });
    expect(p.s.game.cubes.allies[idx(p.data, '13')]).toBe(0);
  });
});

describe('§35 partisans, §37-§38 fleets', () => {
  it('§35 L370-L372 D-37: a partisan draws an adjacent Axis cube, which cannot move this impulse', () => {
    const p = pos();
    put(p.s, p.data, 'axis', '07', 2);
    u(p, 'partisan-1').loc = idx(p.data, '08');
    p.s.game.italy = true;
    startImpulse(p.s, p.data, 'axis');
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'react', role: 'allies' });
    go(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' });
    go(p, 'allies', { type: 'pass' });
    const P = idx(p.data, '08');
    expect(p.s.game.cubes.axis[P]).toBe(1);
    expect(p.s.game.pins[P]).toBe(1);
    expect(legal(p, 'axis').some((a) => a.type === 'select' && a.area === '08')).toBe(false);
    expect(u(p, 'partisan-1').loc).toBe(P);
  });
  it('§37 L384 D-48: a fleet attack flips the attacker and, on 5-6, the enemy fleet', () => {
    const p = pos({}, [6]);
    u(p, 'us-fleet').up = true;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'fleetAttack', id: 'us-fleet', target: 'it-fleet' });
    expect(u(p, 'us-fleet').up).toBe(false);
    expect(u(p, 'it-fleet').up).toBe(false);
    expect(u(p, 'it-fleet').loc).toBe(SEA);
  });
  it('§38 L394 D-47: the U-boat leaves when the Allies control every sea-adjacent area', () => {
    const p = pos();
    for (let a = 0; a < p.data.areas.length; a++) if (p.data.areas[a]!.seaAdjacent) p.s.game.ctrl[a] = 'allies';
    startImpulse(p.s, p.data, 'allies');
    expect(u(p, 'uboat').loc).toBe(GONE);
  });
});

describe('§39-§43 supply, surrender, Overlord, §6 victory', () => {
  it('§41 L414 D-38 D-40: cut-off units are removed at the end of the turn; Africa is supplied while the Italian fleet lives', () => {
    const p = pos({}, [1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '02', 2); // cut off from every Allied coastal area
    put(p.s, p.data, 'axis', '16', 1);
    put(p.s, p.data, 'allies', '17', 1);
    put(p.s, p.data, 'allies', '18', 1);
    p.s.game.turn = 3;
    p.s.game.stack = [{ kind: 'turnEnd' }];
    startImpulse(p.s, p.data, 'allies', 3);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'pass' });
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'pass' });
    expect(p.s.game.cubes.allies[idx(p.data, '02')]).toBe(0);
    expect(p.s.game.cubes.axis[idx(p.data, '16')]).toBe(1);
  });
  it('§6 ② L79 D-41: a side with no units on the map loses at once', () => {
    const p = pos({}, [6]);
    p.s.game.cubes.axis[idx(p.data, '01')] = 0;
    put(p.s, p.data, 'axis', '13', 0, [], { line: true });
    put(p.s, p.data, 'axis', '14', 1);
    put(p.s, p.data, 'allies', '17', 1, ['us-air-1']);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' });
    go(p, 'axis', { type: 'loss', unit: 'cube', from: '14' });
    expect(p.game.outcome(p.s)).toMatchObject({ winner: 'allies', rule: '§6 ② L79' });
  });
  it('§6 ① L77 D-42: moving through the last Axis star area wins at once', () => {
    const p = pos();
    const stars = p.data.areas.map((a, i) => (a.orangeStar ? i : -1)).filter((i) => i >= 0);
    for (const s of stars) p.s.game.ctrl[s] = 'allies';
    p.s.game.ctrl[idx(p.data, '11')] = 'axis';
    p.s.game.cubes.axis[idx(p.data, '01')] = 0;
    put(p.s, p.data, 'axis', '02', 1);
    put(p.s, p.data, 'allies', '13', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '13' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    go(p, 'allies', { type: 'step', to: '11' });
    expect(p.game.outcome(p.s)).toMatchObject({ winner: 'allies', rule: '§6 ① L77' });
  });
  it('§43 L424 D-45: Overlord removes a fleet (Allied choice) and the paratroops; transport 3, long ruler', () => {
    const p = pos({}, [3, 3]);
    u(p, 'us-para').loc = idx(p.data, '19');
    startTurn(p.s, p.data, 5);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'overlordFleet', role: 'allies' });
    go(p, 'allies', { type: 'removeFleet', id: 'uk-fleet' });
    expect(u(p, 'uk-fleet').loc).toBe(GONE);
    expect(u(p, 'us-para').loc).toBe(GONE);
    expect(u(p, 'uk-para').loc).toBe(GONE);
    expect(p.s.game.transport.allies).toBe(3);
    expect(p.game.view(p.s, 'allies').game.rulers).toEqual({ allies: 'long', axis: 'short' });
  });
  it('§11 L136 D-29: the turn ends when a player passes right after the opponent passed', () => {
    const p = pos({}, [1, 1]);
    startImpulse(p.s, p.data, 'allies', 3);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'pass' });
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'pass' });
    expect(p.s.game.turn).toBe(4);
  });
  it('§45 L442 D-28: Extra Impulse after the normal impulses, never two in a row', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '18', 3);
    put(p.s, p.data, 'axis', '02', 3);
    startImpulse(p.s, p.data, 'allies', 3);
    for (let i = 0; i < 4; i++) {
      p.s = passWindows(p.game, p.s);
      const side = p.game.decision(p.s)!.role as Side;
      go(p, side, { type: 'select', area: side === 'allies' ? '18' : '02' });
      go(p, side, { type: 'add', unit: 'cube' });
      go(p, side, { type: 'step', to: side === 'allies' ? '16' : '05' });
      p.s = passWindows(p.game, p.s);
      go(p, side, { type: 'stop' });
      go(p, side, { type: 'endMovement' });
      p.s = passWindows(p.game, p.s);
      go(p, side, { type: 'endImpulse' });
    }
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'extraImpulse', role: 'allies' });
    go(p, 'allies', { type: 'event', event: 'extraImpulse' });
    expect(p.s.game.active).toBe('allies');
  });
  it('§44 L436 D-30 §45 L452 D-52: one event per impulse; Blockade stops Axis units leaving or entering', () => {
    const p = pos();
    put(p.s, p.data, 'axis', '10', 2);
    u(p, 'us-fleet').loc = SEA;
    startImpulse(p.s, p.data, 'axis');
    go(p, 'allies', { type: 'event', event: 'blockade', area: '10' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'impulse', role: 'axis' }); // nothing else to do: the window closed
    expect(() => p.game.apply(p.s, 'allies', { type: 'event', event: 'operations', area: 'sea' })).toThrow();
    expect(legal(p, 'axis').some((a) => a.type === 'select' && a.area === '10')).toBe(false);
  });
  it('§46 L466 D-31: Kesselring returns two markers to the hand', () => {
    const p = pos();
    p.s.game.ev.axis.track = { reserves: 1, stopBattle: 1 };
    p.s.game.ev.axis.hand = 4;
    put(p.s, p.data, 'axis', '10', 1);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'event', event: 'kesselring' });
    go(p, 'axis', { type: 'kesselring', event: 'reserves' });
    go(p, 'axis', { type: 'kesselring', event: 'stopBattle' });
    expect(p.s.game.ev.axis.track).toEqual({ reserves: 0, stopBattle: 0, kesselring: 1 });
    expect(p.s.game.ev.axis.hand).toBe(5);
  });
  it('§3 L38-L40 D-32: more than 6 units at the end of an impulse must move to an adjacent friendly area', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '18', 7);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endImpulse' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'overflow', role: 'allies' });
    go(p, 'allies', { type: 'overflow', unit: 'cube', to: '19' });
    expect(p.s.game.cubes.allies[idx(p.data, '18')]).toBe(6);
  });
});
