/** Options, odds helper, fixture-map rules, view/describe/summary and the purity of the state. */
import { defineGame } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { createSoftUnderbellyRules, hitDistribution, roundOdds, softUnderbelly } from './index.ts';
import { OPTION_SPECS } from './options.ts';
import { act, emptyPosition, fixtureData, passWindows, put, startImpulse } from './testing/fixtures.ts';

describe('options (spec 8, 10.7)', () => {
  it('every ambiguity AMB-1..AMB-47 is a named option with a documented default', () => {
    const docs = OPTION_SPECS.map((o) => o.doc).join(' ');
    for (let n = 1; n <= 47; n++) expect(docs, `AMB-${n}`).toMatch(new RegExp(`AMB-${n}\\b`));
    const resolved = softUnderbelly.resolveOptions({});
    expect(resolved.airfieldScope).toBe('impulse');
    expect(() => softUnderbelly.resolveOptions({ airfieldScope: 'forever' })).toThrow();
  });
  it('AMB-26 option anyTime: the turn ends once both have passed', () => {
    const s = softUnderbelly.setup('o', 'campaign', { bothPassRule: 'anyTime' });
    expect(s.game.o.bothPassRule).toBe('anyTime');
  });
});

describe('combat odds helper', () => {
  it('§20: hit distributions are binomial in the hit number', () => {
    const d = hitDistribution(2, 6);
    expect(d[0]).toBeCloseTo(25 / 36);
    expect(d[1]).toBeCloseTo(10 / 36);
    expect(d[2]).toBeCloseTo(1 / 36);
    expect(hitDistribution(3, 4).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    const r = roundOdds({ dice: 3, hit: 4 }, { dice: 3, hit: 4, bonus: 1 });
    expect(r.expected.attacker).toBeCloseTo(1.5);
    expect(r.expected.defender).toBeCloseTo(2.5);
    expect(r.joint.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });
});

describe('fixture maps', () => {
  const data = fixtureData({
    areas: [
      { id: 'A' },
      { id: 'B' },
      { id: 'C' },
      { id: 'D', seaAdjacent: true, alliedStar: true },
      { id: 'E', orangeStar: true },
    ],
    links: [
      ['D', 'A'],
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'E'],
    ],
  });
  const game = defineGame(createSoftUnderbellyRules(data));
  it('§2 L32 §12 L146-L150 D-43: path A -> B -> C: enter empty Axis A (it turns Allied), never pass occupied B', () => {
    let s = emptyPosition(game, data);
    put(s, data, 'allies', 'D', 2);
    put(s, data, 'axis', 'B', 1);
    put(s, data, 'axis', 'E', 1);
    s.game.ctrl[0] = 'axis';
    startImpulse(s, data, 'allies');
    s = passWindows(game, s);
    s = act(game, s, 'allies', { type: 'select', area: 'D' });
    s = act(game, s, 'allies', { type: 'add', unit: 'cube' });
    s = act(game, s, 'allies', { type: 'step', to: 'A' });
    expect(s.game.ctrl[0]).toBe('allies');
    s = passWindows(game, s);
    expect(game.legalActions(s, 'allies')).not.toContainEqual({ type: 'step', to: 'B' });
    expect(() => game.apply(s, 'allies', { type: 'step', to: 'B' })).toThrow(/§12 L150/);
    expect(() => game.apply(s, 'allies', { type: 'step', to: 'C' })).toThrow(/§12 L146/);
  });
  it('§31 L336: ruler reach from the fixture airBase (150 km reaches the next area only)', () => {
    let s = emptyPosition(game, data);
    put(s, data, 'allies', 'D', 1, ['us-air-1']);
    put(s, data, 'axis', 'A', 1);
    put(s, data, 'axis', 'B', 1);
    put(s, data, 'axis', 'C', 1);
    startImpulse(s, data, 'allies');
    s = passWindows(game, s);
    const bombs = game
      .legalActions(s, 'allies')
      .filter((a) => a.type === 'bomb')
      .map((a) => (a as { target: string }).target);
    expect(bombs).toEqual(['C']); // D (x=300) reaches C's edge at 60 km, not B (160 km) or A
  });
});

describe('view, describe, summary', () => {
  it('the view model draws areas, pools, tracks and the decision; describe and summary are words', () => {
    const s = softUnderbelly.setup('v');
    const v = softUnderbelly.view(s, 'allies');
    expect(v.game.areas.length).toBe(25);
    expect(v.game.navalTransport).toEqual({ allies: 6, axis: 2 });
    expect(v.game.events.allies.track.extraImpulse).toEqual({ used: 0, capacity: 4 });
    expect(v.decision?.kind).toBe('deploy');
    expect(softUnderbelly.rules.describe!(s.game, { type: 'step', to: '14' })).toMatch(/Sicily/);
    expect(softUnderbelly.rules.summary!(s.game, 'allies')).toMatch(/Turn 1\/8/);
    expect(JSON.parse(JSON.stringify(s.game))).toEqual(s.game);
  });
  it('explain names the rule of a tempting illegal action', () => {
    let s = softUnderbelly.setup('x', 'campaign', {}, [6, 1]);
    s = softUnderbelly.apply(s, 'axis', { type: 'deployDefault' });
    s = softUnderbelly.apply(s, 'allies', { type: 'initiative', first: 'allies' });
    s = passWindows(softUnderbelly as never, s as never) as never;
    expect(() => softUnderbelly.apply(s, 'allies', { type: 'landing', target: '14' })).toThrow(/§24 L258/);
  });
});
