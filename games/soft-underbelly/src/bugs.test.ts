/**
 * Rules bugs found by the property test (property.test.ts) and the spec tests, fixed in the rules
 * code: each test asserts the spec's recommended reading.
 */
import { describe, expect, it } from 'vitest';
import type { Options } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { act, emptyPosition, idx, passWindows, put, realGame, startImpulse } from './testing/fixtures.ts';
import { POOL, type Side } from './state.ts';

function pos(opts: Options = {}, dice: number[] = []) {
  const { game, data } = realGame();
  const s = emptyPosition(game, data, opts, dice);
  return { game, data, s };
}
type P = ReturnType<typeof pos>;
const legal = (p: P, role: Side) => p.game.legalActions(p.s, role);
const has = (p: P, role: Side, a: SUAction) => legal(p, role).some((x) => JSON.stringify(x) === JSON.stringify(a));
function go(p: P, role: Side, a: SUAction): P {
  p.s = act(p.game, p.s, role, a);
  return p;
}
const u = (p: P, id: string) => p.s.game.units.find((x) => x.id === id)!;
const at = (p: P, id: string) => idx(p.data, id);

describe('BUG-1 §35 L368-L372 §2 L32: partisans flip only from Axis-controlled areas', () => {
  it('§35 L368, §2 L32: a partisan in an area the Allies occupy cannot flip', () => {
    const p = pos();
    p.s.game.italy = true;
    put(p.s, p.data, 'axis', '07', 2);
    put(p.s, p.data, 'allies', '06', 1, ['uk-tank-2']); // Allied units now hold Liguria (06)
    u(p, 'partisan-1').loc = at(p, '06');
    startImpulse(p.s, p.data, 'axis');
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'react', role: 'allies' });
    // Applying it would put an Axis cube beside the Allied tank in 06 outside any battle.
    expect(has(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' })).toBe(false);
  });
  it('§35 L368: a partisan in an Allied-controlled area cannot flip', () => {
    const p = pos();
    p.s.game.italy = true;
    put(p.s, p.data, 'axis', '07', 2);
    put(p.s, p.data, 'allies', '19', 1);
    p.s.game.ctrl[at(p, '06')] = 'allies'; // Allied units passed through 06
    u(p, 'partisan-1').loc = at(p, '06');
    startImpulse(p.s, p.data, 'axis');
    // The Axis cube would sit in an Allied-controlled area (control would no longer match occupation).
    expect(has(p, 'allies', { type: 'partisanFlip', id: 'partisan-1', from: '07' })).toBe(false);
  });
});

describe('BUG-4 §36 L380 §5 L67: the recommended Axis deployment after a hand-placed line', () => {
  it('§5 L67, §36 L380: deployDefault is not offered once a line was deployed by hand (it would put 2 lines in Lazio 10)', () => {
    const { game, data } = realGame();
    let s = game.setup('bug4');
    s = game.apply(s, 'axis', { type: 'pick', unit: 'line' });
    s = game.apply(s, 'axis', { type: 'deploy', area: '10' });
    expect(s.game.lines).toContain(idx(data, '10'));
    const offered = game.legalActions(s, 'axis').some((a) => a.type === 'deployDefault');
    if (offered) s = game.apply(s, 'axis', { type: 'deployDefault' });
    const lines = s.game.lines.filter((l) => l !== POOL);
    expect(new Set(lines).size).toBe(lines.length); // never 2 lines in one area
    expect(offered).toBe(false);
  });
});
