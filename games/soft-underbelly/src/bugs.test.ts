/**
 * Rules bugs found by the property test (property.test.ts) and the spec tests, fixed in the rules
 * code: each test asserts the spec's recommended reading.
 */
import { describe, expect, it } from 'vitest';
import {
  areaOf,
  go,
  has,
  idx,
  legal,
  passWindows,
  position,
  put,
  realGame,
  startImpulse,
  unitOf,
} from './testing/fixtures.ts';
import { BATTLE, POOL, type Side } from './state.ts';

const pos = position;
const u = unitOf;
const at = areaOf;

describe('BUG-1 §35 L368-L372 §2 L32: partisans flip only from Axis-controlled areas', () => {
  it('§35 L368, §2 L32: a partisan in an area the Allies occupy cannot flip', () => {
    const p = pos();
    p.s.game.italy = true;
    put(p.s, p.data, 'axis', '07', 2);
    put(p.s, p.data, 'allies', '06', 1, ['uk-tank-2']); // Allied units now hold Liguria (06)
    u(p, 'partisan-1').loc = at(p, '06');
    startImpulse(p.s, p.data, 'axis');
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'react', role: 'allies' });
    // Applying it would put an Axis cube beside the Allied tank in 06 outside any battle.
    expect(has(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' })).toBe(false);
  });
  it('§35 L368: a partisan in an Allied-controlled area cannot flip', () => {
    const p = pos();
    p.s.game.italy = true;
    put(p.s, p.data, 'axis', '07', 2);
    put(p.s, p.data, 'allies', '19', 1);
    p.s.game.ctrl[at(p, '06')] = 'allies'; // Allied units passed through 06
    u(p, 'partisan-1').loc = at(p, '06');
    startImpulse(p.s, p.data, 'axis');
    // The Axis cube would sit in an Allied-controlled area (control would no longer match occupation).
    expect(has(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' })).toBe(false);
  });
});

describe('BUG-2 §12 L156 §30 L326 §35 L370 AMB-46: units taken out of a moving group leave the group', () => {
  it('§35 L370, AMB-46: a cube drawn by a partisan out of a moving Axis group leaves the group (no negative cube count)', () => {
    const p = pos();
    p.s.game.italy = true;
    put(p.s, p.data, 'axis', '04', 1);
    put(p.s, p.data, 'allies', '19', 1);
    u(p, 'partisan-1').loc = at(p, '08'); // triangle, Axis-controlled, adjacent to 07
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'select', area: '04' });
    go(p, 'axis', { type: 'add', unit: 'cube' });
    go(p, 'axis', { type: 'step', to: '07' });
    go(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' });
    go(p, 'allies', { type: 'pass' });
    expect(p.s.game.cubes.axis[at(p, '07')]).toBe(0);
    expect(p.s.game.cubes.axis[at(p, '08')]).toBe(1);
    // The group now holds nothing: it cannot step on (a stale group would leave -1 Axis cubes in 07
    // and conjure one in 09).
    expect(has(p, 'axis', { type: 'step', to: '09' })).toBe(false);
    if (has(p, 'axis', { type: 'step', to: '09' })) go(p, 'axis', { type: 'step', to: '09' });
    expect(p.s.game.cubes.axis[at(p, '07')]).toBeGreaterThanOrEqual(0);
  });
  it('§30 L326, §21 ③: a counter eliminated by bombing during its move is not carried back onto the map', () => {
    const p = pos({}, [6]);
    put(p.s, p.data, 'axis', '04', 0, ['de-tank-1'], { faceUp: false });
    put(p.s, p.data, 'axis', '01', 1);
    put(p.s, p.data, 'allies', '08', 1, ['us-air-1']);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    go(p, 'axis', { type: 'select', area: '04' });
    go(p, 'axis', { type: 'add', unit: 'de-tank-1' });
    go(p, 'axis', { type: 'step', to: '07' });
    go(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '07' });
    go(p, 'axis', { type: 'loss', unit: 'de-tank-1' }); // face-down: removed (§21 ③)
    expect(u(p, 'de-tank-1').loc).toBe(POOL);
    p.s = passWindows(p.game, p.s);
    // A stale group would still list de-tank-1 and a step to 05 would move it from the pool to 05.
    if (has(p, 'axis', { type: 'step', to: '05' })) go(p, 'axis', { type: 'step', to: '05' });
    expect(u(p, 'de-tank-1').loc).toBe(POOL);
  });
});

