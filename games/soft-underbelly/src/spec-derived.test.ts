/**
 * Spec 9.2 derived tests D-01..D-53: the cases (or the halves of cases) that rules.test.ts does not
 * already exercise. Positions are built on the real map (Munich 01, Sicily 14, Sardinia 15,
 * Tunis 17, ...) from the empty position of testing/fixtures.ts: a fresh set-up whose plain JSON
 * game state is edited (cubes, counters, control, turn); every step after that is driven through
 * the engine's `apply` with legal actions only, and dice are scripted.
 */
import { describe, expect, it } from 'vitest';
import {
  areaOf,
  go,
  has,
  legal,
  passWindows,
  position,
  put,
  startImpulse,
  startTurn,
  unitOf,
  type Position,
} from './testing/fixtures.ts';
import { GONE, POOL, SEA, type Side } from './state.ts';

const pos = position;
type P = Position;
const u = unitOf;
const at = areaOf;
const cubes = (p: P, side: Side, id: string) => p.s.game.cubes[side][at(p, id)];
function toCombat(p: P, side: Side) {
  p.s = passWindows(p.game, p.s);
  go(p, side, { type: 'endMovement' });
  p.s = passWindows(p.game, p.s);
}
/** Passes the active player's impulse (and the opponent's windows). */
function passImpulse(p: P) {
  p.s = passWindows(p.game, p.s);
  const d = p.game.decision(p.s)!;
  expect(d.kind).toBe('impulse');
  go(p, d.role as Side, { type: 'pass' });
  p.s = passWindows(p.game, p.s);
}
/** One Allied-and-Axis-both-pass end of turn from an impulse of `side` in `turn`. */
function endTurnByPasses(p: P, side: Side, turn: number) {
  startImpulse(p.s, p.data, side, turn);
  passImpulse(p);
  passImpulse(p);
}

describe('§6, §39-§42 supply and victory', () => {
  it('D-39 §6 ③ L81 §45 L446: unsupplied Allies in Munich do not win, even with Logistic Effort, and are removed', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '01', 2); // Munich: Allied, cut off by the Axis in Tyrol (02)
    put(p.s, p.data, 'axis', '02', 2);
    put(p.s, p.data, 'allies', '19', 1);
    startImpulse(p.s, p.data, 'allies', 3);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'event', event: 'logisticEffort' }); // played through the real event
    expect(p.s.game.logistic.allies).toBe(true);
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endImpulse' });
    passImpulse(p); // Axis passes
    passImpulse(p); // Allies pass right after: the turn ends (§11 L136)
    expect(p.s.game.turn).toBe(4);
    expect(p.game.outcome(p.s)).toBeNull();
    expect(cubes(p, 'allies', '01')).toBe(0); // Logistic Effort does not cover Munich
    expect(cubes(p, 'allies', '19')).toBe(1);
  });

  it('D-39 (control) §6 ③ L81: supplied Allies in Munich at the end of a turn win', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '01', 1);
    put(p.s, p.data, 'allies', '02', 1); // chain 01-02-05 to an Allied sea-adjacent area
    put(p.s, p.data, 'allies', '05', 1);
    put(p.s, p.data, 'axis', '10', 1);
    endTurnByPasses(p, 'allies', 3);
    expect(p.game.outcome(p.s)).toMatchObject({ winner: 'allies', rule: '§6 ③ L81' });
  });

  it('§6 ② L79 §7 L91 §41 L414 (issue 18): a game that ends in the supply phase shows the turn in which it ended', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '01', 2); // Munich, the only Allied units, cut off by the Axis in Tyrol (02)
    put(p.s, p.data, 'axis', '02', 2);
    endTurnByPasses(p, 'allies', 3);
    expect(p.game.outcome(p.s)).toMatchObject({ winner: 'axis', rule: '§6 ② L79' });
    expect(p.s.game.turn).toBe(3);
  });

  it('§6 ③ L81 (issue 18): a game won in Munich at the end of a turn shows that turn', () => {
    const p = pos({}, [1, 1]);
    for (const a of ['01', '02', '05']) put(p.s, p.data, 'allies', a, 1);
    put(p.s, p.data, 'axis', '10', 1);
    endTurnByPasses(p, 'allies', 3);
    expect(p.game.outcome(p.s)).toMatchObject({ winner: 'allies', rule: '§6 ③ L81' });
    expect(p.s.game.turn).toBe(3);
  });

  it('D-38 §41 L414 §45 L446: a cut-off Allied unit outside Munich is kept when the Allies played Logistic Effort', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '03', 2); // Piedmont, cut off by the Axis in 04, 06, 22
    for (const a of ['04', '06', '22']) put(p.s, p.data, 'axis', a, 1);
    put(p.s, p.data, 'allies', '19', 1);
    startImpulse(p.s, p.data, 'allies', 3);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'event', event: 'logisticEffort' });
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endImpulse' });
    passImpulse(p);
    passImpulse(p);
    expect(p.s.game.turn).toBe(4);
    expect(cubes(p, 'allies', '03')).toBe(2);
    expect(p.s.game.logistic.allies).toBe(false); // it lasted for that turn's supply phase only (AMB-28)
  });

  it('D-40 §40 L410 §42 L420: after the Italian surrender, cut-off Axis units in Tunis are removed', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'axis', '17', 2, ['de-tank-1']); // Tunis, hemmed in by the Allies in 16 and 18
    put(p.s, p.data, 'allies', '16', 1);
    put(p.s, p.data, 'allies', '18', 1);
    put(p.s, p.data, 'axis', '04', 1);
    p.s.game.italy = true;
    u(p, 'it-fleet').loc = GONE;
    endTurnByPasses(p, 'allies', 3);
    expect(p.s.game.turn).toBe(4);
    expect(cubes(p, 'axis', '17')).toBe(0);
    expect(u(p, 'de-tank-1').loc).toBe(POOL);
    expect(cubes(p, 'axis', '04')).toBe(1);
  });

  it('D-47 §38 L394: the U-boat leaves the game the moment Allied movement takes the last Axis sea-adjacent area', () => {
    const p = pos();
    for (let a = 0; a < p.data.areas.length; a++) if (p.data.areas[a]!.seaAdjacent) p.s.game.ctrl[a] = 'allies';
    p.s.game.ctrl[at(p, '22')] = 'axis';
    put(p.s, p.data, 'allies', '06', 1);
    put(p.s, p.data, 'axis', '01', 1);
    startImpulse(p.s, p.data, 'allies');
    expect(u(p, 'uboat').loc).toBe(SEA);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '06' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    go(p, 'allies', { type: 'step', to: '22' });
    expect(p.s.game.ctrl[at(p, '22')]).toBe('allies');
    expect(u(p, 'uboat').loc).toBe(GONE);
  });
});

