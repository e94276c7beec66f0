import { describe, expect, it } from 'vitest';
import { loadSoftUnderbellyData } from '../data/index.ts';
import { initialState, makeEnv, type SUState } from '../state.ts';
import { toOpts } from '../options.ts';
import { actionWeight, evaluateSU, toPosition } from './hooks.ts';
import { stackCount } from './eval.ts';

const E = makeEnv(loadSoftUnderbellyData());
const start = (): SUState => initialState(E, toOpts({}));
const at = (id: string) => E.m.index(id);

describe('Soft Underbelly hooks on the rules state', () => {
  it('reads the set-up of §5 into the position: 4 cubes, a tank and an aircraft in each Allied-star area', () => {
    const pos = toPosition(start());
    for (const id of ['18', '19', '20']) {
      expect(pos.forces.allies[at(id)]).toMatchObject({ cubes: 4, tanks: 1, aircraft: 1 });
      expect(stackCount(pos.forces.allies[at(id)]!)).toBe(6);
    }
    expect(pos.forces.axis[at('17')]).toMatchObject({ cubes: 3, tanks: 1, aircraft: 1 });
    expect(pos.italianFleetInGame).toBe(true);
    expect(pos.control[at('14')]).toBe('axis');
  });

  it('evaluations of the two sides add up to one, and a finished game is certain', () => {
    const g = start();
    expect(evaluateSU(g, 'allies') + evaluateSU(g, 'axis')).toBeCloseTo(1, 9);
    g.result = { winner: 'allies', reason: 'Munich', rule: '§6 L81' };
    expect(evaluateSU(g, 'allies')).toBe(1);
    expect(evaluateSU(g, 'axis')).toBe(0);
  });

  it('taking Tunis (a star) raises the Allied evaluation', () => {
    const g = start();
    const before = evaluateSU(g, 'allies');
    g.cubes.axis[at('17')] = 0;
    for (const u of g.units) if (u.loc === at('17')) u.loc = -1;
    g.cubes.allies[at('17')] = 3;
    g.ctrl[at('17')] = 'allies';
    expect(evaluateSU(g, 'allies')).toBeGreaterThan(before + 0.05);
  });

  it('priors: losses taken in cubes first, attacks favoured where the odds are good', () => {
    const g = start();
    expect(actionWeight(g, 'axis', { type: 'loss', unit: 'cube' })).toBeGreaterThan(
      actionWeight(g, 'axis', { type: 'loss', unit: 'de-tank-1' }),
    );
    const weak = actionWeight(g, 'allies', { type: 'attack', target: '16' });
    g.cubes.axis[at('16')] = 5;
    expect(actionWeight(g, 'allies', { type: 'attack', target: '16' })).toBeLessThan(weak);
    expect(actionWeight(g, 'allies', { type: 'pass' })).toBeLessThan(weak);
  });
});

describe('Soft Underbelly search', () => {
  it('searches from the AI view and answers a legal action', async () => {
    const { softUnderbelly } = await import('../index.ts');
    const { viewForAi, search } = await import('@sandtable/ai');
    const { ai: entry } = await import('./index.ts');
    const s = softUnderbelly.setup('t');
    const d = softUnderbelly.decision(s)!;
    const view = viewForAi(entry, s, d.role);
    // The game hides nothing, so its plain view already carries the state the search rebuilds.
    expect(view).toEqual(softUnderbelly.view(s, d.role));
    const r = search(entry.game, entry.hooks, view, { seed: 'su', iterations: 40, stopEarly: false });
    expect(view.actions).toContainEqual(r.action);
    expect(r.stats.iterations).toBe(40);
  });
});
