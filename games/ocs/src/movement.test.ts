import { describe, expect, it } from 'vitest';
import { ALL, routesBetween, sidesBetween } from './env.ts';
import { blockingEzoc, fieldsOf, inEzoc } from './fields.ts';
import { mayEnter, reach, stepCost, terrainStep } from './movement.ts';
import { blank, env, findHex, openEnv, put } from './testing/index.ts';
import { groundOf, hasZoc, maOf, reOf } from './units.ts';

const land = (i: number) => env.water[i] === 0;
/** The middle of the bare map (all open, no roads or rivers). */
const plain = openEnv.hexOf('25.14');
const [n0, n1, n2] = openEnv.grid.neighbours(plain) as [number, number, number];
const L = (i: number) => openEnv.grid.label(i);

describe('6.2 terrain effects', () => {
  it('6.2d the costliest terrain of the hex; 6.2a along a road the road cost', () => {
    const road = findHex(
      (i) =>
        land(i) &&
        env.grid.neighbours(i).some((n) => routesBetween(env, i, n).some((k) => env.routeKinds[k]!.id === 'road')),
    );
    const n = env.grid
      .neighbours(road)
      .find((m) => routesBetween(env, road, m).some((k) => env.routeKinds[k]!.id === 'road'))!;
    expect(stepCost(env, 'truck', road, n, 10)).toBe(0.5);
    expect(terrainStep(env, 'truck', road, n, 10)).toBeGreaterThanOrEqual(1);
  });
  it('TC-16 (6.1d): a truck unit in a mountain hex may not step into clear country off the road', () => {
    const m = findHex(
      (i) =>
        env.hexCost.truck[i] === Infinity &&
        land(i) &&
        env.grid
          .neighbours(i)
          .some((n) => land(n) && env.hexCost.truck[n] !== Infinity && !routesBetween(env, i, n).length),
    );
    const n = env.grid
      .neighbours(m)
      .find((k) => land(k) && env.hexCost.truck[k] !== Infinity && !routesBetween(env, i2(m, k), k).length)!;
    expect(stepCost(env, 'truck', m, n, 10)).toBe(Infinity);
    expect(stepCost(env, 'leg', m, n, 10)).toBeLessThan(Infinity);
  });
  it('6.2 "All": a track unit may enter a mountain hex only with its whole MA', () => {
    const m = findHex((i) => env.hexCost.track[i] === ALL);
    const n = env.grid.neighbours(m).find((k) => land(k) && !routesBetween(env, m, k).length)!;
    expect(terrainStep(env, 'track', n, m, 8)).toBeGreaterThanOrEqual(8);
  });
  it('6.2b a river hexside adds its cost to the hex entered', () => {
    const a = findHex((i) =>
      env.grid.neighbours(i).some((n) => sidesBetween(env, i, n).length && !routesBetween(env, i, n).length),
    );
    const b = env.grid.neighbours(a).find((n) => sidesBetween(env, a, n).length && !routesBetween(env, a, n).length)!;
    const river = env.sideCost.leg[sidesBetween(env, a, b)[0]!]!;
    expect(stepCost(env, 'leg', a, b, 10)).toBe((env.hexCost.leg[b] === ALL ? 10 : env.hexCost.leg[b]!) + river);
  });
});
const i2 = (a: number, _b: number) => a;

