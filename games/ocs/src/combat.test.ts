import { describe, expect, it } from 'vitest';
import { baseColumn } from './charts.ts';
import { attackStrength, bestDefence, defenceStrength, lossOrder, retreatEnds } from './combat.ts';
import { combatEffect } from './data/index.ts';
import { inEzoc } from './fields.ts';
import { flow } from './sequence.ts';
import { blank, env as husky, openEnv as env, put, scriptedCtx } from './testing/index.ts';
import { charts, groundOf, reOf } from './units.ts';

const open2 = combatEffect.parse('[x2]');
const gc = (id: string) => groundOf(env, id)!;
const L = (i: number) => env.grid.label(i);
const centre = env.hexOf('25.14');

describe('9.4 terrain and strength', () => {
  it("TC-6 (9.4e): x2 becomes x1.5 where the defender has AT of the attacker's level or more", () => {
    const u = { hex: 0, face: 'combat' as const };
    expect([attackStrength(env, gc('T-PZ'), u, open2, 1), attackStrength(env, gc('T-PG'), u, open2, 1)]).toEqual([
      12, 9,
    ]);
    expect([attackStrength(env, gc('T-PZ'), u, open2, 2), attackStrength(env, gc('T-PG'), u, open2, 2)]).toEqual([
      9, 9,
    ]);
    expect([attackStrength(env, gc('T-PZ'), u, open2, 0), attackStrength(env, gc('T-PG'), u, open2, 0)]).toEqual([
      12, 12,
    ]);
  });
  it('TC-11 (9.11d): a 14-4-3 division: 1 loss attacks 7, defends 14; 2 losses 7 and 7; RE 3, 2, 1', () => {
    const d = gc('T-DIV');
    const at = (lost: number) => ({ hex: 0, face: 'combat' as const, lost });
    expect([
      attackStrength(env, d, at(1), null, 0),
      defenceStrength(env, d, at(1), null, true),
      reOf(env, d, at(1)),
    ]).toEqual([7, 14, 2]);
    expect([
      attackStrength(env, d, at(2), null, 0),
      defenceStrength(env, d, at(2), null, true),
      reOf(env, d, at(2)),
    ]).toEqual([7, 7, 1]);
    expect(reOf(env, d, at(0))).toBe(3);
  });
  it('9.4d a bracketed effect reads x1 on defence; 9.5 B no combat supply halves; 4.3 effects multiply', () => {
    const u = { hex: 0, face: 'combat' as const, marker: 'dg' as const, oos: true };
    expect(defenceStrength(env, gc('T-PZ'), u, open2, false)).toBe(6 / 8); // DG, OOS, no supply: x1/8 (D-15)
  });
  it('TC-D5 (5.8, 9.14a): a stack all in Strat defends with 0 and is attacked on the right-most column', () => {
    const g = blank(env);
    put(g, 'DE-15-104', L(centre), { face: 'move', marker: 'strat' }, env);
    const n = env.grid.neighbours(centre)[0]!;
    put(g, 'US-1-16', L(n), {}, env);
    const d = bestDefence(env, g, centre, ['US-1-16'], true);
    expect(d.odds).toBe('defenderZero');
    expect(d.column).toBe(charts(env, g.options).combat.columns.open.length - 1);
  });
  it('9.3b, 9.4b-c the defender picks the city against armour, and its row', () => {
    const city = husky.data.map.hexes.find((h) => h.terrain.includes('city') && h.terrain.includes('open'))!;
    const hex = husky.hexOf(city.hex);
    const g = blank(husky);
    put(g, 'IT-LIV-33', city.hex, {}, husky);
    const n = husky.grid.neighbours(hex).find((k) => husky.water[k] === 0)!;
    put(g, 'US-2AD-CCA', husky.grid.label(n), {}, husky);
    const d = bestDefence(husky, g, hex, ['US-2AD-CCA'], true);
    expect(d.stackTerrain[n]).not.toBe('open');
    expect(d.row).toBe('veryClose');
    expect(d.column).toBe(baseColumn(charts(husky, g.options), 'veryClose', d.odds));
  });
});

describe('9.11 losses and 9.12 retreats', () => {
  it('TC-10 (9.11c): the AR unit first, each unit once before any twice, excess ignored', () => {
    const g = blank(env);
    put(g, 'T-DIV', L(centre), {}, env);
    put(g, 'IT-LIV-33', L(centre), {}, env);
    expect(lossOrder(env, g, ['T-DIV', 'IT-LIV-33'], 'T-DIV', 2)).toEqual(['T-DIV', 'IT-LIV-33']);
    expect(lossOrder(env, g, ['T-DIV', 'IT-LIV-33'], 'T-DIV', 9)).toHaveLength(4);
  });
  it('9.12 a retreat ends exactly n hexes away; 9.12f never through a hex that held attackers', () => {
    const g = blank(env);
    put(g, 'IT-LIV-33', L(centre), {}, env);
    const attacker = env.grid.neighbours(centre)[0]!;
    const ends = retreatEnds(env, g, ['IT-LIV-33'], centre, 2, [attacker]);
    expect(ends.size).toBeGreaterThan(0);
    for (const [h, path] of ends) {
      expect(env.grid.distance(centre, h)).toBe(2);
      expect(path).not.toContain(attacker);
    }
  });
  it('TC-D7 (9.12a, 5.10a B): a two-hex retreat makes the stack DG on entering the second hex', () => {
    const g = blank(env);
    put(g, 'IT-LIV-33', L(centre), {}, env);
    g.stack = [{ kind: 'retreat', side: 'axis', units: ['IT-LIV-33'], from: centre, hexes: 2, enemyHexes: [] }];
    const to = [...retreatEnds(env, g, ['IT-LIV-33'], centre, 2, []).keys()][0]!;
    flow.perform(env, scriptedCtx(), g, { type: 'retreatTo', hex: to });
    expect(g.units['IT-LIV-33']!.hex).toBe(to);
    expect(g.units['IT-LIV-33']!.marker).toBe('dg');
  });
  it('TC-D6 (9.12e): a DG stack retreating one hex into an EZOC loses a step; the hex goes DG', () => {
    const g = blank(env);
    put(g, 'T-DIV', L(centre), { marker: 'dg' }, env);
    const into = env.grid.neighbours(centre)[0]!;
    const enemyAt = env.grid.neighbours(into).find((k) => env.grid.distance(k, centre) === 2)!;
    put(g, 'US-1-16', L(enemyAt), {}, env);
    put(g, 'IT-LIV-34', L(into), {}, env);
    expect(inEzoc(env, g, 'axis', into)).toBe(true);
    g.stack = [{ kind: 'retreat', side: 'axis', units: ['T-DIV'], from: centre, hexes: 1, enemyHexes: [] }];
    flow.perform(env, scriptedCtx(), g, { type: 'retreatTo', hex: into });
    expect(g.units['T-DIV']!.lost).toBe(1);
    expect(g.units['IT-LIV-34']!.marker).toBe('dg'); // friendly units already there become DG too
  });
});