describe('§9-§10 reinforcements, conversion, §46 L470 New Defensive Line', () => {
  it('D-53 §46 L470 §36 L380: New Defensive Line in the reinforcement phase revives a removed line in an Axis area without one', () => {
    const p = pos({}, [1, 6]);
    put(p.s, p.data, 'axis', '10', 2, [], { line: true });
    put(p.s, p.data, 'axis', '11', 2, [], { line: true });
    put(p.s, p.data, 'allies', '19', 1);
    expect(p.s.game.lines.filter((l) => l === POOL)).toHaveLength(1); // one line removed earlier
    startTurn(p.s, p.data, 2);
    go(p, 'axis', { type: 'initiative', first: 'axis' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'reinforce', role: 'axis' });
    const areas = legal(p, 'axis')
      .filter((a) => a.type === 'event' && a.event === 'newDefensiveLine')
      .map((a) => (a as { area: string }).area);
    expect(areas).toContain('12'); // Axis-controlled, no line
    expect(areas).not.toContain('10'); // already holds a line (§36 L380)
    expect(areas).not.toContain('19'); // Allied
    go(p, 'axis', { type: 'event', event: 'newDefensiveLine', area: '12' });
    expect(p.s.game.lines).toContain(at(p, '12'));
    expect(p.s.game.lines.includes(POOL)).toBe(false);
  });

  it('D-53 §46 L470: New Defensive Line is not offered outside the reinforcement phase, nor with no removed line', () => {
    const p = pos({}, [1, 6]);
    put(p.s, p.data, 'axis', '10', 2);
    put(p.s, p.data, 'allies', '19', 1);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    expect(legal(p, 'axis').some((a) => a.type === 'event' && a.event === 'newDefensiveLine')).toBe(false);
    const q = pos({}, [1, 6]);
    put(q.s, q.data, 'axis', '10', 2, [], { line: true });
    put(q.s, q.data, 'axis', '11', 2, [], { line: true });
    put(q.s, q.data, 'axis', '12', 2, [], { line: true });
    put(q.s, q.data, 'allies', '19', 1);
    startTurn(q.s, q.data, 2);
    go(q, 'axis', { type: 'initiative', first: 'axis' });
    expect(legal(q, 'axis').some((a) => a.type === 'event' && a.event === 'newDefensiveLine')).toBe(false);
  });

  it('D-49 §9 L114 §40 L408: no Axis reinforcements in Corsica, Sardinia, Africa or cut-off areas', () => {
    const p = pos({}, [1, 6]);
    put(p.s, p.data, 'axis', '04', 1);
    put(p.s, p.data, 'axis', '21', 1);
    put(p.s, p.data, 'axis', '13', 1); // Calabria: cut off by the Allies in 11 and 12
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'allies', '12', 1);
    startTurn(p.s, p.data, 2);
    go(p, 'axis', { type: 'initiative', first: 'axis' });
    const areas = legal(p, 'axis')
      .filter((a) => a.type === 'place')
      .map((a) => (a as { area: string }).area);
    expect(areas).toContain('04');
    for (const no of ['21', '15', '16', '17', '13', '14']) expect(areas, no).not.toContain(no);
  });

  it('D-45 §43 L424 §34 L356: from Overlord the Allies get 3 reinforcements and can no longer convert paratroops', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '18', 4);
    put(p.s, p.data, 'axis', '04', 1);
    startTurn(p.s, p.data, 5);
    go(p, 'allies', { type: 'removeFleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'reinforce', role: 'allies' });
    expect(p.game.decision(p.s)!.prompt).toMatch(/place 3 /);
    for (let i = 0; i < 3; i++) go(p, 'allies', { type: 'place', area: '18' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'convert', role: 'allies' });
    const ids = legal(p, 'allies')
      .filter((a) => a.type === 'convert')
      .map((a) => (a as { id: string }).id);
    expect(ids.some((id) => id.includes('tank'))).toBe(true);
    expect(ids.some((id) => id.includes('para'))).toBe(false);
    expect(u(p, 'us-para').loc).toBe(GONE);
  });

  it('D-46 §10 L126 §45 L440: after an aircraft in the conversion step, the Reinforcements event cubes cannot become an aircraft', () => {
    const run = (convertFirst: boolean) => {
      const p = pos({}, [6, 1]);
      put(p.s, p.data, 'allies', '18', 6);
      put(p.s, p.data, 'axis', '04', 1);
      startTurn(p.s, p.data, 2);
      go(p, 'allies', { type: 'initiative', first: 'allies' });
      for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'place', area: '19' });
      if (convertFirst) go(p, 'allies', { type: 'convert', area: '18', id: 'us-air-1' });
      go(p, 'allies', { type: 'done' }); // end of the Allied conversion
      p.s = passWindows(p.game, p.s, ['react', 'reinforce', 'convert']);
      for (let i = 0; i < 20 && p.game.decision(p.s)?.role === 'axis'; i++) {
        const l = legal(p, 'axis');
        go(p, 'axis', l.find((a) => a.type === 'place') ?? l.find((a) => a.type === 'done') ?? l[0]!);
      }
      p.s = passWindows(p.game, p.s);
      expect(p.game.decision(p.s)).toMatchObject({ kind: 'impulse', role: 'allies' });
      go(p, 'allies', { type: 'event', event: 'reinforcements', area: '19' });
      expect(p.game.decision(p.s)).toMatchObject({ kind: 'convert', role: 'allies' });
      return legal(p, 'allies')
        .filter((a) => a.type === 'convert')
        .map((a) => (a as { id: string }).id);
    };
    expect(run(false).some((id) => id.includes('air'))).toBe(true);
    expect(run(true).some((id) => id.includes('air'))).toBe(false);
  });

  it('D-36 §35 L366-L368: partisans are converted only into Axis-controlled triangle areas', () => {
    const p = pos({}, [6, 1]);
    put(p.s, p.data, 'allies', '18', 4);
    put(p.s, p.data, 'axis', '04', 1);
    p.s.game.ctrl[at(p, '08')] = 'allies'; // a triangle area the Allies control
    p.s.game.italy = true;
    startTurn(p.s, p.data, 3);
    go(p, 'allies', { type: 'initiative', first: 'allies' });
    for (let i = 0; i < 4; i++) go(p, 'allies', { type: 'place', area: '18' });
    const to = legal(p, 'allies')
      .filter((a) => a.type === 'convert' && (a as { id: string }).id.startsWith('partisan'))
      .map((a) => (a as { to: string }).to);
    expect(to).toContain('07');
    expect(to).toContain('04'); // Axis-occupied triangle areas are allowed (AMB-11)
    expect(to).not.toContain('08');
    expect(to).not.toContain('10'); // no triangle
  });
});