describe('4.5 zones of control and 4.6 RE', () => {
  it('4.5 only attack-capable units in Combat Mode, not OOS, have a ZOC', () => {
    const g = blank(openEnv);
    put(g, 'DE-15-104', L(plain));
    const c = groundOf(env, 'DE-15-104')!;
    expect(hasZoc(env, c, g.units['DE-15-104']!)).toBe(true);
    g.units['DE-15-104']!.face = 'move';
    expect(hasZoc(env, c, g.units['DE-15-104']!)).toBe(false);
    g.units['DE-15-104']!.face = 'combat';
    g.units['DE-15-104']!.oos = true;
    expect(hasZoc(env, c, g.units['DE-15-104']!)).toBe(false);
    g.units['DE-15-104']!.oos = false;
    g.units['DE-15-104']!.marker = 'reserve';
    expect(hasZoc(env, c, g.units['DE-15-104']!)).toBe(false);
    expect(hasZoc(env, groundOf(env, 'IT-6A')!, { hex: plain, face: 'combat' })).toBe(false); // HQ: (5)
  });
  it('4.5 a ZOC covers the six adjacent hexes; 4.5b a friendly combat unit negates it', () => {
    const g = blank(openEnv);
    put(g, 'DE-15-104', L(plain));
    for (const n of openEnv.grid.neighbours(plain)) expect(inEzoc(openEnv, g, 'allied', n)).toBe(true);
    expect(blockingEzoc(openEnv, g, 'allied', n0)).toBe(true);
    put(g, 'US-1-16', L(n0), { face: 'move' });
    expect(blockingEzoc(openEnv, g, 'allied', n0)).toBe(false);
  });
  it('4.6 RE: battalion 1/2, multi-step = steps left, HQ 1, regiment 1', () => {
    expect(reOf(env, groundOf(env, 'US-R1')!, { hex: 0, face: 'combat' })).toBe(0.5);
    expect(reOf(env, groundOf(env, 'IT-206C')!, { hex: 0, face: 'combat', lost: 1 })).toBe(3);
    expect(reOf(env, groundOf(env, 'US-7A')!, { hex: 0, face: 'combat' })).toBe(1);
    expect(reOf(env, groundOf(env, 'US-1-16')!, { hex: 0, face: 'combat' })).toBe(1);
  });
  it('4.5 the ZOC field follows the state version', () => {
    const g = blank(openEnv);
    put(g, 'DE-15-104', L(plain));
    expect(fieldsOf(openEnv, g).zoc[1]![n0]).toBe(1);
    g.units['DE-15-104']!.face = 'move';
    g.version++;
    expect(fieldsOf(openEnv, g).zoc[1]![n0]).toBe(0);
  });
});

describe('5.x modes and 6.1 movement', () => {
  it('5.7 Reserve moves 1/4 MA in the Movement Phase; 5.8 Strat x2; 5.10b DG x1/2; 5.7b reserves released in Reaction x1/2', () => {
    const c = groundOf(env, 'DE-15-104')!;
    expect(maOf(env, c, { hex: 0, face: 'combat', marker: 'reserve' }, 'movement', false)).toBe(1.25);
    expect(maOf(env, c, { hex: 0, face: 'move', marker: 'strat' }, 'movement', false)).toBe(20);
    expect(maOf(env, c, { hex: 0, face: 'move', marker: 'dg' }, 'movement', false)).toBe(5);
    expect(maOf(env, c, { hex: 0, face: 'move' }, 'reaction', true)).toBe(5);
  });
  it('TC-D1 (4.5a A): a Truck-MP unit entering an EZOC stops; a Track unit goes on; Leg ignores ZOC', () => {
    const g = blank(openEnv);
    put(g, 'US-1-16', L(plain)); // enemy of the Axis movers, ZOC into its neighbours
    const start = openEnv.grid
      .neighbours(n0)
      .find((k) => k !== plain && !openEnv.grid.neighbours(plain).includes(k) && land(k))!;
    put(g, 'DE-15-104', L(start), { face: 'move' }); // truck
    put(g, 'DE-HG-PZ', L(start), { face: 'move' }); // track
    const truck = reach(openEnv, g, 'DE-15-104', start, 10, 10);
    const track = reach(openEnv, g, 'DE-HG-PZ', start, 10, 10);
    expect(truck.hexes.has(n0)).toBe(true); // it may enter the EZOC hex...
    // the ring hex on the far side of the enemy: a track unit goes round through the ring, a truck unit may not
    const far = openEnv.grid
      .neighbours(plain)
      .sort((a, b) => openEnv.grid.distance(start, b) - openEnv.grid.distance(start, a))[0]!;
    expect(track.hexes.get(far)).toBe(3);
    expect(truck.hexes.get(far)!).toBeGreaterThan(3);
    put(g, 'IT-LIV-33', L(start), { face: 'move' }); // leg
    expect(reach(openEnv, g, 'IT-LIV-33', start, 5, 5).hexes.get(far)).toBe(3);
  });
  it('5.8a a Strat unit never enters an EZOC; 4.8c no unit enters a hex with enemy combat units', () => {
    const g = blank(openEnv);
    put(g, 'US-1-16', L(plain));
    const start = openEnv.grid
      .neighbours(n1)
      .find((k) => k !== plain && !openEnv.grid.neighbours(plain).includes(k) && land(k))!;
    put(g, 'DE-15-104', L(start), { face: 'move', marker: 'strat' });
    const r = reach(openEnv, g, 'DE-15-104', start, 20, 20);
    for (const n of openEnv.grid.neighbours(plain)) expect(r.hexes.has(n)).toBe(false);
    expect(mayEnter(openEnv, g, 'axis', true, plain)).toBe(false);
    expect(n2).toBeGreaterThanOrEqual(0);
  });
});
