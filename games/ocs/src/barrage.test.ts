import { describe, expect, it } from 'vitest';
import { barrageShifts, barrageStrength, densityRE, mayFire } from './barrage.ts';
import { makeEnv } from './env.ts';
import { flow } from './sequence.ts';
import type { Frame, OcsState } from './state.ts';
import { blank, openEnv, put, scriptedCtx } from './testing/index.ts';

/** The bare test map in close terrain (rough: the Close row). */
const env = makeEnv({ ...openEnv.data, map: { ...openEnv.data.map, defaultTerrain: 'rough' } });
const target = env.hexOf('25.14');
const L = (i: number) => env.grid.label(i);
const n0 = env.grid.neighbours(target)[0]!;
/** Two hexes from the target: in range of both artillery units, not a spotter. */
const n1 = env.grid
  .hexesWithin(target, 2)
  .find((h) => env.grid.distance(h, target) === 2 && env.grid.distance(h, n0) === 2)!;

/** TC-13: 8 RE in a level-1 hedgehog in close terrain, a spotter beside it, two artillery units of 16 in all. */
function tc13(): OcsState {
  const g = blank(env);
  for (const id of ['US-1-16', 'US-1-18', 'US-1-26', 'US-45-157', 'US-45-179', 'US-45-180', 'US-3-7', 'US-3-15'])
    put(g, id, L(target), {}, env);
  g.hedgehogs[target] = { side: 'allied', level: 1 };
  put(g, 'IT-LIV-33', L(n0), {}, env); // the spotter
  put(g, 'IT-LIV-ART', L(n1), {}, env); // barrage 6, range 2
  put(g, 'DE-HG-ART', L(n1), {}, env); // barrage 10, range 3
  g.dumps.axis![n1] = 12;
  const seg: Frame = { kind: 'barrage', side: 'axis', phase: 'combat', fired: [], hexes: [] };
  g.stack = [{ kind: 'endTurn', turn: 11 }, seg];
  g.version++;
  return g;
}

describe('10.0 barrage', () => {
  it('TC-13 (10.1b): 16 points, +4 -1 -1, 2d6 8 -> [1/2] read 1/2 (spotter, hedgehog below 3); rounding die 3: DG only; 3T from one dump', () => {
    const g = tc13();
    expect(barrageStrength(env, g, ['IT-LIV-ART', 'DE-HG-ART'])).toBe(16);
    expect(densityRE(env, g, target, 'allied')).toBe(8); // three divisions (3 + 3 + 2 RE), none over the 3 RE cap (10.0a, A21)
    const ctx = scriptedCtx([4, 4, 3]);
    for (const a of [
      { type: 'declare', hex: target },
      { type: 'addAttacker', unit: 'IT-LIV-ART' },
      { type: 'addAttacker', unit: 'DE-HG-ART' },
      { type: 'attack' },
    ] as const)
      flow.perform(env, ctx, g, a);
    expect(g.dumps.axis![n1]).toBe(9);
    expect(g.units['US-1-16']!.marker).toBe('dg');
    expect(Object.values(g.units).some((u) => (u.lost ?? 0) > 0)).toBe(false);
    expect(ctx.lines.join('\n')).toMatch(/12-16 shifted 2 to 25-40, result \[1\/2\]/);
  });
  it('TC-D18 (10.0e A): a hex is barraged once per phase', () => {
    const g = tc13();
    const ctx = scriptedCtx([2, 2]);
    for (const a of [
      { type: 'declare', hex: target },
      { type: 'addAttacker', unit: 'DE-HG-ART' },
      { type: 'attack' },
    ] as const)
      flow.perform(env, ctx, g, a);
    expect(flow.explain(env, g, 'axis', { type: 'declare', hex: target })).toMatchObject({ rule: '10.0e' });
  });
  it('10.0b without a spotter 3 columns left; 13.4a no barrage from Reserve', () => {
    const g = tc13();
    const withSpotter = barrageShifts(env, g, 'axis', target).total;
    g.units['IT-LIV-33']!.hex = -1;
    g.version++;
    expect(barrageShifts(env, g, 'axis', target).total).toBe(withSpotter - 3);
    g.units['DE-HG-ART']!.marker = 'reserve';
    expect(mayFire(env, g, 'axis', 'combat', [], 'DE-HG-ART', target)).toBe(false);
  });
  it('10.1b A with no single dump holding the cost, the barrage cannot be made', () => {
    const g = tc13();
    g.dumps.axis![n1] = 2;
    g.version++;
    for (const a of [
      { type: 'declare', hex: target },
      { type: 'addAttacker', unit: 'IT-LIV-ART' },
      { type: 'addAttacker', unit: 'DE-HG-ART' },
    ] as const)
      flow.perform(env, scriptedCtx(), g, a);
    expect(flow.explain(env, g, 'axis', { type: 'attack' })).toMatchObject({ rule: '10.1b' });
  });
});
