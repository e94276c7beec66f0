import { describe, expect, it } from 'vitest';
import { env, game } from '../index.ts';
import { scene, start } from '../testing/index.ts';
import { chance } from './hooks.ts';
import { ai } from './index.ts';

const T37 = '22MC-37T';
const base = { '44ID-1': '2011', 'III-HQ': '1911', [T37]: { hex: '2708', revealed: { attack: 2, defense: 2 } } };

describe('AI hooks', () => {
  it('evaluate: holding Dubno raises the German chance; the two sides add up to one', () => {
    const away = start(scene({ phase: 'movement', units: base })).game;
    const dubno = start(scene({ phase: 'movement', units: { ...base, '44ID-1': '2112' } })).game;
    expect(chance(env, dubno, 'german')).toBeGreaterThan(chance(env, away, 'german'));
    expect(chance(env, away, 'german') + chance(env, away, 'soviet')).toBeCloseTo(1);
    expect(ai.hooks.evaluate(away, 'soviet')).toBeCloseTo(chance(env, away, 'soviet'));
  });

  it('evaluate: losing units lowers a side’s chance', () => {
    const full = start(scene({ phase: 'movement', units: { ...base, '44ID-2': '2010' } })).game;
    const less = start(scene({ phase: 'movement', units: base })).game;
    expect(chance(env, less, 'german')).toBeLessThan(chance(env, full, 'german'));
  });

  it('priors: a move onto an objective comes before a move away from it', () => {
    let s = start(scene({ phase: 'movement', units: base }));
    s = game.apply(s, 'german', { type: 'select', unit: '44ID-1' });
    const actions = game.legalActions(s, 'german');
    const p = ai.hooks.priors!(s.game, 'german', actions);
    const of = (to: string) => p[actions.findIndex((a) => a.type === 'move' && a.to === to)]!;
    expect(of('2112')).toBeGreaterThan(of('1910'));
  });
});
