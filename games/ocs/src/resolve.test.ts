import { describe, expect, it } from 'vitest';
import { flow } from './sequence.ts';
import type { Frame, OcsState } from './state.ts';
import { blank, openEnv as env, put, scriptedCtx } from './testing/index.ts';

const centre = env.hexOf('25.14');
const L = (i: number) => env.grid.label(i);
const [a1, a2, a3] = env.grid.neighbours(centre) as [number, number, number];
const combatSegment = (phase: 'combat' | 'exploitation'): Frame => ({
  kind: 'combat',
  side: 'allied',
  phase,
  attacked: [],
  hexes: [],
});

/** Three US regiments (AR 4) around an Italian regiment (AR 3) in open country. */
function board(defender = 'IT-LIV-33', extra: Partial<OcsState['units'][string]> = {}): OcsState {
  const g = blank(env);
  g.stack = [{ kind: 'endTurn', turn: 11 }, combatSegment('combat')];
  put(g, defender, L(centre), extra, env);
  put(g, 'US-1-16', L(a1), {}, env);
  put(g, 'US-1-18', L(a2), {}, env);
  put(g, 'US-1-26', L(a3), {}, env);
  g.version++;
  return g;
}
const attackWith = (g: OcsState, units: string[], dice: number[]) => {
  const ctx = scriptedCtx(dice);
  flow.perform(env, ctx, g, { type: 'declare', hex: centre });
  for (const unit of units) flow.perform(env, ctx, g, { type: 'addAttacker', unit });
  flow.perform(env, ctx, g, { type: 'attack' });
  return ctx;
};

describe('9.0-9.5 combat supply', () => {
  it('T-INT-1a (12.10g, TC-7): three 1-RE attackers and 1T: one pays the token, two use internal stocks (Low)', () => {
    const g = board();
    g.dumps.allied![a1] = 1;
    g.version++;
    attackWith(g, ['US-1-16', 'US-1-18', 'US-1-26'], [3, 3, 3, 3]);
    expect(g.dumps.allied![a1]).toBeUndefined();
    expect(['US-1-16', 'US-1-18', 'US-1-26'].map((u) => g.units[u]!.stocks ?? 'ok').sort()).toEqual([
      'low',
      'low',
      'ok',
    ]);
  });
  it('12.10c an Exhausted unit without on-map supply may not attack', () => {
    const g = board();
    g.units['US-1-16']!.stocks = 'exhausted';
    const ctx = scriptedCtx();
    flow.perform(env, ctx, g, { type: 'declare', hex: centre });
    flow.perform(env, ctx, g, { type: 'addAttacker', unit: 'US-1-16' });
    expect(flow.explain(env, g, 'allied', { type: 'attack' })).toMatchObject({ rule: '9.0' });
  });
});

describe('9.10-9.13 results', () => {
  it('9.8-9.9: 18 against 2 (no defender supply, x1/2) is 9:1; DRM +1; 3+3 surprise none; 3+3 combat 7: Ao1 e4 DL1o2', () => {
    const g = board();
    const ctx = attackWith(g, ['US-1-16', 'US-1-18', 'US-1-26'], [3, 3, 3, 3]);
    expect(ctx.lines.join('\n')).toMatch(/18 against 2 \(no combat supply, x1\/2\).*column 9:1; AR \+1/);
    expect(ctx.lines.join('\n')).toMatch(/Result Ao1 e4 DL1o2/);
    expect(g.stack.at(-1)).toMatchObject({ kind: 'attackerOptions', options: 1, exploit: 4 });
  });
  it('TC-9 C (9.10d): the attacker takes its option as a loss and earns Exploit (AR 4 or more); the defender loses its step', () => {
    const g = board();
    const ctx = attackWith(g, ['US-1-16', 'US-1-18', 'US-1-26'], [3, 3, 3, 3]);
    flow.perform(env, ctx, g, { type: 'options', asLoss: 1 });
    expect(g.units['US-1-16']!.box).toBe('dead'); // the AR unit takes the first loss (9.6)
    expect(g.units['US-1-18']!.marker).toBe('exploit');
    expect(g.units['IT-LIV-33']!.box).toBe('dead');
    expect(g.stack.at(-1)).toMatchObject({ kind: 'advance' });
  });
  it('TC-9 A (9.10c-d): the attacker retreats: no exploit, and the defender may ignore his options', () => {
    const g = board('T-DIV'); // 14 (x1/2 unsupplied) against 18: 3:1, AR 4 against 4
    const ctx = attackWith(g, ['US-1-16', 'US-1-18', 'US-1-26'], [3, 3, 3, 4]);
    expect(ctx.lines.join('\n')).toMatch(/Result Ao1 Do1 on 3:1/);
    flow.perform(env, ctx, g, { type: 'options', asLoss: 0 });
    // the attackers retreat one hex each, then the defender decides
    while (g.stack.at(-1)?.kind === 'retreat') {
      const legal = flow.legalActions(env, g, 'allied');
      if (!legal.length)
        throw new Error(
          `no legal retreat: ${JSON.stringify(g.stack.at(-1))} ${JSON.stringify(flow.currentDecision(env, g))}`,
        );
      flow.perform(env, ctx, g, legal[0]!);
    }
    expect(['US-1-16', 'US-1-18', 'US-1-26'].every((u) => g.units[u]!.marker !== 'exploit')).toBe(true);
    expect(g.stack.at(-1)).toMatchObject({ kind: 'defenderOptions', mayIgnore: true });
    expect(flow.legalActions(env, g, 'axis')).toContainEqual({ type: 'cancel' });
  });
  it('TC-D4 (5.7d): a Reserve stack that defends loses its Reserve markers whatever the result', () => {
    const g = board('T-DIV', { marker: 'reserve' });
    attackWith(g, ['US-1-16'], [3, 3, 3, 3]);
    expect(g.units['T-DIV']!.marker).toBeUndefined();
  });
  it('TC-D10 (9.13b B, 11.0c): in the Exploitation Phase an exploit result is ignored', () => {
    const g = board();
    g.stack = [{ kind: 'endTurn', turn: 11 }, combatSegment('exploitation')];
    for (const u of ['US-1-16', 'US-1-18', 'US-1-26']) g.units[u]!.marker = 'exploit';
    for (const u of ['US-1-16', 'US-1-18', 'US-1-26']) delete g.units[u]!.hadZoc;
    const ctx = attackWith(g, ['US-1-16', 'US-1-18', 'US-1-26'], [3, 3, 3, 3]);
    expect(ctx.lines.join('\n')).toMatch(/Result Ao1 e4 DL1o2/);
    flow.perform(env, ctx, g, { type: 'options', asLoss: 1 });
    expect(g.units['US-1-18']!.marker).toBe('exploit'); // unchanged: no new exploit from this result
    expect(g.units['US-1-18']!.hadZoc).toBeUndefined();
  });
});
