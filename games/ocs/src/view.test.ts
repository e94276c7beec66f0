import { describe, expect, it } from 'vitest';
import { game } from './index.ts';
import { blank, openEnv as env, put } from './testing/index.ts';
import { viewOf } from './view.ts';

const centre = env.hexOf('25.14');
const L = (i: number) => env.grid.label(i);

describe('4.9 fog of war', () => {
  it('4.9a the enemy sees only the top unit of a stack (a ZOC unit when there is one), no step losses or stocks', () => {
    const g = blank(env);
    put(g, 'T-DIV', L(centre), { face: 'move', lost: 1, stocks: 'low' }, env); // no ZOC in Move Mode
    put(g, 'IT-LIV-33', L(centre), {}, env); // Combat Mode: the ZOC unit goes on top (4.8b C)
    put(g, 'IT-LIV-34', L(centre), { marker: 'dg' }, env);
    g.dumps.axis![centre] = 8;
    const allied = viewOf(env, g, 'allied');
    expect(Object.keys(allied.units).filter((id) => env.counters.get(id)!.side === 'axis')).toEqual(['IT-LIV-33']);
    expect(allied.enemyStacks).toEqual([centre]);
    expect(allied.dumps.axis).toEqual({});
    const axis = viewOf(env, g, 'axis');
    expect(axis.units['T-DIV']).toMatchObject({ lost: 1, stocks: 'low' }); // the owner sees everything
    g.units['IT-LIV-33']!.face = 'move';
    g.version++;
    const seen = viewOf(env, g, 'allied');
    expect(Object.keys(seen.units).filter((id) => env.counters.get(id)!.side === 'axis')).toEqual(['IT-LIV-33']); // no ZOC: the first combat unit
    g.units['IT-LIV-33']!.hex = -1;
    g.units['IT-LIV-34']!.hex = -1;
    const top = viewOf(env, g, 'allied').units['T-DIV']!;
    expect(top.lost).toBeUndefined();
    expect(top.stocks).toBeUndefined();
  });
  it('future reinforcements are not shown to the other side; the observer sees what both sides see', () => {
    const s = game.setup('v', 'husky', {});
    const allied = game.view(s, 'allied');
    const axisView = game.view(s, 'axis');
    expect((allied.game as { units: Record<string, unknown> }).units['DE-FJ-4']).toBeUndefined(); // arrives on turn 2
    expect((axisView.game as { units: Record<string, unknown> }).units['DE-FJ-4']).toBeDefined();
    const obs = game.view(s, 'observer').game as { units: Record<string, unknown> };
    expect(obs.units['DE-FJ-4']).toBeUndefined();
    expect(obs.units['UK-1PB']).toBeUndefined();
  });
});
