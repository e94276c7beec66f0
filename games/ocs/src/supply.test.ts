import { describe, expect, it } from 'vitest';
import { inTraceSupply, sourcesOf, spend, tokensFor, traceField, usableDumps } from './supply.ts';
import { blank, openEnv as env, put } from './testing/index.ts';

const messina = env.hexOf('43.24'); // an Axis supply source of the scenario (19.0e game rule)
/** A hex `d` hexes from Messina, straight down its column (open terrain, 1 Truck MP a hex). */
const down = (d: number) => env.hexOf(`43.${String(24 - d).padStart(2, '0')}`);
const L = (i: number) => env.grid.label(i);

describe('12.3 draw and throw, 12.6 trace supply', () => {
  it('12.3a, 12.3c: direct draw reaches 5 Truck MP, and a unit adjacent to that is close enough', () => {
    const g = blank(env);
    put(g, 'DE-15-104', L(down(6)), {}, env);
    put(g, 'DE-15-115', L(down(7)), {}, env);
    expect(sourcesOf(env, g, 'axis')).toContain(messina);
    expect(inTraceSupply(env, g, 'DE-15-104')).toBe(true);
    expect(inTraceSupply(env, g, 'DE-15-115')).toBe(false);
  });
  it('12.3b an HQ that can draw throws supply over its throw range; 12.3b C not in Strat', () => {
    const g = blank(env);
    put(g, 'DE-XIV', L(down(5)), {}, env); // combat face throw 12
    put(g, 'DE-15-115', L(down(17)), {}, env);
    expect(inTraceSupply(env, g, 'DE-15-115')).toBe(true);
    g.units['DE-XIV']!.face = 'move'; // move face throw 7
    g.version++;
    expect(inTraceSupply(env, g, 'DE-15-115')).toBe(false);
    g.units['DE-XIV'] = { hex: down(5), face: 'move', marker: 'strat' };
    put(g, 'DE-15-129', L(down(12)), {}, env);
    expect(inTraceSupply(env, g, 'DE-15-129')).toBe(false);
  });
  it('D-02 (12.3d 4): an un-negated EZOC blocks a truck path; a friendly combat unit there negates it', () => {
    const g = blank(env);
    put(g, 'DE-15-104', L(down(6)), {}, env);
    // two Allied regiments either side of the column put ZOCs across it
    const side = (col: string) => env.grid.neighbours(down(3)).find((n) => L(n).startsWith(col))!;
    put(g, 'US-1-16', L(side('42.')), {}, env);
    put(g, 'US-1-26', L(side('44.')), {}, env);
    const zocBlocks = traceField(env, g, 'axis').trace[down(6)];
    put(g, 'IT-LIV-33', L(down(3)), {}, env);
    put(g, 'IT-LIV-34', L(down(2)), {}, env);
    put(g, 'IT-NAP-75', L(down(4)), {}, env);
    const negatedPath = traceField(env, g, 'axis').trace[down(6)];
    expect([zocBlocks, negatedPath]).toEqual([0, 1]);
  });
  it('12.6b an enemy combat unit in a source hex makes it no source', () => {
    const g = blank(env);
    put(g, 'US-1-16', '43.24', {}, env);
    expect(sourcesOf(env, g, 'axis')).not.toContain(messina);
  });
});

describe('12.1 supply points', () => {
  it('T-SUP-1: a 1-SP dump (4T) pays 1T fuel and holds 3T', () => {
    const g = blank(env);
    g.dumps.axis![down(2)] = 4;
    put(g, 'DE-HG-PZ', L(down(3)), {}, env);
    expect(usableDumps(env, g, 'axis', down(3))).toEqual([down(2)]);
    expect(spend(env, g, 'axis', down(3), 1)).toBe(true);
    expect(g.dumps.axis![down(2)]).toBe(3);
  });
  it('T-SUP-2: a 5-SP dump (20T) pays a 2T barrage and holds 18T (4 SP 2T)', () => {
    const g = blank(env);
    g.dumps.axis![down(2)] = 20;
    expect(spend(env, g, 'axis', down(3), 2)).toBe(true);
    expect(tokensFor(env, g, 'axis', down(3))).toBe(18);
  });
  it('12.3a a dump beyond draw range cannot pay; nothing is spent when short', () => {
    const g = blank(env);
    g.dumps.axis![down(2)] = 3;
    expect(spend(env, g, 'axis', down(10), 1)).toBe(false);
    expect(spend(env, g, 'axis', down(3), 4)).toBe(false);
    expect(g.dumps.axis![down(2)]).toBe(3);
  });
});