describe('§12-§13 movement, §28 tanks, §45 Blockade', () => {
  it('D-33 §28 L296: a third tank may not move into an area holding 2 tanks', () => {
    const p = pos();
    put(p.s, p.data, 'allies', '18', 0, ['us-tank-1', 'us-tank-2']);
    put(p.s, p.data, 'allies', '19', 0, ['uk-tank-1']);
    put(p.s, p.data, 'axis', '04', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '19' });
    go(p, 'allies', { type: 'add', unit: 'uk-tank-1' });
    expect(has(p, 'allies', { type: 'step', to: '18' })).toBe(false);
    expect(() => p.game.apply(p.s, 'allies', { type: 'step', to: '18' })).toThrow(/§28 L296/);
  });

  it('D-52 §45 L452: after Blockade on an area, an Axis stack may neither leave it nor enter it that impulse', () => {
    const p = pos();
    put(p.s, p.data, 'axis', '05', 2);
    put(p.s, p.data, 'axis', '04', 2);
    put(p.s, p.data, 'allies', '19', 1);
    startImpulse(p.s, p.data, 'axis');
    go(p, 'allies', { type: 'event', event: 'blockade', area: '05' });
    p.s = passWindows(p.game, p.s);
    expect(has(p, 'axis', { type: 'select', area: '05' })).toBe(false); // leave
    go(p, 'axis', { type: 'select', area: '04' });
    go(p, 'axis', { type: 'add', unit: 'cube' });
    expect(has(p, 'axis', { type: 'step', to: '05' })).toBe(false); // enter
    expect(() => p.game.apply(p.s, 'axis', { type: 'step', to: '05' })).toThrow(/§45 L452/);
    expect(has(p, 'axis', { type: 'step', to: '07' })).toBe(true);
  });

  it('D-13 §29 L312 §45 L448: an aircraft that was used may bomb again once Operations flips it face-up', () => {
    const p = pos({}, [1]);
    put(p.s, p.data, 'allies', '17', 1, ['us-air-1'], { faceUp: false });
    put(p.s, p.data, 'axis', '14', 1);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    expect(has(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' })).toBe(false);
    go(p, 'allies', { type: 'event', event: 'operations', area: '17' });
    expect(u(p, 'us-air-1').up).toBe(true);
    expect(has(p, 'allies', { type: 'bomb', id: 'us-air-1', target: '14' })).toBe(true);
  });
});

describe('§18-§24 combat and landings', () => {
  it('D-21 §18 L200: a target may be attacked from a 3rd origin area', () => {
    const p = pos({}, new Array(20).fill(1));
    for (const a of ['08', '09', '11']) put(p.s, p.data, 'allies', a, 1);
    put(p.s, p.data, 'axis', '10', 1);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'attack', target: '10' });
    for (const a of ['08', '09', '11']) go(p, 'allies', { type: 'commit', from: a, unit: 'cube' });
    go(p, 'allies', { type: 'done' });
    const b = p.s.game.battle!;
    expect(b.att.from.slice().sort()).toEqual([at(p, '08'), at(p, '09'), at(p, '11')].sort());
    expect(b.attDice).toBe(3);
    expect(p.s.game.attacks).toEqual([at(p, '10')]); // one target area of the three
  });

  it('D-23 §24 L262: with both fleets flipped a landing force of 6 cubes is legal (a 7th is not)', () => {
    const p = pos({}, new Array(20).fill(1));
    put(p.s, p.data, 'allies', '17', 6);
    put(p.s, p.data, 'allies', '18', 2);
    put(p.s, p.data, 'axis', '14', 1);
    for (const f of ['us-fleet', 'uk-fleet']) u(p, f).up = true;
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'landing', target: '14' });
    go(p, 'allies', { type: 'fleet', id: 'us-fleet' });
    go(p, 'allies', { type: 'fleet', id: 'uk-fleet' });
    for (let i = 0; i < 6; i++) go(p, 'allies', { type: 'commit', from: i < 5 ? '17' : '18', unit: 'cube' });
    expect(legal(p, 'allies').some((a) => a.type === 'commit')).toBe(false);
    go(p, 'allies', { type: 'done' });
    expect(u(p, 'us-fleet').up).toBe(false);
    expect(u(p, 'uk-fleet').up).toBe(false);
    expect(p.s.game.battle!.att.cubes.reduce((s, k) => s + k, 0)).toBe(6);
  });

  it('D-26 §45 L444: Stop Battle is not offered while round-1 losses are pending; it is from the end of round 1', () => {
    const p = pos({}, [6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'axis', '13', 2);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'attack', target: '13' });
    go(p, 'allies', { type: 'commit', from: '11', unit: 'cube' });
    go(p, 'allies', { type: 'done' });
    p.s = passWindows(p.game, p.s, ['evade', 'support', 'elite']);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'axis' });
    expect(p.s.game.battle!.round).toBe(1);
    expect(has(p, 'axis', { type: 'event', event: 'stopBattle' })).toBe(false);
    expect(has(p, 'allies', { type: 'event', event: 'stopBattle' })).toBe(false);
    expect(() => p.game.apply(p.s, 'axis', { type: 'event', event: 'stopBattle' })).toThrow();
    go(p, 'axis', { type: 'loss', unit: 'cube', from: '13' });
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'roundEnd', role: 'axis' });
    expect(has(p, 'axis', { type: 'event', event: 'stopBattle' })).toBe(true);
    go(p, 'axis', { type: 'event', event: 'stopBattle' });
    expect(p.s.game.battle).toBeNull();
    expect(cubes(p, 'axis', '13')).toBe(1);
  });

  it('D-16 §19 L206 §29 L318: an aircraft that evaded cannot support the battle it left', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '11', 1);
    put(p.s, p.data, 'axis', '13', 1, ['de-air-1']);
    put(p.s, p.data, 'axis', '12', 1);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'attack', target: '13' });
    go(p, 'allies', { type: 'commit', from: '11', unit: 'cube' });
    go(p, 'allies', { type: 'done' });
    go(p, 'axis', { type: 'evade', id: 'de-air-1', to: '12' });
    for (let i = 0; i < 10 && p.game.decision(p.s)?.kind !== 'support'; i++) {
      const d = p.game.decision(p.s)!;
      if (d.kind !== 'evade') break;
      go(p, d.role as Side, { type: 'done' });
    }
    for (let i = 0; i < 4 && p.game.decision(p.s)?.kind === 'support'; i++) {
      const d = p.game.decision(p.s)!;
      expect(legal(p, d.role as Side)).not.toContainEqual({ type: 'support', id: 'de-air-1' });
      go(p, d.role as Side, legal(p, d.role as Side).find((a) => a.type === 'done' || a.type === 'pass')!);
    }
    expect(p.s.game.battle?.def.air ?? null).toBeNull();
  });

  it('D-34 §28 L304 AMB-1: a tank fighting in a mountain area may flip to absorb a loss', () => {
    const p = pos({}, [1, 1, 6]);
    put(p.s, p.data, 'allies', '11', 1, ['us-tank-1']);
    put(p.s, p.data, 'axis', '09', 1);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'attack', target: '09' });
    go(p, 'allies', { type: 'commit', from: '11', unit: 'cube' });
    go(p, 'allies', { type: 'commit', from: '11', unit: 'us-tank-1' });
    go(p, 'allies', { type: 'done' });
    p.s = passWindows(p.game, p.s, ['evade', 'support', 'elite']);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'loss', role: 'allies' });
    expect(has(p, 'allies', { type: 'loss', unit: 'us-tank-1' })).toBe(true);
    go(p, 'allies', { type: 'loss', unit: 'us-tank-1' });
    expect(u(p, 'us-tank-1')).toMatchObject({ up: false, loc: at(p, '11') });
  });

  it('D-35 §33 L352: after its ability the elite fights as a cube (1 die) and is face-up again next turn', () => {
    const p = pos({}, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    put(p.s, p.data, 'allies', '11', 3);
    put(p.s, p.data, 'axis', '13', 2, ['hermann-goering']);
    startImpulse(p.s, p.data, 'allies');
    toCombat(p, 'allies');
    go(p, 'allies', { type: 'attack', target: '13' });
    go(p, 'allies', { type: 'commit', from: '11', unit: 'allCubes' });
    go(p, 'allies', { type: 'done' });
    p.s = passWindows(p.game, p.s, ['evade', 'support']);
    expect(p.s.game.battle!.defDice).toBe(2); // face-up elite rolls no die
    go(p, 'axis', { type: 'elite', id: 'hermann-goering' });
    go(p, 'allies', { type: 'loss', unit: 'cube', from: '11' });
    for (let i = 0; i < 6 && p.s.game.battle!.round === 1; i++) {
      const d = p.game.decision(p.s)!;
      go(p, d.role as Side, legal(p, d.role as Side).find((a) => a.type === 'pass' || a.type === 'done')!);
    }
    expect(p.s.game.battle!.round).toBe(2);
    expect(p.s.game.battle!.defDice).toBe(3); // 2 cubes + the face-down elite
    // Finish the turn: break off, pass out the turn, and the elite is face-up again (§7 L93).
    for (let i = 0; i < 20 && p.s.game.battle; i++) {
      const d = p.game.decision(p.s)!;
      const l = legal(p, d.role as Side);
      go(
        p,
        d.role as Side,
        l.find((a) => a.type === 'breakOff') ?? l.find((a) => a.type === 'pass' || a.type === 'done') ?? l[0]!,
      );
    }
    expect(u(p, 'hermann-goering').up).toBe(false);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endImpulse' });
    passImpulse(p);
    passImpulse(p);
    expect(p.s.game.turn).toBe(3);
    expect(u(p, 'hermann-goering').up).toBe(true);
  });
});

