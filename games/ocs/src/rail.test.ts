import { describe, expect, it } from 'vitest';
import { railCapLeft, railCost, railDestinations } from './rail.ts';
import { flow } from './sequence.ts';
import type { Frame } from './state.ts';
import { blank, env, put, scriptedCtx } from './testing/index.ts';

const place = (name: string) => env.hexOf(env.data.map.places.find((p) => p.name === name)!.hex);
const palermo = place('Palermo');
const messina = place('Messina');
const seg = (): Extract<Frame, { kind: 'movement' }> => ({
  kind: 'movement',
  side: 'axis',
  phase: 'movement',
  spent: {},
  done: [],
  mover: null,
  stopped: [],
  frozen: [],
});

describe('13.3 rail movement', () => {
  it('13.3c, 13.3e a Move-Mode unit rails between detrainable hexes joined to a source; 4.7b a leg unit of MA 1-6 costs half its RE', () => {
    const g = blank(env);
    const f = seg();
    g.stack = [{ kind: 'endTurn', turn: 11 }, f];
    put(g, 'IT-AOS-5', env.grid.label(palermo), { face: 'move' }, env);
    expect(railCost(env, g, 'IT-AOS-5')).toBe(0.5);
    const to = railDestinations(env, g, f, 'IT-AOS-5', 5);
    expect(to).toContain(messina);
    flow.perform(env, scriptedCtx(), g, { type: 'rail', unit: 'IT-AOS-5', to: messina });
    expect(g.units['IT-AOS-5']!.hex).toBe(messina);
    expect(railCapLeft(env, g, 'axis')).toBe(3.5);
    expect(f.done).toContain('IT-AOS-5'); // 4.7d no movement after detraining
  });
  it('5.5a not in Combat Mode; 4.5a C an EZOC on the line blocks rail cargo', () => {
    const g = blank(env);
    const f = seg();
    g.stack = [{ kind: 'endTurn', turn: 11 }, f];
    put(g, 'IT-AOS-5', env.grid.label(palermo), {}, env);
    expect(railDestinations(env, g, f, 'IT-AOS-5', 5)).toEqual([]);
    expect(flow.explain(env, g, 'axis', { type: 'rail', unit: 'IT-AOS-5', to: messina })).toMatchObject({
      rule: '13.3e',
    });
    g.units['IT-AOS-5']!.face = 'move';
    const cefalu = place('Cefalù');
    expect(railDestinations(env, g, f, 'IT-AOS-5', 5)).toContain(cefalu);
    put(g, 'US-1-16', env.grid.label(env.grid.neighbours(cefalu).find((n) => env.water[n] === 0)!), {}, env);
    expect(railDestinations(env, g, f, 'IT-AOS-5', 5)).not.toContain(cefalu); // in an EZOC: no detraining (13.3e 3)
  });
});
