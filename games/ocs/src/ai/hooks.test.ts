/** The AI hooks in OCS terms: victory points and supply move the evaluation the right way; the search beats random play. */
import { seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { env, game } from '../index.ts';
import type { OcsState } from '../state.ts';
import { firstSideChance, ocsHooks, victoryPoints } from './hooks.ts';

const start = (): OcsState => structuredClone(game.setup('ai').game);

describe('ocs AI hooks', () => {
  it('scenario victory: taking Messina (43.24) raises the Allied evaluation', () => {
    const g = start();
    const before = firstSideChance(env, g);
    g.control[env.hexOf('43.24')] = 'allied';
    expect(victoryPoints(env, g).allied).toBeGreaterThan(victoryPoints(env, start()).allied!);
    expect(firstSideChance(env, g)).toBeGreaterThan(before);
  });

  it('12.8: Allied units out of supply lower the Allied evaluation', () => {
    const g = start();
    const before = firstSideChance(env, g);
    for (const id of Object.keys(g.units).filter((i) => env.counters.get(i)!.side === 'allied' && g.units[i]!.hex >= 0))
      g.units[id]!.oos = true;
    expect(firstSideChance(env, g)).toBeLessThan(before);
  });

  it('evaluates both sides as complements, and a finished game as won or lost', () => {
    const h = ocsHooks(env);
    const g = start();
    expect(h.evaluate(g, 'allied') + h.evaluate(g, 'axis')).toBeCloseTo(1);
    g.result = { winner: 'axis', reason: 'test', rule: 'scenario victory' };
    expect(h.evaluate(g, 'axis')).toBe(1);
  });

  it('4.9: determinize gives a full state from a side view, hiding nothing of its own', () => {
    const h = ocsHooks(env);
    const s = game.setup('ai-d');
    const view = game.view(s, 'axis').game;
    const g = h.determinize!(view as never, 'axis', seedRng('d'));
    expect(Object.keys(g.units).sort()).toEqual(Object.keys(s.game.units).sort());
    for (const id of Object.keys(g.units))
      if (env.counters.get(id)!.side === 'axis') expect(g.units[id]).toEqual(s.game.units[id]);
  });
});