describe('§11 impulses, §37-§38 fleets', () => {
  it('D-29 §11 L136: impulse 2 the Axis passes, impulse 3 the Allies pass: the turn ends, impulse 4 is not played', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '18', 2);
    put(p.s, p.data, 'axis', '04', 1);
    startImpulse(p.s, p.data, 'allies', 3);
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'select', area: '18' });
    go(p, 'allies', { type: 'add', unit: 'cube' });
    go(p, 'allies', { type: 'step', to: '19' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'stop' });
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endImpulse' });
    expect(p.s.game.impulse).toBe(2);
    passImpulse(p); // Axis, impulse 2
    expect(p.s.game.impulse).toBe(3);
    passImpulse(p); // Allies, impulse 3
    expect(p.s.game.turn).toBe(4);
  });

  it('D-28 §45 L442 §46 L460: after the Axis took impulse 4 only the Allies may take an Extra Impulse; then the Axis may', () => {
    const p = pos({}, [1, 1]);
    put(p.s, p.data, 'allies', '18', 3);
    put(p.s, p.data, 'axis', '02', 3);
    startImpulse(p.s, p.data, 'allies', 3);
    const actOnce = () => {
      p.s = passWindows(p.game, p.s);
      const side = p.game.decision(p.s)!.role as Side;
      go(p, side, { type: 'select', area: side === 'allies' ? '18' : '02' });
      go(p, side, { type: 'add', unit: 'cube' });
      go(p, side, { type: 'step', to: side === 'allies' ? '19' : '05' });
      p.s = passWindows(p.game, p.s);
      go(p, side, { type: 'stop' });
      go(p, side, { type: 'endMovement' });
      p.s = passWindows(p.game, p.s);
      go(p, side, { type: 'endImpulse' });
      return side;
    };
    for (let i = 0; i < 4; i++) actOnce();
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'extraImpulse', role: 'allies' });
    expect(legal(p, 'axis')).toEqual([]);
    expect(() => p.game.apply(p.s, 'axis', { type: 'event', event: 'extraImpulse' })).toThrow();
    go(p, 'allies', { type: 'event', event: 'extraImpulse' });
    expect(actOnce()).toBe('allies');
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'extraImpulse', role: 'axis' });
    go(p, 'axis', { type: 'event', event: 'extraImpulse' });
    expect(p.s.game.active).toBe('axis');
    expect(p.s.game.ev.allies.track.extraImpulse).toBe(1);
    expect(p.s.game.ev.axis.track.extraImpulse).toBe(1);
  });

  it('D-48 §38 L396-L398 §37 L384: a U-boat attack flips the U-boat and, on 5-6, an Allied fleet; nothing is removed', () => {
    const p = pos({}, [5]);
    u(p, 'us-fleet').up = true;
    put(p.s, p.data, 'axis', '04', 1);
    put(p.s, p.data, 'allies', '19', 1);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    expect(has(p, 'axis', { type: 'fleetAttack', id: 'uboat', target: 'uk-fleet' })).toBe(false); // face-down target (AMB-45)
    go(p, 'axis', { type: 'fleetAttack', id: 'uboat', target: 'us-fleet' });
    expect(u(p, 'uboat')).toMatchObject({ up: false, loc: SEA });
    expect(u(p, 'us-fleet')).toMatchObject({ up: false, loc: SEA });
    expect(has(p, 'axis', { type: 'fleetAttack', id: 'uboat', target: 'us-fleet' })).toBe(false);
  });
});