describe('BUG-3 §28 L296 §24 L268: landing survivors keep the 2-tank limit', () => {
  it('§28 L296, §24 L268: survivors with a tank may not return to an area that already holds 2 Allied tanks', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 1, ['us-tank-1']);
    put(p.s, p.data, 'allies', '19', 0, ['us-tank-2', 'us-tank-3']);
    put(p.s, p.data, 'axis', '14', 1);
    u(p, 'us-fleet').up = true;
    u(p, 'it-fleet').up = false;
    u(p, 'uboat').up = false;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'us-tank-1' });
    go(p, 'allies', { type: 'done' });
    for (let i = 0; i < 10 && p.game.decision(p.s)?.kind !== 'landingReturn'; i++) {
      const d = p.game.decision(p.s)!;
      const l = legal(p, d.role as Side);
      go(
        p,
        d.role as Side,
        l.find((a) => a.type === 'breakOff') ?? l.find((a) => a.type === 'pass' || a.type === 'done') ?? l[0]!,
      );
    }
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'landingReturn' });
    expect(has(p, 'allies', { type: 'returnTo', area: '18' })).toBe(true);
    // Returning there would leave 3 Allied tanks in Algiers (19).
    expect(has(p, 'allies', { type: 'returnTo', area: '19' })).toBe(false);
  });
});

describe('BUG-3b §28 L296 AMB-33: no area can take the surviving tank', () => {
  it('§28 L296, AMB-33: survivors withdraw where a tank has no room, and the tank is lost', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 2, ['us-tank-1', 'uk-tank-1', 'uk-tank-2']);
    put(p.s, p.data, 'allies', '19', 0, ['us-tank-2', 'us-tank-3']);
    p.s.game.ctrl[at(p, '18')] = 'axis';
    p.s.game.ctrl[at(p, '20')] = 'axis';
    put(p.s, p.data, 'axis', '14', 1);
    u(p, 'us-fleet').up = true;
    u(p, 'it-fleet').up = false;
    u(p, 'uboat').up = false;
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'cube' });
    go(p, 'allies', { type: 'commit', from: '17', unit: 'us-tank-1' });
    go(p, 'allies', { type: 'done' });
    for (let i = 0; i < 10 && p.game.decision(p.s)?.kind !== 'landingReturn'; i++) {
      const d = p.game.decision(p.s)!;
      const l = legal(p, d.role as Side);
      go(
        p,
        d.role as Side,
        l.find((a) => a.type === 'breakOff') ?? l.find((a) => a.type === 'pass' || a.type === 'done') ?? l[0]!,
      );
    }
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'landingReturn' });
    expect(u(p, 'us-tank-1').loc).toBe(BATTLE); // it survived the landing
    const to = legal(p, 'allies').filter((a) => a.type === 'returnTo');
    expect(to.length).toBeGreaterThan(0); // every Allied area already holds 2 tanks
    const cubes = p.s.game.cubes.allies.reduce((x, y) => x + y, 0);
    go(p, 'allies', to[0]!);
    expect(u(p, 'us-tank-1').loc).toBe(POOL);
    expect(p.s.game.cubes.allies.reduce((x, y) => x + y, 0)).toBe(cubes + 1); // the cube withdrew
  });
});

describe('BUG-4 §36 L380 §5 L67: the recommended Axis deployment after a hand-placed line', () => {
  it('§5 L67, §36 L380: deployDefault is not offered once a line was deployed by hand (it would put 2 lines in Lazio 10)', () => {
    const { game, data } = realGame();
    let s = game.setup('bug4');
    s = game.apply(s, 'axis', { type: 'pick', unit: 'line' });
    s = game.apply(s, 'axis', { type: 'deploy', area: '10' });
    expect(s.game.lines).toContain(idx(data, '10'));
    const offered = game.legalActions(s, 'axis').some((a) => a.type === 'deployDefault');
    if (offered) s = game.apply(s, 'axis', { type: 'deployDefault' });
    const lines = s.game.lines.filter((l) => l !== POOL);
    expect(new Set(lines).size).toBe(lines.length); // never 2 lines in one area
    expect(offered).toBe(false);
  });
});
